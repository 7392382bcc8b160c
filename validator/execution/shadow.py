"""Shadow flags in the gcc build: a read of an uninitialised local traps there as in the model.

No sanitizer of gcc traps a read of an uninitialised local (the stack holds what an earlier
call left there), so a native run of a program whose CFA flags such reads (`CFA.flags`,
`semantics/cfa/indeterminate.py`) refuted only where our interpreter retraced it
(`testing.follow`); a loop that fills an array of 100000 elements from inputs is far beyond
that.  Here the harness gives such a local a shadow of its own, as the CFA gives it a flag:
`unsigned char __shadow_a[N] = {0};` right after `int a[N];` (zero again each time the
declaration runs), set to 1 after every write of an element, and every read checks it first
and traps (`__builtin_trap`, as the sanitizers do) when it is 0.  The build then traps every
read the CFA flags for these variables (and checks unflagged reads too, which always pass),
so a run that prints a marker passed no uninitialised read of them before it.

Only what is rewritten exactly gets a shadow (`shadowed_locals` says which names); any other
local stays as it was, and a flagged read of it still needs the interpreter:
  - an automatic local (no storage class, no qualifier, no initialiser) declared in a block
    of a function without `goto` or `switch` (a jump past the declaration would skip the
    shadow's zeroing);
  - an array whose dimensions are constant (no names in them), of numbers; not a scalar:
    the CFA seldom flags one (its data-flow analysis sees a scalar written on every path, an
    array's elements never), and shadowing every scalar of xcsp/aim-200-3-4-sat-1 made the
    replay's source four times as long and its compilation 1.2 s longer;
  - its name declared once in the whole program (then every identifier of that name in its
    function is this variable, and a CFA variable of that name is it);
  - used only as an element with all its subscripts: read, assigned with
    `=`, compound assignment, `++`/`--`; inside `sizeof` it is not evaluated and is left alone.
    Its address, the array as a value, a member access: no shadow.
Each subscript is evaluated once, into a variable of its own, before the element is read or
written (`a[a[0]] = v` marks the element it wrote, as the CFA's flag does).
"""
from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from typing import Optional

from pycparser import c_ast

SHADOW_PREFIX = "__shadow_"
INCREMENTS = ("++", "--", "p++", "p--")
UNEVALUATED = ("sizeof", "_Alignof", "__alignof__")
# the type names of a local that may get a shadow: an element is a number, never an array or
# a struct (which a typedef could be)
ARITHMETIC_WORDS = frozenset({"char", "short", "int", "long", "signed", "unsigned", "_Bool",
                              "float", "double"})


class _NotExact(Exception):
    """A use of the local that the rewriting does not cover."""


@dataclass
class _Local:
    name: str
    decl: c_ast.Decl
    block: c_ast.Compound          # the block whose items hold the declaration
    dims: int

    @property
    def shadow(self) -> str:
        return SHADOW_PREFIX + self.name


def shadowed_locals(ast: c_ast.FileAST) -> frozenset[str]:
    """The names of the locals that `add_shadows` gives a shadow (the AST is not changed)."""
    return frozenset(name for _, locals_ in _eligible(ast) for name in locals_)


def add_shadows(ast: c_ast.FileAST) -> frozenset[str]:
    """Give every eligible local its shadow (in place); the names of those locals."""
    names: set[str] = set()
    for body, locals_ in _eligible(ast):
        _Rewriter(locals_, rewrite=True).visit(body)
        for local in locals_.values():
            items = local.block.block_items
            position = next(i for i, item in enumerate(items) if item is local.decl)
            items.insert(position + 1, _shadow_declaration(local))
        names |= set(locals_)
    return frozenset(names)


