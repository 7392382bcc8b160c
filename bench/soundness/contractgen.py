"""Function contracts (format 2.1, `function_contract`, ACSL `requires`/`ensures`; issue 17) for
the campaign's generated functions.

Eligible: a function other than `main` whose last statement is a `return` (no fall-off end),
whose first statement is a location, and whose return type and parameters are integer types
(any width: `long long` and `unsigned long long` too) and not enumerations.  The probe build
prints each parameter and each eligible global at entry, each returned value (converted to the
return type: `\\result`) and the globals at each return, and the generator writes contracts
meant to hold (the ranges seen), mutants (off by one, an equality that holds on one value only)
and contracts that hold by ACSL's own rules and by no reading of C (`\\result + 1 > \\result`
needs mathematical integers; `p == \\old(p)` in `ensures` needs the formal's entry value, even
when the body assigns it; `g == \\old(g)`, `\\old(g) <= g` and ranges of a global at entry
and at the return compare a global's value at the return with its entry value).  An eligible
global is a scalar of an integer type (not an enumeration) that no declaration of the function
shadows.  A contract on a function that does not
exist is `unplaced` (its witness `unknown`, never true nor false).  Whether a contract holds is
what the ground truth says: every check site in every execution, exactly as for invariants.

Ground truth (`ContractHooks`): at the function's first statement the entry values of the
formals and of the globals the contract names are copied (`long double __gt_old_<k>_<x>`) and
`requires` is checked; after a `return`'s value is computed (`__gt_r`, converted to the return
type) `ensures` is checked.  Every ACSL leaf and constant is converted to `long double`, the
x87 extended format in both data models (gcc on x86, -m32 and -m64; `-mfpmath=sse` concerns
`float` and `double` only), whose 64-bit significand holds every integer of magnitude up to
2^64 exactly; every operation adds 1 to a leaf of at most 64 bits or compares: the C value is
the mathematical one, no rounding and no wrap-around is possible (`exact_in_long_double`
checks the bound for every term the generator writes).
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Optional

from .analysis import Location
from .cexpr import Hooks
from .cprog import Const, Decl, Func, Return, Stmt, TypeDecl, Var
from .truth import Facts, Invariant

ENTRY, RETURN = 2_000_000, 3_000_000          # probe keys (apart from the locations')
LEAF = r"\{([A-Za-z_:0-9-]+)\}"         # {p}, {g}, {res}, {old:x}, {n:-5} in a contract's text


@dataclass
class Contract(Invariant):
    func: Optional[Func] = None
    requires: Optional[str] = None              # ACSL, with {p} leaves resolved below
    ensures: Optional[str] = None
    placed: bool = True                         # False: a function that does not exist
    name: str = ""                              # the function the witness names
    globals_: list = field(default_factory=list)   # the eligible globals of `func` (Var)

    def acsl(self, text: str) -> str:
        def leaf(m: re.Match) -> str:
            what = m.group(1)
            if what.startswith("n:"):
                return what[2:]
            return "\\result" if what == "res" else \
                f"\\old({what[4:]})" if what.startswith("old:") else what
        return re.sub(LEAF, leaf, text)

    def named(self) -> list[str]:
        """The variables (parameters, globals) the contract's texts name."""
        names = []
        for text in (self.requires, self.ensures):
            for what in re.findall(LEAF, text or ""):
                name = what.split(":", 1)[-1]
                if what != "res" and not what.startswith("n:") and name not in names:
                    names.append(name)
        return names

    def wide(self) -> bool:
        """Whether a value the contract reads may not fit 32 bits (a data model's `long`,
        `long long`, their unsigned types)."""
        types = [self.func.ret] if "{res}" in (self.ensures or "") else []
        types += [v.type for v in self.func.params + self.globals_ if v.name in self.named()]
        return any(max(t.base.bits32, t.base.bits64) > 32 for t in types)

    def c_text(self, text: str, at_return: bool) -> str:
        """The ACSL term as C over `long double` leaves (entry copies for `\\old` and for
        the formals in `ensures`; a global in `ensures` is its value at the return)."""
        params = {p.name for p in self.func.params}

        def leaf(m: re.Match) -> str:
            what = m.group(1)
            if what == "res":
                return f"((long double)({self.func.ret.base.spelling})__gt_r)"
            if what.startswith("n:"):       # a decimal long double literal: exact (above)
                return f"({int(what[2:])}.0L)"
            name = what.split(":", 1)[-1]
            if what.startswith("old:") or (at_return and name in params):
                return f"__gt_old_{self.k}_{name}"
            return f"((long double){name})"
        return re.sub(LEAF, leaf, text)


