"""The Dockerfile and the scripts around it read as one: the Debian packages come from one list
installed by one script (.ci/install-system-packages.sh) that CI, run-tests.sh, run-sample.sh and
the image use; the image installs the project from pyproject.toml (`pip install .`, not
editable) with a Python the project accepts, and has the installed command as its entry point.
No Docker engine runs here: tests/test_install.py executes the Dockerfile's steps for real."""
from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")      # Python 3.11+; the project itself needs 3.10

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PACKAGES_FILE = ".ci/debian-packages.txt"
PACKAGES_SCRIPT = ".ci/install-system-packages.sh"
SETUP_SCRIPT = ".ci/setup.sh"
TEST_COMMAND = "./run-tests.sh"
SAMPLE_COMMAND = "./run-sample.sh"


def read(relative: str) -> str:
    return (ROOT / relative).read_text(encoding="utf-8")


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined."""
    text = re.sub(r"\\\n", " ", DOCKERFILE)
    result = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            result.append((keyword.upper(), rest.strip()))
    return result


def dockerignored(relative: str) -> bool:
    """Whether .dockerignore keeps `relative` (a path below the build context, with /) out of
    the context: `**/NAME` anywhere, other patterns from the context's top, a directory with
    everything below it.  Exceptions (`!`) are not supported (asserted)."""
    patterns = [line.strip() for line in read(".dockerignore").splitlines()
                if line.strip() and not line.startswith("#")]
    assert not any(p.startswith("!") for p in patterns), "exceptions in .dockerignore"
    parts = relative.strip("/").split("/")
    prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
    for pattern in patterns:
        pattern = pattern.strip("/")
        if pattern.startswith("**/"):
            if any(fnmatch.fnmatchcase(part, pattern[3:]) for part in parts):
                return True
        elif any(fnmatch.fnmatchcase(prefix, pattern) for prefix in prefixes):
            return True
    return False


def debian_packages() -> list[str]:
    return [p.strip() for p in read(PACKAGES_FILE).splitlines()
            if p.strip() and not p.strip().startswith("#")]


def test_debian_packages_come_from_one_list_and_one_script():
    assert {"gcc", "gcc-multilib", "libc6-dev"} <= set(debian_packages())
    script = read(PACKAGES_SCRIPT)
    assert "debian-packages.txt" in script and "apt-get install" in script
    # the image copies the script with its list and runs it
    copied = {source for kw, args in instructions() if kw == "COPY" for source in args.split()[:-1]}
    assert {PACKAGES_FILE, PACKAGES_SCRIPT} <= copied
    runs = [args for kw, args in instructions() if kw == "RUN"]
    assert any(PACKAGES_SCRIPT in run for run in runs)
    # the test and sample commands (so CI) run it through the shared setup
    assert f"bash {PACKAGES_SCRIPT}" in read(SETUP_SCRIPT)
    for command in (TEST_COMMAND, SAMPLE_COMMAND):
        assert f"bash {SETUP_SCRIPT}" in read(command)
    # and nothing else installs Debian packages on its own
    for other in ("Dockerfile", ".ci/run", SETUP_SCRIPT, TEST_COMMAND, SAMPLE_COMMAND):
        assert "apt-get" not in read(other), other
    assert PACKAGES_FILE in README


def test_ci_runs_exactly_the_readme_test_command():
    quick_start = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```\n(.*?)```", quick_start, re.S)
    commands = [line.strip() for block in blocks for line in block.splitlines() if line.strip()]
    assert commands == [SAMPLE_COMMAND, TEST_COMMAND]
    run_lines = [line.strip() for line in read(".ci/run").splitlines()]
    assert any(line.startswith(TEST_COMMAND + " ") or line == TEST_COMMAND
               for line in run_lines)
    assert "pytest -q" in read(TEST_COMMAND)
    for command in (TEST_COMMAND, SAMPLE_COMMAND, ".ci/run", PACKAGES_SCRIPT, SETUP_SCRIPT):
        assert os.access(ROOT / command, os.X_OK), f"{command} is not executable"


def test_the_image_installs_the_project_from_pyproject():
    pip_runs = [args for kw, args in instructions() if kw == "RUN" and "pip install" in args]
    assert len(pip_runs) == 1
    words = shlex.split(pip_runs[0])
    targets = [w for w in words[words.index("install") + 1:] if not w.startswith("-")]
    assert targets == ["."], "the image installs the project itself, with pyproject's dependencies"
    assert "-e" not in words and "--editable" not in words
    # everything `pip install .` needs is copied into the image: the build configuration, the
    # readme it names and every top-level package that packages.find includes
    copied = {source.rstrip("/") for kw, args in instructions() if kw == "COPY"
              for source in args.split()[:-1]}
    assert {"pyproject.toml", PYPROJECT["project"]["readme"]} <= copied
    includes = PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = {path.name for path in ROOT.iterdir() if (path / "__init__.py").is_file()
                and any(fnmatch.fnmatchcase(path.name, pattern) for pattern in includes)}
    assert {"instrument", "validator"} <= packages <= copied
    for source in copied:
        assert (ROOT / source).exists() and not dockerignored(source), source


def test_base_image_python_is_accepted_by_the_project():
    [base] = [args for kw, args in instructions() if kw == "FROM"]
    match = re.match(r"python:(\d+)\.(\d+)", base)
    assert match, base
    required = re.match(r">=(\d+)\.(\d+)", PYPROJECT["project"]["requires-python"])
    assert tuple(map(int, match.groups())) >= tuple(map(int, required.groups()))


def test_entry_point_is_the_installed_command():
    [entry] = [args for kw, args in instructions() if kw == "ENTRYPOINT"]
    assert json.loads(entry) == ["validate-correctness"]
    assert "validate-correctness" in PYPROJECT["project"]["scripts"]
    assert "docker build" in README and "docker run" in README


# ------------------------------------------------------------ the shared package script
def tools_without(directory: Path, *missing: str) -> str:
    """A PATH of one directory with every command of this PATH, less `missing`."""
    directory.mkdir()
    for folder in os.environ["PATH"].split(os.pathsep):
        if not os.path.isdir(folder):
            continue
        for entry in os.scandir(folder):
            link = directory / entry.name
            if entry.name not in missing and not os.path.lexists(link) \
                    and os.access(entry.path, os.X_OK) and not entry.is_dir():
                link.symlink_to(entry.path)
    return str(directory)


def run_script(path: str, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(ROOT / PACKAGES_SCRIPT), *arguments], capture_output=True,
                          text=True, timeout=120, env=dict(os.environ, PATH=path))


def test_the_package_script_does_nothing_when_gcc_builds_32_bit_programs():
    completed = run_script(os.environ["PATH"])
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == ""


def test_without_gcc_and_apt_get_the_script_says_what_to_install(tmp_path):
    completed = run_script(tools_without(tmp_path / "bin", "gcc", "apt-get", "sudo"))
    assert completed.returncode == 1
    packages = " ".join(debian_packages())
    assert f"Needed (Debian package names): {packages}" in completed.stderr
    assert f"apt-get install {packages}" in completed.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="as another user the script would use sudo")
def test_without_32_bit_builds_the_script_installs_the_list_with_apt_get(tmp_path):
    """A gcc that cannot build -m32 and an apt-get that records what it is asked: the script
    updates, installs the whole list, and fails because gcc still cannot build -m32."""
    path = tools_without(tmp_path / "bin", "gcc", "apt-get", "sudo")
    real_gcc, log = shutil.which("gcc"), tmp_path / "apt.log"
    fakes = {"gcc": f'for a in "$@"; do [ "$a" = -m32 ] && exit 1; done; exec "{real_gcc}" "$@"',
             "apt-get": f'echo "$*" >> "{log}"'}
    for name, body in fakes.items():
        (tmp_path / "bin" / name).write_text(f"#!/bin/sh\n{body}\n")
        (tmp_path / "bin" / name).chmod(0o755)
    completed = run_script(path)
    assert completed.returncode == 1
    assert "still cannot build" in completed.stderr
    calls = log.read_text().splitlines()
    assert calls[0] == "update -qq"
    assert calls[1].startswith("install -y") and calls[1].endswith(" ".join(debian_packages()))
