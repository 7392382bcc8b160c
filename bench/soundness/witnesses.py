"""Assertion conditions and witness invariants, chosen from the values seen at their locations.

The probe build (truth.probe) prints the values of every candidate variable at every visit of
the chosen locations over all executions.  From them the generator writes conditions meant to
hold (bounds, equalities, orderings seen on every visit) and mutants meant to fail (off by
one, a wrong sign, a bound seen in only one data model, a true invariant moved to another
location, `0` at a reached location).  What is meant only steers the mix: whether an
invariant holds, and whether an assertion fails, is what the ground truth build says.
"""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Optional

from .analysis import Location
from .cprog import (INT, LLONG, SHORT, UINT, Assert, Binary, Call, Cast, Const, Expr, Mode, Ref,
                    Unary, Var, literal)
from .program import FILE_NAME
from .truth import Facts, Invariant

OPS = {"<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b, "==": lambda a, b: a == b,
       "!=": lambda a, b: a != b, "<": lambda a, b: a < b, ">": lambda a, b: a > b}


def values(observed: dict[str, Facts], location: Location, j: int, reading: int = 0,
           models: tuple[str, ...] = ("ILP32", "LP64")) -> set[int]:
    seen: set[int] = set()
    for m in models:
        seen |= observed[m].observed.get((location.key * 4 + reading, j), set())
    return seen


def _operand(var: Var) -> Expr:
    """The variable, compared as `long long` when every value fits (so that the usual
    arithmetic conversions do not change the comparison)."""
    t = var.type.base
    if t.bits64 < 64 or t.signed:
        return Cast(LLONG, Ref(var))
    return Ref(var)


def compare(var: Var, op: str, value: int, cast: bool = True) -> Expr:
    if not -2**63 <= value < 2**64:
        return Const("1")
    left = _operand(var) if cast else Ref(var)
    return Binary(op, left, Const(literal(value)))


def _readings(location: Location) -> list[int]:
    return [1, 2] if location.do_while else [0]


def _seen(observed, location: Location, j: int,
          models: tuple[str, ...] = ("ILP32", "LP64")) -> set[int]:
    return set().union(*(values(observed, location, j, r, models) for r in _readings(location)))


def condition(rng: random.Random, observed: dict[str, Facts], location: Location,
              want: bool) -> Expr:
    """An assertion condition meant to hold (`want`) or to fail at the location."""
    choices = [j for j, _ in enumerate(location.vars) if _seen(observed, location, j)]
    if not choices:
        return Const(rng.choice(["1", "0"]))
    j = rng.choice(choices)
    var, seen = location.vars[j], sorted(_seen(observed, location, j))
    lo, hi = seen[0], seen[-1]
    if want:
        op, value = rng.choice([("<=", hi), (">=", lo), ("!=", hi + 1), ("!=", lo - 1)])
    else:
        op, value = rng.choice([("!=", rng.choice(seen)), ("<", hi), (">", lo), ("==", lo)])
        if lo == hi and op in ("<", ">"):
            op = "!="
    return compare(var, op, value)


def choose_asserts(rng: random.Random, observed: dict[str, Facts],
                   locations: list[Location]) -> None:
    """Replace every placeholder assertion by a condition (each one meant to fail with chance
    0.3)."""
    by_stmt = {loc.stmt.uid: loc for loc in locations if loc.kind == "location"}
    for loc in by_stmt.values():
        if isinstance(loc.stmt, Assert) and isinstance(loc.stmt.cond, Const) \
                and loc.stmt.cond.text == "1":
            loc.stmt.cond = condition(rng, observed, loc, want=rng.random() < 0.7)


