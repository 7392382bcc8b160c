"""The engines in a child process that is killed at the deadline.

z3's own interrupts (Spacer especially) do not stop reliably, so `analyse` (portfolio.py) runs
in a forked child; what it found comes back as `Findings` through a pipe.  A child that does not
answer in time is killed and the findings say so (`ProblemKind.TIMEOUT`); one that crashes sends
its traceback (`ProblemKind.CRASH`).
"""
from __future__ import annotations

import multiprocessing
import time
import traceback
from typing import Optional

from ..evidence import Findings, ProblemKind
from .portfolio import DEFAULT_TIMEOUT, EngineOptions, analyse


def _child(connection, *args) -> None:
    try:
        connection.send(analyse(*args))
    except Exception:           # report, never hang the parent
        connection.send(Findings.failure(ProblemKind.CRASH, traceback.format_exc()))
    finally:
        connection.close()


def run_engines(weave_result, data_model: str, error_function: str,
                timeout: Optional[float], options: EngineOptions = EngineOptions()) -> Findings:
    """`analyse` in a child process that is killed at the deadline."""
    budget = timeout if timeout is not None else DEFAULT_TIMEOUT
    deadline = time.monotonic() + budget
    # the child stops its engines a little early so that it can still report
    engine_deadline = deadline - min(0.5, 0.1 * budget)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, weave_result, data_model,
                                                    error_function, engine_deadline, options))
    process.start()
    sender.close()
    answer = None
    if receiver.poll(max(0.0, deadline - time.monotonic()) + 0.5):
        try:
            answer = receiver.recv()
        except EOFError:
            answer = None
    if process.is_alive():
        process.kill()
    process.join()
    if answer is None:
        return Findings.failure(ProblemKind.TIMEOUT)
    return answer
