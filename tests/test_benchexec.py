"""The BenchExec integration: the tool-info module, the sample validation tasks, and a real
`benchexec` run of benchexec/validate-sample.xml whose results must match the expected verdicts."""
from __future__ import annotations

import bz2
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from benchexec import result
from benchexec.tools.template import BaseTool2, UnsupportedFeatureException
from benchexec.util import ProcessExitCode

from validator.integration.benchexec_tool import Tool, timeout_for

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sv-benchmarks-sample"
VALIDATION = SAMPLE / "c" / "validation"
BENCHMARK = ROOT / "benchexec" / "validate-sample.xml"
BIN = Path(sys.executable).parent

# validation tasks whose expected verdict the validator does not reach today; `unknown` is
# allowed for them (never the opposite verdict)
UNKNOWN_ALLOWED = {
    "do_while_step.wrong.yml": "a do-while invariant that fails at one of its two readings is "
                               "not refuted (DESIGN.md)",
    "longlong_sum.int-overflow.yml": "the failing execution needs 2148 iterations; found after "
                                     "about 50 s, close to the sample's time limit",
    # no expected verdict: a witness a validator must not decide (issue 17)
    "contract_global.unsupported.yml": "a function contract with a quantifier: unsupported",
    "contract_global.unplaced.yml": "a function contract of a function the program does not "
                                    "define: unplaced",
}


def task(input_files, options=None, property_file="unreach-call.prp"):
    return BaseTool2.Task(input_files=tuple(input_files), identifier=None,
                          property_file=property_file, options=options)


def limits(cputime=None):
    return BaseTool2.ResourceLimits(cputime=cputime, cputime_hard=None, walltime=None,
                                    memory=None, cpu_cores=None)


def run_with(output: list[str], exit_code=0, signal=None):
    return BaseTool2.Run(["validate-correctness"], ProcessExitCode.create(
        value=exit_code if signal is None else None, signal=signal), output, None)


def test_cmdline_of_a_validation_task():
    command = Tool().cmdline(
        "validate-correctness", ["--report-json", "report.json"],
        task(["dir/prog.c", "dir/prog.witness.yml"],
             {"language": "C", "data_model": "LP64", "witness_input_file": "prog.witness.yml"}),
        limits(cputime=900))
    assert command == ["validate-correctness", "--report-json", "report.json",
                       "--witness", "dir/prog.witness.yml", "--spec", "unreach-call.prp",
                       "--data-model", "LP64", "--timeout", "890", "dir/prog.c"]


def test_witness_option_of_the_benchmark_wins_over_the_task():
    command = Tool().cmdline(
        "vc", ["--witness", "mine.yml"],
        task(["prog.c", "w.yml"], {"witness_input_file": "w.yml"}), limits())
    assert command == ["vc", "--witness", "mine.yml", "--spec", "unreach-call.prp", "prog.c"]


def test_witness_named_but_missing_or_several_programs_are_unsupported():
    with pytest.raises(UnsupportedFeatureException):
        Tool().cmdline("vc", [], task(["prog.c"], {"witness_input_file": "w.yml"}), limits())
    with pytest.raises(UnsupportedFeatureException):
        Tool().cmdline("vc", ["--witness", "w.yml"], task(["a.c", "b.c"]), limits())


def test_timeout_leaves_a_margin_below_the_cpu_time_limit():
    assert timeout_for(900) == 890
    assert timeout_for(60) == 54
    assert timeout_for(10) == 8
    assert timeout_for(1) == 1


@pytest.mark.parametrize("output,exit_code,signal,expected", [
    (["Verification result: true"], 0, None, result.RESULT_TRUE_PROP),
    (["Invariant 0 ...: rejected", "Verification result: false(unreach-call)"], 0, None,
     result.RESULT_FALSE_REACH),
    (["Verification result: unknown"], 0, None, result.RESULT_UNKNOWN),
    (["Verification result: ERROR (w.yml: line 3: malformed YAML)"], 1, None,
     "ERROR (w.yml: line 3: malformed YAML)"),
    ([], 0, None, result.RESULT_UNKNOWN),
    (["Traceback"], 1, None, "ERROR (exit code 1)"),
    ([], None, 9, "ERROR (signal 9)"),
])
def test_determine_result(output, exit_code, signal, expected):
    assert Tool().determine_result(run_with(output, exit_code, signal)) == expected


