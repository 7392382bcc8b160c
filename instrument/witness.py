"""Load a YAML correctness witness (formats 0.1/0.2, 2.0, 2.1) into plain dataclasses.

Every entry is checked against the JSON Schema of its format version (shipped in
`schemas/`).  Structural problems are `InputError`s naming the file and line; entries and
features we cannot validate yet are kept as invariants with status `unsupported` and a reason,
so that the verdict can never become `true` because something was skipped.
"""
from __future__ import annotations

import datetime
import functools
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Optional

import jsonschema
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from .errors import InputError, malformed_yaml

SCHEMA_DIR = os.path.join(os.path.dirname(__file__), "schemas")

# format_version (normalised to a string) -> schema file
SCHEMA_FOR_VERSION = {"0.1": "witness-0.1.schema.json", "0.2": "witness-0.1.schema.json",
                      "2.0": "witness-2.0.schema.json", "2.1": "witness-2.1.schema.json",
                      # Goblint's own dialect: 2.1 plus flow_insensitive_invariant (unsupported)
                      "2.1-goblint": "witness-2.1.schema.json"}

LOOP_INVARIANT = "loop_invariant"
LOCATION_INVARIANT = "location_invariant"
SUPPORTED_INVARIANT_TYPES = (LOOP_INVARIANT, LOCATION_INVARIANT)
VIOLATION_ENTRY_TYPES = ("violation_sequence",)
CERTIFICATE_ENTRY_TYPES = ("loop_invariant_certificate", "invariant_certificate",
                           "precondition_loop_invariant_certificate")


@dataclass
class Location:
    file_name: Optional[str]
    line: int
    column: Optional[int]          # as written in the witness (0-based in 0.1, 1-based in 2.x)
    function: Optional[str]


@dataclass
class Invariant:
    """One invariant of the witness, numbered in file order from 0."""
    index: int
    type: str                      # loop_invariant, location_invariant, or what the witness says
    value: str
    format: str
    location: Optional[Location]
    format_version: str
    entry_type: str                # loop_invariant / location_invariant (0.1) or invariant_set
    entry_uuid: Optional[str]
    content_position: Optional[int]  # position in the invariant_set's `content` (2.x)
    yaml_line: Optional[int]       # 1-based line in the witness file
    unsupported_reason: Optional[str] = None


@dataclass
class GhostVariable:
    name: str
    type: str
    initial: str
    scope: str


@dataclass
class GhostUpdate:
    location: Location
    updates: list[tuple[str, str]]


@dataclass
class Witness:
    path: str
    format_versions: list[str]
    invariants: list[Invariant] = field(default_factory=list)
    ghost_variables: list[GhostVariable] = field(default_factory=list)
    ghost_updates: list[GhostUpdate] = field(default_factory=list)
    data_model: Optional[str] = None
    input_file_hashes: dict[str, str] = field(default_factory=dict)
    producer: Optional[str] = None
    # reasons why the witness as a whole cannot be confirmed yet (e.g. ghost instrumentation)
    unsupported_features: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def is_empty(self) -> bool:
        return not self.invariants and not self.ghost_variables


def normalise_version(value: Any) -> str:
    """`format_version: 2.0` unquoted is a float in YAML; compare as text."""
    if isinstance(value, float):
        return repr(value)
    return str(value).strip()


def _text(value: Any) -> str:
    """An invariant written as a YAML scalar other than a string (`1`, `true`)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _plain(value: Any) -> Any:
    """ruamel's round-trip types -> JSON types (datetimes become ISO strings)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if value is None or isinstance(value, str):
        return None if value is None else str(value)
    return str(value)


def _line_of(node: Any, path: list) -> Optional[int]:
    """Best 1-based line for a path inside a round-trip YAML structure."""
    line = None
    current = node
    for key in path:
        lc = getattr(current, "lc", None)
        try:
            if lc is not None:
                if isinstance(current, dict) and key in current:
                    line = lc.key(key)[0] + 1
                elif isinstance(current, list) and isinstance(key, int) and key < len(current):
                    line = lc.item(key)[0] + 1
            current = current[key]
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    if line is None and getattr(node, "lc", None) is not None:
        line = node.lc.line + 1
    return line


@functools.lru_cache(maxsize=None)
def _validator(schema_file: str) -> jsonschema.Draft7Validator:
    with open(os.path.join(SCHEMA_DIR, schema_file), encoding="utf-8") as f:
        return jsonschema.Draft7Validator(json.load(f))


def _describe_schema_error(error: jsonschema.ValidationError) -> str:
    where = "/".join(str(p) for p in error.absolute_path)
    if error.validator == "required":
        missing = re.findall(r"'([^']+)' is a required property", error.message)
        key = missing[0] if missing else error.message
        return f"missing required key '{key}'" + (f" in {where}" if where else "")
    return (f"{where}: " if where else "") + error.message


