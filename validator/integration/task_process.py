"""One batch task in a process forked from the batch process.

Before the first task the batch process imports the validator once (the command line, the
pipeline, the engines and z3) and checks the toolchain (`warm_up`).  Each task then runs in a
child forked from it, as `validate-correctness TASK.yml ...` would run: the same `cli.main`
with the same arguments, its standard output and error in files.  A task so pays neither the
interpreter's start-up nor the imports (most of a small task's time when every task was a new
interpreter), and still has a process of its own:

- a crash (a segfault in z3, MemoryError, a bug of ours) ends that child only;
- its memory goes back to the system when it ends, so nothing grows from task to task;
- it leads a session of its own: the engines' child (which leads a process group of its own),
  gcc and the compiled programs it started all belong to that session, and every process left
  in the session when the task ends, or is killed for outliving its timeout, is killed;
- its CPU time and peak memory come from `wait4`, the child's and its reaped descendants'.

The children start from the same state, that of the batch process after the imports: no task
sees what another one did.  The one difference from a new interpreter is the start-up time the
task does not spend (its `--timeout` counts from the fork).
"""
from __future__ import annotations

import os
import signal
import sys
import time
from dataclasses import dataclass
from typing import Optional

# what the validator imports lazily on a run's way (the engines' child imports the portfolio
# and z3): imported once here, so that no task repeats it
_WARM_MODULES = ("validator.cli", "validator.pipeline", "validator.engines.process",
                 "validator.engines.portfolio", "validator.outputs.report",
                 "validator.outputs.certificates", "instrument.task", "z3",
                 "multiprocessing.connection", "multiprocessing.popen_fork",
                 "instrument.yaml_tree", "instrument.acsl", "instrument.automaton",
                 "instrument.graphml", "validator.outputs.violation_witness", "hashlib",
                 "difflib")
_EXIT_CRASH = 70            # the child's own exit status when even the command line failed


def warm_up() -> None:
    """Import what every task needs and check the toolchain for both data models (the result
    is kept per process), once, before the first fork."""
    import importlib
    for name in _WARM_MODULES:
        importlib.import_module(name)
    from validator.engines.portfolio import LATER_ENGINE_MODULES
    for name in LATER_ENGINE_MODULES:           # the engines the portfolio imports as it runs
        importlib.import_module(name, "validator.engines")
    from instrument.witness import compile_schemas
    compile_schemas()
    from validator.execution.toolchain import toolchain_problem
    for data_model in ("ILP32", "LP64"):
        toolchain_problem(data_model)


@dataclass
class Finished:
    """How a task's process ended."""
    exit_code: Optional[int]        # None when a signal ended it
    signal: Optional[int]
    killed: bool                    # by us, for outliving its timeout and the grace period
    stdout: str
    stderr: str
    cpu_seconds: float              # user + system, the child's and its reaped descendants'
    peak_memory: int                # bytes: the largest resident set among them
    wall_seconds: float


class TaskProcess:
    """A forked child running `cli.main(argv)`; `finished()` is None until it has ended."""

    def __init__(self, argv: list[str], directory: str, kill_after: float) -> None:
        self.stdout_path = os.path.join(directory, "stdout")
        self.stderr_path = os.path.join(directory, "stderr")
        self.started = time.monotonic()
        self.kill_at = self.started + kill_after
        self.killed = False
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _child(argv, self.stdout_path, self.stderr_path)     # never returns
        self.pid = pid
        self.pidfd = _pidfd(pid)

    def fileno(self) -> int:
        """Readable once the child has ended (for select); -1 without pidfd support."""
        return self.pidfd if self.pidfd is not None else -1

    def finished(self) -> Optional[Finished]:
        """None while the child runs; else reap it, after killing what is left of its
        session (the child, a zombie until reaped, keeps the session's id from being reused)."""
        try:
            state = os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            state = None
        if state is None:
            if time.monotonic() >= self.kill_at:
                # again every second until it has ended (SIGKILL is delivered asynchronously),
                # rather than polling without pause meanwhile
                self.killed = True
                self.kill_at = time.monotonic() + 1.0
                kill_session(self.pid)
            return None
        kill_session(self.pid)
        _, status, usage = os.wait4(self.pid, 0)
        self.close()
        return Finished(
            exit_code=os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
            signal=os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
            killed=self.killed,
            stdout=_read(self.stdout_path), stderr=_read(self.stderr_path),
            cpu_seconds=usage.ru_utime + usage.ru_stime,
            peak_memory=usage.ru_maxrss * 1024,         # Linux: kilobytes
            wall_seconds=time.monotonic() - self.started)

    def stop(self) -> None:
        """Kill the task with its session and reap it (the batch is interrupted)."""
        kill_session(self.pid)
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        self.close()

    def close(self) -> None:
        if self.pidfd is not None:
            os.close(self.pidfd)
            self.pidfd = None


def _child(argv: list[str], stdout_path: str, stderr_path: str) -> None:
    """In the forked child: a session of its own, the output to files, the command, exit."""
    code = _EXIT_CRASH
    try:
        os.setsid()
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        for fd, path in ((1, stdout_path), (2, stderr_path)):
            target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(target, fd)
            os.close(target)
        # the streams of a new interpreter (the batch's may be replaced, e.g. by pytest)
        sys.stdin = open(0, "r", closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from validator.cli import main
        code = main(argv)
    except SystemExit as e:             # argparse's usage error
        code = e.code if isinstance(e.code, int) else _EXIT_CRASH
    except BaseException:               # noqa: B036  (the child must reach os._exit)
        import traceback
        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def kill_session(session: int) -> None:
    """SIGKILL every process of the session `session` (Linux: read from /proc)."""
    for pid in _session_members(session):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _session_members(session: int) -> list[int]:
    members = []
    try:
        names = os.listdir("/proc")
    except OSError:
        names = []
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as f:
                # after the command name, which may contain blanks: state, ppid, pgrp, session
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 3 and fields[3] == str(session):
            members.append(int(name))
    if not names:
        members = [session]         # no /proc: the child itself at least
    return members


def _pidfd(pid: int) -> Optional[int]:
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""
