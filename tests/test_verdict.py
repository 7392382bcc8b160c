"""The verdict core (`validator.verdict.decide`) on typed evidence, every combination.

No engine runs here: the evidence is built by hand, as the pipeline builds it from the engines'
findings and the replays.  What is checked is DESIGN.md's policy: `true` only if every invariant
is confirmed and the property proven by proofs that count; `false` only through a replayed
execution; a proof counts only if every site it assumed is proven by itself (the same engine
call) or by proofs that already count."""
from __future__ import annotations

import itertools

import pytest

from instrument.woven import (BEFORE_STATEMENT, DO_BEFORE_CONDITION, DO_BODY_ENTRY, LOOP_HEAD,
                              PLACED, UNPLACED, UNSUPPORTED)
from validator import results
from validator.evidence import (Counterexample, Evidence, InvariantEvidence, InvariantStatus, Proof,
                                ProofSummary, PropertyStatus, SiteEvidence, SiteOutcome)
from validator.verdict import (INVARIANT_UB, NOT_REPLAYED, ONE_READING, REPLAYED_VIOLATION,
                               UNDECIDED, UNREACHABLE_LOCATION, accepted_sites, decide)

EXECUTION = Counterexample("bmc")


def proven(key: int, run: int = 1, assumes=(), where: str = LOOP_HEAD, engine="houdini"):
    return SiteEvidence(key, where, SiteOutcome.PROVEN, Proof(engine, frozenset(assumes), run))


def refuted(key: int, where: str = LOOP_HEAD):
    return SiteEvidence(key, where, SiteOutcome.FAILED, refutation=EXECUTION)


def unreplayed(key: int, where: str = LOOP_HEAD):
    return SiteEvidence(key, where, SiteOutcome.FAILED, unreplayed=True)


def open_site(key: int, where: str = LOOP_HEAD, outcome=SiteOutcome.OPEN):
    return SiteEvidence(key, where, outcome)


def evidence(*invariants, proof: Proof | None = Proof("chc", frozenset(), 99), **kwargs):
    return Evidence(invariants=list(invariants), property_proof=proof, **kwargs)


def invariant(index: int, *sites, placement=PLACED, reason=None):
    return InvariantEvidence(index, placement, reason, list(sites))


# ------------------------------------------------------------------ one invariant
@pytest.mark.parametrize("sites, status, reason", [
    ([], InvariantStatus.CONFIRMED, UNREACHABLE_LOCATION),
    ([proven(0)], InvariantStatus.CONFIRMED, None),
    ([proven(0), proven(1, run=2)], InvariantStatus.CONFIRMED, None),     # inlined copies
    ([proven(0), open_site(1)], InvariantStatus.UNKNOWN, UNDECIDED),
    ([refuted(0)], InvariantStatus.REJECTED, REPLAYED_VIOLATION),
    ([proven(0), refuted(1)], InvariantStatus.REJECTED, REPLAYED_VIOLATION),
    ([unreplayed(0)], InvariantStatus.UNKNOWN, NOT_REPLAYED),
    ([unreplayed(0), refuted(1)], InvariantStatus.REJECTED, REPLAYED_VIOLATION),
    ([open_site(0, outcome=SiteOutcome.UB)], InvariantStatus.UNKNOWN, INVARIANT_UB),
    ([open_site(0)], InvariantStatus.UNKNOWN, UNDECIDED),
    # do-while: both readings must fail to reject, both hold to confirm
    ([refuted(0, DO_BODY_ENTRY), refuted(1, DO_BEFORE_CONDITION)], InvariantStatus.REJECTED,
     REPLAYED_VIOLATION),
    ([refuted(0, DO_BODY_ENTRY), proven(1, where=DO_BEFORE_CONDITION)], InvariantStatus.UNKNOWN,
     ONE_READING),
    ([open_site(0, DO_BODY_ENTRY), refuted(1, DO_BEFORE_CONDITION)], InvariantStatus.UNKNOWN,
     ONE_READING),
    ([proven(0, where=DO_BODY_ENTRY), proven(1, where=DO_BEFORE_CONDITION)],
     InvariantStatus.CONFIRMED, None),
    ([refuted(0, BEFORE_STATEMENT)], InvariantStatus.REJECTED, REPLAYED_VIOLATION),
])
def test_status_of_one_invariant(sites, status, reason):
    decision = decide(evidence(invariant(0, *sites)))
    assert decision.invariants[0].status is status
    assert decision.invariants[0].reason == reason


