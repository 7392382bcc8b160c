"""Check a violation witness with our own engines: BMC restricted to its waypoints.

The waypoints are woven into the program (`instrument.waypoints`); the witness holds a real
violation exactly when the woven program reaches `__waypoint_target`.  Reaching it with the
strict weaving (each segment ends at the first pass of its waypoint) also shows that, since
those executions are among the witness's.  Random testing and BMC
look for such an execution, and gcc replays it before the answer is yes.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from instrument.frontend import parse_program
from instrument.waypoints import TARGET_FUNCTION, load_violation_witness, weave_waypoints
from instrument.woven import WeaveResult

from ..engines.options import EngineOptions
from ..engines.process import run_engines
from ..evidence import ProblemKind, SiteOutcome
from ..execution.replay import replay


@dataclass
class ViolationCheck:
    confirmed: bool
    reason: str
    inputs: list


def check_violation_witness(program_path: str, witness_path: str, data_model: str,
                            timeout: float = 60.0,
                            error_function: str = "reach_error") -> ViolationCheck:
    """Whether an execution follows the witness's waypoints into its target (gcc-replayed).
    First with each segment ending at the first pass of its waypoint (fewer executions, a
    much easier search), then, if that finds none, as the format reads it (any pass)."""
    waypoints = load_violation_witness(witness_path)
    started = time.monotonic()
    check = None
    for strict, share in ((True, 0.5), (False, 1.0)):
        budget = share * (timeout - (time.monotonic() - started))
        program = parse_program(program_path, data_model)
        woven = WeaveResult(weave_waypoints(program, waypoints, error_function, strict), [], [])
        check = _search(woven, data_model, budget)
        if check.confirmed:
            return check
    return check


def _search(woven: WeaveResult, data_model: str, timeout: float) -> ViolationCheck:
    options = EngineOptions(engines=("testing", "bmc"), stop_at_refutation=True)
    found = run_engines(woven, data_model, TARGET_FUNCTION, timeout, options)
    if found.problem is ProblemKind.TIMEOUT:
        return ViolationCheck(False, "time limit reached", [])
    if found.problem is not None:
        return ViolationCheck(False, f"{found.problem.value}: {found.problem_text.strip()[-300:]}",
                              [])
    if found.property_outcome is SiteOutcome.PROVEN:
        return ViolationCheck(False, "no execution follows the waypoints to the target", [])
    if found.property_outcome is not SiteOutcome.FAILED:
        return ViolationCheck(False, "no execution to the target found in the time limit", [])
    inputs = [v.to_json() for v in found.property_counterexample.inputs]
    if not replay(woven, TARGET_FUNCTION, data_model, inputs).reached_error:
        return ViolationCheck(False, "the execution did not replay in the compiled program", inputs)
    return ViolationCheck(True, "an execution follows the waypoints to the target", inputs)
