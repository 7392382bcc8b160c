"""The ACSL subset of function contracts (format 2.1, `format: acsl_expression`), parsed and
written as C whose value is the ACSL value.

The subset: C's side-effect-free operators over integer variables and constants, plus
`\\result`, `\\old(e)`, `\\at(e, Pre)`, `\\at(e, Old)`, `==>`, `<==>`, `^^`, `\\true`,
`\\false`, and chained relations (`0 <= x < n` is `0 <= x && x < n`, ACSL 2.2.2).  Anything
else (quantifiers, `\\valid`, logic or C function calls, other labels, casts, members, arrays,
pointers, floating values) raises `AcslUnsupported` with the reason.

ACSL terms are mathematical integers (no wrap-around).  `to_c` writes every leaf converted to
`long long` (the caller's `leaf` function does that, and guards values that may not fit) and
every operation fully parenthesised, so each C operation computes the exact mathematical value
whenever it does not overflow `long long`; where it would, the C operation has undefined
behaviour, which the validator treats as undefined behaviour of the invariant: the contract is
then never confirmed (nor rejected) there, never judged on a wrapped value.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Union

from .errors import AcslUnsupported

__all__ = ["AcslUnsupported", "parse_acsl", "reads", "to_c"]

LLONG_MAX = 2 ** 63 - 1


@dataclass(frozen=True)
class Num:
    value: int


@dataclass(frozen=True)
class Var:
    name: str
    old: bool                    # inside \old / \at(., Pre|Old)


@dataclass(frozen=True)
class Result:
    pass


@dataclass(frozen=True)
class Unary:
    op: str
    operand: "Term"


@dataclass(frozen=True)
class Binary:
    op: str
    left: "Term"
    right: "Term"


@dataclass(frozen=True)
class Chain:
    """`t0 op0 t1 op1 t2 ...`: the conjunction of the relations (ACSL chained relations)."""
    ops: tuple[str, ...]
    terms: tuple["Term", ...]


@dataclass(frozen=True)
class Conditional:
    cond: "Term"
    then: "Term"
    other: "Term"


Term = Union[Num, Var, Result, Unary, Binary, Chain, Conditional]

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<backslash>\\[A-Za-z_][A-Za-z0-9_]*)
  | (?P<number>(?:0[xX][0-9a-fA-F]+|[0-9]+)(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?[uUlLfF]*)
  | (?P<char>'(?:\\.|[^\\'])+')
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op><==>|<-->|==>|-->|\^\^|<<|>>|<=|>=|==|!=|&&|\|\||->|\+\+|--|[-+*/%&|^~!?:(),\[\].<>=])
""", re.VERBOSE)

# binary operators: precedence (higher binds tighter) and right associativity (ACSL table 2.1)
_BINARY = {"<==>": (2, False), "==>": (3, True), "||": (4, False), "^^": (5, False),
           "&&": (6, False), "|": (7, False), "^": (8, False), "&": (9, False),
           "==": (10, False), "!=": (10, False), "<": (10, False), "<=": (10, False),
           ">": (10, False), ">=": (10, False), "<<": (11, False), ">>": (11, False),
           "+": (12, False), "-": (12, False), "*": (13, False), "/": (13, False),
           "%": (13, False)}
RELATIONS = frozenset({"==", "!=", "<", "<=", ">", ">="})
_UNARY = frozenset({"-", "+", "!", "~"})
OLD_LABELS = frozenset({"Pre", "Old"})
C_KEYWORDS = frozenset("""auto break case char const continue default do double else enum extern
    float for goto if inline int long register restrict return short signed sizeof static struct
    switch typedef union unsigned void volatile while _Bool _Alignof _Generic __int128
    __typeof__ typeof __builtin_offsetof integer real boolean""".split())   # + ACSL's types
_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "\\": 92, "'": 39, '"': 34, "a": 7, "b": 8,
            "f": 12, "v": 11, "?": 63}


