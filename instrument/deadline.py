"""The time limit of one run (`--timeout`), from the first byte read to the last byte written.

One `Deadline` is created at the very start of the command line's `main` and passed down the
stages.  Each stage names itself (`enter`) and checks the deadline between its units of work
(`check`: per witness entry, per invariant woven, per replay); when it has passed, `Timeout`
names the stage, and the command line, the one place that catches it, answers `unknown` with
the reason `timeout while <stage>` and reports what was decided so far.  Work that cannot
check (a subprocess, pycparser on a huge file) is bounded by `seconds` (a subprocess timeout)
or by the command line's timer signal, which raises the same `Timeout` (validator/limits.py).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Optional


class Timeout(BaseException):
    """The deadline passed (or the run was told to stop) while `stage` was running.

    A BaseException, like KeyboardInterrupt: no stage's `except Exception` may swallow it."""

    def __init__(self, stage: str) -> None:
        super().__init__(f"timeout while {stage}")
        self.stage = stage

    @property
    def reason(self) -> str:
        return f"timeout while {self.stage}"


@dataclass
class Deadline:
    """A point on the monotonic clock (None: no limit) and the stage running now."""
    at: Optional[float] = None
    stage: str = "starting"

    @classmethod
    def after(cls, seconds: Optional[float]) -> "Deadline":
        return cls(None if seconds is None else time.monotonic() + seconds)

    def remaining(self) -> float:
        """Seconds left (infinite without a limit; negative once passed)."""
        return math.inf if self.at is None else self.at - time.monotonic()

    def expired(self) -> bool:
        return self.remaining() <= 0

    def enter(self, stage: str) -> None:
        """`stage` runs from now on (a timeout names it); raises Timeout if time is up."""
        self.stage = stage
        self.check()

    def check(self) -> None:
        if self.expired():
            raise Timeout(self.stage)

    def seconds(self, at_most: float) -> float:
        """A subprocess's timeout: `at_most`, or less if the deadline comes first."""
        return max(0.0, min(at_most, self.remaining()))


