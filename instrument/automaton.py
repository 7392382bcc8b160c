"""A GraphML 1.0 correctness witness as ghost code: the automaton state tracked in the program.

The meaning (docs/SOUNDNESS.md, "GraphML witnesses"): run the witness automaton in product
with the program's events (`events.py`); a transition is taken on the events its guard
matches, a state none of whose transitions matches an event stays where it is (the implicit
"otherwise" self-loop), a sink ends the run; whenever the automaton is in node q, q's
invariant holds.

The encoding: a global ghost `__gml_state` holds the node (numbered in document order),
starting at the entry node, or the set of nodes as bits when two transitions of one node
match one event; on each event some transition matches, an update
`__gml_state = (__gml_state == p ? q : ...)` runs (ghosts.py and weave.py weave it exactly as a
format-2.1 ghost update: before the statement, on the branch, before a `for` loop, in its
increment, after a call statement).  A node's invariant becomes the invariant
`!(__gml_state == q) || (inv)` at the one program point where the node can be active.  Only
nodes from which an invariant node can be reached are tracked (once the run leaves them, no
invariant is ever checked on it).

Exactness comes first.  A transition of a tracked node whose guard cannot be matched to
events exactly (its line has content a tool's CFA cuts differently, `events.py`; no startline;
a state-space guard; `enterLoopHead` where the program does not tell), several states at once
beyond MAX_SET tracked nodes, or a chain of transitions on one statement (another CFA may give
it several edges) makes every node reachable from that transition's source `unplaced`, with
the reason.  So is an invariant node that can be active at more than one point: entered at
several points, at an unknown point, or not left at the next event.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Optional

from pycparser import c_ast

from .events import (BRANCH, CALL, HEAD, NEXT, RETURN, STATEMENT, Event, Point,
                     ProgramEvents, program_events)
from .frontend import ParsedProgram
from .ghosts import program_identifiers
from .graphml import Edge, GraphmlWitness
from .locate import ProgramIndex
from .metadata import DATA_MODELS, HEX64, Claim, MetadataWarning
from .witness import (AFTER_CALL, LOCATION_INVARIANT, LOOP_INVARIANT, GhostUpdate,
                      GhostVariable, Invariant, Location, Witness)

FORMAT_VERSION = "graphml-1.0"
ENTRY_TYPE = "graphml_node"
STATE = "__gml_state"
MAX_SET = 63          # tracked nodes of a nondeterministic automaton (bits of the ghost)


@dataclass
class _Match:
    events: list[Event]
    problem: Optional[str] = None


def witness_from_graphml(graphml: GraphmlWitness) -> Witness:
    """The witness with its metadata; the invariants need the program (`apply_automaton`)."""
    witness = Witness(path=graphml.path, format_versions=[FORMAT_VERSION], automaton=graphml)
    graph, lines = graphml.graph, graphml.graph_lines
    witness.producer = graph.get("producer") or None
    architecture = graph.get("architecture")
    if architecture in DATA_MODELS:
        claim = Claim("architecture", DATA_MODELS[architecture], lines.get("architecture"))
        witness.data_model, witness.data_model_claim = claim.value, claim
    elif architecture is not None:
        witness.metadata_warnings.append(MetadataWarning(
            graphml.path, "architecture", architecture, "is not 32bit or 64bit",
            _lines(lines.get("architecture"))))
    if graph.get("specification"):
        witness.specifications.append(Claim("specification", graph["specification"],
                                            lines.get("specification")))
    program_hash = graph.get("programhash")
    if program_hash and HEX64.match(program_hash):
        witness.file_hashes.append(Claim("programhash", program_hash, lines.get("programhash"),
                                         graph.get("programfile") or None))
    elif program_hash:
        witness.metadata_warnings.append(MetadataWarning(
            graphml.path, "programhash", program_hash,
            "is not a SHA-256 hash (older witnesses carry SHA-1): not compared",
            _lines(lines.get("programhash"))))
    return witness


def _lines(line: Optional[int]) -> list[int]:
    return [line] if line is not None else []


def apply_automaton(witness: Witness, program: ParsedProgram, index: ProgramIndex) -> None:
    """Give the witness its invariants (one per node with an invariant, in document order),
    and the ghost variable and updates that track the automaton."""
    graphml = witness.automaton
    events = program_events(program, index)
    tracked = _reaching_invariants(graphml)
    with open(program.path, "rb") as f:
        raw = f.read()
    # offsets count characters of the file as it is: with CR line ends or multi-byte
    # characters, tools count them differently than our text does
    offsets = b"\r" not in raw and raw.isascii()
    matches = {id(e): _match(e, events, program, offsets) for e in graphml.edges
               if e.source in tracked}
    problems: dict[str, str] = {}          # source node -> the first problem of its edges
    for edge in graphml.edges:
        if edge.source not in tracked:
            continue
        problem = matches[id(edge)].problem or _chain_problem(edge, graphml, matches)
        if problem:
            problems.setdefault(edge.source, f"{edge.describe()}: {problem}")
    several = {n: p for n in tracked if (p := _nondeterminism(graphml.outgoing(n), matches))}
    if len(tracked) > MAX_SET:             # no set of states in one ghost
        for node_id, problem in several.items():
            problems.setdefault(node_id, f"{problem}, and more than {MAX_SET} nodes are tracked")
    tainted = _taint(graphml, problems)
    encoding = _Encoding(_fresh_name(program), graphml, tracked, as_set=bool(several)
                         and len(tracked) <= MAX_SET)
    placed = False
    for node in graphml.nodes.values():
        if not node.invariant:
            continue
        invariant = Invariant(
            index=len(witness.invariants), type=LOCATION_INVARIANT, value=node.invariant,
            format="c_expression", location=None, format_version=FORMAT_VERSION,
            entry_type=ENTRY_TYPE, entry_uuid=None, content_position=None,
            yaml_line=node.line, node_id=node.id)
        witness.invariants.append(invariant)
        if node.id in tainted:
            invariant.unplaced_reason = tainted[node.id]
            continue
        point, why = _point(node.id, graphml, matches, events)
        if point is None:
            invariant.unplaced_reason = why
            continue
        site = point.site
        if node.scope and node.scope != site.function:
            invariant.unplaced_reason = (f"invariant.scope is '{node.scope}' but the node is "
                                         f"active in function '{site.function}'")
            continue
        invariant.type = LOOP_INVARIANT if point.kind == HEAD else LOCATION_INVARIANT
        invariant.location = Location(program.file_name, site.start[0], site.start[1],
                                      site.function)
        invariant.condition = encoding.condition(node.id)
        placed = True
    if placed:
        _track(witness, program.file_name, encoding, tracked, tainted, matches)
        witness.automaton_legend = encoding.legend()


# ------------------------------------------------------------------ the automaton's graph
def _reaching_invariants(graphml: GraphmlWitness) -> set[str]:
    """Nodes from which a node with an invariant can be reached (itself included)."""
    found = {n.id for n in graphml.nodes.values() if n.invariant}
    stack = list(found)
    while stack:
        for source in (e.source for e in graphml.incoming(stack.pop())):
            if source not in found and not graphml.nodes[source].sink:
                found.add(source)
                stack.append(source)
    return found


def _taint(graphml: GraphmlWitness, problems: dict[str, str]) -> dict[str, str]:
    """Every node reachable from a node with a problem, with that problem."""
    tainted: dict[str, str] = {}
    for start, problem in problems.items():
        stack = [start]
        while stack:
            node = stack.pop()
            if node in tainted:
                continue
            tainted[node] = (problem if node == start else
                             f"reachable from node {start}, whose transitions cannot be "
                             f"tracked exactly: {problem}")
            stack.extend(e.target for e in graphml.outgoing(node))
    return tainted


# ------------------------------------------------------------------ guards
def _match(edge: Edge, events: ProgramEvents, program: ParsedProgram, offsets: bool
           ) -> _Match:
    """The events a transition's source-code guard matches, or why that is not exact."""
    if edge.other:
        name = next(iter(edge.other))
        return _Match([], f"guard '{name}' is not supported")
    if edge.startline is None:
        return _Match([], "no startline: the guard matches edges on every line")
    if edge.origin_file and os.path.basename(edge.origin_file.replace("\\", "/")) != \
            program.file_name:
        return _Match([], f"originfile '{edge.origin_file}' is not the program")
    line = edge.startline
    if edge.endline is not None and edge.endline != line:
        return _Match([], f"endline {edge.endline} differs from startline {line}")
    for what, offset in (("startoffset", edge.startoffset), ("endoffset", edge.endoffset)):
        if offset is not None and not offsets:
            return _Match([], f"{what}: the program has CR line ends or non-ASCII characters, "
                              f"which tools count differently")
        if offset is not None:
            offset_line = program.original_text.count("\n", 0, offset) + 1
            if offset > len(program.original_text) or offset_line != line:
                return _Match([], f"{what} {offset} is not on line {line}")
    if line in events.problems:
        return _Match([], f"on line {line}: {events.problems[line]}")
    if line in events.calls_in_conditions and edge.control is None:
        return _Match([], f"on line {line}: {events.calls_in_conditions[line]}")
    candidates = events.events_at(line)
    if edge.control is not None:
        candidates = [e for e in candidates if e.kind == BRANCH and e.branch == edge.control]
    if edge.enter_function is not None:
        candidates = [e for e in candidates
                      if e.kind == CALL and e.callee == edge.enter_function]
    if edge.return_from_function is not None:
        # the return to the caller, or a `return` statement of the function (CPAchecker
        # writes returnFrom there)
        candidates = [e for e in candidates if e.function == edge.return_from_function and
                      isinstance(e.statement, c_ast.Return) or
                      e.kind == RETURN and e.callee == edge.return_from_function]
    if edge.enter_loop_head:
        if any(e.successor is None for e in candidates):
            return _Match([], f"whether an edge of line {line} enters a loop head is not known")
        candidates = [e for e in candidates if e.successor.kind == HEAD]
    if edge.startoffset is not None and len({id(e.statement) for e in candidates}) > 1:
        candidates = _at_offset(candidates, events.events_at(line), edge.startoffset,
                                program.original_text)
    if not candidates:
        return _Match([], f"no event of the program matches it on line {line}")
    return _Match(candidates)


