"""Statement patterns of the memory mix's feature `string` (issue 16): character arrays
initialised from string literals, and calls of `memset`, `memcpy`, `memmove`, `memcmp`,
`strlen`, `strcmp`, `strcpy`, `strncpy` on pointers into them.

Every array is registered (memrt.py) and fully written by its initialiser (`char a[8] =
"abc"` zeroes the rest; `char a[3] = "abc"` has no NUL).  Arguments are `&a[k]` (checked
pointer arithmetic, as any) with k a constant or a small input, lengths constants or small
inputs plus a constant; planted with chance `Mem.chance`: an offset or length past the end, a
source without NUL (an array exactly as long as its literal), the same array as source and
destination of `memcpy`/`strcpy`/`strncpy` (overlap on some inputs).  In the ground truth each
call goes through `__gt_<name>` (memrt.py), which checks, byte by byte as C defines the
function, what it reads and writes and the overlap before calling the C library's function.
`memcmp` and `strcmp` are read only through their sign (`< 0`, `> 0`, `== 0`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, Union

from .cexpr import Expr, Mode
from .cprog import CHAR, Binary, Const, Ref, Stmt, Var
from .memory import Addr, ODecl, Ptr
from .mempatterns import _ident, _read_if, _reader, _small, risky

if TYPE_CHECKING:
    from .generate import Generator

WORDS = ["", "a", "ab", "abc", "hello", "xyz\\n", "\\377b", "zz", "abcdef"]


@dataclass(eq=False)
class StrCall(Expr):
    """`name(args)`; in the ground truth `__gt_name(args, ids of the pointer arguments)`."""
    name: str
    args: list

    def render(self, m: Mode) -> str:
        args = [a.render(m) for a in self.args]
        if not m.gt:
            text = f"{self.name}({', '.join(args)})"
        else:
            ids = [a.pid(m) for a in self.args if isinstance(a, Ptr)]
            text = f"__gt_{self.name}({', '.join(args + ids)})"
        return f"((int){text})" if self.name == "strlen" else text

    def children(self) -> Iterator[Expr]:
        yield from self.args


@dataclass(eq=False)
class StrStmt(Stmt):
    """A call whose value is not used."""
    call: StrCall = None

    def print(self, p, indent, m, fn):
        return p.line(indent, self.call.render(m) + ";")

    def exprs(self):
        yield self.call


def _chars(text: str) -> int:
    """The number of bytes of a literal's text (the escapes of WORDS)."""
    return len(text.replace("\\n", "n").replace("\\377", "x"))


class _Planter:
    """At most one planted undefined behaviour per pattern (with `Mem.chance` in all), so
    that most programs get past their string calls."""

    def __init__(self, g: "Generator") -> None:
        self.left = risky(g)
        self.rng = g.rng

    def __call__(self) -> bool:
        if self.left and self.rng.random() < 0.25:
            self.left = False
            return True
        return False


def _array(g: "Generator", plant: _Planter) -> ODecl:
    """`char s[L] = "word";` registered, all of it written (the rest zeroed)."""
    word = g.rng.choice(WORDS)
    length = _chars(word) + (0 if word and plant() else g.rng.randrange(1, 6))
    var = Var(g.mem.name("s"), CHAR, length=length)
    return ODecl(var, Const(f'"{word}"'), ident=_ident(g, var))


def _offset(g: "Generator", plant: _Planter, length: int) -> Expr:
    if plant():
        return Const(str(g.rng.choice([length, length + 1])))
    small = _small(g)
    if small is not None and length > 4 and g.rng.random() < 0.3:
        return Ref(small)
    return Const(str(g.rng.randrange(min(length, 3))))


def _at(g: "Generator", plant: _Planter, array: ODecl) -> Ptr:
    return Addr(array.var, array.ident, _offset(g, plant, array.var.length))


def _count(g: "Generator", plant: _Planter, limit: int) -> Expr:
    """A length: small, from an input sometimes, past the end when planted."""
    if plant():
        return Const(str(limit + g.rng.randrange(1, 3)))
    small = _small(g)
    if small is not None and g.rng.random() < 0.4:
        return Binary("+", Ref(small), Const(str(g.rng.randrange(0, 2))))
    return Const(str(g.rng.randrange(0, max(1, limit))))


def strings(g: "Generator") -> list[Stmt]:
    rng = g.rng
    g.mem.string = True
    plant = _Planter(g)
    arrays = [_array(g, plant) for _ in range(rng.randrange(2, 4))]
    out: list[Stmt] = list(arrays)
    for _ in range(rng.randrange(2, 5)):
        name = rng.choice(["memset", "memcpy", "memmove", "memcmp", "strlen", "strcmp",
                           "strcpy", "strncpy"])
        first = rng.choice(arrays)
        # the same array as both arguments now and then: overlap, on some inputs
        second = first if plant() else rng.choice([a for a in arrays if a is not first])
        limit = min(first.var.length, second.var.length)
        call: Union[StrCall, None] = None
        if name == "memset":
            call = StrCall(name, [_at(g, plant, first),
                                  Const(str(rng.choice([0, 97, 255, -1]))),
                                  _count(g, plant, first.var.length // 2 + 1)])
        elif name in ("memcpy", "memmove", "strncpy"):
            call = StrCall(name, [_at(g, plant, first), _at(g, plant, second),
                                  _count(g, plant, limit // 2 + 1)])
        elif name == "strcpy":
            call = StrCall(name, [_at(g, plant, first), _at(g, plant, second)])
        if call is not None:
            out.append(StrStmt(call=call))
            continue
        if name == "strlen":
            out.append(_reader(g, StrCall(name, [_at(g, plant, first)])))
            continue
        args = [_at(g, plant, first), _at(g, plant, second)] + \
            ([_count(g, plant, limit // 2 + 1)] if name == "memcmp" else [])
        sign = Binary(rng.choice(["<", ">", "=="]), StrCall(name, args), Const("0"))
        out.append(_read_if(g, sign, Const(str(rng.randrange(5)))))
    return out


__all__ = ["strings", "StrCall", "StrStmt"]
