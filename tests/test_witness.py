"""Witness loading: formats 0.1/0.2, 2.0, 2.1; tolerance of real producers; invalid input."""
from __future__ import annotations

import hashlib

import pytest

from conftest import dedent, invariant_set, v01_entry
from instrument.errors import InputError
from instrument.witness import check_program_hash, load_witness, parse_witness_text

UUID_A = "91023a0f-9f45-4385-88c4-1152ade45537"
UUID_B = "5efef274-180a-4988-9352-748c497c2557"


def load(text: str, name: str = "w.yml"):
    return parse_witness_text(text, name)


def error_of(text: str, name: str = "w.yml") -> InputError:
    with pytest.raises(InputError) as info:
        parse_witness_text(text, name)
    return info.value


# ------------------------------------------------------------------ format 0.1 / 0.2
def test_format_01_loop_invariant_and_certificate_entry_skipped():
    certificate = dedent(f"""
        - entry_type: loop_invariant_certificate
          metadata:
            format_version: 0.1
            uuid: 954affa9-32e4-4b35-85ae-888da3a6a53b
            creation_time: 2021-05-05T15:18:43+02:00
            producer: {{name: CPAchecker, version: 2.0.1-svn}}
          target:
            uuid: {UUID_A}
            type: loop_invariant
            file_hash: XXXf45a8d763ef520f6d92e4135c8572805994a66531c6216b17157d0dde2f9c
          certification:
            string: confirmed
            type: verdict
            format: confirmed | rejected
        """)
    text = v01_entry("loop_invariant", 16, 0, "(x >= 1024U) && (y == x)", UUID_A) + "\n" + certificate
    witness = load(text)
    assert witness.format_versions == ["0.1"]
    assert len(witness.invariants) == 1          # the certificate entry is input, skipped
    invariant = witness.invariants[0]
    assert invariant.type == "loop_invariant"
    assert invariant.value == "(x >= 1024U) && (y == x)"
    assert invariant.format == "C"
    assert (invariant.location.file_name, invariant.location.line,
            invariant.location.column, invariant.location.function) == ("prog.c", 16, 0, "main")
    assert invariant.entry_uuid == UUID_A and invariant.entry_type == "loop_invariant"
    assert invariant.content_position is None
    assert invariant.yaml_line == 1
    assert invariant.unsupported_reason is None
    assert witness.data_model == "ILP32"
    assert witness.producer == "CPAchecker 2.0.1-svn"


def test_format_02_location_invariant():
    text = (v01_entry("loop_invariant", 24, 0, "sn == x * 2", UUID_A, version="0.2") + "\n"
            + v01_entry("location_invariant", 27, 0, "sn == x * 2 || sn == 0", UUID_B,
                        version="0.2"))
    witness = load(text)
    assert witness.format_versions == ["0.2"]
    assert [(i.type, i.entry_uuid, i.location.line) for i in witness.invariants] == [
        ("loop_invariant", UUID_A, 24), ("location_invariant", UUID_B, 27)]
    assert witness.invariants[1].yaml_line == text.splitlines().index(
        "- entry_type: location_invariant") + 1
    assert all(i.unsupported_reason is None for i in witness.invariants)


def test_format_01_other_formats_and_types_are_unsupported():
    acsl = v01_entry("loop_invariant", 5, 0, "x >= 0", UUID_A).replace("format: C", "format: ACSL")
    other_type = v01_entry("loop_invariant", 5, 0, "x >= 0", UUID_B).replace(
        "type: assertion", "type: precondition")
    witness = load(acsl + "\n" + other_type)
    reasons = [i.unsupported_reason for i in witness.invariants]
    assert "ACSL" in reasons[0] and "not supported" in reasons[0]
    assert "precondition" in reasons[1] and "not supported" in reasons[1]


def test_real_01_witness_from_sv_witnesses(corpus):
    witness = load_witness(str(corpus / "witnesses/sv-witnesses/multivar_1-1/"
                                        "multivar_1-1.c.invariant_witness.yaml"))
    assert len(witness.invariants) == 1           # loop_invariant_certificate skipped
    assert witness.invariants[0].entry_uuid == UUID_A
    assert witness.invariants[0].value.startswith("(x >= 1024U)")


