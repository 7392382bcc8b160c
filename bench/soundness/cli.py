"""Command line, parallel runs and the table of the soundness campaign."""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Callable, Optional

from .campaign import ProgramResult, Settings, run_program, save, worker_init
from .expect import FALSE, TRUE, UNKNOWN
from .generate import MIXES
from .mempatterns import FEATURES
from .selfcheck import self_check


@dataclass
class Campaign:
    results: list[ProgramResult] = field(default_factory=list)
    wall: float = 0.0

    @property
    def cases(self):
        return [c for r in self.results for c in r.cases]

    def validations(self):
        return [(c, v) for c in self.cases for v in c.validations]

    def wrong(self):
        return [(c, v) for c, v in self.validations() if v.wrong]


def run_campaign(cases: int, seed: int, jobs: int, settings: Settings,
                 progress: Optional[Callable[[str], None]] = None) -> Campaign:
    """Programs seed:0, seed:1, ... until `cases` cases are judged; the first `cases` cases in
    program order are kept, so the set of cases does not depend on timing.  A case is one
    validation task (program, witness, data model), as SV-COMP counts validation tasks."""
    started = time.monotonic()
    done: dict[int, ProgramResult] = {}
    expected_per_program = max(1.0, settings.witnesses * 2 * 0.75)
    with ProcessPoolExecutor(jobs, mp_context=get_context("fork"),
                             initializer=worker_init) as pool:
        pending: dict = {}
        index = 0

        def collected() -> int:
            return sum(len(c.validations) for r in done.values() for c in r.cases)

        while True:
            have = collected()
            while have + len(pending) * expected_per_program < cases and len(pending) < 2 * jobs:
                pending[pool.submit(run_program, seed, index, settings)] = index
                index += 1
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                done[pending.pop(future)] = future.result()
            if progress:
                progress(f"{len(done)} programs, {collected()} cases, "
                         f"{time.monotonic() - started:.0f} s")
    campaign = Campaign(wall=time.monotonic() - started)
    kept = 0
    for i in sorted(done):
        r = done[i]
        for case in r.cases:
            case.validations = case.validations[:max(0, cases - kept)]
            kept += len(case.validations)
        r.cases = [case for case in r.cases if case.validations]
        campaign.results.append(r)
    return campaign


# ------------------------------------------------------------------ the table
def _verdict_column(verdict: str) -> str:
    return {TRUE: "true", FALSE: "false", UNKNOWN: "unknown"}.get(verdict, "other")


def table(c: Campaign) -> str:
    rows: dict[str, Counter] = defaultdict(Counter)
    seconds: dict[str, float] = defaultdict(float)
    for case, v in c.validations():
        for key in (f"{v.expectation.kind} / {v.model}", f"witness: {case.witness_kind}"
                    + (f" ({case.version})" if case.version != "2.0" else ""), "all"):
            rows[key][_verdict_column(v.verdict)] += 1
            rows[key]["wrong"] += bool(v.wrong)
            rows[key]["n"] += 1
            seconds[key] += v.seconds
    head = f"{'class (cases)':36} {'n':>6} {'true':>6} {'false':>6} {'unknown':>7} " \
           f"{'other':>5} {'wrong':>5} {'avg s':>6}"
    lines = [head, "-" * len(head)]
    for key in sorted(rows, key=lambda k: (k == "all", k.startswith("witness"), k)):
        r = rows[key]
        lines.append(f"{key:36} {r['n']:6} {r['true']:6} {r['false']:6} {r['unknown']:7} "
                     f"{r['other']:5} {r['wrong']:5} {seconds[key] / max(1, r['n']):6.2f}")
    statuses: Counter = Counter()
    for _, v in c.validations():
        statuses.update(s or "missing" for s in v.statuses)
    discarded = Counter(_discard_kind(r.discarded) for r in c.results if r.discarded)
    programs = len(c.results)
    truth = sum(r.truth_seconds for r in c.results)
    validate = sum(r.validate_seconds for r in c.results)
    lines += ["",
              f"programs {programs} (discarded {sum(discarded.values())}: "
              + ", ".join(f"{k} {n}" for k, n in discarded.most_common()) + ")",
              f"cases (validation tasks) {len(c.validations())}, witnesses {len(c.cases)}, "
              f"wrong verdicts or statuses {len(c.wrong())}",
              "invariant statuses: " + ", ".join(f"{k} {n}" for k, n in statuses.most_common()),
              f"wall {c.wall:.1f} s ({len(c.validations()) / max(c.wall, 1e-9):.2f} cases/s); CPU in "
              f"ground truth {truth:.0f} s, in the validator {validate:.0f} s",
              "features: " + ", ".join(f"{k} {n}" for k, n in sorted(
                  Counter(f for r in c.results if not r.discarded for f in r.features).items()))]
    return "\n".join(lines)


def _discard_kind(reason: str) -> str:
    reason = reason.split(":", 1)[-1] if reason.startswith(("ILP32:", "LP64:")) else reason
    return reason.split(" on input")[0].split(":")[0].strip()[:40]


