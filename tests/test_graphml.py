"""GraphML 1.0 correctness witnesses (issue 18): hostile XML, the automaton's exact meaning,
and what is not exact (unplaced, never guessed).

Each semantic case states its ground truth in the words of the format: the product of the
automaton with the program's events; whenever the automaton is in node q, q's invariant holds.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from graphml_reference import Ev, violated_nodes
from instrument.errors import InputError
from instrument.graphml import parse_graphml

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sv-benchmarks-sample" / "c"
PRP = ROOT / "sv-benchmarks-sample" / "properties" / "unreach-call.prp"

KEYS = """
 <key id="witness-type" attr.name="witness-type" for="graph"/>
 <key id="producer" attr.name="producer" for="graph"/>
 <key id="architecture" attr.name="architecture" for="graph"/>
 <key id="entry" attr.name="isEntryNode" for="node"><default>false</default></key>
 <key id="sink" attr.name="isSinkNode" for="node"><default>false</default></key>
 <key id="violation" attr.name="isViolationNode" for="node"><default>false</default></key>
 <key id="invariant" attr.name="invariant" for="node"/>
 <key id="invariant.scope" attr.name="invariant.scope" for="node"/>
 <key id="startline" attr.name="startline" for="edge"/>
 <key id="endline" attr.name="endline" for="edge"/>
 <key id="startoffset" attr.name="startoffset" for="edge"/>
 <key id="control" attr.name="control" for="edge"/>
 <key id="enterLoopHead" attr.name="enterLoopHead" for="edge"><default>false</default></key>
 <key id="enterFunction" attr.name="enterFunction" for="edge"/>
 <key id="returnFrom" attr.name="returnFromFunction" for="edge"/>
 <key id="assumption" attr.name="assumption" for="edge"/>
