"""The `<string.h>` functions of issue 16 as exact models: `memset`, `memcpy`, `memmove`,
`memcmp`, `strlen`, `strcmp`, `strcpy`, `strncpy`, when the program does not define them (a
definition of the program is inlined as any function: `calls.py` checks that first).

Each model is a loop in the CFA over the bytes, built from the pointer operations of
`pointers.py`, so every access is checked as a dereference of the program's would be: NULL, a
dangling or freed pointer, a byte outside the object are undefined-behaviour targets (C11
7.24.1p1-2, 7.1.4p1), as are overlapping objects for `memcpy`, `strcpy`, `strncpy` (7.24.2.1p2,
7.24.2.3p2, 7.24.2.4p2), a write into a string literal, and `strlen`/`strcmp`/`strcpy` reading
past the end of an object without a NUL.  The loop is a real loop of the CFA (its length is a
value of the program: an unrolling would bound it, a quantifier would leave the solvers'
decidable fragments); the engines treat it as any loop of the program, and a bound of a
loop is never assumed, so the encoding stays exact.

Only objects of a character type are modelled (offsets count bytes there): a pointer to
another type, or a `void *` whose object is not known, is `Unsupported` naming the function.
`memcmp` and `strcmp` compare bytes as `unsigned char` (7.24.4p1) and C fixes only the sign of
their result: the model returns a value of that sign, any value (glibc's differ between
versions and CPUs), so a program that relies on `strcmp(...) == -1` is not proven.  Reading an
uninitialised byte is the read of an indeterminate value that `indeterminate.py` flags:
`unknown`, never a guess.  A byte that `memcpy`/`memmove` copies without using it (a partly
written array, which C allows) is marked as the copy's (`BYTES_COPY`, `ir.Load.copy`): an
execution that is not modelled, which does not end the executions there (until 2026-11-28 it
was an uninitialised read that did, and an invariant after such a copy was confirmed
vacuously); `strcpy`/`strncpy` copy only bytes their length loop has read already.
"""
from __future__ import annotations

from ..c_types import IntType, Unsupported
from ..ir import Assign, Assume, Binary, Const, Ref, Unary
from .literals import is_char_type
from .pointers import is_null_constant
from .values import Pointer, PointerType

_ARITY = {  # of each of names.STRING_FUNCTIONS
"memset": 3, "memcpy": 3, "memmove": 3, "memcmp": 3, "strlen": 1, "strcmp": 2,
          "strcpy": 2, "strncpy": 3}


# what `memcpy`, `memmove` (and the copy loop of `strcpy`, `strncpy`) copy (`ir.Load.copy`)
BYTES_COPY = "bytes never written"


