"""The Dockerfile installs what the README and .ci/run install (no Docker engine runs here, so the
image itself cannot be built in CI): the same Debian packages, the project from pyproject.toml,
a Python that the project accepts, and the installed command as the entry point."""
from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")      # Python 3.11+; the project itself needs 3.10

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI_RUN = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PACKAGES_FILE = ".ci/debian-packages.txt"


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


def test_debian_packages_come_from_one_list_used_by_ci_and_docker():
    packages = [p for p in (ROOT / PACKAGES_FILE).read_text().split("\n")
                if p.strip() and not p.startswith("#")]
    assert {"gcc", "gcc-multilib"} <= set(packages)
    copies = [args for kw, args in instructions() if kw == "COPY"]
    assert any(args.split()[0] == PACKAGES_FILE for args in copies)
    runs = " ".join(args for kw, args in instructions() if kw == "RUN")
    assert "apt-get install" in runs and "debian-packages.txt" in runs
    assert PACKAGES_FILE in CI_RUN and "apt-get install" in CI_RUN
    assert PACKAGES_FILE in README


def test_the_project_is_installed_from_pyproject_in_both():
    pip_runs = [args for kw, args in instructions() if kw == "RUN" and "pip install" in args]
    assert len(pip_runs) == 1
    words = shlex.split(pip_runs[0])
    targets = [w for w in words[words.index("install") + 1:] if not w.startswith("-")]
    assert targets == ["."], "the image installs the project itself, with pyproject's dependencies"
    assert "pip install -q -e '.[test]'" in CI_RUN
    assert "pip install" in README and ".[test]" in README
    # everything `pip install .` needs is copied into the image
    copied = {source.rstrip("/") for kw, args in instructions() if kw == "COPY"
              for source in args.split()[:-1]}
    for package in PYPROJECT["tool"]["setuptools"]["packages"]:
        assert package in copied
    assert {"pyproject.toml", "README.md"} <= copied


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


def test_the_wheel_the_image_installs_carries_the_data_files(tmp_path):
    """`pip install .` (not editable, as in the image) must ship the schemas and stub headers."""
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT),
                            "-w", str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-2000:]
    [wheel] = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for directory in ("instrument/schemas", "instrument/include"):
        for path in (ROOT / directory).iterdir():
            if path.is_file():
                assert f"{directory}/{path.name}" in names
    assert "validator/benchexec_tool.py" in names