"""

HEADER = """extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
"""


def graphml(nodes: list, edges: list, kind: str = "correctness_witness", keys: str = KEYS,
            prolog: str = "") -> str:
    """nodes: (id, {key: value}); edges: (source, target, {key: value})."""
    parts = [f'<?xml version="1.0" encoding="UTF-8"?>\n{prolog}'
             f'<graphml xmlns="http://graphml.graphdrawing.org/xmlns">{keys}'
             f'<graph edgedefault="directed">\n'
             f' <data key="witness-type">{kind}</data>\n'
             f' <data key="producer">test</data>\n <data key="architecture">32bit</data>\n']
    for node_id, data in nodes:
        inner = "".join(f'<data key="{k}">{_xml(v)}</data>' for k, v in data.items())
        parts.append(f' <node id="{node_id}">{inner}</node>\n')
    for source, target, data in edges:
        inner = "".join(f'<data key="{k}">{_xml(v)}</data>' for k, v in data.items())
        parts.append(f' <edge source="{source}" target="{target}">{inner}</edge>\n')
    parts.append("</graph></graphml>\n")
    return "".join(parts)


def _xml(value) -> str:
    return str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def entry(**data) -> dict:
    return {"entry": "true", **data}


def line(number: int, **data) -> dict:
    return {"startline": str(number), **{k: str(v) for k, v in data.items()}}


def head(number: int) -> dict:
    return line(number, enterLoopHead="true")


TRUE, FALSE = {"control": "condition-true"}, {"control": "condition-false"}


def validate(cli, tmp_path: Path, program: str, witness: str, *options: str):
    source, path = tmp_path / "prog.c", tmp_path / "w.graphml"
    source.write_text(program)
    path.write_text(witness)
    report = tmp_path / "report.json"
    run = cli("--witness", path, source, "--spec", PRP, "--timeout", "60", "--report-json",
              report, *options)
    data = json.loads(report.read_text()) if report.exists() else None
    return run, data


def statuses(report: dict) -> dict[str, str]:
    return {entry["node_id"]: entry["status"] for entry in report["invariants"]}


def agrees_with_reference(report: dict, witness: str, trace: tuple) -> None:
    """Every confirmed node holds on the reference product, every rejected one fails there."""
    violated = violated_nodes(parse_graphml(witness, "w.graphml"), *trace)
    for node, status in statuses(report).items():
        assert status != "confirmed" or node not in violated, (node, violated)
        assert status != "rejected" or node in violated, (node, violated)


def span(program: str, text: str) -> tuple[int, int]:
    start = program.index(text)
    return start, start + len(text)


# ------------------------------------------------------------------ hostile XML
def expect_error(text: str, *words: str) -> InputError:
    with pytest.raises(InputError) as caught:
        parse_graphml(text, "w.graphml")
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return caught.value


BASIC = ([("A", entry()), ("B", {"invariant": "x >= 0"})], [("A", "B", line(5))])


def test_entity_bomb_is_refused_before_any_expansion():
    bomb = ('<!DOCTYPE lolz [<!ENTITY lol "lol">'
            + "".join(f'<!ENTITY lol{i} "{("&lol%s;" % ("" if i == 1 else i - 1)) * 10}">'
                      for i in range(1, 10)) + ']>\n')
    text = graphml(*BASIC, prolog=bomb).replace("<data key=\"producer\">test",
                                                "<data key=\"producer\">&lol9;")
    error = expect_error(text, "document type declarations", "refused")
    assert error.line == 2


def test_external_entities_are_refused():
    text = graphml(*BASIC, prolog='<!DOCTYPE g [<!ENTITY ext SYSTEM "file:///etc/passwd">]>\n')
    expect_error(text.replace("<data key=\"producer\">test", "<data key=\"producer\">&ext;"),
                 "refused")
    expect_error(graphml(*BASIC, prolog='<!DOCTYPE graphml SYSTEM "http://x/graphml.dtd">\n'),
                 "refused")


def test_data_needs_a_declared_key():
    text = graphml(*BASIC).replace('<key id="invariant" attr.name="invariant" for="node"/>', "")
    error = expect_error(text, 'key="invariant"', "no declared <key>")
    assert error.line is not None


@pytest.mark.parametrize("nodes, edges, kind, words", [
    (*BASIC, "violation_witness", ["violation witness"]),
    (*BASIC, "something", ["not correctness_witness"]),
    ([("A", entry()), ("B", entry())], [], "correctness_witness", ["exactly one entry", "A, B"]),
    ([("A", {})], [], "correctness_witness", ["exactly one entry", "none"]),
    ([("A", entry())], [("A", "Z", line(3))], "correctness_witness", ["'Z' is not a node"]),
    ([("A", entry()), ("V", {"violation": "true"})], [], "correctness_witness",
     ["violation node"]),
    # a cycle of sink states: a sink has no successors
    ([("A", entry()), ("S", {"sink": "true"}), ("T", {"sink": "true"})],
     [("A", "S", line(3)), ("S", "T", line(4)), ("T", "S", line(5))], "correctness_witness",
     ["leaves the sink node 'S'"]),
    ([("A", entry()), ("S", {"sink": "true", "invariant": "x > 0"})], [],
     "correctness_witness", ["sink node 'S' has an invariant"]),
    ([("A", entry())], [("A", "A", line(3, control="maybe"))], "correctness_witness",
     ["control is 'maybe'"]),
    ([("A", entry())], [("A", "A", {"startline": "three"})], "correctness_witness",
     ["startline is 'three'"]),
    ([("A", entry())], [("A", "A", line(3, enterLoopHead="perhaps"))], "correctness_witness",
     ["enterLoopHead is 'perhaps'"]),
])
def test_invalid_automata_are_errors(nodes, edges, kind, words):
    expect_error(graphml(nodes, edges, kind), *words)


def test_data_holding_elements_is_an_error():
    text = graphml(*BASIC).replace('<data key="invariant">x &gt;= 0</data>',
                                   '<data key="invariant">x &gt;= 0<b>&amp;&amp; 0</b></data>')
    expect_error(text, "holds the element <b>")


def test_malformed_xml_names_the_line():
    error = expect_error(graphml(*BASIC).replace("</graph>", "</grph>"), "malformed XML")
    assert error.line is not None


def test_hostile_input_is_an_error_on_the_command_line(cli, tmp_path):
    bomb = '<!DOCTYPE g [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>\n'
    run, _ = validate(cli, tmp_path, HEADER + "int main(void) { return 0; }\n",
                      graphml(*BASIC, prolog=bomb))
    assert run.code != 0 and run.result.startswith("ERROR (")
    assert "Traceback" not in run.out + run.err


def test_keys_are_read_by_their_declarations():
    """CPAchecker's ids with other attr.names, defaults, keys of another producer's naming."""
    keys = KEYS.replace('<key id="entry" attr.name="isEntryNode" for="node">'
                        '<default>false</default></key>',
                        '<key id="e1" attr.name="isEntryNode" for="node">'
                        '<default>false</default></key>')
    text = graphml([("A", {"e1": "true"}), ("B", {"invariant": "x >= 0"})],
                   [("A", "B", {"startline": "5", "returnFrom": "f"})], keys=keys)
    witness = parse_graphml(text, "w.graphml")
    assert witness.entry == "A" and witness.nodes["B"].invariant == "x >= 0"
    assert witness.edges[0].return_from_function == "f"
    assert witness.graph["architecture"] == "32bit"


# ------------------------------------------------------------------ the sample (two producers)
@pytest.mark.parametrize("witness, program, verdict, expected", [
    ("nested_while.cpachecker.graphml", "nested_while.c", "true",
     {"A1": "confirmed", "A3": "confirmed", "A7": "confirmed"}),
    ("nested_while.cpachecker.wrong.graphml", "nested_while.c", "false(unreach-call)",
     {"A3": "rejected"}),
    ("call_in_loop.cpachecker.graphml", "call_in_loop.c", "true", {"A1": "confirmed"}),
    ("call_in_loop.cpachecker.wrong.graphml", "call_in_loop.c", "false(unreach-call)",
     {"A1": "rejected"}),
    ("deterministic_loop.uautomizer.graphml", "deterministic_loop.c", "true",
     {"N1": "confirmed"}),
    ("deterministic_loop.uautomizer.wrong.graphml", "deterministic_loop.c",
     "false(unreach-call)", {"N1": "rejected"}),
])
def test_sample_witnesses_of_two_producers(cli, tmp_path, witness, program, verdict, expected):
    report_path = tmp_path / "report.json"
    certificates = tmp_path / "certificates.yml"
    run = cli("--witness", SAMPLE / witness, SAMPLE / program, "--spec", PRP, "--timeout", "60",
              "--report-json", report_path, "--certificate-out", certificates)
    assert run.result == verdict, run.out
    report = json.loads(report_path.read_text())
    found = statuses(report)
    for node, status in expected.items():
        assert found[node] == status, (node, run.out)
        if status == "rejected":
            assert f"(node {node})" in run.out and "rejected" in run.out
    text = certificates.read_text()
    for node in expected:
        assert f"node_id: {node}" in text
    assert "graphml_node" in text


# ------------------------------------------------------------------ exact semantics
LOOP = HEADER + """int main(void) {
  int i = 0;
  while (i < 10) {
    i++;
  }
  return 0;
}
"""
#      line 5: int i = 0;   line 6: while (i < 10)   line 7: i++;


def loop_trace() -> tuple:
    trace, i = [({}, Ev(5, enters_loop_head=True))], 0
    while i < 10:
        trace += [({"i": i}, Ev(6, branch=True)), ({"i": i}, Ev(7, enters_loop_head=True))]
        i += 1
    trace += [({"i": i}, Ev(6, branch=False)), ({"i": i}, Ev(8))]
    return trace, {"i": i}


def first_and_later(later_invariant: str) -> str:
    """F: the loop head on the first visit only; L: on every later visit."""
    return graphml(
        [("N", entry()), ("F", {"invariant": "i == 0"}), ("B1", {}),
         ("L", {"invariant": later_invariant}), ("B2", {}), ("X", {})],
        [("N", "F", head(5)), ("F", "B1", line(6, **TRUE)), ("B1", "L", head(7)),
         ("L", "B2", line(6, **TRUE)), ("B2", "L", head(7)),
         ("F", "X", line(6, **FALSE)), ("L", "X", line(6, **FALSE))])


def test_invariant_of_a_node_active_on_some_visits_only(cli, tmp_path):
    """`i == 0` holds whenever the automaton is in F (the first visit of the head), though not
    at every visit of the head: checking it at every visit would reject a valid witness."""
    run, report = validate(cli, tmp_path, LOOP, first_and_later("1 <= i && i <= 10"),
                           "--instrumented-out", str(tmp_path / "inst.c"))
    assert run.result == "true", run.out
    assert statuses(report) == {"F": "confirmed", "L": "confirmed"}
    agrees_with_reference(report, first_and_later("1 <= i && i <= 10"), loop_trace())
    instrumented = (tmp_path / "inst.c").read_text()
    assert "__gml_state" in instrumented          # the automaton tracking is shown
    assert "__gml_state holds its node: 0 = N, 1 = F, 2 = B1, 3 = L, 4 = B2, 5 = X */" \
        in instrumented


def test_wrong_invariant_is_rejected_naming_its_node(cli, tmp_path):
    """L's `i <= 9` fails at the last visit of the head (i == 10, the automaton in L)."""
    run, report = validate(cli, tmp_path, LOOP, first_and_later("1 <= i && i <= 9"))
    assert run.result == "false(unreach-call)", run.out
    assert statuses(report)["L"] == "rejected"
    assert statuses(report)["F"] in ("confirmed", "unknown")
    assert "(node L)" in run.out
    assert "invariant 1 (node L) is violated" in report["reason"]
    agrees_with_reference(report, first_and_later("1 <= i && i <= 9"), loop_trace())