# ------------------------------------------------------------------ format 2.0
def test_format_20_invariant_set_with_both_invariant_types():
    text = invariant_set([("loop_invariant", 12, 3, "x == i + 1"),
                          ("location_invariant", 10, 3, "g == 0")], uuid=UUID_A)
    witness = load(text)
    assert witness.format_versions == ["2.0"]
    first, second = witness.invariants
    assert (first.index, first.type, first.value, first.format) == (
        0, "loop_invariant", "x == i + 1", "c_expression")
    assert (second.index, second.type, second.location.line, second.location.column) == (
        1, "location_invariant", 10, 3)
    assert first.entry_type == second.entry_type == "invariant_set"
    assert first.entry_uuid == second.entry_uuid == UUID_A
    assert (first.content_position, second.content_position) == (0, 1)
    lines = text.splitlines()
    invariant_lines = [n + 1 for n, line in enumerate(lines) if line == "  - invariant:"]
    assert [first.yaml_line, second.yaml_line] == invariant_lines
    assert not witness.unsupported_features and not witness.warnings


def test_format_20_empty_content_is_an_empty_witness():
    for text in (invariant_set([]), invariant_set([]).replace("content: []", "content:")):
        witness = load(text)
        assert witness.invariants == [] and witness.is_empty


def test_real_20_witness_with_windows_paths(corpus):
    witness = load_witness(str(corpus / "witnesses/cpachecker/input-witness/input-witness.yml"))
    assert witness.format_versions == ["2.0"]
    assert witness.invariants[0].location.file_name == "doc\\examples\\example.c"
    assert "doc\\examples\\example.c" in witness.input_file_hashes


# ------------------------------------------------------------------ format 2.1
GHOSTS = dedent("""
    - entry_type: ghost_instrumentation
      metadata:
        format_version: "2.1"
        uuid: 8c508694-8f92-4950-a722-f0f1489c34c1
        creation_time: "2023-07-12T17:17:17.000Z"
        producer: {name: Ultimate GemCutter, version: 0.2.3-dev}
      content:
        ghost_variables:
          - name: g
            scope: global
            type: int
            initial: {value: "0", format: c_expression}
        ghost_updates:
          - location: {file_name: prog.c, line: 7, column: 3, function: main}
            updates:
              - {variable: g, value: "1", format: c_expression}
    """)


def test_format_21_ghost_instrumentation_is_parsed_with_its_lines():
    text = invariant_set([("location_invariant", 8, 3, "g == 1")], version="2.1") + GHOSTS
    witness = load(text)
    assert witness.format_versions == ["2.1"]
    assert [(g.name, g.type, g.initial, g.scope) for g in witness.ghost_variables] == [
        ("g", "int", "0", "global")]
    update = witness.ghost_updates[0]
    assert (update.location.line, update.location.column, update.updates) == (7, 3, [("g", "1")])
    assert update.branch is None
    lines = text.splitlines()
    assert "- name: g" in lines[witness.ghost_variables[0].yaml_line - 1]
    assert "initial:" in lines[witness.ghost_variables[0].initial_line - 1]
    assert "- {variable: g" in lines[update.update_lines[0] - 1]
    assert len(witness.invariants) == 1 and witness.invariants[0].unsupported_reason is None
    # what the ghosts mean is checked against the program when they are woven (test_ghosts.py)
    assert witness.unsupported_features == []


def test_format_21_ghost_update_restricted_to_a_branch():
    text = invariant_set([], version="2.1") + GHOSTS.replace(
        "        updates:\n", "        action: follow\n"
        "        constraint: {value: false}\n        updates:\n")
    assert load(text).ghost_updates[0].branch == "false"
    # action and constraint come together (as in a branching waypoint)
    error = error_of(text.replace("        action: follow\n", ""))
    assert "not a valid format-2.1 witness entry" in error.message


@pytest.mark.parametrize("broken, replacement, at", [
    # not an identifier
    ("      - name: g\n", "      - name: 1g\n", "- name: 1g"),
    # initial missing: reported at the ghost variable
    ("        initial: {value: \"0\", format: c_expression}\n", "", "- name: g"),
    # value of an update missing: reported at the update
    ("          - {variable: g, value: \"1\", format: c_expression}\n",
     "          - {variable: g, format: c_expression}\n", "- {variable: g, format"),
])
def test_format_21_ghost_entries_are_schema_checked(broken, replacement, at):
    assert broken in GHOSTS
    text = invariant_set([], version="2.1") + GHOSTS.replace(broken, replacement)
    error = error_of(text)
    assert error.file == "w.yml"
    assert at in text.splitlines()[error.line - 1]
    assert "not a valid format-2.1 witness entry" in error.message
    assert "ghost_variables" in error.message or "ghost_updates" in error.message


