"""Recursion through procedure summaries (CHC): proofs for executions of any depth.

Programs here recurse as deep as their input says (up to 10^6 calls or without bound), so no
inlining bound covers them and only the summaries prove them.  `--engines chc` leaves the
summaries as the only way to `true`: the programs that are not safe, or whose invariant is
wrong, check that the summaries model globals, frames and calls soundly.
"""
from __future__ import annotations

import json

import pytest

from conftest import dedent, position
from validator.semantics.c_types import DataModel, Unsupported
from validator.semantics.cfa import build_cfa
from validator.semantics.ir import Call

HEADER = dedent("""
    extern void abort(void);
    extern int __VERIFIER_nondet_int(void);
    void reach_error(void) { abort(); }
    void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
    """)

SAFE = {
    "addition": """
        int addition(int m, int n) {
          if (n == 0) return m;
          if (n > 0) return addition(m + 1, n - 1);
          return addition(m - 1, n + 1);
        }
        int main(void) {
          int m = __VERIFIER_nondet_int();
          if (m < 0 || m > 1073741823) return 0;
          int n = __VERIFIER_nondet_int();
          if (n < 0 || n > 1073741823) return 0;
          __VERIFIER_assert(addition(m, n) == m + n);
          return 0;
        }""",
    "mccarthy91": """
        int f91(int x) {
          if (x > 100) return x - 10;
          return f91(f91(x + 11));
        }
        int main(void) {
          int x = __VERIFIER_nondet_int();
          int result = f91(x);
          if (result == 91 || (x > 101 && result == x - 10)) return 0;
          reach_error();
          return 0;
        }""",
    "mutual recursion": """
        int is_odd(int n);
        int is_even(int n) { if (n == 0) return 1; return is_odd(n - 1); }
        int is_odd(int n) { if (n == 0) return 0; return is_even(n - 1); }
        int main(void) {
          int n = __VERIFIER_nondet_int();
          if (n < 0) return 0;
          int r = is_odd(n);
          __VERIFIER_assert(r == 0 || r == 1);
          return 0;
        }""",
    "global changed by the callee": """
        int counter = 0;
        void count(int n) { if (n > 0) { counter++; count(n - 1); } }
        int main(void) {
          int n = __VERIFIER_nondet_int();
          if (n < 0 || n > 1000000) return 0;
          count(n);
          __VERIFIER_assert(counter == n);
          return 0;
        }""",
    "caller's locals survive the call": """
        int f(int n) { int x = n; if (n > 0) { f(n - 1); } return x; }
        int main(void) {
          int k = __VERIFIER_nondet_int();
          __VERIFIER_assert(f(k) == k);
          return 0;
        }""",
    "error call inside the recursive function": """
        int f(int n) { if (n < 0) { reach_error(); } if (n > 0) return f(n - 1); return 0; }
        int main(void) {
          int k = __VERIFIER_nondet_int();
          if (k < 0 || k > 200000) return 0;
          f(k);
          return 0;
        }""",
}

UNSAFE = {
    # the callee's write of a global must reach the caller
    "global set at the bottom": """
        int g = 0;
        void f(int n) { if (n > 0) { f(n - 1); } else { g = 1; } }
        int main(void) {
          int n = __VERIFIER_nondet_int();
          if (n < 0) return 0;
          f(n);
          __VERIFIER_assert(g == 0);
          return 0;
        }""",
    # the value returned is the callee's, not the caller's local
    "result of the call used": """
        int f(int n) { int x = n; if (n > 0) { x = f(n - 1); } return x; }
        int main(void) {
          int k = __VERIFIER_nondet_int();
          if (k < 0) return 0;
          __VERIFIER_assert(f(k) == k);
          return 0;
        }""",
    # fails only 77777 calls deep: beyond every inlining bound and random test
    "failure deep in the recursion":
        SAFE["global changed by the callee"].replace("counter == n", "counter != 77777"),
    "error call deep in the recursion":
        SAFE["error call inside the recursive function"].replace("n < 0", "n == 123456"),
}


def witness(file_name: str, function: str = "main", line: int = 0, column: int = 0,
            value: str = "") -> str:
    """A format-2.0 witness: empty, or one location invariant in `function`."""
    text = dedent(f"""
        - entry_type: invariant_set
          metadata:
            format_version: "2.0"
            uuid: 0b1c2d3e-0000-4000-8000-000000000007
            creation_time: "2026-11-23T00:00:00Z"
            producer: {{name: test-producer, version: "1.0"}}
            task: {{input_files: ["{file_name}"], input_file_hashes: {{}},
                   specification: "G ! call(reach_error())", data_model: ILP32, language: C}}
          content:""")
    if not value:
        return text.rstrip("\n") + " []\n"
    return text + (f"\n    - invariant:\n"
                   f"        type: location_invariant\n"
                   f"        location: {{file_name: \"{file_name}\", line: {line}, "
                   f"column: {column}, function: {function}}}\n"
                   f"        value: \"{value}\"\n"
                   f"        format: c_expression\n")