@pytest.mark.parametrize("placement, status", [(UNPLACED, InvariantStatus.UNPLACED),
                                               (UNSUPPORTED, InvariantStatus.UNSUPPORTED)])
def test_invariants_that_are_not_woven_keep_their_placement_status(placement, status):
    decision = decide(evidence(invariant(0, placement=placement, reason="why")))
    assert decision.invariants[0].status is status and decision.invariants[0].reason == "why"
    assert decision.verdict == results.RESULT_UNKNOWN
    assert decision.reason == f"invariant 0 is {status.value}: why"


def test_a_refuted_invariant_reports_its_replayed_execution_and_engine():
    decision = decide(evidence(invariant(0, refuted(0))))
    state = decision.invariants[0]
    assert state.counterexample is EXECUTION and state.engine == "bmc + gcc replay"


def test_confirmed_invariants_carry_engines_and_assumptions():
    decision = decide(evidence(invariant(0, proven(0, assumes={0, 1})),
                               invariant(1, proven(1, assumes={0, 1})),
                               proof=Proof("k-induction (k=2)", frozenset({0, 1}), 1)))
    assert decision.verdict == results.RESULT_TRUE
    assert decision.invariants[0].proofs == [ProofSummary("houdini", (0, 1))]
    assert decision.invariants[0].engine == "houdini"
    assert decision.property_proof == ProofSummary("k-induction (k=2)", (0, 1))
    assert decision.property_proof.to_json() == {"engine": "k-induction (k=2)", "assumes": [0, 1]}


# ------------------------------------------------------------------ which proofs count
def test_one_engine_call_may_prove_sites_that_assume_each_other():
    data = evidence(invariant(0, proven(0, run=1, assumes={0, 1})),
                    invariant(1, proven(1, run=1, assumes={0, 1})))
    assert accepted_sites(data) == {0, 1}
    assert decide(data).verdict == results.RESULT_TRUE


def test_two_engine_calls_may_not_assume_each_other():
    """A proves A assuming B, another call proves B assuming A: circular, neither counts."""
    data = evidence(invariant(0, proven(0, run=1, assumes={1})),
                    invariant(1, proven(1, run=2, assumes={0})))
    assert accepted_sites(data) == set()
    decision = decide(data)
    assert [i.status for i in decision.invariants] == [InvariantStatus.UNKNOWN] * 2
    assert decision.verdict == results.RESULT_UNKNOWN


def test_a_later_call_may_assume_what_an_earlier_call_proved():
    data = evidence(invariant(0, proven(0, run=1)),
                    invariant(1, proven(1, run=2, assumes={0, 1})),
                    proof=Proof("chc", frozenset({0, 1}), 2))
    assert accepted_sites(data) == {0, 1}
    assert decide(data).verdict == results.RESULT_TRUE


def test_a_proof_assuming_a_refuted_or_open_site_does_not_count():
    for other in (refuted(1), unreplayed(1), open_site(1), open_site(1, outcome=SiteOutcome.UB)):
        data = evidence(invariant(0, proven(0, run=1, assumes={0, 1})), invariant(1, other),
                        proof=Proof("chc", frozenset({1}), 2))
        decision = decide(data, "unknown")
        assert decision.invariants[0].status is InvariantStatus.UNKNOWN, other
        assert decision.property_status is PropertyStatus.UNKNOWN, other
        assert decision.verdict == results.RESULT_UNKNOWN


def test_a_recursion_cut_off_that_runs_may_pass_voids_every_proof():
    data = evidence(invariant(0, proven(0)), bound_open=["f called 8 deep"])
    decision = decide(data)
    assert decision.invariants[0].status is InvariantStatus.UNKNOWN
    assert decision.property_status is PropertyStatus.UNKNOWN
    assert decision.reason == "not all executions are modelled: f called 8 deep"
    # a cut-off excluded by a proof that does not count is open too
    data = evidence(invariant(0, proven(0)), invariant(1, open_site(1)),
                    bound_proofs={"f called 8 deep": Proof("chc", frozenset({1}), 5)})
    assert decide(data).reason == "not all executions are modelled: f called 8 deep"


