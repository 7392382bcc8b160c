"""YAML text of the entries we write (certificates, violation witnesses): keys in the order the
format's documentation shows them, long values (hashes) on one line."""
from __future__ import annotations

import io
import textwrap
from typing import Any

from ruamel.yaml import YAML


def dump_entries(entries: list[dict[str, Any]]) -> str:
    if not entries:
        return "[]\n"
    yaml = YAML()                  # round-trip mode keeps the keys in insertion order
    yaml.default_flow_style = False
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    buffer = io.StringIO()
    yaml.dump(entries, buffer)
    return textwrap.dedent(buffer.getvalue())     # the top-level list starts at column 1
