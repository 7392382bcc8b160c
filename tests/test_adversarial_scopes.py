"""Adversarial programs for enumerations and scopes (issue 15, soundness class 1).

Each program of `tests/data/adversarial/scopes/` has a verdict that depends on GCC's rules for
enumerations (the underlying type of an enum: unsigned int when no constant is negative, a
64-bit type when a constant does not fit in int; the type of an enumeration constant: int when
it fits) or on block scope (enumeration constants, tags and typedef names declared in a block or
a function, shadowed and shadowing; typedef names shadowed by variables; labels).  A careless
front end gets them wrong, and most of those errors are a wrong `true`.

The header comments of a program give its verdict in each data model with an empty witness
(`// expect ILP32: ...`), the input values that cover all its behaviours (`// inputs: 0 | 1 | 2`,
one run per value list, the program returns early on any other input), witnesses made of
invariants (`// witness NAME: loop_invariant @ NEEDLE @ EXPRESSION`, at the `while` that NEEDLE
starts) with their verdicts (`// expect NAME ILP32: ...`) and, where the validator may answer
`unknown` instead, the words its reason must contain (`// unknown-ok: ...`).  A case is a
program with one of its witnesses (`program:NAME`) or with an empty one (`program`).

`test_ground_truth` establishes the verdict with gcc, for both data models:

    gcc -std=gnu11 -w -m32 PROGRAM.c nondet_stub.c      (ILP32; -m64 for LP64)

run once per input list on standard input; a run that ends with SIGABRT reached reach_error.
For a witness, `__ground_truth_invariant(EXPRESSION), ` is inserted at the start of the loop's
condition, so the invariant is evaluated with C's meaning at every loop head; a run where it is
false exits with 7 and the witness is refuted.  `test_verdict` runs the validator and accepts
only that verdict, or `unknown` with a reason naming the construct it does not model.
"""
from __future__ import annotations

import functools
import json
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from conftest import invariant_set, position

DATA = Path(__file__).resolve().parent / "data" / "adversarial" / "scopes"
STUB = DATA / "nondet_stub.c"
DATA_MODELS = ("ILP32", "LP64")
FLAGS = {"ILP32": "-m32", "LP64": "-m64"}
SIGABRT = -6
INVARIANT_FALSE = 7
CHECK = "__ground_truth_invariant"


@dataclass
class Case:
    path: Path
    text: str
    inputs: list
    unknown_ok: str
    expect: dict = field(default_factory=dict)         # data model -> verdict
    invariants: list = field(default_factory=list)     # (type, needle, expression)


def _cases(path: Path) -> dict[str, Case]:
    """The cases of one program: `stem` (empty witness) and `stem:NAME` for each witness."""
    text = path.read_text(encoding="utf-8")
    header = {}
    witnesses: dict[str, list] = {"": []}
    for line in text.splitlines():
        if not line.startswith("// "):
            break
        key, _, value = line[3:].partition(":")
        words, value = key.split(), value.strip()
        if words[0] == "witness":
            witnesses[words[1]] = [tuple(part.strip() for part in value.split("@"))]
        elif words[0] in ("expect", "inputs", "unknown-ok"):
            header[tuple(words)] = value
    cases = {}
    for name, invariants in witnesses.items():
        prefix = ("expect", name) if name else ("expect",)
        case = Case(path, text, [v.strip() for v in header[("inputs",)].split("|")],
                    header.get(("unknown-ok",), ""),
                    {model: header[prefix + (model,)] for model in DATA_MODELS}, invariants)
        cases[f"{path.stem}:{name}" if name else path.stem] = case
    return cases


CASES = {name: case for path in sorted(DATA.glob("*.c")) if path != STUB
         for name, case in _cases(path).items()}


def _occurrence(case: Case, needle: str) -> int:
    """Which occurrence of `needle` in the text is the one in the code (after the header)."""
    header = "".join(line for line in case.text.splitlines(True) if line.startswith("//"))
    assert case.text.count(needle) - header.count(needle) == 1, needle
    return header.count(needle) + 1


def _with_invariant_checks(case: Case) -> str:
    """The program with each loop invariant evaluated at the head of its loop."""
    text = case.text
    for kind, needle, expression in case.invariants:
        assert kind == "loop_invariant" and needle.startswith("while (")
        line, column = position(text, needle, _occurrence(case, needle))
        lines = text.splitlines(True)
        code = lines[line - 1]
        start = column - 1 + len("while (")
        lines[line - 1] = code[:start] + f"{CHECK}({expression}), " + code[start:]
        text = "".join(lines)
    return f"void {CHECK}(int);\n" + text


@functools.lru_cache(maxsize=None)
def gcc_verdict(name: str, data_model: str, directory: str) -> str:
    """The verdict the gcc-compiled program gives over all its inputs."""
    case = CASES[name]
    stem = name.replace(":", "-")
    source = Path(directory) / f"{stem}-{data_model}.c"
    binary = Path(directory) / f"{stem}-{data_model}"
    source.write_text(_with_invariant_checks(case), encoding="utf-8")
    built = subprocess.run(["gcc", "-std=gnu11", "-w", FLAGS[data_model], str(source), str(STUB),
                            "-o", str(binary)], capture_output=True, text=True, timeout=120)
    assert built.returncode == 0, built.stderr
    for values in case.inputs:
        run = subprocess.run([str(binary)], input=values.replace(",", " ") + "\n",
                             capture_output=True, text=True, timeout=30)
        assert run.returncode in (0, SIGABRT, INVARIANT_FALSE), (values, run.returncode)
        if run.returncode != 0:
            return "false(unreach-call)"
    return "true"


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory) -> str:
    return str(tmp_path_factory.mktemp("ground-truth"))


def test_enough_programs():
    assert len({case.path for case in CASES.values()}) >= 15
    assert sum(1 for case in CASES.values() if case.invariants) >= 5


@pytest.mark.parametrize("data_model", DATA_MODELS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_ground_truth(name, data_model, build_dir):
    """The verdict written in the program is the one gcc gives."""
    assert gcc_verdict(name, data_model, build_dir) == CASES[name].expect[data_model]


@pytest.mark.parametrize("data_model", DATA_MODELS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_verdict(name, data_model, cli, ws, prp, build_dir):
    """The validator's verdict is gcc's, or `unknown` naming what it does not model."""
    case = CASES[name]
    expected = gcc_verdict(name, data_model, build_dir)
    file_name = case.path.name
    program = ws.write(file_name, case.text)
    items = []
    for kind, needle, expression in case.invariants:
        line, column = position(case.text, needle, _occurrence(case, needle))
        items.append((kind, line, column, expression))
    witness = ws.write("witness.yml", invariant_set(items, file_name=file_name))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--data-model", data_model,
              "--timeout", "60", "--report-json", report)
    reason = json.loads(report.read_text())["reason"] if report.exists() else run.err
    if run.result == "unknown" and case.unknown_ok:
        assert re.search(re.escape(case.unknown_ok), reason or ""), reason
        return
    assert run.result == expected, f"{run.result} ({reason})"
