"""A contract's `ensures` restated at the calls of a summarised procedure
(`validator/semantics/call_contracts.py`): only where every return path assumes it, so that
the restated term is implied by every summary fact.  The verdicts it enables are in
`test_contracts.py` (recursive_nonlinear, recursive_global, recursive_global_swapped)."""
from __future__ import annotations

from pathlib import Path

from conftest import position
from test_contracts import DEPTH, MULT, MULT_ENSURES, MULT_REQUIRES, contract_witness

from instrument.frontend import parse_program
from instrument.weave import weave
from instrument.witness import load_witness
from validator.semantics.blocks import TransitionSystem
from validator.semantics.call_contracts import restatable_ensures
from validator.semantics.cfa import woven_program_cfa
from validator.semantics.cfa.indeterminate import NONDET
from validator.semantics.ir import WitnessAssume


def _cfa(tmp_path: Path, program: str, contract: tuple, uninitialized: str = "undefined"):
    source, witness = tmp_path / "prog.c", tmp_path / "w.yml"
    source.write_text(program)
    witness.write_text(contract_witness(program, [contract]))
    woven = weave(parse_program(str(source), "ILP32"), load_witness(str(witness)))
    return woven_program_cfa(woven, "ILP32", "reach_error", summarise_recursion=True,
                             uninitialized=uninitialized)


def test_restated_with_result_entry_copies_and_globals(tmp_path: Path) -> None:
    cfa = _cfa(tmp_path, MULT, ("int mult(", "mult", MULT_REQUIRES, MULT_ENSURES))
    [ensures] = restatable_ensures(cfa, cfa.procedures["mult"])
    assert ensures.index == 0 and ensures.result is not None
    assert sorted(v.name for v in ensures.entry_copies.values()) == ["mult::a", "mult::b"]
    ts = TransitionSystem(cfa)
    calls = [b.call for b in ts.blocks.values() if b.call is not None]
    assert len(calls) == 2 and all(len(call.ensured) == 1 for call in calls)
    cfa = _cfa(tmp_path, DEPTH, ("int depth(", "depth", "n >= 0",
                                 "g == \\old(g) + n && \\result == n"))
    [ensures] = restatable_ensures(cfa, cfa.procedures["depth"])
    copied = {copy.name: source for copy, source in ensures.entry_copies.items()}
    assert copied["__witness_pre0_g"].is_global and copied["__witness_pre0_n"].name == "depth::n"


def test_not_restated_when_a_return_path_skips_the_assumption(tmp_path: Path) -> None:
    """One return's assumption removed: a summary fact could then violate the `ensures`, so
    restating it at a call would cut executions; nothing is restated."""
    cfa = _cfa(tmp_path, MULT, ("int mult(", "mult", MULT_REQUIRES, MULT_ENSURES))
    line = position(MULT, "return 0")[0]
    assumptions = [e for e in cfa.edges if isinstance(e.op, WitnessAssume)
                   and e.op.cond is not None and e.line == line]
    assert assumptions, "the base case's ensures assumption"
    for edge in assumptions:
        edge.op = None
    assert restatable_ensures(cfa, cfa.procedures["mult"]) == []


def test_not_restated_with_fresh_reads_of_unwritten_values(tmp_path: Path) -> None:
    cfa = _cfa(tmp_path, MULT, ("int mult(", "mult", MULT_REQUIRES, MULT_ENSURES), NONDET)
    ts = TransitionSystem(cfa)
    assert ts.call_ensures == {}
    assert all(not b.call.ensured for b in ts.blocks.values() if b.call is not None)