def test_state_left_by_no_transition_keeps_its_invariant(cli, tmp_path):
    """The implicit self-loop: K is entered before the loop and left by nothing, so the
    automaton stays in K everywhere after; its invariant must then hold beyond one point:
    not supported (unplaced), never checked at one place only."""
    witness = graphml([("N", entry()), ("K", {"invariant": "i <= 10"})], [("N", "K", head(5))])
    run, report = validate(cli, tmp_path, LOOP, witness)
    assert run.result == "unknown"
    entry_k = report["invariants"][0]
    assert entry_k["status"] == "unplaced" and "may stay in it" in entry_k["reason"]


SHARED = HEADER + """int main(void) {
  int x = 0; int y = 0;
  while (x < 10) {
    x++; y++;
  }
  return 0;
}
"""


def offset_of(program: str, text: str) -> int:
    return program.index(text)


def shared_trace() -> tuple:
    trace = [({}, Ev(5, span=span(SHARED, "int x = 0;"))),
             ({"x": 0}, Ev(5, enters_loop_head=True, span=span(SHARED, "int y = 0;")))]
    x = y = 0
    while x < 10:
        trace += [({"x": x, "y": y}, Ev(6, branch=True)),
                  ({"x": x, "y": y}, Ev(7, span=span(SHARED, "x++;"))),
                  ({"x": x + 1, "y": y}, Ev(7, enters_loop_head=True, span=span(SHARED, "y++;")))]
        x, y = x + 1, y + 1
    trace += [({"x": x, "y": y}, Ev(6, branch=False)), ({"x": x, "y": y}, Ev(9))]
    return trace, {"x": x, "y": y}


