"""Replay a counterexample in the gcc-compiled program (`harness.py`: `-O0`, traps on UB).

The instrumented program is printed with the nondet functions (and the external functions,
which the CFA reads as nondet) reading the counterexample's values in order; the error
function and failing checks print markers.  Only what the real execution prints counts: a
counterexample that does not replay is a disagreement, and the answer stays `unknown`.
"""
from __future__ import annotations

import os
import select
import signal
import struct
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from typing import Optional

from instrument.woven import WeaveResult

from .harness import (compile_program, ghost_values_report, program_text, read_ghost_markers,
                      read_markers)


# the next input in the nondet function's type: the bits of a double for `float` and `double`
# (a float's value converts exactly), else an integer converted as C converts it
NEXT_VALUE = ("_Generic(({type})0, float: __replay_next_double(), double: __replay_next_double(), "
              "default: __replay_next())")


def _bits(value) -> int:
    """An input as the 64 bits the harness reads: an integer's low bits, a floating value's
    double representation (`float.hex()` text as in the JSON of a counterexample)."""
    if isinstance(value, str):
        value = float.fromhex(value)
    if isinstance(value, float):
        return struct.unpack("<Q", struct.pack("<d", value))[0]
    return int(value) & ((1 << 64) - 1)


@dataclass
class ReplayResult:
    reached_error: bool = False
    failed_checks: list[tuple[int, str]] = field(default_factory=list)   # (index, where)
    ran: bool = False
    message: str = ""
    # the program ended by itself (returned from main, exit, abort), not by a trap of undefined
    # behaviour, a crash or the time limit
    ended: bool = False
    # ghost updates (by number) that trapped: undefined behaviour of the witness
    ghost_ub: list[int] = field(default_factory=list)
    # the ghosts' values at each failed check ((index, where)) and at the error ("error")
    ghost_values: dict = field(default_factory=dict)

    def shows(self, marker: tuple) -> bool:
        """Whether the run showed `marker`: ("error",), ("check", index, where) for a failed
        check, ("ghost_ub", number) for a ghost update that trapped."""
        if marker[0] == "error":
            return self.reached_error
        if marker[0] == "check":
            return (marker[1], marker[2]) in self.failed_checks
        return marker[1] in self.ghost_ub


READ_SIZE = 1 << 16


def replay(weave_result: WeaveResult, error_function: str, data_model: str,
           inputs: list[dict], timeout: float = 10.0,
           goal: Optional[frozenset] = None) -> ReplayResult:
    """Compile and run; after `timeout` seconds the run is stopped and what it printed until
    then counts (a check that failed before the stop failed on a real execution).  With a
    `goal` (markers of `ReplayResult.shows`), the run is stopped as soon as it has shown all
    of them: what it would do afterwards changes nothing about them (an invariant refuted at
    the first iteration of a loop that never ends: its replay waited for the deadline)."""
    started = time.monotonic()
    result = ReplayResult()
    # the values may exceed `long long` (unsigned long long, __int128): as unsigned bits; a
    # floating value as the bits of its double (exact: a float's value is a double's too).
    # They are read from standard input when the program starts, not compiled in: a run that
    # fills arrays of 100000 elements from inputs has that many, too many for an initialiser
    count = len(inputs)
    source = [
        # glibc's own names of read: the program may define `read` or `fread` (and the
        # harness stubs `fopen` when the program calls it)
        'extern int __replay_read(int, void *, unsigned long) __asm__("__read");',
        f"static unsigned long long __replay_inputs[{max(count, 1)}];",
        f"static int __replay_count = {count}, __replay_position = 0;",
        "__attribute__((constructor)) static void __replay_load(void) {",
        "  unsigned long done = 0, size = 8 * (unsigned long)__replay_count; int got;",
        "  while (done < size && (got = __replay_read(0, (char *)__replay_inputs + done, "
        "size - done)) > 0) done += got;",
        "  if (done < size) {",
        '    __replay_printf("REPLAY-NO-INPUTS\\n"); __replay_fflush(0); __replay_exit(3); } }',
        "static unsigned long long __replay_bits(void) { if (__replay_position >= __replay_count) {",
        '  __replay_printf("REPLAY-OUT-OF-INPUTS\\n"); __replay_fflush(0); __replay_exit(3); }',
        "  return __replay_inputs[__replay_position++]; }",
        "static long long __replay_next(void) { return (long long)__replay_bits(); }",
        "static double __replay_next_double(void) { unsigned long long b = __replay_bits(); "
        "double d; __builtin_memcpy(&d, &b, sizeof d); return d; }",
    ]
    text = program_text(weave_result, error_function, source, NEXT_VALUE,
                        report=ghost_values_report(weave_result.ghosts))
    with tempfile.TemporaryDirectory(prefix="replay-") as directory:
        binary, result.message = compile_program(text, data_model, directory, timeout)
        if binary is None:
            return result
        values = os.path.join(directory, "inputs.bin")
        with open(values, "wb") as f:
            f.write(struct.pack(f"<{count}Q", *(_bits(i["value"]) for i in inputs)))
        with open(values, "rb") as stdin:      # read at the start (`__replay_load`)
            now = time.monotonic()
            lines, returncode = _run(binary, stdin, now + max(0.2, timeout - (now - started)),
                                     goal)
    if returncode is not None:
        result.ended = returncode >= 0 or returncode == -signal.SIGABRT
    result.ran = True
    result.reached_error, result.failed_checks = read_markers(lines)
    result.ghost_ub, result.ghost_values = read_ghost_markers(lines)
    return result


def _run(binary: str, stdin, until: float, goal: Optional[frozenset]
         ) -> tuple[list[str], Optional[int]]:
    """The lines the binary prints until it ends, `until` (then it is killed), or it has
    shown every marker of `goal` (killed too); and its return code if it ended by itself.
    Markers are flushed as they are printed (harness.py), so each arrives when it happens."""
    process = subprocess.Popen([binary], stdin=stdin, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    lines: list[str] = []
    pending = b""
    seen = ReplayResult()
    ended = False
    try:
        while True:
            remaining = until - time.monotonic()
            if remaining <= 0 or not select.select([process.stdout], [], [], remaining)[0]:
                break                                       # out of time
            chunk = os.read(process.stdout.fileno(), READ_SIZE)
            if not chunk:
                ended = True                                # the program closed its output
                break
            pending += chunk
            *complete, pending = pending.split(b"\n")
            new = [line.decode(errors="replace") for line in complete]
            lines += new
            if goal:
                error, failed = read_markers(new)
                seen.reached_error |= error
                seen.failed_checks += failed
                seen.ghost_ub += read_ghost_markers(new)[0]
                if all(seen.shows(marker) for marker in goal):
                    break
        if ended:           # (a program may close its output and go on)
            process.wait(timeout=max(0.0, until - time.monotonic()))
    except subprocess.TimeoutExpired:
        ended = False
    finally:
        if not ended:
            process.kill()
        process.stdout.close()
        returncode = process.wait()
    if pending:
        lines.append(pending.decode(errors="replace"))
    return lines, (returncode if ended else None)
