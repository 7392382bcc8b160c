"""Our own witness suite (tests/witness_suite/, see its MANIFEST.tsv and make_suite.py).

For every expected-true task of the shared corpus that the front end models there is a valid
witness and mutants of it.  This file checks

(a) every wrong mutant (off-by-one, strengthened, moved) is wrong: woven into the program and run
    by `validator.execution.replay.replay` on the recorded nondet values, a mutated invariant
    fails;
(b) every valid witness holds on the recorded random executions (no check fails, no error);
(c) the validator never confirms a wrong mutant and never rejects a valid or weakened witness.

How many the validator decides depends on the time it gets and the machine's load: that is
measured by `bench/witness_suite.py`, not asserted here (a timed-out run is `unknown`, which (c)
accepts).

Time.  Executions run on two threads, validator runs (`validator.cli.main` in-process, in two
forked worker processes, `--timeout 20`) at the same time.  A witness the validator cannot decide
costs the whole timeout, so by default (c) uses only the witnesses the validator decided within
QUICK_SECONDS when last recorded (witness_suite/VALIDATOR_TODAY.tsv, written by
`bench/witness_suite.py --record`); WITNESS_SUITE_FULL=1 runs the validator on every witness.

Programs whose executions do not end within replay's own 10 s limit (their `exec_limit` column is
set) are replayed as a prefix: replay stops the program after `exec_limit` seconds.
"""
from __future__ import annotations

import csv
import importlib.util
import json
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
SUITE = ROOT / "tests" / "witness_suite"
TODAY_FILE = SUITE / "VALIDATOR_TODAY.tsv"
FULL = os.environ.get("WITNESS_SUITE_FULL") == "1"
TIMEOUT = 20
QUICK_SECONDS = 10.0
WRONG_KINDS = ("off-by-one", "strengthened", "moved")
REJECTED = "false(unreach-call)"


