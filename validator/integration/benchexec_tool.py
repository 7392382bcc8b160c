"""BenchExec tool-info module: `<benchmark tool="validator.benchexec_tool">`.

BenchExec imports this module by its full name, so the project must be installed (or on
PYTHONPATH) where `benchexec` runs.  It depends only on BenchExec's stable API (`BaseTool2` and
the `benchexec.result` constants), as out-of-tree modules should.

The witness comes from a `--witness` option of the benchmark definition or, for validation task
definitions, from `options.witness_input_file` (the basename of one of the `input_files`).
Output files (`--report-json`, `--certificate-out`) must be written below the working directory
and declared as `<resultfiles>`: BenchExec's container discards every other write.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path

import benchexec.result as result
from benchexec.tools.template import BaseTool2, UnsupportedFeatureException

from ..results import STATISTICS_PREFIX, verdict_in

EXECUTABLE = "validate-correctness"
WITNESS_OPTION = "--witness"
# the validator's own start-up, the gcc replay after the engines, writing the outputs
TIMEOUT_MARGIN_SHARE = 0.1
TIMEOUT_MARGIN_MIN = 2.0
TIMEOUT_MARGIN_MAX = 10.0
WITNESS_KEYS = ("witness_input_file", "witness")    # `witness` before BenchExec 3.27


def timeout_for(cputime: float) -> float:
    """The engines' budget under a CPU-time limit: the limit minus a margin (at least 1 s)."""
    margin = min(TIMEOUT_MARGIN_MAX, max(TIMEOUT_MARGIN_MIN, TIMEOUT_MARGIN_SHARE * cputime))
    return max(1.0, cputime - margin)


def split_witness(task, options: list[str]) -> tuple[list[str], list[str]]:
    """(the witness options, the program files) of a task, as `handle_witness_of_task` does."""
    files = list(task.input_files)
    task_options = task.options if isinstance(task.options, dict) else {}
    name = next((task_options[k] for k in WITNESS_KEYS if task_options.get(k)), None)
    if name is None:
        return [], files
    witness = [f for f in files if Path(f).name == Path(str(name)).name]
    if not witness:
        raise UnsupportedFeatureException(
            f"witness '{name}' of the task definition is not among its input files")
    programs = [f for f in files if f not in witness]
    if WITNESS_OPTION in options:
        logging.warning("The benchmark definition passes --witness: the witness of the task "
                        "definition is ignored.")
        return [], programs
    return [WITNESS_OPTION, witness[0]], programs


class Tool(BaseTool2):
    """validate-correctness: validator of YAML correctness witnesses for C programs."""

    def executable(self, tool_locator):
        return tool_locator.find_executable(EXECUTABLE, subdir="bin")

    def name(self):
        return "validate-correctness"

    def version(self, executable):
        # `validate-correctness --version` prints "validate-correctness 0.1.0"
        return self._version_from_tool(executable).rpartition(" ")[2]

    def cmdline(self, executable, options, task, rlimits):
        options = list(options)
        witness_options, programs = split_witness(task, options)
        if len(programs) != 1:
            raise UnsupportedFeatureException(
                f"exactly one program file is needed, the task has {len(programs)}")
        # without a witness the validator answers `ERROR (no witness given ...)` itself
        command = [executable, *options, *witness_options]
        if task.property_file and "--spec" not in options:
            command += ["--spec", task.property_file]
        data_model = (task.options or {}).get("data_model") if isinstance(task.options, dict) else None
        if data_model in ("ILP32", "LP64") and "--data-model" not in options:
            command += ["--data-model", data_model]
        if rlimits.cputime and "--timeout" not in options:
            command += ["--timeout", f"{timeout_for(rlimits.cputime):g}"]
        return command + programs

    def determine_result(self, run):
        status = verdict_in(run.output)
        if status is not None:
            return _benchexec_status(status)
        if run.exit_code.value:           # non-zero, and None (killed by a signal)
            return f"{result.RESULT_ERROR} (exit code {run.exit_code.value})"
        if run.exit_code.signal:
            return f"{result.RESULT_ERROR} (signal {run.exit_code.signal})"
        return result.RESULT_UNKNOWN

    def get_value_from_output(self, output, identifier):
        """Columns from the statistics line: invariants, confirmed, rejected, unknown,
        parse_time, encode_time, solve_time, total_time."""
        for line in reversed(output):
            if line.startswith(STATISTICS_PREFIX):
                match = re.search(rf"(?:^|\s){re.escape(identifier)}=(\S+)",
                                  line[len(STATISTICS_PREFIX):])
                return match.group(1) if match else None
        return None


def _benchexec_status(status: str) -> str:
    if status == "true":
        return result.RESULT_TRUE_PROP
    if status == "false(unreach-call)":
        return result.RESULT_FALSE_REACH
    if status.startswith("false"):
        return result.RESULT_FALSE_PROP
    if status == "unknown":
        return result.RESULT_UNKNOWN
    if status.startswith(result.RESULT_ERROR):
        return status
    return f"{result.RESULT_ERROR} (unexpected result line: {status})"