def test_real_21_witness_with_ghosts(corpus):
    path = corpus / ("witnesses/cpachecker/correctness-concurrency/case_distinction.c/"
                     "case_distinction.c-witness.yml")
    witness = load_witness(str(path))
    assert witness.format_versions == ["2.1"]
    assert [g.name for g in witness.ghost_variables] == ["g"]
    assert witness.ghost_updates and not witness.unsupported_features
    assert witness.invariants[0].value == "g != 1 || x >= 42"


def test_real_goblint_21_flow_insensitive_invariants_are_unsupported(corpus):
    path = corpus / "witnesses/goblint/13-privatized/74-mutex-cram/74-mutex.c.witness1.yml"
    witness = load_witness(str(path))
    flow = [i for i in witness.invariants if i.type == "flow_insensitive_invariant"]
    assert flow, "the witness has flow_insensitive_invariant entries"
    assert all("flow_insensitive_invariant" in i.unsupported_reason for i in flow)


# ------------------------------------------------------------------ tolerance
def test_unquoted_version_datetime_bare_ltl_and_extra_keys():
    text = dedent("""
        - entry_type: invariant_set
          metadata:
            format_version: 2.0
            uuid: 8b3c0000-0000-4000-8000-000000000000
            creation_time: 2024-05-01T10:00:00+02:00
            producer: {name: P, version: 1.2}
            task:
              input_files: ["C:\\\\x\\\\prog.c"]
              input_file_hashes: {"C:\\\\x\\\\prog.c": $FILE_HASH}
              specification: G ! call(reach_error())
              data_model: LP64
              language: C
          content:
          - invariant:
              type: loop_invariant
              location: {file_name: "C:\\\\x\\\\prog.c", line: 5, column: 3, function: main,
                         file_hash: $FILE_HASH}
              value: x >= 0
              format: c_expression
              labels: [a, b]
        """)
    witness = load(text)
    assert witness.format_versions == ["2.0"]
    assert witness.data_model == "LP64"
    assert witness.producer == "P 1.2"
    invariant = witness.invariants[0]
    assert invariant.location.file_name == "C:\\x\\prog.c"
    assert invariant.unsupported_reason is None
    # the placeholder hashes are metadata warnings, not errors, and not compared
    check_program_hash(witness, "/some/where/prog.c", b"int main(void) { return 0; }\n")
    assert witness.warnings == []
    assert [(w.field, w.value, w.problem) for w in witness.metadata_warnings] == [
        ("metadata/task/input_file_hashes/C:\\x\\prog.c", "$FILE_HASH", "is a placeholder"),
        ("content/0/invariant/location/file_hash", "$FILE_HASH", "is a placeholder")]


def test_unquoted_version_01_and_21_are_read_as_text():
    witness = load(v01_entry("loop_invariant", 3, 0, "1", UUID_A))   # format_version: 0.1
    assert witness.format_versions == ["0.1"]
    witness = load(invariant_set([("loop_invariant", 3, 3, "1")], version="2.1")
                   .replace('format_version: "2.1"', "format_version: 2.1"))
    assert witness.format_versions == ["2.1"]


def test_scalar_invariant_values_become_text():
    text = invariant_set([("location_invariant", 3, 3, "1")]).replace('value: "1"', "value: 1")
    assert load(text).invariants[0].value == "1"
    text = invariant_set([("location_invariant", 3, 3, "1")]).replace('value: "1"', "value: true")
    assert load(text).invariants[0].value == "1"