# ------------------------------------------------------------------ manifest
def _manifest() -> list[dict]:
    with open(SUITE / "MANIFEST.tsv", encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


ROWS = _manifest()
BY_WITNESS = {r["witness"]: r for r in ROWS}
VALID_OF = {r["task"]: r["witness"] for r in ROWS if r["kind"] == "valid"}


def _expand(items: list) -> list[int]:
    values = []
    for item in items:
        values += [item["value"]] * item["repeat"] if isinstance(item, dict) else [item]
    return values


def _today() -> dict:
    """witness -> (result, seconds) of the validator when the suite was written."""
    if not TODAY_FILE.is_file():
        return {}
    with open(TODAY_FILE, encoding="utf-8") as f:
        rows = csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t")
        return {r["witness"]: (r["result"], float(r["seconds"])) for r in rows}


TODAY = _today()


def _selected(witness: str) -> bool:
    if FULL:
        return True
    result, seconds = TODAY.get(witness, ("unknown", 1e9))
    return result != "unknown" and seconds <= QUICK_SECONDS


# ------------------------------------------------------------------ execution (replay)
def _nondet_function(ast) -> str:
    """A nondet function the program calls (replay feeds the values in order whatever the
    function; the name only labels them)."""
    from pycparser import c_ast
    names = []

    class Calls(c_ast.NodeVisitor):
        def visit_FuncCall(self, node):
            if isinstance(node.name, c_ast.ID) and node.name.name.startswith("__VERIFIER_nondet_"):
                names.append(node.name.name)
            self.generic_visit(node)
    Calls().visit(ast)
    return names[0] if names else "__VERIFIER_nondet_int"


def _woven(witness: str):
    from instrument.frontend import parse_program
    from instrument.weave import weave
    from instrument.witness import load_witness
    from instrument.task import load_task_definition
    task = load_task_definition(str(CORPUS / BY_WITNESS[witness]["task"]))
    data_model = task.data_model or "ILP32"
    program = parse_program(task.program, data_model)
    loaded = load_witness(str(SUITE / witness))
    return weave(program, loaded), loaded, data_model


def _invariant_keys(loaded) -> list[tuple]:
    return [(i.location.line, i.location.column, i.value) for i in loaded.invariants]


def _execute(witness: str, vector: list[int], limit):
    from validator.execution.replay import replay
    woven, loaded, data_model = _woven(witness)
    function = _nondet_function(woven.ast)
    inputs = [{"function": function, "value": v, "line": None, "variable": None} for v in vector]
    started = time.monotonic()
    result = replay(woven, "reach_error", data_model, inputs,
                    timeout=float(limit) if limit else 10.0)
    return result, time.monotonic() - started, _invariant_keys(loaded)


@pytest.fixture(scope="module")
def executions(validator_futures):
    """witness -> list of (vector, ReplayResult, seconds, invariant keys), all computed once."""
    jobs = []
    for row in ROWS:
        if row["kind"] == "valid":
            jobs += [(row["witness"], _expand(v)) for v in json.loads(row["inputs"])]
        elif row["kind"] in WRONG_KINDS:
            jobs.append((row["witness"], _expand(json.loads(row["inputs"]))))
    with ThreadPoolExecutor(2) as pool:
        done = list(pool.map(lambda job: _execute(job[0], job[1], BY_WITNESS[job[0]]["exec_limit"]),
                             jobs))
    results: dict = {}
    for (witness, vector), (result, seconds, keys) in zip(jobs, done):
        results.setdefault(witness, []).append((vector, result, seconds, keys))
    return results


@pytest.mark.parametrize("witness", [r["witness"] for r in ROWS if r["kind"] in WRONG_KINDS])
def test_wrong_mutant_fails_on_its_execution(executions, witness):
    (vector, result, _, keys), = executions[witness]
    assert result.ran, result.message
    valid_keys = set(_invariant_keys(_woven(VALID_OF[BY_WITNESS[witness]["task"]])[1]))
    mutated = {i for i, key in enumerate(keys) if key not in valid_keys}
    assert mutated, "the mutant does not differ from the valid witness"
    failed = {index for index, _ in result.failed_checks}
    assert failed & mutated, (f"no mutated invariant {sorted(mutated)} failed on inputs {vector[:20]}"
                              f" (failed: {result.failed_checks[:5]}, error reached: "
                              f"{result.reached_error})")


@pytest.mark.parametrize("witness", [r["witness"] for r in ROWS if r["kind"] == "valid"])
def test_valid_witness_holds_on_random_executions(executions, witness):
    runs = executions[witness]
    assert runs
    for vector, result, _, _ in runs:
        assert result.ran, result.message
        assert not result.reached_error, f"error reached on inputs {vector[:20]}"
        assert not result.failed_checks, f"checks {result.failed_checks[:5]} failed on inputs {vector[:20]}"


# ------------------------------------------------------------------ validator
def _load_bench_runner():
    """`validate` of bench/witness_suite.py: the suite runs the validator as the bench does."""
    spec = importlib.util.spec_from_file_location("bench_witness_suite",
                                                  ROOT / "bench" / "witness_suite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.validate


_run_validator = _load_bench_runner()


def _validate(job: tuple) -> dict:
    """One validator run, `validator.cli.main` in-process (in a pool worker)."""
    witness, task = job
    return _run_validator((witness, task, TIMEOUT))


VALIDATED = [r["witness"] for r in ROWS if _selected(r["witness"])]


@pytest.fixture(scope="module")
def validator_futures(request):
    """Start the validator runs the selected tests need, all at once and before the executions
    start their threads (the workers are forked); the executions run meanwhile."""
    needed = {item.callspec.params["witness"] for item in request.session.items
              if item.module is request.module and "verdicts" in item.fixturenames}
    if not needed:
        yield {}
        return
    pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork"))
    futures = {w: pool.submit(_validate, (w, BY_WITNESS[w]["task"])) for w in VALIDATED if w in needed}
    yield futures
    pool.shutdown(wait=True, cancel_futures=True)


@pytest.fixture(scope="module")
def verdicts(validator_futures) -> dict:
    return {w: f.result() for w, f in validator_futures.items()}


@pytest.mark.parametrize("witness", VALIDATED)
def test_validator_is_never_wrong(verdicts, witness):
    row, run = BY_WITNESS[witness], verdicts[witness]
    assert run["code"] == 0 and not run["result"].startswith("ERROR"), run["lines"]
    if row["kind"] in WRONG_KINDS:
        assert run["result"] != "true", f"wrong mutant confirmed: {row['note']}"
    else:
        assert not run["result"].startswith("false"), \
            f"{row['kind']} witness rejected: {run['rejected']} {run['lines']}"
