"""Ghost variables and updates (format 2.1, `ghost_instrumentation`) for the campaign's witnesses.

A *plan* declares a few global ghosts and where they are updated: a counter (`gh_1 = gh_1 + 1`
at a statement), a flag set on one branch of an `if` (`action: follow` with `constraint:
{value: "true"}` or "false", our reading of the format: the update runs on that edge only) and
a snapshot of a program variable (`gh_3 = v`).  The probe build runs the plan's updates and
probes the ghosts at every location (they are appended to each location's candidate
variables), so the campaign's invariants talk about ghosts as about program variables: bounds
seen, off by one, relations.  A *mutant* plan (initial value off by one, the flag on the other
branch, an update moved to another statement, a snapshot of another variable) keeps the
invariants chosen for the plan they were probed with; the ground truth is built again with
the mutant's updates, and it alone says what holds.

In the ground truth an update is a plain assignment at its place (`GhostHooks`): after the
invariant checks of its location and before the statement (the validator's reading, issue 17),
or first in the branch it follows; the ghosts are globals with their initial value, which
every run (a fresh child of the driver) starts with.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Optional

from .analysis import Location
from .cprog import (INT, LLONG, DoWhile, For, Hooks, If, Mode, Ref, Stmt, Var, While)
from .program import FILE_NAME

LOOPS = (For, While, DoWhile)


@dataclass
class Ghost:
    var: Var
    initial: int


@dataclass
class Update:
    location: Location
    ghost: Var
    kind: str                          # counter, flag, snapshot
    source: Optional[Var] = None       # snapshot: the program variable copied
    branch: Optional[bool] = None      # flag: the edge of the `if` it follows

    def value(self, m: Mode) -> str:
        if self.kind == "counter":
            return f"{self.ghost.name} + 1"
        if self.kind == "flag":
            return "1"
        return Ref(self.source).render(m)


@dataclass
class GhostPlan:
    ghosts: list[Ghost] = field(default_factory=list)
    updates: list[Update] = field(default_factory=list)
    mutation: str = ""                 # '' for the plan the invariants were probed with

    @property
    def vars(self) -> list[Var]:
        return [g.var for g in self.ghosts]


def _plain_sites(where: list[Location]) -> list[Location]:
    """Statements an unrestricted update may precede (not a loop keyword: ambiguous)."""
    return [loc for loc in where if loc.kind == "location" and not isinstance(loc.stmt, LOOPS)]


def _snapshot_sources(loc: Location) -> list[Var]:
    """Program variables of the location whose value a `long long` ghost holds exactly."""
    return [v for v in loc.vars if not v.name.startswith("gh_")
            and (v.type.base.signed or v.type.base.bits64 < 64)]


def choose_plan(rng: random.Random, where: list[Location]) -> Optional[GhostPlan]:
    """One to three ghosts of distinct kinds (None: no statement to update at)."""
    sites = _plain_sites(where)
    ifs = [loc for loc in sites if isinstance(loc.stmt, If)]
    if not sites:
        return None
    kinds = ["counter"] + (["flag"] if ifs else []) + \
        (["snapshot"] if any(_snapshot_sources(s) for s in sites) else [])
    plan = GhostPlan()
    for n, kind in enumerate(rng.sample(kinds, rng.randrange(1, len(kinds) + 1)), 1):
        var = Var(f"gh_{n}", LLONG if kind == "snapshot" else INT, scope="global")
        plan.ghosts.append(Ghost(var, rng.choice([0, 0, 1, -1]) if kind != "flag" else 0))
        if kind == "flag":
            plan.updates.append(Update(rng.choice(ifs), var, kind, branch=rng.random() < 0.6))
        elif kind == "snapshot":
            loc = rng.choice([s for s in sites if _snapshot_sources(s)])
            plan.updates.append(Update(loc, var, kind, source=rng.choice(_snapshot_sources(loc))))
        else:
            plan.updates.append(Update(rng.choice(sites), var, kind))
    return plan


def mutate(rng: random.Random, plan: GhostPlan, where: list[Location]) -> GhostPlan:
    """The plan with one mistake a witness producer could make."""
    mutant = copy.copy(plan)
    mutant.ghosts = [Ghost(g.var, g.initial) for g in plan.ghosts]
    mutant.updates = [copy.copy(u) for u in plan.updates]
    choices = ["initial", "misplaced"] + \
        (["wrong-branch"] if any(u.kind == "flag" for u in plan.updates) else []) + \
        (["snapshot-other"] if any(u.kind == "snapshot" and len(_snapshot_sources(u.location)) > 1
                                   for u in plan.updates) else [])
    mutant.mutation = rng.choice(choices)
    if mutant.mutation == "initial":
        g = rng.choice(mutant.ghosts)
        g.initial += rng.choice([1, -1])
    elif mutant.mutation == "wrong-branch":
        u = rng.choice([u for u in mutant.updates if u.kind == "flag"])
        u.branch = not u.branch
    elif mutant.mutation == "snapshot-other":
        u = rng.choice([u for u in mutant.updates if u.kind == "snapshot"
                        and len(_snapshot_sources(u.location)) > 1])
        u.source = rng.choice([v for v in _snapshot_sources(u.location) if v is not u.source])
    else:
        u = rng.choice(mutant.updates)
        sites = [s for s in _plain_sites(where) if s is not u.location
                 and (u.kind != "flag" or isinstance(s.stmt, If))
                 and (u.kind != "snapshot" or u.source in s.vars)]
        if sites:
            u.location = rng.choice(sites)
    return mutant


def with_ghosts(where: list[Location], plan: GhostPlan) -> None:
    """Every location sees the ghosts (globals) as candidate variables, after its own."""
    for loc in where:
        loc.vars = loc.vars + plan.vars


class GhostHooks(Hooks):
    """The plan's ghosts and updates around another hooks' checks or probes."""

    def __init__(self, inner: Hooks, plan: GhostPlan) -> None:
        self.inner, self.plan = inner, plan

    def globals(self) -> list[str]:
        return [f"{g.var.type.spelling} {g.var.name} = {g.initial};" for g in self.plan.ghosts]

    def _assignments(self, stmt: Stmt, branch: Optional[bool]) -> list[str]:
        m = Mode(gt=True)
        return [f"{u.ghost.name} = {u.value(m)};" for u in self.plan.updates
                if u.location.stmt is stmt and u.branch is branch]

    def before(self, stmt: Stmt, function: str) -> list[str]:
        return self.inner.before(stmt, function) + self._assignments(stmt, None)

    def cond(self, loop: Stmt, reading: int, function: str) -> list[str]:
        return self.inner.cond(loop, reading, function)

    def branch(self, stmt: Stmt, taken: bool, function: str) -> list[str]:
        return self._assignments(stmt, taken)

    def returning(self, stmt: Stmt, function: str) -> list[str]:
        return self.inner.returning(stmt, function)


def ghost_entry(plan: GhostPlan, uuid: str) -> str:
    """The witness's `ghost_instrumentation` entry (format 2.1)."""
    out = ["- entry_type: ghost_instrumentation",
           f'  metadata: {{format_version: "2.1", uuid: {uuid}, '
           'creation_time: "2026-01-01T00:00:00Z", '
           'producer: {name: soundness-campaign, version: "1"}}',
           "  content:", "    ghost_variables:"]
    for g in plan.ghosts:
        out.append(f'      - {{name: {g.var.name}, scope: global, type: "{g.var.type.spelling}", '
                   f'initial: {{value: "{g.initial}", format: c_expression}}}}')
    out.append("    ghost_updates:")
    for u in plan.updates:
        line, column = u.location.stmt.pos
        out.append(f'      - location: {{file_name: "{FILE_NAME}", line: {line}, '
                   f'column: {column}, function: {u.location.func.name}}}')
        if u.branch is not None:
            out += ["        action: follow",
                    f'        constraint: {{value: "{"true" if u.branch else "false"}"}}']
        out += ["        updates:",
                f'          - {{variable: {u.ghost.name}, value: "{u.value(Mode())}", '
                'format: c_expression}']
    return "\n".join(out) + "\n"


def mentions_ghost(expr, plan: GhostPlan) -> bool:
    names = {g.var.name for g in plan.ghosts}
    return any(isinstance(e, Ref) and e.var.name in names for e in expr.walk())


__all__ = ["Ghost", "Update", "GhostPlan", "choose_plan", "mutate", "with_ghosts", "GhostHooks",
           "ghost_entry", "mentions_ghost"]
