"""The verdict core: the one place where statuses and the verdict are derived from evidence.

DESIGN.md's policy, soundness first:
  - a proof counts only if every check site it assumed is proven by proofs that count, where
    the sites one engine call proves together may assume each other (`accepted_sites`);
  - a site's proof counts only where the CFA models every execution (no recursion cut-off an
    execution may pass);
  - an invariant is `confirmed` when each of its sites is proven (or it has none: its location
    is unreachable), `rejected` when a replayed execution violates it (for a do-while loop, at
    both readings of its head), else `unknown` with the reason;
  - the property is `proven` only with a counted proof and no undefined behaviour left open,
    `violated` only by a replayed execution;
  - a ghost update (format 2.1) is `confirmed` when evaluating it cannot have undefined
    behaviour (a counted proof, or no undefined behaviour is possible where the CFA reaches
    it), `rejected` when a replayed execution has it (the witness is wrong: its updates must be
    defined), else `unknown`;
  - the verdict: `false` if the property is violated, an invariant or a ghost update rejected
    (or `unknown` for the latter two with `--refuted-verdict unknown`), `true` only if the
    property is proven and every invariant and ghost update confirmed, `unknown` otherwise,
    with the first reason.
"""
from __future__ import annotations

from typing import Optional

from instrument.contracts import CONTRACT_ENTRY, CONTRACT_RETURN
from instrument.woven import PLACED

from . import results
from .evidence import (NOT_MODELLED, Decision, Evidence, GhostUpdateDecision, GhostUpdateEvidence,
                       InvariantDecision, InvariantEvidence, InvariantStatus, Proof, ProofSummary,
                       PropertyStatus, SiteEvidence, SiteOutcome, refutes)

UNREACHABLE_LOCATION = "its location is not reachable from main"
REPLAYED_VIOLATION = "false on a real execution (replayed in the gcc-compiled program)"
# a function contract's failing clause, by the site of the failing check (instrument/contracts)
CONTRACT_CLAUSES = {CONTRACT_ENTRY: "requires fails at the call", CONTRACT_RETURN:
                    "ensures fails at the return"}
NOT_REPLAYED = "a counterexample was found but did not replay in the compiled program"
INVARIANT_UB = "evaluating the invariant has undefined behaviour"
ONE_READING = "false at only one of the two readings of a do-while loop head"
UNDECIDED = "neither proven nor refuted"
GHOST_UB_REPLAYED = ("evaluating it has undefined behaviour on a real execution (replayed in the "
                     "gcc-compiled program)")
GHOST_DEFINED = "evaluating it cannot have undefined behaviour (or no execution reaches it)"
GHOST_UB_OPEN = "could not exclude undefined behaviour in evaluating it"


def accepted_sites(evidence: Evidence) -> set:
    """The sites whose proofs count: least fixpoint over engine calls (`Proof.run`).  A call's
    proofs count once everything they assumed is proven by itself or by calls that already
    count; a proof assuming a site that failed, or that nothing proves, never counts.  (A site
    may have a proof and a counterexample: a refuted site's proof is a contradiction, one
    whose counterexample did not replay is still proven but not confirmed.)"""
    groups: dict = {}
    merged: set = set()     # each proof's assumptions once (a Houdini proof: for all its sites)
    for invariant in evidence.invariants:
        for site in invariant.sites:
            if site.proof is not None and site.outcome in (SiteOutcome.PROVEN,
                                                           SiteOutcome.FAILED):
                sites, assumed = groups.setdefault(site.proof.run, (set(), set()))
                sites.add(site.key)
                if site.proof not in merged:
                    merged.add(site.proof)
                    assumed.update(site.proof.assumptions)
    accepted: set = set()
    changed = True
    while changed:
        changed = False
        for run, (sites, assumed) in list(groups.items()):
            # not `assumed <= accepted | sites`: that copies `accepted` for every call
            if assumed - sites <= accepted:
                accepted |= sites
                del groups[run]
                changed = True
    return accepted