def _at_offset(candidates: list[Event], on_line: list[Event], offset: int, text: str
               ) -> list[Event]:
    """The candidates of the statement whose text holds the offset: a statement's text runs
    from its start to the next statement's start on the line (CPAchecker's offsets point at a
    statement's start, or into a condition)."""
    line_start = text.rfind("\n", 0, offset) + 1
    column = offset - line_start + 1
    starts = sorted({e.column for e in on_line})
    holding = max((c for c in starts if c <= column), default=None)
    return [e for e in candidates if e.column == holding]


def _chain_problem(edge: Edge, graphml: GraphmlWitness, matches: dict[int, _Match]
                   ) -> Optional[str]:
    """A statement matched by this transition and by one leaving its target: in a CFA that
    cuts the statement into several edges the second would be taken at once."""
    # a branch matched with `control` is the assume edge itself, the last of its condition;
    # a call's and its return's edges are apart (the callee's come between)
    statements = {_part(e) for e in matches[id(edge)].events
                  if e.kind != BRANCH or edge.control is None}
    for following in graphml.outgoing(edge.target):
        match = matches.get(id(following))
        if match is None:
            continue
        for event in match.events:
            if _part(event) in statements:
                return (f"the statement at line {event.line} is matched by this transition and "
                        f"by {following.describe()}: how many CFA edges it has depends on the "
                        f"tool")
    return None


