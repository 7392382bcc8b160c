"""Metadata are provenance, not meaning: witnesses whose metadata carry placeholders, lack fields
or have values of the wrong type are validated on their content, with a warning per field;
the content is still checked strictly (issue 18, first part).

The loader tests are fast; the command-line tests switch the engines off except the sample
tasks, which run everything (each takes about a second)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from conftest import COUNTING_PROGRAM, PROJECT_ROOT, dedent, position
from instrument.errors import InputError
from instrument.witness import parse_witness_text

SAMPLE = PROJECT_ROOT / "sv-benchmarks-sample"

PROGRAM = COUNTING_PROGRAM
LOOP_LINE, LOOP_COLUMN = position(PROGRAM, "while (i < n)")

# the shape of the issue: placeholders in every metadata field, no creation_time
PLACEHOLDER_20 = dedent(f"""
    - entry_type: invariant_set
      metadata:
        format_version: "2.0"
        uuid: UNUSED
        producer: {{name: UNUSED, version: UNUSED}}
        task:
          input_files: [prog.c]
          input_file_hashes: {{prog.c: UNUSED}}
          specification: UNUSED
          data_model: UNUSED
          language: C
      content:
        - invariant:
            type: loop_invariant
            location: {{file_name: prog.c, file_hash: UNUSED, line: {LOOP_LINE},
                        column: {LOOP_COLUMN}, function: main}}
            value: "0 <= i && i <= n"
            format: c_expression
    """)

PLACEHOLDER_01 = dedent(f"""
    - entry_type: loop_invariant
      metadata:
        format_version: 0.1
        uuid: UNUSED
        producer: {{name: UNUSED, version: UNUSED}}
        task:
          input_files: UNUSED
          input_file_hashes: {{prog.c: UNUSED}}
          specification: UNUSED
          data_model: UNUSED
          language: UNUSED
      location:
        file_name: prog.c
        file_hash: UNUSED
        line: {LOOP_LINE}
        column: 0
        function: main
      loop_invariant:
        string: "0 <= i && i <= n"
        type: assertion
        format: C
    """)


WELL_FORMED = dedent(f"""
    - entry_type: invariant_set
      metadata:
        format_version: "2.0"
        uuid: 0b1c2d3e-0000-4000-8000-000000000001
        creation_time: "2024-01-01T00:00:00Z"
        producer:
          name: P
          version: "1.0"
        task:
          input_files: [prog.c]
          input_file_hashes: {{}}
          specification: "G ! call(reach_error())"
          data_model: ILP32
          language: C
      content:
        - invariant:
            type: loop_invariant
            location: {{file_name: prog.c, line: {LOOP_LINE}, column: {LOOP_COLUMN}, function: main}}
            value: "i <= n"
            format: c_expression
    """)


def load(text: str):
    return parse_witness_text(text, "w.yml")


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def fields(witness) -> dict[str, tuple]:
    """field -> (value, problem, lines) of every metadata warning."""
    return {w.field: (w.value, w.problem, w.lines) for w in witness.metadata_warnings}


# ------------------------------------------------------------------ loading
def test_placeholder_20_witness_loads_with_a_warning_per_field():
    witness = load(PLACEHOLDER_20)
    assert witness.format_versions == ["2.0"]
    invariant = witness.invariants[0]
    assert (invariant.value, invariant.location.line, invariant.unsupported_reason) == (
        "0 <= i && i <= n", LOOP_LINE, None)
    assert witness.data_model is None and witness.producer is None
    assert witness.file_hashes == [] and witness.specifications == []
    assert witness.warnings == []
    text = PLACEHOLDER_20
    assert fields(witness) == {
        "metadata/creation_time": (None, "is missing", [line_of(text, "metadata:")]),
        "metadata/uuid": ("UNUSED", "is a placeholder", [line_of(text, "uuid:")]),
        "metadata/producer/name": ("UNUSED", "is a placeholder", [line_of(text, "producer:")]),
        "metadata/producer/version": ("UNUSED", "is a placeholder", [line_of(text, "producer:")]),
        "metadata/task/input_file_hashes/prog.c": ("UNUSED", "is a placeholder",
                                                   [line_of(text, "input_file_hashes:")]),
        "metadata/task/specification": ("UNUSED", "is a placeholder",
                                        [line_of(text, "specification:")]),
        "metadata/task/data_model": ("UNUSED", "is not one of ILP32, LP64, 32bit, 64bit",
                                     [line_of(text, "data_model:")]),
        "content/0/invariant/location/file_hash": ("UNUSED", "is a placeholder",
                                                   [line_of(text, "file_hash:")]),
    }
    message = str(witness.metadata_warnings[0])
    assert message == (f"w.yml:{line_of(text, 'metadata:')}: witness metadata "
                       f"metadata/creation_time is missing")
    data_model = next(w for w in witness.metadata_warnings if w.field.endswith("data_model"))
    assert str(data_model) == (f"w.yml:{line_of(text, 'data_model:')}: witness metadata "
                               f"metadata/task/data_model = 'UNUSED' is not one of ILP32, LP64, "
                               f"32bit, 64bit")


def test_placeholder_01_witness_in_two_entries_gives_one_warning_per_field():
    second = PLACEHOLDER_01.replace('"0 <= i && i <= n"', '"i <= n"')
    text = PLACEHOLDER_01 + second
    witness = load(text)
    assert [i.value for i in witness.invariants] == ["0 <= i && i <= n", "i <= n"]
    assert all(i.entry_uuid == "UNUSED" for i in witness.invariants)   # as written
    found = fields(witness)
    metadata_lines = [n for n, line in enumerate(text.splitlines(), 1) if line == "  metadata:"]
    assert found["metadata/creation_time"] == (None, "is missing", metadata_lines)
    assert found["metadata/task/input_files"][:2] == ("UNUSED", "is a placeholder")
    assert found["metadata/task/language"][:2] == ("UNUSED", "is a placeholder")
    assert found["location/file_hash"][:2] == ("UNUSED", "is a placeholder")
    assert len(found["location/file_hash"][2]) == 2
    assert "(also at line " in str(witness.metadata_warnings[0])


@pytest.mark.parametrize("old, new, field, problem", [
    # outside the enumeration
    ("data_model: ILP32", "data_model: ILP64", "metadata/task/data_model",
     "is not one of ILP32, LP64, 32bit, 64bit"),
    # wrong types
    ("uuid: 0b1c2d3e-0000-4000-8000-000000000001", "uuid: 5", "metadata/uuid",
     "is not of type string"),
    ("    producer:\n      name: P\n      version: \"1.0\"\n", "    producer: P\n",
     "metadata/producer", "is not of type object"),
    ("input_file_hashes: {}", "input_file_hashes: [a, b]", "metadata/task/input_file_hashes",
     "is not of type object"),
    ("input_file_hashes: {}", "input_file_hashes: {prog.c: 17}",
     "metadata/task/input_file_hashes/prog.c", "is not a SHA-256 hash (not a string)"),
    ("specification: \"G ! call(reach_error())\"", "specification: [G]",
     "metadata/task/specification", "is not of type string or null"),
    ("    task:\n", "    task: 3\n    ignored:\n", "metadata/task", "is not of type object"),
    # not what the field says it is
    ("uuid: 0b1c2d3e-0000-4000-8000-000000000001", "uuid: not-a-uuid", "metadata/uuid",
     "is not a UUID"),
    ("creation_time: \"2024-01-01T00:00:00Z\"", "creation_time: yesterday",
     "metadata/creation_time", "is not an ISO 8601 date and time"),
    ("input_file_hashes: {}", "input_file_hashes: {prog.c: abc123}",
     "metadata/task/input_file_hashes/prog.c", "is not a SHA-256 hash"),
    ("language: C", "language: Java", "metadata/task/language", "is not C"),
    # missing
    ("      language: C\n", "", "metadata/task/language", "is missing"),
    ("    producer:\n      name: P\n      version: \"1.0\"\n", "", "metadata/producer",
     "is missing"),
    ("      name: P\n", "", "metadata/producer/name", "is missing"),
    # a location's file_hash
    ("function: main}", "function: main, file_hash: 42}",
     "content/0/invariant/location/file_hash", "is not of type string"),
    ("function: main}", "function: main, file_hash: TODO}",
     "content/0/invariant/location/file_hash", "is a placeholder"),
])
def test_each_kind_of_metadata_problem_is_a_warning_naming_the_field(old, new, field, problem):
    text = WELL_FORMED.replace(old, new)
    assert text != WELL_FORMED
    witness = load(text)                               # no InputError
    assert len(witness.invariants) == 1 and witness.invariants[0].unsupported_reason is None
    assert [(w.field, w.problem) for w in witness.metadata_warnings] == [(field, problem)]
    assert str(witness.metadata_warnings[0]).startswith("w.yml:")
    assert field in str(witness.metadata_warnings[0])


def test_a_well_formed_witness_has_no_metadata_warnings():
    witness = load(WELL_FORMED)
    assert witness.metadata_warnings == [] and witness.data_model == "ILP32"
    assert witness.producer == "P 1.0"


def test_valid_data_model_of_another_entry_is_used_and_a_contradiction_named():
    placeholder = PLACEHOLDER_20
    lp64 = WELL_FORMED.replace("data_model: ILP32", "data_model: LP64")
    witness = load(placeholder + lp64)
    assert witness.data_model == "LP64"
    witness = load(lp64 + WELL_FORMED)
    assert witness.data_model == "LP64"                # the first valid one
    contradiction = [w for w in witness.metadata_warnings if "contradicts" in w.problem]
    assert [(w.field, w.value) for w in contradiction] == [("metadata/task/data_model", "ILP32")]


def test_placeholder_metadata_of_a_certificate_entry_are_skipped_quietly():
    certificate = dedent("""
        - entry_type: loop_invariant_certificate
          metadata: {format_version: "0.1", uuid: UNUSED, producer: UNUSED}
          target: {uuid: UNUSED, type: loop_invariant, file_hash: UNUSED}
          certification: {string: confirmed, type: verdict, format: confirmed | rejected}
        """)
    witness = load(WELL_FORMED + certificate)
    assert len(witness.invariants) == 1
    # only what the schema says about its metadata (producer must be an object)
    assert [(w.field, w.problem) for w in witness.metadata_warnings] == [
        ("metadata/producer", "is not of type object")]


# ------------------------------------------------------------------ content stays strict
@pytest.mark.parametrize("old, new, words", [
    (f"line: {LOOP_LINE}", "line: three", ["content/0/invariant/location/line",
                                           "'three' is not of type 'integer'"]),
    (f"column: {LOOP_COLUMN}", "column: 0", ["content/0/invariant/location/column",
                                             "less than the minimum of 1"]),
    ("location: {file_name: prog.c, ", "location: {file_name: [prog.c], ",
     ["content/0/invariant/location/file_name"]),
    ("function: main}", "function: [main]}", ["content/0/invariant/location/function"]),
    ("        format: c_expression\n", "", ["missing required key 'format'"]),
    ('        value: "0 <= i && i <= n"\n', "", ["missing required key 'value'"]),
    ('value: "0 <= i && i <= n"', "value: [1]", ["content/0/invariant/value"]),
    ("type: loop_invariant", "type: {a: 1}", ["content/0/invariant/type"]),
    ("  content:\n", "  content: 5\n  unused:\n", ["content: 5 is not of type"]),
])
def test_content_errors_are_still_errors_despite_placeholder_metadata(old, new, words):
    text = PLACEHOLDER_20.replace(old, new)
    assert text != PLACEHOLDER_20
    with pytest.raises(InputError) as info:
        load(text)
    error = info.value
    assert error.file == "w.yml" and error.line is not None
    assert "not a valid format-2.0 witness entry" in error.message
    assert "metadata" not in error.message          # the content error, not a metadata one
    for word in words:
        assert word in error.message


@pytest.mark.parametrize("old, new, words", [
    ('format_version: "2.0"', 'format_version: "UNUSED"', ["unknown witness format_version"]),
    ('    format_version: "2.0"\n', "", ["missing required key 'format_version'"]),
    ("entry_type: invariant_set", "entry_type: violation_sequence", ["violation witness"]),
    ("entry_type: invariant_set", "entry_type: [invariant_set]", ["entry_type"]),
])
def test_format_version_and_entry_type_stay_strict(old, new, words):
    with pytest.raises(InputError) as info:
        load(PLACEHOLDER_20.replace(old, new))
    for word in words:
        assert word in info.value.message


def test_01_content_errors_are_still_errors():
    with pytest.raises(InputError, match="missing required key 'string'"):
        load(PLACEHOLDER_01.replace('    string: "0 <= i && i <= n"\n', ""))
    with pytest.raises(InputError, match="location/line"):
        load(PLACEHOLDER_01.replace(f"line: {LOOP_LINE}", "line: UNUSED"))


# ------------------------------------------------------------------ the command line
def run_with_report(cli, ws, prp, witness_text: str, *options, program: str = PROGRAM):
    program_path = ws.write("prog.c", program)
    witness = ws.write("w.yml", witness_text)
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program_path, "--spec", prp, "--report-json", report,
              *options)
    return run, json.loads(report.read_text(encoding="utf-8")), witness


def test_cli_placeholder_witness_gives_warnings_on_stderr_and_in_the_report(cli, ws, prp,
                                                                             engines_off):
    run, report, witness = run_with_report(cli, ws, prp, PLACEHOLDER_20)
    assert run.code == 0 and run.result == "unknown"      # engines off: not an ERROR
    assert report["data_model"] == "ILP32" and report["data_model_source"] == "default"
    by_field = {w["field"]: w for w in report["metadata_warnings"]}
    assert by_field["metadata/task/data_model"]["value"] == "UNUSED"
    assert by_field["metadata/task/data_model"]["file"] == str(witness)
    assert by_field["metadata/task/data_model"]["line"] == line_of(PLACEHOLDER_20, "data_model:")
    assert set(by_field) >= {"metadata/uuid", "metadata/creation_time", "metadata/producer/name",
                             "metadata/task/input_file_hashes/prog.c",
                             "metadata/task/specification",
                             "content/0/invariant/location/file_hash"}
    # the same warnings in `warnings` (strings), and on stderr, not among the stdout lines
    expected = (f"{witness}:{line_of(PLACEHOLDER_20, 'data_model:')}: witness metadata "
                f"metadata/task/data_model = 'UNUSED' is not one of ILP32, LP64, 32bit, 64bit")
    assert expected in report["warnings"]
    assert f"validate-correctness: warning: {expected}" in run.err.splitlines()
    assert not any("witness metadata" in line for line in run.lines)


@pytest.mark.parametrize("witness_model, options, task_model, used, source", [
    ("LP64", (), None, "LP64", "witness metadata"),
    ("UNUSED", (), None, "ILP32", "default"),
    ("64bit", (), None, "LP64", "witness metadata"),
    ("UNUSED", ("--data-model", "LP64"), None, "LP64", "command line"),
    ("ILP32", ("--data-model", "LP64"), "ILP32", "LP64", "command line"),
    ("UNUSED", (), "LP64", "LP64", "task definition"),
    ("ILP32", (), "LP64", "LP64", "task definition"),
])
def test_data_model_precedence_is_reported(cli, ws, prp, engines_off, witness_model, options,
                                           task_model, used, source):
    witness_text = PLACEHOLDER_20.replace("data_model: UNUSED", f"data_model: {witness_model}")
    ws.write("prog.c", PROGRAM)
    witness = ws.write("w.yml", witness_text)
    program = ws.dir / "prog.c"
    if task_model is not None:
        program = ws.write("prog.yml", dedent(f"""
            format_version: '2.0'
            input_files: 'prog.c'
            properties:
              - property_file: {prp}
                expected_verdict: true
            options:
              language: C
              data_model: {task_model}
            """))
    report = ws.dir / "report.json"
    run = cli(program, "--witness", witness, "--spec", prp, "--report-json", report, *options)
    assert run.code == 0, run.lines
    data = json.loads(report.read_text(encoding="utf-8"))
    assert (data["data_model"], data["data_model_source"]) == (used, source)
    differs = [w for w in data["metadata_warnings"] if "differs from" in w["problem"]]
    witness_valid = witness_model != "UNUSED"
    if witness_valid and source in ("command line", "task definition") \
            and {"ILP32": "ILP32", "LP64": "LP64", "64bit": "LP64"}[witness_model] != used:
        assert [(w["field"], w["problem"]) for w in differs] == [
            ("metadata/task/data_model", f"differs from {used} given by the {source}, "
                                         f"which is used")]
    else:
        assert differs == []


@pytest.mark.parametrize("specification, warned", [
    ('"G ! call(reach_error())"', False),
    ('"CHECK( init(main()), LTL(G ! call(reach_error())) )"', False),
    ('"CHECK(init(main()),LTL(G ! call(reach_error())))"', False),
    ('"G ! overflow"', True),
    ('"CHECK( init(main()), LTL(G ! call(other_error())) )"', True),
])
def test_specification_comes_from_the_property_file(cli, ws, prp, engines_off, specification,
                                                     warned):
    text = PLACEHOLDER_20.replace("specification: UNUSED", f"specification: {specification}")
    run, report, _ = run_with_report(cli, ws, prp, text)
    assert run.code == 0 and report["property"]["name"] == "unreach-call"
    spec_warnings = [w for w in report["metadata_warnings"]
                     if w["field"] == "metadata/task/specification"]
    if warned:
        assert len(spec_warnings) == 1
        assert spec_warnings[0]["problem"].startswith("differs from the property file (CHECK(")
        assert spec_warnings[0]["problem"].endswith("which is used")
    else:
        assert spec_warnings == []


def test_hashes_are_compared_with_the_program(cli, ws, prp, engines_off):
    actual = hashlib.sha256(PROGRAM.encode()).hexdigest()
    other = "ab" * 32
    text = (PLACEHOLDER_20.replace("{prog.c: UNUSED}", f"{{prog.c: {actual}}}")
            .replace("file_hash: UNUSED", f"file_hash: {other}"))
    run, report, _ = run_with_report(cli, ws, prp, text)
    assert run.code == 0
    hashes = {w["field"]: w for w in report["metadata_warnings"] if "hash" in w["field"]}
    assert list(hashes) == ["content/0/invariant/location/file_hash"]
    warning = hashes["content/0/invariant/location/file_hash"]
    assert warning["value"] == other
    assert warning["problem"].startswith(f"does not match the program prog.c (SHA-256 {actual})")


def test_cli_content_error_with_placeholder_metadata_is_an_error(cli, ws, prp):
    text = PLACEHOLDER_20.replace(f"line: {LOOP_LINE}", "line: UNUSED")
    program = ws.write("prog.c", PROGRAM)
    witness = ws.write("w.yml", text)
    run = cli("--witness", witness, program, "--spec", prp)
    assert run.code == 1
    assert run.result == (f"ERROR ({witness}:{line_of(text, 'line: UNUSED')}: not a valid "
                          f"format-2.0 witness entry: content/0/invariant/location/line: 'UNUSED' "
                          f"is not of type 'integer')")
    assert "Traceback" not in run.out + run.err


# ------------------------------------------------------------------ the sample tasks
PLACEHOLDER_TASKS = [("for_count.placeholders.yml", "true"),
                     ("for_count.placeholders.wrong.yml", "false(unreach-call)"),
                     ("format01_unsigned.placeholders.yml", "true"),
                     ("format01_unsigned.placeholders.wrong.yml", "false(unreach-call)")]


@pytest.mark.parametrize("task, expected", PLACEHOLDER_TASKS)
def test_sample_placeholder_witnesses_are_validated_on_their_content(cli, tmp_path, task,
                                                                     expected):
    """With the real engines: valid ones confirmed, wrong ones rejected."""
    report = tmp_path / "report.json"
    run = cli(SAMPLE / "c" / "validation" / task, "--timeout", "60", "--report-json", report)
    assert run.code == 0 and run.result == expected
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["data_model_source"] == "task definition"
    fields_named = {w["field"] for w in data["metadata_warnings"]}
    assert {"metadata/uuid", "metadata/creation_time", "metadata/producer/name",
            "metadata/task/specification", "metadata/task/data_model"} <= fields_named
    witness = Path(data["witness"]).name
    assert all(Path(w["file"]).name == witness and w["line"] for w in data["metadata_warnings"])
    assert run.err.count("validate-correctness: warning: ") == len(data["metadata_warnings"])
