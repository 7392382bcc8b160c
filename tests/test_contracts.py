"""Function contracts (format 2.1, `type: function_contract`, `format: acsl_expression`; issue 17).

Adversarial contracts first, each with its ground truth derived by hand from ACSL's meaning
(mathematical integers, formals read in the pre-state, `\\old` the entry values) and the C
program (the `why` of each case): valid contracts must be confirmed, wrong ones rejected (the
contract named, the failing clause in the reason), never `true`; each wrong one is a contract
that a careless model would confirm.  Then unsupported, unplaced and malformed ones (a status,
the verdict `unknown`), and the woven program.  The ACSL subset alone: `test_acsl.py`.
"""
from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest
from ruamel.yaml import YAML

from conftest import dedent, gcc_syntax_errors, position

ROOT = Path(__file__).resolve().parents[1]
PRP = ROOT / "sv-benchmarks-sample" / "properties" / "unreach-call.prp"
PRELUDE = dedent("""
    extern int __VERIFIER_nondet_int(void);
    extern unsigned int __VERIFIER_nondet_uint(void);
    extern void abort(void);
    void reach_error(void) { abort(); }
    """)


def contract_witness(program: str, contracts: list, file_name: str = "prog.c") -> str:
    """A 2.1 witness of contracts (needle of the function's definition or None, function,
    requires or None, ensures or None, extra location/format keys)."""
    out = ["- entry_type: invariant_set",
           '  metadata: {format_version: "2.1", uuid: 8c508694-8f92-4950-a722-f0f1489c34c3}',
           "  content:"]
    for needle, function, requires, ensures, *extra in contracts:
        line = position(program, needle)[0] if needle else 1
        location = f"{{file_name: {file_name}, line: {line}, column: 1, function: {function}}}"
        out += ["    - invariant:", "        type: function_contract",
                f"        location: {location}"]
        if requires is not None:
            out.append(f"        requires: {json.dumps(requires)}")
        if ensures is not None:
            out.append(f"        ensures: {json.dumps(ensures)}")
        out.append(f"        format: {extra[0] if extra else 'acsl_expression'}")
    return "\n".join(out) + "\n"


def validate(cli, tmp_path: Path, program: str, contracts: list, data_model: str = "ILP32"):
    source = tmp_path / "prog.c"
    source.write_text(program)
    witness = tmp_path / "w.yml"
    witness.write_text(contract_witness(program, contracts))
    report, instrumented = tmp_path / "report.json", tmp_path / "instrumented.c"
    run = cli("--witness", witness, source, "--spec", PRP, "--timeout", "60",
              "--data-model", data_model, "--report-json", report,
              "--instrumented-out", instrumented)
    return run, json.loads(report.read_text()), instrumented.read_text()


# ------------------------------------------------------------------ programs
PEER = PRELUDE + dedent("""
    int global = 0;
    int f(int x) {
      int old = global;
      global = global + x;
      return old;
    }
    int main(void) {
      int x = __VERIFIER_nondet_int();
      if (x <= 0 || x > 1000) return 0;
      int r = f(x);
      r = f(x);
      if (global != 2 * x) reach_error();
      return 0;
    }
    """)

TWO_RETURNS = PRELUDE + dedent("""
    int f(int x) {
      if (x > 5) return 6;
      return x;
    }
    int main(void) {
      int x = __VERIFIER_nondet_int();
      if (x < -10 || x > 10) return 0;
      int r = f(x);
      if (r > 10) reach_error();
      return 0;
    }
    """)

TWO_CALLS = PRELUDE + dedent("""
    int f(int x) {
      return x;
    }
    int main(void) {
      int a = f(1);
      int b = f(0);
      if (a + b > 5) reach_error();
      return 0;
    }
    """)

MAX_INT = PRELUDE + dedent("""
    int f(int x) {
      return x;
    }
    int main(void) {
      int x = __VERIFIER_nondet_int();
      int r = f(x);
      if (r != x) reach_error();
      return 0;
    }
    """)

