"""Ground truth from gcc executions: every execution of the program, in each data model.

Builds (driver.py): the *primary* build (-O0, UBSan trapping every report, our shadow flags
for reads of locals declared without initialiser) in LP64 and, with `gcc -m32`, ILP32.  The
LP64 primary binary runs a second time under valgrind memcheck when some execution reads such
a local (its definedness check of the same bytes must agree with the shadow flag at every
read), and cross-check builds run in LP64: AddressSanitizer with automatic variables
initialised to a pattern, and (when there are such locals) UBSan with them initialised to
zero.  Every execution of a cross-check must behave as the primary's up to the primary's
first undefined behaviour; otherwise, and when any run times out, crashes, needs too many
runs, or reads an indeterminate value inside an invariant, the program's ground truth is
doubtful and the case is discarded (`Truth.doubtful`), never guessed.

From the primary runs (each cut at its first undefined behaviour): is the error reachable,
is undefined behaviour reachable (and which), and for every invariant (id k, reading r: 0
at a location or a while/for head, 1 at do-while body entry, 2 before the do-while
condition) is its location reached, is it violated, and does evaluating it have undefined
behaviour (arithmetic invariants: the trap jumps back to the check, `IUB`)?
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from .analysis import Location
from .cprog import ARITHMETIC, MODELS, Binary, Expr, Hooks, Mode, Ref, Stmt, Unary
from .driver import build, run, valgrind_available
from .memory import Deref, PAdd, PCmp, PDiff
from .nodes import Field
from .program import Program

MEMORY_READS = (Deref, PAdd, PCmp, PDiff, Field)   # may have undefined behaviour (memrt.py)

# features (mempatterns.py) that make a program a memory program
MEMORY_PREFIXES = ("mem-", "float")
UB_END = ("TRAP", "UNINIT", "FALLOFF", "FPE", "MEM")


# ------------------------------------------------------------------ instrumentation
@dataclass
class Invariant:
    k: int
    location: Location
    expr: Expr
    text: str                         # as the witness writes it
    intent: str = ""                  # what the generator meant (true, off-by-one, ...)


def may_have_ub(expr: Expr) -> bool:
    """Arithmetic, unary minus, or a local declared without initialiser: undefined behaviour
    is possible (casts and comparisons only convert)."""
    return any(isinstance(e, Binary) and e.op in ARITHMETIC or isinstance(e, Unary) and e.op == "-"
               or isinstance(e, Ref) and e.var.tracked or isinstance(e, MEMORY_READS)
               for e in expr.walk())


class CheckHooks(Hooks):
    """Each invariant compiled in at its location: `__gt_inv(k, reading, e)`."""

    def __init__(self, invariants: list[Invariant]) -> None:
        self.at: dict[tuple[int, str], list[Invariant]] = {}
        for inv in invariants:
            self.at.setdefault((inv.location.stmt.uid, inv.location.kind), []).append(inv)

    def _checks(self, stmt: Stmt, kind: str, reading: int) -> list[str]:
        checks = []
        for i in self.at.get((stmt.uid, kind), []):
            e = i.expr.render(Mode(gt=True, read_site=1000 + i.k))
            if may_have_ub(i.expr):     # a trap ends only the evaluation (driver.py)
                checks.append(f"__GT_RISKY({i.k}, {reading}, {e})")
            else:
                checks.append(f"(__gt_inv_begin({i.k}), __gt_inv({i.k}, {reading}, {e}))")
        return checks

    def before(self, stmt: Stmt, function: str) -> list[str]:
        return [check + ";" for check in self._checks(stmt, "location", 0)]

    def cond(self, loop: Stmt, reading: int, function: str) -> list[str]:
        return self._checks(loop, "loop", reading)


class ProbeHooks(Hooks):
    """The values of a location's candidate variables, printed at each visit."""

    def __init__(self, locations: list[Location]) -> None:
        self.at = {(loc.stmt.uid, loc.kind): loc for loc in locations}

    def _probes(self, location: Optional[Location], reading: int) -> list[str]:
        if location is None:
            return []
        probes = []
        for j, var in enumerate(location.vars):
            read = Ref(var).render(Mode(gt=True))
            probes.append(f"__gt_probe_u({location.key * 4 + reading}, {j}, "
                          f"(unsigned long long){read})" if not var.type.signed else
                          f"__gt_probe({location.key * 4 + reading}, {j}, (long long){read})")
        return probes

    def before(self, stmt: Stmt, function: str) -> list[str]:
        return [p + ";" for p in self._probes(self.at.get((stmt.uid, "location")), 0)]

    def cond(self, loop: Stmt, reading: int, function: str) -> list[str]:
        return self._probes(self.at.get((loop.uid, "loop")), reading)