@pytest.mark.parametrize("kwargs, reason", [
    ({"ub_found": ["division by zero at line 3"]},
     "undefined behaviour is reachable: division by zero at line 3"),
    ({"ub_open": ["division by zero at line 3"]},
     "could not exclude undefined behaviour: division by zero at line 3"),
    ({"ub_proofs": {"overflow at line 4": Proof("chc", frozenset({7}), 3)}},
     "could not exclude undefined behaviour: overflow at line 4"),
])
def test_undefined_behaviour_not_excluded_leaves_the_property_open(kwargs, reason):
    decision = decide(evidence(invariant(0, proven(0)), **kwargs))
    assert decision.property_status is PropertyStatus.UNKNOWN and decision.property_proof is None
    assert decision.verdict == results.RESULT_UNKNOWN and decision.reason == reason


def test_ub_excluded_by_a_proof_that_counts_is_no_obstacle():
    decision = decide(evidence(invariant(0, proven(0)),
                               ub_proofs={"overflow at line 4": Proof("chc", frozenset({0}), 3)}))
    assert decision.verdict == results.RESULT_TRUE


def test_engine_problems_leave_everything_unknown():
    decision = decide(evidence(invariant(0, proven(0)), problem="time limit reached"))
    assert decision.invariants[0].status is InvariantStatus.UNKNOWN
    assert decision.invariants[0].reason == "time limit reached"
    assert decision.verdict == results.RESULT_UNKNOWN and decision.reason == "time limit reached"


def test_unsupported_property_and_witness_features():
    decision = decide(evidence(invariant(0, proven(0)), property_supported=False,
                               property_name="no-overflow"))
    assert decision.verdict == results.RESULT_UNKNOWN
    assert decision.reason == "property 'no-overflow' is not supported (only unreach-call)"
    decision = decide(evidence(invariant(0, proven(0)),
                               unsupported_features=["ghost variables"]))
    assert decision.verdict == results.RESULT_UNKNOWN and decision.reason == "ghost variables"


def test_an_error_path_that_did_not_replay_is_no_violation():
    decision = decide(evidence(invariant(0, proven(0)), proof=None, unreplayed_violation=True))
    assert decision.property_status is PropertyStatus.UNKNOWN
    assert decision.verdict == results.RESULT_UNKNOWN
    assert decision.reason == "a path to the error did not replay in the compiled program"


# ------------------------------------------------------------------ the join, every combination
PROPERTIES = {
    "violated": dict(proof=None, violation=EXECUTION),
    "proven": dict(proof=Proof("chc", frozenset(), 99)),
    "open": dict(proof=None),
}
INVARIANTS = {
    "all confirmed": lambda: [invariant(0, proven(0)), invariant(1, proven(1, run=2))],
    "one rejected": lambda: [invariant(0, proven(0)), invariant(1, refuted(1))],
    "one unknown": lambda: [invariant(0, proven(0)), invariant(1, open_site(1))],
    "one unplaced": lambda: [invariant(0, proven(0)), invariant(1, placement=UNPLACED)],
    "none": lambda: [],
}
FALSE, TRUE, UNKNOWN = results.RESULT_FALSE_REACH, results.RESULT_TRUE, results.RESULT_UNKNOWN
EXPECTED = {
    # (property, invariants): (verdict with --refuted-verdict false, with unknown)
    ("violated", "all confirmed"): (FALSE, FALSE),
    ("violated", "one rejected"): (FALSE, FALSE),
    ("violated", "one unknown"): (FALSE, FALSE),
    ("violated", "one unplaced"): (FALSE, FALSE),
    ("violated", "none"): (FALSE, FALSE),
    ("proven", "all confirmed"): (TRUE, TRUE),
    ("proven", "one rejected"): (FALSE, UNKNOWN),
    ("proven", "one unknown"): (UNKNOWN, UNKNOWN),
    ("proven", "one unplaced"): (UNKNOWN, UNKNOWN),
    ("proven", "none"): (TRUE, TRUE),
    ("open", "all confirmed"): (UNKNOWN, UNKNOWN),
    ("open", "one rejected"): (FALSE, UNKNOWN),
    ("open", "one unknown"): (UNKNOWN, UNKNOWN),
    ("open", "one unplaced"): (UNKNOWN, UNKNOWN),
    ("open", "none"): (UNKNOWN, UNKNOWN),
}