UNSIGNED_WRAP = PRELUDE + dedent("""
    unsigned int inc(unsigned int x) {
      return x + 1;
    }
    int main(void) {
      unsigned int x = __VERIFIER_nondet_uint();
      unsigned int r = inc(x);
      if (r == x) reach_error();
      return 0;
    }
    """)

NEVER_CALLED = PRELUDE + dedent("""
    int g(int x) {
      return x;
    }
    int main(void) {
      int x = __VERIFIER_nondet_int();
      if (x > 5 && x < 3) reach_error();
      return 0;
    }
    """)

RECURSIVE = PRELUDE + dedent("""
    int f(int n) {
      if (n == 0) return 0;
      return f(n - 1) + 1;
    }
    int main(void) {
      int n = __VERIFIER_nondet_int();
      if (n < 0 || n > 1000) return 0;
      if (f(n) != n) reach_error();
      return 0;
    }
    """)

# a nonlinear summary (a * b) that Spacer does not find alone: proven only through its
# contract (the sample task's program)
MULT = (ROOT / "sv-benchmarks-sample" / "c" / "contract_mult.c").read_text()
MULT_REQUIRES = "0 <= a <= 1000 && 0 <= b <= 1000"
MULT_ENSURES = "\\result == a * b && 0 <= \\result <= 1000 * b"

# a recursive function that writes a global: the contract restated at a call reads the global
# after the call and its entry value before it, never the other way round
DEPTH = PRELUDE + dedent("""
    int g = 0;
    int depth(int n) {
      if (n == 0) return 0;
      g = g + 1;
      return depth(n - 1) + 1;
    }
    int main(void) {
      int n = __VERIFIER_nondet_int();
      if (n < 0 || n > 1000) return 0;
      int r = depth(n);
      if (g != n) reach_error();
      return 0;
    }
    """)

PARAMETER_CHANGED = PRELUDE + dedent("""
    int f(int x) {
      x = x + 1;
      return x;
    }
    int main(void) {
      int x = __VERIFIER_nondet_int();
      if (x < 0 || x > 100) return 0;
      if (f(x) != x + 1) reach_error();
      return 0;
    }
    """)

RANGE = PRELUDE + dedent("""
    int f(int x) {
      return x;
    }
    int main(void) {
      int r = f(5);
      if (r != 5) reach_error();
      return 0;
    }
    """)

VOID_GLOBAL = PRELUDE + dedent("""
    int counter = 0;
    void bump(void) {
      if (counter > 3) return;
      counter++;
    }
    int main(void) {
      bump();
      bump();
      if (counter > 2) reach_error();
      return 0;
    }
    """)


SMALL = PRELUDE + dedent("""
    int f(int x) {
      return x;
    }
    int main(void) {
      int x = __VERIFIER_nondet_int();
      if (x < 1 || x > 10) return 0;
      f(x);
      return 0;
    }
    """)


@dataclass
class Case:
    name: str
    program: str
    contracts: list
    valid: bool
    why: str
    clause: Optional[str] = None         # the clause that fails (wrong contracts)
    verdict: Optional[str] = None        # expected for valid ones (true when the engines prove it)


