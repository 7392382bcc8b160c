"""Errors for bad input: they carry a message meant for the user.

The command line catches `InputError` once and prints `Verification result: ERROR (...)`.
"""
from __future__ import annotations

from typing import Optional


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
