"""Load a YAML correctness witness (formats 0.1/0.2, 2.0, 2.1) into plain dataclasses.

Every entry is checked against the JSON Schema of its format version (shipped in
`schemas/`).  The content is checked strictly: structural problems are `InputError`s naming
the file and line.  The metadata are checked tolerantly (`metadata.py`): a metadata field that
is missing, a placeholder, of the wrong type or outside the schema's enumeration is a
`MetadataWarning` and is not used.  Entries and features we cannot validate yet are kept as
invariants with status `unsupported` and a reason, so that the verdict can never become `true`
because something was skipped.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional, Sequence

from .deadline import Deadline
from .errors import InputError, malformed_yaml, read_text
from .metadata import (Claim, EntryMetadata, MetadataWarning, add_warning, is_metadata_error,
                       read_entry_metadata, schema_warning)
# re-exported: the checks of the metadata against the inputs, once these are known
from .metadata import check_data_model, check_program_hash, check_specification  # noqa: F401
from .schema_check import schema_errors, schema_validator

if TYPE_CHECKING:
    import jsonschema

    from .yaml_tree import YamlTree

# format_version (normalised to a string) -> schema file
SCHEMA_FOR_VERSION = {"0.1": "witness-0.1.schema.json", "0.2": "witness-0.1.schema.json",
                      "2.0": "witness-2.0.schema.json", "2.1": "witness-2.1.schema.json",
                      # Goblint's own dialect: 2.1 plus flow_insensitive_invariant (unsupported)
                      "2.1-goblint": "witness-2.1.schema.json"}

LOOP_INVARIANT = "loop_invariant"
FOR_INIT = "for_init"
FOR_NEXT = "for_next"
AFTER_CALL = "after_call"
LOCATION_INVARIANT = "location_invariant"
FUNCTION_CONTRACT = "function_contract"          # format 2.1: requires/ensures (contracts.py)
ACSL_EXPRESSION = "acsl_expression"
TRANSITION_INVARIANT_TYPES = ("loop_transition_invariant", "location_transition_invariant")
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
    # a function contract's clauses as written (None: absent, which means \true)
    requires: Optional[str] = None
    ensures: Optional[str] = None
    labels: tuple[str, ...] = ()   # 2.1 `labels`: read and reported, never trusted
    # GraphML (automaton.py): the node, the ghost condition under which the invariant must
    # hold (woven as `!(condition) || (value)`), why the node has no exact program point
    node_id: Optional[str] = None
    condition: Optional[str] = None
    unplaced_reason: Optional[str] = None


@dataclass
class GhostVariable:
    """A `ghost_variables` item of a `ghost_instrumentation` entry (format 2.1)."""
    name: str
    type: str
    initial: str
    scope: str
    yaml_line: Optional[int] = None            # of the item
    initial_line: Optional[int] = None         # of its `initial` value


@dataclass
class GhostUpdate:
    """A `ghost_updates` item: (variable, value) pairs in witness order at `location`.
    `branch` ("true"/"false" as written, or another value): our extension for updates on one
    edge of a branching statement, written like a branching waypoint (`action: follow`,
    `constraint: {value: "true"}`); None: whenever control leaves the location."""
    location: Location
    updates: list[tuple[str, str]]
    yaml_line: Optional[int] = None
    update_lines: list[Optional[int]] = field(default_factory=list)
    branch: Optional[str] = None
    # not from YAML: a GraphML automaton's update at a `for` loop's initialisation
    # (FOR_INIT: before the loop statement), increment (FOR_NEXT: in the increment), or on
    # the return from a call statement (AFTER_CALL: after the statement)
    part: Optional[str] = None


@dataclass
class Witness:
    path: str
    format_versions: list[str]
    invariants: list[Invariant] = field(default_factory=list)
    ghost_variables: list[GhostVariable] = field(default_factory=list)
    ghost_updates: list[GhostUpdate] = field(default_factory=list)
    # metadata: only values that passed the tolerant check (see metadata.py)
    data_model: Optional[str] = None             # ILP32 / LP64 of the first entry giving one
    data_model_claim: Optional[Claim] = None     # the same, with field and line
    input_file_hashes: dict[str, str] = field(default_factory=dict)
    file_hashes: list[Claim] = field(default_factory=list)   # task and location hashes
    specifications: list[Claim] = field(default_factory=list)
    producer: Optional[str] = None
    # reasons why the witness as a whole cannot be confirmed yet (what only the program tells,
    # such as ghosts that cannot be woven exactly, is in `WeaveResult.unsupported_features`)
    unsupported_features: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)            # about the content
    metadata_warnings: list[MetadataWarning] = field(default_factory=list)
    # a GraphML witness automaton (graphml.GraphmlWitness); its invariants and ghosts are
    # derived once the program is known (automaton.apply_automaton)
    automaton: Optional[Any] = None
    # which value of the state ghost is which node (a comment for --instrumented-out)
    automaton_legend: Optional[str] = None

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


def compile_schemas() -> None:
    """Every schema's validator, compiled now (batch mode, before it forks its tasks)."""
    for schema_file in set(SCHEMA_FOR_VERSION.values()):
        schema_validator(schema_file)


