"""Shared fixtures and helpers for the `instrument` and command-line tests.

The real corpus is read in place as `../shared/corpus/...` relative to the project root (never
copied).  Small programs are written into `tmp_path` by the tests themselves; witness locations
are computed from the program text with `position()`, so that they are the positions of the
ORIGINAL file, exactly as a witness producer would write them.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path
from typing import Iterable

import pytest
from pycparser import c_ast

PROJECT_ROOT = Path(__file__).resolve().parents[1]
CORPUS = PROJECT_ROOT.parent / "shared" / "corpus"
DATA = Path(__file__).resolve().parent / "data"
UNREACH_CALL_PRP = CORPUS / "sv-benchmarks" / "c" / "properties" / "unreach-call.prp"

CHECK = "__witness_check"
ASSUME = "__witness_assume"
RESULT_PREFIX = "Verification result: "


# ------------------------------------------------------------------ text helpers
def position(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based (line, column) of the `occurrence`-th `needle` in `text`."""
    start = -1
    for _ in range(occurrence):
        start = text.index(needle, start + 1)
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return line, column


def validate_with_report(cli, ws, prp, source: str, items=(), *options: str):
    """Validate `source` with a witness of `items` (see `invariant_set`), 20 s: (the CLI run,
    the JSON report)."""
    program = ws.write("prog.c", source)
    witness = ws.write("w.yml", invariant_set(list(items)))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--timeout", "20",
              "--report-json", report, *options)
    return run, json.loads(report.read_text())


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


# a counting loop with a safe assertion (the CLI and metadata tests validate witnesses on it)
COUNTING_PROGRAM = dedent("""
    extern int __VERIFIER_nondet_int(void);
    extern void abort(void);
    void reach_error(void) { abort(); }
    int main(void) {
      int n = __VERIFIER_nondet_int();
      int i = 0;
      if (n < 0 || n > 1000) return 0;
      while (i < n) {
        i++;
      }
      if (i != n) reach_error();
      return 0;
    }
    """)


def invariant_set(items: Iterable[tuple], version: str = "2.0", file_name: str = "prog.c",
                  uuid: str = "0b1c2d3e-0000-4000-8000-000000000001",
                  extra_entries: str = "") -> str:
    """A format-2.x witness; items are (type, line, column-or-None, value[, format])."""
    text = dedent(f"""
        - entry_type: invariant_set
          metadata:
            format_version: "{version}"
            uuid: {uuid}
            creation_time: "2024-01-01T00:00:00Z"
            producer:
              name: test-producer
              version: "1.0"
            task:
              input_files: ["{file_name}"]
              input_file_hashes: {{}}
              specification: "G ! call(reach_error())"
              data_model: ILP32
              language: C
          content:
        """)
    if not items:
        text = text.rstrip("\n") + " []\n"
    for item in items:
        kind, line, column, value = item[:4]
        value_format = item[4] if len(item) > 4 else "c_expression"
        column_text = f", column: {column}" if column is not None else ""
        text += (f"  - invariant:\n"
                 f"      type: {kind}\n"
                 f"      location: {{file_name: \"{file_name}\", line: {line}{column_text}, "
                 f"function: main}}\n"
                 f"      value: \"{value}\"\n"
                 f"      format: {value_format}\n")
    return text + extra_entries


def v01_entry(kind: str, line: int, column: int, value: str, uuid: str,
              file_name: str = "prog.c", version: str = "0.1") -> str:
    """One format-0.1 (or 0.2) entry; `kind` is loop_invariant or location_invariant."""
    return dedent(f"""
        - entry_type: {kind}
          metadata:
            format_version: {version}
            uuid: {uuid}
            creation_time: 2021-05-05T15:18:43+02:00
            producer:
              name: CPAchecker
              version: 2.0.1-svn
            task:
              input_files:
                - {file_name}
              input_file_hashes:
                {file_name}: 511f45a8d763ef520f6d92e4135c8572805994a66531c6216b17157d0dde2f9c
              specification: CHECK( init(main()), LTL(G ! call(reach_error())) )
              data_model: ILP32
              language: C
          location:
            file_name: {file_name}
            line: {line}
            column: {column}
            function: main
          {kind}:
            string: {value}
            type: assertion
            format: C
        """)