CASES = [
    Case("peer_old_global", PEER, [("int f(", "f", "x > 0",
                                    "global > \\old(global) && \\result == \\old(global)")],
         True, "f adds x > 0 to global and returns its old value", verdict="true"),
    Case("old_global_modified", PEER, [("int f(", "f", None, "\\result == global")], False,
         "global is modified before the return: \\result is the old value, not the new one",
         "ensures"),
    Case("second_return_wrong", TWO_RETURNS, [("int f(", "f", None, "\\result >= 1")], False,
         "the first return gives 6, the second x, which may be -10 .. 5", "ensures"),
    Case("two_returns_valid", TWO_RETURNS, [("int f(", "f", None,
                                             "\\result <= 6 && (x > 5 ==> \\result == 6)")],
         True, "both returns", verdict="true"),
    Case("requires_second_call", TWO_CALLS, [("int f(", "f", "x > 0", "\\result == x")], False,
         "f(1) satisfies x > 0, f(0) does not", "requires"),
    Case("math_no_overflow", MAX_INT, [("int f(", "f", None, "\\result + 1 > \\result")], True,
         "ACSL integers do not wrap: r + 1 > r holds for r == INT_MAX too", verdict="true"),
    Case("unsigned_wraps", UNSIGNED_WRAP, [("unsigned int inc(", "inc", None,
                                            "\\result == x + 1")], False,
         "x == UINT_MAX: the C result wraps to 0, the mathematical x + 1 is 2^32", "ensures"),
    Case("unsigned_wraps_valid", UNSIGNED_WRAP, [("unsigned int inc(", "inc", None,
                                                  "\\result == (x + 1) % 4294967296")],
         True, "the wrap-around written out", verdict="true"),
    Case("math_product_no_wrap", SMALL, [("int f(", "f", None,
                                          "\\result * 65536 * 65536 == 0")], False,
         "r * 2^32 is 0 in 32-bit wrap-around, never for 1 <= r <= 10 in ACSL integers",
         "ensures"),
    Case("never_called", NEVER_CALLED, [("int g(", "g", None, "\\result == 42")], True,
         "no execution calls g: the contract holds vacuously", verdict="true"),
    Case("recursive_valid", RECURSIVE, [("int f(", "f", "n >= 0", "\\result == n")], True,
         "f(n) counts down to 0", verdict="true"),
    Case("recursive_wrong", RECURSIVE, [("int f(", "f", "n >= 0", "\\result == n + 1")], False,
         "f(0) returns 0", "ensures"),
    Case("recursive_global", DEPTH, [("int depth(", "depth", "n >= 0",
                                      "g == \\old(g) + n && \\result == n")],
         True, "each level adds one to g", verdict="true"),
    Case("recursive_global_swapped", DEPTH, [("int depth(", "depth", "n >= 0",
                                              "\\old(g) == g + n")], False,
         "\\old(g) and g swapped: holds for n == 0 only", "ensures"),
    Case("parameter_pre_state", PARAMETER_CHANGED, [("int f(", "f", None, "\\result == x + 1")],
         True, "x in ensures is the value passed (ACSL), not the incremented local",
         verdict="true"),
    Case("parameter_post_state_wrong", PARAMETER_CHANGED, [("int f(", "f", None,
                                                            "\\result == x")], False,
         "\\result is the argument plus one; a model reading x at the return would confirm",
         "ensures"),
    Case("chained_valid", RANGE, [("int f(", "f", "0 <= x < 10", None)], True,
         "5 is in [0, 10)", verdict="true"),
    Case("chained_wrong", RANGE, [("int f(", "f", "0 <= x < 3", None)], False,
         "5 is not below 3; read as C, (0 <= x) < 3 always holds", "requires"),
    Case("void_old", VOID_GLOBAL, [("void bump(", "bump", None,
                                    "counter == \\old(counter) + 1 || \\old(counter) > 3")],
         True, "bump increments counter unless it is above 3", verdict="true"),
    Case("void_old_wrong", VOID_GLOBAL, [("void bump(", "bump", None,
                                          "counter == \\old(counter) + 1")], False,
         "never wrong here on its own... counter stays at most 2", None),
]
# void_old_wrong: counter never exceeds 2, so the increment always happens: the contract is
# valid in this program (the early return is never taken).  Kept as a valid case below.
CASES[-1] = Case("void_early_return_untaken", VOID_GLOBAL,
                 [("void bump(", "bump", None, "counter == \\old(counter) + 1")], True,
                 "counter is 0 and 1 at the calls: the early return is never taken",
                 verdict="true")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_contract(cli, tmp_path: Path, case: Case) -> None:
    run, report, instrumented = validate(cli, tmp_path, case.program, case.contracts)
    contract = report["invariants"][0]
    assert contract["type"] == "function_contract"
    if case.valid:
        assert contract["status"] == "confirmed", (case.why, contract, run.out)
        assert run.result == case.verdict, (case.why, run.out)
    else:
        assert contract["status"] == "rejected", (case.why, contract, run.out)
        assert run.result == "false(unreach-call)", run.out
        assert case.clause in contract["reason"], contract["reason"]
        assert report["reason"].startswith(f"function contract 0 is violated on a real "
                                           f"execution ({case.clause} fails at the ")
    assert contract["requires"] == case.contracts[0][2]
    assert contract["ensures"] == case.contracts[0][3]
    assert gcc_syntax_errors(instrumented, tmp_path) == ""


