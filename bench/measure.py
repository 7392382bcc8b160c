"""CPU time and peak memory of a command, measured as BenchExec measures them.

    meter = Meter()                       # probes BenchExec's RunExecutor once
    run = meter.run([...], timeout=60)    # Measured: output, wall, cpu, peak memory, method

Where BenchExec's `RunExecutor` works on this machine (cgroups: on our machines v1, as root),
a run is measured by it, without a container (`use_namespaces=False`): CPU time of every
process of the run from its cgroup, peak memory as the cgroup's largest usage (page cache
included, as BenchExec counts it), every process of the run killed when it ends.  Elsewhere the
command runs in its own session, measured with `wait4` (the command and the descendants it
waited for; peak memory is the largest resident set among them, not their sum), and whatever is
left of the session when it ends is killed.  `Measured.method` says which.
"""
from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from typing import Optional

RUNEXEC, RUSAGE = "runexec", "rusage"
KILL_GRACE = 30.0       # seconds past the timeout before the run is killed
GIGABYTE = 1 << 30


@dataclass
class Measured:
    exit_code: Optional[int]          # None: ended by a signal
    output: str                       # standard output
    errors: str                       # standard error
    wall: float                       # seconds
    cpu: float                        # seconds, user + system, all processes of the run
    peak_memory: int                  # bytes
    method: str                       # RUNEXEC or RUSAGE
    killed: bool = False              # past its timeout and the grace period


class Meter:
    """Runs commands and measures them; with `prefer_runexec` False, never uses BenchExec.

    BenchExec measures here only one run at a time: two runs at once in one process (each
    thread with a RunExecutor of its own) slowed each other down, two 2.4-s validations both
    taking 4.0 s, and under load a validation in them reached its deadline idle.  So `jobs`
    above 1 (runs from several threads) measures with wait4."""

    def __init__(self, prefer_runexec: bool = True, jobs: int = 1) -> None:
        self.executor = _working_executor() if prefer_runexec and jobs == 1 else None
        self.method = RUNEXEC if self.executor is not None else RUSAGE

    def run(self, command: list[str], timeout: float, cwd: Optional[str] = None) -> Measured:
        if self.executor is None:
            return _run_rusage(command, timeout, cwd)
        return _run_runexec(self.executor, command, timeout, cwd)


def _working_executor():
    """A RunExecutor if one measures a trivial command here (CPU time and memory), else None."""
    try:
        import logging
        from benchexec.runexecutor import RunExecutor
        logging.getLogger().setLevel(logging.WARNING)   # BenchExec's notes on cgroups v1
        executor = RunExecutor(use_namespaces=False)
        probe = _run_runexec(executor, ["/bin/true"], 10.0, None)
    except Exception:           # no cgroups, no permission, no BenchExec: measure with wait4
        return None
    return executor if probe.exit_code == 0 and probe.peak_memory > 0 else None


def _run_runexec(executor, command: list[str], timeout: float, cwd: Optional[str]) -> Measured:
    with tempfile.TemporaryDirectory(prefix="measure-") as directory:
        out, err = os.path.join(directory, "out"), os.path.join(directory, "err")
        started = time.perf_counter()
        result = executor.execute_run(
            command, out, error_filename=err, write_header=False, workingDir=cwd,
            hardtimelimit=int(timeout + KILL_GRACE), walltimelimit=int(timeout + KILL_GRACE))
        wall = time.perf_counter() - started
        exit_code = result.get("exitcode")
        if "memory" not in result or "cputime" not in result:
            raise RuntimeError(f"RunExecutor measured no CPU time or memory: {result}")
        return Measured(exit_code=exit_code.value if exit_code is not None else None,
                        output=_read(out), errors=_read(err), wall=result.get("walltime", wall),
                        cpu=result["cputime"], peak_memory=int(result["memory"]),
                        method=RUNEXEC, killed="terminationreason" in result)


def _run_rusage(command: list[str], timeout: float, cwd: Optional[str]) -> Measured:
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                   cwd=cwd, start_new_session=True)
        killed = False
        deadline = time.monotonic() + timeout + KILL_GRACE
        # ended but not reaped: its pid, and so its session's id, cannot be reused meanwhile
        while os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
            if time.monotonic() > deadline and not killed:
                killed = True
                os.killpg(process.pid, signal.SIGKILL)
            time.sleep(0.01)
        try:
            os.killpg(process.pid, signal.SIGKILL)    # what the command left running
        except ProcessLookupError:
            pass
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = status     # reaped here; keep Popen from waiting again
        wall = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        return Measured(exit_code=os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
                        output=out.read().decode(errors="replace"),
                        errors=err.read().decode(errors="replace"), wall=wall,
                        cpu=usage.ru_utime + usage.ru_stime,
                        peak_memory=usage.ru_maxrss * 1024, method=RUSAGE, killed=killed)


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def megabytes(size: int) -> float:
    return size / 2**20

