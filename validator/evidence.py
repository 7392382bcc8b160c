"""Typed evidence: what the engines and the replays established, as the verdict core reads it.

The data flow, one direction:

  engines (child process) --Findings--> pipeline: replays counterexamples in the gcc build
      --Evidence--> verdict.decide --Decision--> outputs (report, certificates, witnesses)

`Findings` crosses a process boundary (it is pickled), so it holds plain dataclasses only.
A `Proof` names its engine and the check sites it assumed: the verdict core accepts a proof
only if every site it assumed is itself proven (DESIGN.md: an invariant is confirmed only by a
proof that assumes nothing but invariants proven in the same proof).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Optional, Union

from instrument.woven import DO_BEFORE_CONDITION, DO_BODY_ENTRY


class InvariantStatus(Enum):
    """The status of one witness invariant in the report (DESIGN.md's contract strings)."""
    CONFIRMED = "confirmed"
    REJECTED = "rejected"
    UNKNOWN = "unknown"
    UNSUPPORTED = "unsupported"
    UNPLACED = "unplaced"


class PropertyStatus(Enum):
    PROVEN = "proven"
    VIOLATED = "violated"
    UNKNOWN = "unknown"


class SiteOutcome(Enum):
    """What the engines established about one check site (one copy of an invariant's check)."""
    PROVEN = "proven"          # the check holds on every execution (see the site's proof)
    FAILED = "failed"          # an engine found an execution on which it fails (to be replayed)
    UB = "ub"                  # evaluating the invariant has undefined behaviour there
    OPEN = "open"              # neither


class ProblemKind(Enum):
    """Why the engines have nothing to say at all."""
    TIMEOUT = "timeout"
    UNSUPPORTED = "unsupported"
    CRASH = "crash"
    MEMORY = "memory"          # z3's memory limit (engines/memory.py) before any finding


# the two readings of a do-while loop head (DESIGN.md: confirm only if the invariant holds at
# both, reject only if it fails at both)
DO_WHILE_READINGS = frozenset({DO_BODY_ENTRY, DO_BEFORE_CONDITION})
# an undefined-behaviour target whose description begins so is an execution the model does not
# cover (a pointer of another type into an object, ...): a target like undefined behaviour
# (reachable: no proof, no refutation through it), reported as not modelled
NOT_MODELLED = "not modelled: "
# a program whose expressions or statements nest deeper than the validator's recursive
# passes follow (the interpreter's recursion limit, `cli.RECURSION_LIMIT`): `unknown`
TOO_DEEP = "the program nests deeper than the validator follows"


def refutes(failing_readings: set, readings: set) -> bool:
    """Whether failures at `failing_readings` refute an invariant checked at `readings`: at
    every do-while reading it has, or anywhere if it is not at a do-while head."""
    do_readings = readings & DO_WHILE_READINGS
    return bool(failing_readings) and do_readings <= failing_readings


# ------------------------------------------------------------------ proofs and executions
@dataclass(frozen=True)
class Proof:
    """Proved by `engine`, assuming the checks of the sites in `assumptions` (site keys).

    `run` tells the proofs of one engine call apart: the sites one call proves together may
    assume each other (a simultaneously inductive set), sites of different calls may not."""
    engine: str
    assumptions: frozenset = frozenset()
    run: int = 0


@dataclass(frozen=True)
class ProofSummary:
    """A proof as the report shows it: its engine and the invariants (by index) it assumed."""
    engine: str
    assumes: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"engine": self.engine, "assumes": list(self.assumes)}


@dataclass(frozen=True)
class NondetValue:
    """One value an execution read: from `function` (None: an uninitialised local).  A
    floating value is a Python float (in JSON its exact `float.hex()` text: "nan", "inf",
    "-0x0.0p+0" are no JSON numbers)."""
    function: Optional[str]
    value: Union[int, float]
    line: Optional[int] = None
    variable: Optional[str] = None

    def to_json(self) -> dict[str, Any]:
        value = self.value.hex() if isinstance(self.value, float) else self.value
        return {"function": self.function, "value": value, "line": self.line,
                "variable": self.variable}


@dataclass(frozen=True)
class Step:
    """A branch an execution took: at `line`, the `branch` (True/False, or a case label)."""
    line: Optional[int]
    branch: Any


