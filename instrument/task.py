"""SV-COMP task definitions (.yml) and property files (.prp)."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Optional

from instrument.errors import InputError, malformed_yaml, read_text

UNREACH_CALL_RE = re.compile(
    r"^CHECK\(\s*init\(\s*(?P<entry>\w+)\(\)\s*\)\s*,\s*LTL\(\s*G\s*!\s*call\(\s*(?P<function>\w+)\(\)\s*\)\s*\)\s*\)$")
LTL_RE = re.compile(r"LTL\((?P<formula>.*)\)\s*\)$")


@dataclass
class Property:
    """The property a validation is about; only unreach-call is supported."""
    path: Optional[str]
    text: str
    error_function: Optional[str] = None   # set for unreach-call
    entry_function: str = "main"

    @property
    def supported(self) -> bool:
        return self.error_function is not None

    @property
    def name(self) -> str:
        if self.error_function is not None:
            return "unreach-call"
        return self.text.strip().splitlines()[0] if self.text.strip() else "?"


def load_property(path: str) -> Property:
    return parse_property(read_text(path, "property file"), path)


def parse_property(text: str, path: Optional[str] = None) -> Property:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines or not all(line.startswith("CHECK") for line in lines):
        bad = next((i + 1 for i, l in enumerate(text.splitlines())
                    if l.strip() and not l.strip().startswith("CHECK")), 1)
        raise InputError("not an SV-COMP property file (every line must start with CHECK)",
                         path, bad)
    if len(lines) == 1:
        match = UNREACH_CALL_RE.match(lines[0])
        if match:
            return Property(path, text, match.group("function"), match.group("entry"))
    return Property(path, text)


@dataclass
class TaskDefinition:
    path: str
    program: str
    property_file: Optional[str]
    data_model: Optional[str]
    witness: Optional[str] = None                 # for validation tasks
    expected_verdict: Optional[str] = None
    options: dict = field(default_factory=dict)


def load_task_definition(path: str, spec: Optional[str] = None) -> TaskDefinition:
    """Read a task definition; `spec` (a property file) picks the property when given."""
    from ruamel.yaml import YAML                # only task definitions need it here
    from ruamel.yaml.error import YAMLError
    text = read_text(path, "task definition")
    try:
        data = YAML(typ="safe", pure=True).load(text)
    except YAMLError as e:
        raise malformed_yaml(e, path) from None
    if not isinstance(data, dict) or "input_files" not in data:
        raise InputError("not a task definition (no input_files)", path)
    base = os.path.dirname(path)
    files = data["input_files"]
    files = [files] if isinstance(files, str) else list(files or [])
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise InputError("'options' must be a mapping", path)
    witness_name = options.get("witness_input_file") or options.get("witness")
    witness = None
    programs = []
    for name in files:
        full = os.path.normpath(os.path.join(base, str(name)))
        if witness_name and os.path.basename(full) == os.path.basename(str(witness_name)):
            witness = full
        else:
            programs.append(full)
    if witness_name and witness is None:
        raise InputError(f"witness_input_file '{witness_name}' is not among input_files", path)
    if len(programs) != 1:
        raise InputError(f"expected exactly one program among input_files, found {len(programs)}",
                         path)
    property_file, expected = None, None
    for entry in data.get("properties") or []:
        if not isinstance(entry, dict) or "property_file" not in entry:
            continue
        candidate = os.path.normpath(os.path.join(base, str(entry["property_file"])))
        if spec is not None and os.path.basename(candidate) != os.path.basename(spec):
            continue
        if property_file is None or os.path.basename(candidate) == "unreach-call.prp":
            property_file = candidate
            verdict = entry.get("expected_verdict")
            expected = None if verdict is None else str(verdict).lower()
    data_model = options.get("data_model")
    if data_model not in (None, "ILP32", "LP64"):
        raise InputError(f"unknown data_model '{data_model}' (ILP32 or LP64)", path)
    if data_model is None and str(data.get("format_version", "")) in ("", "0.1", "1.0"):
        data_model = None      # old format without options: the caller's default (ILP32)
    return TaskDefinition(path, programs[0], property_file, data_model, witness, expected, options)
