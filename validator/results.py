"""Result strings (as BenchExec's `benchexec.result` spells them), the result line, exit codes.

The statuses of invariants and of the property are enums in `evidence.py`."""
from __future__ import annotations

from typing import Optional

RESULT_TRUE = "true"
RESULT_FALSE_REACH = "false(unreach-call)"
RESULT_UNKNOWN = "unknown"
RESULT_ERROR = "ERROR"

RESULT_LINE_PREFIX = "Verification result: "
STATISTICS_PREFIX = "Statistics: "     # name=value pairs, see report.statistics_line

# exit codes
EXIT_VERDICT = 0       # true, false or unknown was reached
EXIT_ERROR = 1         # ERROR (...): the input is not valid
EXIT_USAGE = 2         # bad command line (argparse's own code)


def error_result(reason: str) -> str:
    """`ERROR (reason)` on one line, without parentheses that would confuse parsers."""
    reason = " ".join(reason.split())
    return f"{RESULT_ERROR} ({reason})"


def result_line(result: str) -> str:
    return RESULT_LINE_PREFIX + result


def verdict_in(lines) -> Optional[str]:
    """R of the last `Verification result: R` line of a run's output, None if there is none."""
    for line in reversed(lines):
        if line.startswith(RESULT_LINE_PREFIX):
            return line[len(RESULT_LINE_PREFIX):].strip()
    return None
