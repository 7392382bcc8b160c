"""Start-up check of the C toolchain: can gcc build (and run) programs of the data model?

Preprocessing, the replay of counterexamples and native testing all need gcc; ILP32 programs are
built with `-m32`, which on Debian needs gcc-multilib.  Without this check a missing package
shows up late, as a replay that "could not compile", and the answer is a puzzling `unknown`.
`toolchain_problem(data_model)` builds (and runs) a trivial program with `-m32` or `-m64` and,
when that fails, says what does not work and which Debian packages to install.  The result for
a data model is computed once per process, and a success is remembered across processes
(`_remembered`): the build took a fifth of a second of every run.
"""
from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from typing import Optional

# any package installed or removed (gcc-multilib, libc6-dev) changes it
PACKAGE_DATABASE = "/var/lib/dpkg/status"
CACHE_NAME = "validate-correctness"

TIMEOUT_SECONDS = 10.0       # a trivial program (gcc's first start on a cold disk can be slow)

FLAGS = {"ILP32": "-m32", "LP64": "-m64"}
BITS = {"ILP32": "32-bit (ILP32)", "LP64": "64-bit (LP64)"}

# calls into the C library, so that linking it (start files and libc) is part of the check
PROGRAM = 'extern int puts(const char *); int main(void) { return puts("toolchain") < 0; }\n'


@dataclass(frozen=True)
class ToolchainProblem:
    message: str          # what does not work and the Debian packages (with the command)
    detail: str = ""      # gcc's own complaint, when there is one


def _install(packages: list[str]) -> str:
    names = " and ".join(packages)
    noun = "package" if len(packages) == 1 else "packages"
    return f"install the Debian {noun} {names} (apt-get install {' '.join(packages)})"


def toolchain_problem(data_model: str) -> Optional[ToolchainProblem]:
    """None when gcc builds and runs a trivial program of `data_model` (ILP32 or LP64), else
    what is wrong.  Computed at most once per data model and process."""
    if data_model not in FLAGS:
        raise ValueError(f"unknown data model {data_model!r} (ILP32 or LP64)")
    return _check(data_model)


def _cache_key(data_model: str) -> Optional[list]:
    """What a remembered success depends on: the data model, the gcc found on PATH (its file
    and modification time) and the state of the Debian package database; None (check every
    time) without gcc or without that database, where a removed library would go unseen."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    try:
        compiler = os.stat(os.path.realpath(gcc))
        packages = os.stat(PACKAGE_DATABASE)
    except OSError:
        return None
    return [data_model, os.path.realpath(gcc), compiler.st_mtime_ns, compiler.st_size,
            packages.st_mtime_ns, packages.st_size]


def _cache_file(data_model: str) -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, CACHE_NAME, f"toolchain-{data_model}.json")


def _remembered(data_model: str, key: Optional[list]) -> bool:
    """Whether an earlier process found the toolchain working under the same `key`."""
    if key is None:
        return False
    try:
        with open(_cache_file(data_model), encoding="utf-8") as f:
            return json.load(f) == {"works": key}
    except (OSError, ValueError):
        return False


def _remember(data_model: str, key: Optional[list]) -> None:
    """Keep a success (only: a problem is checked again, so that its fix is seen at once).
    A cache that cannot be written (a read-only home, BenchExec's container) costs only the
    check."""
    if key is None:
        return
    path = _cache_file(data_model)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=os.path.dirname(path), delete=False,
                                         suffix=".tmp", encoding="utf-8") as f:
            json.dump({"works": key}, f)
        os.replace(f.name, path)
    except OSError:
        pass


@functools.lru_cache(maxsize=None)
def _check(data_model: str) -> Optional[ToolchainProblem]:
    key = _cache_key(data_model)
    if _remembered(data_model, key):
        return None
    problem = _build_and_run(data_model)
    if problem is None:
        _remember(data_model, key)
    return problem


def _build_and_run(data_model: str) -> Optional[ToolchainProblem]:
    bits = BITS[data_model]
    with tempfile.TemporaryDirectory(prefix="toolchain-") as directory:
        source = os.path.join(directory, "probe.c")
        binary = os.path.join(directory, "probe")
        with open(source, "w", encoding="utf-8") as f:
            f.write(PROGRAM)
        try:
            built = subprocess.run(["gcc", "-w", FLAGS[data_model], "-std=gnu11", source,
                                    "-o", binary],
                                   capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
        except FileNotFoundError:
            return ToolchainProblem("gcc is not installed: " + _install(["gcc", "libc6-dev"]))
        except subprocess.TimeoutExpired:
            return ToolchainProblem(f"gcc took more than {TIMEOUT_SECONDS:g} s to build a "
                                    f"trivial {bits} program")
        if built.returncode != 0:
            detail = (built.stderr.strip().splitlines() or [""])[-1]
            if data_model == "ILP32" and _check("LP64") is None:
                packages = ["gcc-multilib"]
            elif data_model == "ILP32":
                packages = ["libc6-dev", "gcc-multilib"]
            else:
                packages = ["libc6-dev"]
            return ToolchainProblem(f"gcc cannot build {bits} programs: {_install(packages)}",
                                    detail)
        try:
            ran = subprocess.run([binary], capture_output=True, text=True,
                                 timeout=TIMEOUT_SECONDS)
        except (OSError, subprocess.TimeoutExpired) as e:
            return ToolchainProblem(f"a {bits} program built by gcc does not run on this "
                                    f"machine", str(e))
        if ran.returncode != 0 or ran.stdout.strip() != "toolchain":
            return ToolchainProblem(f"a {bits} program built by gcc does not run on this machine",
                                    f"exit status {ran.returncode}")
    return None
