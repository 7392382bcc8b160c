"""The start-up toolchain check: gcc builds programs of both data models here; without gcc, or
without 32-bit support, it names the Debian packages to install."""
from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from validator.execution import toolchain
from validator.execution.toolchain import ToolchainProblem, toolchain_problem


@pytest.fixture
def fresh_cache(monkeypatch, tmp_path):
    """The check is computed once per process: forget the results around a test that changes
    PATH, so that neither this test nor the others see a result computed under another PATH;
    and the successes remembered across processes go to a folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    toolchain._check.cache_clear()
    yield
    toolchain._check.cache_clear()


@pytest.mark.parametrize("data_model", ["ILP32", "LP64"])
def test_the_check_passes_on_this_machine(data_model):
    assert toolchain_problem(data_model) is None


def test_the_result_is_computed_once_per_data_model(fresh_cache):
    for _ in range(3):
        toolchain_problem("LP64")
    assert toolchain._check.cache_info().misses == 1


def test_an_unknown_data_model_is_refused():
    with pytest.raises(ValueError):
        toolchain_problem("LP32")


def test_missing_gcc_names_gcc_and_its_packages(fresh_cache, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    problem = toolchain_problem("LP64")
    assert isinstance(problem, ToolchainProblem)
    assert problem.message == ("gcc is not installed: install the Debian packages gcc and "
                               "libc6-dev (apt-get install gcc libc6-dev)")
    assert "gcc is not installed" in toolchain_problem("ILP32").message


def fake_gcc(directory: Path, fails_for: str) -> None:
    """A `gcc` that fails like a gcc without the libraries of `fails_for` (-m32 or -m64), and
    is the real gcc otherwise."""
    real = shutil.which("gcc")
    script = directory / "gcc"
    script.write_text("#!/bin/sh\n"
                      f'for a in "$@"; do if [ "$a" = "{fails_for}" ]; then\n'
                      "  echo '/usr/bin/ld: cannot find -lgcc' >&2; exit 1; fi; done\n"
                      f'exec "{real}" "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def test_gcc_without_32_bit_support_names_gcc_multilib(fresh_cache, monkeypatch, tmp_path):
    fake_gcc(tmp_path, "-m32")
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    problem = toolchain_problem("ILP32")
    assert problem is not None
    assert problem.message == ("gcc cannot build 32-bit (ILP32) programs: install the Debian "
                               "package gcc-multilib (apt-get install gcc-multilib)")
    assert "cannot find -lgcc" in problem.detail
    assert toolchain_problem("LP64") is None


def test_gcc_that_cannot_link_at_all_names_libc6_dev(fresh_cache, monkeypatch, tmp_path):
    fake_gcc(tmp_path, "-std=gnu11")          # every build fails
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    assert "apt-get install libc6-dev)" in toolchain_problem("LP64").message
    assert "apt-get install libc6-dev gcc-multilib)" in toolchain_problem("ILP32").message


def test_a_missing_32_bit_toolchain_is_named_once_and_never_shown_as_a_replay_failure(tmp_path):
    """End to end, as a user without gcc-multilib sees it: gcc preprocesses (`-E -m32` needs no
    32-bit libraries) but cannot link a 32-bit program.  A witness that a replay would refute
    stays `unknown`, and the reason, the report and stderr name the package, not a replay."""
    import json
    import subprocess
    import sys
    real = shutil.which("gcc")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "gcc"
    script.write_text("#!/bin/sh\n"
                      'm32=0; pre=0\n'
                      'for a in "$@"; do [ "$a" = "-m32" ] && m32=1; [ "$a" = "-E" ] && pre=1; done\n'
                      'if [ $m32 = 1 ] && [ $pre = 0 ]; then\n'
                      "  echo '/usr/bin/ld: cannot find -lgcc' >&2; exit 1; fi\n"
                      f'exec "{real}" "$@"\n')
    script.chmod(0o755)
    task = Path(__file__).resolve().parents[1] / "sv-benchmarks-sample" / "c" / "validation" / \
        "for_count.wrong.yml"
    report = tmp_path / "report.json"
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    run = subprocess.run([sys.executable, "-m", "validator", str(task), "--timeout", "20",
                          "--report-json", str(report)],
                         capture_output=True, text=True, env=env, timeout=120)
    assert run.stdout.splitlines()[-1] == "Verification result: unknown"
    message = "gcc cannot build 32-bit (ILP32) programs: install the Debian package " \
              "gcc-multilib (apt-get install gcc-multilib)"
    assert run.stderr.count(message) == 1
    data = json.loads(report.read_text())
    assert data["warnings"].count(message) == 1 and data["toolchain_problem"] == message
    reasons = [data["reason"]] + [i["reason"] or "" for i in data["invariants"]]
    assert not any("did not replay" in r for r in reasons), reasons
    assert "gcc-multilib" in data["invariants"][0]["reason"]


def counting_gcc(directory: Path, fails_for: str = "--never") -> Path:
    """A `gcc` that logs each call to `calls.log` beside it and is the real gcc, but fails for
    the flag `fails_for`."""
    directory.mkdir(exist_ok=True)
    real = shutil.which("gcc")
    script = directory / "gcc"
    script.write_text("#!/bin/sh\n"
                      f'echo call >> "{directory}/calls.log"\n'
                      f'for a in "$@"; do if [ "$a" = "{fails_for}" ]; then exit 1; fi; done\n'
                      f'exec "{real}" "$@"\n')
    script.chmod(0o755)
    return directory / "calls.log"


def calls(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_a_success_is_remembered_across_processes_until_gcc_changes(fresh_cache, monkeypatch,
                                                                    tmp_path):
    log = counting_gcc(tmp_path / "bin")
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    assert toolchain_problem("LP64") is None and calls(log) == 1
    toolchain._check.cache_clear()           # as a new process
    assert toolchain_problem("LP64") is None and calls(log) == 1
    assert toolchain_problem("ILP32") is None and calls(log) == 2    # per data model
    gcc = tmp_path / "bin" / "gcc"
    os.utime(gcc, ns=(gcc.stat().st_atime_ns, gcc.stat().st_mtime_ns + 10**9))
    toolchain._check.cache_clear()
    assert toolchain_problem("LP64") is None and calls(log) == 3


def test_a_package_change_checks_again_and_a_problem_is_never_remembered(fresh_cache,
                                                                         monkeypatch, tmp_path):
    """Removing gcc-multilib leaves gcc as it was: the package database tells."""
    database = tmp_path / "status"
    database.write_text("Package: gcc-multilib\n")
    monkeypatch.setattr(toolchain, "PACKAGE_DATABASE", str(database))
    log = counting_gcc(tmp_path / "bin")
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    assert toolchain_problem("ILP32") is None and calls(log) == 1
    database.write_text("")                  # gcc-multilib removed
    counting_gcc(tmp_path / "bin", fails_for="-m32")
    toolchain._check.cache_clear()
    assert "gcc-multilib" in toolchain_problem("ILP32").message
    toolchain._check.cache_clear()
    before = calls(log)
    assert "gcc-multilib" in toolchain_problem("ILP32").message
    assert calls(log) > before               # checked again, not remembered


def test_without_a_package_database_every_process_checks(fresh_cache, monkeypatch, tmp_path):
    monkeypatch.setattr(toolchain, "PACKAGE_DATABASE", str(tmp_path / "no-such-file"))
    log = counting_gcc(tmp_path / "bin")
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    assert toolchain_problem("LP64") is None
    toolchain._check.cache_clear()
    assert toolchain_problem("LP64") is None and calls(log) == 2