class ProofCounter:
    """Whether a proof counts: every site it assumed is accepted.  Each distinct proof is
    checked once: one Houdini proof of N invariants is shared by its N sites and by every
    undefined-behaviour target it excluded, and checking its N assumptions for each of them
    was N * N (20,000 invariants: 10 s)."""

    def __init__(self, accepted: set) -> None:
        self.accepted = accepted
        self._counts: dict[Proof, bool] = {}

    def __call__(self, proof: Optional[Proof]) -> bool:
        if proof is None:
            return False
        counts = self._counts.get(proof)
        if counts is None:
            counts = self._counts[proof] = proof.assumptions <= self.accepted
        return counts


def _open_ub(evidence: Evidence, counts: ProofCounter) -> list[str]:
    """The undefined-behaviour targets not excluded: open, or excluded only by a proof that
    does not count."""
    return list(evidence.ub_open) + sorted(
        name for name, proof in evidence.ub_proofs.items()
        if name not in evidence.ub_open and not counts(proof))


def decide(evidence: Evidence, refuted_verdict: str = "false") -> Decision:
    """Statuses of every invariant and of the property, and the verdict."""
    index_of = {site.key: inv.index for inv in evidence.invariants for site in inv.sites}

    summaries: dict[Proof, ProofSummary] = {}

    def summary(proof: Proof) -> ProofSummary:
        # one summary per proof, shared by every invariant it confirmed: a Houdini proof of N
        # invariants assumes all N, and N copies of its N indices were N * N numbers
        if proof not in summaries:
            summaries[proof] = ProofSummary(proof.engine, tuple(sorted(
                {index_of[k] for k in proof.assumptions if k in index_of})))
        return summaries[proof]

    counts = ProofCounter(accepted_sites(evidence))
    # a recursion cut-off that an execution may pass: the CFA does not model every execution,
    # so no proof counts (a cut-off excluded by a proof that does not count is open too)
    bound_open = list(evidence.bound_open) + sorted(
        name for name, proof in evidence.bound_proofs.items()
        if name not in evidence.bound_open and not counts(proof))
    # the same for an execution the model leaves out (`NOT_MODELLED`) that may be reachable:
    # where it would go on, nothing is known, so neither the property nor any invariant is
    # proven (a location reached only past it is not unreachable)
    not_modelled = [name for name in list(evidence.ub_found) + _open_ub(evidence, counts)
                    if name.startswith(NOT_MODELLED)]
    if bound_open or not_modelled:
        counts = ProofCounter(set())
    contradictions = _contradictions(evidence, counts)
    if contradictions:
        return _internal_error(evidence, contradictions)
    reason: Optional[str] = evidence.problem
    invariants = [_invariant(inv, evidence, counts.accepted, summary)
                  for inv in evidence.invariants]
    ghost_updates = [_ghost_update(g, evidence, counts, bound_open, summary)
                     for g in evidence.ghost_updates]

    # the property
    property_status, property_proof = PropertyStatus.UNKNOWN, None
    if evidence.problem is None and evidence.property_supported:
        if evidence.violation is not None:
            property_status = PropertyStatus.VIOLATED
        else:
            if evidence.unreplayed_violation:
                reason = ("a path to the error did not replay in the compiled program"
                          if evidence.replay_unavailable is None else
                          f"a path to the error cannot be replayed: {evidence.replay_unavailable}")
            elif counts(evidence.property_proof):
                property_status = PropertyStatus.PROVEN
                property_proof = summary(evidence.property_proof)
            if bound_open:
                reason = f"not all executions are modelled: {bound_open[0]}"
            ub_open = _open_ub(evidence, counts)
            if evidence.ub_found or ub_open:
                what = (evidence.ub_found or ub_open)[0]
                if what.startswith(NOT_MODELLED):
                    reason = ("an execution that is not modelled is reachable: "
                              if evidence.ub_found else "not all executions are modelled: ") + \
                        what[len(NOT_MODELLED):]
                else:
                    reason = ("undefined behaviour is reachable: " if evidence.ub_found
                              else "could not exclude undefined behaviour: ") + what
                property_status = PropertyStatus.UNKNOWN
                property_proof = None
            if bound_open:
                property_status, property_proof = PropertyStatus.UNKNOWN, None

    decision = Decision(verdict=results.RESULT_UNKNOWN, reason=reason,
                        property_status=property_status, property_proof=property_proof,
                        invariants=invariants,
                        counterexample=evidence.violation if property_status
                        is PropertyStatus.VIOLATED else None, ghost_updates=ghost_updates)
    _join(decision, evidence, refuted_verdict)
    return decision


