"""Where invariants may go, and a check that the printed program means what the tree says.

`locations` walks each function in order with C's block scopes and a conservative
definite-initialisation set (the same rules as the generator's `Scope`): at every statement
(location invariant: just before it) and every loop head (loop invariant) it records the
visible scalar variables that certainly hold a value there.  It also checks that every name
the tree uses resolves, by C's scope rules, to the variable the tree means (an initialiser
that names the variable it declares, `int x = x;`, would read the new, indeterminate x
without the ground truth tracking it); such a program raises `ScopeError` and is discarded.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .cprog import (Assign, Block, Case, Decl, DoWhile, Expr, For, Func, If, IncDec, Index,
                    Label, Ref, Stmt, Switch, Var, While)
from .program import Program


class ScopeError(Exception):
    pass


@dataclass
class Location:
    stmt: Stmt
    func: Func
    kind: str                         # 'location' or 'loop'
    vars: list[Var]                   # visible scalars that certainly hold a value
    key: int = 0                      # index in the program's list of locations
    uninitialised: list[Var] = field(default_factory=list)   # visible, maybe indeterminate
    visible: set[int] = field(default_factory=set)           # uids of the variables in scope

    @property
    def do_while(self) -> bool:
        return self.kind == "loop" and isinstance(self.stmt, DoWhile)


class _Walker:
    def __init__(self, program: Program) -> None:
        self.frames: list[dict[str, Var]] = [{d.var.name: d.var for d in program.globals}]
        self.init: set[int] = set()
        self.found: list[Location] = []
        self.func: Optional[Func] = None

    # -- scopes
    def lookup(self, name: str) -> Optional[Var]:
        for frame in reversed(self.frames):
            if name in frame:
                return frame[name]
        return None

    def declare(self, var: Var, initialised: bool) -> None:
        self.frames[-1][var.name] = var
        (self.init.add if initialised else self.init.discard)(var.uid)

    def visible(self) -> list[Var]:
        seen: dict[str, Var] = {}
        for frame in self.frames:
            seen.update(frame)
        return list(seen.values())

    def candidates(self) -> list[Var]:
        return [v for v in self.visible() if v.length is None and v.type.kind == "int"
                and (v.scope in ("global", "param", "static") or v.uid in self.init)]

    def check(self, expr: Expr) -> None:
        for e in expr.walk():
            if isinstance(e, (Ref, Index)) and self.lookup(e.var.name) is not e.var:
                raise ScopeError(f"'{e.var.name}' does not name the variable meant")

    def record(self, stmt: Stmt, kind: str) -> None:
        if not stmt.no_invariant:
            maybe = [v for v in self.visible() if v.tracked and v.length is None
                     and v.uid not in self.init]
            self.found.append(Location(stmt, self.func, kind, self.candidates(),
                                       uninitialised=maybe,
                                       visible={v.uid for v in self.visible()}))

    # -- statements
    def function(self, f: Func) -> None:
        self.func = f
        self.frames.append({})
        for p in f.params:
            self.declare(p, True)
        self.block(f.body, push=False)
        self.frames.pop()

    def block(self, stmts: list[Stmt], push: bool = True) -> None:
        if push:
            self.frames.append({})
        for stmt in stmts:
            self.statement(stmt)
        if push:
            self.frames.pop()

    def statement(self, s: Stmt) -> None:
        if isinstance(s, (Case, Label)):
            return
        self.record(s, "location")
        if isinstance(s, Decl):
            for e in s.exprs():
                self.check(e)
            self.declare(s.var, s.init is not None or s.static)
            return
        if isinstance(s, (For, While, DoWhile)):
            self.loop(s)
            return
        for e in s.exprs():
            self.check(e)
        if isinstance(s, (Assign, IncDec)) and isinstance(s.target, Ref):
            self.init.add(s.target.var.uid)
        elif isinstance(s, If):
            before = set(self.init)
            self.block(s.then)
            after_then, self.init = self.init, set(before)
            if s.other is not None:
                self.block(s.other)
                self.init &= after_then
            else:
                self.init = before
        elif isinstance(s, (Switch, Block)):
            before = set(self.init)
            self.block(s.body)
            self.init = before if isinstance(s, Switch) else self.init

    def loop(self, s: Stmt) -> None:
        before = set(self.init)
        self.frames.append({})
        if isinstance(s, For):
            if isinstance(s.init, Decl):
                self.check(s.init.init)
                self.declare(s.init.var, True)
            elif s.init is not None:
                for e in s.init.exprs():
                    self.check(e)
                self.init.add(s.init.target.var.uid)
                before = set(self.init)
        self.record(s, "loop")
        entry = set(self.init)
        if not isinstance(s, DoWhile):
            self.check(s.cond)
        self.block(s.body)
        if isinstance(s, DoWhile):
            self.check(s.cond)
        if isinstance(s, For):
            for e in s.step.exprs():
                self.check(e)
        self.init = entry
        self.frames.pop()
        self.init = before


def locations(program: Program) -> list[Location]:
    """Every location and loop head of the program, in order (raises ScopeError)."""
    walker = _Walker(program)
    for d in program.globals:
        walker.init.add(d.var.uid)
    for f in program.funcs:
        walker.function(f)
    for key, location in enumerate(walker.found):
        location.key = key
    return walker.found
