"""What weaving leaves for the engines: the instrumented AST with its checks, the placement
of every invariant and the woven ghost assignments (`WeaveResult`).

`weave.py` and `ghosts.py` make these; the engines read them in their own process, which
inherits them (forked late, for a large program) or receives them pickled (started early, for
a small one).  This module imports nothing of the front end but pycparser's AST, so that the
early child, started before the front end is imported (engines/process.py), does not import
the witness reader, the weaver or the YAML loader to read its task.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

from pycparser import c_ast

if TYPE_CHECKING:
    from .locate import Site
    from .witness import Location

CHECK = "__witness_check"
ASSUME = "__witness_assume"

PLACED = "placed"
UNPLACED = "unplaced"
UNSUPPORTED = "unsupported"

# where a check sits, for the validator
LOOP_HEAD = "loop_head"
DO_BODY_ENTRY = "do_body_entry"
DO_BEFORE_CONDITION = "do_before_condition"
BEFORE_STATEMENT = "before_statement"
FUNCTION_END = "function_end"


@dataclass
class InvariantPlacement:
    """What weaving did with one witness invariant."""
    index: int
    status: str                          # placed / unplaced / unsupported
    reason: Optional[str] = None
    function: Optional[str] = None
    site_kind: Optional[str] = None      # loop / statement / declaration / function_end
    expression: Optional[c_ast.Node] = None
    ghosts: tuple[str, ...] = ()         # the ghost variables it reads


@dataclass
class WovenCheck:
    """One `__witness_check` call in the instrumented AST."""
    index: int
    where: str                           # LOOP_HEAD, DO_BODY_ENTRY, ...
    call: c_ast.FuncCall
    function: str


INITIAL = "initial"            # a ghost's initial value, assigned at the start of main
UPDATE = "update"              # a ghost update at a location


@dataclass
class WovenGhostUpdate:
    """One assignment to a ghost: its initial value or an update (one per (variable, value)
    pair of the witness).  `number` keys its undefined-behaviour target and its report entry."""
    number: int
    kind: str                     # INITIAL or UPDATE
    variable: str
    value: str                    # as written in the witness
    function: str                 # where it is woven
    location: Optional[Location]  # of the update (None for an initial value)
    branch: Optional[bool]        # the edge it is restricted to; None: not restricted
    yaml_line: Optional[int]
    expression: c_ast.Node        # the value, parsed
    site: Optional[Site] = None
    assignment: Optional[c_ast.Assignment] = None     # in the instrumented AST, once woven
    part: Optional[str] = None    # FOR_INIT / FOR_NEXT (GraphML automata), see GhostUpdate


@dataclass
class WeaveResult:
    ast: c_ast.FileAST
    placements: list[InvariantPlacement]
    checks: list[WovenCheck] = field(default_factory=list)
    ghosts: list[str] = field(default_factory=list)               # declared ghost variables
    ghost_updates: list[WovenGhostUpdate] = field(default_factory=list)   # woven assignments
    # why the ghosts are not woven (then no verdict but unknown), see `GhostPlan.problem`
    unsupported_features: list[str] = field(default_factory=list)