def _contradictions(evidence: Evidence, counts: ProofCounter) -> list[str]:
    """Proofs that count but that a replayed execution contradicts: one of them is wrong (a
    bug of ours), so neither may decide anything."""
    found = [f"{site.proof.engine} proved invariant {invariant.index} at {site.where}, but a "
             f"replayed execution violates it there"
             for invariant in evidence.invariants for site in invariant.sites
             if site.key in counts.accepted and site.refutation is not None]
    found += [f"{g.proof.engine} proved {g.what} free of undefined behaviour, but a replayed "
              f"execution has it" for g in evidence.ghost_updates
              if g.refutation is not None and counts(g.proof)]
    if counts(evidence.property_proof) and evidence.violation is not None:
        found.append(f"{evidence.property_proof.engine} proved the property, but a replayed "
                     f"execution reaches the error")
    return found


def _internal_error(evidence: Evidence, contradictions: list[str]) -> Decision:
    """`unknown` for everything, with the contradictions listed for the report."""
    reason = f"internal error: {contradictions[0]}"
    invariants = [InvariantDecision(inv.index, InvariantStatus(inv.placement), inv.placement,
                                    inv.placement_reason) if inv.placement != PLACED else
                  InvariantDecision(inv.index, InvariantStatus.UNKNOWN, PLACED, reason)
                  for inv in evidence.invariants]
    ghost_updates = [GhostUpdateDecision(g.number, InvariantStatus.UNKNOWN, reason)
                     for g in evidence.ghost_updates]
    return Decision(verdict=results.RESULT_UNKNOWN, reason=reason,
                    property_status=PropertyStatus.UNKNOWN, property_proof=None,
                    invariants=invariants, internal_errors=contradictions,
                    ghost_updates=ghost_updates)


def _invariant(invariant: InvariantEvidence, evidence: Evidence, accepted: set,
               summary) -> InvariantDecision:
    """The status of one invariant from the evidence of its sites."""
    if invariant.placement != PLACED:
        return InvariantDecision(invariant.index, InvariantStatus(invariant.placement),
                                 invariant.placement, invariant.placement_reason)
    decision = InvariantDecision(invariant.index, InvariantStatus.UNKNOWN, PLACED)
    if not evidence.property_supported:
        return decision
    if evidence.problem is not None:
        decision.reason = evidence.problem
        return decision
    sites = invariant.sites
    if not sites:       # not reachable in the CFA's graph, which no recursion bound changes
        decision.status, decision.unreachable = InvariantStatus.CONFIRMED, True
        decision.reason = UNREACHABLE_LOCATION
        decision.proofs = [ProofSummary("cfa")]
        return decision
    if sites and all(s.key in accepted and s.outcome is SiteOutcome.PROVEN for s in sites):
        decision.status = InvariantStatus.CONFIRMED
        decision.unreachable = all(s.unreachable for s in sites)
        # distinct proofs first: a summary's hash is that of all the indices it assumed
        proofs = [summary(p) for p in {s.proof for s in sites}]
        decision.proofs = sorted(set(proofs) if len(proofs) > 1 else proofs,
                                 key=lambda p: (p.engine, p.assumes))
        return decision
    refuted = [s for s in sites if s.refutation is not None]
    if refutes({s.where for s in refuted}, {s.where for s in sites}):
        decision.status = InvariantStatus.REJECTED
        decision.counterexample = refuted[0].refutation
        decision.reason = _contract_clause(refuted[0]) + REPLAYED_VIOLATION
        return decision
    if any(s.unreplayed for s in sites) and not refuted:
        decision.reason = (NOT_REPLAYED if evidence.replay_unavailable is None else
                           f"a counterexample was found but cannot be replayed: "
                           f"{evidence.replay_unavailable}")
    elif any(s.outcome is SiteOutcome.UB for s in sites):
        decision.reason = INVARIANT_UB
    elif refuted:
        decision.reason = ONE_READING
    else:
        decision.reason = UNDECIDED
    return decision


