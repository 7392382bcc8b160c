"""Signals that stop a run: the timer of `--timeout` and SIGTERM (what BenchExec sends at its
limit).  Both raise `Timeout` naming the stage that runs; the command line catches it once.

Python runs signal handlers in the main thread between bytecodes, so the timer stops pure
Python work that has no checks of its own (pycparser on a huge file, YAML parsing) where it
is; a subprocess started with `subprocess.run` is killed when the exception passes through
it, and the engines' child process (and what it started) by `engines/process.py`.  Only
native code (z3 in this process, which the command line never calls) delays the stop.
"""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

from instrument.deadline import Deadline, Timeout


@contextmanager
def stopped_at(deadline: Deadline) -> Iterator[None]:
    """Within: the timer at `deadline.at` and SIGTERM raise Timeout(deadline.stage)."""
    if threading.current_thread() is not threading.main_thread():
        yield           # signals reach the main thread only: the explicit checks remain
        return

    def stop(signum, frame) -> None:
        raise Timeout(deadline.stage)

    previous = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGALRM)}
    if deadline.at is not None:
        # at least a moment: a zero timer is no timer
        signal.setitimer(signal.ITIMER_REAL, max(0.001, deadline.remaining()))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        for number, handler in previous.items():
            signal.signal(number, handler)


@contextmanager
def shielded() -> Iterator[None]:
    """Within: SIGTERM is ignored, so that the partial report and the result line of a
    stopped run are written whole (BenchExec's SIGKILL still ends everything)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