def shared_line(invariant: str, offsets: bool) -> str:
    """Line 7 holds `x++; y++;`: with CPAchecker's offsets each guard pins one statement."""
    first = line(7, startoffset=offset_of(SHARED, "x++")) if offsets else line(7)
    return graphml(
        [("N", entry()), ("H", {"invariant": invariant}), ("B", {}), ("C", {}), ("X", {})],
        [("N", "H", head(5)), ("H", "B", line(6, **TRUE)), ("B", "C", first),
         ("C", "H", line(7, enterLoopHead="true", startoffset=offset_of(SHARED, "y++"))),
         ("H", "X", line(6, **FALSE))])


@pytest.mark.parametrize("invariant, verdict, status", [
    ("x == y && x <= 10", "true", "confirmed"),
    ("x == y && x < 10", "false(unreach-call)", "rejected"),
])
def test_offsets_pin_one_of_two_statements_on_a_line(cli, tmp_path, invariant, verdict, status):
    run, report = validate(cli, tmp_path, SHARED, shared_line(invariant, True))
    assert run.result == verdict, run.out
    assert statuses(report) == {"H": status}
    agrees_with_reference(report, shared_line(invariant, True), shared_trace())


def test_offsets_in_a_program_with_cr_line_ends_are_not_compared(cli, tmp_path):
    program = SHARED.replace("\n", "\r\n")
    run, report = validate(cli, tmp_path, program, shared_line("x == y && x <= 10", True),
                           "--timeout", "5")
    assert run.result == "unknown"
    assert "CR line ends" in report["invariants"][0]["reason"]


def test_without_offsets_a_line_of_two_statements_is_unplaced(cli, tmp_path):
    run, report = validate(cli, tmp_path, SHARED, shared_line("x == y", False),
                           "--timeout", "5")
    assert run.result == "unknown"
    assert statuses(report) == {"H": "unplaced"}
    assert "depends on the tool" in report["invariants"][0]["reason"]


FOR = HEADER + """int main(void) {
  int s = 0;
  for (int i = 0; i < 10; i++) {
    s++;
  }
  return 0;
}
"""


def for_trace() -> tuple:
    trace, s, i = [({}, Ev(5)), ({"s": 0}, Ev(6, enters_loop_head=True))], 0, 0
    while i < 10:
        trace += [({"s": s, "i": i}, Ev(6, branch=True)), ({"s": s, "i": i}, Ev(7)),
                  ({"s": s + 1, "i": i}, Ev(6, enters_loop_head=True))]
        s, i = s + 1, i + 1
    trace += [({"s": s, "i": i}, Ev(6, branch=False)), ({"s": s}, Ev(9))]
    return trace, {"s": s}


@pytest.mark.parametrize("invariant, verdict, status", [
    ("0 <= i && i <= 10 && s == i", "true", "confirmed"),
    ("0 <= i && i <= 10 && s == i + 1", "false(unreach-call)", "rejected"),
])
def test_for_loop_head_entered_by_initialisation_and_increment(cli, tmp_path, invariant,
                                                                verdict, status):
    """Line 6 holds the for loop's initialisation, condition and increment: `enterLoopHead`
    matches the initialisation (from N, before the loop) and the increment (from C, after the
    body), `control` the branches; no offsets needed."""
    witness = graphml(
        [("N", entry()), ("H", {"invariant": invariant}), ("B", {}), ("C", {}), ("X", {})],
        [("N", "H", head(6)), ("H", "B", line(6, **TRUE)), ("B", "C", line(7)),
         ("C", "H", head(6)), ("H", "X", line(6, **FALSE))])
    run, report = validate(cli, tmp_path, FOR, witness,
                           "--instrumented-out", str(tmp_path / "inst.c"))
    assert run.result == verdict, run.out
    assert statuses(report) == {"H": status}
    agrees_with_reference(report, witness, for_trace())
    # the increment's update runs in the increment, before it
    assert re.search(r"; __gml_state = \(__gml_state == 0\) \? \(1\) : \(\(__gml_state == 3\) "
                     r"\? \(1\) : \(__gml_state\)\), i\+\+\)", (tmp_path / "inst.c").read_text())


