"""The JSON report (`--report-json`) and the lines a person reads before the result line."""
from __future__ import annotations

import json
import os
import re
from typing import Any, Optional

from instrument.ghosts import describe_update
from instrument.witness import FUNCTION_CONTRACT

from .. import results
from ..evidence import Counterexample, InvariantStatus, PropertyStatus, ProofSummary
from ..pipeline import Outcome


class ProofTable:
    """The proofs behind confirmations, each listed once under the report's `proofs` with an
    `id` (its engine and the invariants it assumed); an invariant or ghost assignment names
    its proofs by `id` and engine.  Listing the assumptions with every invariant was
    quadratic: a Houdini proof of N invariants assumes all N (447 MB of JSON for 5,000)."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self._by_value: dict[ProofSummary, int] = {}
        self._by_object: dict[int, int] = {}       # verdict.decide shares one summary per proof
        self._kept: list[ProofSummary] = []        # keeps the ids of _by_object valid

    def reference(self, proof: ProofSummary) -> dict[str, Any]:
        number = self._by_object.get(id(proof))
        if number is None:
            number = self._by_value.get(proof)
            if number is None:
                number = self._by_value[proof] = len(self.entries)
                self.entries.append({"id": number, **proof.to_json()})
            self._by_object[id(proof)] = number
            self._kept.append(proof)
        return {"id": number, "engine": proof.engine}


def invariant_entries(outcome: Outcome, proofs: Optional[ProofTable] = None
                      ) -> list[dict[str, Any]]:
    proofs = proofs if proofs is not None else ProofTable()
    entries = []
    placements = outcome.weave_result.placements
    for invariant, state, placement in zip(outcome.witness.invariants, outcome.invariants,
                                           placements):
        location = invariant.location
        entries.append({
            "index": invariant.index,
            "node_id": invariant.node_id,       # GraphML: the automaton node
            "entry_uuid": invariant.entry_uuid,
            "type": invariant.type,
            "file": location.file_name if location else None,
            "line": location.line if location else None,
            "column": location.column if location else None,
            "function": location.function if location else None,
            "value": invariant.value,
            "status": state.status.value,
            "placement": state.placement,
            "reason": state.reason,
            "counterexample": state.counterexample.to_json() if state.counterexample else None,
            "engine": state.engine,
            # the proofs behind a confirmation: by id into the report's `proofs` (ProofTable)
            "proofs": [proofs.reference(proof) for proof in state.proofs],
            "unreachable": state.unreachable,
            # the ghost variables (format 2.1) it reads: it holds of the witness's ghosts too
            "ghosts": list(placement.ghosts),
            # a function contract's clauses (format 2.1), and the 2.1 labels (never trusted)
            "requires": invariant.requires,
            "ensures": invariant.ensures,
            "labels": list(invariant.labels),
        })
    return entries


def ghost_update_entries(outcome: Outcome, proofs: Optional[ProofTable] = None
                         ) -> list[dict[str, Any]]:
    """Every woven ghost assignment (initial values, then updates in witness order) and
    whether evaluating it is free of undefined behaviour (its proof by id, `ProofTable`)."""
    proofs = proofs if proofs is not None else ProofTable()
    decisions = {d.number: d for d in outcome.ghost_updates}
    entries = []
    for update in outcome.weave_result.ghost_updates:
        state = decisions.get(update.number)
        location = update.location
        entries.append({
            "number": update.number,
            "kind": update.kind,
            "variable": update.variable,
            "value": update.value,
            "file": location.file_name if location else None,
            "line": location.line if location else None,
            "column": location.column if location else None,
            "function": update.function,
            "branch": update.branch,
            "yaml_line": update.yaml_line,
            "status": state.status.value if state else None,
            "reason": state.reason if state else None,
            "proof": proofs.reference(state.proof) if state and state.proof else None,
            "counterexample": state.counterexample.to_json()
            if state and state.counterexample else None,
        })
    return entries


def build_report(outcome: Outcome) -> dict[str, Any]:
    proofs = ProofTable()
    invariants = invariant_entries(outcome, proofs)
    ghost_updates = ghost_update_entries(outcome, proofs)
    return {
        "verdict": outcome.verdict,
        "reason": reason(outcome),
        "property": {"name": outcome.property.name, "status": outcome.property_status.value,
                     "proof": outcome.property_proof.to_json() if outcome.property_proof
                     else None},
        "program": outcome.program.path,
        "witness": outcome.witness.path,
        "data_model": outcome.data_model,
        # command line, task definition, witness metadata or default (ILP32)
        "data_model_source": outcome.data_model_source.value,
        "semantics": {"uninitialized": outcome.uninitialized},
        "format_versions": outcome.witness.format_versions,
        "invariants": invariants,
        "ghost_variables": [{"name": g.name, "type": g.type, "scope": g.scope,
                             "initial": g.initial} for g in outcome.witness.ghost_variables],
        "ghost_updates": ghost_updates,
        # every proof that an invariant or ghost assignment names by id, listed once
        "proofs": proofs.entries,
        "counterexample": outcome.counterexample.to_json() if outcome.counterexample else None,
        "warnings": outcome.warnings,
        # the metadata warnings of `warnings` once more, field by field
        "metadata_warnings": [w.to_json() for w in outcome.witness.metadata_warnings],
        "internal_errors": outcome.internal_errors,
        "toolchain_problem": outcome.toolchain_problem,
        "time": {k: round(v, 4) for k, v in outcome.times.items()},
        "engine": outcome.engine,
    }


def reason(outcome: Outcome) -> Optional[str]:
    """The verdict's reason; an invariant of a GraphML node named with its node."""
    nodes = {i.index: i.node_id for i in outcome.witness.invariants if i.node_id is not None}
    if not outcome.reason or not nodes:
        return outcome.reason
    return re.sub(r"\binvariant (\d+)\b(?! \(node)", lambda m: m.group(0) + (
        f" (node {nodes[int(m.group(1))]})" if int(m.group(1)) in nodes else ""),
        outcome.reason)


