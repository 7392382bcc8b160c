"""The engines in order under one deadline, and what they establish about each target.

Order: the cut-point check with Houdini on the witness alone (cheap, proves inductive
witnesses), random testing (shallow counterexamples, and sampled states), the bounded
unfolding (`unfold.py`: programs whose executions all end soon), the cut-point check
again with lemmas of our own guessed from those samples, for a program that reads no input its
gcc-compiled run (errors behind very long loops), a short BMC round on the real program
(counterexamples; complete for programs without long paths), k-induction and CHC (Spacer) for
what is left, the compiled program on random inputs, and BMC again with the time that
remains.  A recursive program is analysed with recursion inlined ever deeper, and, after the
first test runs, through procedure summaries (`summaries.py`), which prove executions of any
depth.  `process.py` runs all this in a child process that is killed at the deadline.
"""
from __future__ import annotations

import functools
import time
from typing import Callable, Optional

import z3

from ..evidence import (Counterexample, EngineTimes, Findings, ProblemKind, Proof, SiteFinding,
                        SiteOutcome, refutes)
from ..semantics.blocks import (BOUND, ERROR, FAIL, GHOST_UB, INVARIANT_UB, OVERFLOW, UB,
                                TransitionSystem)
from ..semantics.c_types import ArrayType, Unsupported
from ..semantics.encode import SIGNED_OVERFLOW
from ..semantics.cfa import MAX_RECURSION, woven_program_cfa
from ..semantics.ir import Havoc
from ..semantics.solver_clock import memory_stop
from ..semantics.theories import BitVectors, CheckedIntegers, checked_integer_obstacle
from .houdini import houdini, surely_reached, unreachable_targets
from .options import EngineOptions
from .summaries import ProcedureSummaries

# Every engine but the cut-point check is imported where it runs: a witness the cut-point check
# confirms needs none of them, and the early child (process.py) imports them while it waits
# for its task, so that a run that needs them does not wait for their imports either.
LATER_ENGINE_MODULES = (".testing", ".candidates", ".nonlinear", ".unfold", ".bmc", ".kinduction",
                        ".chc", ".fuzzing", "..execution.replay", "..execution.shadow")

TESTING_SECONDS = 0.2
TESTING_SECONDS_PER_EDGE = 1e-5     # our interpreter takes about 3 microseconds an edge
MANY_SITES = 100       # check sites from which random testing runs before the cut-point checks
FIRST_BMC_SECONDS = 0.5
OWN_LEMMAS_FIRST_SECONDS = 1.0   # our lemmas' cut-point check before an unfolding
SPACER_BARE_SHARE = 0.2   # of Spacer's time, for its try without our lemmas
UNFOLD_SECONDS = 5.0     # bounded unfolding (unfold.py): programs whose executions all end soon
UNFOLD_SHARE = 0.15
UNFOLD_FIRST_SECONDS = 1.0   # its first slice, before a short try of our own lemmas
RECURSION_BOUNDS = (2, 4, 6, 8, 10, 12, 16, 24, 32, MAX_RECURSION)
DEEP_TESTING_SECONDS = 5.0
DEEP_TESTING_SHARE = 0.1
NATIVE_SECONDS = 10.0    # the gcc-compiled run of a program that reads no input
NATIVE_SHARE = 0.2
NATIVE_ENGINE = "native execution (the program reads no input)"
SPACER_SHARE = 0.7       # of the time left; native random testing and BMC get the rest
# of the time left for k-induction: a step case that runs to the deadline left the last BMC
# round nothing (bitvector-loops/verisec_sendmail_tTflag_arr_one_loop: BMC alone refutes it
# in 4 s; k-induction took 25 s of 30 on a loaded machine and the answer was `unknown`)
KINDUCTION_SHARE = 0.5
FUZZ_SECONDS = 3.0       # native random testing: the compiled program on random inputs
FUZZ_SHARE = 0.3
FUZZ_ENGINE = "native random testing"
# procedure summaries of a recursive program: a short try in the first round, a long one
# (this share of the time left) once inlining deeper cannot prove it
SUMMARY_FIRST_SECONDS = 1.0
SUMMARY_SHARE = 0.5
SUMMARY_ENGINE = "chc with procedure summaries (spacer)"
TIMED_OUT_SLACK = 0.25   # engines that end this close to their deadline ran out of time