def test_values_from_the_statistics_line():
    output = ["Statistics: invariants=3 confirmed=2 rejected=1 unknown=0 parse_time=0.021 "
              "encode_time=0.030 solve_time=0.250 total_time=0.310", "Verification result: true"]
    tool = Tool()
    assert tool.get_value_from_output(output, "confirmed") == "2"
    assert tool.get_value_from_output(output, "rejected") == "1"
    assert tool.get_value_from_output(output, "solve_time") == "0.250"
    assert tool.get_value_from_output(output, "nothing") is None


def test_validation_tasks_are_generated_from_expected_tsv():
    check = subprocess.run([sys.executable, str(SAMPLE / "make_validation_tasks.py"), "--check"],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout


def test_benchexec_accepts_the_tool_info_module(tmp_path):
    output = tmp_path / "tool-output.txt"
    output.write_text("Statistics: invariants=1 confirmed=1 rejected=0 unknown=0 parse_time=0.1 "
                      "encode_time=0.1 solve_time=0.1 total_time=0.3\n"
                      "Verification result: false(unreach-call)\n")
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    check = subprocess.run(
        [sys.executable, "-m", "benchexec.test_tool_info", "validator.benchexec_tool",
         "--no-container", "--tool-output", str(output),
         "--task-definition", str(VALIDATION / "for_count.wrong.yml")],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    text = check.stdout + check.stderr
    assert check.returncode == 0, text
    assert "Traceback" not in text
    assert "Version: “0.1.0”" in text
    assert "for_count.wrong.witness.yml" in text and "--timeout" in text
    assert f"Result of analyzing tool output in “{output}”:\n\t“false(unreach-call)”" in text


def test_a_single_validation_task_runs_without_a_witness_option(capsys):
    from validator.cli import main
    assert main([str(VALIDATION / "for_count.wrong.yml"), "--timeout", "30"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == \
        "Verification result: false(unreach-call)"


def test_benchexec_run_of_the_sample(tmp_path):
    """A real BenchExec run in its container (cgroups, as root): every status as expected."""
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    # output to a file, not a pipe: a helper process that BenchExec forked and that outlives
    # it (seen once, blocked in a futex) would otherwise hold the pipe open and this test with it
    log = tmp_path / "benchexec.log"
    with open(log, "w") as output:
        run = subprocess.run(
            [str(BIN / "benchexec"), str(BENCHMARK), "--outputpath", str(tmp_path),
             "--read-only-dir", "/", "--hidden-dir", "/home", "--overlay-dir", str(ROOT)],
            stdout=output, stderr=subprocess.STDOUT, env=env, cwd=ROOT, timeout=1200)
    assert run.returncode == 0, log.read_text()[-6000:]
    [results_file] = tmp_path.glob("*.results.*.xml.bz2")
    runs = ElementTree.fromstring(bz2.decompress(results_file.read_bytes())).findall("run")
    assert len(runs) == len(list(VALIDATION.glob("*.yml")))
    wrong = []
    for element in runs:
        status = element.find("column[@title='status']").get("value")
        expected = element.get("expectedVerdict")
        name = Path(element.get("name")).name
        matches = status == ("true" if expected == "true" else "false(unreach-call)")
        if not matches and not (name in UNKNOWN_ALLOWED and status == "unknown"):
            wrong.append(f"{name}: expected {expected}, got {status}")
    assert not wrong, "\n".join(wrong)
    # the files the validator writes are kept as result files
    reports = list(tmp_path.glob("*.files/**/report.json"))
    assert len(reports) == len(runs)