def test_nonlinear_recursion_is_proven_only_with_its_contract(cli_process, tmp_path: Path
                                                               ) -> None:
    """mult's summary (a * b) is nonlinear: without a contract the recursion stays open (it is
    deeper than we inline, Spacer finds no summary); with it the property's proof is the
    procedure summaries' and assumes the contract, which the same proof confirms.  The CHC
    engines alone (`--engines chc`): the other engines cannot prove unbounded recursion, and on
    a loaded machine they used the whole time before the summaries' turn."""
    source = tmp_path / "prog.c"
    source.write_text(MULT)
    witness, empty, report = tmp_path / "w.yml", tmp_path / "empty.yml", tmp_path / "r.json"
    witness.write_text(contract_witness(MULT, [("int mult(", "mult", MULT_REQUIRES,
                                                MULT_ENSURES)]))
    empty.write_text('- entry_type: invariant_set\n  metadata: {format_version: "2.1", '
                     'uuid: 8c508694-8f92-4950-a722-f0f1489c34c3}\n  content: []\n')
    run = cli_process("--witness", witness, source, "--spec", PRP, "--timeout", "60",
                      "--engines", "chc", "--data-model", "ILP32", "--report-json", report)
    assert run.result == "true", run.out
    result = json.loads(report.read_text())
    assert result["property"]["proof"] == {"engine": "chc with procedure summaries (spacer)",
                                           "assumes": [0]}
    assert result["invariants"][0]["status"] == "confirmed"
    run = cli_process("--witness", empty, source, "--spec", PRP, "--timeout", "20",
                      "--engines", "chc", "--data-model", "ILP32")
    assert run.result == "unknown", run.out


def test_failing_call_and_return_are_named(cli, tmp_path: Path) -> None:
    """The requires fails at the second call (its line), the ensures at the second return."""
    _, report, _ = validate(cli, tmp_path, TWO_CALLS, [("int f(", "f", "x > 0", None)])
    line = position(TWO_CALLS, "int b = f(0);")[0]
    assert f"requires fails at the call at line {line}:" in report["invariants"][0]["reason"]
    _, report, _ = validate(cli, tmp_path, TWO_RETURNS, [("int f(", "f", None, "\\result >= 1")])
    line = position(TWO_RETURNS, "return x;")[0]
    assert f"ensures fails at the return at line {line}:" in report["invariants"][0]["reason"]


def test_overflow_beyond_long_long_is_unknown(cli, tmp_path: Path) -> None:
    """A term beyond long long: undefined behaviour of the contract, never a wrapped value
    (it is true in ACSL: r * 2^64 >= 0 for r >= 1)."""
    run, report, _ = validate(cli, tmp_path, SMALL, [
        ("int f(", "f", None, "\\result * 4294967296 * 4294967296 >= 0")])
    entry = report["invariants"][0]
    assert entry["status"] == "unknown" and "undefined behaviour" in entry["reason"], entry
    assert run.result == "unknown"


ENUMS = PRELUDE + dedent("""
    enum color { RED = -1, BLUE = 5 };
    enum big { HUGE = 0xFFFFFFFFFFFFFFFFULL };
    enum color c = RED;
    int f(int x) {
      return x + BLUE + c;
    }
    int main(void) {
      if (f(1) != 5) reach_error();
      return 0;
    }
    """)


