"""Witness metadata are provenance, not meaning: they are checked tolerantly.

An entry's `metadata` (uuid, creation time, producer, task: input files, hashes, specification,
data model, language) and a location's `file_hash` say where a witness came from; what its
invariants mean does not depend on them.  Real producers write placeholders there (`UNUSED`),
leave fields out or use other types, and peers validate such witnesses on their content.  So a
metadata field that is missing, a placeholder, of the wrong type or outside the schema's
enumeration is a `MetadataWarning` (file, YAML line, field, value), never an `InputError`, and
its value is not used: the data model then comes from elsewhere, the specification always
comes from the property file.

`format_version` is not provenance: it decides how the entry is read, so it stays strict, as
does everything outside `metadata` (entry types, locations, invariant values and formats).
"""
from __future__ import annotations

import datetime
import os
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

if TYPE_CHECKING:                 # only for annotations: witness.py imports this module
    import jsonschema            # (and jsonschema only when it checks an entry)

    from .witness import Witness

HEX64 = re.compile(r"^[0-9a-fA-F]{64}$")
DATA_MODELS = {"ILP32": "ILP32", "32bit": "ILP32", "LP64": "LP64", "64bit": "LP64"}

# What producers write when they have nothing to say; compared case-insensitively.  A value
# starting with `$` is an unexpanded template variable (`$FILE_HASH`).
PLACEHOLDERS = frozenset({"", "unused", "unknown", "todo", "tbd", "none", "null", "n/a", "na",
                          "-", "?", "placeholder"})

# The metadata fields the official 0.1, 2.0 and 2.1 schemas require (besides format_version);
# our schemas leave them optional, so that a missing one is a warning, not an error.
EXPECTED_FIELDS = ("uuid", "creation_time", "producer", "producer/name", "producer/version",
                   "task", "task/input_files", "task/input_file_hashes", "task/specification",
                   "task/data_model", "task/language")

LineOf = Callable[[Sequence[Any]], Optional[int]]     # path inside the entry -> YAML line


@dataclass
class MetadataWarning:
    """A metadata field that is not used as written; the same problem in several entries is
    one warning with all its lines."""
    file: str
    field: str                     # path inside the entry, e.g. metadata/task/data_model
    value: Any                     # as written; None when the field is missing
    problem: str                   # "is missing", "is a placeholder", "is not a UUID", ...
    lines: list[int] = field(default_factory=list)

    @property
    def line(self) -> Optional[int]:
        return self.lines[0] if self.lines else None

    def key(self) -> tuple[str, str, str]:
        # entries and content items differ only in their positions
        return re.sub(r"/\d+(?=/|$)", "/*", self.field), repr(self.value), self.problem

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        value = "" if self.problem == "is missing" else f" = {self.value!r}"
        also = ""
        if len(self.lines) > 1:
            shown = ", ".join(str(n) for n in self.lines[1:11])
            also = f" (also at line{'s' if len(self.lines) > 2 else ''} {shown}"
            also += ", ...)" if len(self.lines) > 11 else ")"
        return f"{where}: witness metadata {self.field}{value} {self.problem}{also}"

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "lines": list(self.lines),
                "field": self.field, "value": self.value, "problem": self.problem}


@dataclass(frozen=True)
class Claim:
    """A metadata value that is compared with the inputs once they are known."""
    field: str
    value: str
    line: Optional[int]
    file_name: Optional[str] = None       # for a hash: the file it claims to be the hash of


@dataclass
class EntryMetadata:
    """What one entry's metadata contribute after the tolerant check: only usable values."""
    warnings: list[MetadataWarning] = field(default_factory=list)
    uuid: Optional[str] = None
    producer: Optional[str] = None
    data_model: Optional[Claim] = None          # normalised to ILP32 / LP64
    specification: Optional[Claim] = None
    hashes: list[Claim] = field(default_factory=list)


# ------------------------------------------------------------------ schema errors
def is_metadata_path(path: Sequence[Any]) -> bool:
    """Inside an entry's `metadata` (but not `format_version`), or a location's `file_hash`."""
    path = list(path)
    if path[:1] == ["metadata"]:
        return len(path) == 1 or path[1] != "format_version"
    return len(path) >= 2 and path[-1] == "file_hash" and path[-2] == "location"


def _missing_key(error: jsonschema.ValidationError) -> Optional[str]:
    found = re.findall(r"'([^']+)' is a required property", error.message)
    return found[0] if found else None


def is_metadata_error(error: jsonschema.ValidationError) -> bool:
    path = list(error.absolute_path)
    if error.validator == "required":
        key = _missing_key(error)
        return key is not None and is_metadata_path(path + [key])
    return is_metadata_path(path)


def _field_path(error: jsonschema.ValidationError) -> tuple[str, ...]:
    """The field an error is about: for a missing key, the key inside its mapping."""
    path = [str(p) for p in error.absolute_path]
    if error.validator == "required":
        path.append(_missing_key(error) or "?")
    return tuple(path)