def _part(event: Event) -> tuple[int, bool]:
    return id(event.statement), event.kind == RETURN


def _nondeterminism(edges: list[Edge], matches: dict[int, _Match]) -> Optional[str]:
    """Two transitions of one node matching one event: several states at once (tracked as
    a set of nodes)."""
    seen: dict[int, Edge] = {}
    for edge in edges:
        for event in matches[id(edge)].events:
            other = seen.setdefault(id(event), edge)
            if other is not edge and other.target != edge.target:
                return (f"{other.describe()} and {edge.describe()} both match "
                        f"{event.describe()} (several states at once)")
    return None


# ------------------------------------------------------------------ where a node is active
def _point(node_id: str, graphml: GraphmlWitness, matches: dict[int, _Match],
           events: ProgramEvents) -> tuple[Optional[Point], Optional[str]]:
    """The one program point where the node can be active, or why there is none."""
    if node_id == graphml.entry:
        return None, "an invariant at the entry node (before main starts) is not supported"
    incoming = graphml.incoming(node_id)
    if not incoming:
        return None, "no transition enters the node"
    points: list[Point] = []
    midway = None
    for edge in incoming:
        for event in matches[id(edge)].events:
            if event.successor is None:
                return None, (f"{edge.describe()} enters it after {event.describe()}, whose "
                              f"next program point is not known")
            if event.successor not in points:
                points.append(event.successor)
            if event.kind in (STATEMENT, RETURN) and not edge.enter_loop_head:
                midway = midway or (edge, event)
    if len(points) != 1:
        where = ", ".join(p.describe() for p in points)
        return None, f"the node is entered at several program points ({where})"
    if midway is not None:
        edge, event = midway
        return None, (f"{edge.describe()} enters it on {event.describe()} by its line alone: "
                      f"a CFA that cuts the statement into several edges enters the node in "
                      f"its middle (only enterLoopHead or control pins the last edge)")
    point = points[0]
    if point.kind == NEXT:
        return None, f"a check before {point.describe()} is not supported"
    leaving = {id(ev): e for e in graphml.outgoing(node_id) for ev in matches[id(e)].events}
    for event in events.starting.get(point, []):
        edge = leaving.get(id(event))
        if edge is None:
            return None, (f"no transition of the node matches {event.describe()}, so the "
                          f"automaton may stay in it beyond {point.describe()} (only nodes "
                          f"left at the next event are supported)")
        if event.kind == STATEMENT and edge.enter_loop_head:
            return None, (f"{edge.describe()} leaves it only at the edge of {event.describe()} "
                          f"that enters a loop head, the last one in a CFA that cuts the "
                          f"statement into several: the node would be active in its middle")
    if not events.starting.get(point):
        return None, f"no event of the program leaves {point.describe()}"
    return point, None