def analyse(weave_result, data_model: str, error_function: str, deadline: float,
            options: EngineOptions = EngineOptions(),
            report: Optional[Callable[[str, object], None]] = None) -> Findings:
    """Everything the engines find (it crosses a process boundary).

    A recursive program is analysed with recursion inlined 2, 4, 8, ... calls deep, each time
    with half the time left, until the cut-offs are shown unreachable (then the proofs hold
    for every execution), the verdict is decided, or the bound reaches MAX_RECURSION.
    `report(kind, value)` (process.py) learns the stage ("stage": "encoding", "solving") and,
    after each engine step that established something, the findings so far ("snapshot").
    """
    encode_time = solve_time = z3_time = 0.0
    answer: Optional[Findings] = None
    summaries = ProcedureSummaries(weave_result, data_model, error_function,
                                   options.uninitialized)
    # the gcc-compiled runs (the only execution, random inputs) are the same at every
    # recursion bound: each runs once, with the time of the round that asks first
    native_run = _once(lambda seconds: _native_run(weave_result, error_function, data_model,
                                                   seconds))
    native_fuzz = _once(lambda seconds: _native_fuzz(weave_result, error_function, data_model,
                                                     seconds))
    shadowed = functools.cache(lambda: _shadowed_locals(weave_result.ast))

    run_serial = 1              # numbers the engine calls that prove something (Proof.run)
    for bound in RECURSION_BOUNDS:
        started = time.perf_counter()
        if report is not None:
            report("stage", "encoding")
        try:
            cfa = woven_program_cfa(weave_result, data_model, error_function, bound,
                                    uninitialized=options.uninitialized)
            ts = TransitionSystem(cfa, deadline=deadline)
        except Unsupported as e:
            return Findings.failure(ProblemKind.UNSUPPORTED, str(e),
                                    EngineTimes(encode=time.perf_counter() - started))
        except TimeoutError:
            if answer is None:
                return Findings.failure(ProblemKind.TIMEOUT)
            break          # inlining deeper did not fit in the time: the last round stands
        except z3.Z3Exception as e:
            if not memory_stop(e):
                raise
            if answer is None:
                return Findings.failure(ProblemKind.MEMORY, "encoding",
                                        EngineTimes(encode=time.perf_counter() - started))
            answer.memory_limited = True
            break          # inlining deeper did not fit in memory: the last round stands
        encode_time += time.perf_counter() - started
        started = time.perf_counter()
        if report is not None:
            report("stage", "solving")
        last = not cfa.bounds or bound == RECURSION_BOUNDS[-1]
        until = deadline if last else time.monotonic() + (deadline - time.monotonic()) / 2
        search = _Search(ts, until, options, first_run=run_serial)
        search.native_run = native_run
        search.native_fuzz = native_fuzz
        search.shadowed = shadowed
        search.summaries = summaries
        search.final_deadline = deadline
        search.report = report
        try:
            search.run(options.engines, deeper_possible=not last)
        except TimeoutError:
            pass
        except z3.Z3Exception as e:
            if not memory_stop(e):
                return Findings.failure(ProblemKind.UNSUPPORTED, f"solver failure: {e}",
                                        EngineTimes(encode=encode_time))
            # z3 stopped at its memory limit outside a check: what was established stands,
            # and the engines stop (what follows would meet the same limit)
            search.memory_out = True
        run_serial = search.next_run
        answer = search.findings()
        solve_time += time.perf_counter() - started
        z3_time += search.z3_seconds()
        if last or search.decided() or not answer.bound_open or time.monotonic() > deadline \
                or search.memory_out:
            break
    # "z3" is the part of "solve" spent inside z3's checks; the rest is our Python
    # the engines stopped because their time was up, not because nothing was left to try
    answer.timed_out = time.monotonic() >= deadline - TIMED_OUT_SLACK
    answer.times = EngineTimes(encode=encode_time + summaries.encode_seconds,
                               solve=solve_time - summaries.encode_seconds,
                               z3=z3_time + summaries.z3_seconds())
    return answer