def test_enumerations(cli, tmp_path: Path) -> None:
    """Negative constants and variables convert exactly; a constant beyond LLONG_MAX is never
    read as the negative long long it would wrap to (HUGE < 0 is false in ACSL)."""
    run, report, _ = validate(cli, tmp_path, ENUMS, [
        ("int f(", "f", None, "\\result == x + BLUE + c && c == RED"),
        ("int f(", "f", None, "HUGE < 0")], data_model="LP64")
    exact, huge = report["invariants"]
    assert exact["status"] == "confirmed", exact
    assert huge["status"] == "unknown" and "undefined behaviour" in huge["reason"], huge
    assert run.result == "unknown"


def test_certificates_of_contracts(cli, tmp_path: Path) -> None:
    """A confirmed and a rejected contract get certificates like 2.x invariants (the
    invariant_set's uuid and the contract's position in its content)."""
    source = tmp_path / "prog.c"
    source.write_text(TWO_RETURNS)
    witness = tmp_path / "w.yml"
    witness.write_text(contract_witness(TWO_RETURNS, [("int f(", "f", None, "\\result <= 6"),
                                                      ("int f(", "f", None, "\\result >= x")]))
    certificates = tmp_path / "certificates.yml"
    run = cli("--witness", witness, source, "--spec", PRP, "--certificate-out", certificates)
    assert run.result == "false(unreach-call)"
    entries = YAML(typ="safe").load(certificates.read_text())
    assert [(e["target"]["content_index"], e["certification"]["string"]) for e in entries] == \
        [(0, "confirmed"), (1, "rejected")]
    assert all(e["target"]["type"] == "invariant_set" for e in entries)


def test_never_called_is_unreachable(cli, tmp_path: Path) -> None:
    _, report, _ = validate(cli, tmp_path, NEVER_CALLED, [("int g(", "g", None, "\\result == 42")])
    assert report["invariants"][0]["unreachable"] is True


# ------------------------------------------------------------------ statuses, not verdicts
@pytest.mark.parametrize("contract, status, reason", [
    (("int f(", "f", None, "\\forall int i; i == i"), "unsupported", "\\forall"),
    (("int f(", "f", "\\valid(&x)", None), "unsupported", "\\valid"),
    (("int f(", "f", None, "\\at(x, Here) == x"), "unsupported", "label 'Here'"),
    (("int f(", "f", None, "\\result == g(x)"), "unsupported", "call of 'g'"),
    (("int f(", "f", None, "\\result == (long)x"), "unsupported", "'long'"),
    (("int f(", "f", None, "\\result >"), "unsupported", "not an ACSL expression"),
    (("int f(", "f", "x >> ", None), "unsupported", "not an ACSL expression"),
    (("int f(", "f", "\\result > 0", None), "unsupported", "\\result in a requires"),
    (("int f(", "f", None, "y == 0"), "unsupported", "'y' is neither a parameter"),
    (("int f(", "f", None, "\\result == 1.5"), "unsupported", "floating constant"),
    (("int f(", "f", None, "x < 1 > 0"), "unsupported", "chained relations"),
    (("int f(", "f", None, "\\result == 99999999999999999999"), "unsupported", "larger than"),
    (("int f(", "f", None, "\\result == x", "c_expression"), "unsupported", "format"),
    (("int f(", "missing", None, "\\result == x"), "unplaced", "'missing' is not defined"),
    (("void reach_error(", "reach_error", "\\true", None), "unsupported", "error function"),
    (("int main(", "f", None, "\\result == x"), "unplaced", "is not in the definition"),
])
def test_contract_statuses(cli, tmp_path: Path, contract, status: str, reason: str) -> None:
    run, report, _ = validate(cli, tmp_path, RANGE, [contract])
    entry = report["invariants"][0]
    assert entry["status"] == status, entry
    assert reason in entry["reason"], entry["reason"]
    assert run.result == "unknown", run.out
    assert "Traceback" not in run.out + run.err