# ------------------------------------------------------------------ the ghost code
class _Encoding:
    """The automaton's state as one ghost: the node's number (a deterministic automaton), or
    the set of nodes it can be in as bits (`as_set`; at most MAX_SET tracked nodes, numbered
    in document order; a node that is not tracked has no bit: nothing is checked after it)."""

    def __init__(self, name: str, graphml: GraphmlWitness, tracked: set[str],
                 as_set: bool) -> None:
        self.name, self.graphml, self.as_set = name, graphml, as_set
        nodes = [n for n in graphml.nodes if n in tracked] if as_set else list(graphml.nodes)
        self.code = {node_id: i for i, node_id in enumerate(nodes)}

    def condition(self, node: str) -> str:
        if self.as_set:
            return f"(({self.name} >> {self.code[node]}) & 1ULL) != 0"
        return f"{self.name} == {self.code[node]}"

    def variable(self) -> GhostVariable:
        entry = self.graphml.entry
        if self.as_set:
            initial = f"{1 << self.code[entry]}ULL" if entry in self.code else "0ULL"
            return GhostVariable(self.name, "unsigned long long", initial, "global",
                                 self.graphml.nodes[entry].line)
        return GhostVariable(self.name, "int", str(self.code[entry]), "global",
                             self.graphml.nodes[entry].line)

    def update(self, edges: list[Edge]) -> str:
        """The new value on an event that these transitions (of distinct or equal sources)
        match; the nodes none of whose transitions match it keep their place."""
        name = self.name
        if not self.as_set:
            # deterministic: one target per source; a search tree over the sources keeps the
            # expression shallow (an unrolled automaton has hundreds on one event)
            pairs = sorted({(self.code[e.source], self.code[e.target]) for e in edges})
            return self._search(pairs)
        targets: dict[str, int] = {}
        for edge in edges:
            bit = 1 << self.code[edge.target] if edge.target in self.code else 0
            targets[edge.source] = targets.get(edge.source, 0) | bit
        everything = (1 << len(self.code)) - 1
        keep = everything & ~sum(1 << self.code[source] for source in targets)
        terms = [f"({name} & {keep}ULL)"] + [
            f"((({name} >> {self.code[source]}) & 1ULL) ? {mask}ULL : 0ULL)"
            for source, mask in targets.items()]
        return _balanced(terms, "|")

    def _search(self, pairs: list[tuple[int, int]]) -> str:
        name = self.name
        if len(pairs) <= 4:
            value = name
            for source, target in reversed(pairs):
                value = f"({name} == {source} ? {target} : {value})"
            return value
        middle = len(pairs) // 2
        return (f"({name} < {pairs[middle][0]} ? {self._search(pairs[:middle])} : "
                f"{self._search(pairs[middle:])})")

    def legend(self) -> str:
        if self.as_set:
            return (f"GraphML witness automaton: {self.name} holds the set of nodes it can be "
                    f"in, bit by bit: " + ", ".join(f"bit {i} = {n}" for n, i in
                                                   self.code.items()))
        shown = [n for n in self.graphml.nodes if n in self.code]
        return (f"GraphML witness automaton: {self.name} holds its node: " +
                ", ".join(f"{self.code[n]} = {n}" for n in shown))


