"""Jumps into the scope of a block's variables from outside the block.

A `goto` to a label inside a block that does not contain the `goto`, or a `switch` to a `case`
inside a block of its body, enters that block without executing the declarations before the
label.  The objects of those declarations begin a new lifetime with indeterminate values
(C11 6.2.4p6, 6.8.6.1), also when the same block was left earlier and its variables would
still hold the old values in the CFA.  So the builder puts a `Havoc(declaration=True)` of each
such variable on the jump's edge (`CFABuilder.restart_lifetimes`), as if the declaration had
been executed: `indeterminate.py` then sees a read before a write on that path.  (A jump
within one block past a declaration is seen by `indeterminate.py` itself.)
"""
from __future__ import annotations

from pycparser import c_ast

# one scope on the way from the function body to a node: (scope id, the automatic variables'
# declarations in it before the node)
Scope = tuple[int, tuple]


def entered_declarations(body: c_ast.Node) -> dict[int, list[c_ast.Decl]]:
    """id of each `goto`, `case` and `default` node that enters a block past declarations ->
    those declarations (of automatic variables)."""
    targets: dict[str, list[list[Scope]]] = {}          # label -> scopes of each definition
    gotos: list[tuple[c_ast.Goto, list[Scope]]] = []
    switches: list[tuple[list[Scope], list]] = []
    _visit(body, [], targets, gotos, switches, None)
    entered: dict[int, list[c_ast.Decl]] = {}
    for goto, scopes in gotos:
        for target_scopes in targets.get(goto.name, []):
            skipped = _entered(scopes, target_scopes)
            if skipped:
                entered.setdefault(id(goto), []).extend(skipped)
    for scopes, cases in switches:
        for case, target_scopes in cases:
            skipped = _entered(scopes, target_scopes)
            if skipped:
                entered[id(case)] = skipped
    return entered


def _entered(source: list[Scope], target: list[Scope]) -> list[c_ast.Decl]:
    """The declarations a jump from `source` to `target` skips, entering their scopes."""
    left = {scope for scope, _ in source}
    return [decl for scope, declared in target if scope not in left for decl in declared]


def _automatic(item) -> tuple:
    """The declarations of automatic variables in a block item."""
    decls = item.decls if isinstance(item, c_ast.DeclList) else [item]
    return tuple(d for d in decls
                 if isinstance(d, c_ast.Decl) and d.name is not None
                 and not isinstance(d.type, c_ast.FuncDecl)
                 and not {"static", "extern", "typedef"} & set(d.storage or []))


def _visit(node, scopes: list[Scope], targets, gotos, switches, cases) -> None:
    if node is None:
        return
    if isinstance(node, c_ast.Compound):
        declared: tuple = ()
        for item in node.block_items or []:
            _visit(item, scopes + [(id(node), declared)], targets, gotos, switches, cases)
            if isinstance(item, (c_ast.Decl, c_ast.DeclList)):
                declared = declared + _automatic(item)
        return
    if isinstance(node, c_ast.For) and isinstance(node.init, (c_ast.Decl, c_ast.DeclList)):
        inner = scopes + [(id(node), _automatic(node.init))]
        for part in (node.cond, node.next, node.stmt):
            _visit(part, inner, targets, gotos, switches, cases)
        return
    if isinstance(node, c_ast.Label):
        targets.setdefault(node.name, []).append(scopes)
    elif isinstance(node, c_ast.Goto):
        gotos.append((node, scopes))
    elif isinstance(node, (c_ast.Case, c_ast.Default)) and cases is not None:
        cases.append((node, scopes))
    elif isinstance(node, c_ast.Switch):
        own: list = []
        switches.append((scopes, own))
        _visit(node.cond, scopes, targets, gotos, switches, cases)
        _visit(node.stmt, scopes, targets, gotos, switches, own)
        return
    for _, child in node.children():
        _visit(child, scopes, targets, gotos, switches, cases)
