"""The order of the engines (engines/portfolio.py): what may stop the search early, and the
bounded unfolding that a short try of our own lemmas interrupts and that goes on afterwards.
The portfolio runs in this process (`analyse`), its steps recorded by wrapping them."""
from __future__ import annotations

import time

import pytest

from conftest import CORPUS, PROJECT_ROOT, dedent
from instrument.frontend import parse_program
from instrument.weave import weave
from instrument.witness import load_witness
from validator.engines import portfolio
from validator.engines.options import EngineOptions
from validator.engines.unfold import Unfolding, unfold
from validator.evidence import SiteOutcome
from validator.semantics.blocks import ERROR, TransitionSystem
from validator.semantics.cfa import woven_program_cfa

EMPTY = PROJECT_ROOT / "sv-benchmarks-sample" / "c" / "unsafe_sum.empty.witness.yml"
SUITE = PROJECT_ROOT / "tests" / "witness_suite"
STEPS = ("random_testing", "unfolding", "own_lemma_check", "run_bmc", "k_induction",
         "deep_testing", "spacer", "native_random_testing", "native_execution")


def _woven(ws, source: str, witness=EMPTY):
    program = ws.write("prog.c", source) if isinstance(source, str) else source
    return weave(parse_program(str(program), "ILP32"), load_witness(str(witness)))


def _recorded(monkeypatch) -> list:
    """The portfolio's steps, in the order they run: (name, arguments)."""
    calls = []
    for name in STEPS:
        step = getattr(portfolio._Search, name)

        def recorded(self, *args, _step=step, _name=name, **kwargs):
            calls.append((_name, args))
            return _step(self, *args, **kwargs)
        monkeypatch.setattr(portfolio._Search, name, recorded)
    return calls


# ------------------------------------------------------------ undefined behaviour settles it
OVERFLOWS = dedent("""
    extern int __VERIFIER_nondet_int(void);
    extern unsigned int __VERIFIER_nondet_uint(void);
    void reach_error(void) {}
    int main(void) {
      int x = __VERIFIER_nondet_int();
      int i = 0;
      while (i < 10) {
        i++;
      }
      if (i != 10) {
        reach_error();
      }
      int y = x + i;
      unsigned int n = __VERIFIER_nondet_uint();
      int s = 0;
      while (n > 0) {
        s++;
        n--;
      }
      return y + s;
    }
    """)


def test_reachable_undefined_behaviour_ends_the_search_once_nothing_else_is_open(ws, monkeypatch):
    """`x + i` overflows for x near INT_MAX, and BMC finds that soon; `s++` overflows after
    2^31 iterations, which no engine here reaches or excludes.  Once the error is proven
    unreachable and one overflow found, the verdict is `unknown` whatever comes: k-induction,
    Spacer and native random testing could change nothing (kbfiltr_simpl1 spent 4.8 of its
    7.2 s on them)."""
    calls = _recorded(monkeypatch)
    findings = portfolio.analyse(_woven(ws, OVERFLOWS), "ILP32", "reach_error",
                                 time.monotonic() + 60)
    assert findings.property_outcome == SiteOutcome.PROVEN
    assert findings.ub_found and findings.ub_open
    names = [name for name, _ in calls]
    assert "run_bmc" in names
    assert not {"k_induction", "spacer", "native_random_testing"} & set(names[names.index("run_bmc"):])


def test_after_undefined_behaviour_only_the_refuters_look_for_the_error(ws, monkeypatch):
    """An overflow at once, and an error behind a million iterations: the error is what the
    verdict still depends on (`false` beats `unknown`), so the refuters after BMC look for
    it (deep and native random testing); proving it unreachable would change nothing, so
    k-induction and Spacer do not run, nor the last BMC round with all the time left."""
    source = dedent("""
        extern int __VERIFIER_nondet_int(void);
        void reach_error(void) {}
        int main(void) {
          int x = __VERIFIER_nondet_int();
          int y = x + 1;
          int i = 0;
          while (i < x) {
            i++;
          }
          if (i == 1000000) {
            reach_error();
          }
          return y;
        }
        """)
    calls = _recorded(monkeypatch)
    findings = portfolio.analyse(_woven(ws, source), "ILP32", "reach_error",
                                 time.monotonic() + 60)
    names = [name for name, _ in calls]
    assert findings.ub_found
    after = names[names.index("run_bmc") + 1:]
    assert "deep_testing" in after and "native_random_testing" in after
    assert not {"k_induction", "spacer", "run_bmc"} & set(after)


