"""One validation run, from files to an `Outcome`: load, parse, weave, prove, decide."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Optional

from instrument.emit import emit_c
from instrument.errors import InputError
from instrument.frontend import ParsedProgram, parse_program
from instrument.weave import DO_BEFORE_CONDITION, DO_BODY_ENTRY, PLACED, WeaveResult, weave
from instrument.witness import Witness, check_program_hash, load_witness

from . import results
from instrument.task import Property, load_property

DEFAULT_DATA_MODEL = "ILP32"
REPLAY_RESERVE = 1.5          # seconds of the budget kept for replaying counterexamples


@dataclass
class Request:
    program: str
    witness: str
    property_file: Optional[str]
    data_model: Optional[str] = None         # None: from the witness metadata, else ILP32
    timeout: Optional[float] = None
    refuted_verdict: str = "false"           # or "unknown"
    engines: Optional[list[str]] = None      # None: the default portfolio
    max_k: int = 8                           # the largest k of k-induction


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
    """Run the engines on the instrumented program and turn their findings into statuses."""
    from .engines import ENGINES
    from .engines.portfolio import DEFAULT_TIMEOUT, EngineOptions, run_engines
    from .execution.replay import replay
    error_function = outcome.property.error_function
    budget = request.timeout if request.timeout is not None else DEFAULT_TIMEOUT
    deadline = time.monotonic() + budget
    # a counterexample found near the deadline must still be compiled and replayed in time
    engine_budget = budget - min(REPLAY_RESERVE, 0.2 * budget)
    # with the default policy one refuted invariant decides the verdict: no need to go on
    options = EngineOptions(engines=tuple(request.engines or ENGINES), max_k=request.max_k,
                            stop_at_refutation=request.refuted_verdict == "false")
    found = run_engines(outcome.weave_result, outcome.data_model, error_function,
                        engine_budget, options)
    outcome.times["encode"] = found.get("times", {}).get("encode", 0.0)
    outcome.times["solve"] = found.get("times", {}).get("solve", 0.0)
    outcome.times["z3"] = found.get("times", {}).get("z3", 0.0)     # the part of solve in z3
    placed = [i for i in outcome.invariants if i.placement == PLACED]
    if found.get("timeout"):
        outcome.reason = "time limit reached"
        for invariant in placed:
            invariant.reason = "time limit reached"
        return
    for problem in ("unsupported", "crash"):
        if problem in found:
            text = found[problem].strip().splitlines()[-1] if problem == "crash" else found[problem]
            outcome.reason = (f"unsupported: {text}" if problem == "unsupported"
                              else f"internal error: {text}")
            for invariant in placed:
                invariant.reason = outcome.reason
            return
    sites_of: dict[int, list[dict]] = {}
    for site in found["sites"].values():
        sites_of.setdefault(site["index"], []).append(site)
    replays: dict[int, object] = {}

    def replayed(cex) -> object:
        key = id(cex)
        if key not in replays:
            replays[key] = replay(outcome.weave_result, error_function, outcome.data_model,
                                  cex["inputs"], timeout=max(0.5, deadline - time.monotonic()))
        return replays[key]

    for invariant in placed:
        sites = sites_of.get(invariant.index, [])
        if not sites:
            invariant.status, invariant.unreachable = results.CONFIRMED, True
            invariant.reason = "its location is not reachable from main"
            invariant.engine = "cfa"
            continue
        if all(s["status"] == "proven" for s in sites):
            invariant.status = results.CONFIRMED
            invariant.unreachable = all(s["unreachable"] for s in sites)
            invariant.engine = ", ".join(sorted({s["engine"] or "?" for s in sites}))
            invariant.reason = None
            continue
        failed = [s for s in sites if s["status"] == "failed" and s["counterexample"]]
        confirmed_failures = []
        for site in failed:
            run = replayed(site["counterexample"])
            if (invariant.index, site["where"]) in run.failed_checks:
                confirmed_failures.append(site)
        wheres = {s["where"] for s in confirmed_failures}
        do_loop = any(s["where"] in (DO_BODY_ENTRY, DO_BEFORE_CONDITION) for s in sites)
        if confirmed_failures and (not do_loop or {DO_BODY_ENTRY, DO_BEFORE_CONDITION} <= wheres):
            invariant.status = results.REJECTED
            invariant.counterexample = confirmed_failures[0]["counterexample"]
            invariant.engine = confirmed_failures[0]["counterexample"].get("engine", "bmc") + \
                " + gcc replay"
            invariant.reason = "false on a real execution (replayed in the gcc-compiled program)"
            continue
        if failed and not confirmed_failures:
            invariant.reason = "a counterexample was found but did not replay in the compiled program"
        elif any(s["status"] == "ub" for s in sites):
            invariant.reason = "evaluating the invariant has undefined behaviour"
        elif confirmed_failures:
            invariant.reason = "false at only one of the two readings of a do-while loop head"
        else:
            invariant.reason = "neither proven nor refuted"
    if found["property"] == "violated":
        cex = found["property_counterexample"]
        if replayed(cex).reached_error:
            outcome.property_status = "violated"
            outcome.counterexample = cex
            outcome.engine = cex.get("engine", "bmc") + " + gcc replay"
        else:
            outcome.reason = "a path to the error did not replay in the compiled program"
    elif found["property"] == "proven":
        outcome.property_status = "proven"
    if found.get("bound_open") and outcome.property_status != "violated":
        outcome.reason = f"not all executions are modelled: {found['bound_open'][0]}"
        for invariant in placed:
            if invariant.status != results.REJECTED:
                invariant.reason = invariant.reason or outcome.reason
    if found["ub_found"] or found["ub_open"]:
        what = (found["ub_found"] or found["ub_open"])[0]
        outcome.reason = ("undefined behaviour is reachable: " if found["ub_found"]
                          else "could not exclude undefined behaviour: ") + what
        if outcome.property_status == "proven":
            outcome.property_status = "unknown"
    outcome.engine = outcome.engine or found.get("property_engine")


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