def _balanced(terms: list[str], operator: str) -> str:
    """`a op b op c ...` as a balanced tree (a chain nests as deep as it is long)."""
    if len(terms) == 1:
        return terms[0]
    middle = len(terms) // 2
    return f"({_balanced(terms[:middle], operator)} {operator} " \
           f"{_balanced(terms[middle:], operator)})"


def _track(witness: Witness, file_name: str, encoding: _Encoding, tracked: set[str],
           tainted: dict[str, str], matches: dict[int, _Match]) -> None:
    """The state ghost and one update per event that a tracked transition matches."""
    graphml = witness.automaton
    witness.ghost_variables.append(encoding.variable())
    by_event: dict[int, tuple[Event, list[Edge]]] = {}
    for edge in graphml.edges:
        if edge.source not in tracked or edge.source in tainted:
            continue
        for event in matches[id(edge)].events:
            by_event.setdefault(id(event), (event, []))[1].append(edge)
    state = encoding.name
    for event, edges in by_event.values():
        value = encoding.update(edges)
        site = event.site
        location = Location(file_name, site.start[0], site.start[1], site.function)
        branch = None if event.kind != BRANCH else str(event.branch).lower()
        part = AFTER_CALL if event.kind == RETURN else event.part
        witness.ghost_updates.append(GhostUpdate(location, [(state, value)], edges[0].line,
                                                 [edges[0].line], branch, part=part))


def _fresh_name(program: ParsedProgram) -> str:
    identifiers = program_identifiers(program.ast)
    name, suffix = STATE, 0
    while name in identifiers:
        suffix += 1
        name = f"{STATE}_{suffix}"
    return name
