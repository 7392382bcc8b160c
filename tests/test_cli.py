"""The `validate-correctness` command line: options, task definitions, result line, exit codes,
JSON report, certificates, instrumented output.

Most tests run `validator.cli.main` in-process with the proof engines switched off
(`engines_off`): they check what the command line and instrumenting decide, which does not
depend on the engines.  A few run everything, in-process and as the installed script; those
assert the contract (result line, exit code, report shape), never a particular true/false.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from conftest import COUNTING_PROGRAM, RESULT_PREFIX, dedent, gcc_syntax_errors, invariant_set, position, v01_entry

VERDICTS = {"true", "false(unreach-call)", "unknown"}
REPORT_KEYS = {"verdict", "reason", "property", "invariants", "time", "engine"}
INVARIANT_KEYS = {"index", "entry_uuid", "type", "file", "line", "column", "function", "value",
                  "status", "reason", "counterexample", "placement"}
STATUSES = {"confirmed", "rejected", "unknown", "unsupported", "unplaced"}

PROGRAM = COUNTING_PROGRAM
LOOP = position(PROGRAM, "while (i < n)")
BEFORE_CHECK = position(PROGRAM, "if (i != n)")


def loop_item(value: str) -> tuple:
    return ("loop_invariant",) + LOOP + (value,)


@pytest.fixture
def task(ws, prp):
    """prog.c, a witness, the property file: returns a function writing the witness."""
    program = ws.write("prog.c", PROGRAM)

    def make(witness_text: str, name: str = "witness.yml") -> tuple[Path, Path, Path]:
        return program, ws.write(name, witness_text), prp
    return make


def read_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def read_yaml(path: Path):
    return YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ options and outputs
def test_all_options_are_accepted_and_outputs_written(cli, task, ws, engines_off):
    program, witness, prp = task(invariant_set([loop_item("i <= n"),
                                                ("location_invariant",) + BEFORE_CHECK
                                                + ("i == n",)]))
    report, certificates = ws.dir / "report.json", ws.dir / "cert.yml"
    instrumented, violation = ws.dir / "out.c", ws.dir / "violation.yml"
    run = cli("--witness", witness, program, "--spec", prp, "--data-model", "LP64",
              "--timeout", "30", "--refuted-verdict", "unknown", "--certificate-out", certificates,
              "--report-json", report, "--instrumented-out", instrumented,
              "--violation-witness-out", violation, "--engines", "houdini,bmc", "--verbose")
    assert run.code == 0
    assert run.result == "unknown"
    # --verbose explains every invariant, not only the failing ones
    assert any(line.startswith("Invariant 0 at prog.c:") for line in run.lines)
    assert any(line.startswith("Invariant 1 at prog.c:") for line in run.lines)
    data = read_json(report)
    assert data["data_model"] == "LP64"
    assert [i["placement"] for i in data["invariants"]] == ["placed", "placed"]
    assert read_yaml(certificates) == []            # nothing confirmed or rejected
    assert gcc_syntax_errors(instrumented.read_text(), ws.dir, "LP64") == ""
    assert not violation.exists()                   # only written for a reached error


def test_report_json_has_the_contract_keys_and_every_invariant(cli, task, ws, engines_off):
    items = [loop_item("i <= n"),
             ("location_invariant", BEFORE_CHECK[0], BEFORE_CHECK[1] + 1, "i == n"),   # unplaced
             ("location_invariant",) + BEFORE_CHECK + ("k == n",),                    # not in scope
             loop_item("i >= 0") + ("acsl_expression",)]                              # format
    program, witness, prp = task(invariant_set(items, uuid="11111111-2222-3333-4444-555555555555"))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report)
    assert run.code == 0 and run.result == "unknown"
    data = read_json(report)
    assert REPORT_KEYS <= set(data)
    assert data["verdict"] == "unknown" and data["reason"]
    assert set(data["property"]) >= {"status"}
    assert set(data["time"]) >= {"parse", "encode", "solve", "total"}
    assert all(isinstance(v, (int, float)) for v in data["time"].values())
    entries = data["invariants"]
    assert [e["index"] for e in entries] == [0, 1, 2, 3]
    for entry in entries:
        assert INVARIANT_KEYS <= set(entry)
        assert entry["status"] in STATUSES
        assert entry["entry_uuid"] == "11111111-2222-3333-4444-555555555555"
        assert entry["file"] == "prog.c" and entry["function"] == "main"
    assert [(e["status"], e["placement"]) for e in entries] == [
        ("unknown", "placed"), ("unplaced", "unplaced"), ("unsupported", "unsupported"),
        ("unsupported", "unsupported")]
    assert (entries[1]["line"], entries[1]["column"]) == (BEFORE_CHECK[0], BEFORE_CHECK[1] + 1)
    assert f"line {BEFORE_CHECK[0]}, column {BEFORE_CHECK[1] + 1}" in entries[1]["reason"]
    assert entries[2]["reason"] == "names 'k', which is not in scope at this location"
    assert "acsl_expression" in entries[3]["reason"]
    assert entries[0]["value"] == "i <= n" and entries[0]["type"] == "loop_invariant"
    # the lines before the result explain the invariants that were not placed
    assert any("Invariant 1" in line and "unplaced" in line for line in run.lines[:-1])
    assert any("Invariant 2" in line and "names 'k'" in line for line in run.lines[:-1])


def test_instrumented_output_is_self_contained_c(cli, task, ws, engines_off):
    program, witness, prp = task(invariant_set([loop_item("i <= n")]))
    out = ws.dir / "instrumented.c"
    run = cli("--witness", witness, program, "--spec", prp, "--instrumented-out", out)
    assert run.code == 0
    text = out.read_text()
    assert "while (__witness_check(0, i <= n), __witness_assume(0, i <= n), i < n)" in text
    assert "static void __witness_check(int index, int holds)" in text
    assert gcc_syntax_errors(text, ws.dir) == ""


# ------------------------------------------------------------------ verdict never `true`
@pytest.mark.parametrize("witness_text, words", [
    (invariant_set([loop_item("i <= n"), loop_item("i >= 0") + ("acsl_expression",)]),
     "acsl_expression"),
    (invariant_set([loop_item("i <= n")], extra_entries=dedent("""
        - entry_type: function_contract
          metadata: {format_version: "2.0", uuid: c-1}
          content: []
        """)), "function_contract"),
    (invariant_set([loop_item("i <= n"), loop_item("\\\\result >= 0")]), "\\result"),
    (invariant_set([("loop_invariant", LOOP[0] + 1, 1, "1")]), "no loop"),
])
def test_unsupported_or_unplaced_invariants_never_give_true(cli, task, ws, witness_text, words):
    # with the real engines: everything else in the witness is valid and the program is safe
    program, witness, prp = task(witness_text)
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
              "--timeout", "60")
    assert run.code == 0
    assert run.result == "unknown"
    data = read_json(report)
    assert any(words in (e["reason"] or "") for e in data["invariants"]
               if e["status"] in ("unsupported", "unplaced"))
    assert data["verdict"] == "unknown"


def test_ghost_witness_is_validated(cli, task, ws):
    ghosts = dedent("""
        - entry_type: ghost_instrumentation
          metadata: {format_version: "2.1", uuid: 8c508694-8f92-4950-a722-f0f1489c34c1}
          content:
            ghost_variables:
              - {name: seen, scope: global, type: int, initial: {value: "0", format: c_expression}}
            ghost_updates: []
        """)
    program, witness, prp = task(invariant_set([loop_item("seen == 0 && i <= n")], version="2.1")
                                 + ghosts)
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
              "--timeout", "60")
    assert run.code == 0 and run.result == "true"           # more in test_ghosts.py
    assert read_json(report)["invariants"][0]["ghosts"] == ["seen"]


def test_empty_witness_is_accepted(cli, task, engines_off):
    program, witness, prp = task(invariant_set([]))
    run = cli("--witness", witness, program, "--spec", prp)
    assert run.code == 0 and run.result in VERDICTS


def test_unsupported_property_gives_unknown(cli, task, ws):
    program, witness, _ = task(invariant_set([loop_item("i <= n")]))
    overflow = ws.write("no-overflow.prp", "CHECK( init(main()), LTL(G ! overflow) )\n")
    run = cli("--witness", witness, program, "--spec", overflow)
    assert run.code == 0 and run.result == "unknown"
    assert any("not supported" in line for line in run.lines[:-1])


def test_hash_mismatch_is_a_warning_not_an_error(cli, task, engines_off):
    text = invariant_set([loop_item("i <= n")]).replace(
        "input_file_hashes: {}", "input_file_hashes: {prog.c: " + "ab" * 32 + "}")
    program, witness, prp = task(text)
    run = cli("--witness", witness, program, "--spec", prp)
    assert run.code == 0 and run.result == "unknown"
    # a metadata warning: on stderr, naming the witness file and the field
    assert any(line.startswith(f"validate-correctness: warning: {witness}:")
               and "metadata/task/input_file_hashes/prog.c" in line and "does not match" in line
               for line in run.err.splitlines())


def test_windows_paths_in_the_witness(cli, task, ws, engines_off):
    items = [loop_item("i <= n"), ("loop_invariant", LOOP[0] + 1, 1, "1")]
    program, witness, prp = task(invariant_set(items, file_name="C:\\\\tasks\\\\prog.c"))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report)
    assert run.code == 0
    entries = read_json(report)["invariants"]
    assert entries[0]["file"] == "C:\\tasks\\prog.c"
    assert [e["placement"] for e in entries] == ["placed", "unplaced"]
    assert any(line.startswith(f"Invariant 1 at prog.c:{LOOP[0] + 1}:1 ") for line in run.lines)


# ------------------------------------------------------------------ certificates
def test_certificates_for_confirmed_and_rejected_invariants(ws, prp, monkeypatch):
    """The shape of the certificates, for invariants the (stubbed) engines decided."""
    import validator.pipeline as pipeline
    from validator.evidence import Counterexample, Proof, SiteEvidence, SiteOutcome
    from validator.outputs.certificates import write_certificates

    def decided(evidence, *args):
        """Evidence as the engines and replays would give it: invariant 0 proven, 2 refuted,
        the others open."""
        for invariant in evidence.invariants:
            invariant.sites = [SiteEvidence(invariant.index, "loop_head", SiteOutcome.OPEN)]
            if invariant.index == 0:
                invariant.sites = [SiteEvidence(0, "loop_head", SiteOutcome.PROVEN,
                                                Proof("stub", frozenset({0}), 1))]
            elif invariant.index == 2:
                invariant.sites = [SiteEvidence(2, "loop_head", SiteOutcome.FAILED,
                                                refutation=Counterexample("stub"))]
    monkeypatch.setattr(pipeline, "gather_evidence", decided)
    program = ws.write("prog.c", PROGRAM)
    import hashlib
    file_hash = hashlib.sha256(program.read_bytes()).hexdigest()
    # format 2.0: three invariants of one invariant_set
    witness = ws.write("w2.yml", invariant_set(
        [loop_item("i <= n"), loop_item("i >= 0"), loop_item("i == 0")],
        uuid="aaaaaaaa-0000-4000-8000-000000000000"))
    outcome = pipeline.validate(pipeline.Request(str(program), str(witness), str(prp)))
    path = ws.dir / "cert2.yml"
    write_certificates(outcome, str(path))
    entries = read_yaml(path)
    assert isinstance(entries, list) and len(entries) == 2
    for entry, (position_in_content, status) in zip(entries, [(0, "confirmed"), (2, "rejected")]):
        assert entry["entry_type"] == "loop_invariant_certificate"
        assert entry["metadata"]["format_version"] == "0.1"
        assert set(entry["metadata"]) >= {"uuid", "creation_time", "producer"}
        assert "task" not in entry["metadata"]
        assert entry["target"] == {"uuid": "aaaaaaaa-0000-4000-8000-000000000000",
                                   "type": "invariant_set", "file_hash": file_hash,
                                   "content_index": position_in_content}
        assert entry["certification"] == {"string": status, "type": "verdict",
                                          "format": "confirmed | rejected"}
    assert entries[0]["metadata"]["uuid"] != entries[1]["metadata"]["uuid"]
    # format 0.1: the target is the invariant entry itself
    line = LOOP[0]
    witness = ws.write("w01.yml", v01_entry("loop_invariant", line, 0, "i <= n", "u-1") + "\n"
                       + v01_entry("loop_invariant", line, 0, "i >= 0", "u-2"))
    outcome = pipeline.validate(pipeline.Request(str(program), str(witness), str(prp)))
    path = ws.dir / "cert01.yml"
    write_certificates(outcome, str(path))
    entries = read_yaml(path)
    assert [e["target"] for e in entries] == [
        {"uuid": "u-1", "type": "loop_invariant", "file_hash": file_hash}]


def test_report_lists_each_proof_once_and_invariants_name_it_by_id(cli, task, ws, monkeypatch):
    """A proof that confirmed several invariants (Houdini's, assuming all of them) is listed
    once under `proofs` with the invariants it assumed; each invariant names its proofs by
    `id` and engine (issue 21: listing the assumptions per invariant was quadratic)."""
    import validator.pipeline as pipeline
    from validator.evidence import Proof, SiteEvidence, SiteOutcome
    shared, own = Proof("houdini", frozenset({0, 1, 2}), 1), Proof("k-induction", frozenset({3}), 2)

    def decided(evidence, *args):
        for invariant in evidence.invariants:
            proof = shared if invariant.index < 3 else own
            invariant.sites = [SiteEvidence(invariant.index, "loop_head", SiteOutcome.PROVEN,
                                            proof)]
        evidence.property_proof = shared
    monkeypatch.setattr(pipeline, "gather_evidence", decided)
    program, witness, prp = task(invariant_set([loop_item(v) for v in
                                                ("i <= n", "i >= 0", "n >= 0", "i + 1 > 0")]))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report)
    assert run.result == "true"
    data = read_json(report)
    assert data["proofs"] == [{"id": 0, "engine": "houdini", "assumes": [0, 1, 2]},
                              {"id": 1, "engine": "k-induction", "assumes": [3]}]
    assert [e["proofs"] for e in data["invariants"]] == [[{"id": 0, "engine": "houdini"}]] * 3 \
        + [[{"id": 1, "engine": "k-induction"}]]
    assert [e["status"] for e in data["invariants"]] == ["confirmed"] * 4
    # the property's proof in full, as before
    assert data["property"]["proof"] == {"engine": "houdini", "assumes": [0, 1, 2]}


def test_certificate_out_agrees_with_the_report(cli, task, ws):
    """With the real engines: a valid YAML list, one certificate per decided invariant."""
    program, witness, prp = task(invariant_set([loop_item("i <= n"), loop_item("i >= 0"),
                                                loop_item("i < 0")]))
    report, certificates = ws.dir / "report.json", ws.dir / "cert.yml"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
              "--certificate-out", certificates, "--timeout", "60")
    assert run.code == 0 and run.result in VERDICTS
    decided = {e["index"]: e["status"] for e in read_json(report)["invariants"]
               if e["status"] in ("confirmed", "rejected")}
    entries = read_yaml(certificates)
    assert isinstance(entries, list)
    assert {e["target"]["content_index"]: e["certification"]["string"] for e in entries} == decided


# ------------------------------------------------------------------ task definitions
def test_task_definition_stands_in_for_the_program(cli, corpus, ws, engines_off):
    task = corpus / "sv-benchmarks/c/loops/sum03-2.yml"
    witness = corpus / "witnesses/cpachecker/loop_and_location_invariant/loop_and_location_invariant.yml"
    report = ws.dir / "report.json"
    run = cli(task, "--witness", witness, "--report-json", report)
    assert run.code == 0 and run.result in VERDICTS
    data = read_json(report)
    assert data["program"].endswith("sum03-2.i")
    assert data["data_model"] == "ILP32"
    assert data["property"]["name"] == "unreach-call"
    assert [e["placement"] for e in data["invariants"]] == ["placed", "placed"]


def test_task_definition_options_are_used(cli, ws, engines_off):
    ws.write("c/prog.c", PROGRAM)
    ws.write("properties/unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
    ws.write("properties/termination.prp", "CHECK( init(main()), LTL(F end) )\n")
    task = ws.write("c/prog.yml", dedent("""
        format_version: '2.0'
        input_files: 'prog.c'
        properties:
          - property_file: ../properties/termination.prp
            expected_verdict: true
          - property_file: ../properties/unreach-call.prp
            expected_verdict: true
        options:
          language: C
          data_model: LP64
        """))
    witness = ws.write("w.yml", invariant_set([loop_item("i <= n")]))      # says ILP32
    report = ws.dir / "report.json"
    run = cli(task, "--witness", witness, "--report-json", report)
    assert run.code == 0
    data = read_json(report)
    assert data["data_model"] == "LP64"                     # the task's, not the witness's
    assert data["property"]["name"] == "unreach-call"       # unreach-call.prp preferred
    assert Path(data["program"]) == ws.dir / "c" / "prog.c"
    # --spec picks the property among the task's
    run = cli(task, "--witness", witness, "--report-json", report,
              "--spec", ws.dir / "properties/termination.prp")
    assert run.code == 0 and run.result == "unknown"
    assert read_json(report)["property"]["name"] != "unreach-call"


def test_validation_task_names_its_witness(cli, ws, engines_off):
    ws.write("prog.c", PROGRAM)
    ws.write("unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
    ws.write("w.yml", invariant_set([loop_item("i <= n")]))
    task = ws.write("validation.yml", dedent("""
        format_version: '2.0'
        input_files: ['prog.c', 'w.yml']
        properties:
          - property_file: unreach-call.prp
            expected_verdict: true
        options:
          language: C
          data_model: ILP32
          witness_input_file: w.yml
        """))
    report = ws.dir / "report.json"
    run = cli(task, "--report-json", report)
    assert run.code == 0 and run.result == "unknown"
    data = read_json(report)
    assert Path(data["witness"]) == ws.dir / "w.yml"
    assert [e["value"] for e in data["invariants"]] == ["i <= n"]
    # a witness that is not among the input files is an error
    task.write_text(task.read_text().replace("witness_input_file: w.yml",
                                             "witness_input_file: other.yml"))
    run = cli(task)
    assert run.code == 1
    assert run.result.startswith("ERROR (") and "other.yml" in run.result


# ------------------------------------------------------------------ errors
@pytest.mark.parametrize("witness_text, words", [
    ("- entry_type: violation_sequence\n  metadata: {format_version: '2.0'}\n  content: []\n",
     "witness.yml:1: this is a violation witness"),
    ("- entry_type: invariant_set\n  metadata: {format_version: '2.0'\n  content: []\n",
     "witness.yml:3:3: malformed YAML"),
    ("entry_type: invariant_set\n", "witness.yml:1: top level of a witness must be a list"),
    ("- entry_type: invariant_set\n  metadata: {format_version: '2.0'}\n",
     "witness.yml:1: not a valid format-2.0 witness entry: missing required key 'content'"),
    (invariant_set([loop_item("i <= n")]).replace("line: ", "line: x"),
     "is not of type 'integer'"),
])
def test_invalid_witness_is_an_error_result(cli, task, witness_text, words):
    program, witness, prp = task(witness_text)
    run = cli("--witness", witness, program, "--spec", prp)
    assert run.code == 1
    assert run.result.startswith("ERROR (") and run.result.endswith(")")
    assert words in run.result
    assert "Traceback" not in run.out + run.err
    assert len(run.lines) == 1


def test_program_that_does_not_parse_is_an_error_result(cli, ws, prp):
    program = ws.write("prog.c", "int main(void) {\n  int x = 1\n  return x;\n}\n")
    witness = ws.write("w.yml", invariant_set([]))
    run = cli("--witness", witness, program, "--spec", prp)
    assert run.code == 1
    assert run.result == "ERROR (cannot parse prog.c:3:3: before: return)"


@pytest.mark.parametrize("arguments, words", [
    (["--witness", "{w}", "{dir}/missing.c", "--spec", "{prp}"], "cannot read program"),
    (["--witness", "{dir}/missing.yml", "{p}", "--spec", "{prp}"], "cannot read witness"),
    (["--witness", "{w}", "{p}"], "no property file given"),
    (["{p}", "--spec", "{prp}"], "no witness given"),
    (["--witness", "{w}", "{p}", "--spec", "{dir}/bad.prp"], "not an SV-COMP property file"),
    (["{dir}/task.yml", "--witness", "{w}"], "not a task definition"),
    ([], "no program or task definition given"),
    # Latin-1 bytes: an error naming the file, not a decoding error of ours
    (["--witness", "{w}", "{p}", "--spec", "{dir}/latin1.prp"],
     "latin1.prp: property file is not UTF-8 text"),
    (["{dir}/latin1.yml", "--witness", "{w}"], "latin1.yml: task definition is not UTF-8 text"),
])
def test_missing_or_bad_inputs_are_error_results(cli, task, ws, prp, arguments, words):
    program, witness, _ = task(invariant_set([]), "w.yml")
    ws.write("bad.prp", "this is not a property\n")
    ws.write("task.yml", "just: a mapping\n")
    (ws.dir / "latin1.prp").write_bytes(
        b"CHECK( init(main()), LTL(G ! call(reach_error())) ) /* caf\xe9 */\n")
    (ws.dir / "latin1.yml").write_bytes(b"format_version: '2.0'\ninput_files: 'caf\xe9.c'\n")
    values = {"w": witness, "p": program, "prp": prp, "dir": ws.dir}
    run = cli(*[a.format(**values) for a in arguments])
    assert run.code == 1
    assert run.result.startswith("ERROR (") and words in run.result
    assert "Traceback" not in run.out + run.err


@pytest.mark.parametrize("arguments", [
    ["--data-model", "ILP64"], ["--refuted-verdict", "maybe"], ["--timeout", "soon"],
    ["--no-such-option"],
])
def test_usage_errors_exit_2_with_a_result_line(cli, task, arguments):
    program, witness, prp = task(invariant_set([]))
    run = cli("--witness", witness, program, "--spec", prp, *arguments)
    assert run.code == 2
    assert run.result.startswith("ERROR (usage: ")
    assert "usage:" in run.err


# ------------------------------------------------------------------ the installed script
def _script() -> str:
    candidate = Path(sys.executable).with_name("validate-correctness")
    if candidate.exists():
        return str(candidate)
    found = shutil.which("validate-correctness")
    assert found, "the validate-correctness script is not installed"
    return found


def test_installed_script_runs_the_whole_pipeline(task, ws):
    program, witness, prp = task(invariant_set([loop_item("i <= n && i >= 0")]))
    report = ws.dir / "report.json"
    completed = subprocess.run(
        [_script(), "--witness", str(witness), str(program), "--spec", str(prp),
         "--report-json", str(report), "--timeout", "60"],
        capture_output=True, text=True, timeout=180)
    lines = completed.stdout.splitlines()
    assert lines and lines[-1].startswith(RESULT_PREFIX)
    assert lines[-1][len(RESULT_PREFIX):] in VERDICTS
    assert completed.returncode == 0
    assert "Traceback" not in completed.stderr
    data = read_json(report)
    assert REPORT_KEYS <= set(data) and data["invariants"][0]["placement"] == "placed"


def test_installed_script_reports_errors_without_traceback(corpus, ws, prp):
    witness = corpus / "witnesses/goblint/witness/violation.t/correct/correct.yml"
    program = corpus / "witnesses/goblint/witness/violation.t/correct/correct.c"
    completed = subprocess.run([_script(), "--witness", str(witness), str(program),
                                "--spec", str(prp)], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 1
    last = completed.stdout.splitlines()[-1]
    assert last.startswith(RESULT_PREFIX + "ERROR (") and "violation witness" in last
    assert "Traceback" not in completed.stderr


def _long_sum(terms: int) -> str:
    """A program with one expression of `terms` widened terms (valid C; gcc accepts it); with
    `-terms`, one term in as many parentheses."""
    if terms < 0:
        return _long_sum(1).replace("(long long) a;", "(" * -terms + "a" + ")" * -terms + ";")
    return dedent(f"""
        extern int __VERIFIER_nondet_int(void);
        extern void reach_error(void);
        int main(void) {{
          int a = __VERIFIER_nondet_int();
          if (a < 0 || a > 100) return 0;
          long long s = {" + ".join(["(long long) a"] * terms)};
          if (s < 0) reach_error();
          return 0;
        }}
        """)


def test_a_deeply_nested_expression_is_followed(cli_process, ws, prp):
    # 500 terms passed Python's default recursion limit (an internal error before)
    program = ws.write("prog.c", _long_sum(2500))
    run = cli_process("--witness", ws.write("w.yml", invariant_set([])), program, "--spec", prp)
    assert run.result == "true", run.out + run.err


@pytest.mark.parametrize("terms, reason", [
    (4000, "Reason: unsupported: the program nests deeper than the validator follows"),  # child
    (6000, "Reason: the program nests deeper than the validator follows while weaving the "
           "witness"),
    (-6000, "Reason: the program nests deeper than the validator follows while parsing the "
            "program"),                 # 6,000 parentheses around one term: the parser's own
])
def test_a_program_nested_deeper_than_the_validator_follows_is_unknown(cli_process, ws, prp,
                                                                        terms, reason):
    program = ws.write("prog.c", _long_sum(terms))
    report = ws.dir / "report.json"
    run = cli_process("--witness", ws.write("w.yml", invariant_set([])), program, "--spec", prp,
                      "--report-json", report)
    assert run.result == "unknown"
    assert reason in run.out
    assert "Traceback" not in run.out + run.err
    assert json.loads(report.read_text())["verdict"] == "unknown"