def exact_in_long_double(value: int) -> bool:
    """Every integer of magnitude up to 2^64 is a long double (64-bit significand)."""
    return abs(value) <= 1 << 64


def _leaf_ok(t) -> bool:
    return t is not None and t.kind == "int" and not t.base.enum and t.base.bits64 <= 64 \
        and t.base.bits32 <= 64


def _declared_names(stmts: list[Stmt]) -> set[str]:
    """Every name a declaration among `stmts` (at any depth: blocks, branches, loops, cases)
    declares."""
    names: set[str] = set()
    stack: list = list(stmts)
    while stack:
        node = stack.pop()
        if isinstance(node, (list, tuple)):
            stack += list(node)
            continue
        if not is_dataclass(node) or isinstance(node, (Func, Var, type)):
            continue
        if isinstance(node, Decl):
            names.add(node.var.name)
        elif isinstance(node, TypeDecl):         # a block's enumeration constants, typedefs
            names |= set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", node.text))
        stack += [getattr(node, f.name) for f in fields(node)]
    return names


def contract_globals(f: Func, globals_: list[Var]) -> list[Var]:
    """The globals a contract of `f` may name: integer scalars no declaration of `f` shadows
    (a shadowed one is `unsupported` in the validator, and the ground truth would read the
    local at a return inside the shadowing block)."""
    hidden = _declared_names(f.body) | {p.name for p in f.params}
    return [g for g in globals_ if g.length is None and _leaf_ok(g.type)
            and g.name not in hidden]


@dataclass
class Eligible:
    """A function that may get contracts, its first statement's location and the globals its
    contracts may name."""
    func: Func
    location: Location
    globals_: list[Var]


def eligible(funcs: list[Func], where: list[Location],
             globals_: list[Var] = ()) -> list[Eligible]:
    first = {loc.stmt.uid: loc for loc in where if loc.kind == "location"}
    out = []
    for f in funcs:
        if f.name == "main" or not f.body or not isinstance(f.body[-1], Return) \
                or f.body[0].uid not in first or not _leaf_ok(f.ret) \
                or not all(_leaf_ok(p.type) for p in f.params):
            continue
        out.append(Eligible(f, first[f.body[0].uid], contract_globals(f, list(globals_))))
    return out


def _probe(key: int, j: int, ctype, value: str) -> str:
    """A probe of `value` in its own type's signedness (an unsigned 64-bit value printed as
    signed would read wrapped)."""
    if ctype.base.signed or ctype.base.bits64 == 1:
        return f"__gt_probe({4 * key}, {j}, (long long){value});"
    return f"__gt_probe_u({4 * key}, {j}, (unsigned long long){value});"


class ProbeContracts(Hooks):
    """Probes the parameters at entry and the returned values of the eligible functions."""

    def __init__(self, inner: Hooks, funcs: list[Eligible]) -> None:
        self.inner = inner
        self.first = {e.location.stmt.uid: e for e in funcs}
        self.by_name = {e.func.name: e for e in funcs}

    def globals(self) -> list[str]:
        return self.inner.globals()

    def branch(self, stmt, taken, function):
        return self.inner.branch(stmt, taken, function)

    def cond(self, loop, reading, function):
        return self.inner.cond(loop, reading, function)

    def before(self, stmt: Stmt, function: str) -> list[str]:
        lines = self.inner.before(stmt, function)
        e = self.first.get(stmt.uid)
        if e is not None:
            watched = e.func.params + e.globals_
            lines += [_probe(ENTRY + e.func.fid, j, v.type, v.name)
                      for j, v in enumerate(watched)]
        return lines

    def returning(self, stmt: Stmt, function: str) -> list[str]:
        e = self.by_name.get(function)
        if e is None:
            return self.inner.returning(stmt, function)
        f = e.func
        return self.inner.returning(stmt, function) + [
            _probe(RETURN + f.fid, 0, f.ret, f"({f.ret.base.spelling})__gt_r")] + [
            _probe(RETURN + f.fid, 1 + j, g.type, g.name) for j, g in enumerate(e.globals_)]