ASSERT_IN_LOOP = """extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}
int main(void) {
  int i = 0;
  int s = 0;
  while (i < 10) {
    s += 2;
    __VERIFIER_assert(s == 2 * i + 2);
    i++;
  }
  return 0;
}
"""


def through_the_call(invariant: str) -> str:
    """CPAchecker's shape through a call in the loop body: enterFunction on the call, the
    callee's branches, returnFrom on its `return;`, the return edge by the call's line."""
    return graphml(
        [("N", entry()), ("H", {"invariant": invariant}), ("B", {}), ("C", {}), ("F1", {}),
         ("F2", {}), ("R", {}), ("D", {}), ("X", {})],
        [("N", "H", head(12)), ("H", "B", line(13, **TRUE)), ("H", "X", line(13, **FALSE)),
         ("B", "C", line(14)), ("C", "F1", line(15, enterFunction="__VERIFIER_assert")),
         ("F1", "F2", line(5, **TRUE)), ("F1", "F2", line(5, **FALSE)),
         ("F2", "R", line(8, returnFrom="__VERIFIER_assert")), ("R", "D", line(15)),
         ("D", "H", head(16))])


def assert_trace() -> tuple:
    trace, i, s = [({}, Ev(11)), ({"i": 0}, Ev(12, enters_loop_head=True))], 0, 0
    while i < 10:
        state = {"i": i, "s": s}
        after = {"i": i, "s": s + 2}
        trace += [(state, Ev(13, branch=True)), (state, Ev(14)),
                  (after, Ev(15, call="__VERIFIER_assert")), (after, Ev(5, branch=False)),
                  (after, Ev(8, returns_from="__VERIFIER_assert")),
                  (after, Ev(15, returns_from="__VERIFIER_assert")),
                  (after, Ev(16, enters_loop_head=True))]
        i, s = i + 1, s + 2
    trace += [({"i": i, "s": s}, Ev(13, branch=False)), ({"i": i, "s": s}, Ev(18))]
    return trace, {"i": i, "s": s}


@pytest.mark.parametrize("invariant, verdict, status", [
    ("0 <= i && i <= 10 && s == 2 * i", "true", "confirmed"),
    ("0 <= i && i <= 10 && s == 2 * i + 2", "false(unreach-call)", "rejected"),
])
def test_loop_head_reached_through_a_call_and_its_return(cli, tmp_path, invariant, verdict,
                                                         status):
    witness = through_the_call(invariant)
    run, report = validate(cli, tmp_path, ASSERT_IN_LOOP, witness,
                           "--instrumented-out", str(tmp_path / "inst.c"))
    assert run.result == verdict, run.out
    assert statuses(report) == {"H": status}
    agrees_with_reference(report, witness, assert_trace())
    text = (tmp_path / "inst.c").read_text()
    # the return edge's update comes right after the call
    assert re.search(r"__VERIFIER_assert\(s == \(\(2 \* i\) \+ 2\)\);\s+"
                     r"__gml_state = \(__gml_state == 6\) \? \(7\) : \(__gml_state\);", text)


UNBRACED_CALL = HEADER + """void f(int a) { return; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int i = 0;
  while (i < 3) {
    if (x) f(x);
    i++;
  }
  return 0;
}
"""


def test_call_in_an_unbraced_branch(cli, tmp_path):
    """Line 9 holds the if's branches, the call and the return: control, enterFunction and
    the return (E is active only between f's `return;` and the return to line 9)."""
    witness = graphml(
        [("N", entry()), ("H", {"invariant": "0 <= i && i <= 3"}), ("B", {}), ("C", {}),
         ("D", {}), ("E", {}), ("G", {}), ("X", {})],
        [("N", "H", head(7)), ("H", "B", line(8, **TRUE)), ("H", "X", line(8, **FALSE)),
         ("B", "C", line(9, **TRUE)), ("B", "G", line(9, **FALSE)),
         ("C", "D", line(9, enterFunction="f")), ("D", "E", line(4, returnFrom="f")),
         ("E", "G", line(9)), ("G", "H", head(10))])
    run, report = validate(cli, tmp_path, UNBRACED_CALL, witness,
                           "--instrumented-out", str(tmp_path / "inst.c"))
    assert run.result == "true", run.out
    assert statuses(report) == {"H": "confirmed"}
    text = (tmp_path / "inst.c").read_text()
    assert re.search(r"f\(x\);\s+__gml_state = \(__gml_state == 5\)", text), text


def several_states(later: str) -> str:
    """The true branch leads to B and to C at once: from the second visit of the head on,
    the automaton is in H and in H2 together (H2 only on later visits)."""
    return graphml(
        [("N", entry()), ("H", {"invariant": "0 <= i && i <= 10"}), ("B", {}), ("C", {}),
         ("H2", {"invariant": later}), ("X", {})],
        [("N", "H", head(5)), ("H", "B", line(6, **TRUE)), ("H", "C", line(6, **TRUE)),
         ("B", "H", head(7)), ("C", "H2", head(7)), ("H2", "C", line(6, **TRUE)),
         ("H", "X", line(6, **FALSE)), ("H2", "X", line(6, **FALSE))])