def test_hash_checks_are_warnings_only():
    program = b"int main(void) { return 0; }\n"
    good = hashlib.sha256(program).hexdigest()
    text = invariant_set([]).replace("input_file_hashes: {}",
                                     f"input_file_hashes: {{prog.c: {good}}}")
    witness = load(text)
    check_program_hash(witness, "dir/prog.c", program)
    assert witness.metadata_warnings == [] and witness.warnings == []
    witness = load(text.replace(good, "ab" * 32))
    check_program_hash(witness, "dir/prog.c", program)
    assert [str(w) for w in witness.metadata_warnings] == [
        f"w.yml:{text.splitlines().index('    task:') + 3}: witness metadata "
        f"metadata/task/input_file_hashes/prog.c = '{'ab' * 32}' does not match the program "
        f"prog.c (SHA-256 {good}): the witness may be for another version of the program"]
    witness = load(text.replace("prog.c: ", "other.c: ").replace(good, "ab" * 32))
    check_program_hash(witness, "dir/prog.c", program)       # another file: not compared
    assert witness.metadata_warnings == []


# ------------------------------------------------------------------ unsupported entries
def test_unsupported_content_and_entries_are_kept_with_reasons():
    text = dedent("""
        - entry_type: invariant_set
          metadata: {format_version: "2.0", uuid: u-1}
          content:
          - invariant:
              type: flow_insensitive_invariant
              value: g >= 0
              format: c_expression
          - invariant:
              type: transition_invariant
              location: {file_name: prog.c, line: 5}
              value: x >= 0
              format: c_expression
          - invariant:
              type: location_invariant
              location: {file_name: prog.c, line: 5}
              value: x >= 0
              format: acsl_expression
          - function_contract:
              location: {file_name: prog.c, line: 2}
              requires: x > 0
              ensures: \\result > 0
              format: acsl_expression
          - invariant:
              type: location_invariant
              location: {file_name: prog.c, line: 5}
              value: x >= 0
              format: c_expression
        - entry_type: lemma_set
          content: []
        - entry_type: lemma_set
          metadata: {format_version: "2.0"}
          content: []
        - entry_type: something_new
          metadata: {format_version: "2.0"}
        - entry_type: precondition_loop_invariant
          metadata: {format_version: "0.1", uuid: c2, producer: {name: x}}
        - entry_type: loop_invariant_certificate
          metadata: {format_version: "0.1", uuid: c3, producer: {name: x}}
          target: {uuid: u-1, type: invariant_set}
          certification: {string: confirmed, type: verdict, format: confirmed | rejected}
        """)
    witness = load(text)
    reasons = [(i.type, i.unsupported_reason) for i in witness.invariants]
    assert len(reasons) == 9                      # the certificate is skipped
    expected = [("flow_insensitive_invariant", "flow_insensitive_invariant"),
                ("transition_invariant", "transition_invariant"),
                ("location_invariant", "acsl_expression"),
                ("function_contract", "function_contract"),
                ("location_invariant", None),
                ("lemma_set", "lemma_set"),
                ("lemma_set", "lemma_set"),
                ("something_new", "something_new"),
                ("precondition_loop_invariant", "precondition_loop_invariant")]
    for (kind, reason), (want_kind, want_word) in zip(reasons, expected):
        assert kind == want_kind
        if want_word is None:
            assert reason is None
        else:
            assert want_word in reason and "not supported" in reason
    assert [i.index for i in witness.invariants] == list(range(len(witness.invariants)))


# ------------------------------------------------------------------ invalid input
@pytest.mark.parametrize("text, line, words", [
    # not YAML: the position comes from the YAML parser
    ("- entry_type: invariant_set\n  metadata: {format_version: '2.0'\n  content: []\n",
     3, ["malformed YAML"]),
    ("- entry_type: invariant_set\n\tmetadata: {}\n", 2, ["malformed YAML"]),
    ("- entry_type: invariant_set\n  entry_type: invariant_set\n  metadata: {}\n", 2,
     ["malformed YAML", "duplicate key"]),
    # wrong shape
    ("entry_type: invariant_set\nmetadata: {format_version: '2.0'}\n", 1,
     ["top level", "list"]),
    ("- 5\n", 1, ["entry must be a mapping"]),
    ("- metadata: {format_version: '2.0'}\n", 1, ["missing required key 'entry_type'"]),
    ("- entry_type: invariant_set\n  content: []\n", 1, ["missing required key 'metadata'"]),
    ("- entry_type: invariant_set\n  metadata: {uuid: x}\n  content: []\n", 2,
     ["missing required key 'format_version'"]),
    ("- entry_type: invariant_set\n  metadata:\n    format_version: '3.0'\n  content: []\n", 3,
     ["unknown witness format_version '3.0'"]),
    ("- entry_type: invariant_set\n  metadata: {format_version: '2.0'}\n", 1,
     ["missing required key 'content'"]),
    # a violation witness is not a correctness witness
    ("- entry_type: violation_sequence\n  metadata: {format_version: '2.0'}\n  content: []\n", 1,
     ["violation witness"]),
])
def test_invalid_witnesses_are_errors_with_file_and_line(text, line, words):
    error = error_of(text)
    assert error.file == "w.yml" and error.line == line
    assert str(error).startswith(f"w.yml:{line}")
    for word in words:
        assert word in error.message


