"""Where the solve time goes: seconds inside z3's `check` versus our own Python around it;
and whether z3 gave up on a query at its memory limit (`engines/memory.py`)."""
from __future__ import annotations

import time
from dataclasses import dataclass

import z3


def memory_stop(text: object) -> bool:
    """Whether z3's reason for `unknown`, or a `Z3Exception`'s text, is its memory limit:
    `max. memory exceeded` (the SAT solver's reason names memory too), or any stop while z3's
    allocations are above its high watermark (a `push` then fails with `Resource limits hit
    in push`, which names no cause)."""
    if "memory" in str(text).lower():
        return True
    watermark_mb = int(z3.get_param("memory_high_watermark_mb") or 0)
    return watermark_mb > 0 and z3.Z3_get_estimated_alloc_size() >= watermark_mb << 20


@dataclass
class SolverClock:
    """Seconds spent in z3 satisfiability checks (Spacer's included) for one transition
    system; every engine asks z3 through `check`, so the rest of the solve time is Python.
    `memory_out`: some check answered `unknown` because z3 reached its memory limit."""
    seconds: float = 0.0
    checks: int = 0
    memory_out: bool = False

    def check(self, solver, *assumptions) -> z3.CheckSatResult:
        started = time.perf_counter()
        try:
            answer = solver.check(*assumptions)
        finally:
            self.seconds += time.perf_counter() - started
            self.checks += 1
        if answer == z3.unknown and memory_stop(solver.reason_unknown()):
            self.memory_out = True
        return answer