@pytest.mark.parametrize("line_of, status", [
    ("int f(", "confirmed"),          # the definition's first line, no function named
    ("return x;", "confirmed"),       # inside the definition
    ("extern void abort", "unplaced"),  # no definition there
])
def test_contract_located_by_line(cli, tmp_path: Path, line_of: str, status: str) -> None:
    witness_text = contract_witness(RANGE, [("int f(", "f", "x == 5", None)])
    line = position(RANGE, line_of)[0]
    witness_text = witness_text.replace(
        f"line: {position(RANGE, 'int f(')[0]}, column: 1, function: f", f"line: {line}")
    source, witness = tmp_path / "prog.c", tmp_path / "w.yml"
    source.write_text(RANGE)
    witness.write_text(witness_text)
    report = tmp_path / "r.json"
    cli("--witness", witness, source, "--spec", PRP, "--report-json", report)
    entry = json.loads(report.read_text())["invariants"][0]
    assert entry["status"] == status, entry
    if status == "unplaced":
        assert f"no function is defined at line {line}" in entry["reason"]


def test_contract_in_a_2_0_witness_is_unsupported(cli, tmp_path: Path) -> None:
    """Format 2.0 has no contracts: unsupported (the verdict unknown), not an ERROR."""
    witness_text = contract_witness(RANGE, [("int f(", "f", "x == 5", None)]).replace(
        'format_version: "2.1"', 'format_version: "2.0"')
    source, witness = tmp_path / "prog.c", tmp_path / "w.yml"
    source.write_text(RANGE)
    witness.write_text(witness_text)
    report = tmp_path / "r.json"
    run = cli("--witness", witness, source, "--spec", PRP, "--report-json", report)
    entry = json.loads(report.read_text())["invariants"][0]
    assert entry["status"] == "unsupported" and "format 2.1" in entry["reason"], entry
    assert run.result == "unknown"


def validate_transition_invariant(cli, tmp_path: Path, program: str, kind: str,
                                  location: tuple[int, int], value: str):
    """The run and the report entry of a witness of one transition invariant (labelled)."""
    source = tmp_path / "prog.c"
    source.write_text(program)
    witness = tmp_path / "w.yml"
    line, column = location
    witness.write_text(dedent(f"""
        - entry_type: invariant_set
          metadata: {{format_version: "2.1", uuid: 8c508694-8f92-4950-a722-f0f1489c34c4}}
          content:
            - invariant:
                type: {kind}
                location: {{file_name: prog.c, line: {line}, column: {column}, function: main}}
                value: "{value}"
                format: acsl_expression
                labels: [inductive]
        """))
    report = tmp_path / "r.json"
    run = cli("--witness", witness, source, "--spec", PRP, "--report-json", report)
    return run, json.loads(report.read_text())["invariants"][0]


def test_transition_invariant_unsupported(cli, tmp_path: Path) -> None:
    run, entry = validate_transition_invariant(
        cli, tmp_path, RANGE, "location_transition_invariant", (position(RANGE, "int r")[0], 3),
        "\\\\at(r, AnyPrev) <= r")
    assert entry["status"] == "unsupported" and "transition invariant" in entry["reason"]
    assert entry["labels"] == ["inductive"]
    assert run.result == "unknown"


NESTED = PRELUDE + dedent("""
    int main(void) {
      int s = 0;
      for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 3; j++) {
          s = s + j;
        }
      }
      if (s != 6) reach_error();
      return 0;
    }
    """)