# ------------------------------------------------------------------ runs
@dataclass
class Run:
    vector: tuple[int, ...]
    sanity: bool
    events: list[tuple] = field(default_factory=list)
    end: str = ""                     # 'exit N' or 'signal N'

    @property
    def trace(self) -> list[tuple]:
        """What the program did, for comparing builds: draws, assumptions, checks, error."""
        return [e for e in self.events
                if e[0] in ("D", "P", "I", "IUB", "ERR", "EXIT", "BLOCK", "RET", "ABORT")]

    def outcome(self) -> str:
        """end, error, need, ub:<kind>, or doubtful:<why>."""
        kind, code = self.end.split() if self.end else ("", "0")
        code = int(code) if code.lstrip("-").isdigit() else -1
        last = self.events[-1] if self.events else ("",)
        if kind == "exit" and 100 <= code < 200:
            return "need"
        if any(e[0] == "VGERR" for e in self.events):
            return "doubtful:valgrind reports an error of its own"
        if last[0] in UB_END:
            inside = last[0] != "FALLOFF" and last[-1] != -1       # in an invariant's check
            return f"doubtful:ub-in-invariant ({last[0]})" if inside else f"ub:{last[0].lower()}"
        if last[0] == "ERR":
            return "error"
        if last[0] in ("SEGV", "ALARM", "DISAGREE", "GTFULL"):
            return f"doubtful:{last[0].lower()}"
        if kind == "exit" and code == 67:
            return "ub:asan"
        if last[0] in ("RET", "EXIT", "BLOCK", "ABORT") and kind == "exit":
            return "end"
        return f"doubtful:ended with {self.end} after {last[0] or 'nothing'}"


@dataclass
class RunSet:
    runs: list[Run]
    complete: bool
    problem: str = ""


def parse(text: str) -> RunSet:
    runs: list[Run] = []
    done = limit = False
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        head = words[0]
        if head == "RUN":
            runs.append(Run(tuple(int(w) for w in words[3:]), words[2] == "1"))
        elif head == "END" and runs:
            runs[-1].end = " ".join(words[2:4])
        elif head == "DONE":
            done = True
        elif head == "LIMIT":
            limit = True
        elif runs:
            runs[-1].events.append((head, *(int(w) for w in words[1:])))
    problem = "more than the limit of runs" if limit else "" if done else "the driver did not finish"
    return RunSet(runs, done and not limit, problem)


# ------------------------------------------------------------------ facts
@dataclass
class Facts:
    """The ground truth of one program in one data model."""
    executions: int = 0
    error: bool = False
    ub: set[str] = field(default_factory=set)
    reached: set[tuple[int, int]] = field(default_factory=set)     # (invariant, reading)
    violated: set[tuple[int, int]] = field(default_factory=set)
    invariant_ub: set[tuple[int, int]] = field(default_factory=set)  # UB evaluating it
    observed: dict[tuple[int, int], set[int]] = field(default_factory=dict)  # probe, var
    doubtful: str = ""
    complete: bool = True             # every execution ran (False: a sample of float inputs)


def facts_of(runs: RunSet, program: Program) -> Facts:
    facts = Facts(complete=all(d.exhaustive for d in program.draws))
    if not runs.complete:
        facts.doubtful = runs.problem
        return facts
    assumed = {d.site for d in program.draws if d.assumed}
    for r in runs.runs:
        outcome = r.outcome()
        if r.sanity:
            if outcome not in ("end", "need") or _passes_last_draw(r):
                facts.doubtful = f"an out-of-domain input was not blocked: {r.vector}"
            if outcome == "need":
                facts.doubtful = f"an out-of-domain input passed its assumption: {r.vector}"
            continue
        if outcome.startswith("doubtful"):
            facts.doubtful = f"{outcome[9:]} on input {list(r.vector)}"
            return facts
        if not _draws_pass(r, assumed):
            facts.doubtful = f"a domain value was blocked: {list(r.vector)}"
            return facts
        for e in r.events:
            if e[0] == "I":
                facts.reached.add((e[1], e[2]))
                if not e[3]:
                    facts.violated.add((e[1], e[2]))
            elif e[0] == "IUB":
                facts.reached.add((e[1], e[2]))
                facts.invariant_ub.add((e[1], e[2]))
            elif e[0] == "O":
                facts.observed.setdefault((e[1], e[2]), set()).add(e[3])
        if outcome == "need":
            continue
        facts.executions += 1
        if outcome == "error":
            facts.error = True
        elif outcome.startswith("ub:"):
            facts.ub.add(outcome[3:])
    return facts


def _draws_pass(r: Run, assumed: set[int]) -> bool:
    """After every draw at an assumed site, that site's assumption let the run pass."""
    events = [e for e in r.events if e[0] in ("D", "P")]
    for i, e in enumerate(events):
        if e[0] == "D" and e[1] in assumed and (i + 1 >= len(events) or events[i + 1] != ("P", e[1])):
            return False
    return True


def _passes_last_draw(r: Run) -> bool:
    draws = [i for i, e in enumerate(r.events) if e[0] == "D"]
    return bool(draws) and any(e[0] == "P" for e in r.events[draws[-1]:])


