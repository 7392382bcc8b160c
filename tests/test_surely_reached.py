"""`houdini.surely_reached` (issue 21: one Houdini query fewer per cut point): every cut point
it names must be one where Houdini, asked, drops the candidate `False`; cut points behind
a condition, or not reached at all, are not named."""
from __future__ import annotations

import time

import z3

from instrument.deadline import Deadline
from instrument.frontend import parse_program
from instrument.locate import ProgramIndex
from instrument.weave import weave
from instrument.witness import load_witness
from validator.engines import houdini
from validator.semantics.blocks import TransitionSystem
from validator.semantics.cfa.builder import woven_program_cfa

PROGRAM = """extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error() { abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = 0;
  b = b + 1;
  if (a > 5) {
    b = 2;
  }
  b = b + 1;
  if (a != a) {
    b = 7;
  }
  for (int i = 0; i < 3; i++) {
    b = b + i;
  }
  b = b + 1;
  return 0;
}
"""
STRAIGHT = {7: True, 9: False, 11: False, 13: False, 16: False, 18: False}
LOCATIONS = ((7, 3), (9, 5), (11, 3), (13, 5), (16, 5), (18, 3))     # witness order
# line 11 is reached from 7 (when a <= 5) and from 9: from no block unconditionally; line
# 16 is the loop's body (behind the loop condition), 18 after the loop (behind its
# exit condition): not named, though reachable; 13 is unreachable


def _system(ws) -> TransitionSystem:
    items = "".join(
        f"    - invariant:\n        type: location_invariant\n        location:\n"
        f"          file_name: prog.c\n          line: {line}\n          column: {column}\n"
        f"          function: main\n        value: \"1\"\n        format: c_expression\n"
        for line, column in LOCATIONS)
    witness = ("- entry_type: invariant_set\n  metadata:\n    format_version: \"2.0\"\n"
               "    uuid: 6f1b2e52-1f3e-4a0c-9d55-0d3a4b1c2d3f\n"
               "    creation_time: \"2026-11-28T00:00:00Z\"\n"
               "    producer:\n      name: test\n      version: \"1\"\n"
               "    task:\n      input_files:\n        - prog.c\n"
               "      input_file_hashes: {}\n      specification: \"G ! call(reach_error())\"\n"
               "      data_model: ILP32\n      language: C\n  content:\n" + items)
    program = parse_program(str(ws.write("prog.c", PROGRAM)), "ILP32")
    loaded = load_witness(str(ws.write("witness.yml", witness)), Deadline())
    woven = weave(program, loaded, ProgramIndex(program), error_function="reach_error")
    return TransitionSystem(woven_program_cfa(woven, "ILP32", "reach_error"))


def test_surely_reached_cut_points_are_those_houdini_finds_reachable(ws):
    ts = _system(ws)
    reached = houdini.surely_reached(ts)
    lines = {LOCATIONS[c.index][0]: c.node for c in ts.cfa.checks}
    assert sorted(lines) == sorted(STRAIGHT)
    assert {line for line, node in lines.items() if node in reached} == \
        {line for line, named in STRAIGHT.items() if named}
    # Houdini asked about `False` at every check: it drops it at each named cut point (so
    # not asking changes nothing) and keeps it only at the unreachable one
    candidates = {node: [(("false", node), z3.BoolVal(False))] for node in lines.values()}
    kept = houdini.houdini(ts, candidates, time.monotonic() + 120)
    unreachable = {line for line, node in lines.items()
                   if ("false", node) in {k for k, _ in kept.get(node, [])}}
    assert unreachable == {13}
