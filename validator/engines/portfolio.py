"""Run the engines in a child process under one deadline and merge their results.

Order: the cut-point check with Houdini (cheap, proves inductive witnesses), BMC on the real
program (counterexamples; complete for programs without long paths), k-induction and CHC
(Spacer) for what is left.  The child is killed at the deadline, because z3's own interrupts
(Spacer especially) do not stop reliably.
"""
from __future__ import annotations

import multiprocessing
import time
import traceback
from typing import Optional

import z3

from instrument.weave import DO_BEFORE_CONDITION, DO_BODY_ENTRY

from .. import results
from ..blocks import ERROR, FAIL, INVARIANT_UB, UB, TransitionSystem
from ..c_types import DataModel, Unsupported
from ..cfa import build_cfa
from .bmc import bmc
from .chc import chc
from .houdini import houdini, unreachable_targets
from .kinduction import kinduction

DEFAULT_TIMEOUT = 900.0
ALL_ENGINES = ("houdini", "bmc", "kinduction", "chc")


def analyse(weave_result, data_model: str, error_function: str, deadline: float,
            engines: tuple) -> dict:
    """Everything the engines find, as plain data (it crosses a process boundary)."""
    started = time.perf_counter()
    try:
        cfa = build_cfa(weave_result.ast, DataModel(data_model), error_function,
                        weave_result.checks)
    except Unsupported as e:
        return {"unsupported": str(e), "times": {"encode": time.perf_counter() - started}}
    ts = TransitionSystem(cfa)
    encode_time = time.perf_counter() - started
    started = time.perf_counter()
    sites = {c.site: c for c in cfa.checks if c.node in ts.reachable}
    status = {s: None for s in sites}           # "proven", "failed", "ub"
    engine_of: dict = {}
    unreachable: set = set()
    counterexamples: dict = {}
    all_targets = {(t.kind, t.key) for b in ts.blocks.values() for t in b.targets}
    proven_targets: set = set()
    found: dict = {}
    lemmas: dict = {}

    def open_targets():
        return {t for t in all_targets if t not in proven_targets and t not in found}

    def prove(keys, engine):
        for key in keys:
            if key in found or key in proven_targets:
                continue
            proven_targets.add(key)
            if key[0] == FAIL and status.get(key[1]) is None:
                status[key[1]] = "proven"
                engine_of[key[1]] = engine
    property_engine = None
    try:
        if "houdini" in engines:
            candidates: dict = {}
            for s, site in sites.items():
                candidates.setdefault(site.node, []).append((("site", s), ts.lemma(site.cond)))
                candidates.setdefault(site.node, []).append((("false", site.node), z3.BoolVal(False)))
            lemmas = houdini(ts, candidates, deadline)
            for s, site in sites.items():
                keys = {k for k, _ in lemmas.get(site.node, [])}
                if ("false", site.node) in keys:
                    unreachable.add(s)
            safe = unreachable_targets(ts, lemmas, deadline)
            prove(safe, "cut-point check")
            if (ERROR, None) in safe:
                property_engine = "cut-point check"
        bmc_depth = 0

        def run_bmc(until: float) -> None:
            nonlocal bmc_depth
            outcome = bmc(ts, open_targets(), until)
            bmc_depth = max(bmc_depth, outcome.depth)
            for key, cex in outcome.found:
                found[key] = cex
                if key[0] in (FAIL, INVARIANT_UB):
                    status[key[1]] = "failed" if key[0] == FAIL else "ub"
                    counterexamples[key[1]] = cex
                    engine_of[key[1]] = "bmc"
            if outcome.complete:
                remaining = open_targets()
                prove(remaining, "bmc (all paths explored)")
                nonlocal property_engine
                if (ERROR, None) in remaining:
                    property_engine = "bmc (all paths explored)"

        if "bmc" in engines and open_targets():
            # a short first round: shallow counterexamples and small bounded programs
            if {"kinduction", "chc"} & set(engines):
                run_bmc(min(deadline, time.monotonic() + min(0.5, 0.2 * (deadline - time.monotonic()))))
            else:
                run_bmc(deadline)
        active = frozenset(sites[s].index for s in sites if status[s] in (None, "proven")) - \
            frozenset(sites[s].index for s in sites if status[s] in ("failed", "ub"))
        wanted = {t for t in open_targets()
                  if t[0] in (ERROR, UB) or sites[t[1]].index in active}
        if "kinduction" in engines and wanted:
            k = kinduction(ts, wanted, lemmas, active, min(bmc_depth, 8), deadline)
            if k is not None:
                if (ERROR, None) in wanted:
                    property_engine = f"k-induction (k={k})"
                prove(wanted, f"k-induction (k={k})")
        wanted = {t for t in open_targets()
                  if t[0] in (ERROR, UB) or sites[t[1]].index in active}
        if "chc" in engines and wanted:
            answer = chc(ts, wanted, lemmas, active, deadline)
            if answer is True:
                if (ERROR, None) in wanted:
                    property_engine = "chc (spacer)"
                prove(wanted, "chc (spacer)")
            elif answer is False:
                # some wanted target is reachable; try the property alone without assumptions
                alone = {t for t in wanted if t[0] in (ERROR, UB)}
                if alone and chc(ts, alone, lemmas, frozenset(), deadline) is True:
                    property_engine = "chc (spacer)"
                    prove(alone, "chc (spacer)")
        if "bmc" in engines and open_targets() and time.monotonic() < deadline:
            run_bmc(deadline)      # deep counterexamples, with whatever time is left
    except TimeoutError:
        pass
    except z3.Z3Exception as e:
        return {"unsupported": f"solver failure: {e}", "times": {"encode": encode_time}}
    ub_open = sorted(str(t[1]) for t in all_targets if t[0] == UB and t not in proven_targets)
    ub_found = sorted(str(t[1]) for t in found if t[0] == UB)
    property_status = "unknown"
    if (ERROR, None) in found:
        property_status = "violated"
    elif (ERROR, None) in proven_targets or (ERROR, None) not in all_targets:
        property_status = "proven" if not ub_open else "unknown"
        property_engine = property_engine or "cut-point check"
    return {
        "sites": {s: {"index": site.index, "where": site.where, "status": status[s],
                      "engine": engine_of.get(s), "unreachable": s in unreachable,
                      "line": site.line, "counterexample": counterexamples.get(s)}
                  for s, site in sites.items()},
        "placed_indices": sorted({c.index for c in cfa.checks}),
        "property": property_status,
        "property_engine": property_engine,
        "property_counterexample": found.get((ERROR, None)),
        "ub_open": ub_open,
        "ub_found": ub_found,
        "times": {"encode": encode_time, "solve": time.perf_counter() - started},
    }


def _child(connection, *args) -> None:
    try:
        connection.send(analyse(*args))
    except Exception:           # report, never hang the parent
        connection.send({"crash": traceback.format_exc()})
    finally:
        connection.close()


def run_engines(weave_result, data_model: str, error_function: str,
                timeout: Optional[float], engines: Optional[list]) -> dict:
    budget = timeout if timeout is not None else DEFAULT_TIMEOUT
    deadline = time.monotonic() + budget
    # the child stops its engines a little early so that it can still report
    engine_deadline = deadline - min(0.5, 0.1 * budget)
    chosen = tuple(engines) if engines else ALL_ENGINES
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, weave_result, data_model,
                                                    error_function, engine_deadline, chosen))
    process.start()
    sender.close()
    answer = None
    if receiver.poll(max(0.0, deadline - time.monotonic()) + 0.5):
        try:
            answer = receiver.recv()
        except EOFError:
            answer = None
    if process.is_alive():
        process.kill()
    process.join()
    if answer is None:
        return {"timeout": True}
    return answer
