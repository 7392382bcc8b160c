"""Result strings (as BenchExec's `benchexec.result` spells them) and invariant statuses."""
from __future__ import annotations

RESULT_TRUE = "true"
RESULT_FALSE_REACH = "false(unreach-call)"
RESULT_UNKNOWN = "unknown"
RESULT_ERROR = "ERROR"

RESULT_LINE_PREFIX = "Verification result: "
STATISTICS_PREFIX = "Statistics: "     # name=value pairs, see report.statistics_line

# statuses of one invariant in the report
CONFIRMED = "confirmed"
REJECTED = "rejected"
UNKNOWN = "unknown"
UNSUPPORTED = "unsupported"
UNPLACED = "unplaced"

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
