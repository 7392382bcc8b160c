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
PROOF_ENGINES = "testing,houdini,kinduction,chc"


@dataclass(frozen=True)
class Case:
    verdict: str                 # in both data models
    runs: tuple                  # (values of __VERIFIER_nondet_int, marks)
    reason: str = ""             # part of the reason of an `unknown`


@dataclass(frozen=True)
class ProgramSuite:
    """The programs `directory/<name>.c` and their `cases`; `sanitizers`: gcc flags beside
    UBSan for the ground-truth build."""
    directory: Path
    cases: dict
    sanitizers: tuple = ("-fsanitize=address",)

    def names(self) -> list:
        return sorted(self.cases)

    def unknown_names(self) -> list:
        return sorted(name for name, case in self.cases.items() if case.verdict == "unknown")

    def source(self, name: str) -> str:
        return (self.directory / f"{name}.c").read_text()

    def check_ground_truth(self, tmp_path: Path, name: str, model: str) -> None:
        built = gt_driver.build(self.source(name), tmp_path, ["-O0", model, *self.sanitizers])
        assert built.returncode == 0, built.stderr
        for values, expected in self.cases[name].runs:
            assert gt_driver.marks(tmp_path / "program", values, timeout=10) == expected, values

    def validate(self, cli, ws, prp, name: str, *options: str) -> tuple:
        """(result, JSON report) of validating the program with an empty witness."""
        run, report = validate_with_report(cli, ws, prp, self.source(name), (), *options)
        return run.result, report

    def check_verdict(self, cli, ws, prp, name: str, data_model: str) -> None:
        case = self.cases[name]
        result, report = self.validate(cli, ws, prp, name, "--engines", "bmc", "--data-model",
                                       data_model, "--timeout", "60")
        assert result == case.verdict, report.get("reason")
        if case.reason:
            assert case.reason in (report.get("reason") or ""), report.get("reason")

    def check_never_true(self, cli, ws, prp, name: str) -> None:
        """The proof engines and our interpreter, without BMC: the undefined behaviour (or
        what is not modelled) stays open, never a `true`."""
        result, _ = self.validate(cli, ws, prp, name, "--engines", PROOF_ENGINES,
                                  "--timeout", "10")
        assert result != "true"

    def check_cases_are_programs(self) -> None:
        assert self.names() == sorted(p.stem for p in self.directory.glob("*.c"))


def check_not_modelled(cli, ws, prp, source: str, reason: str) -> None:
    """A program using what is not modelled: `unknown`, naming it."""
    run, report = validate_with_report(cli, ws, prp, source, ())
    assert run.result == "unknown"
    assert reason in (report.get("reason") or ""), report.get("reason")
