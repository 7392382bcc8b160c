"""The JSON Schema check of witness entries (the schemas shipped in `schemas/`).

jsonschema validates in Python, one call per keyword and one validator object per level it
descends: 93 microseconds for an invariant of the usual shape, 1.9 s of the 3.2 s that loading
a witness of 20,000 invariants took; and importing it takes 40 ms, a quarter of the run of a
small witness.  So the shape nearly every producer writes is checked here by type, each key of
the JSON type the schema asks and nothing else: an invariant_set entry with the usual metadata
(`_common_entry`), whose check then needs no jsonschema at all, and, in any other
invariant_set, each location or loop invariant (`_common_invariant`).  An invariant_set's items
are independent of each other (the schema says nothing about the list but its type and what
each item must be), so jsonschema checks the entry with the other items.  Both functions
accept a subset of what the schema accepts (tests/test_witness.py compares them with
jsonschema on variations of every key); everything else, and every entry of a schema whose
content is not checked item by item, goes to jsonschema whole.
"""
from __future__ import annotations

import functools
import json
import os
from typing import TYPE_CHECKING, Any

from .metadata import DATA_MODELS       # the schema's enumeration of data models

if TYPE_CHECKING:
    import jsonschema

SCHEMA_DIR = os.path.join(os.path.dirname(__file__), "schemas")
INVARIANT_SET = "invariant_set"
COMMON_INVARIANT_TYPES = ("loop_invariant", "location_invariant")
INVARIANT_KEYS = frozenset({"type", "location", "value", "format"})
LOCATION_KEYS = frozenset({"file_name", "line", "column", "function"})
ENTRY_KEYS = frozenset({"entry_type", "metadata", "content"})
METADATA_KEYS = frozenset({"format_version", "uuid", "creation_time", "producer", "task"})
PRODUCER_KEYS = frozenset({"name", "version"})
TASK_KEYS = frozenset({"input_files", "input_file_hashes", "specification", "data_model",
                       "language"})


@functools.lru_cache(maxsize=None)
def schema_validator(schema_file: str) -> jsonschema.Draft7Validator:
    """Compiled once per schema and run.  jsonschema is imported here, when a YAML witness
    is read: a tenth of a second of start-up that GraphML witnesses and usage errors skip."""
    import jsonschema
    with open(os.path.join(SCHEMA_DIR, schema_file), encoding="utf-8") as f:
        return jsonschema.Draft7Validator(json.load(f))


@functools.lru_cache(maxsize=None)
def _items_checked_alone(schema_file: str) -> bool:
    """The schema's only word on an invariant_set's `content` is its type and the schema of
    each item (no bounds on the list, no other branch that looks at it): then the items may
    be checked apart."""
    schema = schema_validator(schema_file).schema
    if "content" in json.dumps({key: value for key, value in schema.items() if key != "allOf"}):
        return False
    alone = False
    for branch in schema.get("allOf", []):
        if "content" not in json.dumps(branch):
            continue
        condition = branch.get("if", {}).get("properties", {}).get("entry_type", {})
        if condition.get("const") == INVARIANT_SET and set(branch) == {"if", "then"}:
            content = branch["then"].get("properties", {}).get("content", {})
            alone = set(content) == {"type", "items"}
        elif condition.get("const") in (None, INVARIANT_SET):
            return False        # a branch that may apply to an invariant_set otherwise
    return alone


def schema_errors(schema_file: str, entry: Any) -> list[jsonschema.ValidationError]:
    """Every error jsonschema reports for `entry`, an entry or the invariants of the common
    shape checked by type (the errors' paths are those of the whole entry)."""
    if _common_entry(entry):
        return []
    content = entry.get("content") if isinstance(entry, dict) else None
    if not (isinstance(content, list) and entry.get("entry_type") == INVARIANT_SET
            and _items_checked_alone(schema_file)):
        return list(schema_validator(schema_file).iter_errors(entry))
    others = [position for position, item in enumerate(content)
              if not _common_invariant(item)]
    if len(others) == len(content):
        return list(schema_validator(schema_file).iter_errors(entry))
    rest = dict(entry)
    rest["content"] = [content[position] for position in others]
    errors = list(schema_validator(schema_file).iter_errors(rest))
    for error in errors:
        _renumber(error, others)
    return errors


def _renumber(error: jsonschema.ValidationError, positions: list[int]) -> None:
    """An error in the i-th of the items checked is about the item at `positions[i]`."""
    path = error.path       # relative to the entry: these errors are jsonschema's top level
    if len(path) >= 2 and path[0] == "content" and isinstance(path[1], int):
        path[1] = positions[path[1]]


def _common_entry(entry: Any) -> bool:
    """An invariant_set with every metadata field of the format, each a string (a list of
    them for the input files, a mapping of them for their hashes, one of the schema's names
    for the data model), and common invariants only: an entry that the 2.0 and 2.1 schemas
    accept whole."""
    if type(entry) is not dict or entry.keys() != ENTRY_KEYS \
            or entry["entry_type"] != INVARIANT_SET or type(entry["content"]) is not list:
        return False
    metadata = entry["metadata"]
    if type(metadata) is not dict or metadata.keys() != METADATA_KEYS:
        return False
    producer, task = metadata["producer"], metadata["task"]
    if type(producer) is not dict or producer.keys() != PRODUCER_KEYS \
            or type(task) is not dict or task.keys() != TASK_KEYS:
        return False
    files, hashes = task["input_files"], task["input_file_hashes"]
    texts = (metadata["format_version"], metadata["uuid"], metadata["creation_time"],
             producer["name"], producer["version"], task["specification"], task["language"])
    model = task["data_model"]
    return (all(type(text) is str for text in texts) and type(model) is str
            and model in DATA_MODELS
            and type(files) is list and all(type(name) is str for name in files)
            and type(hashes) is dict
            and all(type(k) is str and type(v) is str for k, v in hashes.items())
            and all(_common_invariant(item) for item in entry["content"]))


def _common_invariant(item: Any) -> bool:
    """`{invariant: {type, location: {file_name, line[, column][, function]}, value,
    format}}` with a string for each text and an integer from 1 for each number: an item that
    the 2.0 and 2.1 schemas accept."""
    if type(item) is not dict or len(item) != 1:
        return False
    invariant = item.get("invariant")
    if type(invariant) is not dict or invariant.keys() != INVARIANT_KEYS:
        return False
    if invariant["type"] not in COMMON_INVARIANT_TYPES or type(invariant["value"]) is not str \
            or type(invariant["format"]) is not str:
        return False
    location = invariant["location"]
    if type(location) is not dict or not location.keys() <= LOCATION_KEYS:
        return False
    line, column = location.get("line"), location.get("column", 1)
    function = location.get("function")
    return (type(location.get("file_name")) is str and type(line) is int and line >= 1
            and type(column) is int and column >= 1
            and (function is None or type(function) is str))
