"""One validation run, from files to an `Outcome`: load, parse, weave, gather evidence (engines
and replays), decide (`verdict.decide`)."""
from __future__ import annotations

import dataclasses
import gc
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Callable, Optional

from pycparser import c_ast

from instrument.deadline import Deadline, Timeout
from instrument.emit import emit_c
from instrument.errors import InputError
from instrument.frontend import ParsedProgram, parse_program, preprocessing
from instrument.ghosts import describe_update
from instrument.locate import ProgramIndex
from instrument.task import Property, load_property
from instrument.weave import weave
from instrument.woven import InvariantPlacement, WeaveResult
from instrument.witness import (Witness, check_data_model, check_program_hash,
                                check_specification, load_witness)

from . import results
from .semantics.readings import UNDEFINED
from .evidence import (Counterexample, Decision, Evidence, Findings, GhostUpdateDecision,
                       GhostUpdateEvidence, InvariantDecision, InvariantEvidence,
                       InvariantStatus, ProblemKind, ProofSummary, PropertyStatus,
                       SiteEvidence, SiteOutcome)
from .request import Request
from .verdict import decide

if TYPE_CHECKING:       # imported when the engines run (start-up time)
    from .engines.process import EarlyEngines

DEFAULT_DATA_MODEL = "ILP32"
REPLAY_RESERVE = 1.5          # seconds of the budget kept for replaying counterexamples
REPLAY_SECONDS = 60.0         # one replay, at most (the deadline may allow less)
MEMORY_LIMIT_REASON = "memory limit while solving"     # z3 gave up on something (engines/memory.py)
NOT_WOVEN = "not woven"       # the placement of an invariant when the run stopped before weaving
# objects the front end made (without the collector: cli._run) above which its garbage is
# collected before the rest is frozen (`collector_resumed`): a small run makes about 50,000
LARGE_FRONT_END_OBJECTS = 200_000


class DataModelSource(Enum):
    """Where the data model of a run came from, in the order of precedence."""
    COMMAND_LINE = "command line"
    TASK_DEFINITION = "task definition"
    WITNESS_METADATA = "witness metadata"
    DEFAULT = "default"


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
    woven: bool = True       # False: the run stopped before weaving (no instrumented program)

    def instrumented_c(self) -> str:
        text = emit_c(self.weave_result.ast, self.property.error_function or "reach_error")
        legend = self.witness.automaton_legend
        return text + (f"/* {legend.replace('*/', '* /')} */\n" if legend else "")


@dataclass
class Progress:
    """What a run has established so far.  The stages fill it in as they finish; when the run
    is stopped (`Timeout`), the command line reports it (`stopped_outcome`)."""
    request: Request
    started: float = field(default_factory=time.perf_counter)
    times: dict[str, float] = field(default_factory=dict)
    prop: Optional[Property] = None
    witness: Optional[Witness] = None
    data_model: str = DEFAULT_DATA_MODEL
    data_model_source: DataModelSource = DataModelSource.DEFAULT
    program: Optional[ParsedProgram] = None
    woven: Optional[WeaveResult] = None
    toolchain_message: Optional[str] = None
    # before the engines: the placements' evidence; then with every site's findings
    evidence: Optional[Evidence] = None
    engines_reported: bool = False       # the evidence holds the engines' findings
    outcome: Optional[Outcome] = None    # decided (a timeout can still come while writing)