# ---------------------------------------------------------------- which locals
def _eligible(ast: c_ast.FileAST) -> list[tuple[c_ast.Compound, dict[str, _Local]]]:
    """(a function's body, its locals that get a shadow by name) for every function."""
    counts: dict[str, int] = {}
    for node in _walk(ast):
        if isinstance(node, (c_ast.Decl, c_ast.Enumerator, c_ast.Typedef)) and node.name:
            counts[node.name] = counts.get(node.name, 0) + 1
    found = []
    for function in (n for n in ast.ext if isinstance(n, c_ast.FuncDef)):
        if any(isinstance(n, (c_ast.Goto, c_ast.Switch)) or type(n).__name__ == "Asm"
               for n in _walk(function.body)):
            # a jump past a declaration would skip its shadow's zeroing; an asm operand is an
            # access we do not rewrite
            continue
        candidates: dict[str, _Local] = {}
        for block in (n for n in _walk(function.body) if isinstance(n, c_ast.Compound)):
            for item in block.block_items or []:
                dims = _plain_local(item)
                if dims is not None and counts.get(item.name) == 1 and \
                        SHADOW_PREFIX + item.name not in counts:
                    candidates[item.name] = _Local(item.name, item, block, dims)
        if not candidates:
            continue
        examined = _Rewriter(candidates, rewrite=False)
        examined.visit(function.body)
        locals_ = {n: c for n, c in candidates.items() if n not in examined.rejected}
        if locals_:
            found.append((function.body, locals_))
    return found


def _plain_local(item) -> Optional[int]:
    """The number of dimensions of an array declaration that may get a shadow, else None."""
    if not isinstance(item, c_ast.Decl) or item.init is not None or item.storage or \
            item.quals or item.funcspec or item.bitsize is not None or not item.name:
        return None
    dims, node = 0, item.type
    while isinstance(node, c_ast.ArrayDecl):
        if node.dim is None or node.dim_quals or \
                any(isinstance(n, (c_ast.ID, c_ast.FuncCall)) for n in _walk(node.dim)):
            return None
        dims, node = dims + 1, node.type
    if dims == 0 or type(node) is not c_ast.TypeDecl or node.quals or \
            not isinstance(node.type, c_ast.IdentifierType) or \
            not set(node.type.names) <= ARITHMETIC_WORDS:
        return None               # a typedef may name a struct or an array
    return dims


# ---------------------------------------------------------------- the rewriting
class _Rewriter:
    """Finds (and with `rewrite`, replaces) every access of the locals below a node; without
    `rewrite`, notes in `rejected` each local with a use it does not cover."""

    def __init__(self, locals_: dict[str, _Local], rewrite: bool) -> None:
        self.locals = locals_
        self.rewrite = rewrite
        self.rejected: set[str] = set()
        self.serial = itertools.count(1)

    def _reject(self, name: str) -> None:
        if self.rewrite:
            raise AssertionError(f"local '{name}' has a use without a shadow")
        self.rejected.add(name)

    def visit(self, node: c_ast.Node) -> None:
        for name, child in node.children():
            if isinstance(node, c_ast.StructRef) and name == "field":
                continue                        # a member's name, not the variable
            if isinstance(node, c_ast.Decl) and name == "type" or \
                    isinstance(child, c_ast.Typename) or \
                    type(child).__name__ == "TypeOfExpression":
                for mentioned in self._mentioned(child):   # a type that reads one (a VLA)
                    self._reject(mentioned)
                continue
            new = self.expression(child)
            if new is not child and self.rewrite:
                _replace_child(node, name, new)

    def expression(self, node: c_ast.Node) -> c_ast.Node:
        """The node, or what replaces it."""
        if isinstance(node, c_ast.UnaryOp) and node.op in UNEVALUATED:
            return node
        if isinstance(node, c_ast.Assignment):
            access = self._access(node.lvalue)
            if access is not None:
                return self._assignment(node, *access)
        if isinstance(node, c_ast.UnaryOp) and node.op in INCREMENTS:
            access = self._access(node.expr)
            if access is not None:
                return self._update(node, "expr", *access)
        if isinstance(node, c_ast.UnaryOp) and node.op == "&" or \
                isinstance(node, c_ast.StructRef):
            below = node.expr if isinstance(node, c_ast.UnaryOp) else node.name
            base = self._base(below)
            if base is not None:                # its address, a member: no value read
                self._reject(base[0].name)
        access = self._access(node)
        if access is not None:
            return self._read(*access)
        base = self._base(node)
        if base is not None:
            # the array as a value, its address, a member access, fewer subscripts than
            # dimensions
            self._reject(base[0].name)
        self.visit(node)
        return node

    def _base(self, node) -> Optional[tuple[_Local, list]]:
        """(the local, its subscripts outermost first) when `node` is one with subscripts."""
        subscripts = []
        while isinstance(node, c_ast.ArrayRef):
            subscripts.append(node.subscript)
            node = node.name
        if isinstance(node, c_ast.ID) and node.name in self.locals:
            return self.locals[node.name], subscripts[::-1]
        return None

    def _access(self, node) -> Optional[tuple[_Local, list]]:
        """The local and subscripts of a whole access (every dimension), else None."""
        base = self._base(node)
        return base if base is not None and len(base[1]) == base[0].dims else None

    def _indices(self, local: _Local, subscripts: list) -> tuple[list, list]:
        """(declarations evaluating each subscript once, in order; the names holding them)."""
        declarations, names = [], []
        for subscript in subscripts:
            name = f"{local.shadow}_k{next(self.serial)}"
            declarations.append(_auto(name, self.expression(subscript)))
            names.append(name)
        return declarations, names

    def _read(self, local: _Local, subscripts: list) -> c_ast.Node:
        declarations, names = self._indices(local, subscripts)
        return _statement_expression(declarations + [_check(local, names),
                                                     _element(local.name, names)])

    def _assignment(self, node: c_ast.Assignment, local: _Local, subscripts: list) -> c_ast.Node:
        if node.op != "=":
            return self._update(node, "lvalue", local, subscripts)
        declarations, names = self._indices(local, subscripts)
        value = f"{local.shadow}_v{next(self.serial)}"
        written = c_ast.Assignment("=", _element(local.name, names),
                                   self.expression(node.rvalue))
        marked = c_ast.Assignment("=", _element(local.shadow, names),
                                  c_ast.Constant("int", "1"))
        return _statement_expression(declarations + [_auto(value, written), marked,
                                                     c_ast.ID(value)])

    def _update(self, node: c_ast.Node, field: str, local: _Local,
                subscripts: list) -> c_ast.Node:
        """`x op= e`, `x++`: a read and a write of an element that must be written already."""
        declarations, names = self._indices(local, subscripts)
        updated = copy.copy(node)
        setattr(updated, field, _element(local.name, names))
        if isinstance(updated, c_ast.Assignment):
            updated.rvalue = self.expression(node.rvalue)
        return _statement_expression(declarations + [_check(local, names), updated])

    def _mentioned(self, node: c_ast.Node) -> set[str]:
        return {n.name for n in _walk(node) if isinstance(n, c_ast.ID) and n.name in self.locals}


