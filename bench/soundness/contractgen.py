"""Function contracts (format 2.1, `function_contract`, ACSL `requires`/`ensures`; issue 17) for
the campaign's generated functions.

Eligible: a function other than `main` whose last statement is a `return` (no fall-off end),
whose first statement is a location, and whose return type and parameters are integer types
of at most 32 bits in both data models and not enumerations.  The probe build prints each
parameter at entry and each returned value (converted to the return type: `\\result`), and the
generator writes contracts meant to hold (the ranges seen), mutants (off by one, an equality
that holds on one value only) and contracts that hold by ACSL's own rules and by no reading of
C (`\\result + 1 > \\result` needs mathematical integers; `p == \\old(p)` in `ensures` needs the
formal's entry value, even when the body assigns it).  A contract on a function that does not
exist is `unplaced` (its witness `unknown`, never true nor false).  Whether a contract holds is
what the ground truth says: every check site in every execution, exactly as for invariants.

Ground truth (`ContractHooks`): at the function's first statement the entry values of the
formals are copied (`long long __gt_old_<k>_<p>`) and `requires` is checked; after a `return`'s
value is computed (`__gt_r`, converted to the return type) `ensures` is checked.  Every ACSL
leaf is a `long long` (exact: leaves have at most 32 bits), every operation adds or compares a
small constant: the C value is the mathematical one, no wrap-around is possible.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Optional

from .analysis import Location
from .cexpr import Hooks
from .cprog import Const, Func, Return, Stmt
from .truth import Facts, Invariant

ENTRY, RETURN = 2_000_000, 3_000_000          # probe keys (apart from the locations')
LEAF = r"\{([A-Za-z_:0-9]+)\}"                 # {p}, {res}, {old:p} in a contract's text


@dataclass
class Contract(Invariant):
    func: Optional[Func] = None
    requires: Optional[str] = None              # ACSL, with {p} leaves resolved below
    ensures: Optional[str] = None
    placed: bool = True                         # False: a function that does not exist
    name: str = ""                              # the function the witness names

    def acsl(self, text: str) -> str:
        def leaf(m: re.Match) -> str:
            what = m.group(1)
            return "\\result" if what == "res" else \
                f"\\old({what[4:]})" if what.startswith("old:") else what
        return re.sub(LEAF, leaf, text)

    def c_text(self, text: str, at_return: bool) -> str:
        """The ACSL term as C over `long long` leaves (entry copies in `ensures`)."""
        def leaf(m: re.Match) -> str:
            what = m.group(1)
            if what == "res":
                return f"((long long)({self.func.ret.base.spelling})__gt_r)"
            name = what.split(":", 1)[-1]
            return f"__gt_old_{self.k}_{name}" if at_return else f"((long long){name})"
        return re.sub(LEAF, leaf, text)


def _leaf_ok(t) -> bool:
    return t is not None and t.kind == "int" and not t.base.enum and t.base.bits64 <= 32 \
        and t.base.bits32 <= 32


def eligible(funcs: list[Func], where: list[Location]) -> list[tuple[Func, Location]]:
    first = {loc.stmt.uid: loc for loc in where if loc.kind == "location"}
    out = []
    for f in funcs:
        if f.name == "main" or not f.body or not isinstance(f.body[-1], Return) \
                or f.body[0].uid not in first or not _leaf_ok(f.ret) \
                or not all(_leaf_ok(p.type) for p in f.params):
            continue
        out.append((f, first[f.body[0].uid]))
    return out


class ProbeContracts(Hooks):
    """Probes the parameters at entry and the returned values of the eligible functions."""

    def __init__(self, inner: Hooks, funcs: list[tuple[Func, Location]]) -> None:
        self.inner = inner
        self.first = {loc.stmt.uid: f for f, loc in funcs}
        self.by_name = {f.name: f for f, _ in funcs}

    def globals(self) -> list[str]:
        return self.inner.globals()

    def branch(self, stmt, taken, function):
        return self.inner.branch(stmt, taken, function)

    def cond(self, loop, reading, function):
        return self.inner.cond(loop, reading, function)

    def before(self, stmt: Stmt, function: str) -> list[str]:
        lines = self.inner.before(stmt, function)
        f = self.first.get(stmt.uid)
        if f is not None:
            lines += [f"__gt_probe({4 * (ENTRY + f.fid)}, {j}, (long long){p.name});"
                      for j, p in enumerate(f.params)]
        return lines

    def returning(self, stmt: Stmt, function: str) -> list[str]:
        f = self.by_name.get(function)
        if f is None:
            return self.inner.returning(stmt, function)
        return self.inner.returning(stmt, function) + [
            f"__gt_probe({4 * (RETURN + f.fid)}, 0, (long long)({f.ret.base.spelling})__gt_r);"]


class ContractHooks(ProbeContracts):
    """The contracts' checks (k, reading 0) at entry and at every return."""

    def __init__(self, inner: Hooks, contracts: list[Contract]) -> None:
        placed = [c for c in contracts if c.placed]
        super().__init__(inner, [(c.func, c.location) for c in placed])
        self.contracts = placed

    def before(self, stmt: Stmt, function: str) -> list[str]:
        lines = self.inner.before(stmt, function)
        for c in self.contracts:
            if c.location.stmt is stmt:
                lines += [f"long long __gt_old_{c.k}_{p.name} = {p.name};" for p in c.func.params]
                if c.requires:
                    lines.append(f"(__gt_inv_begin({c.k}), __gt_inv({c.k}, 0, "
                                 f"{c.c_text(c.requires, False)}));")
        return lines

    def returning(self, stmt: Stmt, function: str) -> list[str]:
        lines = self.inner.returning(stmt, function)
        for c in self.contracts:
            if c.func.name == function and c.ensures:
                lines.append(f"(__gt_inv_begin({c.k}), __gt_inv({c.k}, 0, "
                             f"{c.c_text(c.ensures, True)}));")
        return lines


