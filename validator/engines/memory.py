"""The engines' memory bound (issue 21: at most 1 GB per task, every process of it together).

z3 is what grows: a floating-point query bit-blasted by the SAT solver took 2.2 GB in 30 s
(`floats-cdfpl/newton_2_1`), more the more time it was given.  The engines' child therefore
sets z3's own limits before it imports the portfolio (`process.py`):

- the cooperative ones, `memory_high_watermark_mb` (the SMT core, Spacer, the rewriters and
  tactics stop at it) and `sat.max_memory` (the SAT solver behind `qfbv`/`qffp` does not look at
  the watermark): a check gives `unknown` with the reason `max. memory exceeded`
  (`SolverClock` notes it: `solver_clock.memory_stop`), other calls raise `Z3Exception` with that text (the portfolio keeps
  what was established and stops);
- the hard one, `memory_max_size`, higher, for what does not check in time: z3 then throws an
  `out_of_memory_error` that may end the child by `abort` (SIGABRT); the parent reports that
  as the memory limit when the child's peak memory came near it.

z3 counts its own allocations only: the child's resident size ran up to about 150 MB above the
watermark (the interpreter, the CFA, the Python side of the terms), and the parent holds 50 to
100 MB of its own, hence 600 MB for z3 within the 1 GB.  The limits bind z3's allocations, not
the gcc builds and native runs the child starts (an rlimit would reach those and change what a
compiled program does when `malloc` fails).

The parent imports this module for its constants without importing z3.
"""
from __future__ import annotations

Z3_MEMORY_MB = 600          # cooperative: z3 gives up on the query at hand
Z3_HARD_MEMORY_MB = 850     # z3's allocator refuses more (may abort the child)


def limit_z3_memory() -> None:
    """Set z3's memory limits for this process (the engines' child, before any solver).

    z3 counts every allocation of the process, also those the parent made before the fork
    (the encoded program; in a test process, everything the earlier in-process runs left):
    the limits are what this child may add to them.  The inherited pages are shared with the
    parent, which the 1 GB already counts.  (Absolute limits aborted engine children forked
    from a long test process before they had solved anything.)"""
    import z3
    inherited = z3.Z3_get_estimated_alloc_size() // (1 << 20)
    z3.set_param("memory_high_watermark_mb", inherited + Z3_MEMORY_MB)
    z3.set_param("sat.max_memory", inherited + Z3_MEMORY_MB)
    z3.set_param("memory_max_size", inherited + Z3_HARD_MEMORY_MB)