def _inner_head_values(tmp_path: Path) -> list[tuple[int, int]]:
    """(i, j) at every visit of the inner loop's head, from a gcc-built run."""
    traced = NESTED.replace("j < 3;", '(printf("%d %d\\n", i, j), j < 3);')
    source = tmp_path / "traced.c"
    source.write_text("#include <stdio.h>\n" + traced.replace("void reach_error(void) { abort(); }",
                                                           "void reach_error(void) {}"))
    binary = tmp_path / "traced"
    subprocess.run(["gcc", "-w", "-o", str(binary), str(source)], check=True)
    out = subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout
    return [tuple(int(v) for v in line.split()) for line in out.splitlines()]


def _holds(values: list[int], relation, any_prev: bool) -> bool:
    """The relation between every visit and each earlier one (AnyPrev) or the one just
    before (LastPrev); the first visit has none."""
    return all(relation(prev, now) for n, now in enumerate(values)
               for prev in (values[:n] if any_prev else values[max(n - 1, 0):n]))


@pytest.mark.parametrize("value, relation", [
    ("\\\\at(j, AnyPrev) < j", lambda prev, now: prev < now),
    ("\\\\at(j, LastPrev) + 1 == j", lambda prev, now: prev + 1 == now),
])
def test_transition_invariant_whose_readings_differ_stays_unknown(cli, tmp_path: Path, value,
                                                                  relation) -> None:
    """A loop transition invariant of an inner loop that holds when "previous" means the
    visits since the loop was entered and fails when it means every earlier visit (j starts
    again at 0 on the second entry): no normative text chooses (docs/SOUNDNESS.md), so the
    witness is neither confirmed nor rejected."""
    visits = _inner_head_values(tmp_path)
    any_prev = "AnyPrev" in value
    since_entry = all(_holds([j for i, j in visits if i == k], relation, any_prev)
                      for k in (0, 1))
    every_earlier = _holds([j for _, j in visits], relation, any_prev)
    assert since_entry and not every_earlier           # the two readings disagree
    run, entry = validate_transition_invariant(cli, tmp_path, NESTED, "loop_transition_invariant",
                                               position(NESTED, "for (int j"), value)
    assert entry["status"] == "unsupported" and "transition invariant" in entry["reason"]
    assert run.result == "unknown"


@pytest.mark.parametrize("body, words", [
    ('ensures: "\\\\result == 1"\n        format: acsl_expression', "location"),
    ("location: {file_name: prog.c, line: 2, function: f}\n        requires: [x]\n"
     "        format: acsl_expression", "requires"),
    ("location: {file_name: prog.c, function: f}\n        requires: x > 0\n"
     "        format: acsl_expression", "line"),
    ("location: {file_name: prog.c, line: 2, function: f}\n        requires: x > 0", "format"),
])
def test_malformed_contract_entries_are_errors(cli, tmp_path: Path, body: str, words: str) -> None:
    """A contract entry of the wrong shape: an ERROR naming the witness, the line and the key,
    no traceback."""
    source = tmp_path / "prog.c"
    source.write_text(RANGE)
    witness = tmp_path / "w.yml"
    witness.write_text(dedent("""
        - entry_type: invariant_set
          metadata: {format_version: "2.1", uuid: 8c508694-8f92-4950-a722-f0f1489c34c5}
          content:
            - invariant:
                type: function_contract
                BODY
        """).replace("BODY", body))
    run = cli("--witness", witness, source, "--spec", PRP)
    assert run.result.startswith("ERROR (") and words in run.result, run.out
    assert "w.yml:" in run.result and "Traceback" not in run.out + run.err


VOID_RETURNS_VOID = PRELUDE + dedent("""
    int counter = 0;
    void step(void) {
      counter++;
    }
    void twice(void) {
      step();
      return step();
    }
    int main(void) {
      twice();
      if (counter != 2) reach_error();
      return 0;
    }
    """)


def test_void_function_returning_a_void_call(cli, tmp_path: Path) -> None:
    """GNU C's `return step();` in a void function: the call runs, then the ensures."""
    run, report, instrumented = validate(cli, tmp_path, VOID_RETURNS_VOID, [
        ("void twice(", "twice", None, "counter == \\old(counter) + 2")])
    assert report["invariants"][0]["status"] == "confirmed", run.out
    assert run.result == "true"
    assert "void __witness_result" not in instrumented