def loop_lists(c: Campaign) -> list[str]:
    """A list built in a loop from one malloc site (`mem-list-loop`): the validator models one
    block per site, so it must answer `unknown`; a true/false there is right only by luck of
    the model and is listed for a look (the ground truth still judges it)."""
    verdicts: Counter = Counter()
    lines = []
    for r in c.results:
        if "mem-list-loop" not in r.features:
            continue
        for case in r.cases:
            for v in case.validations:
                verdicts[_verdict_column(v.verdict)] += 1
                if v.verdict in (TRUE, FALSE):
                    lines.append(f"LOOP-LIST {case.name} {v.model}: {v.verdict} {v.reason[:160]}")
    if verdicts:
        lines.insert(0, "lists built in a loop (mem-list-loop): " + ", ".join(
            f"{k} {n}" for k, n in verdicts.most_common()))
    return lines


def unknown_reasons(c: Campaign, top: int = 12) -> list[tuple[str, int]]:
    """The most frequent reasons of `unknown` verdicts (numbers, names and positions
    blurred, so that one reason counts once however the program spells it)."""
    import re
    reasons: Counter = Counter()
    for _, v in c.validations():
        if v.verdict == UNKNOWN:
            text = re.sub(r"'[^']*'|\"[^\"]*\"", "'_'", v.reason or "(none)")
            text = re.sub(r"\d+", "N", text)
            reasons[text[:150]] += 1
    return reasons.most_common(top)


def report_wrong(c: Campaign, timeout: float, save_to: Optional[Path]) -> list[str]:
    lines = []
    for case, v in c.wrong():
        where = save(case, save_to, timeout) if save_to else None
        lines.append(f"WRONG {case.name} {v.model}: {v.verdict}; " + "; ".join(v.wrong)
                     + (f" (saved in {where})" if where else ""))
    return lines


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python bench/soundness.py",
        description="Random C programs and witnesses with gcc ground truth against the validator.")
    parser.add_argument("--cases", type=int, default=200,
                        help="cases: validation tasks (program, witness, data model)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=10.0, help="validator --timeout")
    parser.add_argument("--witnesses", type=int, default=2,
                        help="witnesses per program (each validated in both data models)")
    parser.add_argument("--save-failures", type=Path, metavar="DIR",
                        help="save every case with a wrong verdict or status under DIR/<name>/")
    parser.add_argument("--no-valgrind", action="store_true",
                        help="no valgrind cross-check of uninitialised reads")
    parser.add_argument("--mix", choices=sorted(MIXES), default="plain",
                        help="plain: the integer programs; memory: also VLAs, arrays passed to "
                             "functions, pointers, heap, structs, floats (issue 16)")
    parser.add_argument("--features", metavar="LIST",
                        help="comma-separated memory features instead of the mix's: "
                             + ",".join(FEATURES))
    parser.add_argument("--self-check", type=int, metavar="N",
                        help="only compile N programs of the mix with gcc -Wall in both data "
                             "models (plain and ground-truth text) and report what matters")
    parser.add_argument("--ghosts", action="store_true",
                        help="witnesses of format 2.1 with ghost variables and updates "
                             "(a counter, a flag on a branch, a snapshot) and mutated plans")
    parser.add_argument("--contracts", action="store_true",
                        help="function contracts (format 2.1, ACSL requires/ensures) of the "
                             "generated functions (integers of every width, globals with "
                             "\\old; helpers in every program, called from main several "
                             "times): true, mutated, ACSL-only, misplaced")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    features = MIXES[args.mix]
    if args.features is not None:
        features = frozenset(f for f in args.features.split(",") if f)
        unknown = features - set(FEATURES)
        if unknown:
            parser.error(f"unknown features: {', '.join(sorted(unknown))}")
    if args.self_check:
        problems = self_check(args.self_check, args.seed, features)
        print("\n".join(problems) or f"{args.self_check} programs compile cleanly in both data models")
        return 1 if problems else 0
    settings = Settings(timeout=args.timeout, witnesses=args.witnesses,
                        valgrind=False if args.no_valgrind else None, features=features,
                        ghosts=args.ghosts, contracts=args.contracts)

    def progress(text: str) -> None:
        if not args.quiet:
            print(f"\r{text}", end="", file=sys.stderr, flush=True)

    campaign = run_campaign(args.cases, args.seed, args.jobs, settings, progress)
    if not args.quiet:
        print(file=sys.stderr)
    print(f"python bench/soundness.py --cases {args.cases} --seed {args.seed} --jobs {args.jobs} "
          f"--timeout {args.timeout:g} --witnesses {args.witnesses} --mix {args.mix}"
          + (f" --features {args.features}" if args.features is not None else "")
          + (" --ghosts" if args.ghosts else "") + (" --contracts" if args.contracts else ""))
    print(table(campaign))
    for line in report_wrong(campaign, args.timeout, args.save_failures):
        print(line)
    for r in campaign.results:
        if r.discarded.startswith("campaign error"):
            print(f"CAMPAIGN ERROR seed {r.seed}: {r.discarded[:2000]}")
    unplaced = Counter(f"{status}: {reason[:120]}" for _, v in campaign.validations()
                       for status, _, reason in v.unplaced)
    for text, n in unplaced.most_common():
        print(f"INVARIANT {text} ({n}x)")
    for case, v in campaign.validations():
        if _verdict_column(v.verdict) == "other":
            print(f"OTHER {case.name} {v.model}: {v.verdict} {v.reason[:200]}")
    for line in loop_lists(campaign):
        print(line)
    for text, n in unknown_reasons(campaign):
        print(f"UNKNOWN {n}x: {text}")
    return 1 if campaign.wrong() else 0