def validate(request: Request, deadline: Optional[Deadline] = None,
             progress: Optional[Progress] = None,
             early: Optional[EarlyEngines] = None) -> Outcome:
    """Run the whole pipeline; bad input raises InputError, a passed `deadline` Timeout (the
    caller then reports `progress`).  `early`: the engines' child started before this module
    was imported (`engines.process.engines_started_early`), which gets the task; the caller
    ends it should it not."""
    deadline = deadline or Deadline()
    progress = progress or Progress(request)
    times = progress.times
    if request.property_file is None:
        raise InputError("no property file given (use --spec, or a task definition)")
    deadline.enter("loading the property")
    prop = progress.prop = load_property(request.property_file)
    with preprocessing(request.program, choose_data_model(request, None)[0]) as preprocessor:
        deadline.enter("loading the witness")
        witness = progress.witness = load_witness(request.witness, deadline)
        data_model, data_model_source = choose_data_model(request, witness)
        progress.data_model, progress.data_model_source = data_model, data_model_source
        deadline.enter("parsing the program")
        program = progress.program = parse_program(request.program, data_model, preprocessor)
        # the witness's metadata are provenance: what disagrees with the inputs is a warning
        with open(request.program, "rb") as f:
            check_program_hash(witness, request.program, f.read())
        check_specification(witness, prop.text)
        if data_model_source in (DataModelSource.COMMAND_LINE, DataModelSource.TASK_DEFINITION):
            check_data_model(witness, data_model, data_model_source.value)
        deadline.enter("weaving the witness")
        index = ProgramIndex(program)
        if witness.automaton is not None:     # GraphML: invariants and ghosts from the program
            # imported here: a YAML witness needs none of it (start-up time)
            from instrument.automaton import apply_automaton
            apply_automaton(witness, program, index)
        woven = progress.woven = weave(program, witness, index,
                                       error_function=prop.error_function or "reach_error",
                                       deadline=deadline)
        times.update({"parse": time.perf_counter() - progress.started, "encode": 0.0,
                      "solve": 0.0})
        collector_resumed()
        evidence = progress.evidence = Evidence(
            invariants=[InvariantEvidence(p.index, p.status, p.reason)
                        for p in woven.placements],
            property_supported=prop.supported, property_name=prop.name,
            unsupported_features=list(witness.unsupported_features)
            + woven.unsupported_features,
            ghost_updates=[GhostUpdateEvidence(u.number, describe_update(u))
                           for u in woven.ghost_updates])
        engines_stopped = None
        if prop.supported:
            engines_stopped = gather_evidence(evidence, woven, data_model, prop.error_function,
                                              request, times, deadline, progress, early)
        else:
            check_toolchain(progress, deadline)
    deadline.enter("deciding")
    decision = decide(evidence, request.refuted_verdict)
    if engines_stopped and decision.verdict == results.RESULT_UNKNOWN:
        if _open_for_lack_of_time(evidence):
            decision.reason = engines_stopped
        elif _open_for_lack_of_time(evidence, ub_open=False):
            # undefined behaviour not excluded when the time ran out: more time may exclude
            # it (5,000 invariants with --timeout 5 said only "could not exclude")
            decision.reason = f"{engines_stopped}: {decision.reason}"
    times["total"] = time.perf_counter() - progress.started
    progress.outcome = _outcome(progress, decision)
    return progress.outcome


def collector_resumed() -> None:
    """The cyclic garbage collector on again after the front end, which the command runs
    without it (cli._run): what exists now, the program, the witness and the modules, lives
    until the end, so it is frozen out of the collector's sight rather than scanned by every
    full collection; the engines' child inherits the same.  A large front end leaves much
    garbage in cycles (pycparser's parsers and tokens, YAML nodes: 620,000 objects, 100 MB
    for 20,000 invariants), collected once first; a small one's is a few thousand objects,
    whose collection would cost more than the collector saved (14 ms: every object of the
    run is still in the youngest generation).  Nothing happens when the collector is on (an
    in-process caller, a batch worker)."""
    if not gc.isenabled():
        if gc.get_count()[0] > LARGE_FRONT_END_OBJECTS:
            gc.collect()
        gc.freeze()
        gc.enable()


def check_toolchain(progress: Progress, deadline: Deadline) -> None:
    """Can gcc build programs of the data model?  Checked once per run, before any replay:
    without it a missing package shows as replays that fail."""
    deadline.enter("checking the toolchain")
    from .execution.toolchain import toolchain_problem     # shutil, tempfile: the parent's own
    toolchain = toolchain_problem(progress.data_model)
    progress.toolchain_message = toolchain.message if toolchain else None
    if progress.evidence is not None:
        progress.evidence.replay_unavailable = progress.toolchain_message


