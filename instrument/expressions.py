"""Parse an invariant as a side-effect-free C expression and check it against a scope."""
from __future__ import annotations

import functools
import re
from typing import Callable, Iterable, Optional

from pycparser import c_ast
from pycparser.c_parser import Coord

from .errors import InputError
from .frontend import parse_text

IDENTIFIER_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SIDE_EFFECT_UNARY = {"++", "--", "p++", "p--"}
ACSL_MARKERS = ("\\result", "\\at", "\\old", "==>", "<==>", "\\forall", "\\exists")


class UnsupportedInvariant(Exception):
    """The invariant is not something we can check; the message is the reason."""


SINGLE_PREFIX = "int __witness_invariant(void) { return ("
# what may not occur in a text parsed together with others (`parse_invariants`): what could end
# its statement or start another (`;`, braces), change how the lines after it are read (a
# preprocessor line, a line splice, a comment, a literal), so that each text is read exactly as
# it is alone; such texts are parsed alone
BATCH_EXCLUDED = re.compile(r"[;{}#\\\"'\r\f\v]|/\*|//")
BATCH_SIZE = 500            # texts per parse (the deadline is checked between them)


def parse_invariant(text: str, typedef_names: Iterable[str]) -> c_ast.Node:
    """Parse `text` as one C expression; typedef names of the program are known."""
    _check_markers(text)
    typedefs = set(typedef_names)
    prelude = "".join(f"typedef int {name};\n" for name in _used_typedefs(text, typedefs))
    source = f"{prelude}{SINGLE_PREFIX}{text}\n); }}\n"
    try:
        ast = parse_text(source, "invariant")
    except InputError as e:
        raise UnsupportedInvariant(f"not a C expression ({_short(str(e))})") from None
    function = ast.ext[-1]
    items = function.body.block_items or [] if isinstance(function, c_ast.FuncDef) else []
    if len(items) != 1 or not isinstance(items[0], c_ast.Return) or items[0].expr is None:
        raise UnsupportedInvariant("not a single C expression")
    return items[0].expr


def _check_markers(text: str) -> None:
    for marker in ACSL_MARKERS:
        if marker in text:
            raise UnsupportedInvariant(f"uses '{marker}', which is not C (ACSL or extended C)")


def _used_typedefs(text: str, typedefs: set[str]) -> list[str]:
    return sorted(set(IDENTIFIER_RE.findall(text)) & typedefs)


def parse_invariants(texts: list[str], typedef_names: Iterable[str],
                     check: Optional[Callable[[], None]] = None) -> list:
    """`parse_invariant` of each text: its expression, or the `UnsupportedInvariant` it
    raises.  The texts are parsed many in one pycparser call, each as an expression statement
    `(text\n);` of one function: a call per text cost half a millisecond, mostly for the
    wrapper's tokens (seconds for a witness of thousands of invariants).  The result is the
    same tree, coordinates included, as `parse_invariant` gives (each text is read in the same
    token context: `(` before it, a line break and `)` after it, and only typedef names that
    occur in it matter); a text that could reach beyond its statement, and every text of a
    part that does not parse, is parsed alone.  `check` runs between parts (the deadline)."""
    typedefs = set(typedef_names)
    results: list = [None] * len(texts)
    batch: list[int] = []
    for i, text in enumerate(texts):
        try:
            _check_markers(text)
        except UnsupportedInvariant as e:
            results[i] = e
            continue
        if BATCH_EXCLUDED.search(text):
            results[i] = _parsed_alone(text, typedefs)
        else:
            batch.append(i)
    for start in range(0, len(batch), BATCH_SIZE):
        if check is not None:
            check()
        part = batch[start:start + BATCH_SIZE]
        expressions = _parsed_together([texts[i] for i in part], typedefs)
        for i, expression in zip(part, expressions or [None] * len(part)):
            results[i] = expression if expression is not None \
                else _parsed_alone(texts[i], typedefs)
    return results


def _parsed_alone(text: str, typedefs: set[str]):
    try:
        return parse_invariant(text, typedefs)
    except UnsupportedInvariant as e:
        return e


BATCH_PREFIX = "("


def _parsed_together(texts: list[str], typedefs: set[str]) -> Optional[list[c_ast.Node]]:
    """The expressions of `texts` (free of `BATCH_EXCLUDED`) with the coordinates
    `parse_invariant` gives them, or None when the part does not parse as one statement per
    text."""
    used = [_used_typedefs(text, typedefs) for text in texts]
    names = sorted({name for u in used for name in u})
    lines = [f"typedef int {name};" for name in names] + ["int __witness_invariants(void) {"]
    starts = []
    for text in texts:
        starts.append(len(lines) + 1)
        lines += f"{BATCH_PREFIX}{text}\n);".split("\n")
    lines.append("}")
    try:
        ast = parse_text("\n".join(lines) + "\n", "invariant")
    except InputError:
        return None
    function = ast.ext[-1] if ast.ext else None
    items = function.body.block_items or [] if isinstance(function, c_ast.FuncDef) else []
    if len(items) != len(texts) or not all(_is_expression(item) for item in items):
        return None
    shift = len(SINGLE_PREFIX) - len(BATCH_PREFIX)
    for item, start, u in zip(items, starts, used):
        # alone, the text starts on the line after its typedefs, after SINGLE_PREFIX
        _recoordinate(item, start, len(u) + 1, shift)
    return items


def _is_expression(node: c_ast.Node) -> bool:
    return not isinstance(node, (c_ast.Decl, c_ast.Compound, c_ast.Return, c_ast.If,
                                 c_ast.For, c_ast.While, c_ast.DoWhile, c_ast.Switch,
                                 c_ast.Label, c_ast.Goto, c_ast.Break, c_ast.Continue,
                                 c_ast.EmptyStatement, c_ast.Typedef, c_ast.Pragma,
                                 c_ast.Case, c_ast.Default, c_ast.FuncDef))


def _recoordinate(node: c_ast.Node, start: int, line: int, shift: int) -> None:
    """Move the coordinates of the tree from line `start` of the part to line `line` of the
    text parsed alone, by `shift` columns on its first line."""
    stack = [node]
    while stack:
        n = stack.pop()
        coord = getattr(n, "coord", None)
        if coord is not None:
            first = coord.line == start
            n.coord = Coord(coord.file, coord.line - start + line,
                            coord.column + shift if first and coord.column is not None
                            else coord.column)
        stack.extend(child for _, child in n.children())


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
    return copy_tree(node, {})


def copy_tree(node: c_ast.Node, memo: dict) -> c_ast.Node:
    """`copy.deepcopy(node, memo)` for a pycparser tree, in a fifth of its time (the replay's
    copy of a woven program of 20,000 statements: 5.4 s): nodes and lists are copied, every
    other value (names, operators, coordinates) is shared.  `memo` maps the id of each node
    copied to its copy, and a node the tree holds twice is copied once, as with deepcopy."""
    return _copied(node, memo)


def _copied(value, memo: dict):
    if isinstance(value, list):
        return [_copied(item, memo) for item in value]
    if isinstance(value, tuple):
        return tuple(_copied(item, memo) for item in value)
    if not isinstance(value, c_ast.Node):
        return value                   # strings, numbers, None, coordinates
    done = memo.get(id(value))
    if done is not None:
        return done
    kind = type(value)
    copy = memo[id(value)] = kind.__new__(kind)
    for name in _attributes(kind):
        if hasattr(value, name):
            setattr(copy, name, _copied(getattr(value, name), memo))
    for name, item in getattr(value, "__dict__", {}).items():   # pycparserext's nodes
        setattr(copy, name, _copied(item, memo))
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