# ------------------------------------------------------------------ invariant candidates
def candidates(rng: random.Random, observed: dict[str, Facts], locations: list[Location],
               limit: int = 8) -> list[Invariant]:
    """Candidate invariants: some meant to hold, some mutants, at probed locations."""
    probed = [loc for loc in locations if loc.vars]
    rng.shuffle(probed)
    probed.sort(key=lambda loc: loc.kind != "loop")         # loops first
    found: list[Invariant] = []
    for loc in probed[:limit]:
        found += _at(rng, observed, loc)
        found += _memory_at(rng, loc)
    # memory mix: more locations after a memory read (none in the plain mix)
    for loc in [loc for loc in probed[limit:] if any(v.source for v in loc.vars)][:4]:
        found += _memory_at(rng, loc)
    moved = [i for i in found if i.intent == "true"]
    for inv in rng.sample(moved, min(2, len(moved))):
        target = rng.choice(probed) if probed else None
        if target is not None and target is not inv.location:
            rebound = _rebind(inv.expr, target)
            if rebound is not None:
                found.append(Invariant(0, target, rebound, "", "moved"))
    for k, inv in enumerate(found):
        inv.k = k
        inv.text = inv.expr.render(Mode())
    return found


def _at(rng: random.Random, observed, loc: Location) -> list[Invariant]:
    out: list[Invariant] = []
    reached = any(_seen(observed, loc, j) for j in range(len(loc.vars)))
    if not reached or rng.random() < 0.05:
        out.append(Invariant(0, loc, Const("0"), "", "vacuous" if not reached else "false"))
    if rng.random() < 0.04:              # holds in one data model only
        out.append(Invariant(0, loc, Const(f"(sizeof(long) == {rng.choice([4, 8])})"), "",
                             "width"))
    names = {v.name for v in loc.vars}
    if loc.uninitialised and rng.random() < 0.3:
        # reads a local that may be indeterminate here: undefined where it is (not valid,
        # not refuted), unless a short-circuit skips the read
        u = rng.choice(loc.uninitialised)
        read = compare(u, rng.choice(["==", "!="]), 0, cast=False)
        guards = [(j, v) for j, v in enumerate(loc.vars) if _seen(observed, loc, j)]
        if guards and rng.random() < 0.5:
            j, v = rng.choice(guards)
            read = Binary("||", compare(v, ">=", min(_seen(observed, loc, j))), read)
        out.append(Invariant(0, loc, read, "", "uninit"))
    for j, var in enumerate(loc.vars):
        seen = sorted(_seen(observed, loc, j))
        if not seen or rng.random() < 0.5:
            continue
        lo, hi = seen[0], seen[-1]
        roll = rng.random()
        if roll < 0.45:
            expr = Binary("&&", compare(var, ">=", lo), compare(var, "<=", hi)) if lo < hi \
                else compare(var, "==", lo)
            out.append(Invariant(0, loc, expr, "", "true"))
        elif roll < 0.6:
            op, value = rng.choice([("<=", hi - 1), (">=", lo + 1), ("<", hi), (">", lo)])
            out.append(Invariant(0, loc, compare(var, op, value), "", "off-by-one"))
        elif roll < 0.68:
            out.append(Invariant(0, loc, compare(var, "<=", -hi if hi else -1), "", "sign"))
        elif roll < 0.8:
            ilp32 = sorted(_seen(observed, loc, j, ("ILP32",)))
            lp64 = sorted(_seen(observed, loc, j, ("LP64",)))
            if ilp32 and lp64 and ilp32 != lp64:
                model_hi = rng.choice([ilp32[-1], lp64[-1]])
                out.append(Invariant(0, loc, compare(var, "<=", model_hi, cast=False), "",
                                     "width"))
            else:
                narrow = rng.choice([INT, UINT, SHORT])
                out.append(Invariant(0, loc, Binary("==", Cast(narrow, Ref(var)), Ref(var)), "",
                                     "width"))
        elif roll < 0.85 and var.type.alias_of is not None and var.type.spelling not in names:
            # the typedef name of the variable's type (an inner typedef may redefine it)
            out.append(Invariant(0, loc, Binary("==", Cast(var.type, Ref(var)), Ref(var)), "",
                                 "typedef"))
        elif roll < 0.92:
            out.append(Invariant(0, loc, _arithmetic(rng, var, loc, lo, hi), "", "arith"))
        else:
            others = [(k, w) for k, w in enumerate(loc.vars) if w is not var
                      and w.type.base.bits64 <= 32 and var.type.base.bits64 <= 32]
            if others:
                k, other = rng.choice(others)
                if _holds_pairwise(observed, loc, j, k, "<="):
                    out.append(Invariant(0, loc, Binary("<=", _operand(var), _operand(other)),
                                         "", "true"))
                else:
                    out.append(Invariant(0, loc, Binary(">=", _operand(var), _operand(other)),
                                         "", "relation"))
    return out


