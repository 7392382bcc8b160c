"""One program of the campaign from seed to judged validations (runs in a worker process).

generate -> check scopes, find locations -> probe values (gcc) -> choose assertions and
candidate invariants -> ground truth (gcc, every execution, both data models) -> witnesses
-> validate each witness in both data models (`validator.cli.main` in-process, as the
installed `validate-correctness` command runs it) -> judge against the ground truth.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import random
import signal
import time
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Optional

from .analysis import ScopeError, locations
from .cprog import MODELS
from .expect import FALSE, Expectation, expectation, wrong
from .contractgen import Contract, choose_contracts, eligible
from .generate import generate
from .ghostgen import choose_plan, mentions_ghost, mutate, with_ghosts
from .program import FILE_NAME
from .replay import judge
from .truth import ground_truth, probe, temporary_directory
from .witnesses import Witness, candidates, choose_asserts, choose_witnesses, witness_text

PRP = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "sv-benchmarks" / "c" / \
    "properties" / "unreach-call.prp"
RESULT_PREFIX = "Verification result: "


@dataclass
class Settings:
    timeout: float = 10.0             # the validator's --timeout
    witnesses: int = 2                # witnesses (cases) per program
    valgrind: Optional[bool] = None   # None: when installed
    cross_checks: bool = True
    features: frozenset = frozenset()  # memory mix features (generate.MIXES); none: plain
    ghosts: bool = False              # witnesses with ghosts (format 2.1, ghostgen.py)
    contracts: bool = False           # function contracts (format 2.1, contractgen.py)


@dataclass
class Validation:
    model: str
    verdict: str
    statuses: list[Optional[str]]
    seconds: float
    reason: str
    expectation: Expectation
    wrong: list[str]
    # invariants the validator could not place or does not support: (status, value, reason)
    unplaced: list[tuple[str, str, str]] = field(default_factory=list)


@dataclass
class Case:
    name: str
    witness_kind: str
    version: str
    intents: list[str]
    program: str                      # the C text
    witness: str                      # the YAML text
    validations: list[Validation] = field(default_factory=list)
    ks: list[int] = field(default_factory=list)          # each invariant's number (truth.py)
    do_while: list[bool] = field(default_factory=list)   # ... at a do-while loop head


@dataclass
class ProgramResult:
    seed: int
    features: set[str] = field(default_factory=set)
    discarded: str = ""
    cases: list[Case] = field(default_factory=list)
    truth_seconds: float = 0.0
    validate_seconds: float = 0.0
    builds: int = 0


def program_seed(base: int, index: int) -> int:
    digest = hashlib.sha256(f"soundness:{base}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def run_program(base: int, index: int, settings: Settings) -> ProgramResult:
    """One program, never raising: a failure of the campaign itself is a discard reason
    starting with 'campaign error' (listed in the table: a bug to fix here)."""
    try:
        return _run_program(base, index, settings)
    except Exception as e:              # noqa: BLE001
        import traceback
        result = ProgramResult(program_seed(base, index))
        result.discarded = f"campaign error: {type(e).__name__}: {e} " + \
            traceback.format_exc(limit=-3).replace("\n", " | ")
        return result


def _run_program(base: int, index: int, settings: Settings) -> ProgramResult:
    seed = program_seed(base, index)
    result = ProgramResult(seed)
    started = time.monotonic()
    program = generate(seed, settings.features, many_calls=settings.contracts)
    result.features = set(program.features)
    rng = random.Random(seed ^ 0x5eed)
    try:
        where = locations(program)
    except ScopeError as e:
        result.discarded = f"scope: {e}"
        return result
    ghost_rng = random.Random(seed ^ 0x6057)
    plan = choose_plan(ghost_rng, where) if settings.ghosts else None
    if plan is not None:
        with_ghosts(where, plan)
        result.features |= {f"ghost-{u.kind}" + ("-branch" if u.branch is not None else "")
                            for u in plan.updates}
    with temporary_directory() as directory:
        directory = Path(directory)
        funcs = eligible(program.funcs, where, [d.var for d in program.globals]) \
            if settings.contracts else []
        observed = probe(program, where, directory, plan, funcs)
        for model, facts in observed.items():
            if facts.doubtful:
                result.discarded = f"{model}: {facts.doubtful}"
                return result
        # assertions are the program's: they never read a ghost (appended last to the vars)
        choose_asserts(rng, observed, [replace(loc, vars=loc.vars[:len(loc.vars) - len(
            plan.vars)]) for loc in where] if plan is not None else where)
        found = candidates(rng, observed, where)
        contracts = choose_contracts(random.Random(seed ^ 0xC047), observed, funcs, len(found))
        result.features |= {f"contract-{c.intent}" for c in contracts}
        result.features |= {"contract-wide" for c in contracts if c.wide()}
        truth = ground_truth(program, found, directory, settings.valgrind,
                             settings.cross_checks, plan, contracts)
        result.builds = truth.builds + 2
        result.truth_seconds = time.monotonic() - started
        if truth.doubtful:
            result.discarded = truth.doubtful
            return result
        text = program.render()                     # records every statement's position
        chosen = [(w, truth) for w in choose_witnesses(rng, found + contracts,
                                                        settings.witnesses)]
        if contracts:                               # one witness of contracts (most are)
            chosen.append((Witness("contracts", "2.1", rng.sample(
                contracts, min(len(contracts), rng.randrange(1, 3)))), truth))
        for w, _ in chosen:
            if any(isinstance(i, Contract) for i in w.invariants):
                w.version = "2.1"
        if plan is not None:
            for w, _ in chosen:
                w.ghosts, w.version = plan, "2.1"
            chosen += ghost_mutant(ghost_rng, program, plan, where, found, directory, settings,
                                   result)
        for n, (w, t) in enumerate(chosen):
            case = Case(f"p{seed:012x}-w{n}", w.kind, w.version,
                        [i.intent for i in w.invariants], text, witness_text(w, text, rng),
                        ks=[i.k for i in w.invariants],
                        do_while=[i.location.do_while for i in w.invariants])
            for model in MODELS:
                e = expectation(t.models[model], w.invariants)
                case.validations.append(validate(case, model, e, settings.timeout, directory))
            result.cases.append(case)
    result.validate_seconds = sum(v.seconds for c in result.cases for v in c.validations)
    return result


def ghost_mutant(rng: random.Random, program, plan, where, found, directory: Path,
                 settings: Settings, result: ProgramResult) -> list:
    """A witness of a mutated ghost plan with invariants over ghosts meant to hold for the
    plan they were probed with; its own ground truth (the mutant's updates) judges it."""
    meant = [i for i in found if i.intent in ("true", "memory") and mentions_ghost(i.expr, plan)]
    if not meant:
        return []
    mutant = mutate(rng, plan, where)
    truth = ground_truth(program, found, directory, settings.valgrind, settings.cross_checks,
                         mutant)
    result.builds += truth.builds
    if truth.doubtful:
        return []
    result.features.add(f"ghost-mutant-{mutant.mutation}")
    chosen = rng.sample(meant, min(len(meant), rng.randrange(1, 4)))
    return [(Witness(f"ghost-{mutant.mutation}", "2.1", chosen, ghosts=mutant), truth)]


def command(program: str, witness: str, model: str, timeout: float) -> list[str]:
    """The validator's command line for a case (as printed for a reproduction)."""
    return ["--witness", witness, program, "--spec", str(PRP), "--data-model", model,
            "--timeout", f"{timeout:g}"]


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang()


def validate(case: Case, model: str, e: Expectation, timeout: float,
             directory: Path) -> Validation:
    """Run the validator in-process on one case and judge its answer."""
    from validator.cli import main
    case_dir = directory / case.name
    case_dir.mkdir(exist_ok=True)
    (case_dir / FILE_NAME).write_text(case.program, encoding="utf-8")
    (case_dir / "witness.yml").write_text(case.witness, encoding="utf-8")
    report = case_dir / f"report-{model}.json"
    argv = command(str(case_dir / FILE_NAME), str(case_dir / "witness.yml"), model, timeout)
    argv += ["--report-json", str(report)]
    out, err = io.StringIO(), io.StringIO()
    started = time.monotonic()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(int(timeout * 3 + 60))        # a validator that hangs is reported, not waited for
    try:
        with redirect_stdout(out), redirect_stderr(err):
            main(argv)
        lines = out.getvalue().strip().splitlines()
        verdict = lines[-1][len(RESULT_PREFIX):] if lines and \
            lines[-1].startswith(RESULT_PREFIX) else "no result line"
    except _Hang:
        verdict = "hang"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    seconds = time.monotonic() - started
    data = json.loads(report.read_text()) if report.exists() else {}
    statuses: list[Optional[str]] = [None] * len(e.holds)
    unplaced = []
    for item in data.get("invariants", []):
        if 0 <= item.get("index", -1) < len(statuses):
            statuses[item["index"]] = item.get("status")
        if item.get("status") in ("unsupported", "unplaced"):
            unplaced.append((item["status"], item.get("value", ""), item.get("reason") or ""))
    found = wrong(e, verdict, statuses)
    if not e.complete and (verdict == FALSE or "rejected" in statuses):
        # a sampled ground truth: the report's counterexamples are replayed (replay.py)
        found += judge(data, directory / f"primary-{model}", case.ks, case.do_while,
                       verdict == FALSE)
    return Validation(model, verdict, statuses, seconds, data.get("reason") or "", e,
                      found, unplaced)


def save(case: Case, directory: Path, timeout: float) -> Path:
    """A case as a directory: prog.c, witness.yml, expected.json (per data model), command."""
    target = directory / case.name
    target.mkdir(parents=True, exist_ok=True)
    (target / FILE_NAME).write_text(case.program, encoding="utf-8")
    (target / "witness.yml").write_text(case.witness, encoding="utf-8")
    expected = {"witness_kind": case.witness_kind, "intents": case.intents,
                "models": {v.model: v.expectation.to_json() for v in case.validations},
                "seen": {v.model: {"verdict": v.verdict, "statuses": v.statuses,
                                   "wrong": v.wrong} for v in case.validations}}
    (target / "expected.json").write_text(json.dumps(expected, indent=2) + "\n", encoding="utf-8")
    # run in the case's directory
    lines = ["validate-correctness " + " ".join(command(FILE_NAME, "witness.yml", v.model, timeout))
             for v in case.validations]
    (target / "command.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def worker_init() -> None:
    """Worker processes ignore ^C (the parent stops them) and keep gcc's output local."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ.setdefault("LC_ALL", "C")
