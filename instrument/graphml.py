"""Read a GraphML 1.0 witness (a witness automaton) into plain dataclasses.

The XML is read with expat, and every document type declaration is refused before expat
reads it: no internal subset, so no entity is ever declared or expanded (entity bombs), and
no external entity or DTD is ever fetched.  Only the five predefined entities and character
references remain.  `<data key="K">` is read through the `<key id="K">` declaration of the
document, whose id or `attr.name` gives the name (producers differ: CPAchecker declares
`id="sink" attr.name="isSinkNode"`); a key's `<default>` applies where a node or edge has no
data for it.  Data naming an undeclared key, a violation witness, a document without exactly
one entry node, an edge to an unknown node and malformed guard values are `InputError`s with
the witness line.  What the automaton means for a program is `automaton.py`'s business.
"""
from __future__ import annotations

import xml.parsers.expat
from dataclasses import dataclass, field
from typing import Optional

from .errors import InputError

CORRECTNESS = "correctness_witness"
VIOLATION = "violation_witness"

# the names the format description uses, and the other ids and attr.names producers declare
SYNONYMS = {
    "isEntryNode": "entry", "isSinkNode": "sink", "isViolationNode": "violation",
    "returnFrom": "returnFromFunction", "sourcecodeLanguage": "sourcecodelang",
    "programFile": "programfile", "programHash": "programhash", "originFileName": "originfile",
    "witness-format-version": "witness-format-version",
}
GUARD_KEYS = ("startline", "endline", "startoffset", "endoffset", "control", "enterLoopHead",
              "enterFunction", "returnFromFunction", "assumption", "assumption.scope",
              "assumption.resultfunction", "threadId", "createThread", "originfile")
CONTROL_VALUES = ("condition-true", "condition-false")
MAX_NODES = 200_000


@dataclass
class Node:
    id: str
    line: int                                 # in the witness file
    entry: bool = False
    sink: bool = False
    violation: bool = False
    invariant: Optional[str] = None           # None or empty: true
    scope: Optional[str] = None               # invariant.scope


@dataclass
class Edge:
    source: str
    target: str
    line: int
    id: Optional[str] = None
    startline: Optional[int] = None
    endline: Optional[int] = None
    startoffset: Optional[int] = None
    endoffset: Optional[int] = None
    control: Optional[bool] = None            # condition-true: True
    enter_loop_head: bool = False
    enter_function: Optional[str] = None
    return_from_function: Optional[str] = None
    # guard keys we read but do not support (assumption, threads): name -> value
    other: dict[str, str] = field(default_factory=dict)
    origin_file: Optional[str] = None

    def describe(self) -> str:
        name = f"edge {self.id} " if self.id else "edge "
        return f"{name}{self.source} -> {self.target} (witness line {self.line})"


