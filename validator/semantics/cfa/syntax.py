"""Queries on the pycparser AST shared by the lowering mixins: source lines, side effects,
walking, the variable an lvalue designates, labels and the cases of a switch, `void`, the
jumps out of a statement expression."""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from .names import NORETURN_ATTRIBUTES


def _line(node) -> Optional[int]:
    return node.coord.line if node is not None and node.coord is not None else None


def has_side_effects(node) -> bool:
    """The expression may do more than compute a value: assign, call, or contain a statement
    expression (`({ ... })`: its statements may loop, declare, jump)."""
    return SideEffects().ask(node)


class SideEffects:
    """`has_side_effects` with each answer about an inner node kept by the node's identity
    (the node kept with it, so that its id is not reused): the builder asks it of every
    operand at every level of an expression, once per level above it without the memo
    (quadratic in the depth: a sum of 1,000 terms took seconds).  The builder never changes
    the AST it lowers, so an answer kept stays true."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[c_ast.Node, bool]] = {}

    def ask(self, node) -> bool:
        """Whether `node` may do more than compute a value (`has_side_effects`)."""
        if node is None:
            return False
        if isinstance(node, (c_ast.Assignment, c_ast.FuncCall, c_ast.Compound)):
            return True
        if isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++", "p--"):
            return True
        children = node.children()
        if not children:
            return False
        kept = self._known.get(id(node))
        if kept is None or kept[0] is not node:
            kept = self._known[id(node)] = (node, any(self.ask(child) for _, child in children))
        return kept[1]


def _walk(node):
    """Every node of the tree, in preorder (each node's `children()` asked when the walk
    resumes after yielding it, as a recursive walk asks).  A stack of iterators, not nested
    generators: through those every node passed once per level above it (a program of
    thousands of statements is walked a dozen times while its CFA is built)."""
    yield node
    stack = [iter(node.children())]
    while stack:
        for _, child in stack[-1]:
            yield child
            stack.append(iter(child.children()))
            break
        else:
            stack.pop()


class Preorder:
    """The nodes of a translation unit in preorder (as `_walk` yields them), walked once.  The
    CFA build asks a dozen questions of every node before it lowers anything (gnu.py,
    function_pointers.py, pointers.py, order.py, builder.py); each walk of a program of
    20,000 statements took 0.15 s, a pass over this list a tenth of that.  `of` gives the
    nodes of the whole unit, of a top-level declaration or definition, or of one of its
    children (a function's body).  Only for an AST that no longer changes."""

    def __init__(self, ast: c_ast.FileAST) -> None:
        nodes: list = [ast]
        # id of a node -> (the node, start, end): its subtree is nodes[start:end]
        spans: dict[int, tuple[c_ast.Node, int, int]] = {}
        for _, top in ast.children():
            top_start = len(nodes)
            nodes.append(top)
            for _, child in top.children():
                start = len(nodes)
                nodes.extend(_walk(child))
                spans[id(child)] = (child, start, len(nodes))
            spans[id(top)] = (top, top_start, len(nodes))
        spans[id(ast)] = (ast, 0, len(nodes))
        self.ast = ast
        self.nodes = nodes
        self._spans = spans

    def of(self, node) -> list:
        """Every node of the tree under `node` (itself first), in preorder."""
        span = self._spans.get(id(node))
        if span is None or span[0] is not node:
            return list(_walk(node))
        return self.nodes[span[1]:span[2]]


def _base_name(node) -> Optional[str]:
    """The variable an lvalue designates (`a` for `a[i][j]`)."""
    while isinstance(node, c_ast.ArrayRef):
        node = node.name
    return node.name if isinstance(node, c_ast.ID) else None


def _contains_label(node) -> bool:
    return any(isinstance(n, (c_ast.Label, c_ast.Case, c_ast.Default)) for n in _walk(node))


def _collect_cases(node) -> list:
    found = []

    def visit(n):
        if isinstance(n, (c_ast.Case, c_ast.Default)):
            found.append(n)
        if isinstance(n, c_ast.Switch):
            return
        for _, child in n.children():
            visit(child)

    for _, child in node.children():
        visit(child)
    if isinstance(node, (c_ast.Case, c_ast.Default)):
        found.insert(0, node)
    return found


LOOPS = (c_ast.While, c_ast.DoWhile, c_ast.For)


def jump_out_of(compound: c_ast.Compound) -> Optional[tuple[str, Optional[int]]]:
    """(what, line) of the first statement that leaves the statement expression `compound`
    other than by its end: `return`, `goto` to a label outside it, `break`/`continue` outside
    a loop or switch within it, `case`/`default` of a switch outside it; None if there is
    none.  (Statement expressions nested in it are checked when they are lowered.)"""
    labels = {n.name for n in _walk(compound) if isinstance(n, c_ast.Label)}

    def visit(node, in_loop: bool, in_switch: bool):
        if isinstance(node, c_ast.Return):
            return "'return'", _line(node)
        if isinstance(node, c_ast.Goto) and node.name not in labels:
            return f"'goto {node.name}' to a label outside it", _line(node)
        if isinstance(node, c_ast.Break) and not (in_loop or in_switch):
            return "'break'", _line(node)
        if isinstance(node, c_ast.Continue) and not in_loop:
            return "'continue'", _line(node)
        if isinstance(node, (c_ast.Case, c_ast.Default)) and not in_switch:
            return "a case label of a switch outside it", _line(node)
        if isinstance(node, c_ast.FuncDef):
            return None
        in_loop = in_loop or isinstance(node, LOOPS)
        in_switch = in_switch or isinstance(node, c_ast.Switch)
        for _, child in node.children():
            found = visit(child, in_loop, in_switch)
            if found is not None:
                return found
        return None

    return visit(compound, False, False)


def _is_void(node) -> bool:
    while isinstance(node, (c_ast.Typename, c_ast.TypeDecl)):
        node = node.type
    return isinstance(node, c_ast.IdentifierType) and node.names == ["void"]


def declared_noreturn(decl: c_ast.Decl) -> bool:
    """`_Noreturn`, or GCC's attribute noreturn before or after the declarator."""
    specifiers = decl.funcspec or []
    lists = [spec.exprlist for spec in specifiers if hasattr(spec, "exprlist")]
    if getattr(decl.type, "attributes", None) is not None:
        lists.append(decl.type.attributes)
    return "_Noreturn" in specifiers or any(
        isinstance(attribute, c_ast.ID) and attribute.name in NORETURN_ATTRIBUTES
        for attributes in lists for attribute in attributes.exprs or [])


def address_root(node, members: set):
    """The variable whose object `&node` points into (`a` of `&a[i]`, `s` of `&s.in.x`), or
    another expression (`p` of `&p->m`: no variable); adds the member names to `members`."""
    while isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)):
        if isinstance(node, c_ast.StructRef):
            members.add(node.field.name)
            if node.type == "->":
                return None
        node = node.name
    return node