class ContractHooks(ProbeContracts):
    """The contracts' checks (k, reading 0) at entry and at every return."""

    def __init__(self, inner: Hooks, contracts: list[Contract]) -> None:
        placed = [c for c in contracts if c.placed]
        super().__init__(inner, [Eligible(c.func, c.location, c.globals_) for c in placed])
        self.contracts = placed

    def before(self, stmt: Stmt, function: str) -> list[str]:
        lines = self.inner.before(stmt, function)
        for c in self.contracts:
            if c.location.stmt is stmt:
                lines += [f"long double __gt_old_{c.k}_{name} = {name};"
                          for name in [p.name for p in c.func.params]
                          + [n for n in c.named() if n not in {p.name for p in c.func.params}]]
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
    return f"{{n:{lo}}} <= {term} && {term} <= {{n:{hi}}}" if lo < hi \
        else f"{term} == {{n:{lo}}}"


def _global_ensures(rng: random.Random, e: Eligible, observed: dict[str, Facts]) \
        -> Optional[tuple[str, str]]:
    """An `ensures` (and its intent) over a global: unchanged, not decreased, not increased
    by more than one, or its range at the returns."""
    j = rng.randrange(len(e.globals_))
    g = e.globals_[j].name
    roll = rng.random()
    if roll < 0.3:
        return f"{{{g}}} == {{old:{g}}}", "global"
    if roll < 0.5:
        return f"{{old:{g}}} <= {{{g}}}", "global"
    if roll < 0.65:
        return f"{{{g}}} <= {{old:{g}}} + {{n:1}}", "global"
    seen = _seen(observed, RETURN + e.func.fid, 1 + j)
    if not seen:
        return None
    if rng.random() < 0.7:
        return _range(f"{{{g}}}", seen), "global"
    return f"{{{g}}} < {{n:{seen[-1]}}}", "off-by-one"


def choose_contracts(rng: random.Random, observed: dict[str, Facts],
                     funcs: list[Eligible], first_k: int) -> list[Contract]:
    """Per eligible function a contract or two (true, mutant, ACSL-only, over globals), and
    now and then one on a function that does not exist."""
    out: list[Contract] = []
    for e in funcs:
        f = e.func
        for _ in range(rng.randrange(1, 3)):
            requires = ensures = None
            intent = "true"
            watched = f.params + e.globals_
            seen = [(v, _seen(observed, ENTRY + f.fid, j)) for j, v in enumerate(watched)]
            seen = [(v, s) for v, s in seen if s]
            results = _seen(observed, RETURN + f.fid, 0)
            if seen and rng.random() < 0.5:
                v, s = rng.choice(seen)
                if rng.random() < 0.7:
                    requires = _range(f"{{{v.name}}}", s)
                else:
                    requires, intent = f"{{{v.name}}} <= {{n:{s[-1] - 1}}}", "off-by-one"
            roll = rng.random()
            if e.globals_ and roll < 0.25:
                chosen = _global_ensures(rng, e, observed)
                if chosen is not None:
                    ensures, why = chosen
                    intent = why if intent == "true" else intent
            elif results and roll < 0.55:
                if rng.random() < 0.7:
                    ensures = _range("{res}", results)
                else:
                    ensures, intent = rng.choice([(f"{{res}} < {{n:{results[-1]}}}",
                                                   "off-by-one"),
                                                  (f"{{res}} == {{n:{results[0] - 1}}}",
                                                   "off-by-one")])
            elif roll < 0.7:
                ensures = "{res} + {n:1} > {res}"                  # mathematical integers
            elif roll < 0.85 and f.params:
                p = rng.choice(f.params).name
                ensures = f"{{{p}}} == {{old:{p}}}"              # a formal is its entry value
            if requires is None and ensures is None:
                ensures = "{res} + {n:1} > {res}"
            out.append(Contract(0, e.location, Const("1"), "", intent, func=f,
                                requires=requires, ensures=ensures, name=f.name,
                                globals_=e.globals_))
    if out and rng.random() < 0.3:
        c = rng.choice(out)
        out.append(Contract(0, c.location, Const("1"), "", "unplaced", func=c.func,
                            requires=c.requires, ensures=c.ensures, placed=False,
                            name=f"{c.func.name}_missing", globals_=c.globals_))
    for n, c in enumerate(out):
        c.k = first_k + n
        c.text = " / ".join(c.acsl(t) for t in (c.requires, c.ensures) if t)
        assert all(exact_in_long_double(int(v)) for t in (c.requires, c.ensures) if t
                   for v in re.findall(r"\{n:(-?[0-9]+)\}", t))
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


__all__ = ["Contract", "Eligible", "eligible", "ProbeContracts", "ContractHooks", "choose_contracts",
           "contract_entry", "ENTRY", "RETURN"]