def validate(cli, ws, prp, body: str, witness_text: str = "", *options: str):
    program = ws.write("prog.c", HEADER + dedent(body) + "\n")
    witness_file = ws.write("witness.yml", witness_text or witness("prog.c"))
    report = ws.dir / "report.json"
    run = cli("--witness", witness_file, program, "--spec", prp, "--report-json", report,
              *options)
    return run.result, json.loads(report.read_text())


@pytest.mark.parametrize("name", sorted(SAFE))
@pytest.mark.parametrize("engines", [(), ("--engines", "chc")])
def test_unbounded_recursion_is_proven_by_summaries(cli, ws, prp, name, engines):
    result, report = validate(cli, ws, prp, SAFE[name], "", "--timeout", "20", *engines)
    assert result == "true"
    assert "procedure summaries" in report["engine"]


@pytest.mark.parametrize("name", sorted(UNSAFE))
def test_summaries_never_prove_an_unsafe_program(cli, ws, prp, name):
    result, _ = validate(cli, ws, prp, UNSAFE[name], "", "--timeout", "4", "--engines", "chc")
    assert result == "unknown"


@pytest.mark.parametrize("name", ["global set at the bottom", "result of the call used"])
def test_shallow_failures_of_recursive_programs_are_found(cli, ws, prp, name):
    result, _ = validate(cli, ws, prp, UNSAFE[name], "", "--timeout", "20")
    assert result == "false(unreach-call)"


COUNT = SAFE["global changed by the callee"]


@pytest.mark.parametrize("value,expected", [
    ("n >= 0 && counter >= 0", "true"),
    ("counter + n <= 1000000", "true"),
    # false in the 77778th call only: must not be confirmed
    ("n != 77777", "unknown"),
])
def test_invariant_inside_a_recursive_function(cli_process, ws, prp, value, expected):
    program_text = HEADER + dedent(COUNT) + "\n"
    line, column = position(program_text, "if (n > 0)")
    text = witness("prog.c", "count", line, column, value)
    result, report = validate(cli_process, ws, prp, COUNT, text, "--timeout", "10", "--engines",
                              "chc")
    assert result == expected
    [invariant] = report["invariants"]
    assert invariant["status"] == ("confirmed" if expected == "true" else "unknown")


def test_recursive_functions_become_procedures(ws):
    source = HEADER + dedent("""
        int twice(int x) { return 2 * x; }
        int is_odd(int n);
        int is_even(int n) { if (n == 0) return 1; return is_odd(twice(n) / 2 - 1); }
        int is_odd(int n) { if (n == 0) return 0; return is_even(n - 1); }
        int main(void) { int n = __VERIFIER_nondet_int(); return is_even(n); }
        """)
    _, _, woven = ws.instrument(source, witness("prog.c"))
    cfa = build_cfa(woven.ast, DataModel("ILP32"), "reach_error", woven.checks,
                    summarise_recursion=True)
    assert sorted(cfa.procedures) == ["is_even", "is_odd"]      # twice is inlined
    calls = sorted(e.op.function for e in cfa.edges if isinstance(e.op, Call))
    assert calls == ["is_even", "is_even", "is_odd"]       # main -> even, even <-> odd
    assert not cfa.bounds
    even = cfa.procedures["is_even"]
    assert [v.name for v in even.params] == ["is_even::n"]
    assert set(even.saved) == set(even.params)             # no globals here
    inlined = build_cfa(woven.ast, DataModel("ILP32"), "reach_error", woven.checks, 4)
    assert not inlined.procedures and inlined.bounds


def test_unsequenced_effects_through_mutual_recursion_are_refused(ws):
    """`x + g()` where g writes x only through f (g -> f -> g): the order is unspecified."""
    source = HEADER + dedent("""
        int x = 0;
        int f(int n);
        int g(int n) { if (n <= 0) return 0; return f(n - 1); }
        int f(int n) { x = n; return g(n); }
        int main(void) {
          int n = __VERIFIER_nondet_int();
          int z = f(0) + 1;      /* f's effects are computed first, g's in the middle */
          int y = x + g(n);
          return y + z;
        }
        """)
    _, _, woven = ws.instrument(source, witness("prog.c"))
    for summarise in (False, True):
        with pytest.raises(Unsupported, match="unsequenced"):
            build_cfa(woven.ast, DataModel("ILP32"), "reach_error", woven.checks, 4, summarise)


def test_invariant_false_deep_in_the_recursion_is_rejected_by_a_native_run(cli, ws, prp):
    """False only where n is 77777 (written so that no constant of the program suggests the
    input 77777 to our interpreter): for inputs above it that is thousands of calls deep, where
    no inlining bound gets; the compiled program does."""
    program_text = HEADER + dedent(COUNT) + "\n"
    line, column = position(program_text, "if (n > 0)")
    text = witness("prog.c", "count", line, column, "n * 3 != 233331")
    result, report = validate(cli, ws, prp, COUNT, text, "--timeout", "20")
    assert result == "false(unreach-call)"
    [invariant] = report["invariants"]
    assert invariant["status"] == "rejected"
    assert invariant["engine"] == "native random testing + gcc replay"
    [n] = [entry["value"] for entry in invariant["counterexample"]["inputs"]]
    assert 77777 < n <= 1000000