@dataclass
class GraphmlWitness:
    path: str
    graph: dict[str, str]                     # graph data by name: producer, architecture, ...
    graph_lines: dict[str, int]
    nodes: dict[str, Node]                    # in document order
    edges: list[Edge]
    entry: str
    _out: dict[str, list[Edge]] = field(default_factory=dict, repr=False)
    _in: dict[str, list[Edge]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for edge in self.edges:
            self._out.setdefault(edge.source, []).append(edge)
            self._in.setdefault(edge.target, []).append(edge)

    def outgoing(self, node: str) -> list[Edge]:
        return self._out.get(node, [])

    def incoming(self, node: str) -> list[Edge]:
        return self._in.get(node, [])


@dataclass
class _Element:
    tag: str
    attributes: dict[str, str]
    line: int
    children: list["_Element"] = field(default_factory=list)
    text: str = ""


def parse_graphml(text: str, path: str) -> GraphmlWitness:
    root = _parse_xml(text, path)
    if root.tag != "graphml":
        raise InputError(f"XML document is not GraphML (root element <{root.tag}>)", path,
                         root.line)
    keys = _keys(root, path)
    graphs = [c for c in root.children if c.tag == "graph"]
    if len(graphs) != 1:
        raise InputError(f"a GraphML witness has exactly one <graph> (found {len(graphs)})",
                         path, root.line)
    graph = graphs[0]
    graph_data, graph_lines = {}, {}
    for child in graph.children:
        if child.tag == "data":
            name = _key_name(child, keys, path)
            graph_data[name], graph_lines[name] = child.text.strip(), child.line
    kind = graph_data.get("witness-type")
    if kind == VIOLATION:
        raise InputError("this is a violation witness (witness-type violation_witness), not a "
                         "correctness witness", path, graph_lines["witness-type"])
    if kind != CORRECTNESS:
        raise InputError(f"witness-type is {kind!r}, not correctness_witness" if kind else
                         "the graph has no witness-type data (correctness_witness expected)",
                         path, graph_lines.get("witness-type", graph.line))
    nodes: dict[str, Node] = {}
    edges: list[Edge] = []
    for child in graph.children:
        if child.tag == "node":
            node = _node(child, keys, path)
            if node.id in nodes:
                raise InputError(f"node id '{node.id}' is declared twice", path, child.line)
            nodes[node.id] = node
            if len(nodes) > MAX_NODES:
                raise InputError(f"more than {MAX_NODES} nodes", path, child.line)
    for child in graph.children:
        if child.tag == "edge":
            edges.append(_edge(child, keys, nodes, path))
    entries = [n for n in nodes.values() if n.entry]
    if len(entries) != 1:
        raise InputError(f"a witness automaton has exactly one entry node (found "
                         f"{len(entries)}: {', '.join(n.id for n in entries) or 'none'})",
                         path, graph.line)
    for node in nodes.values():
        if node.violation:
            raise InputError(f"node '{node.id}' is a violation node, which a correctness "
                             f"witness may not have", path, node.line)
        if node.sink and node.invariant:
            raise InputError(f"sink node '{node.id}' has an invariant", path, node.line)
    for edge in edges:
        if nodes[edge.source].sink:
            raise InputError(f"{edge.describe()} leaves the sink node '{edge.source}' (a sink "
                             f"has no successors)", path, edge.line)
    return GraphmlWitness(path, graph_data, graph_lines, nodes, edges, entries[0].id)


# ------------------------------------------------------------------ XML
def _parse_xml(text: str, path: str) -> _Element:
    parser = xml.parsers.expat.ParserCreate()
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[_Element] = []
    roots: list[_Element] = []

    def refuse(what: str):
        def handler(*_args):
            raise InputError(f"{what} are not accepted in a witness (entity expansion and "
                             f"external entities are refused)", path, parser.CurrentLineNumber)
        return handler

    parser.StartDoctypeDeclHandler = refuse("document type declarations (<!DOCTYPE>)")
    parser.EntityDeclHandler = refuse("entity declarations")
    parser.UnparsedEntityDeclHandler = refuse("entity declarations")
    parser.ExternalEntityRefHandler = refuse("external entities")

    def start(tag: str, attributes: dict[str, str]) -> None:
        element = _Element(tag.rsplit("}", 1)[-1].rsplit(" ", 1)[-1], dict(attributes),
                           parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    def end(_tag: str) -> None:
        stack.pop()

    def characters(data: str) -> None:
        if stack:
            stack[-1].text += data

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.buffer_text = True
    try:
        parser.Parse(text.encode("utf-8"), True)
    except xml.parsers.expat.ExpatError as e:
        raise InputError(f"malformed XML: {xml.parsers.expat.ErrorString(e.code)}", path,
                         e.lineno, e.offset + 1) from None
    if not roots:
        raise InputError("empty XML document", path)
    return roots[0]


# ------------------------------------------------------------------ keys and data
@dataclass
class _Key:
    name: str
    domain: str
    default: Optional[str]


def _keys(root: _Element, path: str) -> dict[str, _Key]:
    keys: dict[str, _Key] = {}
    for child in root.children:
        if child.tag != "key":
            continue
        key_id = child.attributes.get("id")
        if not key_id:
            raise InputError("<key> without id", path, child.line)
        name = child.attributes.get("attr.name", key_id)
        # the spec's name when either the id or the attr.name is one
        name = SYNONYMS.get(key_id, key_id) if _known(key_id) else SYNONYMS.get(name, name)
        defaults = [c.text.strip() for c in child.children if c.tag == "default"]
        keys[key_id] = _Key(name, child.attributes.get("for", "all"),
                            defaults[0] if defaults else None)
    return keys


def _known(key_id: str) -> bool:
    return key_id in SYNONYMS or key_id in GUARD_KEYS or key_id in (
        "entry", "sink", "violation", "invariant", "invariant.scope", "witness-type",
        "producer", "specification", "architecture", "programhash", "programfile",
        "sourcecodelang", "creationtime")


def _key_name(data: _Element, keys: dict[str, _Key], path: str) -> str:
    if data.children:
        raise InputError(f"<data> holds the element <{data.children[0].tag}> (only text is "
                         f"read)", path, data.line)
    key_id = data.attributes.get("key")
    if key_id not in keys:
        raise InputError(f"<data key=\"{key_id}\"> names no declared <key> (each data element "
                         f"needs a <key id=...> declaration)", path, data.line)
    return keys[key_id].name


def _data(element: _Element, keys: dict[str, _Key], domain: str, path: str) -> dict[str, str]:
    values = {k.name: k.default for k in keys.values()
              if k.domain in (domain, "all") and k.default is not None}
    for child in element.children:
        if child.tag == "data":
            values[_key_name(child, keys, path)] = child.text.strip()
    return values


def _boolean(value: Optional[str], what: str, path: str, line: int) -> bool:
    if value is None:
        return False
    text = value.strip().lower()
    if text in ("true", "1"):
        return True
    if text in ("false", "0", ""):
        return False
    raise InputError(f"{what} is '{value}', not true or false", path, line)


def _integer(value: Optional[str], what: str, path: str, line: int) -> Optional[int]:
    if value is None:
        return None
    try:
        number = int(value.strip())
    except ValueError:
        raise InputError(f"{what} is '{value}', not an integer", path, line) from None
    if number < (1 if what.endswith("line") else 0):
        raise InputError(f"{what} is {number}, out of range", path, line)
    return number


def _node(element: _Element, keys: dict[str, _Key], path: str) -> Node:
    node_id = element.attributes.get("id")
    if not node_id:
        raise InputError("<node> without id", path, element.line)
    data = _data(element, keys, "node", path)
    line = element.line
    invariant = data.get("invariant")
    if invariant is not None and invariant.strip() in ("", "true", "1"):
        invariant = None
    return Node(node_id, line,
                entry=_boolean(data.get("entry"), f"entry of node '{node_id}'", path, line),
                sink=_boolean(data.get("sink"), f"sink of node '{node_id}'", path, line),
                violation=_boolean(data.get("violation"), f"violation of node '{node_id}'",
                                   path, line),
                invariant=invariant, scope=data.get("invariant.scope") or None)


def _edge(element: _Element, keys: dict[str, _Key], nodes: dict[str, Node], path: str) -> Edge:
    line = element.line
    source, target = element.attributes.get("source"), element.attributes.get("target")
    for end, value in (("source", source), ("target", target)):
        if value not in nodes:
            raise InputError(f"edge {end} '{value}' is not a node of the graph", path, line)
    data = _data(element, keys, "edge", path)
    control = data.get("control")
    if control is not None and control not in CONTROL_VALUES:
        raise InputError(f"control is '{control}', not condition-true or condition-false",
                         path, line)
    edge = Edge(source, target, line, element.attributes.get("id"),
                startline=_integer(data.get("startline"), "startline", path, line),
                endline=_integer(data.get("endline"), "endline", path, line),
                startoffset=_integer(data.get("startoffset"), "startoffset", path, line),
                endoffset=_integer(data.get("endoffset"), "endoffset", path, line),
                control=None if control is None else control == "condition-true",
                enter_loop_head=_boolean(data.get("enterLoopHead"), "enterLoopHead", path, line),
                enter_function=data.get("enterFunction") or None,
                return_from_function=data.get("returnFromFunction") or None,
                origin_file=data.get("originfile") or None)
    for name in ("assumption", "threadId", "createThread"):
        if data.get(name) and not (name == "threadId" and data[name] == "0"):
            edge.other[name] = data[name]
    return edge