def _open_for_lack_of_time(evidence: Evidence, ub_open: bool = True) -> bool:
    """Whether what is open is open only because the engines' time or memory ran out (not because of
    an unsupported feature, undefined behaviour found or not excluded, a recursion cut-off,
    or a counterexample that did not replay: those reasons say more).  `ub_open` False:
    undefined behaviour not excluded does not count (the reason then names both)."""
    return not (evidence.unsupported_features or evidence.problem or evidence.ub_found
                or (ub_open and evidence.ub_open) or evidence.bound_open
                or evidence.unreplayed_violation
                or any(s.unreplayed for i in evidence.invariants for s in i.sites))


def _outcome(progress: Progress, decision: Decision, woven: bool = True) -> Outcome:
    request, witness = progress.request, progress.witness
    toolchain_message = progress.toolchain_message
    return Outcome(verdict=decision.verdict, reason=decision.reason, property=progress.prop,
                   property_status=decision.property_status, witness=witness,
                   program=progress.program, data_model=progress.data_model,
                   invariants=decision.invariants, weave_result=progress.woven,
                   times=progress.times, engine=decision.engine,
                   property_proof=decision.property_proof,
                   warnings=list(witness.warnings) + [str(w) for w in witness.metadata_warnings]
                   + ([toolchain_message] if toolchain_message else [])
                   + _semantics_warnings(request),
                   counterexample=decision.counterexample, toolchain_problem=toolchain_message,
                   internal_errors=decision.internal_errors, uninitialized=request.uninitialized,
                   data_model_source=progress.data_model_source,
                   ghost_updates=decision.ghost_updates, woven=woven)


def timed_out_outcome(progress: Progress, stage: str) -> Outcome:
    """The outcome of a run stopped while `stage` ran: `unknown` with the reason `timeout
    while <stage>` (see `stopped_outcome`)."""
    return stopped_outcome(progress, str(Timeout(stage)))


def stopped_outcome(progress: Progress, reason: str) -> Outcome:
    """The outcome of a run stopped before its end (its deadline, SIGTERM, a program nested
    too deeply): `unknown` with `reason`, and every status decided until then (statuses of
    placement, the engines' proofs and replayed refutations); invariants without a decision
    are `unknown`."""
    request = progress.request
    if progress.outcome is not None:          # decided; stopped while writing it
        return dataclasses.replace(progress.outcome, verdict=results.RESULT_UNKNOWN,
                                   reason=reason)
    progress.prop = progress.prop or Property(request.property_file, "")
    progress.witness = progress.witness or Witness(path=request.witness, format_versions=[])
    progress.program = progress.program or ParsedProgram(
        path=request.program, original_text="", ast=c_ast.FileAST([]), positions=None)
    progress.times["total"] = time.perf_counter() - progress.started
    woven = progress.woven is not None
    if progress.engines_reported:
        decision = decide(progress.evidence, request.refuted_verdict)
    else:
        evidence = progress.evidence or Evidence(invariants=[
            InvariantEvidence(p.index, p.status, p.reason) for p in progress.woven.placements]
            if woven else [])
        evidence.problem = reason        # statuses of placement stand, the rest is unknown
        decision = decide(evidence, request.refuted_verdict)
    if not woven:         # no invariant was placed: each is unknown, with no placement
        progress.woven = WeaveResult(progress.program.ast, [
            InvariantPlacement(i.index, NOT_WOVEN) for i in progress.witness.invariants])
        decision.invariants = [InvariantDecision(i.index, InvariantStatus.UNKNOWN, NOT_WOVEN,
                                                 reason) for i in progress.witness.invariants]
    decision.verdict, decision.reason = results.RESULT_UNKNOWN, reason
    return _outcome(progress, decision, woven)