# ------------------------------------------------------------------ AST helpers
class _IntrinsicCalls(c_ast.NodeVisitor):
    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if isinstance(node.name, c_ast.ID) and node.name.name in (CHECK, ASSUME):
            self.calls.append((node.name.name, int(node.args.exprs[0].value)))
        self.generic_visit(node)


def intrinsic_calls(node: c_ast.Node) -> list[tuple[str, int]]:
    """(CHECK or ASSUME, invariant index) of every intrinsic call below `node`, in order."""
    visitor = _IntrinsicCalls()
    visitor.visit(node)
    return visitor.calls


def intrinsic_sequence(nodes: list) -> list[tuple[str, int]]:
    """Intrinsic calls that are themselves the given statements / expressions, in order."""
    sequence = []
    for node in nodes:
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) \
                and node.name.name in (CHECK, ASSUME):
            sequence.append((node.name.name, int(node.args.exprs[0].value)))
    return sequence


def checks_before_assumes(sequence: list[tuple[str, int]]) -> bool:
    names = [name for name, _ in sequence]
    return names == sorted(names, key=lambda n: n != CHECK)


def find_nodes(node: c_ast.Node, kind: type) -> list:
    found = []

    class Finder(c_ast.NodeVisitor):
        def generic_visit(self, n):
            if isinstance(n, kind):
                found.append(n)
            for child in n:
                self.visit(child)

    Finder().visit(node)
    return found


def function_body(ast: c_ast.FileAST, name: str) -> c_ast.Compound:
    for node in ast.ext:
        if isinstance(node, c_ast.FuncDef) and node.decl.name == name:
            return node.body
    raise AssertionError(f"no function {name}")


# ------------------------------------------------------------------ gcc
def gcc_syntax_errors(c_text: str, directory: Path, data_model: str = "ILP32") -> str:
    """'' if `gcc -fsyntax-only` accepts the text, else gcc's complaint."""
    path = directory / "instrumented-syntax-check.c"
    path.write_text(c_text, encoding="utf-8")
    flag = "-m32" if data_model == "ILP32" else "-m64"
    completed = subprocess.run(["gcc", "-fsyntax-only", "-w", flag, "-std=gnu11", str(path)],
                               capture_output=True, text=True, timeout=120)
    return "" if completed.returncode == 0 else completed.stderr[:2000]


# ------------------------------------------------------------------ fixtures
@pytest.fixture(scope="session")
def corpus() -> Path:
    assert (CORPUS / "MANIFEST.tsv").is_file(), f"the shared corpus is missing at {CORPUS}"
    return CORPUS


@pytest.fixture(scope="session")
def prp() -> Path:
    assert UNREACH_CALL_PRP.is_file()
    return UNREACH_CALL_PRP


@pytest.fixture(scope="session", autouse=True)
def _gcc_available() -> None:
    assert shutil.which("gcc"), "gcc is needed (preprocessing, syntax checks)"


class Workspace:
    """Writes programs and witnesses into one temporary directory and runs the stages."""

    def __init__(self, directory: Path) -> None:
        self.dir = directory

    def write(self, name: str, text: str) -> Path:
        path = self.dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def instrument(self, program_text: str, witness_text: str, name: str = "prog.c",
                   data_model: str = "ILP32"):
        """(ParsedProgram, Witness, WeaveResult) for a program and a witness text."""
        from instrument.frontend import parse_program
        from instrument.weave import weave
        from instrument.witness import load_witness
        program_path = self.write(name, program_text)
        witness_path = self.write("witness.yml", witness_text)
        witness = load_witness(str(witness_path))
        program = parse_program(str(program_path), data_model)
        return program, witness, weave(program, witness)

    def placements(self, program_text: str, items: list, name: str = "prog.c",
                   version: str = "2.0"):
        """Weave a 2.x witness made of `items`; returns (placements, WeaveResult)."""
        witness = invariant_set(items, version=version, file_name=name)
        _, _, result = self.instrument(program_text, witness, name)
        return result.placements, result


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return Workspace(tmp_path)