@dataclass(frozen=True)
class Counterexample:
    """An execution an engine found: its inputs in order, the branches it took, its target."""
    engine: str
    inputs: tuple[NondetValue, ...] = ()
    steps: tuple[Step, ...] = ()
    target_kind: Optional[str] = None
    target_key: Optional[str] = None
    target_line: Optional[int] = None
    uninitialised: tuple[NondetValue, ...] = ()
    length: int = 0                  # steps of the execution (blocks for BMC, edges for tests)
    # the ghost variables' values where the replayed execution reached its target, (name, value)
    ghosts: tuple[tuple[str, int], ...] = ()

    @classmethod
    def from_engine(cls, raw: dict, engine: str) -> "Counterexample":
        """From the plain record an engine builds (`inputs`, `steps`, `target`, ...)."""
        target = raw.get("target") or {}
        line = target.get("line")
        return cls(
            engine=raw.get("engine") or engine,
            inputs=tuple(_value(v) for v in raw.get("inputs", [])),
            steps=tuple(Step(s.get("line"), s.get("branch")) for s in raw.get("steps", [])),
            target_kind=target.get("kind"), target_key=target.get("key"),
            target_line=int(line) if line is not None else None,
            uninitialised=tuple(_value(v) for v in raw.get("uninitialised", [])),
            length=int(raw.get("length", len(raw.get("steps", [])))))

    def values(self) -> list[int]:
        return [v.value for v in self.inputs]

    def to_json(self) -> dict[str, Any]:
        """The report's shape (unchanged since the first report format)."""
        result: dict[str, Any] = {
            "inputs": [v.to_json() for v in self.inputs],
            "steps": [{"line": s.line, "branch": s.branch} for s in self.steps],
            "length": self.length,
            "engine": self.engine,
        }
        if self.uninitialised:
            result["uninitialised"] = [v.to_json() for v in self.uninitialised]
        if self.target_kind is not None:
            result["target"] = {"kind": self.target_kind, "key": self.target_key,
                                "line": self.target_line}
        if self.ghosts:
            result["ghosts"] = dict(self.ghosts)
        return result


def _value(raw: dict) -> NondetValue:
    value = raw["value"]
    if isinstance(value, str):
        value = float.fromhex(value)          # a floating value in its `to_json` form
    elif not isinstance(value, float):
        value = int(value)
    return NondetValue(raw.get("function"), value, raw.get("line"), raw.get("variable"))


# ------------------------------------------------------------------ engines -> pipeline
@dataclass
class SiteFinding:
    """One check site: invariant `index` checked at `where` (a reading of instrument.weave)."""
    key: int
    index: int
    where: str
    line: Optional[int]
    outcome: SiteOutcome = SiteOutcome.OPEN
    proof: Optional[Proof] = None
    unreachable: bool = False        # proven because no execution reaches it
    counterexample: Optional[Counterexample] = None
    calls: tuple = ()                # lines of the calls that inlined this copy (ir.CheckSite)


@dataclass
class EngineTimes:
    encode: float = 0.0
    solve: float = 0.0
    z3: float = 0.0                  # the part of `solve` spent inside z3's checks


@dataclass
class Findings:
    """Everything the engines found about one instrumented program."""
    sites: list[SiteFinding] = field(default_factory=list)
    property_outcome: SiteOutcome = SiteOutcome.OPEN       # PROVEN, FAILED (reached) or OPEN
    property_proof: Optional[Proof] = None
    property_counterexample: Optional[Counterexample] = None
    ub_found: list[str] = field(default_factory=list)      # UB reachable (an execution found)
    ub_open: list[str] = field(default_factory=list)       # UB not excluded
    # the proofs that excluded undefined behaviour and recursion cut-offs, by target name
    ub_proofs: dict[str, Proof] = field(default_factory=dict)
    bound_proofs: dict[str, Proof] = field(default_factory=dict)
    bound_open: list[str] = field(default_factory=list)    # recursion cut off where runs go on
    # undefined behaviour of the ghost updates (the witness's), by update number: found (to be
    # replayed), excluded (the proof), not excluded
    ghost_ub_found: dict[int, Counterexample] = field(default_factory=dict)
    ghost_ub_proofs: dict[int, Proof] = field(default_factory=dict)
    ghost_ub_open: list[int] = field(default_factory=list)
    problem: Optional[ProblemKind] = None
    problem_text: str = ""
    times: EngineTimes = field(default_factory=EngineTimes)
    timed_out: bool = False          # the engines stopped at their deadline, not done
    # z3 gave up on some query at its memory limit (engines/memory.py): what it was asked is
    # open for lack of memory
    memory_limited: bool = False
    # killed at the deadline while in this stage: the findings are the last snapshot
    interrupted: Optional[str] = None

    @classmethod
    def failure(cls, kind: ProblemKind, text: str = "",
                times: Optional[EngineTimes] = None) -> "Findings":
        return cls(problem=kind, problem_text=text, times=times or EngineTimes())