def choose_data_model(request: Request,
                      witness: Optional[Witness]) -> tuple[str, DataModelSource]:
    """The command line, then the task definition, then the witness metadata (only a valid
    value: placeholders were dropped when it was read), then ILP32.  Without the witness (not
    read yet): the data model the preprocessor starts with, run again if the witness's metadata
    choose another."""
    for value, source in ((request.data_model, DataModelSource.COMMAND_LINE),
                          (request.task_data_model, DataModelSource.TASK_DEFINITION),
                          (witness.data_model if witness else None,
                           DataModelSource.WITNESS_METADATA)):
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
                    request: Request, times: dict[str, float],
                    deadline: Optional[Deadline] = None,
                    progress: Optional[Progress] = None,
                    early: Optional[EarlyEngines] = None) -> Optional[str]:
    """Run the engines on the instrumented program and replay what they found in the
    gcc-compiled program: only a replayed execution refutes.  When the engines stopped
    because their time was up, or z3 gave up on something at its memory limit
    (engines/memory.py), the reason an undecided verdict gives; else None."""
    from .engines import ENGINES
    from .engines.options import DEFAULT_TIMEOUT, EngineOptions
    from .engines.process import EngineRun
    deadline = deadline or Deadline()
    progress = progress or Progress(request)
    budget = min(deadline.remaining(), request.timeout if request.timeout is not None
                 else DEFAULT_TIMEOUT)
    # a counterexample found near the deadline must still be compiled and replayed in time
    engine_budget = budget - min(REPLAY_RESERVE, 0.2 * budget)
    # with the default policy one refuted invariant decides the verdict: no need to go on
    options = EngineOptions(engines=tuple(request.engines or ENGINES), max_k=request.max_k,
                            stop_at_refutation=request.refuted_verdict == "false",
                            uninitialized=request.uninitialized)

    def keep(findings: Findings) -> None:
        # a stop from now on reports these statuses; while the evidence is half updated, a
        # stop must not read it (an invariant without its sites would be "unreachable")
        progress.engines_reported = False
        take_findings(evidence, findings)
        progress.engines_reported = True

    engines = EngineRun(woven, data_model, error_function, engine_budget, options, deadline,
                        early)
    try:
        check_toolchain(progress, deadline)      # while the child starts z3 and encodes
    except BaseException:
        engines.stop()
        raise
    found = engines.wait(on_snapshot=keep)
    times["encode"] = found.times.encode
    times["solve"] = found.times.solve
    times["z3"] = found.times.z3             # the part of solve spent inside z3
    if found.problem is ProblemKind.TIMEOUT:
        raise Timeout(found.interrupted or "encoding")
    if found.problem is not None:
        evidence.problem = _problem_reason(found)
        return False
    keep(found)
    if found.interrupted is not None:
        raise Timeout(found.interrupted + (", after z3 reached its memory limit"
                                           if found.memory_limited else ""))
    deadline.enter("replaying counterexamples")
    replay_findings(evidence, found, woven, error_function, data_model, deadline)
    if found.memory_limited:        # the cause, even when the time ran out afterwards
        return MEMORY_LIMIT_REASON
    return "timeout while solving" if found.timed_out else None


def take_findings(evidence: Evidence, found: Findings) -> None:
    """The engines' findings as evidence, before any replay: complete as it stands (a failed
    check or a path to the error counts as not replayed until its replay says otherwise), so
    that a run stopped during the replays reports sound statuses."""
    by_index = {inv.index: inv for inv in evidence.invariants}
    for invariant in by_index.values():
        invariant.sites = []
    for site in found.sites:
        if site.index not in by_index:
            continue
        by_index[site.index].sites.append(SiteEvidence(
            key=site.key, where=site.where, outcome=site.outcome, proof=site.proof,
            unreachable=site.unreachable,
            unreplayed=site.outcome is SiteOutcome.FAILED and site.counterexample is not None,
            calls=site.calls, line=site.line))
    evidence.violation = None
    evidence.unreplayed_violation = found.property_outcome is SiteOutcome.FAILED
    for ghost in evidence.ghost_updates:
        number = ghost.number
        ghost.has_target = number in found.ghost_ub_open or number in found.ghost_ub_proofs
        ghost.proof = found.ghost_ub_proofs.get(number)
        ghost.refutation = None
        ghost.unreplayed = number in found.ghost_ub_found
    evidence.property_proof = found.property_proof
    evidence.ub_found, evidence.ub_open = found.ub_found, found.ub_open
    evidence.ub_proofs, evidence.bound_proofs = found.ub_proofs, found.bound_proofs
    evidence.bound_open = found.bound_open


