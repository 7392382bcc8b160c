"""A reference for the GraphML semantics, independent of the encoding: the product of the
witness automaton with a hand-written event trace of a program (docs/SOUNDNESS.md, "GraphML
witnesses"), a set of states, every transition whose guard matches, the implicit self-loop,
and each active node's invariant evaluated at every point of the trace.

A trace is a list of (program state before the event, event); the state after the last event
ends it.  Invariants are C expressions over ints that Python can read once `&&`, `||` and `!`
are spelled out (the tests' invariants are such)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from instrument.graphml import Edge, GraphmlWitness


@dataclass(frozen=True)
class Ev:
    line: int
    branch: Optional[bool] = None         # for a condition: which branch
    enters_loop_head: bool = False        # the event ends at a loop head
    span: Optional[tuple[int, int]] = None   # character offsets of its statement
    call: Optional[str] = None            # the call of this function
    returns_from: Optional[str] = None    # a return statement of, or the return from, it


def matches(edge: Edge, event: Ev) -> bool:
    if edge.startline is not None and edge.startline != event.line:
        return False
    if edge.control is not None and edge.control != event.branch:
        return False
    if edge.enter_loop_head and not event.enters_loop_head:
        return False
    if edge.enter_function is not None and edge.enter_function != event.call:
        return False
    if edge.return_from_function is not None and edge.return_from_function != event.returns_from:
        return False
    if edge.startoffset is not None and event.span is not None and \
            not event.span[0] <= edge.startoffset < event.span[1]:
        return False
    return True


def _python(invariant: str) -> str:
    text = invariant.replace("&&", " and ").replace("||", " or ")
    return re.sub(r"!(?!=)", " not ", text)


def violated_nodes(witness: GraphmlWitness, trace: list[tuple[dict, Ev]], final: dict
                   ) -> set[str]:
    """The nodes whose invariant fails at some point where the automaton can be in them."""
    active = {witness.entry}
    failed: set[str] = set()

    def check(state: dict) -> None:
        for node_id in active:
            invariant = witness.nodes[node_id].invariant
            if invariant and not eval(_python(invariant), {}, dict(state)):   # noqa: S307
                failed.add(node_id)

    for state, event in trace:
        check(state)
        following = set()
        for node_id in active:
            if witness.nodes[node_id].sink:
                continue
            taken = [e.target for e in witness.outgoing(node_id) if matches(e, event)]
            following.update(taken or [node_id])
        active = following
    check(final)
    return failed