# ------------------------------------------------------------------ pipeline -> verdict core
@dataclass
class SiteEvidence:
    """One check site after the replays."""
    key: int
    where: str
    outcome: SiteOutcome
    proof: Optional[Proof] = None
    unreachable: bool = False
    refutation: Optional[Counterexample] = None    # replayed: a real execution violates it here
    unreplayed: bool = False                       # a counterexample that did not replay
    calls: tuple = ()                              # lines of the calls that inlined this copy
    line: Optional[int] = None                     # of the check (a return, for an ensures)


@dataclass
class InvariantEvidence:
    """One witness invariant: where it was placed, and the evidence of each of its sites."""
    index: int
    placement: str                                 # instrument.weave PLACED / UNPLACED / UNSUPPORTED
    placement_reason: Optional[str] = None
    sites: list[SiteEvidence] = field(default_factory=list)


@dataclass
class GhostUpdateEvidence:
    """One woven ghost assignment (`instrument.ghosts.WovenGhostUpdate`): whether evaluating it
    can have undefined behaviour (`has_target`: the CFA reaches it with a value that may have
    some), the proof that it has none, a replayed execution on which it has."""
    number: int
    what: str = ""                                 # how a person finds it (`describe()`)
    has_target: bool = False
    proof: Optional[Proof] = None
    refutation: Optional[Counterexample] = None    # replayed: undefined behaviour, really
    unreplayed: bool = False                       # found, but the replay did not show it


@dataclass
class Evidence:
    """Everything the verdict is derived from."""
    invariants: list[InvariantEvidence]
    property_supported: bool = True
    property_name: str = "unreach-call"
    property_proof: Optional[Proof] = None
    violation: Optional[Counterexample] = None     # replayed: a real execution reaches the error
    unreplayed_violation: bool = False
    ub_found: list[str] = field(default_factory=list)
    ub_open: list[str] = field(default_factory=list)
    ub_proofs: dict[str, Proof] = field(default_factory=dict)
    bound_open: list[str] = field(default_factory=list)
    bound_proofs: dict[str, Proof] = field(default_factory=dict)
    problem: Optional[str] = None                  # the engines ended without findings: why
    replay_unavailable: Optional[str] = None       # why gcc cannot build the program to replay
    unsupported_features: list[str] = field(default_factory=list)   # of the witness
    ghost_updates: list[GhostUpdateEvidence] = field(default_factory=list)


# ------------------------------------------------------------------ verdict core -> outputs
@dataclass
class InvariantDecision:
    index: int
    status: InvariantStatus
    placement: str
    reason: Optional[str] = None
    proofs: list[ProofSummary] = field(default_factory=list)    # of its sites, when confirmed
    counterexample: Optional[Counterexample] = None
    unreachable: bool = False

    @property
    def engine(self) -> Optional[str]:
        """The engines behind the status: the proofs' names, or the refutation's."""
        if self.status is InvariantStatus.REJECTED and self.counterexample is not None:
            return f"{self.counterexample.engine} + gcc replay"
        if self.proofs:
            return ", ".join(sorted({p.engine for p in self.proofs}))
        return None


@dataclass
class GhostUpdateDecision:
    """Whether a ghost assignment is free of undefined behaviour: `confirmed` (a proof, or no
    undefined behaviour is possible), `rejected` (a replayed execution has it), else `unknown`."""
    number: int
    status: InvariantStatus
    reason: Optional[str] = None
    proof: Optional[ProofSummary] = None
    counterexample: Optional[Counterexample] = None


@dataclass
class Decision:
    verdict: str                                   # validator.results RESULT_*
    reason: Optional[str]
    property_status: PropertyStatus
    property_proof: Optional[ProofSummary]
    invariants: list[InvariantDecision]
    counterexample: Optional[Counterexample] = None     # of the property, when violated
    # a proof contradicted by a replayed execution: a bug of ours, never a verdict
    internal_errors: list[str] = field(default_factory=list)
    ghost_updates: list[GhostUpdateDecision] = field(default_factory=list)

    @property
    def engine(self) -> Optional[str]:
        if self.property_status is PropertyStatus.VIOLATED and self.counterexample is not None:
            return f"{self.counterexample.engine} + gcc replay"
        return self.property_proof.engine if self.property_proof else None