def replay_findings(evidence: Evidence, found: Findings, woven: WeaveResult,
                    error_function: str, data_model: str, deadline: Deadline) -> None:
    """Replay every counterexample of `found` (taken by `take_findings`) in the gcc-compiled
    program, within the deadline: a refutation only where the real execution agrees.
    Counterexamples with the same inputs are one run, which stops once it has shown what all
    of them claim (`replay(goal=...)`)."""
    evidence_of = {(site.key, inv.index): site for inv in evidence.invariants
                   for site in inv.sites}
    # by the inputs (the replay depends on them alone): (counterexample, the marker its
    # replay must show, what follows when it does)
    claims: dict[tuple, list[tuple[Counterexample, tuple, Callable]]] = {}

    def claim(counterexample: Counterexample, marker: tuple, shown: Callable) -> None:
        claims.setdefault(tuple(counterexample.values()), []).append(
            (counterexample, marker, shown))

    for site in found.sites:
        target = evidence_of.get((site.key, site.index))
        if target is None or not target.unreplayed:
            continue

        def refuted(result, target=target, site=site) -> None:
            target.refutation = _with_ghosts(site.counterexample, result.ghost_values.get(
                (site.index, site.where)))
            target.unreplayed = False
        claim(site.counterexample, ("check", site.index, site.where), refuted)
    if found.property_outcome is SiteOutcome.FAILED:
        def violated(result) -> None:
            evidence.violation = _with_ghosts(found.property_counterexample,
                                              result.ghost_values.get("error"))
            evidence.unreplayed_violation = False
        claim(found.property_counterexample, ("error",), violated)
    for ghost in evidence.ghost_updates:
        counterexample = found.ghost_ub_found.get(ghost.number)
        if counterexample is not None:
            def trapped(result, ghost=ghost, counterexample=counterexample) -> None:
                ghost.refutation, ghost.unreplayed = counterexample, False
            claim(counterexample, ("ghost_ub", ghost.number), trapped)

    for same_inputs in claims.values():
        result = _replayed(same_inputs[0][0], frozenset(marker for _, marker, _ in same_inputs),
                           evidence, woven, error_function, data_model, deadline)
        for _, marker, shown in same_inputs:
            if result.shows(marker):
                shown(result)


def _replayed(counterexample: Counterexample, goal: frozenset, evidence: Evidence,
              woven: WeaveResult, error_function: str, data_model: str, deadline: Deadline):
    # imported here: most runs have nothing to replay (start-up time)
    from .execution.replay import ReplayResult, replay
    if evidence.replay_unavailable is not None:
        return ReplayResult(message=evidence.replay_unavailable)      # nothing can run
    deadline.check()
    inputs = [v.to_json() for v in counterexample.inputs]
    return replay(woven, error_function, data_model, inputs,
                  timeout=max(0.1, deadline.seconds(REPLAY_SECONDS)), goal=goal)


def _with_ghosts(counterexample: Counterexample, values) -> Counterexample:
    """The counterexample with the ghost values its replay printed at its target."""
    return dataclasses.replace(counterexample, ghosts=tuple(values)) if values else counterexample


def _problem_reason(found: Findings) -> str:
    if found.problem is ProblemKind.TIMEOUT:
        return "time limit reached"
    if found.problem is ProblemKind.MEMORY:
        return f"memory limit while {found.problem_text or 'solving'}"
    if found.problem is ProblemKind.UNSUPPORTED:
        return f"unsupported: {found.problem_text}"
    lines = found.problem_text.strip().splitlines() or ["?"]
    return f"internal error: {lines[-1]}"