def _schema_errors(schema_file: str, entry: dict
                   ) -> tuple[list[jsonschema.ValidationError], list[jsonschema.ValidationError]]:
    """(errors in the content, errors in the metadata) of one entry."""
    content, metadata = [], []
    for error in schema_errors(schema_file, entry):
        (metadata if is_metadata_error(error) else content).append(error)
    return content, metadata


def _describe_schema_error(error: jsonschema.ValidationError) -> str:
    where = "/".join(str(p) for p in error.absolute_path)
    if error.validator == "required":
        missing = re.findall(r"'([^']+)' is a required property", error.message)
        key = missing[0] if missing else error.message
        return f"missing required key '{key}'" + (f" in {where}" if where else "")
    return (f"{where}: " if where else "") + error.message


def load_witness(path: str, deadline: Optional[Deadline] = None) -> Witness:
    """Read, schema-check and convert a witness file (checking `deadline` per entry)."""
    text = read_text(path, "witness")
    if looks_like_xml(text):
        # imported here: a YAML witness needs neither (start-up time)
        from .automaton import witness_from_graphml
        from .graphml import parse_graphml
        return witness_from_graphml(parse_graphml(text, path))
    return parse_witness_text(text, path, deadline)


def looks_like_xml(text: str) -> bool:
    """A GraphML witness is an XML document; a YAML witness never starts with `<`."""
    return text.lstrip("\ufeff \t\r\n").startswith("<")


def parse_witness_text(text: str, path: str, deadline: Optional[Deadline] = None) -> Witness:
    # ruamel is imported here, after the engines' child was forked: the child, which
    # unpickles a witness's invariants, never loads YAML (start-up time)
    from ruamel.yaml.error import YAMLError

    from .yaml_tree import load_yaml
    try:
        document = load_yaml(text)
    except YAMLError as e:
        raise malformed_yaml(e, path) from None
    if document.data is None:
        raise InputError("witness is empty (expected a list of entries)", path)
    if not isinstance(document.data, list):
        raise InputError("top level of a witness must be a list of entries", path,
                         document.line_of([]))
    witness = Witness(path=path, format_versions=[])
    for entry_position, entry in enumerate(document.data):
        if deadline is not None:
            deadline.check()
        _load_entry(witness, document, entry_position, entry)
    witness.metadata_warnings.sort(key=lambda w: w.line if w.line is not None else 0)
    return witness


def _load_entry(witness: Witness, document: YamlTree, position: int, entry: Any) -> None:
    """One entry (entry values; `document` gives the lines)."""
    path = witness.path
    entry_line = document.line_of([position])
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
                         document.line_of([position, "metadata"]))
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
                         document.line_of([position, "metadata", "format_version"]))
    content_errors, metadata_errors = _schema_errors(schema_file, entry)
    if content_errors:
        error = min(content_errors, key=lambda e: len(list(e.absolute_path)))
        line = document.line_of([position] + list(error.absolute_path))
        raise InputError(f"not a valid format-{version} witness entry: "
                         f"{_describe_schema_error(error)}", path, line)

    def line_of(inner: Sequence[Any]) -> Optional[int]:
        return document.line_of([position, *inner])

    if entry_type in CERTIFICATE_ENTRY_TYPES:
        # certificates are our output, not input: skipped, only their schema problems named
        for error in metadata_errors:
            add_warning(witness.metadata_warnings, schema_warning(error, path, line_of))
        return
    entry_metadata = read_entry_metadata(
        path, entry, metadata_errors, line_of,
        location_hash_expected=version.startswith("0.") and entry_type in SUPPORTED_INVARIANT_TYPES)
    _keep_metadata(witness, entry_metadata)
    entry_uuid = entry_metadata.uuid
    if version.startswith("0."):
        _load_v01_entry(witness, entry, entry_type, version, entry_uuid, entry_line)
    elif entry_type == "invariant_set":
        items = entry.get("content") or []
        for item_position, item in enumerate(items):
            line = document.line_of([position, "content", item_position])
            _load_v2_item(witness, item, version, entry_uuid, item_position, line)
    elif entry_type == "ghost_instrumentation":
        _load_ghosts(witness, entry["content"], lambda inner: line_of(["content", *inner]))
    else:
        _add_unsupported_entry(witness, entry, entry_type, entry_line, version,
                               f"entry type '{entry_type}' is not supported")