def test_missing_required_key_inside_an_invariant_names_key_and_line():
    text = invariant_set([("loop_invariant", 3, 3, "x")])
    text = text.replace("      format: c_expression\n", "")
    error = error_of(text)
    assert "missing required key 'format'" in error.message
    assert error.line == text.splitlines().index("  - invariant:") + 1


def test_wrong_type_names_the_path_and_line():
    text = invariant_set([("loop_invariant", 3, 3, "x")]).replace("line: 3", "line: three")
    error = error_of(text)
    assert "content/0/invariant/location/line" in error.message
    assert "'three' is not of type 'integer'" in error.message
    assert error.line == text.splitlines().index("      location: {file_name: \"prog.c\", "
                                                 "line: three, column: 3, function: main}") + 1


def test_missing_uuid_in_01_metadata_is_a_warning_not_an_error():
    # metadata are provenance (see tests/test_witness_metadata.py); the 0.1 schema requires uuid
    text = v01_entry("loop_invariant", 3, 0, "x", UUID_A).replace(f"    uuid: {UUID_A}\n", "")
    witness = load(text)
    assert [(w.field, w.line, w.problem) for w in witness.metadata_warnings
            if "uuid" in w.field] == [("metadata/uuid", 2, "is missing")]
    assert witness.invariants[0].entry_uuid is None


def test_empty_and_unreadable_witness_files(tmp_path):
    empty = tmp_path / "empty.yml"
    empty.write_text("")
    with pytest.raises(InputError, match="witness is empty"):
        load_witness(str(empty))
    with pytest.raises(InputError, match="cannot read witness"):
        load_witness(str(tmp_path / "missing.yml"))
    binary = tmp_path / "binary.yml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(InputError):
        load_witness(str(binary))


def test_real_violation_witness_is_an_error(corpus):
    path = corpus / "witnesses/goblint/witness/violation.t/incorrect/incorrect.yml"
    with pytest.raises(InputError, match="violation witness") as info:
        load_witness(str(path))
    assert info.value.line == 1


def test_real_stripped_witnesses_lack_metadata(corpus):
    stripped = sorted((corpus / "witnesses").rglob("*.stripped.yml"))
    assert len(stripped) >= 70
    for path in stripped:
        with pytest.raises(InputError, match="missing required key 'metadata'"):
            load_witness(str(path))


def test_01_shaped_entries_under_a_2x_version_are_read_as_01_with_a_warning():
    # Goblint wrote such entries (corpus: witnesses/goblint/pr-758-cram)
    text = v01_entry("loop_invariant", 6, 2, "0 <= x", UUID_A).replace(
        "format_version: 0.1", 'format_version: "2.0"')
    witness = load(text)
    assert witness.invariants[0].format_version == "0.1"       # matched by line, as in 0.1
    assert witness.invariants[0].type == "loop_invariant"
    assert len(witness.warnings) == 1 and "read as format 0.1" in witness.warnings[0]


def test_real_01_shaped_goblint_witness(corpus):
    witness = load_witness(str(corpus / "witnesses/goblint/pr-758-cram/pr-758.c.witness1.yml"))
    assert len(witness.invariants) == 10
    assert {i.format_version for i in witness.invariants} == {"0.1"}
    assert {i.type for i in witness.invariants} == {"loop_invariant", "location_invariant"}


# ---------------------------------------------------------------- schema check by type
COMMON_ITEM = {"invariant": {"type": "loop_invariant",
                             "location": {"file_name": "prog.c", "line": 7, "column": 3,
                                          "function": "main"},
                             "value": "x >= 0", "format": "c_expression"}}