FALLS_OFF = PRELUDE + dedent("""
    int f(int x) {
      if (x > 0) return 1;
    }
    int main(void) {
      int x = __VERIFIER_nondet_int();
      f(x);
      return 0;
    }
    """)

WIDE = PRELUDE + dedent("""
    extern unsigned long __VERIFIER_nondet_ulong(void);
    unsigned long id(unsigned long x) {
      return x;
    }
    int main(void) {
      unsigned long x = __VERIFIER_nondet_ulong();
      if (x > 1000) x = 1000;
      unsigned long y = id(x);
      unsigned long z = id(__VERIFIER_nondet_ulong());
      return 0;
    }
    """)

SHADOWED = PRELUDE + dedent("""
    int g = 0;
    int f(int x) {
      { int g = 5; x = x + g; }
      return x;
    }
    int main(void) {
      f(1);
      return 0;
    }
    """)


def test_fall_off_end_reads_indeterminate_result(cli, tmp_path: Path) -> None:
    """f(0) falls off the end: `\\result` there is indeterminate, so a contract reading it is
    never confirmed (nor rejected: no value to replay); one that does not read it is proven."""
    run, report, instrumented = validate(cli, tmp_path, FALLS_OFF, [
        ("int f(", "f", None, "\\result == 1"), ("int f(", "f", "x > -5 || x <= -5", "\\true")])
    first, second = report["invariants"]
    assert first["status"] == "unknown" and "undefined behaviour" in first["reason"], first
    assert second["status"] == "confirmed", second
    assert run.result == "unknown"
    assert instrumented.count("int __witness_result0;") == 1


def test_wide_unsigned_is_never_judged_wrapped(cli, tmp_path: Path) -> None:
    """LP64 unsigned long beyond LLONG_MAX: the guard makes the check undefined there (unknown),
    never a comparison of wrapped values; with the value at most 1000 it is proven."""
    run, report, _ = validate(cli, tmp_path, WIDE, [("unsigned long id(", "id", None,
                                                     "\\result == x")], data_model="LP64")
    entry = report["invariants"][0]
    assert entry["status"] == "unknown" and "undefined behaviour" in entry["reason"], entry
    assert run.result == "unknown"


def test_global_shadowed_in_the_function_is_unsupported(cli, tmp_path: Path) -> None:
    run, report, _ = validate(cli, tmp_path, SHADOWED, [("int f(", "f", None,
                                                         "\\result == x + 5 && g == 0")])
    entry = report["invariants"][0]
    assert entry["status"] == "unsupported" and "shadows" in entry["reason"], entry
    assert run.result == "unknown"


def test_two_contracts_of_one_function(cli, tmp_path: Path) -> None:
    """Each contract is judged alone: the right one confirmed, the wrong one rejected."""
    run, report, _ = validate(cli, tmp_path, TWO_RETURNS, [
        ("int f(", "f", None, "\\result <= 6"), ("int f(", "f", None, "\\result >= x")])
    good, bad = report["invariants"]
    assert good["status"] == "confirmed", good
    assert bad["status"] == "rejected" and "ensures" in bad["reason"], bad
    assert run.result == "false(unreach-call)"


def test_woven_program(cli, tmp_path: Path) -> None:
    """Snapshots at entry, the requires check at entry, the ensures after each return's value."""
    _, _, instrumented = validate(cli, tmp_path, TWO_RETURNS,
                                  [("int f(", "f", "x > -100", "\\result <= \\old(x) + 6")])
    body = instrumented[instrumented.index("int f(int x)"):instrumented.index("int main")]
    assert body.index("int __witness_pre0_x = x;") < body.index("__witness_check(0, ((long long) x)")
    assert body.count("int __witness_result0 = ") == 2
    assert body.count("__witness_check(0") == 3       # entry, two returns (no fall-off end)