def _tokens(text: str) -> list[tuple[str, str]]:
    tokens, position = [], 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise AcslUnsupported(f"not an ACSL expression: unexpected '{text[position]}' at "
                                  f"character {position + 1}")
        position = match.end()
        if match.lastgroup != "space":
            tokens.append((match.lastgroup, match.group()))
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.position = 0
        self.old = 0                           # depth of \old

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.position] if self.position < len(self.tokens) else ("end", "")

    def take(self, expected: str = "") -> str:
        kind, text = self.peek()
        if expected and text != expected:
            found = f"'{text}'" if kind != "end" else "the end"
            raise AcslUnsupported(f"not an ACSL expression: expected '{expected}', found {found}")
        if kind == "end":
            raise AcslUnsupported("not an ACSL expression: it ends too early")
        self.position += 1
        return text

    def expression(self, level: int = 0) -> Term:
        left = self.unary()
        while True:
            kind, op = self.peek()
            if kind == "op" and op == "?" and level <= 1:
                self.take()
                then = self.expression(1)
                self.take(":")
                left = Conditional(left, then, self.expression(1))
                continue
            if kind != "op" or op not in _BINARY:
                if kind == "op" and op in ("-->", "<-->"):
                    raise AcslUnsupported(f"ACSL bitwise operator '{op}' is not supported")
                return left
            precedence, right_assoc = _BINARY[op]
            if precedence < level:
                return left
            self.take()
            if op in RELATIONS:
                left = self.chain(left, op)
                continue
            right = self.expression(precedence if right_assoc else precedence + 1)
            left = Binary(op, left, right)

    def chain(self, first: Term, op: str) -> Term:
        ops, terms = [op], [first, self.expression(11)]
        while self.peek()[0] == "op" and self.peek()[1] in RELATIONS:
            ops.append(self.take())
            terms.append(self.expression(11))
        if len(ops) > 1:
            up, down = set(ops) <= {"<", "<=", "=="}, set(ops) <= {">", ">=", "=="}
            if not (up or down):
                raise AcslUnsupported(f"chained relations {' '.join(ops)} (ACSL admits only "
                                      f"chains in one direction)")
        return Chain(tuple(ops), tuple(terms))

    def unary(self) -> Term:
        kind, text = self.peek()
        if kind == "op" and text in _UNARY:
            self.take()
            return Unary(text, self.unary())
        if kind == "op" and text in ("*", "&", "++", "--"):
            raise AcslUnsupported(f"operator '{text}' (pointers and side effects are not "
                                  f"supported in contracts)")
        return self.postfix(self.primary())

    def postfix(self, term: Term) -> Term:
        kind, text = self.peek()
        if kind == "op" and text in ("[", ".", "->", "++", "--"):
            raise AcslUnsupported(f"operator '{text}' (arrays, members and side effects are not "
                                  f"supported in contracts)")
        if kind == "op" and text == "(":
            raise AcslUnsupported("a call (logic or C functions are not supported in contracts)")
        return term

    def primary(self) -> Term:
        kind, text = self.peek()
        if kind == "end":
            raise AcslUnsupported("not an ACSL expression: it ends too early")
        self.take()
        if kind == "number":
            return Num(_integer(text))
        if kind == "char":
            return Num(_character(text))
        if kind == "ident":
            if text in C_KEYWORDS:
                raise AcslUnsupported(f"'{text}' (types, casts and sizeof are not supported "
                                      f"in contracts)")
            if self.peek() == ("op", "("):
                raise AcslUnsupported(f"call of '{text}' (logic or C functions are not "
                                      f"supported in contracts)")
            return Var(text, self.old > 0)
        if kind == "backslash":
            return self.builtin(text)
        if text == "(":
            inner = self.expression()
            self.take(")")
            return inner
        raise AcslUnsupported(f"not an ACSL expression: unexpected '{text}'")

    def builtin(self, text: str) -> Term:
        if text == "\\true":
            return Num(1)
        if text == "\\false":
            return Num(0)
        if text == "\\result":
            return Result()
        if text in ("\\old", "\\at"):
            self.take("(")
            self.old += 1
            inner = self.expression()
            self.old -= 1
            if text == "\\at":
                self.take(",")
                label = self.take()
                if label not in OLD_LABELS:
                    raise AcslUnsupported(f"label '{label}' in \\at (only Pre and Old are "
                                          f"supported)")
            self.take(")")
            return inner
        raise AcslUnsupported(f"ACSL construct '{text}' is not supported")