@pytest.mark.parametrize("later, verdict, expected", [
    ("1 <= i && i <= 10", "true", {"H": "confirmed", "H2": "confirmed"}),
    ("2 <= i", "false(unreach-call)", {"H2": "rejected"}),
])
def test_several_states_at_once_are_a_set(cli, tmp_path, later, verdict, expected):
    run, report = validate(cli, tmp_path, LOOP, several_states(later),
                           "--instrumented-out", str(tmp_path / "inst.c"))
    assert run.result == verdict, run.out
    for node, status in expected.items():
        assert statuses(report)[node] == status
    agrees_with_reference(report, several_states(later), loop_trace())
    assert "holds the set of nodes it can be in" in (tmp_path / "inst.c").read_text()


def test_several_states_with_too_many_nodes_are_unplaced(cli, tmp_path):
    """N goes to H and to 70 other nodes at once, each of which leads to H: 72 nodes to track
    as a set, more than the ghost's 63 bits."""
    others = [(f"P{k}", {}) for k in range(70)]
    edges = [("N", f"P{k}", head(5)) for k in range(70)] + \
        [(f"P{k}", "H", line(6, **TRUE)) for k in range(70)]
    witness = graphml([("N", entry()), ("H", {"invariant": "i <= 10"})] + others,
                      [("N", "H", head(5))] + edges)
    run, report = validate(cli, tmp_path, LOOP, witness, "--timeout", "5")
    assert run.result == "unknown"
    assert "more than 63 nodes" in report["invariants"][0]["reason"]


NONDET_LOOP = HEADER + """int main(void) {
  int i = 0;
  while (__VERIFIER_nondet_int()) {
    if (i < 100) i++;
  }
  return 0;
}
"""


def test_call_in_a_condition_with_control_guards(cli, tmp_path):
    """`while (__VERIFIER_nondet_int())`: the call's edge changes no variable of the
    program, and the guards with `control` match only the branches."""
    witness = graphml(
        [("N", entry()), ("H", {"invariant": "0 <= i && i <= 100"}), ("B", {}), ("C", {}),
         ("X", {})],
        [("N", "H", head(5)), ("H", "B", line(6, **TRUE)), ("H", "X", line(6, **FALSE)),
         ("B", "C", line(7, **TRUE)), ("B", "H", line(7, enterLoopHead="true", **FALSE)),
         ("C", "H", head(7))])
    run, report = validate(cli, tmp_path, NONDET_LOOP, witness)
    assert run.result == "true", run.out
    assert statuses(report) == {"H": "confirmed"}


# ------------------------------------------------------------------ not exact: unplaced
MACRO = HEADER + """#define STEP x++; y++
int main(void) {
  int x = 0;
  int y = 0;
  while (x < 10) {
    STEP;
  }
  return 0;
}
"""

DO = HEADER + """int main(void) {
  int s = 0;
  do {
    s++;
  } while (s < 10);
  return 0;
}
"""


