"""One validation run, from files to an `Outcome`: load, parse, weave, gather evidence (engines
and replays), decide (`verdict.decide`)."""
from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Optional

from instrument.automaton import apply_automaton
from instrument.emit import emit_c
from instrument.errors import InputError
from instrument.frontend import ParsedProgram, parse_program
from instrument.locate import ProgramIndex
from instrument.task import Property, load_property
from instrument.weave import WeaveResult, weave
from instrument.witness import (Witness, check_data_model, check_program_hash,
                                check_specification, load_witness)

from .execution.toolchain import toolchain_problem
from .semantics.ir import UNDEFINED
from .evidence import (Counterexample, Evidence, Findings, GhostUpdateDecision,
                       GhostUpdateEvidence, InvariantDecision, InvariantEvidence, ProblemKind,
                       ProofSummary, PropertyStatus, SiteEvidence, SiteOutcome)
from .verdict import decide

DEFAULT_DATA_MODEL = "ILP32"
REPLAY_RESERVE = 1.5          # seconds of the budget kept for replaying counterexamples


class DataModelSource(Enum):
    """Where the data model of a run came from, in the order of precedence."""
    COMMAND_LINE = "command line"
    TASK_DEFINITION = "task definition"
    WITNESS_METADATA = "witness metadata"
    DEFAULT = "default"


@dataclass
class Request:
    program: str
    witness: str
    property_file: Optional[str]
    data_model: Optional[str] = None         # --data-model; None: see choose_data_model
    timeout: Optional[float] = None
    refuted_verdict: str = "false"           # or "unknown"
    engines: Optional[list[str]] = None      # None: the default portfolio
    max_k: int = 8                           # the largest k of k-induction
    # reading an uninitialised value: undefined behaviour, or (asked for) a fresh nondet value
    uninitialized: str = UNDEFINED
    # the task definition's options.data_model (last: callers pass the fields above by position)
    task_data_model: Optional[str] = None


@dataclass
class Outcome:
    """A validation run's result: the verdict core's decision and what the outputs need."""
    verdict: str
    reason: Optional[str]
    property: Property
    property_status: PropertyStatus
    witness: Witness
    program: ParsedProgram
    data_model: str
    invariants: list[InvariantDecision]
    weave_result: WeaveResult
    times: dict[str, float] = field(default_factory=dict)
    engine: Optional[str] = None
    property_proof: Optional[ProofSummary] = None
    warnings: list[str] = field(default_factory=list)
    counterexample: Optional[Counterexample] = None       # of the property, when violated
    # what keeps gcc from building the program for native runs (a missing Debian package)
    toolchain_problem: Optional[str] = None
    internal_errors: list[str] = field(default_factory=list)     # contradicted proofs
    uninitialized: str = UNDEFINED           # the reading of uninitialised values used
    data_model_source: DataModelSource = DataModelSource.DEFAULT
    # whether each ghost assignment (`weave_result.ghost_updates`) is free of undefined behaviour
    ghost_updates: list[GhostUpdateDecision] = field(default_factory=list)

    def instrumented_c(self) -> str:
        text = emit_c(self.weave_result.ast, self.property.error_function or "reach_error")
        legend = self.witness.automaton_legend
        return text + (f"/* {legend.replace('*/', '* /')} */\n" if legend else "")


def validate(request: Request) -> Outcome:
    """Run the whole pipeline; bad input raises InputError."""
    started = time.perf_counter()
    if request.property_file is None:
        raise InputError("no property file given (use --spec, or a task definition)")
    prop = load_property(request.property_file)
    witness = load_witness(request.witness)
    data_model, data_model_source = choose_data_model(request, witness)
    program = parse_program(request.program, data_model)
    # the witness's metadata are provenance: what disagrees with the inputs is a warning
    with open(request.program, "rb") as f:
        check_program_hash(witness, request.program, f.read())
    check_specification(witness, prop.text)
    if data_model_source in (DataModelSource.COMMAND_LINE, DataModelSource.TASK_DEFINITION):
        check_data_model(witness, data_model, data_model_source.value)
    index = ProgramIndex(program)
    if witness.automaton is not None:         # GraphML: invariants and ghosts from the program
        apply_automaton(witness, program, index)
    woven = weave(program, witness, index, error_function=prop.error_function or "reach_error")
    times = {"parse": time.perf_counter() - started, "encode": 0.0, "solve": 0.0}
    # checked once, up front: without it a missing package shows as replays that fail
    toolchain = toolchain_problem(data_model)
    toolchain_message = toolchain.message if toolchain else None
    evidence = Evidence(
        invariants=[InvariantEvidence(p.index, p.status, p.reason) for p in woven.placements],
        property_supported=prop.supported, property_name=prop.name,
        unsupported_features=list(witness.unsupported_features) + woven.unsupported_features,
        replay_unavailable=toolchain_message,
        ghost_updates=[GhostUpdateEvidence(u.number, u.describe()) for u in woven.ghost_updates])
    if prop.supported:
        gather_evidence(evidence, woven, data_model, prop.error_function, request, times)
    decision = decide(evidence, request.refuted_verdict)
    times["total"] = time.perf_counter() - started
    return Outcome(verdict=decision.verdict, reason=decision.reason, property=prop,
                   property_status=decision.property_status, witness=witness, program=program,
                   data_model=data_model, invariants=decision.invariants, weave_result=woven,
                   times=times, engine=decision.engine, property_proof=decision.property_proof,
                   warnings=list(witness.warnings) + [str(w) for w in witness.metadata_warnings]
                   + ([toolchain_message] if toolchain else []) + _semantics_warnings(request),
                   counterexample=decision.counterexample, toolchain_problem=toolchain_message,
                   internal_errors=decision.internal_errors, uninitialized=request.uninitialized,
                   data_model_source=data_model_source, ghost_updates=decision.ghost_updates)