def schema_warning(error: jsonschema.ValidationError, file: str,
                   line_of: LineOf) -> MetadataWarning:
    """The warning for a schema error inside metadata (see `is_metadata_error`)."""
    path = "/".join(_field_path(error))
    if error.validator == "required":
        return MetadataWarning(file, path, None, "is missing",
                               _lines(line_of(list(error.absolute_path))))
    if error.validator == "enum":
        problem = "is not one of " + ", ".join(str(v) for v in error.validator_value)
    elif error.validator == "type":
        types = error.validator_value
        problem = "is not of type " + (" or ".join(types) if isinstance(types, list) else str(types))
    else:
        problem = error.message
    return MetadataWarning(file, path, error.instance, problem,
                           _lines(line_of(list(error.absolute_path))))


def _lines(line: Optional[int]) -> list[int]:
    return [line] if line is not None else []


# ------------------------------------------------------------------ one entry
def read_entry_metadata(file: str, entry: dict, schema_errors: list[jsonschema.ValidationError],
                        line_of: LineOf, *, location_hash_expected: bool) -> EntryMetadata:
    """Check one entry's metadata (and its locations' file_hash) and keep the usable values.

    `schema_errors` are the entry's schema errors inside metadata (`is_metadata_error`);
    `location_hash_expected`: format 0.1 locations carry a file_hash."""
    result = EntryMetadata(warnings=[schema_warning(e, file, line_of) for e in schema_errors])
    flagged = {_field_path(e) for e in schema_errors}
    metadata = entry.get("metadata") if isinstance(entry.get("metadata"), dict) else {}
    checker = _Checker(file, line_of, flagged, result)
    checker.placeholders(metadata, ["metadata"])
    checker.missing(metadata)
    checker.uuid(metadata)
    checker.creation_time(metadata)
    checker.producer(metadata)
    checker.task(metadata)
    checker.location_hashes(entry, [], location_hash_expected)
    return result


class _Checker:
    """The checks of one entry; every problem becomes a warning on `result`, at most one per
    field (a field the schema already flagged is neither checked again nor used)."""

    def __init__(self, file: str, line_of: LineOf, flagged: set, result: EntryMetadata) -> None:
        self.file, self.line_of, self.result = file, line_of, result
        self.flagged = set(flagged)

    def warn(self, path: list, value: Any, problem: str, line_path: Optional[list] = None) -> None:
        self.flagged.add(tuple(str(p) for p in path))
        line = self.line_of(line_path if line_path is not None else path)
        self.result.warnings.append(MetadataWarning(self.file, "/".join(str(p) for p in path),
                                                    value, problem, _lines(line)))

    def usable(self, path: list) -> bool:
        return tuple(str(p) for p in path) not in self.flagged

    def placeholders(self, node: Any, path: list) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if path != ["metadata"] or key != "format_version":
                    self.placeholders(value, path + [key])
        elif isinstance(node, list):
            for position, value in enumerate(node):
                self.placeholders(value, path + [position])
        elif is_placeholder(node) and self.usable(path):
            self.warn(path, node, "is a placeholder")

    def missing(self, metadata: dict) -> None:
        for name in EXPECTED_FIELDS:
            parts = name.split("/")
            parent = _get(metadata, parts[:-1])
            if isinstance(parent, dict) and parts[-1] not in parent \
                    and self.usable(["metadata"] + parts):
                self.warn(["metadata"] + parts, None, "is missing", ["metadata"] + parts[:-1])

    def uuid(self, metadata: dict) -> None:
        value = metadata.get("uuid")
        if not isinstance(value, str):
            return
        # even a malformed uuid names the entry in certificates, as the producer wrote it
        self.result.uuid = value
        if self.usable(["metadata", "uuid"]) and not _is_uuid(value):
            self.warn(["metadata", "uuid"], value, "is not a UUID")

    def creation_time(self, metadata: dict) -> None:
        value = metadata.get("creation_time")
        if isinstance(value, str) and self.usable(["metadata", "creation_time"]) \
                and not _is_date_time(value):
            self.warn(["metadata", "creation_time"], value, "is not an ISO 8601 date and time")

    def producer(self, metadata: dict) -> None:
        producer = metadata.get("producer")
        if not isinstance(producer, dict):
            return
        parts = [str(producer[k]) for k in ("name", "version")
                 if isinstance(producer.get(k), (str, int, float)) and not is_placeholder(producer[k])
                 and self.usable(["metadata", "producer", k])]
        self.result.producer = " ".join(parts).strip() or None

    def task(self, metadata: dict) -> None:
        task = metadata.get("task")
        if not isinstance(task, dict) or not self.usable(["metadata", "task"]):
            return
        base = ["metadata", "task"]
        model = task.get("data_model")
        if model in DATA_MODELS and self.usable(base + ["data_model"]):
            self.result.data_model = Claim("/".join(base + ["data_model"]), DATA_MODELS[model],
                                           self.line_of(base + ["data_model"]))
        spec = task.get("specification")
        if isinstance(spec, str) and self.usable(base + ["specification"]):
            self.result.specification = Claim("/".join(base + ["specification"]), spec,
                                              self.line_of(base + ["specification"]))
        language = task.get("language")
        if isinstance(language, str) and self.usable(base + ["language"]) and language != "C":
            self.warn(base + ["language"], language, "is not C")
        hashes = task.get("input_file_hashes")
        if isinstance(hashes, dict) and self.usable(base + ["input_file_hashes"]):
            for name, value in hashes.items():
                self.hash(base + ["input_file_hashes", name], value, str(name))

    def hash(self, path: list, value: Any, file_name: Optional[str]) -> None:
        """A SHA-256 claim: compared with the program later (`check_program_hash`)."""
        if not self.usable(path):
            return
        if not isinstance(value, str):
            self.warn(path, value, "is not a SHA-256 hash (not a string)")
        elif is_placeholder(value):
            self.warn(path, value, "is a placeholder")
        elif not HEX64.match(value):
            self.warn(path, value, "is not a SHA-256 hash")
        else:
            self.result.hashes.append(Claim("/".join(str(p) for p in path), value,
                                            self.line_of(path), file_name))

    def location_hashes(self, node: Any, path: list, expected: bool) -> None:
        """Every `location` mapping outside `metadata` (0.1 entries, 2.x content, ghosts)."""
        if isinstance(node, dict):
            for key, value in node.items():
                if not path and key == "metadata":
                    continue
                if key == "location" and isinstance(value, dict):
                    self.location_hash(value, path + [key], expected)
                else:
                    self.location_hashes(value, path + [key], expected)
        elif isinstance(node, list):
            for position, value in enumerate(node):
                self.location_hashes(value, path + [position], expected)

    def location_hash(self, location: dict, path: list, expected: bool) -> None:
        file_name = location.get("file_name")
        file_name = file_name if isinstance(file_name, str) else None
        if "file_hash" in location:
            self.hash(path + ["file_hash"], location["file_hash"], file_name)
        elif expected:
            self.warn(path + ["file_hash"], None, "is missing", path)


