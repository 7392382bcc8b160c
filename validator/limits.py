"""Signals that stop a run: the timer of `--timeout` and SIGTERM (what BenchExec sends at its
limit).  Both raise `Timeout` naming the stage that runs; the command line catches it once.

Python runs signal handlers in the main thread between bytecodes, so the timer stops pure
Python work that has no checks of its own (pycparser on a huge file, YAML parsing) where it
is; a subprocess started with `subprocess.run` is killed when the exception passes through
it, and the engines' child process (and what it started) by `engines/process.py`.  Only
native code (z3 in this process, which the command line never calls) delays the stop.
"""
from __future__ import annotations

import os
import signal
import threading
import time
from contextlib import contextmanager
from typing import Iterator

from instrument.deadline import Deadline, Timeout


def process_age() -> float:
    """Seconds since this process started (Linux; else 0): the interpreter's own start-up and
    the imports before `main` count against `--timeout` too, as they do for BenchExec."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            # the fields after the command name, which may contain blanks: starttime is the 22nd
            fields = f.read().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


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