def load_witness(path: str) -> Witness:
    """Read, schema-check and convert a witness file."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise InputError(f"cannot read witness: {e.strerror}", path) from None
    except UnicodeDecodeError:
        raise InputError("witness is not UTF-8 text", path) from None
    return parse_witness_text(text, path)


def parse_witness_text(text: str, path: str) -> Witness:
    yaml = YAML(typ="rt", pure=True)
    try:
        document = yaml.load(text)
    except YAMLError as e:
        raise malformed_yaml(e, path) from None
    if document is None:
        raise InputError("witness is empty (expected a list of entries)", path)
    if not isinstance(document, list):
        raise InputError("top level of a witness must be a list of entries", path,
                         _line_of(document, []))
    witness = Witness(path=path, format_versions=[])
    for entry_position, entry in enumerate(document):
        _load_entry(witness, document, entry_position, entry)
    return witness


def _load_entry(witness: Witness, document: list, position: int, entry: Any) -> None:
    path = witness.path
    entry_line = _line_of(document, [position])
    if not isinstance(entry, dict):
        raise InputError("witness entry must be a mapping", path, entry_line)
    entry_type = entry.get("entry_type")
    if not isinstance(entry_type, str):
        raise InputError("missing required key 'entry_type' (or it is not a string)", path, entry_line)
    if entry_type in VIOLATION_ENTRY_TYPES:
        raise InputError(f"this is a violation witness (entry_type {entry_type}), "
                         f"not a correctness witness", path, entry_line)
    metadata = entry.get("metadata")
    if not isinstance(metadata, dict):
        if entry_type == "lemma_set":
            # CPAchecker's experimental lemma entries carry no metadata of their own
            _add_unsupported_entry(witness, entry, entry_type, entry_line, "?",
                                   "entry type 'lemma_set' (CPAchecker extension) is not supported")
            return
        raise InputError(f"missing required key 'metadata' in entry of type {entry_type}",
                         path, entry_line)
    if "format_version" not in metadata:
        raise InputError("missing required key 'format_version' in metadata", path,
                         _line_of(document, [position, "metadata"]))
    version = normalise_version(metadata["format_version"])
    if version not in witness.format_versions:
        witness.format_versions.append(version)
    schema_file = SCHEMA_FOR_VERSION.get(version)
    legacy_shape = (entry_type in SUPPORTED_INVARIANT_TYPES and entry_type in entry
                    and not version.startswith("0."))
    if legacy_shape:
        # Goblint wrote 0.1-shaped entries under a 2.x version number; read them as 0.1
        witness.warnings.append(f"entry of type {entry_type} at line {entry_line} has the 0.1 "
                                f"shape but format_version {version}; read as format 0.1")
        version, schema_file = "0.1", SCHEMA_FOR_VERSION["0.1"]
    if schema_file is None:
        raise InputError(f"unknown witness format_version '{version}' "
                         f"(supported: 0.1, 0.2, 2.0, 2.1, 2.1-goblint)", path,
                         _line_of(document, [position, "metadata", "format_version"]))
    plain = _plain(entry)
    errors = sorted(_validator(schema_file).iter_errors(plain),
                    key=lambda e: len(list(e.absolute_path)))
    if errors:
        error = errors[0]
        line = _line_of(document, [position] + list(error.absolute_path))
        raise InputError(f"not a valid format-{version} witness entry: "
                         f"{_describe_schema_error(error)}", path, line)
    _read_task_metadata(witness, plain["metadata"])
    entry_uuid = plain["metadata"].get("uuid")
    if entry_type in CERTIFICATE_ENTRY_TYPES:
        return                     # certificates are our output, not input
    if version.startswith("0."):
        _load_v01_entry(witness, plain, entry_type, version, entry_uuid, entry_line)
    elif entry_type == "invariant_set":
        items = plain.get("content") or []
        for item_position, item in enumerate(items):
            line = _line_of(document, [position, "content", item_position])
            _load_v2_item(witness, item, version, entry_uuid, item_position, line)
    elif entry_type == "ghost_instrumentation":
        _load_ghosts(witness, plain["content"])
    else:
        _add_unsupported_entry(witness, plain, entry_type, entry_line, version,
                               f"entry type '{entry_type}' is not supported")


def _read_task_metadata(witness: Witness, metadata: dict) -> None:
    producer = metadata.get("producer")
    if isinstance(producer, dict) and witness.producer is None:
        witness.producer = " ".join(str(producer.get(k, "")) for k in ("name", "version")).strip()
    task = metadata.get("task")
    if isinstance(task, dict):
        model = task.get("data_model")
        if model in ("ILP32", "32bit"):
            witness.data_model = "ILP32"
        elif model in ("LP64", "64bit"):
            witness.data_model = "LP64"
        hashes = task.get("input_file_hashes")
        if isinstance(hashes, dict):
            witness.input_file_hashes.update({str(k): str(v) for k, v in hashes.items()})


def _location(raw: dict) -> Location:
    return Location(file_name=raw.get("file_name"), line=raw["line"],
                    column=raw.get("column"), function=raw.get("function"))


def _new_invariant(witness: Witness, **fields: Any) -> Invariant:
    invariant = Invariant(index=len(witness.invariants), **fields)
    witness.invariants.append(invariant)
    return invariant


def _load_v01_entry(witness: Witness, entry: dict, entry_type: str, version: str,
                    entry_uuid: Optional[str], line: Optional[int]) -> None:
    if entry_type in SUPPORTED_INVARIANT_TYPES:
        body = entry[entry_type]
        invariant = _new_invariant(
            witness, type=entry_type, value=_text(body["string"]), format=str(body.get("format", "C")),
            location=_location(entry["location"]), format_version=version, entry_type=entry_type,
            entry_uuid=entry_uuid, content_position=None, yaml_line=line)
        if body.get("type", "assertion") != "assertion":
            invariant.unsupported_reason = f"invariant type '{body.get('type')}' is not supported"
        elif str(body.get("format", "C")) != "C":
            invariant.unsupported_reason = f"invariant format '{body.get('format')}' is not supported"
    else:
        _add_unsupported_entry(witness, entry, entry_type, line, version,
                               f"entry type '{entry_type}' is not supported")


def _load_v2_item(witness: Witness, item: dict, version: str, entry_uuid: Optional[str],
                  item_position: int, line: Optional[int]) -> None:
    if "invariant" not in item:
        kind = next(iter(item), "?")
        body = item.get(kind) if isinstance(item.get(kind), dict) else {}
        _new_invariant(
            witness, type=str(body.get("type", kind)), value=_text(body.get("value", "")),
            format=str(body.get("format", "")), location=_optional_location(body),
            format_version=version, entry_type="invariant_set", entry_uuid=entry_uuid,
            content_position=item_position, yaml_line=line,
            unsupported_reason=f"content item '{kind}' is not supported")
        return
    body = item["invariant"]
    invariant = _new_invariant(
        witness, type=body["type"], value=_text(body.get("value", "")), format=body["format"],
        location=_optional_location(body), format_version=version, entry_type="invariant_set",
        entry_uuid=entry_uuid, content_position=item_position, yaml_line=line)
    if invariant.type not in SUPPORTED_INVARIANT_TYPES:
        invariant.unsupported_reason = f"invariant type '{invariant.type}' is not supported"
    elif invariant.format != "c_expression":
        invariant.unsupported_reason = (f"invariant format '{invariant.format}' is not supported "
                                        f"(only c_expression)")
    elif invariant.location is None:
        invariant.unsupported_reason = "invariant has no location"


def _optional_location(body: dict) -> Optional[Location]:
    raw = body.get("location")
    if isinstance(raw, dict) and isinstance(raw.get("line"), int):
        return _location(raw)
    return None


def _add_unsupported_entry(witness: Witness, entry: dict, entry_type: str, line: Optional[int],
                           version: str, reason: str) -> None:
    metadata = entry.get("metadata") if isinstance(entry.get("metadata"), dict) else {}
    _new_invariant(witness, type=entry_type, value="", format="", location=None,
                   format_version=version, entry_type=entry_type,
                   entry_uuid=metadata.get("uuid"), content_position=None, yaml_line=line,
                   unsupported_reason=reason)


def _load_ghosts(witness: Witness, content: dict) -> None:
    for variable in content.get("ghost_variables", []):
        initial = variable.get("initial", {})
        witness.ghost_variables.append(GhostVariable(
            name=variable["name"], type=variable["type"], scope=variable.get("scope", "global"),
            initial=_text(initial.get("value", "0"))))
    for update in content.get("ghost_updates", []):
        witness.ghost_updates.append(GhostUpdate(
            location=_location(update["location"]),
            updates=[(u["variable"], _text(u["value"])) for u in update.get("updates", [])]))
    if "ghost variables and ghost updates are not supported yet" not in witness.unsupported_features:
        witness.unsupported_features.append("ghost variables and ghost updates are not supported yet")


HEX64 = re.compile(r"^[0-9a-fA-F]{64}$")


def check_program_hash(witness: Witness, program_path: str, program_bytes: bytes) -> None:
    """A hash that does not match the program is a warning, never an error."""
    base = os.path.basename(program_path)
    actual = hashlib.sha256(program_bytes).hexdigest()
    for name, expected in witness.input_file_hashes.items():
        if os.path.basename(name.replace("\\", "/")) != base:
            continue
        if not HEX64.match(expected):
            witness.warnings.append(f"witness gives a placeholder hash '{expected}' for {name}")
        elif expected.lower() != actual:
            witness.warnings.append(
                f"witness hash for {name} ({expected[:12]}...) does not match the program "
                f"({actual[:12]}...): the witness may be for another version of the program")
