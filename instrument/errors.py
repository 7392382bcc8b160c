"""Errors for bad input: they carry a message meant for the user.

The command line catches `InputError` once and prints `Verification result: ERROR (...)`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from ruamel.yaml.error import YAMLError


class AcslUnsupported(Exception):
    """The text is not in the ACSL subset we check; the message is the reason.  Defined here,
    not in acsl.py, so that weaving an invariant witness need not import the ACSL parser."""


class InputError(Exception):
    """The witness, program, property or task file is not valid input."""

    def __init__(self, message: str, file: Optional[str] = None,
                 line: Optional[int] = None, column: Optional[int] = None) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file
            if self.line is not None:
                where += f":{self.line}"
                if self.column is not None:
                    where += f":{self.column}"
            where += ": "
        return where + self.message


def read_text(path: str, what: str) -> str:
    """The text of input file `path`, or the InputError that names it as `what` ("witness",
    "property file", ...): it cannot be read, or it is not UTF-8."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise InputError(f"cannot read {what}: {e.strerror}", path) from None
    except UnicodeDecodeError:
        raise InputError(f"{what} is not UTF-8 text", path) from None


def malformed_yaml(error: YAMLError, path: str) -> InputError:
    """The InputError for a YAML file that does not parse, at the line and column ruamel marks."""
    # imported here: the command line imports this module before it knows it reads YAML
    from ruamel.yaml.error import MarkedYAMLError
    if isinstance(error, MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        return InputError(f"malformed YAML: {error.problem or error.context}", path, line, column)
    return InputError(f"malformed YAML: {error}", path)