def _violated(invariant: InvariantDecision) -> str:
    """The verdict's reason for a rejected invariant (a function contract: with its clause)."""
    reason = invariant.reason or ""
    if reason.startswith(tuple(CONTRACT_CLAUSES.values())):
        return (f"function contract {invariant.index} is violated on a real execution "
                f"({reason.split(': ')[0]})")
    return f"invariant {invariant.index} is violated on a real execution"


def _contract_clause(site: SiteEvidence) -> str:
    """'requires fails at the call at line 12: ' for a function contract's failing check (the
    call that inlined it, where known), '' for an invariant's."""
    clause = CONTRACT_CLAUSES.get(site.where)
    if clause is None:
        return ""
    if site.where == CONTRACT_ENTRY:
        return f"{clause} at line {site.calls[-1]}: " if site.calls else f"{clause}: "
    return f"{clause} at line {site.line}: " if site.line is not None else f"{clause}: "


def _ghost_update(ghost: GhostUpdateEvidence, evidence: Evidence, counts: ProofCounter,
                  bound_open: list[str], summary) -> GhostUpdateDecision:
    """Whether evaluating one ghost assignment is free of undefined behaviour."""
    decision = GhostUpdateDecision(ghost.number, InvariantStatus.UNKNOWN)
    if not evidence.property_supported:
        return decision
    if evidence.problem is not None:
        decision.reason = evidence.problem
        return decision
    if ghost.refutation is not None:
        decision.status, decision.reason = InvariantStatus.REJECTED, GHOST_UB_REPLAYED
        decision.counterexample = ghost.refutation
    elif bound_open:        # an execution deeper than inlined may reach it: nothing is known
        decision.reason = f"not all executions are modelled: {bound_open[0]}"
    elif not ghost.has_target:
        decision.status, decision.reason = InvariantStatus.CONFIRMED, GHOST_DEFINED
        decision.proof = ProofSummary("cfa")
    elif counts(ghost.proof):
        decision.status, decision.proof = InvariantStatus.CONFIRMED, summary(ghost.proof)
    elif ghost.unreplayed:
        decision.reason = (NOT_REPLAYED if evidence.replay_unavailable is None else
                           f"a counterexample was found but cannot be replayed: "
                           f"{evidence.replay_unavailable}")
    else:
        decision.reason = GHOST_UB_OPEN
    return decision


def _join(decision: Decision, evidence: Evidence, refuted_verdict: str) -> None:
    """The verdict from the statuses: false, then unknown for what is open, then true."""
    rejected = [i for i in decision.invariants if i.status is InvariantStatus.REJECTED]
    if decision.property_status is PropertyStatus.VIOLATED:
        decision.verdict = results.RESULT_FALSE_REACH
        decision.reason = decision.reason or "the program reaches the error function"
        return
    what = {g.number: g.what for g in evidence.ghost_updates}
    ghosts_rejected = [g for g in decision.ghost_updates if g.status is InvariantStatus.REJECTED]
    if rejected or ghosts_rejected:
        decision.verdict = (results.RESULT_UNKNOWN if refuted_verdict == "unknown"
                            else results.RESULT_FALSE_REACH)
        decision.reason = (_violated(rejected[0]) if rejected else f"{what[ghosts_rejected[0].number]} has undefined "
                           f"behaviour on a real execution")
        return
    decision.verdict = results.RESULT_UNKNOWN
    if not evidence.property_supported:
        decision.reason = (f"property '{evidence.property_name}' is not supported "
                           "(only unreach-call)")
        return
    if evidence.unsupported_features:
        decision.reason = "; ".join(evidence.unsupported_features)
        return
    open_items = [i for i in decision.invariants if i.status is not InvariantStatus.CONFIRMED]
    if open_items:
        first = open_items[0]
        decision.reason = decision.reason or (
            f"invariant {first.index} is {first.status.value}"
            + (f": {first.reason}" if first.reason else ""))
        return
    open_ghosts = [g for g in decision.ghost_updates if g.status is not InvariantStatus.CONFIRMED]
    if open_ghosts:
        first_ghost = open_ghosts[0]
        decision.reason = decision.reason or f"{what[first_ghost.number]}: {first_ghost.reason}"
        return
    if decision.property_status is PropertyStatus.PROVEN:
        decision.verdict = results.RESULT_TRUE
        decision.reason = None
        return
    decision.reason = decision.reason or "the property could not be proven"