class _Search:
    """What the engines have established so far about the targets of one transition system.

    A target is (kind, key): the error call, a failing check site, undefined behaviour.  It is
    `proven` unreachable or `found` with a counterexample; the status of a check site follows
    from its targets.  Per-invariant soundness: a proof may assume the witness invariants in
    `active()` only, and every such proof is of all their check targets at once.
    """

    def __init__(self, ts: TransitionSystem, deadline: float, options: EngineOptions,
                 first_run: int = 1) -> None:
        self.ts = ts
        self.deadline = deadline
        self.options = options
        self.stop_at_refutation = options.stop_at_refutation
        self.sites = {c.site: c for c in ts.cfa.checks if c.node in ts.reachable}
        self.status = {s: None for s in self.sites}       # "proven", "failed", "ub"
        self.proof_of: dict = {}                            # target -> Proof
        self.next_run = first_run                           # the next engine call's Proof.run
        self.unreachable: set = set()
        self.counterexamples: dict = {}
        self.all_targets = {(t.kind, t.key) for b in ts.blocks.values() for t in b.targets}
        self.proven: set = set()
        self.found: dict = {}
        self.lemmas: dict = {}                              # cut point -> proven lemmas
        self.surely_reached: Optional[set] = None           # `houdini.surely_reached`, once
        self.samples: dict = {}
        self.longest_run = 0          # blocks of the longest test run (TestingResult)
        self.tested = False                                 # random testing ran
        self.bmc_depth = 0
        self.checked: Optional[TransitionSystem] = None    # the checked-integer system, if any
        self.own_lemmas: Optional[dict] = None    # guessed by candidates.py, once
        self.own_lemmas_checked = False           # their cut-point check ran to its end
        self.unfolder = None                      # the bounded unfolding (unfold.Unfolding)
        self.native_run = None         # seconds -> ReplayResult of the gcc build without inputs
        self.native_fuzz = None        # seconds -> FuzzResult: the gcc build on random inputs
        self.shadowed = lambda: frozenset()   # the locals whose uninitialised reads trap there
        self.summaries: Optional[ProcedureSummaries] = None    # for recursive programs
        self.final_deadline = deadline     # of the whole analysis (this round may end earlier)
        # (kind, value) -> None: the snapshots that a run stopped at its deadline reports
        self.report: Optional[Callable[[str, object], None]] = None
        self.reported: Optional[tuple] = None       # what the last snapshot had established
        self.memory_out = False        # z3 stopped at its memory limit outside a check

    # ------------------------------------------------------------ bookkeeping
    def open_targets(self) -> set:
        return {t for t in self.all_targets if t not in self.proven and t not in self.found}

    def active(self) -> frozenset:
        """Invariants that may be assumed: none of their checks is known to fail."""
        failed = {self.sites[s].index for s in self.sites if self.status[s] in ("failed", "ub")}
        return frozenset(site.index for site in self.sites.values()) - failed

    def wanted(self) -> set:
        """Open targets to prove together: the property, UB (the program's and the ghost
        updates'), and checks of active invariants."""
        active = self.active()
        return {t for t in self.open_targets()
                if t[0] in (ERROR, UB, BOUND, GHOST_UB) or self.sites[t[1]].index in active}

    def prove(self, keys: set, engine: str, assumptions: frozenset = frozenset()) -> None:
        """`keys` proven together by one engine call that assumed the checks of the sites in
        `assumptions` (site keys; they must be proven too for the proof to count)."""
        proof = Proof(engine, frozenset(assumptions), self.next_run)
        self.next_run += 1
        for key in keys:
            if key in self.found or key in self.proven:
                continue
            self.proven.add(key)
            self.proof_of[key] = proof
        for kind, site in keys:
            if kind in (FAIL, INVARIANT_UB) and self.status.get(site) is None \
                    and self.site_proof(site) is not None:
                self.status[site] = "proven"

    def site_proof(self, site) -> Optional[Proof]:
        """The proof that a check site holds: its check cannot fail AND evaluating its
        invariant has no undefined behaviour (both targets proven; one proof when one engine
        call proved both, else the later call with the assumptions of both)."""
        fail = self.proof_of.get((FAIL, site))
        no_ub = self.proof_of.get((INVARIANT_UB, site))
        if fail is None or (no_ub is None and (INVARIANT_UB, site) in self.all_targets):
            return None
        if no_ub is None or no_ub == fail:
            return fail
        later = max((fail, no_ub), key=lambda p: p.run)
        engines = " + ".join(dict.fromkeys((fail.engine, no_ub.engine)))
        return Proof(engines, fail.assumptions | no_ub.assumptions, later.run)

    def assumed_sites(self, lemmas: dict, active: frozenset = frozenset()) -> frozenset:
        """The sites a proof assumes: witness lemmas that survived Houdini in `lemmas`, and
        every site of the invariants in `active` (their assumptions are switched on)."""
        from_lemmas = {name[1] for ls in lemmas.values() for name, _ in ls
                       if isinstance(name, tuple) and name[0] == "site"}
        return frozenset(from_lemmas | {s for s, site in self.sites.items()
                                        if site.index in active})

    def record_found(self, found: dict, engine: str) -> None:
        for key, counterexample in found.items():
            if key in self.found:
                continue
            counterexample.setdefault("engine", engine)
            self.found[key] = counterexample
            if key[0] in (FAIL, INVARIANT_UB):
                self.status[key[1]] = "failed" if key[0] == FAIL else "ub"
                self.counterexamples[key[1]] = counterexample

    def z3_seconds(self) -> float:
        return self.ts.clock.seconds + (self.checked.clock.seconds if self.checked else 0.0)

    def memory_limited(self) -> bool:
        """Whether z3 gave up on something at its memory limit (engines/memory.py)."""
        clocks = [self.ts.clock] + ([self.checked.clock] if self.checked else []) + \
            ([self.summaries.ts.clock] if self.summaries and self.summaries.ts else [])
        return self.memory_out or any(c.memory_out for c in clocks)

    def remaining(self) -> float:
        return self.deadline - time.monotonic()

    def decided(self) -> bool:
        """The verdict is `false` whatever else is found (if the counterexample replays), or
        `unknown` whatever else is found (`settled_by_undefined_behaviour`)."""
        if (ERROR, None) in self.found or self.settled_by_undefined_behaviour():
            return True
        if not self.stop_at_refutation:
            return False
        failed_where: dict[int, set] = {}
        for kind, key in self.found:
            if kind == FAIL:
                site = self.sites[key]
                failed_where.setdefault(site.index, set()).add(site.where)
        for index, wheres in failed_where.items():
            if refutes(wheres, {s.where for s in self.sites.values() if s.index == index}):
                return True
        return False

    def settled_by_undefined_behaviour(self) -> bool:
        """The program's undefined behaviour is reachable (the verdict is `unknown` unless the
        error is reached) and every other target is settled: the error and each check proven
        or found, no recursion cut-off passed.  Nothing left open can change the verdict, an
        invariant's status or a certificate; the engines after would look for more undefined
        behaviour only (ntdrivers-simplified/kbfiltr_simpl1: 4.8 of its 7.2 s)."""
        if not self.undefined_behaviour_found():
            return False
        return all(t in self.proven or (t in self.found and t[0] != BOUND)
                   for t in self.all_targets if t[0] != UB)

    def proofs_moot(self, needed: set) -> bool:
        """Whether proving `needed` could change nothing: the program's undefined behaviour
        is reachable (the verdict is `unknown` unless the error is reached), and `needed`
        holds only the error and undefined behaviour, no check whose status a proof decides
        (nla-digbench/geo1-ll with a witness too weak for the error: 21 of its 27 s went to
        proving the error unreachable after the overflow was found)."""
        return self.undefined_behaviour_found() and all(t[0] in (ERROR, UB) for t in needed)

    def undefined_behaviour_found(self) -> bool:
        """An execution reaches the program's undefined behaviour: the verdict is `unknown`
        unless the error is reached."""
        return any(kind == UB for kind, _ in self.found)

    # ------------------------------------------------------------ engines, in order
    def run(self, engines: tuple, deeper_possible: bool = False) -> None:
        """The engines in order; each step only while something is open and undecided.

        With `deeper_possible`, a test run that reaches a recursion cut-off ends the search:
        no proof can succeed at this bound, and a deeper one finds every counterexample too.
        """
        def go(engine: str, needed: set) -> bool:
            self.send_snapshot()          # what the engines before this one established
            return engine in engines and bool(needed) and not self.decided()

        def may_prove(engine: str, needed: set) -> bool:
            # once an execution recurses deeper than inlined, no proof holds at this bound
            return go(engine, needed) and not any(t[0] == BOUND for t in self.found) \
                and not self.proofs_moot(needed)

        recursive = bool(self.ts.cfa.bounds)
        if recursive and go("testing", self.open_targets()):
            # before the cut-point checks: a run that passes a recursion cut-off makes their
            # proofs moot at this bound (a nonlinear contract kept them busy for 24 s)
            self.random_testing()
        if recursive and go("testing", self.open_targets()):
            self.native_execution()                           # deeper than we inline
        if recursive and go("chc", self.wanted()):
            # a short try before the cut-point checks: a summary proves what no bound can, in
            # a fraction of a second where it succeeds (a function contract's restated
            # `ensures`), while the checks before it took half a minute under load
            self.procedure_summaries(long=False)
        if len(self.sites) >= MANY_SITES and go("testing", self.open_targets()) \
                and not self.tested:
            # a wrong invariant among thousands: a test run refutes it at once, while Houdini
            # drops it and then, one query each, the invariants after it that needed it
            # (1,000 invariants: `unknown` after 117 s)
            self.random_testing()
        checked = self.checked = self.checked_system() if "houdini" in engines else None
        if checked is not None:
            from .nonlinear import has_products, integer_executions, nonlinear_lemmas
        products = checked is not None and has_products(checked)
        if products and may_prove("houdini", self.open_targets()):
            # polynomial invariants: a short BMC round in checked integers before any proof
            # (a wrong bound at fermat1-ll's first loop head, false at depth 0, kept the
            # nonlinear checks busy for 27 s; bit-vector BMC took 10 s to find it), then
            # bounds on the factors (nonlinear.py) before the bit-vector checks, whose 64-bit
            # products take seconds a query
            if go("testing", self.open_targets()) and not self.tested:
                self.random_testing()
            if go("bmc", self.open_targets()):
                self.record_found(integer_executions(
                    checked, self.ts.cfa, self.open_targets(),
                    min(self.deadline, time.monotonic() + FIRST_BMC_SECONDS)), "bmc (integers)")
            if may_prove("houdini", self.open_targets()):
                self.checked_cut_point_check(
                    checked, nonlinear_lemmas(checked, self.samples, self.sites.values()))
        elif checked is not None and may_prove("houdini", self.open_targets()):
            self.checked_cut_point_check(checked, {})         # exact where nothing overflows
        if may_prove("houdini", self.open_targets()) and self.sites:
            self.cut_point_check({}, "cut-point check")       # the witness alone: cheap
        if go("testing", self.open_targets()) and not self.tested:
            self.random_testing()
        if go("testing", self.open_targets()) and self.beyond_simulation():
            # arrays too large for our runs: only the compiled program runs these executions,
            # before the proof engines (100000 elements filled from inputs, copied, compared)
            self.native_random_testing(min(FUZZ_SECONDS, FUZZ_SHARE * self.remaining()))
        cut_off_reached = any(t[0] == BOUND for t in self.found)
        if recursive and cut_off_reached and go("testing", self.open_targets()):
            # executions recurse deeper than inlined: the compiled program follows them
            self.native_random_testing(min(FUZZ_SECONDS, FUZZ_SHARE * self.remaining()))
        # inlining deeper cannot prove anything (or, without test runs, none can tell)
        if recursive and (cut_off_reached or not deeper_possible or "testing" not in engines) \
                and go("chc", self.wanted()):
            self.procedure_summaries(long=True)
        if deeper_possible and not self.decided() and cut_off_reached:
            return
        if may_prove("bmc", self.open_targets()) and self.runs_fit_unfolding():
            # every execution ends after a few blocks (constant loop bounds): unfolded before
            # the guessed lemmas, whose Houdini can take all the time (avg05-1: 26 s), with a
            # short try of them after the unfolding's first slice: the test runs were short,
            # but an input may make a loop long (trex01-2: the unfolding gave up after 4 s,
            # the lemmas proved it in 0.3 s); not when a test run went through more blocks
            # than it unfolds (call_in_loop: 4 of its 5 s were an unfolding that could not end)
            budget = min(UNFOLD_SECONDS, UNFOLD_SHARE * self.remaining())
            started = time.monotonic()
            self.unfolding(min(UNFOLD_FIRST_SECONDS, budget))
            if may_prove("houdini", self.open_targets()) and self.has_own_lemmas():
                self.own_lemma_check(OWN_LEMMAS_FIRST_SECONDS)
            if may_prove("bmc", self.open_targets()):
                self.unfolding(budget - (time.monotonic() - started))
        if checked is not None and may_prove("houdini", self.open_targets()) and self.samples:
            from .candidates import guess_lemmas
            self.checked_cut_point_check(checked, guess_lemmas(checked, self.samples))
        if may_prove("houdini", self.open_targets()) and self.has_own_lemmas() \
                and not self.own_lemmas_checked:
            self.own_lemma_check()
        if not recursive and go("testing", self.open_targets()):
            self.native_execution()                           # longer than we interpret
        if go("bmc", self.open_targets()):
            # a short first round: shallow counterexamples and small bounded programs
            later = {"kinduction", "chc"} & set(engines)
            self.run_bmc(min(self.deadline, time.monotonic() + FIRST_BMC_SECONDS)
                         if later else self.deadline)
        if may_prove("kinduction", self.wanted()):
            self.k_induction()
        if go("testing", self.open_targets()):
            self.deep_testing(min(DEEP_TESTING_SECONDS, DEEP_TESTING_SHARE * self.remaining()))
        if may_prove("chc", self.wanted()):
            self.spacer(self.deadline - (1 - SPACER_SHARE) * self.remaining()
                        if "bmc" in engines else self.deadline)
        if go("testing", self.open_targets()):
            self.native_random_testing(min(FUZZ_SECONDS, FUZZ_SHARE * self.remaining()))
        if go("bmc", self.open_targets()) and self.remaining() > 0 \
                and not self.proofs_moot(self.open_targets()):
            # deep counterexamples, with whatever time is left; not for the error alone once
            # the program's undefined behaviour is reachable: the refuters before had their
            # share, and all the time left could only turn `unknown` into `false`
            self.run_bmc(self.deadline)

    def beyond_simulation(self) -> bool:
        from .testing import beyond_simulation
        return beyond_simulation(self.ts.cfa)

    def runs_fit_unfolding(self) -> bool:
        from .unfold import MAX_STEPS
        return self.longest_run <= MAX_STEPS

    def arrays(self) -> bool:
        return any(isinstance(v.type, ArrayType) for v in self.ts.variables)

    def has_own_lemmas(self) -> bool:
        """Whether candidates.py guesses lemmas: from the test runs' samples, and without
        samples for flags, objects and arrays (testing does not simulate large arrays, and
        may reach no cut point at all)."""
        return bool(self.samples or self.ts.cfa.flags or self.ts.cfa.objects or self.arrays())

    def own_lemma_check(self, seconds: Optional[float] = None) -> None:
        """The cut-point check with our own lemmas; with `seconds`, a try that gives up after
        them and leaves the check to a later call (the lemmas are guessed once)."""
        from .candidates import guess_lemmas
        if self.own_lemmas is None:
            self.own_lemmas = guess_lemmas(self.ts, self.samples)
        until = self.deadline if seconds is None else \
            min(self.deadline, time.monotonic() + seconds)
        try:
            self.cut_point_check(self.own_lemmas, "cut-point check with our own lemmas", until)
        except TimeoutError:
            if seconds is None or time.monotonic() >= self.deadline:
                raise
            return
        # (`unreachable_targets` gives up at `until` without an error: then not done)
        self.own_lemmas_checked = time.monotonic() < until

    def cut_point_check(self, candidates: dict, engine: str,
                        until: Optional[float] = None) -> None:
        """Houdini on the witness invariants (plus `candidates`), then the targets they
        exclude; by `until` (default: the deadline), else Houdini's TimeoutError."""
        until = self.deadline if until is None else until
        candidates = {c: list(ls) for c, ls in candidates.items()}
        if self.surely_reached is None:         # the same for every check of this system
            self.surely_reached = surely_reached(self.ts)
        # a cut point reached unconditionally or by a test run gets no candidate `False`:
        # Houdini would drop it, with a query each (1,000 invariants after branches: half of
        # Houdini's queries); a candidate not asked only keeps less
        reached = self.surely_reached | self.samples.keys()
        for s, site in self.sites.items():
            candidates.setdefault(site.node, []).append((("site", s), self.ts.lemma(site.cond)))
            if site.node not in reached:
                candidates.setdefault(site.node, []).append((("false", site.node),
                                                             z3.BoolVal(False)))
        self.lemmas = houdini(self.ts, candidates, until)
        for s, site in self.sites.items():
            if ("false", site.node) in {k for k, _ in self.lemmas.get(site.node, [])}:
                self.unreachable.add(s)
        self.prove(unreachable_targets(self.ts, self.lemmas, until), engine,
                   self.assumed_sites(self.lemmas))

    def checked_system(self) -> Optional[TransitionSystem]:
        """The program in `CheckedIntegers`, where bit-vectors are all the main system has
        (nonlinear arithmetic) and checked integers can represent it; else None."""
        if not isinstance(self.ts.theory, BitVectors) or checked_integer_obstacle(self.ts.cfa):
            return None
        return TransitionSystem(self.ts.cfa, CheckedIntegers())

    def checked_cut_point_check(self, checked: TransitionSystem, candidates: dict) -> None:
        """Houdini in checked integers.  Its proofs count only if they include every overflow
        obligation: then no real execution overflows, and real and checked values agree."""
        candidates = {c: list(ls) for c, ls in candidates.items()}
        for s, site in self.sites.items():
            candidates.setdefault(site.node, []).append((("site", s), checked.lemma(site.cond)))
        lemmas = houdini(checked, candidates, self.deadline)
        proven = unreachable_targets(checked, lemmas, self.deadline)
        obligations = {(t.kind, t.key) for b in checked.blocks.values() for t in b.targets
                       if t.kind == OVERFLOW}
        if not obligations <= proven:
            return
        # no execution overflows: every signed overflow of the real program (a UB target, in
        # the program or in evaluating an invariant) is unreachable too
        checked_targets = {(t.kind, t.key) for b in checked.blocks.values() for t in b.targets}
        overflows = {t for t in self.all_targets
                     if t[0] == UB and str(t[1]).startswith(SIGNED_OVERFLOW)}
        invariants = {t for t in self.all_targets if t[0] in (INVARIANT_UB, GHOST_UB)
                      and (t in proven or t not in checked_targets)}
        self.prove({t for t in proven if t[0] != OVERFLOW} | overflows | invariants,
                   "cut-point check (integers, no overflow)", self.assumed_sites(lemmas))

    def random_testing(self) -> None:
        # a large program gets time for its first run, the long one, to go through it: that
        # run may take half the budget (testing.py), and an edge takes our interpreter about
        # 3 microseconds (a 60,000-edge program: 0.19 s of the 0.6 s budget)
        edges = len(self.ts.cfa.edges)
        budget = min(max(TESTING_SECONDS, TESTING_SECONDS_PER_EDGE * edges),
                     0.05 * self.remaining())
        # and the first run takes two edges for each of the program's, however slow the
        # machine (at most a fifth of the time left): on a loaded machine the wall-time budget
        # alone ended it before the wrong invariant among 20,000, and Houdini took the rest
        from .testing import run_tests
        now = time.monotonic()
        tested = run_tests(self.ts, {t for t in self.all_targets if t[0] != UB}, now + budget,
                           first_steps=2 * edges, hard_deadline=now + 0.2 * self.remaining())
        self.take_test_results(tested)
        self.samples = tested.samples
        self.tested = True

    def reads_no_input(self) -> bool:
        """No nondet call and no read of an uninitialised local: the program has a single
        execution (the indeterminate value of a local that is written before every read is
        never seen)."""
        flags = self.ts.cfa.flags
        return not any(isinstance(e.op, Havoc) and not (e.op.declaration and e.op.var not in flags)
                       for e in self.ts.cfa.edges)

    def native_execution(self) -> None:
        """The only execution, compiled by gcc: errors behind 2^28 iterations of a loop or
        recursion deeper than we inline, which neither our interpreter nor BMC reaches.
        Refutations are replayed once more by the pipeline.  When the run ends by itself, it
        has shown every target it did not reach unreachable: the build traps on every kind of
        undefined behaviour the encoder models (execution/harness.py's UB_TRAPS, checked per
        kind and data model by tests/test_native_traps.py), and a program that reads no input
        has no other execution."""
        if self.native_run is None or not self.reads_no_input():
            return
        if self.ts.cfa.objects or self.ts.cfa.indirect_calls:
            # the build does not trap invalid pointer uses (no AddressSanitizer), nor calls
            # through a function pointer of an incompatible type
            return
        run = self.native_run(min(NATIVE_SECONDS, NATIVE_SHARE * self.remaining()))
        found = {}
        empty = {"inputs": [], "steps": [], "length": 0, "engine": NATIVE_ENGINE}
        if run.reached_error:
            found[(ERROR, None)] = dict(empty, target={"kind": ERROR, "key": "None", "line": None})
        for s, site in self.sites.items():
            if (site.index, site.where) in run.failed_checks:
                found[(FAIL, s)] = dict(empty, target={"kind": FAIL, "key": str(s), "line": site.line})
        for number in run.ghost_ub:
            if (GHOST_UB, number) in self.all_targets:
                found[(GHOST_UB, number)] = dict(empty, target={"kind": GHOST_UB,
                                                                "key": str(number), "line": None})
        self.record_found(found, NATIVE_ENGINE)
        if run.ended and not run.reached_error:
            # not the ghost updates' undefined behaviour: gcc folds an overflow of constants
            # (`2147483647 + 1`, a typical ghost value) without a trap, which the run cannot see
            self.prove({t for t in self.open_targets() if t[0] != GHOST_UB}, NATIVE_ENGINE)
            # the real execution went as deep as it needed: no recursion cut-off limits it
            self.proven |= {t for t in self.all_targets if t[0] == BOUND}

    def native_random_testing(self, seconds: float) -> None:
        """The compiled program on random inputs: errors behind loops whose length an input
        chooses, too long for our interpreter and BMC.  Refutations are replayed once more by
        the pipeline; nothing is proven here."""
        if self.native_fuzz is None or self.reads_no_input():
            return
        tested = self.native_fuzz(seconds)
        found = {}
        if tested.error_inputs is not None:
            found[(ERROR, None)] = self.native_counterexample(tested.error_inputs, ERROR, None)
        for s, site in self.sites.items():
            values = tested.failed_checks.get((site.index, site.where))
            if values is not None:
                found[(FAIL, s)] = self.native_counterexample(values, FAIL, s, site.line)
        self.record_found({t: cex for t, cex in found.items() if cex is not None}, FUZZ_ENGINE)

    def native_counterexample(self, values: list[int], kind: str, key,
                              line=None) -> Optional[dict]:
        """The values drawn by a native run, with their functions and (for the error) the
        branches, where our interpreter retraces the run.  None when the program may read an
        uninitialised value, or has objects that pointers may point to, and the interpreter
        does not retrace a run that reaches the target without undefined behaviour: no
        sanitizer traps such a read or an invalid pointer use, so the compiled run alone refutes
        nothing (a function returning its unwritten local, which holds a stale stack value; a
        pointer to a dead local whose stack slot the next call reuses)."""
        from .testing import follow
        path = follow(self.ts.cfa, values)
        # the build traps the flagged reads of the locals it shadows (execution/shadow.py); it
        # does not trap a call through an incompatible function pointer (function_pointers.py)
        unchecked = self.ts.cfa.objects or self.ts.cfa.indirect_calls or \
            not {v.name for v in self.ts.cfa.flags} <= self.shadowed()
        if unchecked and not (path.reached_error if kind == ERROR else key in path.failed_sites):
            return None
        retraced = len(path.inputs) == len(values)
        inputs = path.inputs if retraced else [{"function": None, "value": v} for v in values]
        steps = [{"line": e.line, "branch": e.branch} for e in path.edges
                 if e.branch is not None] if retraced and path.reached_error else []
        return {"inputs": inputs, "steps": steps, "length": len(steps), "engine": FUZZ_ENGINE,
                "target": {"kind": kind, "key": str(key), "line": line}}

    def deep_testing(self, budget: float) -> None:
        """Long random runs: errors behind thousands of iterations that BMC cannot unroll."""
        from .testing import run_tests
        tested = run_tests(self.ts, {t for t in self.open_targets() if t[0] != UB},
                           time.monotonic() + budget, seed=1, deep=True)
        self.take_test_results(tested)

    def take_test_results(self, tested) -> None:
        """Counterexamples of test runs; a program's only execution run to its end proves
        every target it did not reach (nothing is open afterwards)."""
        self.record_found(tested.found, "random testing")
        self.longest_run = max(self.longest_run, tested.longest_run)
        if tested.only_execution_complete:
            self.prove(self.open_targets(), "concrete execution (the program is deterministic)")

    def run_bmc(self, until: float) -> None:
        from .bmc import bmc
        outcome = bmc(self.ts, self.open_targets(), until, stop=self.decided_by)
        self.bmc_depth = max(self.bmc_depth, outcome.depth)
        self.record_found(dict(outcome.found), "bmc")
        if outcome.complete:
            self.prove(self.open_targets(), "bmc (all paths explored)")

    def decided_by(self, counterexamples: list) -> bool:
        """Whether BMC may stop once `counterexamples` ((target, counterexample) pairs) are
        recorded (it records them): the verdict is decided, and unless one refutation
        decides it (`stop_at_refutation`), by the program's undefined behaviour only: a
        refuted invariant's status in the report waits for the counterexamples of the
        others."""
        self.record_found(dict(counterexamples), "bmc")
        return self.decided() if self.stop_at_refutation else self.settled_by_undefined_behaviour()

    def unfolding(self, seconds: float) -> None:
        """The bounded unfolding for `seconds` more: a later call goes on where it stopped."""
        from .unfold import Unfolding
        if self.unfolder is None:
            self.unfolder = Unfolding(self.ts, self.open_targets())
        outcome = self.unfolder.run(time.monotonic() + seconds, self.open_targets())
        if outcome.complete:
            self.prove(self.unfolder.wanted, "bmc (bounded unfolding, all paths explored)")

    def k_induction(self) -> None:
        from .kinduction import kinduction
        # the base case is what BMC has explored: k may not exceed its depth
        wanted = self.wanted()
        k = kinduction(self.ts, wanted, self.lemmas, self.active(), min(self.bmc_depth, self.options.max_k),
                       time.monotonic() + KINDUCTION_SHARE * self.remaining())
        if k is not None:
            self.prove(wanted, f"k-induction (k={k})",
                       self.assumed_sites(self.lemmas, self.active()))

    def procedure_summaries(self, long: bool) -> None:
        """Every recursive function summarised: proofs for executions of any depth."""
        kind = "long" if long else "short"
        if self.summaries is None or kind in self.summaries.tried \
                or "long" in self.summaries.tried:
            return
        self.summaries.tried.add(kind)
        # built first: the short try's second is Spacer's, not the encoding's (which took
        # all of it on a loaded machine, and the contract of `contract_mult` went unproven)
        self.summaries.system()
        left = self.final_deadline - time.monotonic()
        seconds = SUMMARY_SHARE * left if long else min(SUMMARY_FIRST_SECONDS, 0.05 * left)
        active = self.active()
        if not self.summaries.prove(active, time.monotonic() + seconds):
            return
        assumed = self.assumed_sites({}, active)
        # what was proven so far holds up to the recursion bound only: start afresh from
        # this proof (of every target but those of refuted invariants)
        self.proven = set()
        self.proof_of = {}
        self.unreachable = set()
        # a run that reached a recursion cut-off showed only that the inlining was too shallow
        self.found = {key: cex for key, cex in self.found.items() if key[0] != BOUND}
        for s in self.sites:
            if self.status[s] == "proven":
                self.status[s] = None
        self.prove({t for t in self.all_targets if t[0] in (ERROR, UB, BOUND, GHOST_UB)
                    or t[0] in (FAIL, INVARIANT_UB) and self.sites[t[1]].index in active},
                   SUMMARY_ENGINE, assumed)

    def spacer(self, until: float) -> None:
        from .chc import chc
        wanted = self.wanted()
        active = self.active()
        if self.lemmas:
            # a short try without our lemmas first: they can steer Spacer away from a proof it
            # finds at once without them (loop-new/half: 0.2 s alone, nothing in 9 s with them)
            short = min(until, time.monotonic() + SPACER_BARE_SHARE * max(0.0, until - time.monotonic()))
            if chc(self.ts, wanted, {}, active, short) is True:
                self.prove(wanted, "chc (spacer)", self.assumed_sites({}, active))
                return
        answer = chc(self.ts, wanted, self.lemmas, active, until)
        if answer is True:
            self.prove(wanted, "chc (spacer)", self.assumed_sites(self.lemmas, active))
        elif answer is False:
            # some wanted target is reachable; try the property alone without assumptions
            alone = {t for t in wanted if t[0] in (ERROR, UB)}
            if alone and chc(self.ts, alone, self.lemmas, frozenset(), until) is True:
                self.prove(alone, "chc (spacer)", self.assumed_sites(self.lemmas))

    def send_snapshot(self) -> None:
        """The findings so far, when something was established since the last snapshot."""
        established = (len(self.proven), len(self.found), self.next_run, self.memory_limited())
        if self.report is None or established == self.reported:
            return
        self.reported = established
        self.report("snapshot", self.findings())

    # ------------------------------------------------------------ result
    def findings(self) -> Findings:
        """What this search established, as typed findings; the verdict core judges them."""
        ub_open = sorted(str(t[1]) for t in self.all_targets if t[0] == UB and t not in self.proven)
        ub_found = sorted(str(t[1]) for t in self.found if t[0] == UB)
        # recursion cut off where an execution may still go: the CFA does not model all
        # executions, so nothing is proven (counterexamples end before the cut: they stand)
        bound_open = sorted(str(t[1]) for t in self.all_targets
                            if t[0] == BOUND and t not in self.proven)
        outcomes = {"proven": SiteOutcome.PROVEN, "failed": SiteOutcome.FAILED,
                    "ub": SiteOutcome.UB, None: SiteOutcome.OPEN}
        sites = []
        for s, site in self.sites.items():
            counterexample = self.counterexamples.get(s)
            sites.append(SiteFinding(
                key=s, index=site.index, where=site.where, line=site.line, calls=site.calls,
                outcome=outcomes[self.status[s]],
                # also beside a counterexample: the verdict core reports the contradiction
                proof=self.site_proof(s),
                unreachable=s in self.unreachable,
                counterexample=Counterexample.from_engine(counterexample, "bmc")
                if counterexample else None))
        findings = Findings(sites=sites, ub_found=ub_found, ub_open=ub_open,
                            bound_open=bound_open, memory_limited=self.memory_limited())
        findings.ub_proofs = {str(t[1]): p for t, p in self.proof_of.items() if t[0] == UB}
        # the ghost updates' undefined behaviour: the witness's, by update number
        findings.ghost_ub_found = {t[1]: Counterexample.from_engine(cex, "bmc")
                                   for t, cex in self.found.items() if t[0] == GHOST_UB}
        findings.ghost_ub_proofs = {t[1]: p for t, p in self.proof_of.items() if t[0] == GHOST_UB}
        findings.ghost_ub_open = sorted(t[1] for t in self.all_targets
                                        if t[0] == GHOST_UB and t not in self.proven)
        findings.bound_proofs = {str(t[1]): p for t, p in self.proof_of.items() if t[0] == BOUND}
        if (ERROR, None) in self.found:
            findings.property_outcome = SiteOutcome.FAILED
            findings.property_counterexample = Counterexample.from_engine(
                self.found[(ERROR, None)], "bmc")
            findings.property_proof = self.proof_of.get((ERROR, None))    # a contradiction
        elif (ERROR, None) in self.proven:
            findings.property_outcome = SiteOutcome.PROVEN
            findings.property_proof = self.proof_of[(ERROR, None)]
        elif (ERROR, None) not in self.all_targets:
            findings.property_outcome = SiteOutcome.PROVEN
            findings.property_proof = Proof("cfa (the error function is not reachable)")
        return findings


def _native_run(weave_result, error_function: str, data_model: str, seconds: float):
    from ..execution.replay import replay
    return replay(weave_result, error_function, data_model, [], timeout=seconds)


def _native_fuzz(weave_result, error_function: str, data_model: str, seconds: float):
    from .fuzzing import fuzz
    return fuzz(weave_result, error_function, data_model, time.monotonic() + seconds)


def _shadowed_locals(ast) -> set:
    from ..execution.shadow import shadowed_locals
    return shadowed_locals(ast)


def _once(compute):
    """`compute(seconds)` on the first call; its result on every later one."""
    results: list = []

    def first(seconds: float):
        if not results:
            results.append(compute(seconds))
        return results[0]
    return first
