"""A replay stops once it has shown what its counterexamples claim (`replay(goal=...)`): a
wrong invariant at the first iteration of a loop that never ends was `unknown` (`timeout
while replaying counterexamples`) because the replay ran until the deadline."""
from __future__ import annotations

import json

from conftest import CORPUS, PROJECT_ROOT, dedent, invariant_set, position
from instrument.frontend import parse_program
from instrument.weave import weave
from instrument.witness import load_witness
from validator.execution.replay import replay

SUITE = PROJECT_ROOT / "tests" / "witness_suite"

# two invariants at the head of a loop that never ends: `x < 3` fails at the fourth
# iteration, `x < 1000` at the 1001st
ENDLESS = dedent("""
    extern int __VERIFIER_nondet_int(void);
    void reach_error(void) {}
    int main(void) {
      unsigned int x = 0;
      int step = __VERIFIER_nondet_int();
      if (step != 1) return 0;
      while (1) {
        x = x + step;
      }
      return 0;
    }
    """)


def _woven(ws, source: str, invariants: list[str]):
    line, column = position(source, "while (1)")
    program = ws.write("prog.c", source)
    witness = ws.write("w.yml", invariant_set(
        [("loop_invariant", line, column, value) for value in invariants]))
    return weave(parse_program(str(program), "ILP32"), load_witness(str(witness)))


def test_a_replay_stops_once_its_goal_is_shown(ws):
    woven = _woven(ws, ENDLESS, ["x < 3", "x < 1000"])
    inputs = [{"value": 1}]
    first = ("check", 0, "loop_head")
    second = ("check", 1, "loop_head")
    both = replay(woven, "reach_error", "ILP32", inputs, timeout=60, goal=frozenset({first, second}))
    assert both.shows(first) and both.shows(second) and not both.ended
    one = replay(woven, "reach_error", "ILP32", inputs, timeout=60, goal=frozenset({first}))
    assert one.shows(first) and not one.ended


def test_a_replay_whose_goal_is_not_shown_runs_as_before(ws):
    """Another input: the program ends at once, without the failed checks; and a goal the
    run never shows leaves it to its end (the error is not reached)."""
    woven = _woven(ws, ENDLESS, ["x < 3"])
    goal = frozenset({("check", 0, "loop_head"), ("error",)})
    ended = replay(woven, "reach_error", "ILP32", [{"value": 2}], timeout=60, goal=goal)
    assert ended.ended and not ended.failed_checks and not ended.reached_error


def test_a_wrong_invariant_before_an_endless_loop_is_rejected(cli, prp, tmp_path):
    """loops/sum03-2 (`while (1)`, no input) with `sn == 2 * x + 2` at its head: random
    testing refutes it at once, and its replay ends there instead of at the deadline."""
    report = tmp_path / "report.json"
    run = cli(CORPUS / "sv-benchmarks" / "c" / "loops" / "sum03-2.i", "--witness",
              SUITE / "loops" / "sum03-2.off-by-one.yml", "--spec", prp, "--timeout", "20",
              "--report-json", report)
    assert run.result == "false(unreach-call)"
    data = json.loads(report.read_text())
    assert data["reason"] == "invariant 0 is violated on a real execution"