def parse_acsl(text: str) -> Term:
    """Parse one ACSL predicate or term of the subset."""
    parser = _Parser(text)
    if not parser.tokens:
        raise AcslUnsupported("not an ACSL expression: it is empty")
    try:
        term = parser.expression()
    except RecursionError:
        raise AcslUnsupported("the expression is nested too deeply") from None
    if parser.peek()[0] != "end":
        raise AcslUnsupported(f"not an ACSL expression: unexpected '{parser.peek()[1]}'")
    return term


def _integer(text: str) -> int:
    body = text.rstrip("uUlL")
    if re.search(r"[.eEfF]", body) and not body.lower().startswith("0x"):
        raise AcslUnsupported(f"floating constant '{text}' (real numbers are not supported)")
    if not re.fullmatch(r"[lL]{0,2}|[uU][lL]{0,2}|[lL]{1,2}[uU]", text[len(body):]):
        raise AcslUnsupported(f"not an ACSL expression: constant '{text}'")
    try:
        value = int(body, 16) if body.lower().startswith("0x") else \
            int(body, 8) if body.startswith("0") and len(body) > 1 else int(body)
    except ValueError:
        raise AcslUnsupported(f"not an ACSL expression: constant '{text}'") from None
    if value > LLONG_MAX:
        raise AcslUnsupported(f"constant '{text}' is larger than the validator's integer "
                              f"range (long long)")
    return value


def _character(text: str) -> int:
    body = text[1:-1]
    if len(body) == 1:
        return ord(body) if ord(body) < 128 else _no_char(text)
    if len(body) == 2 and body[0] == "\\" and body[1] in _ESCAPES:
        return _ESCAPES[body[1]]
    return _no_char(text)


def _no_char(text: str) -> int:
    raise AcslUnsupported(f"character constant {text} is not supported")


def reads(term: Term) -> list[Term]:
    """The leaves of `term` that read state (variables and `\\result`)."""
    if isinstance(term, (Var, Result)):
        return [term]
    if isinstance(term, Unary):
        return reads(term.operand)
    if isinstance(term, Binary):
        return reads(term.left) + reads(term.right)
    if isinstance(term, Chain):
        return [leaf for t in term.terms for leaf in reads(t)]
    if isinstance(term, Conditional):
        return reads(term.cond) + reads(term.then) + reads(term.other)
    return []


def to_c(term: Term, leaf: Callable[[Union[Var, Result]], str]) -> str:
    """C text with the value of `term` (see the module's comment); `leaf` writes a variable or
    `\\result` as a C expression of type `long long`."""
    if isinstance(term, Num):
        return f"{term.value}LL"
    if isinstance(term, (Var, Result)):
        return leaf(term)
    if isinstance(term, Unary):
        return f"({term.op}{to_c(term.operand, leaf)})"
    if isinstance(term, Conditional):
        return (f"({to_c(term.cond, leaf)} ? {to_c(term.then, leaf)} : "
                f"{to_c(term.other, leaf)})")
    if isinstance(term, Chain):
        parts = [f"({to_c(a, leaf)} {op} {to_c(b, leaf)})"
                 for op, a, b in zip(term.ops, term.terms, term.terms[1:])]
        return parts[0] if len(parts) == 1 else "(" + " && ".join(parts) + ")"
    left, right = to_c(term.left, leaf), to_c(term.right, leaf)
    if term.op == "==>":
        return f"(!{left} || {right})"
    if term.op == "<==>":
        return f"(!{left} == !{right})"
    if term.op == "^^":
        return f"(!{left} != !{right})"
    return f"({left} {term.op} {right})"