def _memory_at(rng: random.Random, loc: Location) -> list[Invariant]:
    """Memory mix: a variable initialised from a memory read (`k = *p`, `k = a[i].m + 1`),
    restated as an invariant over the memory (`k == *p`), or a mutant of it, where every
    object the read names is in scope; a store or `free` since makes it fail or undefined
    (no random numbers are drawn where there is no such variable: the plain mix is as before)."""
    out: list[Invariant] = []
    for var in loc.vars:
        if var.source is None or not _restatable(var.source, loc) or rng.random() < 0.4:
            continue
        roll = rng.random()
        if roll < 0.6:
            out.append(Invariant(0, loc, Binary("==", Ref(var), var.source), "", "memory"))
        elif roll < 0.8:
            out.append(Invariant(0, loc, Binary("!=", Ref(var), var.source), "", "memory-mutant"))
        else:
            out.append(Invariant(0, loc, Binary("==", Ref(var), Binary("+", var.source, Const("1"))),
                                 "", "memory-mutant"))
    return out


def _restatable(source: Expr, loc: Location) -> bool:
    """No call, every variable in scope at the location, every object's id declared with it
    (not by a Register statement: that id may be out of scope where the object is not)."""
    from .memory import Addr
    for e in source.walk():
        var = getattr(e, "var", None)
        if isinstance(e, Call) or isinstance(e, Const) and "sizeof" in e.text:
            return False
        if var is not None and var.uid not in loc.visible:
            return False
        if isinstance(e, Addr) and e.ident != var.ident:
            return False
    return True


def _arithmetic(rng: random.Random, var: Var, loc: Location, lo: int, hi: int) -> Expr:
    """An invariant that computes in the program's types: it may overflow (then it is not a
    valid invariant, and not refuted either), wrap around, or mix signedness."""
    x = Ref(var)
    other = Ref(rng.choice(loc.vars))
    one = Const(rng.choice(["1", "1U", "1L", "2"]))
    return rng.choice([
        Binary(">", Binary("+", x, one), x),                           # x + 1 > x
        Binary(">=", Binary("*", x, Const("2")), x),
        Binary("<=", Unary("-", x), Const(literal(-lo)) if -2**63 <= -lo < 2**64 else one),
        Binary("<=", Binary("-", x, other), Const(literal(hi - lo))),
        Binary("<=", x, other),                                        # raw: conversions
        Binary("||", Binary("==", other, Const("0")),
               Binary("<=", Binary("/", x, other), Const(literal(max(abs(lo), abs(hi)))))),
        Binary("==", Binary("%", x, Const("2")), Const(literal(hi % 2))),
    ])


def _holds_pairwise(observed, loc: Location, j: int, k: int, op: str) -> bool:
    """Only the ranges are known per variable: a <= b for sure when max a <= min b."""
    a, b = _seen(observed, loc, j), _seen(observed, loc, k)
    return bool(a and b) and max(a) <= min(b)


def _rebind(expr: Expr, target: Location) -> Optional[Expr]:
    """The expression with its variables resolved by name at `target` (None if one is not
    a candidate there)."""
    import copy
    names = {v.name: v for v in target.vars}
    clone = copy.deepcopy(expr)
    for e in clone.walk():
        if isinstance(e, Ref):
            if e.var.name not in names:
                return None
            e.var = names[e.var.name]
    return clone


# ------------------------------------------------------------------ witness files
@dataclass
class Witness:
    kind: str                         # empty, true, mutant, ghost-mutant
    version: str                      # '2.0', '0.1', or '2.1' (with ghosts)
    invariants: list[Invariant] = field(default_factory=list)
    text: str = ""
    ghosts: object = None             # a ghostgen.GhostPlan: its entry comes first (2.1)


