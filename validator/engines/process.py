"""The engines in a child process that is killed at the deadline.

z3's own interrupts (Spacer especially) do not stop reliably, so `analyse` (portfolio.py) runs
in a forked child; what it found comes back as `Findings` through a pipe.  The child also sends
what it has established so far after each engine step (a snapshot), so that a run stopped at its
deadline still reports every status decided until then.  A child that does not answer in time
is killed with its process group (the gcc builds and native runs it started die with it), and
the findings are its last snapshot marked `interrupted` (or, before any snapshot,
`ProblemKind.TIMEOUT`); one that crashes sends its traceback (`ProblemKind.CRASH`).

The portfolio, and with it z3, is imported in the child only: the parent never needs them.
For a small program the command starts the child before it imports the front end
(`engines_started_early`, `EarlyEngines`), so that the child's imports overlap the parent's
imports, loading, parsing and weaving.  The child imports what the engines need (z3, the
CFA, the encoder; `instrument.woven` and pycparser's AST to read its task), never the witness
reader, the weaver or the YAML loader.
"""
from __future__ import annotations

import contextlib
import gc
import importlib
import multiprocessing
import os
import pickle
import resource
import signal
import sys
import time
from typing import Callable, Iterator, Optional

from instrument.deadline import Deadline
from instrument.errors import InputError
from instrument.task import load_property

from ..evidence import TOO_DEEP, Findings, ProblemKind
from .memory import Z3_HARD_MEMORY_MB, limit_z3_memory
from .options import DEFAULT_TIMEOUT, EngineOptions

# program and witness together at most this large: the engines' child is started before the
# front end runs (its woven program, pickled, is about ten times the source and crosses a pipe)
EARLY_ENGINES_MAX_BYTES = 64 * 1024
ENGINES_MODULE = "validator.engines.portfolio"
ENCODING = "encoding"
SOLVING = "solving"
FINAL, SNAPSHOT, STAGE = "final", "snapshot", "stage"     # the kinds of the child's messages


def _child(connection, *args) -> None:
    _as_engine_child()
    _serve(connection, args, limited=False)


def _as_engine_child() -> None:
    # the parent answers SIGTERM (and its timer) for both; the child just dies when killed
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGALRM, signal.SIG_DFL)


def _serve(connection, args: tuple, limited: bool) -> None:
    """Run the portfolio on `args` and send its snapshots and findings (`limited`: z3's
    memory limits are set already)."""
    # what the child inherits (the woven program, the witness) lives until it ends: out of
    # the collector's sight, its full collections scan only what the engines make (they
    # took a tenth of the engines' time with a witness of thousands of invariants), and
    # its pages stay shared with the parent
    gc.freeze()
    gc.enable()         # an early child was forked while the command's start-up ran without it
    try:
        if not limited:
            limit_z3_memory()       # before any solver exists (memory.py)
        from .portfolio import analyse
        answer = analyse(*args, report=lambda kind, value: connection.send((kind, value)))
        connection.send((FINAL, answer))
    except RecursionError:      # a program nested too deeply for the encoding's passes
        connection.send((FINAL, Findings.failure(ProblemKind.UNSUPPORTED, TOO_DEEP)))
    except Exception:           # report, never hang the parent
        import traceback        # only for a crash: not among the start-up's imports
        connection.send((FINAL, Findings.failure(ProblemKind.CRASH, traceback.format_exc())))
    finally:
        connection.close()


def _early_child(tasks, tasks_sender, connection) -> None:
    """`EarlyEngines`' child: import the engines, then wait for the task."""
    tasks_sender.close()        # the parent's end: the parent's exit must read as the end
    _as_engine_child()
    limited = False
    try:
        limit_z3_memory()
        limited = True
        from . import portfolio  # (what this child was started early for)
        import z3
        z3.main_ctx()           # z3's context, which every engine uses: 7 ms to make
        # the engines imported where they run, imported now while no task has come: a
        # witness the cut-point check confirms does not wait for them, the others need not
        for name in portfolio.LATER_ENGINE_MODULES:
            if tasks.poll():
                break
            importlib.import_module(name, __package__)
    except Exception:           # noqa: S110  (_serve imports it again and reports the failure)
        pass
    try:
        args = tasks.recv()
    except (EOFError, OSError):
        return                  # no task: the run needed no engines, or it ended
    finally:
        tasks.close()
    _serve(connection, args, limited)


@contextlib.contextmanager
def engines_started_early(program: str, witness: str,
                          property_file: Optional[str]) -> Iterator[Optional[EarlyEngines]]:
    """The engines' child started now (`EarlyEngines`), so that its imports of z3 and the
    portfolio overlap the front end's imports and work; killed on leaving unless it was given
    its task.  Only for the property the engines check (unreach-call: the property file is
    read again by the pipeline, which reports what is wrong with it), small inputs (the woven
    program goes to the child pickled: for a large one that costs more than the imports) and a
    process that has not imported the engines yet (batch mode forks each task after importing
    them all, and then a child forked late starts at once)."""
    early = None
    if ENGINES_MODULE not in sys.modules and _checked_by_engines(property_file):
        try:
            size = os.path.getsize(program) + os.path.getsize(witness)
        except OSError:
            size = None          # reading it fails later, with the reason
        if size is not None and size <= EARLY_ENGINES_MAX_BYTES:
            early = EarlyEngines()
    try:
        yield early
    finally:
        if early is not None:
            early.close()


def _checked_by_engines(property_file: Optional[str]) -> bool:
    if property_file is None:
        return False
    try:
        return load_property(property_file).supported
    except InputError:
        return False