def _keep_metadata(witness: Witness, metadata: EntryMetadata) -> None:
    """Merge what one entry's metadata contribute: the first usable value of each field."""
    for warning in metadata.warnings:
        add_warning(witness.metadata_warnings, warning)
    if witness.producer is None:
        witness.producer = metadata.producer
    model = metadata.data_model
    if model is not None and witness.data_model_claim is None:
        witness.data_model, witness.data_model_claim = model.value, model
    elif model is not None and model.value != witness.data_model:
        first = witness.data_model_claim
        lines = [model.line] if model.line is not None else []
        add_warning(witness.metadata_warnings, MetadataWarning(
            witness.path, model.field, model.value,
            f"contradicts {first.value} at line {first.line}, which is used", lines))
    if metadata.specification is not None:
        witness.specifications.append(metadata.specification)
    witness.file_hashes += metadata.hashes
    witness.input_file_hashes.update({h.file_name: h.value for h in metadata.hashes
                                      if h.field.startswith("metadata/task/input_file_hashes/")})


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
        entry_uuid=entry_uuid, content_position=item_position, yaml_line=line,
        labels=tuple(str(label) for label in body.get("labels") or ()))
    if invariant.type == FUNCTION_CONTRACT:
        _read_contract(invariant, body)
    elif invariant.type in TRANSITION_INVARIANT_TYPES:
        invariant.unsupported_reason = (
            f"invariant type '{invariant.type}' is not supported (a transition invariant relates "
            f"the state to earlier ones with \\at(x, AnyPrev) / \\at(x, LastPrev))")
    elif invariant.type not in SUPPORTED_INVARIANT_TYPES:
        invariant.unsupported_reason = f"invariant type '{invariant.type}' is not supported"
    elif invariant.format != "c_expression":
        invariant.unsupported_reason = (f"invariant format '{invariant.format}' is not supported "
                                        f"(only c_expression)")
    elif invariant.location is None:
        invariant.unsupported_reason = "invariant has no location"


def _read_contract(invariant: Invariant, body: dict) -> None:
    """`requires`/`ensures` of a function contract; `value` shows both for a person."""
    for key in ("requires", "ensures"):
        if key in body and body[key] is not None:
            setattr(invariant, key, _text(body[key]))
    invariant.value = "; ".join(f"{key} {text}" for key, text in
                                (("requires", invariant.requires), ("ensures", invariant.ensures))
                                if text is not None)
    if not invariant.format_version.startswith("2.1"):
        invariant.unsupported_reason = (f"a function contract in a format-{invariant.format_version} "
                                        f"witness (contracts are format 2.1)")
    elif invariant.format != ACSL_EXPRESSION:
        invariant.unsupported_reason = (f"function contract format '{invariant.format}' is not "
                                        f"supported (only {ACSL_EXPRESSION})")


def _optional_location(body: dict) -> Optional[Location]:
    raw = body.get("location")
    if isinstance(raw, dict) and isinstance(raw.get("line"), int):
        return _location(raw)
    return None


def _add_unsupported_entry(witness: Witness, entry: dict, entry_type: str, line: Optional[int],
                           version: str, reason: str) -> None:
    metadata = entry.get("metadata") if isinstance(entry.get("metadata"), dict) else {}
    entry_uuid = metadata.get("uuid") if isinstance(metadata.get("uuid"), str) else None
    _new_invariant(witness, type=entry_type, value="", format="", location=None,
                   format_version=version, entry_type=entry_type,
                   entry_uuid=entry_uuid, content_position=None, yaml_line=line,
                   unsupported_reason=reason)


def _load_ghosts(witness: Witness, content: dict, line_of) -> None:
    """Ghost variables and updates in witness order (their order fixes the order of several
    updates at one location); what they mean is checked against the program when woven
    (`ghosts.py`)."""
    for position, variable in enumerate(content.get("ghost_variables", [])):
        initial = variable.get("initial", {})
        witness.ghost_variables.append(GhostVariable(
            name=variable["name"], type=variable["type"], scope=variable.get("scope", "global"),
            initial=_text(initial.get("value", "0")),
            yaml_line=line_of(["ghost_variables", position]),
            initial_line=line_of(["ghost_variables", position, "initial"])))
    for position, update in enumerate(content.get("ghost_updates", [])):
        items = update.get("updates", [])
        constraint = update.get("constraint")
        branch = None
        if isinstance(constraint, dict):
            value = constraint.get("value")
            branch = str(value).lower() if isinstance(value, bool) else str(value).strip()
        witness.ghost_updates.append(GhostUpdate(
            location=_location(update["location"]),
            updates=[(u["variable"], _text(u["value"])) for u in items],
            yaml_line=line_of(["ghost_updates", position]),
            update_lines=[line_of(["ghost_updates", position, "updates", i])
                          for i in range(len(items))],
            branch=branch))
