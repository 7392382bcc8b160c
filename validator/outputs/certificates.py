"""`loop_invariant_certificate` entries (format 0.1 shape) for confirmed and rejected invariants.

Format 0.1 invariants have their own uuid: the certificate targets it with `type: loop_invariant`
(or `location_invariant`).  Format 2.x invariants have none: the target is the `invariant_set`
entry's uuid with `type: invariant_set`, plus our extension `content_index`, the invariant's
position in that entry's `content` list, and `ghost_variables` when it reads ghosts (format
2.1: the claim is about the program with those ghosts; see README, "Certificates").  A GraphML
node's invariant has neither: the target is `type: graphml_node` with the node's `node_id`.
"""
from __future__ import annotations

import datetime
import hashlib
import uuid
from typing import Any

from .. import __version__
from ..evidence import InvariantStatus
from ..pipeline import Outcome
from .yaml_output import dump_entries

PRODUCER = {"name": "validate-correctness", "version": __version__}


def certificate_entries(outcome: Outcome, program_bytes: bytes) -> list[dict[str, Any]]:
    file_hash = hashlib.sha256(program_bytes).hexdigest()
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()
    entries = []
    for invariant, state, placement in zip(outcome.witness.invariants, outcome.invariants,
                                           outcome.weave_result.placements):
        if state.status not in (InvariantStatus.CONFIRMED, InvariantStatus.REJECTED):
            continue
        if invariant.node_id is not None:      # GraphML: our extension, the node by its id
            target = {"type": "graphml_node", "node_id": invariant.node_id,
                      "file_hash": file_hash}
        elif invariant.format_version.startswith("0."):
            target = {"uuid": invariant.entry_uuid, "type": invariant.entry_type,
                      "file_hash": file_hash}
        else:
            target = {"uuid": invariant.entry_uuid, "type": "invariant_set",
                      "file_hash": file_hash, "content_index": invariant.content_position}
            if placement.ghosts:       # our extension: it is a claim about these ghosts too
                target["ghost_variables"] = list(placement.ghosts)
        entries.append({
            "entry_type": "loop_invariant_certificate",
            "metadata": {"format_version": "0.1", "uuid": str(uuid.uuid4()),
                         "creation_time": now, "producer": dict(PRODUCER)},
            "target": target,
            "certification": {"string": state.status.value, "type": "verdict",
                              "format": "confirmed | rejected"},
        })
    return entries


def write_certificates(outcome: Outcome, path: str) -> None:
    program_bytes = b""
    # a run stopped before anything was decided certifies nothing: no need for the program
    if any(state.status in (InvariantStatus.CONFIRMED, InvariantStatus.REJECTED)
           for state in outcome.invariants):
        with open(outcome.program.path, "rb") as f:
            program_bytes = f.read()
    entries = certificate_entries(outcome, program_bytes)
    text = dump_entries(entries)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