class EarlyEngines:
    """The engines' child, forked before the front end is imported: it imports z3 and the
    portfolio (a tenth of a second and more) while this process imports the front end, loads,
    parses and weaves, and then waits for its task, which `EngineRun` sends it through a
    pipe.  The woven program crosses that pipe pickled (about a millisecond for a small
    program, a few tenths of a second per megabyte of pickle, so the command starts one for
    small inputs only: `engines_started_early`).  `close` kills the child unless a task was
    sent (then the `EngineRun` owns it)."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("fork")
        tasks, self.tasks = context.Pipe(duplex=False)
        self.receiver, sender = context.Pipe(duplex=False)
        self.process = context.Process(target=_early_child, args=(tasks, self.tasks, sender))
        self.process.start()
        _own_group(self.process.pid)
        tasks.close()
        sender.close()
        self.taken = False

    def take(self, args: tuple) -> bool:
        """Send the child its task; False (and the child killed) when `args` cannot be
        pickled (the caller then forks a child of its own)."""
        try:
            self.tasks.send(args)        # pickled whole before anything is written
        except (pickle.PicklingError, RecursionError, TypeError, AttributeError, ValueError,
                OSError):
            self.close()
            return False
        self.taken = True
        self.tasks.close()
        return True

    def close(self) -> None:
        if not self.taken:
            _kill(self.process)
            self.receiver.close()
            self.tasks.close()


def run_engines(weave_result, data_model: str, error_function: str,
                timeout: Optional[float], options: EngineOptions = EngineOptions(),
                deadline: Optional[Deadline] = None,
                on_snapshot: Optional[Callable[[Findings], None]] = None) -> Findings:
    """`analyse` in a child process that is killed after `timeout` seconds (see EngineRun)."""
    return EngineRun(weave_result, data_model, error_function, timeout, options,
                     deadline).wait(on_snapshot)


class EngineRun:
    """The engines' child process, started at once; `wait` collects its findings.  In
    between, the caller may do work of its own (the toolchain check) while the child imports
    z3 and encodes."""

    def __init__(self, weave_result, data_model: str, error_function: str,
                 timeout: Optional[float], options: EngineOptions = EngineOptions(),
                 deadline: Optional[Deadline] = None,
                 early: Optional[EarlyEngines] = None) -> None:
        """`deadline`, the run's, learns the stage the child is in (encoding, solving), so
        that a timeout or SIGTERM raised in this process names it.  `early`: a child started
        before, which gets the task if it can be sent, else one is forked now."""
        budget = timeout if timeout is not None else DEFAULT_TIMEOUT
        self.kill_at = time.monotonic() + budget
        # the child stops its engines a little early so that it can still report
        engine_deadline = self.kill_at - min(0.5, 0.1 * budget)
        self.deadline = deadline or Deadline()
        args = (weave_result, data_model, error_function, engine_deadline, options)
        if early is not None and early.take(args):
            self.process, self.receiver = early.process, early.receiver
            return
        context = multiprocessing.get_context("fork")
        self.receiver, sender = context.Pipe(duplex=False)
        self.process = context.Process(target=_child, args=(sender, *args))
        self.process.start()
        _own_group(self.process.pid)
        sender.close()

    def wait(self, on_snapshot: Optional[Callable[[Findings], None]] = None) -> Findings:
        """The child's findings; at the deadline, its last snapshot marked `interrupted`.
        `on_snapshot` receives every snapshot as it arrives (the caller keeps the last one
        should the run be stopped here).  The child is gone when this returns or raises."""
        deadline, receiver = self.deadline, self.receiver
        deadline.stage = ENCODING
        last: Optional[Findings] = None
        ended = False               # the child ended without its final answer
        try:
            while receiver.poll(max(0.0, self.kill_at - time.monotonic())):
                try:
                    kind, value = receiver.recv()
                except EOFError:
                    ended = True
                    break
                if kind == FINAL:
                    self.process.join(1.0)    # it is ending; killed below if it does not
                    return value
                if kind == STAGE:
                    deadline.stage = value
                else:
                    last = value
                    if on_snapshot is not None:
                        on_snapshot(value)
        finally:
            _kill(self.process)
            receiver.close()
        if ended:
            return _ended_early(self.process.exitcode, last, deadline.stage)
        if last is None:
            answer = Findings.failure(ProblemKind.TIMEOUT)
        else:
            answer = last
            answer.problem = None
        answer.interrupted = deadline.stage
        return answer

    def stop(self) -> None:
        """Kill the child (a run stopped before `wait`)."""
        _kill(self.process)
        self.receiver.close()


def _ended_early(exitcode: Optional[int], last: Optional[Findings], stage: str) -> Findings:
    """The findings of a child that ended before its final answer: its last snapshot (the
    statuses it had established stand) with the problem that ended it.  z3 ends it by
    SIGABRT when its allocator passes the hard memory limit (memory.py); the child's peak
    memory tells that from other crashes."""
    answer = last if last is not None else Findings()
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if exitcode == -signal.SIGABRT and peak_mb >= 0.9 * Z3_HARD_MEMORY_MB:
        answer.problem, answer.problem_text = ProblemKind.MEMORY, stage
    else:
        answer.problem = ProblemKind.CRASH
        answer.problem_text = (f"the engines' process ended while {stage} with exit code "
                               f"{exitcode} (peak memory {peak_mb:.0f} MB)")
    answer.memory_limited = answer.memory_limited or answer.problem is ProblemKind.MEMORY
    return answer


def _own_group(pid: int) -> None:
    """The child leads a process group of its own (set here and not in the child, so that it
    holds before the parent can kill it)."""
    try:
        os.setpgid(pid, pid)
    except OSError:         # it has already ended
        pass


def _kill(process) -> None:
    """The child and everything it started (gcc, the compiled program)."""
    if process.is_alive():
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            process.kill()
    process.join()
