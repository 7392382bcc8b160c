"""`unreachable_targets` asks chunks of blocks at once in a system of many blocks (issue 21,
large witnesses): it must show exactly the targets that asking block by block shows, with a
wrong invariant among the right ones too."""
from __future__ import annotations

import time

import pytest

from instrument.deadline import Deadline
from instrument.frontend import parse_program
from instrument.locate import ProgramIndex
from instrument.weave import weave
from instrument.witness import load_witness
from validator.engines import houdini
from validator.semantics.blocks import TransitionSystem
from validator.semantics.cfa.builder import woven_program_cfa

STATEMENTS = 300       # blocks enough for several chunks

HEADER = """extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "prog.c", 3, "reach_error"); }
int main(void) {
  int a = 0;
"""


def _system(ws, wrong: int | None) -> TransitionSystem:
    first = HEADER.count("\n") + 1
    text = HEADER + "".join("  a = a + 1;\n" for _ in range(STATEMENTS)) + \
        f"  if (a != {STATEMENTS}) reach_error();\n  return 0;\n}}\n"
    items = "".join(
        f"    - invariant:\n        type: location_invariant\n        location:\n"
        f"          file_name: prog.c\n          line: {first + k}\n          column: 3\n"
        f"          function: main\n        value: \"a == {k + 1 if k == wrong else k}\"\n"
        f"        format: c_expression\n" for k in range(STATEMENTS))
    witness = ("- entry_type: invariant_set\n  metadata:\n    format_version: \"2.0\"\n"
               "    uuid: 6f1b2e52-1f3e-4a0c-9d55-0d3a4b1c2d3e\n"
               "    creation_time: \"2026-11-27T00:00:00Z\"\n"
               "    producer:\n      name: test\n      version: \"1\"\n"
               "    task:\n      input_files:\n        - prog.c\n"
               "      input_file_hashes: {}\n      specification: \"G ! call(reach_error())\"\n"
               "      data_model: ILP32\n      language: C\n  content:\n" + items)
    program = parse_program(str(ws.write("prog.c", text)), "ILP32")
    loaded = load_witness(str(ws.write("witness.yml", witness)), Deadline())
    woven = weave(program, loaded, ProgramIndex(program), error_function="reach_error")
    return TransitionSystem(woven_program_cfa(woven, "ILP32", "reach_error"))


@pytest.mark.parametrize("wrong", [None, STATEMENTS // 2])
def test_chunks_show_what_single_blocks_show(ws, monkeypatch, wrong):
    ts = _system(ws, wrong)
    assert len(ts.blocks) >= houdini.CHUNKED_FROM
    # each invariant as its own cut point's lemma, but the wrong one (what Houdini keeps)
    lemmas = {c.node: [(("site", c.site), ts.lemma(c.cond))] for c in ts.cfa.checks
              if c.index != wrong}
    deadline = time.monotonic() + 600
    chunked = houdini.unreachable_targets(ts, lemmas, deadline)
    monkeypatch.setattr(houdini, "CHUNKED_FROM", 10 ** 9)
    single = houdini.unreachable_targets(ts, lemmas, deadline)
    assert chunked == single
    failing = {key for b in ts.blocks.values() for t in b.targets
               for key in [(t.kind, t.key)] if key not in single}
    assert bool(failing) == (wrong is not None)