def disagreement(primary: RunSet, other: RunSet, name: str) -> str:
    """Why `other` does not behave as `primary` up to the primary's first UB ('' if it does)."""
    if not other.complete:
        return f"{name}: {other.problem}"
    by_vector = {(r.vector, r.sanity): r for r in other.runs}
    for p in primary.runs:
        mine = p.outcome()
        q = by_vector.get((p.vector, p.sanity))
        if q is None:
            if mine.startswith("ub:"):
                continue
            return f"{name}: no run on input {list(p.vector)}"
        theirs = q.outcome()
        if theirs.startswith("doubtful"):
            return f"{name}: {theirs[9:]} on input {list(p.vector)}"
        if mine.startswith("ub:"):
            if q.trace[:len(p.trace)] != p.trace:
                return f"{name}: differs before the undefined behaviour on {list(p.vector)}"
        elif q.trace != p.trace or theirs != mine:
            return f"{name}: {theirs} where the primary build has {mine} on {list(p.vector)}"
    return ""


# ------------------------------------------------------------------ the whole ground truth
@dataclass
class Truth:
    models: dict[str, Facts] = field(default_factory=dict)
    doubtful: str = ""
    builds: int = 0


def _hooks(hooks: Hooks, plan, contracts=(), funcs=()) -> Hooks:
    """The hooks with the contracts' checks (or the probes of the functions that may get one:
    contractgen.py) and inside the ghost plan's updates when there is one (ghostgen.py)."""
    from .contractgen import ContractHooks, ProbeContracts
    if contracts:
        hooks = ContractHooks(hooks, list(contracts))
    elif funcs:
        hooks = ProbeContracts(hooks, list(funcs))
    if plan is None:
        return hooks
    from .ghostgen import GhostHooks
    return GhostHooks(hooks, plan)


def ground_truth(program: Program, invariants: list[Invariant], directory: Path,
                 use_valgrind: Optional[bool] = None, cross_checks: bool = True,
                 plan=None, contracts=()) -> Truth:
    """Build and run the program with every invariant compiled in, in both data models (and
    the ghost updates of `plan`, a ghostgen.GhostPlan; the checks of `contracts`)."""
    text = program.render(Mode(gt=True, hooks=_hooks(CheckHooks(invariants), plan, contracts)))
    truth = Truth()
    primaries: dict[str, RunSet] = {}
    for model in MODELS:
        b = build(text, program.draws, model, "primary", directory)
        truth.builds += 1
        if b.binary is None:
            truth.doubtful = f"gcc failed ({model}): {b.error.strip()[:300]}"
            return truth
        primaries[model] = parse(run(b.binary).text)
        truth.models[model] = facts_of(primaries[model], program)
        if truth.models[model].doubtful:
            truth.doubtful = f"{model}: {truth.models[model].doubtful}"
            return truth
    if use_valgrind is None:
        use_valgrind = valgrind_available()
    checks: list[tuple[str, str, bool, str]] = []
    if cross_checks:
        checks.append(("asan-pattern", "AddressSanitizer/pattern build", False, "LP64"))
        if any(f.startswith(MEMORY_PREFIXES) for f in program.features):
            # memory programs: AddressSanitizer in ILP32 too (gcc -m32 supports it here)
            checks.append(("asan-pattern", "AddressSanitizer/pattern build (ILP32)", False,
                           "ILP32"))
        if program.has_tracked():
            checks.append(("zero", "zero-initialised build", False, "LP64"))
    # valgrind checks the reads of locals declared without initialiser: only if there are any
    read_tracked = any(e[0] == "OBS" for r in primaries["LP64"].runs for e in r.events)
    if use_valgrind and read_tracked:
        checks.append(("primary", "valgrind", True, "LP64"))
    for flavour, name, valgrind, model in checks:
        if valgrind:
            output = run(directory / "primary-LP64", valgrind=True)
        else:
            b = build(text, program.draws, model, flavour, directory)
            truth.builds += 1
            if b.binary is None:
                truth.doubtful = f"gcc failed ({name}): {b.error.strip()[:300]}"
                return truth
            output = run(b.binary)
        why = disagreement(primaries[model], parse(output.text), name)
        if why:
            truth.doubtful = why
            return truth
    return truth


def probe(program: Program, locations: list[Location], directory: Path,
          plan=None, funcs=()) -> dict[str, Facts]:
    """The values at the locations over all executions, per data model (steers choices only);
    `funcs`: (function, first location) whose parameters and results are probed too."""
    text = program.render(Mode(gt=True, hooks=_hooks(ProbeHooks(locations), plan, (), funcs)))
    observed = {}
    for model in MODELS:
        b = build(text, program.draws, model, "primary", directory)
        if b.binary is None:
            raise RuntimeError(f"gcc failed on the probe build ({model}): {b.error[:500]}")
        observed[model] = facts_of(parse(run(b.binary).text), program)
    return observed


def temporary_directory() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="soundness-")