class CliRun:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code = code
        self.out = out
        self.err = err
        self.lines = out.splitlines()

    @property
    def result(self) -> str:
        """The result after `Verification result: ` on the LAST line (asserted to be there)."""
        assert self.lines, f"no output (stderr: {self.err})"
        last = self.lines[-1]
        assert last.startswith(RESULT_PREFIX), f"last line is not a result line: {last!r}"
        return last[len(RESULT_PREFIX):]


@pytest.fixture
def cli(capsys):
    """Run `validator.cli.main` in-process; returns a CliRun."""
    from validator.cli import main

    def run(*argv: str) -> CliRun:
        capsys.readouterr()
        try:
            code = main([str(a) for a in argv])
        except SystemExit as e:        # argparse usage errors and --help
            code = e.code if isinstance(e.code, int) else 1
        captured = capsys.readouterr()
        return CliRun(code, captured.out, captured.err)
    return run


@pytest.fixture
def cli_process():
    """Run the validator as a user does, in a process of its own; returns a CliRun.  For
    results of the Spacer engines, which the in-process runs (`cli`) showed to depend on what
    the test process did before them: the engine child is forked from that process."""
    def run(*argv: str) -> CliRun:
        env = dict(os.environ, PYTHONPATH=str(PROJECT_ROOT))
        done = subprocess.run([sys.executable, "-m", "validator", *[str(a) for a in argv]],
                              capture_output=True, text=True, cwd=str(PROJECT_ROOT), env=env)
        return CliRun(done.returncode, done.stdout, done.stderr)
    return run


@pytest.fixture
def engines_off(monkeypatch):
    """Skip the proof engines (another module, tested elsewhere): placed invariants stay
    `unknown`, so these tests see only what instrumenting and the command line decide."""
    import validator.pipeline as pipeline

    def no_engines(evidence, *args) -> None:
        evidence.problem = "proof engines disabled in this test"
    monkeypatch.setattr(pipeline, "gather_evidence", no_engines)


# ------------------------------------------------------------------ corpus summary
CORPUS_SUMMARY = pytest.StashKey[dict]()


@pytest.fixture(scope="session")
def corpus_summary(request) -> dict:
    """Totals of the corpus test, printed in the terminal summary."""
    return request.config.stash.setdefault(CORPUS_SUMMARY,
                                           {"status": Counter(), "notes": [], "witnesses": 0})


def pytest_sessionfinish(session) -> None:
    """In a pytest-xdist worker: hand the corpus totals to the controller, which prints them."""
    workeroutput = getattr(session.config, "workeroutput", None)
    summary = session.config.stash.get(CORPUS_SUMMARY, None)
    if workeroutput is not None and summary:
        workeroutput["corpus_summary"] = {"status": dict(summary["status"]),
                                          "notes": list(summary["notes"]),
                                          "witnesses": summary["witnesses"]}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """pytest-xdist's controller: add a finished worker's corpus totals to its own."""
    part = getattr(node, "workeroutput", {}).get("corpus_summary")
    if part:
        summary = node.config.stash.setdefault(CORPUS_SUMMARY, {"status": Counter(), "notes": [],
                                                                "witnesses": 0})
        summary["status"].update(part["status"])
        summary["notes"].extend(part["notes"])
        summary["witnesses"] += part["witnesses"]


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    summary = config.stash.get(CORPUS_SUMMARY, None)
    if not summary or not summary["status"]:
        return
    status = summary["status"]
    terminalreporter.section("corpus witnesses (sequential)")
    terminalreporter.write_line(
        f"placed {status['placed']}, unplaced {status['unplaced']}, "
        f"unsupported {status['unsupported']}, witness ERROR {status['error']}")
    for note in summary["notes"]:
        terminalreporter.write_line(note)
