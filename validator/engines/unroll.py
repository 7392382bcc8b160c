"""Blocks instantiated at consecutive steps: states X_0, X_1, ... and program counters pc_k."""
from __future__ import annotations

from typing import Optional

import z3

from ..semantics.blocks import Target, TransitionSystem
from ..semantics.floats import NotADouble
from ..semantics.raw_terms import conjunction, equalities
from ..semantics.substitution import Substitution


class Unroller:
    def __init__(self, ts: TransitionSystem, prefix: str) -> None:
        self.ts = ts
        self.prefix = prefix
        self.states: list[dict] = []
        self.pcs: list[z3.ArithRef] = []
        self._substitutions: dict[tuple[int, int], Substitution] = {}
        self._step_substitutions: dict[tuple[int, int], Substitution] = {}
        self._move_templates: dict[int, list[tuple[int, z3.BoolRef]]] = {}
        # the state after a step in the move templates (`_moves`), each step's k+1 substituted
        self._next = {v: z3.Const(f"{prefix}next:{v.uid}", ts.theory.sort(v.type))
                      for v in ts.variables}

    def state(self, k: int) -> dict:
        while len(self.states) <= k:
            j = len(self.states)
            self.states.append({v: z3.Const(f"{self.prefix}{j}:{v.uid}", self.ts.theory.sort(v.type))
                                for v in self.ts.variables})
            self.pcs.append(z3.Int(f"{self.prefix}{j}:pc"))
        return self.states[k]

    def pc(self, k: int) -> z3.ArithRef:
        self.state(k)
        return self.pcs[k]

    def substitution(self, cut: int, k: int) -> Substitution:
        """The inputs of cut point `cut`'s block by state k, its nondets by step k's."""
        key = (cut, k)
        if key not in self._substitutions:
            state = self.state(k)
            pairs = [(self.ts.inputs[v], state[v]) for v in self.ts.variables]
            for nondet in self.ts.blocks[cut].nondets:
                pairs.append((nondet.const, z3.Const(f"{self.prefix}{k}:{nondet.const}",
                                                     nondet.const.sort())))
            self._substitutions[key] = Substitution(pairs)
        return self._substitutions[key]

    def at(self, term: z3.ExprRef, cut: int, k: int) -> z3.ExprRef:
        return self.substitution(cut, k)(term)

    def at_all(self, terms: list, cut: int, k: int) -> list:
        """`at` of every term in one substitution: the terms of a block share their path
        conditions, which one call walks once (one call per term walked them again each time:
        minutes for a block of 2500 branches)."""
        substitution = self.substitution(cut, k)
        if not terms or not substitution.count:
            return list(terms)
        bundle = z3.Function(f"{self.prefix}:bundle", *[t.sort() for t in terms], z3.BoolSort())
        return list(substitution(bundle(*terms)).children())

    def values_at(self, model: z3.ModelRef, terms: list, cut: int, k: int) -> list:
        """The values of `at(term, cut, k)` in `model` (completed) for every term, evaluated
        together: as for `at_all`, one evaluation walks the shared path conditions once."""
        terms = self.at_all(terms, cut, k)
        if not terms:
            return []
        bundle = z3.Function(f"{self.prefix}:values", *[t.sort() for t in terms], z3.BoolSort())
        # without completion the unknown `bundle` stays, its arguments evaluated; what is
        # left open (a constant the model does not fix) is completed one by one
        evaluated = model.eval(bundle(*terms), model_completion=False).children()
        return [v if z3.is_true(v) or z3.is_false(v) or _is_value(v)
                else model.eval(v, model_completion=True) for v in evaluated]

    def transition(self, k: int) -> z3.BoolRef:
        """One block from state k to state k+1."""
        options = []
        for cut, block in self.ts.blocks.items():
            moves = self._moves(cut)
            if moves:
                step = self._step_substitution(cut, k)
                options.append(z3.And(self.pc(k) == cut, z3.Or(
                    [z3.And(step(move), self.pc(k + 1) == d) for d, move in moves])))
        return z3.Or(options) if options else z3.BoolVal(False)

    def _moves(self, cut: int) -> list[tuple[int, z3.BoolRef]]:
        """For each exit of `cut`'s block, its condition and the next state's equalities,
        over the inputs and `_next` (made once: a step substitutes them, one call per exit
        instead of an equality term per variable, exit and step, which for a program with a
        few hundred variables was two thirds of BMC's time)."""
        if cut not in self._move_templates:
            following = [self._next[v] for v in self.ts.variables]
            self._move_templates[cut] = [
                (d, conjunction([reach] + equalities(following,
                                                     [out[v] for v in self.ts.variables])))
                for d, (reach, out) in self.ts.blocks[cut].exits.items()]
        return self._move_templates[cut]

    def _step_substitution(self, cut: int, k: int) -> Substitution:
        """`substitution(cut, k)` and `_next` by state k+1."""
        key = (cut, k)
        if key not in self._step_substitutions:
            following = self.state(k + 1)
            pairs = self.substitution(cut, k).pairs + [
                (self._next[v], following[v]) for v in self.ts.variables]
            self._step_substitutions[key] = Substitution(pairs)
        return self._step_substitutions[key]

    def ended(self, k: int, halted: int) -> z3.BoolRef:
        """The path does not go on after step k: it is `halted` already, or its block at step
        k reaches no next cut point (the error, the end of the program, a failed check, a
        false assumption)."""
        options = [self.pc(k) == halted]
        for cut, block in self.ts.blocks.items():
            reaches = [self.at(reach, cut, k) for reach, _ in block.exits.values()]
            options.append(z3.And(self.pc(k) == cut, z3.Not(z3.Or(reaches)) if reaches else True))
        return z3.Or(options)

    def targets(self, k: int, wanted) -> list[tuple[Target, z3.BoolRef]]:
        """Instantiated target conditions at step k for targets with `wanted(target)`."""
        found = []
        for cut, block in self.ts.blocks.items():
            for target in block.targets:
                if wanted(target):
                    found.append((target, z3.And(self.pc(k) == cut, self.at(target.condition, cut, k))))
        return found

    def lemmas(self, k: int, lemmas: dict[int, list[z3.BoolRef]]) -> z3.BoolRef:
        """The proven lemmas of whichever cut point state k is at."""
        parts = []
        for cut, terms in lemmas.items():
            if terms:
                parts.append(z3.Implies(self.pc(k) == cut, self.at(z3.And(terms), cut, k)))
        return z3.And(parts) if parts else z3.BoolVal(True)

    def well_typed(self, k: int) -> z3.BoolRef:
        """State k lies within the C types (needed where it is arbitrary, not computed)."""
        return self.ts.well_typed(self.state(k))

    def is_cut_point(self, k: int) -> z3.BoolRef:
        return z3.Or([self.pc(k) == c for c in self.ts.blocks])

    def counterexample(self, model: z3.ModelRef, last: int, target: Optional[Target]) -> dict:
        """Inputs and branch steps along the path of a model, up to step `last`."""
        inputs, steps, uninitialised = [], [], []
        for k in range(last + 1):
            cut = model.eval(self.pc(k), model_completion=True).as_long()
            block = self.ts.blocks.get(cut)
            if block is None:
                break
            n = len(block.nondets)
            terms = self.values_at(model, [x.reached for x in block.nondets] + [x.const for x in block.nondets]
                                + [step.taken for step in block.branches], cut, k)
            reached, consts, taken = terms[:n], terms[n:2 * n], terms[2 * n:]
            for nondet, reach, value in zip(block.nondets, reached, consts):
                if z3.is_true(reach):
                    if z3.is_bv_value(value) or z3.is_int_value(value) or z3.is_fp_value(value):
                        havoc = nondet.havoc
                        try:
                            number = self.ts.theory.number(value, havoc.var.type)
                        except NotADouble:
                            # an uninitialised long double (nondet ones are not modelled):
                            # only reported, never replayed
                            continue
                        entry = {"function": havoc.input_function, "value": number,
                                 "line": havoc.line, "variable": havoc.var.name}
                        # uninitialised locals are not inputs: nothing feeds them in a replay
                        (inputs if havoc.input_function else uninitialised).append(entry)
            for step, condition in zip(block.branches, taken):
                if z3.is_true(condition):
                    steps.append({"line": step.edge.line, "branch": step.edge.branch})
        result = {"inputs": inputs, "steps": steps, "length": last + 1}
        if uninitialised:
            result["uninitialised"] = uninitialised
        if target is not None:
            result["target"] = {"kind": target.kind, "key": str(target.key), "line": target.line}
        return result


def _is_value(term: z3.ExprRef) -> bool:
    return z3.is_bv_value(term) or z3.is_int_value(term) or z3.is_fp_value(term) \
        or z3.is_rational_value(term)