def _check(local: _Local, names: list) -> c_ast.If:
    """`if (!__shadow_a[k]) __builtin_trap();`"""
    return c_ast.If(c_ast.UnaryOp("!", _element(local.shadow, names)),
                    c_ast.FuncCall(c_ast.ID("__builtin_trap"), None), None)


def _statement_expression(items: list) -> c_ast.Node:
    """`({ items })`: a block as an expression, parenthesised wherever it is printed (the
    generator prints a bare block in a `for` header or a condition without parentheses)."""
    return c_ast.ExprList([c_ast.Compound(items)])


def _element(array: str, names: list) -> c_ast.Node:
    node: c_ast.Node = c_ast.ID(array)
    for name in names:
        node = c_ast.ArrayRef(node, c_ast.ID(name))
    return node


def _auto(name: str, init: c_ast.Node) -> c_ast.Decl:
    return c_ast.Decl(name, [], [], [], [], c_ast.TypeDecl(
        name, [], None, c_ast.IdentifierType(["__auto_type"])), init, None)


def _shadow_declaration(local: _Local) -> c_ast.Decl:
    """`unsigned char __shadow_a[N][M] = {0};`, the local's dimensions."""
    dims = []
    node = local.decl.type
    while isinstance(node, c_ast.ArrayDecl):
        dims.append(copy.deepcopy(node.dim))
        node = node.type
    shadow_type: c_ast.Node = c_ast.TypeDecl(local.shadow, [], None,
                                             c_ast.IdentifierType(["unsigned", "char"]))
    for dim in reversed(dims):
        shadow_type = c_ast.ArrayDecl(shadow_type, dim, [])
    return c_ast.Decl(local.shadow, [], [], [], [], shadow_type,
                      c_ast.InitList([c_ast.Constant("int", "0")]), None)


def _replace_child(parent: c_ast.Node, name: str, new: c_ast.Node) -> None:
    """Replace the child called `name` by pycparser's `children()` (`block_items[2]`, `iftrue`)."""
    if "[" in name:
        field, index = name[:-1].split("[")
        getattr(parent, field)[int(index)] = new
    else:
        setattr(parent, name, new)


def _walk(root: c_ast.Node):
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(child for _, child in node.children())