class StringCallLowering:
    """Mixin of `CFABuilder`: the models of `STRING_FUNCTIONS`."""

    def string_call(self, name: str, values: list, cur, line):
        """(value, node after) of a call of one of `STRING_FUNCTIONS` the program does not
        define, its arguments already evaluated."""
        if len(values) != _ARITY[name]:
            raise Unsupported(f"call of '{name}' with {len(values)} arguments", line)
        model = getattr(self, f"_model_{name}")
        return model(values, cur, line)

    # ------------------------------------------------------------ arguments
    def _byte_pointer(self, value, name: str, cur, line):
        """The argument as a pointer to a character type, in variables of its own (the loop
        reads it again after writes)."""
        value = self.as_pointer(value)
        if not isinstance(value, Pointer):
            if is_null_constant(value):
                return self.null(PointerType(self.model.types["char"])), cur
            raise Unsupported(f"argument of '{name}' that is not a pointer", line)
        if value.type.target is None:
            raise Unsupported(f"'{name}' of a void pointer (the type of its object is not "
                              f"known)", line)
        if not is_char_type(value.type.target):
            raise Unsupported(f"'{name}' on objects of type '{value.type.target}' (only "
                              f"character arrays are modelled)", line)
        return self.kept(value, cur, line)

    def _length(self, value, name: str, cur, line):
        """A `size_t` argument, kept in a variable (the function may overwrite what the
        expression reads)."""
        if not isinstance(getattr(value, "type", None), IntType):
            raise Unsupported(f"length of '{name}' that is not an integer", line)
        return self.saved(f"{name}.n", self.convert(value, self.model.size_t), cur, line)

    def _valid(self, ptr: Pointer, name: str, cur, line):
        """ptr points into an object of its type or one past its end (7.1.4p1: NULL, dangling
        and freed pointers are invalid even when no byte is accessed)."""
        return self.require(cur, self._or([self.at(ptr, o, end_allowed=True)
                                           for o in self.candidates(ptr)]),
                            f"'{name}' of an invalid pointer at line {line}", line)

    def _fits(self, ptr: Pointer, n, name: str, cur, line):
        """The n bytes from ptr lie in ptr's object (ptr is valid: `_valid`)."""
        size_t = self.model.size_t
        limit = Const((1 << (self.model.pointer_bits - 1)) - 1, size_t)
        cur = self.require(cur, self._cmp("<=", n, limit),
                           f"'{name}' of more bytes than any object has at line {line}", line)
        end = Pointer(ptr.base, Binary("+", ptr.offset, self.convert(n, self.offset_type),
                                       self.offset_type), ptr.type)
        return self.require(cur, self._or([self.moved_within(ptr, end, o)
                                           for o in self.candidates(ptr)]),
                            f"'{name}' past the end of its object at line {line}", line)

    def _apart(self, first: Pointer, n_first, second: Pointer, n_second, name: str, cur,
               line):
        """The n_first bytes from `first` and the n_second bytes from `second` do not
        overlap (offsets as `offset_type` values, both ranges within their objects)."""
        a, b = self.convert(n_first, self.offset_type), self.convert(n_second, self.offset_type)
        zero = Const(0, self.offset_type)
        overlap = self._and(
            self._cmp("==", first.base, second.base),
            self._cmp(">", a, zero), self._cmp(">", b, zero),
            self._cmp("<", first.offset, Binary("+", second.offset, b, self.offset_type)),
            self._cmp("<", second.offset, Binary("+", first.offset, a, self.offset_type)))
        return self.require(cur, Unary("!", overlap, self.model.int),
                            f"'{name}' between overlapping objects at line {line}", line)

    def string_argument(self, value, name: str, cur, line):
        """(the argument as a character pointer, an offset-typed expression of its length,
        its bytes before the NUL when they are known (a string literal's), node after) for
        a function that reads a string (`fopen`, `stream_calls.py`): valid, and read up to
        its NUL as `strlen` reads it.  A string literal's bytes are known: no loop."""
        known = self.literal_string(value)
        ptr, cur = self._byte_pointer(value, name, cur, line)
        if known is not None:
            return ptr, Const(len(known), self.offset_type), known, cur
        length, cur = self._string_length(ptr, name, cur, line)
        return ptr, Ref(length), None, cur

    # ------------------------------------------------------------ loops over bytes
    def _counter(self, name: str, cur, line, start=None):
        i = self.fresh(f"{name}.i", self.offset_type)
        return i, self.step(cur, Assign(i, start if start is not None
                                        else Const(0, self.offset_type)), line)

    def _nth(self, ptr: Pointer, i) -> Pointer:
        return Pointer(ptr.base, Binary("+", ptr.offset, Ref(i), self.offset_type), ptr.type)

    def _advance(self, i, cur, line, by: int = 1):
        return self.step(cur, Assign(i, Binary("+", Ref(i), Const(by, self.offset_type),
                                               self.offset_type)), line)

    def _branch(self, cur, condition, line):
        """(node where `condition` holds, node where it does not)."""
        if cur is None:
            return None, None
        yes, no = self.new_node(), self.new_node()
        self.edge(cur, yes, Assume(condition), line, True)
        self.edge(cur, no, Assume(Unary("!", condition, self.model.int)), line, False)
        return yes, no

    def _copy(self, dst: Pointer, src: Pointer, count, cur, line, backwards: bool = False):
        """dst[i] = src[i] for i below `count` (an offset-typed expression), one byte at a
        time, from the first or (`backwards`) the last."""
        zero, one = Const(0, self.offset_type), Const(1, self.offset_type)
        start = Binary("-", count, one, self.offset_type) if backwards else None
        i, cur = self._counter("copy", cur, line, start)
        head = self.new_node()
        self.edge(cur, head)
        more = self._cmp(">=", Ref(i), zero) if backwards else self._cmp("<", Ref(i), count)
        body, done = self._branch(head, more, line)
        # an unwritten byte is copied without being used (`indeterminate.mark_copied`)
        byte, body = self.dereference(self._nth(src, i), body, line, copy=BYTES_COPY)
        byte, body = self.saved("copy.byte", byte, body, line)
        body = self.store_through(self._nth(dst, i), self.convert(byte, dst.type.target), body,
                                  line)
        body = self._advance(i, body, line, -1 if backwards else 1)
        self.edge(body, head)
        return done

    def _fill(self, dst: Pointer, start, count, value, cur, line):
        """dst[i] = value for i from `start` up to `count` (offset-typed expressions)."""
        i, cur = self._counter("fill", cur, line, start)
        head = self.new_node()
        self.edge(cur, head)
        body, done = self._branch(head, self._cmp("<", Ref(i), count), line)
        body = self.store_through(self._nth(dst, i), value, body, line)
        body = self._advance(i, body, line)
        self.edge(body, head)
        return done

    def _string_length(self, ptr: Pointer, name: str, cur, line):
        """(the offset-typed variable holding the number of bytes before the first NUL,
        node after): every byte up to the NUL is read, so a string without a NUL in its
        object reads past the end (undefined behaviour)."""
        cur = self._valid(ptr, name, cur, line)
        i, cur = self._counter(name, cur, line)
        head = self.new_node()
        self.edge(cur, head)
        byte, node = self.dereference(self._nth(ptr, i), head, line)
        more, done = self._branch(node, self._cmp("!=", byte, Const(0, byte.type)), line)
        self.edge(self._advance(i, more, line), head)
        return i, done

    def _sign_of(self, name: str, cur, line, left, right):
        """An `int` result with the sign of `left - right` and no other property."""
        result = self.fresh(f"{name}::return", self.model.int)
        zero = Const(0, self.model.int)
        below, above = self._branch(cur, self._cmp("<", left, right), line)
        join = self.new_node()
        for node, op in ((below, "<"), (above, ">")):
            node = self.havoc(node, result, None, line)
            self.edge(self.step(node, Assume(self._cmp(op, Ref(result), zero)), line), join)
        return result, join

    # ------------------------------------------------------------ the functions
    def _model_strlen(self, values, cur, line):
        s, cur = self._byte_pointer(values[0], "strlen", cur, line)
        length, cur = self._string_length(s, "strlen", cur, line)
        return self.convert(Ref(length), self.model.size_t), cur

    def _model_memset(self, values, cur, line):
        dst, cur = self._byte_pointer(values[0], "memset", cur, line)
        if not isinstance(getattr(values[1], "type", None), IntType):
            raise Unsupported("value of 'memset' that is not an integer", line)
        byte = self.convert(self.convert(values[1], self.model.types["unsigned char"]),
                            dst.type.target)
        byte, cur = self.saved("memset.c", byte, cur, line)
        n, cur = self._length(values[2], "memset", cur, line)
        cur = self._valid(dst, "memset", cur, line)
        cur = self._fits(dst, n, "memset", cur, line)
        cur = self._fill(dst, Const(0, self.offset_type), self.convert(n, self.offset_type),
                         byte, cur, line)
        return Pointer(dst.base, dst.offset, PointerType(None)), cur

    def _copy_call(self, name: str, values, cur, line):
        dst, cur = self._byte_pointer(values[0], name, cur, line)
        src, cur = self._byte_pointer(values[1], name, cur, line)
        n, cur = self._length(values[2], name, cur, line)
        for ptr in (dst, src):
            cur = self._valid(ptr, name, cur, line)
            cur = self._fits(ptr, n, name, cur, line)
        return dst, src, self.convert(n, self.offset_type), cur

    def _model_memcpy(self, values, cur, line):
        dst, src, n, cur = self._copy_call("memcpy", values, cur, line)
        cur = self._apart(dst, n, src, n, "memcpy", cur, line)
        cur = self._copy(dst, src, n, cur, line)
        return Pointer(dst.base, dst.offset, PointerType(None)), cur

    def _model_memmove(self, values, cur, line):
        """As if through a temporary array (7.24.2.2p2): forwards unless the destination
        starts after the source in the same object, then backwards."""
        dst, src, n, cur = self._copy_call("memmove", values, cur, line)
        later = self._and(self._cmp("==", dst.base, src.base),
                          self._cmp(">", dst.offset, src.offset))
        backwards, forwards = self._branch(cur, later, line)
        join = self.new_node()
        self.edge(self._copy(dst, src, n, forwards, line), join)
        self.edge(self._copy(dst, src, n, backwards, line, backwards=True), join)
        return Pointer(dst.base, dst.offset, PointerType(None)), join

    def _compare(self, name: str, a: Pointer, b: Pointer, count, cur, line):
        """(int result, node after) of comparing bytes as `unsigned char` up to the first
        difference, or (`count` None) the first NUL of both, or `count` bytes."""
        uchar = self.model.types["unsigned char"]
        result = self.fresh(f"{name}::result", self.model.int)
        i, cur = self._counter(name, cur, line)
        head, join = self.new_node(), self.new_node()
        self.edge(cur, head)
        if count is not None:
            node, equal = self._branch(head, self._cmp("<", Ref(i), count), line)
        else:
            node, equal = head, None
        x, node = self.dereference(self._nth(a, i), node, line)
        x, node = self.saved(f"{name}.x", self.convert(x, uchar), node, line)
        y, node = self.dereference(self._nth(b, i), node, line)
        y, node = self.saved(f"{name}.y", self.convert(y, uchar), node, line)
        same, differ = self._branch(node, self._cmp("==", x, y), line)
        sign, differ = self._sign_of(name, differ, line, x, y)
        self.edge(self.step(differ, Assign(result, Ref(sign)), line), join)
        if count is None:
            same, equal = self._branch(same, self._cmp("!=", x, Const(0, uchar)), line)
        self.edge(self._advance(i, same, line), head)
        self.edge(self.step(equal, Assign(result, Const(0, self.model.int)), line), join)
        return Ref(result), join

    def _model_memcmp(self, values, cur, line):
        a, cur = self._byte_pointer(values[0], "memcmp", cur, line)
        b, cur = self._byte_pointer(values[1], "memcmp", cur, line)
        n, cur = self._length(values[2], "memcmp", cur, line)
        for ptr in (a, b):
            cur = self._valid(ptr, "memcmp", cur, line)
            cur = self._fits(ptr, n, "memcmp", cur, line)
        return self._compare("memcmp", a, b, self.convert(n, self.offset_type), cur, line)

    def _model_strcmp(self, values, cur, line):
        a, cur = self._byte_pointer(values[0], "strcmp", cur, line)
        b, cur = self._byte_pointer(values[1], "strcmp", cur, line)
        for ptr in (a, b):
            cur = self._valid(ptr, "strcmp", cur, line)
        return self._compare("strcmp", a, b, None, cur, line)

    def _model_strcpy(self, values, cur, line):
        """The source's length first (reading it to its NUL), then the room and overlap
        checks for length + 1 bytes, then the copy: where no check fails, the same bytes as
        glibc's; where one fails, undefined behaviour whatever the order."""
        dst, cur = self._byte_pointer(values[0], "strcpy", cur, line)
        src, cur = self._byte_pointer(values[1], "strcpy", cur, line)
        length, cur = self._string_length(src, "strcpy", cur, line)
        count = Binary("+", Ref(length), Const(1, self.offset_type), self.offset_type)
        cur = self._valid(dst, "strcpy", cur, line)
        cur = self._fits(dst, self.convert(count, self.model.size_t), "strcpy", cur, line)
        cur = self._apart(dst, count, src, count, "strcpy", cur, line)
        cur = self._copy(dst, src, count, cur, line)
        return dst, cur

    def _model_strncpy(self, values, cur, line):
        """The bytes read from the source are those before its NUL, the NUL, at most n
        (7.24.2.4p2): counted first; then n bytes are written, the copied ones and zeros."""
        dst, cur = self._byte_pointer(values[0], "strncpy", cur, line)
        src, cur = self._byte_pointer(values[1], "strncpy", cur, line)
        n, cur = self._length(values[2], "strncpy", cur, line)
        for ptr in (dst, src):
            cur = self._valid(ptr, "strncpy", cur, line)
        cur = self._fits(dst, n, "strncpy", cur, line)
        n = self.convert(n, self.offset_type)
        read, cur = self._counter("strncpy.read", cur, line)
        head = self.new_node()
        self.edge(cur, head)
        body, counted = self._branch(head, self._cmp("<", Ref(read), n), line)
        byte, body = self.dereference(self._nth(src, read), body, line)
        byte, body = self.saved("strncpy.byte", byte, body, line)
        body = self._advance(read, body, line)
        more, counted_at_nul = self._branch(body, self._cmp("!=", byte, Const(0, byte.type)),
                                            line)
        self.edge(more, head)
        self.edge(counted_at_nul, counted)
        cur = self._apart(dst, n, src, Ref(read), "strncpy", counted, line)
        cur = self._copy(dst, src, Ref(read), cur, line)
        cur = self._fill(dst, Ref(read), n, Const(0, dst.type.target), cur, line)
        return dst, cur
