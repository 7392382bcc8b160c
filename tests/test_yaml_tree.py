"""instrument/yaml_tree.py reads YAML as ruamel's pure-Python round-trip loader did (values,
lines of keys and items, errors), only faster: compared here on hostile snippets and on every
YAML file of the samples and the shared corpus."""
from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from instrument import yaml_tree
from instrument.yaml_tree import load_yaml

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"

SNIPPETS = {
    "scalars": "- a: 1\n  b: 0x1F\n  c: 0o17\n  d: 017\n  e: -3\n  f: 1_000\n  g: 1.5e3\n"
               "  h: .inf\n  i: -.inf\n  j: true\n  k: yes\n  l: ~\n  m: null\n  n: ''\n"
               "  o: \"a\\tb\\u00e9\"\n  p: 'it''s'\n  q: 2147483648\n  r: +5\n",
    "times": "- t1: 2026-11-27T00:00:00Z\n  t2: 2026-11-27 10:00:00+02:00\n  t3: 2026-11-27\n"
             "  t4: \"2026-11-27T00:00:00Z\"\n  t5: 2026-11-27T10:00:00.123456\n",
    "anchors": "- &e\n  x: [1, 2]\n  y: {z: 3}\n- *e\n",
    "merge": "- base: &b {p: 1, q: 2}\n  merged:\n    <<: *b\n    q: 5\n",
    # (1 and true are one key to the safe constructor, as in Python: a duplicate key)
    "keys": "- 1: one\n  false: f\n  null: n\n  2.5: x\n",
    "blocks": "- value: |\n    x >= 0\n    && y < 3\n  folded: >\n    a\n    b\n"
              "  flow: [a, {b: c}, 'd']\n",
    "witness": "- entry_type: invariant_set\n  metadata:\n    format_version: 2.0\n"
               "    creation_time: 2026-01-01T00:00:00Z\n  content:\n    - invariant:\n"
               "        type: loop_invariant\n        location: {file_name: a.c, line: 4}\n"
               "        value: \"x <= 10\"\n        format: c_expression\n",
    "local tags": "- a: !foo bar\n  c: !foo [1, 2]\n  d: !foo {x: 1}\n  e: !!str 12\n"
                  "  f: !bar\n    g: !baz 3\n",
    "directive 1.1": "%YAML 1.1\n---\n- a: yes\n  b: 017\n  c: on\n",
    "empty": "",
    "comment only": "# nothing\n",
    "scalar document": "just text\n",
}

BROKEN = {
    "tab": "- a: 1\n\t- b\n",
    "unclosed": "- [1, 2\n",
    "duplicate key": "- a: 1\n  a: 2\n",
    "two documents": "- a\n---\n- b\n",
    "bad indentation": "- a: 1\n   b: 2\n",
    "undefined alias": "- *nowhere\n",
    "unclosed quote": "- \"abc\n",
}


def _reference_plain(value):
    """The old loader's conversion of round-trip values to JSON types."""
    if isinstance(value, dict):
        return {str(k): _reference_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_reference_plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    for kind in (bool, int, float, str):
        if isinstance(value, kind):
            return kind(value)
    return None if value is None else str(value)


def _reference_line(node, path):
    """The old loader's line of a path (`lc` of the round-trip values)."""
    line, current = None, node
    for key in path:
        lc = getattr(current, "lc", None)
        try:
            if lc is not None:
                if isinstance(current, dict) and key in current:
                    line = lc.key(key)[0] + 1
                elif isinstance(current, list) and isinstance(key, int) and key < len(current):
                    line = lc.item(key)[0] + 1
            current = current[key]
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    if line is None and getattr(node, "lc", None) is not None:
        line = node.lc.line + 1
    return line


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for position, value in enumerate(data):
            yield from _paths(value, prefix + (position,))


def _assert_same_as_reference(text: str, lines: bool = True) -> None:
    reference = YAML(typ="rt", pure=True).load(text)
    tree = load_yaml(text)
    assert tree.data == _reference_plain(reference)
    if lines and isinstance(reference, (dict, list)):
        for path in _paths(tree.data):
            if all(isinstance(step, (str, int)) for step in path):
                assert tree.line_of(path) == _reference_line(reference, path), path


@pytest.fixture(params=["libyaml", "pure"])
def parser(request, monkeypatch):
    if request.param == "pure":
        monkeypatch.setattr(yaml_tree, "CParser", None)
    elif yaml_tree.CParser is None:
        pytest.skip("ruamel.yaml.clib is not installed")
    return request.param


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_values_and_lines_as_the_round_trip_loader(name, parser):
    # (the old lines of keys that are not strings, or merged, were those of their mapping)
    _assert_same_as_reference(SNIPPETS[name], lines=name not in ("merge", "keys"))


def test_merged_key_has_the_line_where_it_is_written(parser):
    tree = load_yaml(SNIPPETS["merge"])
    assert tree.data[0]["merged"] == {"p": 1, "q": 5}
    assert tree.line_of([0, "merged", "q"]) == 4


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_errors_as_the_round_trip_loader(name, parser):
    with pytest.raises(YAMLError) as expected:
        YAML(typ="rt", pure=True).load(BROKEN[name])
    with pytest.raises(YAMLError) as got:
        load_yaml(BROKEN[name])
    assert type(got.value) is type(expected.value)
    assert str(got.value) == str(expected.value)


def test_directive_version_is_honoured():
    assert load_yaml("%YAML 1.1\n---\n- yes\n").data == [True]
    assert load_yaml("- yes\n").data == ["yes"]


def test_every_corpus_and_sample_yaml_file_reads_the_same():
    files = [p for root in (ROOT / "sv-benchmarks-sample", ROOT / "tests" / "data", CORPUS)
             if root.exists() for p in sorted(root.rglob("*.y*ml"))]
    assert files
    for path in files:
        _assert_same_as_reference(path.read_text(encoding="utf-8"))


def test_collector_state_is_restored():
    import gc
    assert gc.isenabled()
    load_yaml("- a: 1\n")
    assert gc.isenabled()
    with pytest.raises(YAMLError):
        load_yaml("- [1\n")
    assert gc.isenabled()