@pytest.mark.parametrize("program, witness, words", [
    # line 7 holds two statements: the guard matches both, the node is entered at two points
    (SHARED, graphml([("N", entry()), ("H", {"invariant": "x == y"}), ("B", {}),
                      ("Q", {"invariant": "x == y + 1"})],
                     [("N", "H", head(5)), ("H", "B", line(6, **TRUE)), ("B", "Q", line(7))]),
     "several program points"),
    # a macro: two statements at one position
    (MACRO, graphml([("N", entry()), ("H", {"invariant": "x == y"}), ("B", {})],
                    [("N", "H", head(7)), ("H", "B", line(8, **TRUE)), ("B", "H", head(9))]),
     "macro"),
    # a do-while loop's line: its edges are not matched yet
    (DO, graphml([("N", entry()), ("H", {"invariant": "s <= 10"}), ("B", {})],
                 [("N", "H", line(8, **TRUE)), ("H", "B", line(8, **TRUE))]),
     "do-while loop"),
    # a chain of transitions on one statement (as UAutomizer writes for `x++`)
    (LOOP, graphml([("N", entry()), ("H", {"invariant": "i <= 10"}), ("B", {}), ("C", {})],
                   [("N", "H", head(5)), ("H", "B", line(6, **TRUE)), ("B", "C", line(7)),
                    ("C", "H", line(7, enterLoopHead="true"))]),
     "depends on the tool"),
    # enterLoopHead on an edge that does not enter a loop head: matches nothing here
    (LOOP, graphml([("N", entry()), ("H", {"invariant": "i == 0"})], [("N", "H", head(8))]),
     "no event of the program matches"),
    # entered by a line guard on a statement: in a CFA that cuts `int i = 0;` (or `i++`, as
    # UAutomizer does) into several edges, the node is entered in the statement's middle
    (LOOP, graphml([("N", entry()), ("H", {"invariant": "i <= 10"}), ("B", {}), ("X", {})],
                   [("N", "H", line(5)), ("H", "B", line(6, **TRUE)), ("B", "H", head(7)),
                    ("H", "X", line(6, **FALSE))]),
     "by its line alone"),
    # left only by the edge of `i++` that enters the loop head: active in the statement's middle
    (LOOP, graphml([("N", entry()), ("H", {}), ("B", {"invariant": "i < 10"}), ("X", {})],
                   [("N", "H", head(5)), ("H", "B", line(6, **TRUE)), ("B", "H", head(7)),
                    ("H", "X", line(6, **FALSE))]),
     "in its middle"),
    # a call in a condition: its edge comes before the branch, on the same line, so a guard
    # by line alone matches it too
    (NONDET_LOOP,
     graphml([("N", entry()), ("H", {"invariant": "0 <= i && i <= 100"}), ("B", {}),
              ("C", {}), ("X", {})],
             [("N", "H", head(5)), ("H", "B", line(6)), ("B", "C", line(7, **TRUE)),
              ("B", "H", line(7, enterLoopHead="true", **FALSE)), ("C", "H", head(7))]),
     "only a guard with control"),
    # a side effect in a condition: its own edge
    (HEADER + "int main(void) {\n  int i = 0;\n  while (i++ < 10) {\n  }\n  return 0;\n}\n",
     graphml([("N", entry()), ("H", {"invariant": "i <= 11"}), ("X", {})],
             [("N", "H", head(5)), ("H", "H", line(6, **TRUE)), ("H", "X", line(6, **FALSE))]),
     "a side effect"),
    # a state-space guard
    (LOOP, graphml([("N", entry()), ("H", {"invariant": "i <= 10"})],
                   [("N", "H", {**head(5), "assumption": "i == 0;"})]),
     "assumption"),
    # returnFromFunction where no function returns
    (LOOP, graphml([("N", entry()), ("H", {"invariant": "i <= 10"})],
                   [("N", "H", {**head(5), "returnFrom": "main"})]),
     "no event of the program matches"),
    # invariant.scope names another function
    (LOOP, graphml([("N", entry()), ("H", {"invariant": "i <= 10", "invariant.scope": "f"}),
                    ("B", {}), ("X", {})],
                   [("N", "H", head(5)), ("H", "B", line(6, **TRUE)), ("B", "H", head(7)),
                    ("H", "X", line(6, **FALSE))]),
     "invariant.scope is 'f'"),
])
def test_what_cannot_be_matched_exactly_is_unplaced(cli, tmp_path, program, witness, words):
    run, report = validate(cli, tmp_path, program, witness, "--timeout", "5")
    assert run.result == "unknown", run.out
    unplaced = [e for e in report["invariants"] if e["status"] == "unplaced"]
    assert unplaced and all(e["node_id"] for e in unplaced)
    assert any(words in e["reason"] for e in unplaced), [e["reason"] for e in unplaced]
    assert "node " in run.out


# ------------------------------------------------------------------ real witnesses
REAL = ROOT / "tests" / "data" / "graphml"


def test_real_cpachecker_witness_is_confirmed(cli, tmp_path):
    """CPAchecker 1.6.1's witness of sv-witnesses: N22 at the loop head, N16 after the loop
    (entered by the condition's false branch, left by the call of __VERIFIER_assert)."""
    report = tmp_path / "report.json"
    run = cli("--witness", REAL / "multivar_true-unreach-call1.graphml",
              REAL / "multivar_true-unreach-call1.i", "--spec", REAL / "verifier-error.prp",
              "--timeout", "60", "--report-json", report)
    assert run.result == "true", run.out
    assert statuses(json.loads(report.read_text())) == {"N22": "confirmed", "N16": "confirmed"}
    assert "SHA-1" in run.err            # its programhash is an older SHA-1: a warning


def test_real_uautomizer_witness_is_unplaced(cli, tmp_path):
    """UAutomizer's witness gives `unsigned int x = __VERIFIER_nondet_uint();` two
    transitions (E0, E1) on line 10: how many CFA edges that line has decides whether the
    automaton ever reaches N3, so no node is guessed."""
    report = tmp_path / "report.json"
    run = cli("--witness", REAL / "multivar_true-unreach-call1.ultimateautomizer.graphml",
              REAL / "multivar_true-unreach-call1.i", "--spec", REAL / "verifier-error.prp",
              "--timeout", "5", "--report-json", report)
    assert run.result == "unknown", run.out
    entries = json.loads(report.read_text())["invariants"]
    assert {e["node_id"]: e["status"] for e in entries} == {"N3": "unplaced", "N11": "unplaced"}
    assert all("line 10" in e["reason"] for e in entries)