LINE_ONLY_ITEM = {"invariant": {"type": "location_invariant",
                                "location": {"file_name": "f.c", "line": 1},
                                "value": "x >= 0", "format": "c_expression"}}
# values that change what the schema says, or what the check by type should say, of a key
VARIATIONS = [None, True, False, 0, 1, -1, 2.0, 1.5, "", "x", "location_invariant",
              "function_contract", "loop_invariant", "invariant_set", "ILP32", "LP64",
              "2.0", [], ["x"], [1], {}, {"a": 1}, {"a": "b"}]


def _common_entry(version: str) -> dict:
    return {"entry_type": "invariant_set",
            "metadata": {"format_version": version, "uuid": "u", "creation_time": "t",
                         "producer": {"name": "p", "version": "1"},
                         "task": {"input_files": ["prog.c"], "input_file_hashes": {"prog.c": "h"},
                                  "specification": "G ! call(reach_error())",
                                  "data_model": "ILP32", "language": "C"}},
            "content": [COMMON_ITEM, LINE_ONLY_ITEM]}


def _paths(value, path=()):
    """Every path to a mapping's key or a list's item in `value`."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield path + (key,)
            yield from _paths(inner, path + (key,))
    elif isinstance(value, list):
        for position, inner in enumerate(value):
            yield path + (position,)
            yield from _paths(inner, path + (position,))


def _variants(document):
    """The document, and for each key or item in it: set to each variation, dropped, and a
    key beside it (in a mapping)."""
    import copy
    yield document
    for path in list(_paths(document)):
        for value in VARIATIONS + ["drop", "extra"]:
            variant = copy.deepcopy(document)
            holder = variant
            for key in path[:-1]:
                holder = holder[key]
            if value == "drop":
                del holder[path[-1]]
            elif value == "extra":
                if isinstance(holder, dict):
                    holder["labels" if "type" in holder else "file_hash"] = "extra"
                else:
                    holder.append("extra")
            else:
                holder[path[-1]] = value
            yield variant


@pytest.mark.parametrize("version", ["2.0", "2.1"])
def test_entries_checked_by_type_are_ones_the_schema_accepts(version):
    """`_common_entry` and `_common_invariant` accept a subset of what jsonschema accepts;
    `schema_errors` reports jsonschema's errors, at the positions of the whole entry,
    whichever parts it checked by type."""
    import jsonschema

    from instrument.schema_check import (_common_entry as common_entry, _common_invariant,
                                         schema_errors, schema_validator)
    from instrument.witness import SCHEMA_FOR_VERSION
    schema_file = SCHEMA_FOR_VERSION[version]
    validator = schema_validator(schema_file)
    items_schema = validator.schema["allOf"][0]["then"]["properties"]["content"]["items"]
    item_validator = jsonschema.Draft7Validator(items_schema)
    entries = list(_variants(_common_entry(version)))
    accepted = [entry for entry in entries if common_entry(entry)]
    assert 20 < len(accepted) < len(entries) / 2
    for entry in accepted:
        assert list(validator.iter_errors(entry)) == [], entry
    items = [v for item in (COMMON_ITEM, LINE_ONLY_ITEM) for v in _variants(item)]
    accepted = [item for item in items if _common_invariant(item)]
    assert 20 < len(accepted) < len(items) / 2
    for item in accepted:
        assert item_validator.is_valid(item), item
    mixed = {**_common_entry(version),
             "content": [COMMON_ITEM] * 3 + items + [LINE_ONLY_ITEM] * 2}
    for entry in [mixed] + entries:
        expected = list(validator.iter_errors(entry))
        assert sorted((list(e.absolute_path), e.message) for e in schema_errors(schema_file, entry)) \
            == sorted((list(e.absolute_path), e.message) for e in expected)
    assert len(list(validator.iter_errors(mixed))) > 10


def test_invalid_invariant_among_many_is_reported_at_its_line():
    text = invariant_set([("location_invariant", n + 1, 1, f"x == {n}") for n in range(200)])
    text = text.replace("line: 151,", "line: 0,")
    error = error_of(text)
    assert "content/150/invariant/location/line" in error.message
    assert "0 is less than the minimum of 1" in error.message
    assert error.line == [n for n, row in enumerate(text.splitlines(), 1) if "line: 0," in row][0]