def is_placeholder(value: Any) -> bool:
    return isinstance(value, str) and (value.strip().lower() in PLACEHOLDERS
                                       or value.startswith("$"))


def _get(node: Any, parts: list[str]) -> Any:
    for part in parts:
        if not isinstance(node, dict):
            return None
        node = node.get(part)
    return node


def _is_uuid(text: str) -> bool:
    # the form RFC 4122 writes, which is all that `uuid.UUID` checks of it (32 hex digits)
    return re.fullmatch(r"[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}", text) is not None


def _is_date_time(text: str) -> bool:
    try:
        datetime.datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return False
    return "T" in text.upper() or " " in text.strip()


# ------------------------------------------------------------------ the whole witness
def add_warning(warnings: list[MetadataWarning], warning: MetadataWarning) -> None:
    """Append, or add the line to the same problem found in an earlier entry."""
    for earlier in warnings:
        if earlier.key() == warning.key() and earlier.file == warning.file:
            earlier.lines.extend(n for n in warning.lines if n not in earlier.lines)
            return
    warnings.append(warning)


def check_program_hash(witness: "Witness", program_path: str, program_bytes: bytes) -> None:
    """A hash that does not match the program is a warning, never an error (hashes that are
    no hashes were reported when the witness was read)."""
    import hashlib      # imported here: the engines' child does not need it
    base = os.path.basename(program_path)
    actual = hashlib.sha256(program_bytes).hexdigest()
    for claim in witness.file_hashes:
        if claim.file_name is None or _basename(claim.file_name) != base:
            continue
        if claim.value.lower() != actual:
            add_warning(witness.metadata_warnings, MetadataWarning(
                witness.path, claim.field, claim.value,
                f"does not match the program {base} (SHA-256 {actual}): the witness may be for "
                f"another version of the program", _lines(claim.line)))


def check_specification(witness: "Witness", property_text: str) -> None:
    """The property file decides what is checked; a witness that claims another one is
    named, since it was probably produced for another task."""
    for claim in witness.specifications:
        if not _same_specification(claim.value, property_text):
            add_warning(witness.metadata_warnings, MetadataWarning(
                witness.path, claim.field, claim.value,
                f"differs from the property file ({' '.join(property_text.split())}), "
                f"which is used", _lines(claim.line)))


def check_data_model(witness: "Witness", used: str, source: str) -> None:
    """A valid data model in the witness that is overridden by the command line or the task
    definition is named: the witness may have been produced for the other one."""
    claim = witness.data_model_claim
    if claim is not None and claim.value != used:
        add_warning(witness.metadata_warnings, MetadataWarning(
            witness.path, claim.field, claim.value,
            f"differs from {used} given by the {source}, which is used", _lines(claim.line)))


def _same_specification(claimed: str, property_text: str) -> bool:
    """Equal up to white space, as the whole property or its LTL formula alone (producers
    write either)."""
    def squeeze(text: str) -> str:
        return re.sub(r"\s+", "", text)
    checks = [squeeze(line) for line in property_text.splitlines() if line.strip()]
    formulas = [m.group(1) for m in (re.fullmatch(r"CHECK\(.*?,LTL\((.*)\)\)", c) for c in checks)
                if m]
    return squeeze(claimed) in {"".join(checks), *checks, *formulas}


def _basename(name: str) -> str:
    return os.path.basename(name.replace("\\", "/"))