# ------------------------------------------------------------------ the corpus
def test_loop_head_witnesses_on_the_corpus_are_placed_mostly():
    """For every while/for loop of the corpus programs, a witness in CPAchecker's shape
    (entered by enterLoopHead, left by control): reading, matching and weaving never fail,
    and most such nodes are placed (the rest unplaced with a reason)."""
    from conftest import CORPUS
    from instrument.automaton import apply_automaton, witness_from_graphml
    from instrument.events import HEAD, STATEMENT, program_events
    from instrument.frontend import parse_program
    from instrument.locate import ProgramIndex
    from instrument.weave import weave
    from instrument.woven import PLACED
    placed = total = 0
    for path in sorted((CORPUS / "sv-benchmarks" / "c").rglob("*.[ci]")):
        try:
            program = parse_program(str(path))
        except InputError:
            continue
        events = program_events(program, ProgramIndex(program))
        for point in [p for p in events.starting if p.kind == HEAD]:
            entering = [e for found in events.by_line.values() for e in found
                        if e.successor == point and e.kind == STATEMENT]
            edges = [(source, "H", head(e.line)) for e in entering for source in ("N", "B")]
            edges += [("H", "B" if e.branch else "X", line(e.line, **(TRUE if e.branch else FALSE)))
                      for e in events.starting[point]]
            text = graphml([("N", entry()), ("H", {"invariant": "1 == 1"}), ("B", {}),
                            ("X", {})], edges)
            witness = witness_from_graphml(parse_graphml(text, "w.graphml"))
            fresh = parse_program(str(path))
            index = ProgramIndex(fresh)
            apply_automaton(witness, fresh, index)
            result = weave(fresh, witness, index)
            total += 1
            placed += result.placements[0].status == PLACED
            assert result.placements[0].status == PLACED or result.placements[0].reason
    assert total >= 100 and placed >= 0.8 * total, (placed, total)


def test_a_block_of_thousands_of_statements(tmp_path):
    """The points after a block's statements are found without recursion along the block."""
    from instrument.automaton import apply_automaton, witness_from_graphml
    from instrument.frontend import parse_program
    from instrument.locate import ProgramIndex
    from instrument.weave import weave
    from instrument.woven import PLACED
    count = 5000
    program = tmp_path / "long.c"
    program.write_text(HEADER + "int main(void) {\n  int x = 0;\n" + "  x = x + 1;\n" * count
                       + "  while (x < 6000) {\n    x++;\n  }\n  return 0;\n}\n")
    loop = 6 + count
    text = graphml([("N", entry()), ("H", {"invariant": "x <= 6000"}), ("B", {}), ("X", {})],
                   [("N", "H", head(loop - 1)), ("H", "B", line(loop, **TRUE)),
                    ("B", "H", head(loop + 1)), ("H", "X", line(loop, **FALSE))])
    parsed = parse_program(str(program))
    index = ProgramIndex(parsed)
    witness = witness_from_graphml(parse_graphml(text, "w.graphml"))
    apply_automaton(witness, parsed, index)
    assert weave(parsed, witness, index).placements[0].status == PLACED


def unrolled(count: int, wrong: int = -1) -> str:
    """An automaton that unrolls the loop (as an ARG does): node q_k at the k-th visit of
    the head says i == k; hundreds of transitions match the one event `i++`."""
    nodes, edges = [("N", entry()), ("X", {})], [("N", "q0", head(5))]
    for k in range(count):
        value = k + 1 if k == wrong else k
        nodes += [(f"q{k}", {"invariant": f"i == {value}"}), (f"b{k}", {})]
        edges += [(f"q{k}", f"b{k}", line(6, **TRUE)), (f"q{k}", "X", line(6, **FALSE)),
                  (f"b{k}", f"q{k + 1}" if k + 1 < count else "X", head(7))]
    return graphml(nodes, edges)


@pytest.mark.parametrize("wrong, verdict", [(-1, "true"), (5, "false(unreach-call)")])
def test_an_unrolled_automaton(cli, tmp_path, wrong, verdict):
    witness = unrolled(40, wrong)
    run, report = validate(cli, tmp_path, LOOP, witness)
    assert run.result == verdict, run.out
    if wrong >= 0:
        assert statuses(report)["q5"] == "rejected" and "(node q5)" in run.out
    agrees_with_reference(report, witness, loop_trace())


def test_hundreds_of_transitions_on_one_event_give_a_shallow_update(tmp_path):
    """600 transitions on `i++`: the update is a search tree, not a chain of 600 `?:`
    (which the C parser's recursion does not survive)."""
    from instrument.automaton import apply_automaton, witness_from_graphml
    from instrument.frontend import parse_program
    from instrument.locate import ProgramIndex
    from instrument.weave import weave
    from instrument.woven import PLACED
    program = tmp_path / "loop.c"
    program.write_text(LOOP)
    parsed = parse_program(str(program))
    index = ProgramIndex(parsed)
    witness = witness_from_graphml(parse_graphml(unrolled(600), "w.graphml"))
    apply_automaton(witness, parsed, index)
    result = weave(parsed, witness, index)
    assert all(p.status == PLACED for p in result.placements)