def choose_data_model(request: Request, witness: Witness) -> tuple[str, DataModelSource]:
    """The command line, then the task definition, then the witness metadata (only a valid
    value: placeholders were dropped when it was read), then ILP32."""
    for value, source in ((request.data_model, DataModelSource.COMMAND_LINE),
                          (request.task_data_model, DataModelSource.TASK_DEFINITION),
                          (witness.data_model, DataModelSource.WITNESS_METADATA)):
        if value is not None:
            return value, source
    return DEFAULT_DATA_MODEL, DataModelSource.DEFAULT


def _semantics_warnings(request: Request) -> list[str]:
    """A reading of C that differs from the default is named wherever the result is read."""
    if request.uninitialized != UNDEFINED:
        return [f"--uninitialized {request.uninitialized}: every read of an uninitialised value "
                "is a fresh nondet value, not undefined behaviour"]
    return []


def gather_evidence(evidence: Evidence, woven: WeaveResult, data_model: str, error_function: str,
                    request: Request, times: dict[str, float]) -> None:
    """Run the engines on the instrumented program and replay what they found in the
    gcc-compiled program: only a replayed execution refutes."""
    from .engines import ENGINES
    from .engines.portfolio import DEFAULT_TIMEOUT, EngineOptions
    from .engines.process import run_engines
    from .execution.replay import ReplayResult, replay
    budget = request.timeout if request.timeout is not None else DEFAULT_TIMEOUT
    deadline = time.monotonic() + budget
    # a counterexample found near the deadline must still be compiled and replayed in time
    engine_budget = budget - min(REPLAY_RESERVE, 0.2 * budget)
    # with the default policy one refuted invariant decides the verdict: no need to go on
    options = EngineOptions(engines=tuple(request.engines or ENGINES), max_k=request.max_k,
                            stop_at_refutation=request.refuted_verdict == "false",
                            uninitialized=request.uninitialized)
    found = run_engines(woven, data_model, error_function, engine_budget, options)
    times["encode"] = found.times.encode
    times["solve"] = found.times.solve
    times["z3"] = found.times.z3             # the part of solve spent inside z3
    if found.problem is not None:
        evidence.problem = _problem_reason(found)
        return
    replays: dict[tuple, object] = {}

    def replayed(counterexample: Counterexample):
        key = tuple(counterexample.values())       # the replay depends on the inputs alone
        if evidence.replay_unavailable is not None:
            return ReplayResult(message=evidence.replay_unavailable)      # nothing can run
        if key not in replays:
            inputs = [v.to_json() for v in counterexample.inputs]
            replays[key] = replay(woven, error_function, data_model, inputs,
                                  timeout=max(0.5, deadline - time.monotonic()))
        return replays[key]

    by_index = {inv.index: inv for inv in evidence.invariants}
    for site in found.sites:
        if site.index not in by_index:
            continue
        refutation, unreplayed = None, False
        if site.outcome is SiteOutcome.FAILED and site.counterexample is not None:
            replay_result = replayed(site.counterexample)
            if (site.index, site.where) in replay_result.failed_checks:
                refutation = _with_ghosts(site.counterexample, replay_result.ghost_values.get(
                    (site.index, site.where)))
            else:
                unreplayed = True
        by_index[site.index].sites.append(SiteEvidence(
            key=site.key, where=site.where, outcome=site.outcome, proof=site.proof,
            unreachable=site.unreachable, refutation=refutation, unreplayed=unreplayed,
            calls=site.calls, line=site.line))
    if found.property_outcome is SiteOutcome.FAILED:
        replay_result = replayed(found.property_counterexample)
        if replay_result.reached_error:
            evidence.violation = _with_ghosts(found.property_counterexample,
                                              replay_result.ghost_values.get("error"))
        else:
            evidence.unreplayed_violation = True
    for ghost in evidence.ghost_updates:
        number = ghost.number
        ghost.has_target = number in found.ghost_ub_open or number in found.ghost_ub_proofs
        ghost.proof = found.ghost_ub_proofs.get(number)
        counterexample = found.ghost_ub_found.get(number)
        if counterexample is not None:
            if number in replayed(counterexample).ghost_ub:
                ghost.refutation = counterexample
            else:
                ghost.unreplayed = True
    evidence.property_proof = found.property_proof
    evidence.ub_found, evidence.ub_open = found.ub_found, found.ub_open
    evidence.ub_proofs, evidence.bound_proofs = found.ub_proofs, found.bound_proofs
    evidence.bound_open = found.bound_open


def _with_ghosts(counterexample: Counterexample, values) -> Counterexample:
    """The counterexample with the ghost values its replay printed at its target."""
    return dataclasses.replace(counterexample, ghosts=tuple(values)) if values else counterexample


def _problem_reason(found: Findings) -> str:
    if found.problem is ProblemKind.TIMEOUT:
        return "time limit reached"
    if found.problem is ProblemKind.UNSUPPORTED:
        return f"unsupported: {found.problem_text}"
    lines = found.problem_text.strip().splitlines() or ["?"]
    return f"internal error: {lines[-1]}"
