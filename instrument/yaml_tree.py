"""YAML read fast, with the line of every key and item (for messages and reports).

A witness of 20,000 invariants is a document of about 440,000 nodes; ruamel's pure-Python
round-trip loader took a minute for it.  Here the document is composed by libyaml
(ruamel.yaml.clib's `CParser`) where that is installed and the text has no directives, and
constructed into plain values (dicts, lists, strings, numbers, booleans, None; dates and times
become ISO strings; a local tag such as `!foo` is ignored, as the round-trip loader did);
the composed nodes are kept for the lines.  A text with a `%YAML` or `%TAG` directive, or one libyaml rejects, goes through the
pure-Python parser, so that the version a directive asks for and the wording and position of
syntax errors stay ruamel's own.  Python's cyclic garbage collector is paused while the nodes
are built: it walked all of them again and again (most of the time of a large document).
"""
from __future__ import annotations

import contextlib
import datetime
import gc
import re
from dataclasses import dataclass
from typing import Any, Iterator, Optional, Sequence

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.main import CParser
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.constructor import SafeConstructor
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.tag import Tag

DIRECTIVE = re.compile(r"^%", re.MULTILINE)


class _Yaml12Resolver(VersionedResolver):
    """YAML 1.2's implicit types, without looking the version and its table up for every
    scalar (which took most of libyaml's composing time).  Only for texts without
    directives."""

    @property
    def processing_version(self) -> Any:
        return (1, 2)

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is not ScalarNode or self.yaml_path_resolvers:
            return VersionedResolver.resolve(self, kind, value, implicit)
        if implicit[0]:
            table = self.__dict__.get("_table")
            if table is None:
                table = self.__dict__["_table"] = self.versioned_resolver
            for tag, regexp in table.get(value[:1], ()):
                if regexp.match(value):
                    return Tag(suffix=tag)
        return self.DEFAULT_SCALAR_TAG


class _Constructor(SafeConstructor):
    """The safe constructor, but a local tag (`!foo`) is read as the untagged value, as the
    round-trip loader did (not an error)."""


def _untagged(constructor: SafeConstructor, node: Node) -> Any:
    if isinstance(node, SequenceNode):
        return constructor.construct_yaml_seq(node)
    if isinstance(node, MappingNode):
        return constructor.construct_yaml_map(node)
    return node.value


_Constructor.add_constructor(None, _untagged)


@dataclass
class YamlTree:
    """A YAML document as plain values, and its nodes for the lines."""
    data: Any
    root: Optional[Node]

    def line_of(self, path: Sequence[Any]) -> Optional[int]:
        """The 1-based line of the key (in a mapping) or the item (in a sequence) that `path`
        leads to; of the deepest step that exists, else of the document."""
        line = None
        node = self.root
        for step in path:
            if isinstance(node, MappingNode):
                # the last: a key written after a merge (`<<`) overrides the merged one
                pair = next(((k, v) for k, v in reversed(node.value)
                             if isinstance(k, ScalarNode) and k.value == str(step)), None)
                if pair is None:
                    break
                line, node = pair[0].start_mark.line + 1, pair[1]
            elif isinstance(node, SequenceNode) and isinstance(step, int) \
                    and 0 <= step < len(node.value):
                node = node.value[step]
                line = node.start_mark.line + 1
            else:
                break
        if line is None and self.root is not None:
            line = self.root.start_mark.line + 1
        return line


def load_yaml(text: str) -> YamlTree:
    """Compose and construct one document (None for an empty text); bad YAML raises ruamel's
    `YAMLError`."""
    with _collector_paused():
        if CParser is not None and not DIRECTIVE.search(text):
            try:
                return _load(text, fast=True)
            except YAMLError:
                pass            # ruamel's own parser says what is wrong, and where
        return _load(text, fast=False)


def _load(text: str, fast: bool) -> YamlTree:
    yaml = YAML(typ="safe", pure=not fast)
    yaml.Constructor = _Constructor
    if fast:
        yaml.Resolver = _Yaml12Resolver
        node = yaml.compose(text)
        data = _construct(node, yaml.constructor) if node is not None else None
        return YamlTree(data, node)
    else:
        # the nodes, then the values as ruamel reads them (with a directive's version)
        node = yaml.compose(text)
        reader = YAML(typ="safe", pure=True)
        reader.Constructor = _Constructor
        data = reader.load(text)
    return YamlTree(plain(data), node)


STR, SEQ, MAP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"


class _Unusual(Exception):
    """A node the direct construction leaves to ruamel's constructor."""


def _construct(root: Node, constructor: Any) -> Any:
    """The plain values of `root`: strings, sequences and mappings with string keys are built
    directly (ruamel's constructor spent seconds per thousand invariants on its generality);
    other scalars (numbers, booleans, null, times) by the constructor's own functions.  A
    document with anything else (merge keys, duplicate or non-string keys, other tags,
    aliases of containers) is given to the constructor whole."""
    seen: set[int] = set()

    def build(node: Node) -> Any:
        if isinstance(node, ScalarNode):
            if node.tag == STR:
                return node.value
            return plain(constructor.construct_object(node, deep=True))
        if id(node) in seen:          # an alias (perhaps recursive)
            raise _Unusual
        seen.add(id(node))
        if isinstance(node, SequenceNode) and node.tag == SEQ:
            return [build(item) for item in node.value]
        if isinstance(node, MappingNode) and node.tag == MAP:
            mapping = {}
            for key, value in node.value:
                if not isinstance(key, ScalarNode) or key.tag != STR or key.value in mapping:
                    raise _Unusual
                mapping[key.value] = build(value)
            return mapping
        raise _Unusual

    try:
        return build(root)
    except _Unusual:
        return plain(constructor.construct_document(root))


def plain(value: Any) -> Any:
    """Constructed values -> JSON types (dates and times become ISO strings)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
