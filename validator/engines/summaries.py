"""Procedure summaries: CHC over the program with every recursive function built once.

Inlining recursion to a bound (the other engines' view) proves nothing about executions that
recurse deeper.  Here each recursive function is a `Procedure` called through `Call` edges and
Spacer solves for its summary (see `chc`): a proof holds for every execution, however deep.
The program is built a second time for it, so its check sites and targets are its own; what
it proves is reported per witness invariant.  Memory objects are globals of that program (a
pointer parameter is its base and offset; `docs/SOUNDNESS.md`, "Memory in summarised
recursion"), and its checked integers hold arrays as z3 arrays of integers: this engine only
proves, so a cell's value outside its C type in a solver's state costs a proof, never a wrong one.
"""
from __future__ import annotations

import time
from typing import Optional

from ..semantics.blocks import ERROR, FAIL, GHOST_UB, INVARIANT_UB, OVERFLOW, UB, TransitionSystem
from ..semantics.c_types import Unsupported
from ..semantics.cfa import UNDEFINED, woven_program_cfa
from ..semantics.theories import CheckedIntegers, checked_integer_obstacle
from .chc import chc


class ProcedureSummaries:
    """The summarised program of one validation, built on first use."""

    def __init__(self, weave_result, data_model: str, error_function: str,
                 uninitialized: str = UNDEFINED) -> None:
        self.weave_result = weave_result
        self.uninitialized = uninitialized
        self.data_model = data_model
        self.error_function = error_function
        self.ts: Optional[TransitionSystem] = None
        self.unsupported: Optional[str] = None
        self.encode_seconds = 0.0
        self.tried: set = set()                   # the portfolio's attempts ("short", "long")

    def system(self) -> Optional[TransitionSystem]:
        if self.ts is None and self.unsupported is None:
            started = time.perf_counter()
            try:
                cfa = woven_program_cfa(self.weave_result, self.data_model, self.error_function,
                                        summarise_recursion=True,
                                        uninitialized=self.uninitialized)
                if cfa.bounds:       # never: recursion is summarised, not inlined
                    raise Unsupported("recursion cut off in the summarised program")
                # without wrap-around terms (Spacer rarely finds summaries through them),
                # every signed overflow an obligation
                checked = checked_integer_obstacle(cfa, arrays=True) is None
                self.ts = TransitionSystem(cfa, CheckedIntegers() if checked else None)
            except Unsupported as e:
                self.unsupported = str(e)
            self.encode_seconds += time.perf_counter() - started
        return self.ts

    def prove(self, active: frozenset, until: float) -> bool:
        """True when no execution reaches the error, undefined behaviour, or a failing check
        of an invariant in `active`, assuming only the invariants in `active` (in checked
        integers: and no execution overflows, so that their values are the C values)."""
        ts = self.system()
        if ts is None:
            return False
        indices = {c.site: c.index for c in ts.cfa.checks}
        wanted = {(t.kind, t.key) for block in ts.blocks.values() for t in block.targets
                  if t.kind in (ERROR, UB, OVERFLOW, GHOST_UB)
                  or t.kind in (FAIL, INVARIANT_UB) and indices[t.key] in active}
        return chc(ts, wanted, {}, active, until, global_guidance=True) is True

    def z3_seconds(self) -> float:
        return self.ts.clock.seconds if self.ts is not None else 0.0
