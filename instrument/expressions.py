"""Parse an invariant as a side-effect-free C expression and check it against a scope."""
from __future__ import annotations

import functools
import re
from typing import Iterable, Optional

from pycparser import c_ast

from .errors import InputError
from .frontend import parse_text

IDENTIFIER_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SIDE_EFFECT_UNARY = {"++", "--", "p++", "p--"}
ACSL_MARKERS = ("\\result", "\\at", "\\old", "==>", "<==>", "\\forall", "\\exists")


class UnsupportedInvariant(Exception):
    """The invariant is not something we can check; the message is the reason."""


def parse_invariant(text: str, typedef_names: Iterable[str]) -> c_ast.Node:
    """Parse `text` as one C expression; typedef names of the program are known."""
    for marker in ACSL_MARKERS:
        if marker in text:
            raise UnsupportedInvariant(f"uses '{marker}', which is not C (ACSL or extended C)")
    typedefs = set(typedef_names)
    used_typedefs = sorted(set(IDENTIFIER_RE.findall(text)) & typedefs)
    prelude = "".join(f"typedef int {name};\n" for name in used_typedefs)
    source = f"{prelude}int __witness_invariant(void) {{ return ({text}\n); }}\n"
    try:
        ast = parse_text(source, "invariant")
    except InputError as e:
        raise UnsupportedInvariant(f"not a C expression ({_short(str(e))})") from None
    function = ast.ext[-1]
    items = function.body.block_items or [] if isinstance(function, c_ast.FuncDef) else []
    if len(items) != 1 or not isinstance(items[0], c_ast.Return) or items[0].expr is None:
        raise UnsupportedInvariant("not a single C expression")
    return items[0].expr


def _short(message: str) -> str:
    """The parser's complaint without its position, which is one in our wrapper text."""
    return re.sub(r"^cannot parse invariant(?::\d+)*:\s*", "", message)


class _Checker(c_ast.NodeVisitor):
    def __init__(self, scope: frozenset[str], what: str) -> None:
        self.scope = scope
        self.what = what
        self.problem: Optional[str] = None

    def _fail(self, reason: str) -> None:
        if self.problem is None:
            self.problem = reason

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        name = node.name.name if isinstance(node.name, c_ast.ID) else "a function"
        self._fail(f"calls {name}(), and a function call is not allowed in {self.what}")

    def visit_Assignment(self, node: c_ast.Assignment) -> None:
        self._fail(f"contains an assignment ('{node.op}'), which has a side effect")

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
        if node.op in SIDE_EFFECT_UNARY:
            self._fail(f"contains '{node.op.lstrip('p')}', which has a side effect")
            return
        self.generic_visit(node)

    def visit_StructRef(self, node: c_ast.StructRef) -> None:
        self.visit(node.name)      # the field name is not a variable

    def visit_ID(self, node: c_ast.ID) -> None:
        if node.name not in self.scope:
            self._fail(f"names '{node.name}', which is not in scope at this location")

    def visit_Compound(self, node: c_ast.Compound) -> None:
        self._fail("contains a statement expression")

    def visit_Typename(self, node: c_ast.Typename) -> None:
        return                     # types name no variables


def check_invariant(expression: c_ast.Node, scope: frozenset[str],
                    what: str = "an invariant") -> Optional[str]:
    """None if the expression (`what`: an invariant, a ghost update's value) is free of side
    effects and only reads variables in scope; otherwise the reason."""
    checker = _Checker(scope, what)
    checker.visit(expression)
    return checker.problem


def copy_expression(node: c_ast.Node) -> c_ast.Node:
    """A copy of an expression tree that shares nothing mutable with it but the coordinates
    (which are replaced, never changed): `copy.deepcopy`'s generality was a quarter of the
    weaving time of a large witness (each invariant is copied for its check and its
    assumption)."""
    return _copied(node)


def _copied(value):
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_copied(item) for item in value)
    if not isinstance(value, c_ast.Node):
        return value                   # strings, numbers, None, coordinates
    kind = type(value)
    copy = kind.__new__(kind)
    for name in _attributes(kind):
        if hasattr(value, name):
            setattr(copy, name, _copied(getattr(value, name)))
    for name, item in getattr(value, "__dict__", {}).items():   # pycparserext's nodes
        setattr(copy, name, _copied(item))
    return copy


@functools.lru_cache(maxsize=None)
def _attributes(kind: type) -> tuple[str, ...]:
    """The slots of `kind` and its bases (pycparser's nodes keep their fields in slots)."""
    names = []
    for base in kind.__mro__:
        slots = base.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else \
            [n for n in slots if n not in ("__weakref__", "__dict__")]
    return tuple(names)