@pytest.mark.parametrize("prop, invs, refuted_verdict",
                         list(itertools.product(PROPERTIES, INVARIANTS, ("false", "unknown"))))
def test_verdict_of_every_combination(prop, invs, refuted_verdict):
    expected = EXPECTED[(prop, invs)][0 if refuted_verdict == "false" else 1]
    decision = decide(evidence(*INVARIANTS[invs](), **PROPERTIES[prop]), refuted_verdict)
    assert decision.verdict == expected
    if expected == TRUE:
        assert decision.reason is None
        assert all(i.status is InvariantStatus.CONFIRMED for i in decision.invariants)
    else:
        assert decision.reason
    if prop == "violated":
        assert decision.property_status is PropertyStatus.VIOLATED
        assert decision.counterexample is EXECUTION
        assert decision.engine == "bmc + gcc replay"
    else:
        assert decision.counterexample is None


# ------------------------------------------------------------------ contradictions
def test_a_proof_contradicted_by_a_replayed_execution_is_an_internal_error():
    """One engine proved the check, another found an execution that violates it and the
    execution replayed: one of them is wrong, so neither verdict may follow."""
    site = SiteEvidence(0, LOOP_HEAD, SiteOutcome.FAILED, Proof("houdini", frozenset({0}), 1),
                        refutation=EXECUTION)
    for refuted_verdict in ("false", "unknown"):
        decision = decide(evidence(invariant(0, site)), refuted_verdict)
        assert decision.verdict == results.RESULT_UNKNOWN
        assert decision.invariants[0].status is InvariantStatus.UNKNOWN
        assert decision.reason.startswith("internal error: houdini proved invariant 0")
        assert decision.internal_errors


def test_a_property_proof_contradicted_by_a_replayed_violation_is_an_internal_error():
    decision = decide(evidence(invariant(0, proven(0)), proof=Proof("chc", frozenset(), 7),
                               violation=EXECUTION))
    assert decision.verdict == results.RESULT_UNKNOWN
    assert decision.property_status is PropertyStatus.UNKNOWN
    assert decision.internal_errors == [
        "chc proved the property, but a replayed execution reaches the error"]


def test_no_contradiction_with_a_proof_that_does_not_count():
    """A proof that assumed a refuted invariant is conditional: an execution violating the
    invariant it proved is no contradiction (the assumption failed first)."""
    data = evidence(invariant(0, SiteEvidence(0, LOOP_HEAD, SiteOutcome.FAILED,
                                              Proof("chc", frozenset({1}), 2),
                                              refutation=EXECUTION)),
                    invariant(1, refuted(1)))
    decision = decide(data)
    assert not decision.internal_errors
    assert decision.verdict == results.RESULT_FALSE_REACH
    # nor under a recursion cut-off an execution passes (proofs hold up to the bound only)
    data = evidence(invariant(0, SiteEvidence(0, LOOP_HEAD, SiteOutcome.FAILED,
                                              Proof("houdini", frozenset(), 1),
                                              refutation=EXECUTION)),
                    bound_open=["f called 8 deep"])
    decision = decide(data)
    assert not decision.internal_errors
    assert decision.invariants[0].status is InvariantStatus.REJECTED


def test_a_proven_site_whose_counterexample_did_not_replay_is_not_confirmed():
    site = SiteEvidence(0, LOOP_HEAD, SiteOutcome.FAILED, Proof("houdini", frozenset(), 1),
                        unreplayed=True)
    decision = decide(evidence(invariant(0, site)))
    assert decision.invariants[0].status is InvariantStatus.UNKNOWN
    assert decision.invariants[0].reason == NOT_REPLAYED
