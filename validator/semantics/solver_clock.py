"""Where the solve time goes: seconds inside z3's `check` versus our own Python around it."""
from __future__ import annotations

import time
from dataclasses import dataclass

import z3


@dataclass
class SolverClock:
    """Seconds spent in z3 satisfiability checks (Spacer's included) for one transition
    system; every engine asks z3 through `check`, so the rest of the solve time is Python."""
    seconds: float = 0.0
    checks: int = 0

    def check(self, solver, *assumptions) -> z3.CheckSatResult:
        started = time.perf_counter()
        try:
            return solver.check(*assumptions)
        finally:
            self.seconds += time.perf_counter() - started
            self.checks += 1