# ------------------------------------------------------------ bounded unfolding in slices
DEEP_ERROR = dedent("""
    extern int __VERIFIER_nondet_int(void);
    void reach_error(void) {}
    int main(void) {
      int x = __VERIFIER_nondet_int();
      int i = 0, s = 0;
      while (i < 40) {
        s = s + (x & 1);
        i++;
      }
      if (s == 40) {
        reach_error();
      }
      return 0;
    }
    """)


def _system(woven) -> TransitionSystem:
    return TransitionSystem(woven_program_cfa(woven, "ILP32", "reach_error", 2))


def _in_slices(unfolding: Unfolding, seconds: float):
    for _ in range(100_000):
        result = unfolding.run(time.monotonic() + seconds)
        if result.stopped != "time":
            return result
    pytest.fail("the unfolding made no progress")


@pytest.mark.parametrize("reachable", [True, False])
def test_an_unfolding_in_slices_ends_as_one_run(ws, reachable):
    """Resumed after every few milliseconds, the unfolding reaches the answer of one run: the
    error at step 40 (after the 40 iterations) is not skipped, and the loop without it ends
    complete."""
    source = DEEP_ERROR if reachable else DEEP_ERROR.replace("s == 40", "s == 41")
    ts = _system(_woven(ws, source))
    targets = {(ERROR, None)}
    whole = unfold(ts, targets, time.monotonic() + 60)
    sliced = _in_slices(Unfolding(ts, targets), 0.002)
    assert (sliced.complete, sliced.stopped, sliced.depth) == \
        (whole.complete, whole.stopped, whole.depth)
    assert sliced.complete is not reachable
    assert not reachable or sliced.stopped == "a target may be reachable"


def test_an_unfolding_goes_on_with_fewer_targets(ws):
    """Targets proven meanwhile are not asked about again; the others still are."""
    ts = _system(_woven(ws, DEEP_ERROR))
    every = {(t.kind, t.key) for b in ts.blocks.values() for t in b.targets}
    unfolding = Unfolding(ts, every)
    unfolding.run(time.monotonic())                   # no time: nothing unfolded
    assert unfolding.result.depth == 0 and unfolding.result.stopped == "time"
    # the error is reachable (all 40 inputs odd): without it, the rest is unreachable
    result = unfolding.run(time.monotonic() + 60, every - {(ERROR, None)})
    assert result.complete and unfolding.wanted == every - {(ERROR, None)}


def test_own_lemmas_get_a_try_between_the_slices_of_an_unfolding(monkeypatch):
    """loops/trex01-2: a loop whose length an input chooses (up to 10^6 iterations) after
    test runs that were short; the unfolding cannot end, our lemmas prove the witness.  They
    are tried after the unfolding's first slice, and the unfolding is not resumed."""
    calls = _recorded(monkeypatch)
    woven = weave(parse_program(str(CORPUS / "sv-benchmarks" / "c" / "loops" / "trex01-2.i"),
                                "ILP32"),
                  load_witness(str(SUITE / "loops" / "trex01-2.valid.yml")))
    findings = portfolio.analyse(woven, "ILP32", "reach_error", time.monotonic() + 60)
    assert [s.outcome for s in findings.sites] == [SiteOutcome.PROVEN] * len(findings.sites)
    assert findings.property_outcome == SiteOutcome.PROVEN and not findings.ub_open
    steps = [(name, args) for name, args in calls if name in ("unfolding", "own_lemma_check")]
    assert steps[:2] == [("unfolding", (portfolio.UNFOLD_FIRST_SECONDS,)),
                         ("own_lemma_check", (portfolio.OWN_LEMMAS_FIRST_SECONDS,))]
    assert [name for name, _ in steps].count("unfolding") == 1
    # (one invariant needs our lemmas, the other holds by itself)
    assert any("own lemmas" in s.proof.engine for s in findings.sites)