def choose_witnesses(rng: random.Random, found: list[Invariant], count: int) -> list[Witness]:
    # "arith" invariants may or may not hold: they go with both kinds
    true = [i for i in found if i.intent in ("true", "vacuous", "typedef", "arith", "uninit",
                                             "memory")]
    wrong = [i for i in found if i.intent not in ("true", "vacuous", "typedef")]
    kinds = ["empty"] + (["true", "true"] if true else []) + (["mutant", "mutant"] if wrong else [])
    out = []
    for kind in rng.sample(kinds, min(count, len(kinds))):
        chosen: list[Invariant] = []
        if kind == "true":
            chosen = rng.sample(true, min(len(true), rng.randrange(1, 5)))
        elif kind == "mutant":
            chosen = [rng.choice(wrong)] + rng.sample(true, min(len(true), rng.randrange(0, 3)))
            rng.shuffle(chosen)
        version = "0.1" if chosen and rng.random() < 0.2 else "2.0"
        out.append(Witness(kind, version, chosen))
    return out


def witness_text(w: Witness, program_text: str, rng: random.Random) -> str:
    digest = hashlib.sha256(program_text.encode()).hexdigest()
    uuid = "%08x-0000-4000-8000-%012x" % (rng.getrandbits(32), rng.getrandbits(48))
    if w.version == "0.1":
        return "".join(_v01(i, digest, f"{uuid[:-4]}{n:04x}") for n, i in enumerate(w.invariants))
    text = ""
    if w.ghosts is not None:
        from .ghostgen import ghost_entry
        text = ghost_entry(w.ghosts, uuid[:-1] + ("0" if uuid[-1] != "0" else "1"))
    text += (f"- entry_type: invariant_set\n  metadata:\n    format_version: \"{w.version}\"\n"
            f"    uuid: {uuid}\n    creation_time: \"2026-01-01T00:00:00Z\"\n"
            f"    producer: {{name: soundness-campaign, version: \"1\"}}\n"
            f"    task:\n      input_files: [\"{FILE_NAME}\"]\n"
            f"      input_file_hashes: {{\"{FILE_NAME}\": \"{digest}\"}}\n"
            f"      specification: \"G ! call(reach_error())\"\n      data_model: ILP32\n"
            f"      language: C\n  content:")
    if not w.invariants:
        return text + " []\n"
    text += "\n"
    for inv in w.invariants:
        if hasattr(inv, "requires"):               # a function contract (contractgen.py)
            from .contractgen import contract_entry
            text += contract_entry(inv, program_text, FILE_NAME)
            continue
        line, column = inv.location.stmt.pos
        column_text = "" if rng.random() < 0.1 else f", column: {column}"
        text += (f"  - invariant:\n      type: {inv.location.kind}_invariant\n"
                 f"      location: {{file_name: \"{FILE_NAME}\", line: {line}{column_text}, "
                 f"function: {inv.location.func.name}}}\n"
                 f"      value: \"{inv.text}\"\n      format: c_expression\n")
    return text


def _v01(inv: Invariant, digest: str, uuid: str) -> str:
    """A format 0.1 loop_invariant (0.2 location_invariant) entry; column 0, matched by line."""
    kind = f"{inv.location.kind}_invariant"
    version = "0.1" if inv.location.kind == "loop" else "0.2"
    line = inv.location.stmt.pos[0]
    return (f"- entry_type: {kind}\n  metadata:\n    format_version: \"{version}\"\n"
            f"    uuid: \"{uuid}\"\n    creation_time: \"2026-01-01T00:00:00Z\"\n"
            f"    producer:\n      name: soundness-campaign\n      version: \"1\"\n"
            f"    task:\n      input_files:\n        - \"{FILE_NAME}\"\n"
            f"      input_file_hashes:\n        \"{FILE_NAME}\": \"{digest}\"\n"
            f"      specification: \"CHECK( init(main()), LTL(G ! call(reach_error())) )\"\n"
            f"      data_model: \"ILP32\"\n      language: \"C\"\n"
            f"  location:\n    file_name: \"{FILE_NAME}\"\n    file_hash: \"{digest}\"\n"
            f"    line: {line}\n    column: 0\n    function: \"{inv.location.func.name}\"\n"
            f"  {kind}:\n    string: \"{inv.text}\"\n    type: \"assertion\"\n    format: \"C\"\n")

