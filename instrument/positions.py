"""Statement start positions in the ORIGINAL program text.

pycparser's coordinates are not statement starts (a declaration's coordinate is its declarator,
an assignment's is its left operand), and for `.c` files the preprocessor moves columns.  So we
lex the original file ourselves, map the node's coordinate token to the original token, and scan
back to the first token of the statement: the statement starts right after `;`, `{`, `}`, `:`,
`else`, `do`, or the `)` that closes an `if`/`while`/`for`/`switch` header.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

TOKEN_RE = re.compile(r"""
    (?P<ws>[ \t\f\v\r]+)
  | (?P<nl>\n)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>L?"(?:\\.|[^"\\\n])*"|L?'(?:\\.|[^'\\\n])*')
  | (?P<number>\.?[0-9](?:[eEpP][+-]|[0-9a-zA-Z_.])*)
  | (?P<ident>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<punct>\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|\#\#|[][(){}.;,:?~!+\-*/%&|^<>=#\\@`])
""", re.VERBOSE | re.DOTALL)

LINE_MARKER_RE = re.compile(r'#\s*(?:line\s+)?(\d+)(?:\s+"((?:\\.|[^"\\])*)")?')

# tokens after which a new statement (or declaration) starts
BOUNDARY_TOKENS = {";", "{", "}", ":", "else", "do"}
# `name ( ... )` groups that belong to a declaration and do not end a statement header
GROUP_KEYWORDS = {"__attribute__", "__attribute", "__declspec", "typeof", "__typeof__",
                  "__typeof", "sizeof", "_Alignas", "__asm__", "__asm", "asm", "_Alignof",
                  "__alignof__"}
# `{ ... }` groups inside a declaration: a struct/union/enum body or an initialiser
TAG_KEYWORDS = {"struct", "union", "enum"}


@dataclass(frozen=True)
class Token:
    text: str
    line: int        # line in the file the token belongs to (after line markers)
    column: int      # 1-based physical column in the text that was lexed
    file: Optional[str]


def tokenize(text: str, follow_line_markers: bool = False,
             file_name: Optional[str] = None) -> list[Token]:
    """Lex C text.  Preprocessor lines are skipped; with `follow_line_markers`, `# N "file"`
    lines set the line and file of the following tokens, as in preprocessor output."""
    tokens: list[Token] = []
    line = 1
    line_start = 0
    current_file = file_name
    position = 0
    at_line_start = True
    length = len(text)
    while position < length:
        if at_line_start:
            # a preprocessor directive (possibly continued with backslashes) is not code
            stripped_start = position
            while stripped_start < length and text[stripped_start] in " \t":
                stripped_start += 1
            if stripped_start < length and text[stripped_start] == "#":
                end = stripped_start
                while True:
                    newline = text.find("\n", end)
                    if newline == -1:
                        newline = length
                    if newline > 0 and text[newline - 1] == "\\" and newline < length:
                        end = newline + 1
                        line += 1
                        continue
                    break
                directive = text[stripped_start:newline]
                marker = LINE_MARKER_RE.match(directive) if follow_line_markers else None
                position = min(newline + 1, length)
                line_start = position
                if marker:
                    line = int(marker.group(1))
                    if marker.group(2) is not None:
                        current_file = marker.group(2)
                else:
                    line += 1
                continue
            at_line_start = False
        match = TOKEN_RE.match(text, position)
        if match is None:
            # an unexpected character: skip it, it cannot start a statement
            position += 1
            continue
        kind = match.lastgroup
        value = match.group()
        if kind == "nl":
            line += 1
            line_start = match.end()
            at_line_start = True
        elif kind == "comment":
            newlines = value.count("\n")
            if newlines:
                line += newlines
                line_start = position + value.rfind("\n") + 1
        elif kind != "ws":
            tokens.append(Token(value, line, position - line_start + 1, current_file))
        position = match.end()
    return tokens


class PositionMap:
    """Answers "where does the statement containing this coordinate start in the original file".

    `parsed_tokens` come from the text pycparser saw (with line markers for `.c` files);
    `original_tokens` from the original file.  For `.i` files both are the same text.
    """

    def __init__(self, original_text: str, parsed_text: Optional[str], main_file: str) -> None:
        self.original = tokenize(original_text)
        self.main_file = main_file
        if parsed_text is None:
            self.parsed = self.original
            self.identical = True
        else:
            self.parsed = [t for t in tokenize(parsed_text, True, main_file)
                           if t.file == main_file]
            self.identical = False
        self.original_index = {(t.line, t.column): i for i, t in enumerate(self.original)}
        self.parsed_index = {(t.line, t.column): i for i, t in enumerate(self.parsed)}
        self._original_by_line: dict[int, list[int]] = {}
        for i, t in enumerate(self.original):
            self._original_by_line.setdefault(t.line, []).append(i)
        self._parsed_by_line: dict[int, list[int]] = {}
        for i, t in enumerate(self.parsed):
            self._parsed_by_line.setdefault(t.line, []).append(i)
        self._line_alignment: dict[int, dict[int, int]] = {}

    def original_token_index(self, line: int, column: int) -> Optional[int]:
        """Index into `self.original` of the token pycparser saw at (line, column)."""
        parsed_index = self.parsed_index.get((line, column))
        if parsed_index is None:
            return None
        if self.identical:
            return parsed_index
        return self._aligned(line).get(parsed_index)

    def _aligned(self, line: int) -> dict[int, int]:
        if line not in self._line_alignment:
            parsed = self._parsed_by_line.get(line, [])
            original = self._original_by_line.get(line, [])
            parsed_texts = [self.parsed[i].text for i in parsed]
            original_texts = [self.original[i].text for i in original]
            if parsed_texts == original_texts:
                # the same tokens (no macro on the line): token k is token k, as difflib
                # would find, which is quadratic in the length of a line
                self._line_alignment[line] = dict(zip(parsed, original))
                return self._line_alignment[line]
            import difflib      # imported here: most programs need no alignment
            matcher = difflib.SequenceMatcher(None, parsed_texts, original_texts,
                                              autojunk=False)
            mapping = {}
            for block in matcher.get_matching_blocks():
                for k in range(block.size):
                    mapping[parsed[block.a + k]] = original[block.b + k]
            self._line_alignment[line] = mapping
        return self._line_alignment[line]

    def statement_start(self, line: int, column: int) -> Optional[tuple[int, int]]:
        """(line, column) in the original file of the statement whose coordinate is given."""
        index = self.original_token_index(line, column)
        if index is None:
            return None
        index = self._scan_back(index)
        token = self.original[index]
        return token.line, token.column

    def token_position(self, line: int, column: int) -> Optional[tuple[int, int]]:
        """Original position of exactly the token at this coordinate (loop keywords)."""
        index = self.original_token_index(line, column)
        if index is None:
            return None
        token = self.original[index]
        return token.line, token.column

    def matching_close_brace(self, line: int, column: int) -> Optional[tuple[int, int]]:
        """Original position of the `}` that closes the `{` at this coordinate."""
        index = self.original_token_index(line, column)
        if index is None or self.original[index].text != "{":
            return None
        depth = 0
        for i in range(index, len(self.original)):
            text = self.original[i].text
            if text == "{":
                depth += 1
            elif text == "}":
                depth -= 1
                if depth == 0:
                    return self.original[i].line, self.original[i].column
        return None

    def _scan_back(self, index: int) -> int:
        tokens = self.original
        start = index
        i = index - 1
        while i >= 0:
            text = tokens[i].text
            if text == "}":
                opening = self._declaration_brace(i)
                if opening is None:
                    break
                # `struct s { ... } v;` and `int a[2] = {0, 1}, b;`: still the declaration
                i = opening - 1
                continue
            if text in BOUNDARY_TOKENS:
                break
            if text == ")":
                opening = self._matching_open_paren(i)
                if opening is None or opening == 0 or tokens[opening - 1].text not in GROUP_KEYWORDS:
                    break
                # `__attribute__((...))` and similar belong to the declaration
                start = opening - 1
                i = opening - 2
                continue
            start = i
            i -= 1
        return start

    def _declaration_brace(self, close_index: int) -> Optional[int]:
        """The `{` matching this `}` if the pair is part of a declaration, else None."""
        depth = 0
        for i in range(close_index, -1, -1):
            text = self.original[i].text
            if text == "}":
                depth += 1
            elif text == "{":
                depth -= 1
                if depth == 0:
                    before = [t.text for t in self.original[max(0, i - 2):i]]
                    if before and (before[-1] == "=" or before[-1] in TAG_KEYWORDS
                                   or (len(before) == 2 and before[0] in TAG_KEYWORDS
                                       and re.match(r"[A-Za-z_$]", before[1]))):
                        return i
                    return None
        return None

    def _matching_open_paren(self, close_index: int) -> Optional[int]:
        depth = 0
        for i in range(close_index, -1, -1):
            text = self.original[i].text
            if text == ")":
                depth += 1
            elif text == "(":
                depth -= 1
                if depth == 0:
                    return i
        return None
