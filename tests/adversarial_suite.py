"""The harness that adversarial test files share: a directory of C programs, each a `Case` with
the verdict the validator must give and the marks gcc's runs print on given inputs
(`gt_driver`: the ground truth, built -O0 in both data models with UBSan and the file's other
sanitizers), and the checks every such file makes: the ground truth itself, the verdict with
BMC alone (the programs' loops are bounded), that the proof engines never say `true` where
undefined behaviour (or what is not modelled) is reachable, that every program has a case, and
that a snippet of what is not modelled is `unknown` naming it.  A test file keeps its own
parametrised test functions (pytest collects them per module), each calling one check."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import gt_driver
from conftest import validate_with_report

FALSE = "false(unreach-call)"
MODELS = ("-m32", "-m64")
DATA_MODELS = ("ILP32", "LP64")
FLAGS = {"ILP32": "-m32", "LP64": "-m64"}
PROOF_ENGINES = "testing,houdini,kinduction,chc"
BMC_ALONE = ("--engines", "bmc", "--timeout", "60")


@dataclass(frozen=True)
class Case:
    verdict: str                 # in both data models, unless `lp64` says otherwise
    runs: tuple                  # (values of __VERIFIER_nondet_int, marks up to the first ub)
    reason: str = ""             # part of the reason of an `unknown`
    lp64: tuple = ()             # (verdict, runs) in LP64 where they differ


@dataclass(frozen=True)
class ProgramSuite:
    """The programs `directory/<name>.c` and their `cases`; `sanitizers`: gcc flags beside
    UBSan for the ground-truth build; `verdict_options`: the engines and time of the verdict
    check (BMC alone by default; empty: every engine)."""
    directory: Path
    cases: dict
    sanitizers: tuple = ("-fsanitize=address",)
    verdict_options: tuple = BMC_ALONE

    def names(self) -> list:
        return sorted(self.cases)

    def unknown_names(self) -> list:
        return sorted(name for name, case in self.cases.items() if case.verdict == "unknown")

    def source(self, name: str) -> str:
        return (self.directory / f"{name}.c").read_text()

    def expected(self, name: str, data_model: str) -> tuple:
        """(verdict, runs) of a program in a data model."""
        case = self.cases[name]
        return case.lp64 if data_model == "LP64" and case.lp64 else (case.verdict, case.runs)

    def check_ground_truth(self, tmp_path: Path, name: str, model: str) -> None:
        """`model`: a data model or gcc's flag for it."""
        flag = FLAGS.get(model, model)
        data_model = "LP64" if flag == "-m64" else "ILP32"
        built = gt_driver.build(self.source(name), tmp_path, ["-O0", flag, *self.sanitizers])
        assert built.returncode == 0, built.stderr
        for values, expected in self.expected(name, data_model)[1]:
            assert gt_driver.marks(tmp_path / "program", values, timeout=10) == expected, values

    def validate(self, cli, ws, prp, name: str, *options: str) -> tuple:
        """(result, JSON report) of validating the program with an empty witness."""
        run, report = validate_with_report(cli, ws, prp, self.source(name), (), *options)
        return run.result, report

    def check_verdict(self, cli, ws, prp, name: str, data_model: str) -> None:
        verdict = self.expected(name, data_model)[0]
        result, report = self.validate(cli, ws, prp, name, *self.verdict_options,
                                       "--data-model", data_model)
        assert result == verdict, report.get("reason")
        if verdict == "unknown":
            assert self.cases[name].reason in (report.get("reason") or ""), report.get("reason")

    def check_never_true(self, cli, ws, prp, name: str, engines: str = PROOF_ENGINES,
                         *options: str) -> None:
        """Engines without BMC (by default the proof engines and our interpreter): the
        undefined behaviour (or what is not modelled) stays open, never a `true`."""
        result, _ = self.validate(cli, ws, prp, name, "--engines", engines, *options)
        assert result != "true"

    def check_cases_are_programs(self) -> None:
        assert self.names() == sorted(p.stem for p in self.directory.glob("*.c"))


def check_not_modelled(cli, ws, prp, source: str, reason: str) -> None:
    """A program using what is not modelled: `unknown`, naming it."""
    run, report = validate_with_report(cli, ws, prp, source, ())
    assert run.result == "unknown"
    assert reason in (report.get("reason") or ""), report.get("reason")
