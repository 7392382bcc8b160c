"""The Dockerfile's steps, executed for real (no Docker engine runs here, so the image itself is
never built in CI): its COPY and RUN instructions run in a fresh directory that stands for the
image's file system, with a fresh virtual environment's `bin` first on PATH, so that `pip` in
`RUN pip install --no-cache-dir .` is that environment's pip and the project is built as a wheel
and installed without the checkout on sys.path.  The Debian-package step runs the shared script
(.ci/install-system-packages.sh), which finds the packages present or installs them.  Then the
installed command runs from the image's last WORKDIR, as `docker run` would, on a sample task
whose answer is `true` and on one whose answer is `false`."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from test_dockerfile import ROOT, dockerignored, instructions

SAMPLE = ROOT / "sv-benchmarks-sample"
RESULT_PREFIX = "Verification result: "
STEP_TIMEOUT = 600


@dataclass
class Image:
    """What executing the Dockerfile left behind."""
    root: Path                      # stands for the image's /
    venv: Path                      # the environment whose pip the RUN lines used
    env: dict                       # the environment of the RUN lines and of `docker run`
    workdir: Path = None            # the last WORKDIR
    entrypoint: list = field(default_factory=list)
    cmd: list = field(default_factory=list)
    log: list = field(default_factory=list)

    def run(self, *arguments: str) -> subprocess.CompletedProcess:
        """`docker run IMAGE arguments` (the default command when there are none)."""
        command = self.entrypoint + (list(arguments) or self.cmd)
        return subprocess.run(command, cwd=self.workdir, env=self.env, capture_output=True,
                              text=True, timeout=300)


def in_image(image: Image, cwd: Path, path: str) -> Path:
    return image.root / path.lstrip("/") if path.startswith("/") else cwd / path


def copy(image: Image, cwd: Path, arguments: str) -> None:
    """COPY SOURCE... DEST from the build context (the checkout, less .dockerignore)."""
    *sources, destination = arguments.split()
    assert sources and not any(s.startswith("--") for s in sources), \
        f"COPY {arguments}: flags are not executed by this test"
    target = in_image(image, cwd, destination)
    into_directory = destination.endswith("/") or len(sources) > 1
    for source in sources:
        path = ROOT / source
        assert path.exists() and not dockerignored(source), f"COPY {source}: not in the context"
        if path.is_dir():
            def ignore(directory: str, names: list[str]) -> set[str]:
                relative = Path(directory).relative_to(ROOT).as_posix()
                return {n for n in names if dockerignored(f"{relative}/{n}")}
            shutil.copytree(path, target, ignore=ignore, dirs_exist_ok=True)
        else:
            file_target = target / path.name if into_directory else target
            file_target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, file_target)


@pytest.fixture(scope="module")
def image(tmp_path_factory) -> Image:
    base = tmp_path_factory.mktemp("dockerfile")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}", VIRTUAL_ENV=str(venv))
    image = Image(root=base / "root", venv=venv, env=env)
    image.root.mkdir()
    cwd = image.root
    for keyword, arguments in instructions():
        if keyword == "FROM":
            continue                      # the base image: here, the fresh virtual environment
        elif keyword == "WORKDIR":
            cwd = in_image(image, cwd, arguments)
            cwd.mkdir(parents=True, exist_ok=True)
        elif keyword == "COPY":
            copy(image, cwd, arguments)
        elif keyword == "RUN":
            assert not arguments.startswith("["), "RUN in exec form: not executed by this test"
            completed = subprocess.run(["/bin/sh", "-c", arguments], cwd=cwd, env=env,
                                       capture_output=True, text=True, timeout=STEP_TIMEOUT)
            assert completed.returncode == 0, \
                f"RUN {arguments}\n{completed.stdout[-3000:]}\n{completed.stderr[-3000:]}"
            image.log.append(arguments)
        elif keyword == "ENTRYPOINT":
            image.entrypoint = json.loads(arguments)
        elif keyword == "CMD":
            image.cmd = json.loads(arguments)
        else:
            pytest.fail(f"{keyword}: this test does not execute it; extend it with the Dockerfile")
    image.workdir = cwd
    return image


def test_every_run_step_was_executed(image):
    runs = [arguments for keyword, arguments in instructions() if keyword == "RUN"]
    assert image.log == runs and any("pip install" in run for run in runs)


def test_the_entry_point_is_installed_in_the_environment(image):
    found = shutil.which(image.entrypoint[0], path=image.env["PATH"])
    assert found and Path(found).parent == image.venv / "bin"
    completed = image.run()              # the default command: --help
    assert completed.returncode == 0, completed.stderr
    assert "usage" in completed.stdout.lower()


def installed_location(image: Image) -> Path:
    """The directory holding the installed packages, checked to be inside the environment."""
    completed = subprocess.run(
        [str(image.venv / "bin" / "python"), "-c",
         "import instrument, validator, json; print(json.dumps([instrument.__file__, "
         "validator.__file__]))"],
        cwd=image.workdir, env=image.env, capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    files = [Path(f).resolve() for f in json.loads(completed.stdout)]
    for file in files:
        assert image.venv.resolve() in file.parents, f"{file} is not the installed copy"
        assert ROOT not in file.parents
    return files[0].parents[1]


def test_the_wheel_installs_every_package_and_data_file(image):
    site = installed_location(image)
    for top in ("instrument", "validator"):
        for path in (ROOT / top).rglob("*"):
            relative = path.relative_to(ROOT)
            if "__pycache__" in relative.parts:
                continue
            if path.name == "__init__.py" or path.suffix in (".h", ".json"):
                assert (site / relative).is_file(), f"{relative} is missing from the install"
    assert list((site / "instrument" / "include").glob("*.h"))
    assert list((site / "instrument" / "schemas").glob("*.json"))


@pytest.mark.parametrize("task, result", [("for_count.yml", "true"),
                                          ("for_count.wrong.yml", "false(unreach-call)")])
def test_the_installed_command_validates_a_mounted_task(image, task, result):
    """`docker run -v "$PWD/sv-benchmarks-sample:/tasks" IMAGE c/validation/TASK`."""
    shutil.copytree(SAMPLE, image.workdir, dirs_exist_ok=True)     # the mounted /tasks
    completed = image.run(f"c/validation/{task}")
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert completed.stdout.splitlines()[-1] == RESULT_PREFIX + result, completed.stdout[-3000:]
