"""A format-2.0 violation witness (`violation_sequence`) for a program that reaches the error.

Written only after the counterexample replayed in the gcc-compiled program.  The witness ends in
a `target` waypoint at the statement that calls the error function, located in the ORIGINAL
program (line and column of the statement's first character).  A witness with only the target
represents every execution that reaches it; the set is not empty, because ours does.
"""
from __future__ import annotations

import datetime
import hashlib
import os
import uuid
from typing import Any, Optional

from pycparser import c_ast

from instrument.locate import ProgramIndex

from . import __version__
from .pipeline import Outcome
from .yaml_output import dump_entries


def violation_witness_entries(outcome: Outcome) -> list[dict[str, Any]]:
    program = outcome.program
    with open(program.path, "rb") as f:
        file_hash = hashlib.sha256(f.read()).hexdigest()
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()
    error_function = outcome.property.error_function or "reach_error"
    line = (outcome.counterexample or {}).get("target", {}).get("line")
    location = target_location(program, error_function, line)
    return [{
        "entry_type": "violation_sequence",
        "metadata": {
            "format_version": "2.0",
            "uuid": str(uuid.uuid4()),
            "creation_time": now,
            "producer": {"name": "validate-correctness", "version": __version__},
            "task": {
                "input_files": [program.file_name],
                "input_file_hashes": {program.file_name: file_hash},
                "specification": f"G ! call({error_function}())",
                "data_model": outcome.data_model,
                "language": "C",
            },
        },
        "content": [{"segment": [{"waypoint": {"type": "target", "action": "follow",
                                               "location": location}}]}],
    }]


def target_location(program, error_function: str, line: Optional[int]) -> dict[str, Any]:
    """The statement on `line` that calls the error function (innermost), or the line alone."""
    location: dict[str, Any] = {"file_name": program.file_name}
    index = ProgramIndex(program)
    sites = [s for s in index.statements.get(line, []) if _calls(s.node, error_function)]
    if line is None or not sites:
        # no call found on that line (e.g. it comes from a macro): without a column, the
        # format reads the leftmost suitable position on the line
        candidates = [s for lst in index.statements.values() for s in lst
                      if _calls(s.node, error_function)]
        if line is None and candidates:
            sites = candidates
        else:
            location["line"] = line or 1
            return location
    innermost = min(sites, key=_size)
    location.update({"line": innermost.start[0], "column": innermost.start[1],
                     "function": innermost.function})
    return location


def _calls(node: c_ast.Node, name: str) -> bool:
    if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) and \
            node.name.name == name:
        return True
    return any(_calls(child, name) for _, child in node.children())


def _size(site) -> int:
    count = 1
    stack = [site.node]
    while stack:
        node = stack.pop()
        children = [child for _, child in node.children()]
        count += len(children)
        stack.extend(children)
    return count


def write_violation_witness(outcome: Outcome, path: str) -> None:
    text = dump_entries(violation_witness_entries(outcome))
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
