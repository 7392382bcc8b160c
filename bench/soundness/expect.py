"""Which verdicts and invariant statuses the ground truth allows (rules: bench/soundness.py).

An `Expectation` is plain data (it is saved with every failing case as expected.json and
read back by tests/test_soundness_campaign.py), so judging a saved case needs neither the
generator nor gcc.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Optional

from .truth import Facts, Invariant

TRUE, FALSE, UNKNOWN = "true", "false(unreach-call)", "unknown"


@dataclass
class Expectation:
    """For one witness on one program in one data model."""
    error: bool                       # a UB-free execution reaches reach_error
    ub: list[str]                     # kinds of undefined behaviour some execution reaches
    holds: list[bool]                 # per witness invariant: never violated nor undefined
    refuted: list[bool]               # per witness invariant: refutable (do-while: both readings)
    reached: list[bool] = field(default_factory=list)
    # False: the ground truth ran a sample of the executions (float inputs): what it found
    # is real, what it did not find may still happen, so `false` and `rejected` are not judged
    complete: bool = True

    @property
    def true_ok(self) -> bool:
        return not self.error and not self.ub and all(self.holds)

    @property
    def false_ok(self) -> bool:
        return self.error or any(self.refuted) or not self.complete

    @property
    def kind(self) -> str:
        """The class of the case for the table."""
        sampled = "" if self.complete else " (sampled)"
        if self.error:
            return "error reachable" + sampled
        if self.ub:
            return "UB reachable" + sampled
        if not all(self.holds):
            return "invariant violated" + sampled
        return "valid witness" + sampled

    def to_json(self) -> dict:
        return asdict(self)

    @staticmethod
    def from_json(data: dict) -> "Expectation":
        return Expectation(**data)


def expectation(facts: Facts, invariants: list[Invariant]) -> Expectation:
    holds, refuted, reached = [], [], []
    for inv in invariants:
        readings = (1, 2) if inv.location.do_while else (0,)
        violated = [(inv.k, r) in facts.violated for r in readings]
        undefined = [(inv.k, r) in facts.invariant_ub for r in readings]
        if not getattr(inv, "placed", True):
            # a contract of a function that does not exist: must be `unplaced` (never
            # confirmed nor rejected), and the witness `unknown`
            holds.append(False)
            refuted.append(False)
            reached.append(False)
            continue
        holds.append(not any(violated) and not any(undefined))
        refuted.append(all(violated))
        reached.append(any((inv.k, r) in facts.reached for r in readings))
    return Expectation(facts.error, sorted(facts.ub), holds, refuted, reached, facts.complete)


def wrong(e: Expectation, verdict: str, statuses: list[Optional[str]]) -> list[str]:
    """Why the validator's answer contradicts the ground truth ([] if it does not)."""
    found = []
    if verdict == TRUE and not e.true_ok:
        why = "the error is reachable" if e.error else \
            f"undefined behaviour is reachable ({', '.join(e.ub)})" if e.ub else \
            "an invariant is violated"
        found.append(f"true, but {why}")
    if verdict == FALSE and not e.false_ok:
        found.append("false, but no UB-free execution reaches the error or violates an invariant"
                     " (at both readings of a do-while)")
    for index, status in enumerate(statuses):
        if index >= len(e.holds):
            break
        if status == "confirmed" and not e.holds[index]:
            found.append(f"invariant {index} confirmed, but violated (or undefined) on a "
                         "UB-free execution")
        if status == "rejected" and not e.refuted[index] and e.complete:
            found.append(f"invariant {index} rejected, but no UB-free execution violates it")
    return found