def _seen(observed: dict[str, Facts], key: int, j: int) -> list[int]:
    values: set[int] = set()
    for facts in observed.values():
        values |= facts.observed.get((4 * key, j), set())
    return sorted(values)


def _range(term: str, seen: list[int]) -> str:
    lo, hi = seen[0], seen[-1]
    return f"{lo} <= {term} && {term} <= {hi}" if lo < hi else f"{term} == {lo}"


def choose_contracts(rng: random.Random, observed: dict[str, Facts],
                     funcs: list[tuple[Func, Location]], first_k: int) -> list[Contract]:
    """Per eligible function a contract or two (true, mutant or ACSL-only), and now and then
    one on a function that does not exist."""
    out: list[Contract] = []
    for f, loc in funcs:
        for _ in range(rng.randrange(1, 3)):
            requires = ensures = None
            intent = "true"
            params = [(p, _seen(observed, ENTRY + f.fid, j)) for j, p in enumerate(f.params)]
            params = [(p, s) for p, s in params if s]
            results = _seen(observed, RETURN + f.fid, 0)
            if params and rng.random() < 0.5:
                p, s = rng.choice(params)
                if rng.random() < 0.7:
                    requires = _range(f"{{{p.name}}}", s)
                else:
                    requires, intent = f"{{{p.name}}} <= {s[-1] - 1}", "off-by-one"
            roll = rng.random()
            if results and roll < 0.45:
                if rng.random() < 0.7:
                    ensures = _range("{res}", results)
                else:
                    ensures, intent = rng.choice([(f"{{res}} < {results[-1]}", "off-by-one"),
                                                  (f"{{res}} == {results[0] - 1}", "off-by-one")])
            elif roll < 0.6:
                ensures = "{res} + 1 > {res}"                  # mathematical integers
            elif roll < 0.75 and f.params:
                p = rng.choice(f.params).name
                ensures = f"{{{p}}} == {{old:{p}}}"              # a formal is its entry value
            if requires is None and ensures is None:
                ensures = "{res} + 1 > {res}"
            out.append(Contract(0, loc, Const("1"), "", intent, func=f, requires=requires,
                                ensures=ensures, name=f.name))
    if out and rng.random() < 0.3:
        c = rng.choice(out)
        out.append(Contract(0, c.location, Const("1"), "", "unplaced", func=c.func,
                            requires=c.requires, ensures=c.ensures, placed=False,
                            name=f"{c.func.name}_missing"))
    for n, c in enumerate(out):
        c.k = first_k + n
        c.text = " / ".join(c.acsl(t) for t in (c.requires, c.ensures) if t)
    return out


def contract_entry(c: Contract, program_text: str, file_name: str) -> str:
    """One `function_contract` invariant of a 2.1 invariant_set (its function's definition
    line; a misplaced one names a function that does not exist)."""
    ret = c.func.ret.spelling
    match = re.search(rf"^{re.escape(ret)} {c.func.name}\(", program_text, re.M)
    line = program_text[:match.start()].count("\n") + 1 if match else 1
    out = (f"  - invariant:\n      type: function_contract\n"
           f"      location: {{file_name: \"{file_name}\", line: {line}, column: 1, "
           f"function: {c.name}}}\n")
    if c.requires:
        out += f"      requires: {json.dumps(c.acsl(c.requires))}\n"
    if c.ensures:
        out += f"      ensures: {json.dumps(c.acsl(c.ensures))}\n"
    return out + "      format: acsl_expression\n"


__all__ = ["Contract", "eligible", "ProbeContracts", "ContractHooks", "choose_contracts",
           "contract_entry", "ENTRY", "RETURN"]
