"""Parse a C program (ISO or GNU C, `.c` or preprocessed `.i`) into a pycparser AST.

`.c` files go through `gcc -E -nostdinc` with the stub headers of `include/`, so that results
do not depend on the machine's libc headers; `.i` files are parsed as they are.  The line
markers of the preprocessor keep pycparser's line numbers those of the original file.
"""
from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass, field
from typing import Optional

from pycparser import c_ast
from pycparserext.ext_c_parser import FuncDeclExt, GnuCParser

from .errors import InputError
from .positions import PositionMap

# pycparserext's function declarator is not a subclass of pycparser's
FUNCTION_DECLARATORS = (c_ast.FuncDecl, FuncDeclExt)

INCLUDE_DIR = os.path.join(os.path.dirname(__file__), "include")

# `__extension__` before a statement expression defeats the parser; blanking keeps columns
EXTENSION_RE = re.compile(r"\b__extension__\b")
# line markers inside a `.i` file would renumber lines; witnesses count physical lines
LINE_MARKER_LINE_RE = re.compile(r"^[ \t]*#[ \t]*(?:line[ \t]+)?\d+[^\n]*$", re.MULTILINE)
PARSE_ERROR_RE = re.compile(r"^(?P<file>[^:]*):(?P<line>\d+):(?:(?P<column>\d+):)?\s*(?P<msg>.*)$",
                            re.DOTALL)


@dataclass
class ParsedProgram:
    path: str
    original_text: str
    ast: c_ast.FileAST
    positions: PositionMap
    typedef_names: set[str] = field(default_factory=set)
    preprocessed: bool = False

    @property
    def file_name(self) -> str:
        return os.path.basename(self.path)


def _blank(match: re.Match) -> str:
    return " " * len(match.group())


def preprocess(path: str, data_model: str) -> str:
    """Run the C preprocessor with our stub headers only."""
    command = ["gcc", "-E", "-nostdinc", "-I", INCLUDE_DIR,
               "-m32" if data_model == "ILP32" else "-m64", "-std=gnu11", path]
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        raise InputError("cannot preprocess: gcc is not installed (install the Debian packages "
                         "gcc and libc6-dev: apt-get install gcc libc6-dev)", path) from None
    except subprocess.TimeoutExpired:
        raise InputError("preprocessing took longer than 60 s", path) from None
    if completed.returncode != 0:
        message = completed.stderr.strip().splitlines()
        first = next((m for m in message if "error" in m), message[0] if message else "")
        raise InputError(f"cannot preprocess: {first}", path)
    return completed.stdout


def parse_program(path: str, data_model: str = "ILP32") -> ParsedProgram:
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            original = f.read()
    except OSError as e:
        raise InputError(f"cannot read program: {e.strerror}", path) from None
    main_file = os.path.basename(path)
    if path.endswith(".i"):
        parsed_text = LINE_MARKER_LINE_RE.sub(_blank, original)
        preprocessed = False
        positions = PositionMap(original, None, main_file)
    else:
        # a `.c` file: line markers name the file as given on the command line
        parsed_text = preprocess(path, data_model)
        parsed_text = parsed_text.replace(f'"{path}"', f'"{main_file}"')
        preprocessed = True
        positions = PositionMap(original, parsed_text, main_file)
    parsed_text = EXTENSION_RE.sub(_blank, parsed_text)
    ast = parse_text(parsed_text, main_file)
    typedefs = {node.name for node in ast.ext if isinstance(node, c_ast.Typedef)}
    return ParsedProgram(path=path, original_text=original, ast=ast, positions=positions,
                         typedef_names=typedefs, preprocessed=preprocessed)


def parse_text(text: str, file_name: str) -> c_ast.FileAST:
    """Parse C text; a syntax error becomes `InputError` naming file:line:column."""
    parser = GnuCParser()
    try:
        return parser.parse(text, file_name)
    except Exception as e:  # pycparser raises ParseError, pycparserext sometimes others
        message = str(e)
        match = PARSE_ERROR_RE.match(message)
        if match:
            line = int(match.group("line"))
            column = int(match.group("column")) if match.group("column") else None
            where = f"{match.group('file') or file_name}:{line}" + (f":{column}" if column else "")
            raise InputError(f"cannot parse {where}: {match.group('msg').strip()}") from None
        # some errors ("Invalid expression") name no position: use the token the parser stopped at
        current = getattr(getattr(parser, "clex", None), "filename", None) or file_name
        if message.startswith(f"{current}: "):
            message = message[len(current) + 2:]
        try:
            token = parser._peek()
        except Exception:  # a private helper of pycparser 3; without it, no position
            token = None
        if token is not None and getattr(token, "lineno", None) is not None:
            column = f":{token.column}" if getattr(token, "column", None) else ""
            raise InputError(f"cannot parse {current}:{token.lineno}{column}: {message}") from None
        raise InputError(f"cannot parse {current}: {message}") from None
