"""Judging a `false` where the ground truth is only a sample (float inputs): replay its
counterexample.

On such a program the ground truth cannot say that no execution reaches the error (it ran a
sample of the inputs), so a `false` is not judged by it (expect.py).  But a `false` must rest
on a real execution (DESIGN.md): the validator's report gives, for the property and for
each rejected invariant, the counterexample's inputs in the order the program read them.
The ground truth's primary binary (every invariant of the program's candidates compiled in)
runs once on exactly those inputs (`GT_VECTOR`, driver.py):

- `yes`: the run reaches the error (property) or violates the invariant (an `I k r 0` event)
  before any undefined behaviour;
- `no`: it ends, or stops at undefined behaviour, without that, having read exactly the
  counterexample's inputs;
- `?`: it cannot be told (no counterexample, an uninitialised value among the inputs, more or
  fewer inputs read than given, a do-while invariant (rejected only at both readings, maybe
  by two executions), a run the ground truth finds doubtful).

`false` is wrong when every piece of evidence the report gives is `no`; `rejected` is wrong
when its counterexample is `no`.  A `no` shows a counterexample that does not replay: the
verdict might still be right by another execution, but not by the one the validator names.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from .driver import run
from .floatgen import bits
from .truth import parse


def inputs_of(counterexample: Optional[dict]) -> Optional[list[int]]:
    """The 64-bit draws of the counterexample's inputs (None: not replayable)."""
    if not counterexample:
        return None
    values = []
    for item in counterexample.get("inputs", []):
        function, value = item.get("function") or "", item.get("value")
        if not function.startswith("__VERIFIER_nondet_") or value is None:
            return None
        kind = function[len("__VERIFIER_nondet_"):]
        if kind in ("float", "double"):
            number = float.fromhex(value) if isinstance(value, str) else float(value)
            values.append(bits(number, kind == "double"))
        elif isinstance(value, (int, float)) and float(value).is_integer():
            values.append(int(value))
        else:
            return None
    return values


def _run(binary: Path, vector: list[int]):
    runs = parse(run(binary, vector=vector).text)
    if not runs.complete or len(runs.runs) != 1:
        return None
    r = runs.runs[0]
    if sum(1 for e in r.events if e[0] == "D") != len(vector):
        return None
    return r


def property_evidence(binary: Path, counterexample: Optional[dict]) -> str:
    vector = inputs_of(counterexample)
    r = _run(binary, vector) if vector is not None else None
    if r is None:
        return "?"
    outcome = r.outcome()
    if outcome == "error":
        return "yes"
    return "no" if outcome == "end" or outcome.startswith("ub:") else "?"


def invariant_evidence(binary: Path, counterexample: Optional[dict], k: int,
                       do_while: bool) -> str:
    vector = inputs_of(counterexample)
    if do_while or vector is None:
        return "?"
    r = _run(binary, vector)
    if r is None:
        return "?"
    if any(e[0] == "I" and e[1] == k and not e[3] for e in r.events):
        return "yes"           # (a run cut short for want of inputs violated it before)
    return "?" if r.outcome().startswith(("doubtful", "need")) else "no"


def judge(report: dict, binary: Path, ks: list[int], do_while: list[bool],
          verdict_false: bool) -> list[str]:
    """Why the `false` and the rejections of `report` do not replay ([] if they do, or if it
    cannot be told)."""
    if not binary.exists():
        return []
    found: list[str] = []
    evidence: list[str] = []
    if report.get("property", {}).get("status") == "violated":
        evidence.append(property_evidence(binary, report.get("counterexample")))
    for item in report.get("invariants", []):
        index = item.get("index", -1)
        if item.get("status") != "rejected" or not 0 <= index < len(ks):
            continue
        seen = invariant_evidence(binary, item.get("counterexample"), ks[index], do_while[index])
        evidence.append(seen)
        if seen == "no":
            found.append(f"invariant {index} rejected, but its counterexample does not violate "
                         "it in the ground truth's replay (sampled float inputs)")
    if verdict_false and evidence and all(e == "no" for e in evidence):
        found.append("false, but no counterexample of the report reaches the error or violates "
                     "an invariant in the ground truth's replay (sampled float inputs)")
    return found
