"""One validation run, from files to an `Outcome`: load, parse, weave, prove, decide."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Optional

from instrument.emit import emit_c
from instrument.errors import InputError
from instrument.frontend import ParsedProgram, parse_program
from instrument.weave import PLACED, WeaveResult, weave
from instrument.witness import Witness, check_program_hash, load_witness

from . import results
from .task import Property, load_property

DEFAULT_DATA_MODEL = "ILP32"


@dataclass
class Request:
    program: str
    witness: str
    property_file: Optional[str]
    data_model: Optional[str] = None         # None: from the witness metadata, else ILP32
    timeout: Optional[float] = None
    refuted_verdict: str = "false"           # or "unknown"
    engines: Optional[list[str]] = None      # None: the default portfolio


@dataclass
class InvariantOutcome:
    index: int
    status: str                              # results.CONFIRMED, REJECTED, ...
    placement: str                           # placed / unplaced / unsupported
    reason: Optional[str] = None
    counterexample: Optional[dict] = None
    engine: Optional[str] = None
    unreachable: bool = False


@dataclass
class Outcome:
    verdict: str
    reason: Optional[str]
    property: Property
    property_status: str                     # "proven", "violated", "unknown"
    witness: Witness
    program: ParsedProgram
    data_model: str
    invariants: list[InvariantOutcome]
    weave_result: WeaveResult
    times: dict[str, float] = field(default_factory=dict)
    engine: Optional[str] = None
    warnings: list[str] = field(default_factory=list)
    counterexample: Optional[dict] = None

    def instrumented_c(self) -> str:
        return emit_c(self.weave_result.ast, self.property.error_function or "reach_error")


def validate(request: Request) -> Outcome:
    """Run the whole pipeline; bad input raises InputError."""
    started = time.perf_counter()
    if request.property_file is None:
        raise InputError("no property file given (use --spec, or a task definition)")
    prop = load_property(request.property_file)
    witness = load_witness(request.witness)
    data_model = request.data_model or witness.data_model or DEFAULT_DATA_MODEL
    program = parse_program(request.program, data_model)
    with open(request.program, "rb") as f:
        check_program_hash(witness, request.program, f.read())
    woven = weave(program, witness)
    parse_time = time.perf_counter() - started
    invariants = [InvariantOutcome(p.index, results.UNKNOWN if p.status == PLACED else p.status,
                                   p.status, p.reason) for p in woven.placements]
    outcome = Outcome(verdict=results.RESULT_UNKNOWN, reason=None, property=prop,
                      property_status="unknown", witness=witness, program=program,
                      data_model=data_model, invariants=invariants, weave_result=woven,
                      warnings=list(witness.warnings))
    outcome.times = {"parse": parse_time, "encode": 0.0, "solve": 0.0}
    if not prop.supported:
        outcome.reason = f"property '{prop.name}' is not supported (only unreach-call)"
    else:
        _prove(outcome, request)
    decide(outcome, request.refuted_verdict)
    outcome.times["total"] = time.perf_counter() - started
    return outcome


def _prove(outcome: Outcome, request: Request) -> None:
    """Run the proof engines on the instrumented program (filled in by the engines)."""
    try:
        from .engines import portfolio
    except ImportError:
        for invariant in outcome.invariants:
            if invariant.status == results.UNKNOWN:
                invariant.reason = "no proof engine in this version"
        outcome.reason = "no proof engine in this version"
        return
    portfolio.run(outcome, request)


def decide(outcome: Outcome, refuted_verdict: str) -> None:
    """The verdict policy of DESIGN.md: `true` only if everything is proven."""
    rejected = [i for i in outcome.invariants if i.status == results.REJECTED]
    if outcome.property_status == "violated":
        outcome.verdict = results.RESULT_FALSE_REACH
        outcome.reason = outcome.reason or "the program reaches the error function"
        return
    if rejected:
        if refuted_verdict == "unknown":
            outcome.verdict = results.RESULT_UNKNOWN
        else:
            outcome.verdict = results.RESULT_FALSE_REACH
        outcome.reason = (f"invariant {rejected[0].index} is violated on a real execution")
        return
    open_items = [i for i in outcome.invariants if i.status != results.CONFIRMED]
    if not outcome.property.supported:
        outcome.verdict = results.RESULT_UNKNOWN
        return
    if outcome.witness.unsupported_features:
        outcome.verdict = results.RESULT_UNKNOWN
        outcome.reason = "; ".join(outcome.witness.unsupported_features)
        return
    if open_items:
        first = open_items[0]
        outcome.verdict = results.RESULT_UNKNOWN
        outcome.reason = outcome.reason or (
            f"invariant {first.index} is {first.status}" + (f": {first.reason}" if first.reason else ""))
        return
    if outcome.property_status == "proven":
        outcome.verdict = results.RESULT_TRUE
        outcome.reason = None
        return
    outcome.verdict = results.RESULT_UNKNOWN
    outcome.reason = outcome.reason or "the property could not be proven"