# a counterexample with more inputs than this makes the report compact: nobody reads 200000
# inputs, and indenting them took 2.5 s (array-examples/standard_copy*: arrays filled from inputs)
LONG_COUNTEREXAMPLE = 10_000


def write_report(outcome: Outcome, path: str, compact: bool = False) -> None:
    """The report, indented for a person; `compact` (a run stopped at its deadline, or a long
    counterexample) on one line, which json writes in C: for 20,000 invariants 0.2 s instead
    of 0.6."""
    counterexamples = [outcome.counterexample] + [i.counterexample for i in outcome.invariants]
    compact = compact or any(c is not None and len(c.inputs) > LONG_COUNTEREXAMPLE
                             for c in counterexamples)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(build_report(outcome), f, indent=None if compact else 2)
        f.write("\n")


def _where(invariant) -> str:
    location = invariant.location
    if location is None:
        return "?" if invariant.yaml_line is None else f"witness line {invariant.yaml_line}"
    column = f":{location.column}" if location.column is not None else ""
    name = os.path.basename((location.file_name or "?").replace("\\", "/"))
    return f"{name}:{location.line}{column}"


def human_lines(outcome: Outcome, verbose: bool = False) -> list[str]:
    """Explanations for a person; the result line comes after these."""
    # the toolchain problem and the metadata warnings go to stderr (cli.py)
    on_stderr = {outcome.toolchain_problem} | {str(w) for w in outcome.witness.metadata_warnings}
    lines = [f"Warning: {w}" for w in outcome.warnings if w not in on_stderr]
    for invariant, state, placement in zip(outcome.witness.invariants, outcome.invariants,
                                           outcome.weave_result.placements):
        show = verbose or state.status in (InvariantStatus.REJECTED, InvariantStatus.UNPLACED,
                                           InvariantStatus.UNSUPPORTED)
        if not show:
            continue
        ghosts = f" (reads ghosts {', '.join(placement.ghosts)})" if placement.ghosts else ""
        what = (f"Function contract {invariant.index} of {placement.function}"
                if invariant.type == FUNCTION_CONTRACT and placement.function else
                f"Invariant {invariant.index}")
        node = f" (node {invariant.node_id})" if invariant.node_id is not None else ""
        text = (f"{what}{node} at {_where(invariant)} '{invariant.value}'{ghosts}: "
                f"{state.status.value}")
        if state.reason:
            text += f" ({state.reason})"
        lines.append(text)
        if state.counterexample and state.status is InvariantStatus.REJECTED:
            lines.append("  counterexample: " + format_counterexample(state.counterexample))
    updates = {u.number: u for u in outcome.weave_result.ghost_updates}
    for state in outcome.ghost_updates:
        if verbose or state.status is InvariantStatus.REJECTED:
            what = describe_update(updates[state.number])
            text = f"{what[0].upper()}{what[1:]}: {state.status.value}"
            lines.append(text + (f" ({state.reason})" if state.reason else ""))
            if state.counterexample and state.status is InvariantStatus.REJECTED:
                lines.append("  counterexample: " + format_counterexample(state.counterexample))
    if outcome.counterexample and outcome.property_status is PropertyStatus.VIOLATED:
        lines.append("Property violated; counterexample: " + format_counterexample(outcome.counterexample))
    lines += [f"Internal error: {text}" for text in outcome.internal_errors]
    if outcome.reason and outcome.verdict != results.RESULT_TRUE:
        lines.append(f"Reason: {reason(outcome)}")
    lines.append(statistics_line(outcome))
    return lines


def statistics_line(outcome: Outcome) -> str:
    """One line of `name=value` pairs, read by the BenchExec tool-info module for its columns."""
    statuses = [state.status for state in outcome.invariants]
    confirmed = statuses.count(InvariantStatus.CONFIRMED)
    rejected = statuses.count(InvariantStatus.REJECTED)
    # unknown: neither (unsupported and unplaced ones included)
    fields = [f"invariants={len(statuses)}", f"confirmed={confirmed}", f"rejected={rejected}",
              f"unknown={len(statuses) - confirmed - rejected}"]
    fields += [f"{k}_time={outcome.times.get(k, 0.0):.3f}"
               for k in ("parse", "encode", "solve", "z3", "total")]
    return results.STATISTICS_PREFIX + " ".join(fields)


def format_counterexample(counterexample: Counterexample) -> str:
    inputs = counterexample.inputs
    shown = ", ".join(f"{i.function or '?'}()={i.value}" for i in inputs[:12])
    if len(inputs) > 12:
        shown += f", ... ({len(inputs)} inputs)"
    steps = counterexample.steps
    text = f"inputs [{shown}]"
    if steps:
        text += " path " + " ".join(f"{s.line}:{s.branch}" for s in steps[:20])
        if len(steps) > 20:
            text += " ..."
    if counterexample.ghosts:      # at the failing check or the error, from the replay
        text += " ghosts [" + ", ".join(f"{n}={v}" for n, v in counterexample.ghosts) + "]"
    return text
