"""`fopen` and `fclose` of `<stdio.h>` (issue 16), when the program does not define them (a
definition of the program is inlined as any function: `calls.py` checks that first).

SV-COMP programs open a file, give up when that fails, and close it; they do not read it
(every other stream function has pointer parameters and stays `unknown`, naming itself).  So:

- `fopen(name, mode)`: both arguments must be strings (valid pointers to a NUL within their
  objects, read as `strlen` reads them: `string_calls.string_argument`, C11 7.1.4p1), and the
  mode one of the strings C11 7.21.5.3p3 lists (any other is undefined behaviour there, though
  glibc returns NULL).  The result is NULL or a pointer to a new object of the declared
  target type (FILE), each as the file system decides: both are modelled, through an input
  (the gcc build's stub reads the same input, `execution/harness.py`).  The object is
  *opaque*: FILE's contents are the C library's, so any access through a pointer into it
  is not modelled (`not_opaque`); comparing, copying and storing the pointer are
  exact.  One object per call site, as for `malloc` (`heap.py`): running a site again while
  its stream is open is not modelled.
- `fclose(stream)`: the argument must point to the start of an open stream (NULL, a closed
  stream, anything else: undefined behaviour, C11 7.1.4p1 and 7.21.3p4); the stream's
  lifetime ends (its pointers dangle: using them is undefined behaviour, as for `free`).  The
  result is 0 or EOF (-1, glibc's), an input.
- `free` of a stream is an invalid free (`heap.free`: only heap blocks may be freed).
"""
from __future__ import annotations

from pycparser import c_ast

from ..c_types import StructType, Unsupported
from ..ir import Assign, Assume, Binary, Const, Ref
from .pointers import is_null_constant
from .values import Pointer, PointerType, StructVariable

# the modes of C11 7.21.5.3p3; any other string is undefined behaviour
MODES = ("r", "w", "wx", "a", "rb", "wb", "wbx", "ab", "r+", "w+", "w+x", "a+", "r+b", "rb+",
         "w+b", "wb+", "w+bx", "wb+x", "a+b", "ab+")
EOF = -1          # glibc's


class StreamCallLowering:
    """Mixin of `CFABuilder`: the models of `names.STREAM_FUNCTIONS`."""

    def stream_call(self, name: str, values: list, cur, line):
        """(value, node after) of a call of `fopen` or `fclose` the program does not define,
        its arguments already evaluated."""
        params, returns = self._stream_prototype(name, line)
        if len(values) != len(params):
            raise Unsupported(f"call of '{name}' with {len(values)} arguments", line)
        if name == "fopen":
            return self._fopen(returns, values, cur, line)
        return self._fclose(values, cur, line)

    def not_opaque(self, ptr: Pointer, cur, line):
        """Before an access through `ptr` (`pointers.dereference`, `store_through`): an
        access into an opaque object, whatever the pointer's type, is not modelled."""
        for obj in self.memory.objects:
            if obj.opaque:
                cur = self.not_modelled(cur, self._cmp("!=", ptr.base, Ref(obj.base)),
                                        f"access at line {line} to {obj.opaque} (its "
                                        f"contents are the C library's)", line)
        return cur

    def _stream_prototype(self, name: str, line):
        """(parameter types, return type) of the program's declaration, which must be the C
        library's: `FILE *fopen(const char *, const char *)` with FILE a struct type,
        `int fclose(FILE *)`."""
        prototype = self.prototypes.get(name)
        if prototype is None:
            raise Unsupported(f"call of undeclared function '{name}'", line)
        declarator = prototype.type
        params = [p for p in (declarator.args.params if declarator.args else [])
                  if not (isinstance(p, c_ast.Typename) and _is_void_param(p))]
        types = []
        for param in params:
            if isinstance(param, c_ast.EllipsisParam):
                raise Unsupported(f"'{name}' declared variadic", line)
            types.append(self.resolve_type(param.type, line))
        returns = self.resolve_type(declarator.type, line)
        char = self.model.types["char"]
        if name == "fopen":
            expected = (len(types) == 2 and all(isinstance(t, PointerType) and t.target == char
                                                for t in types)
                        and isinstance(returns, PointerType)
                        and isinstance(returns.target, StructType))
        else:
            expected = (len(types) == 1 and isinstance(types[0], PointerType)
                        and isinstance(types[0].target, StructType) and returns == self.model.int)
        if not expected:
            raise Unsupported(f"'{name}' declared otherwise than the C library's", line)
        return types, returns

    def _fopen(self, returns: PointerType, values: list, cur, line):
        for value in values:
            if is_null_constant(value):
                self.undefined(cur, f"'fopen' of a null pointer at line {line}", line)
                return self.null(returns), None
        _, _, _, cur = self.string_argument(values[0], "fopen", cur, line)
        mode, length, known, cur = self.string_argument(values[1], "fopen", cur, line)
        if known is None:
            cur = self._known_mode(mode, length, cur, line)
        elif bytes(known).decode("latin-1") not in MODES:
            self.undefined(cur, self._unknown_mode(line), line)
            return self.null(returns), None
        result = self.fresh_pointer("fopen::return", returns)
        opened = self.fresh("fopen", self.model.int)
        cur = self.havoc(cur, opened, "fopen", line)
        failed, success = self._branch(cur, self._cmp("==", Ref(opened),
                                                      Const(0, self.model.int)), line)
        join = self.new_node()
        self.edge(self.assign_pointer(result, self.null(returns), failed, line), join)
        storage = StructVariable(f"fopen@{line}", returns.target, {})
        stream = self.new_object(storage)
        stream.opaque = f"the FILE object of the fopen at line {line}"
        # one stream per call site (as one block per malloc site): a site that runs again
        # while its stream is open would lose the first one
        success = self.not_modelled(success, self._cmp("==", Ref(stream.base),
                                                       Const(self.dead, self.base_type)),
                                    f"a second stream from the fopen at line {line} while "
                                    f"its first is open (one stream per call site)", line)
        success = self.begin_lifetime(stream, success, line)
        success = self.assign_pointer(
            result, Pointer(Ref(stream.base), Const(0, self.offset_type), returns), success,
            line)
        self.edge(success, join)
        return self.read_pointer(result), join

    def _known_mode(self, mode: Pointer, length, cur, line):
        """Undefined behaviour unless the mode is one of `MODES`: its first bytes (at most
        the longest mode's, each read only where it lies before the NUL) compared."""
        char = self.model.types["char"]
        longest = max(len(m) for m in MODES)
        bytes_ = []
        for k in range(longest):
            byte = self.fresh("fopen.mode", char)
            cur = self.step(cur, Assign(byte, Const(0, char)), line)
            inside, beyond = self._branch(cur, self._cmp(">", length,
                                                         Const(k, self.offset_type)), line)
            value, inside = self.dereference(self._nth_byte(mode, k), inside, line)
            inside = self.step(inside, Assign(byte, value), line)
            cur = self.new_node()
            self.edge(inside, cur)
            self.edge(beyond, cur)
            bytes_.append(byte)
        known = self._or([self._and(self._cmp("==", length,
                                              Const(len(m), self.offset_type)),
                                    *[self._cmp("==", Ref(bytes_[k]), Const(ord(c), char))
                                      for k, c in enumerate(m)])
                          for m in MODES])
        return self.require(cur, known, self._unknown_mode(line), line)

    @staticmethod
    def _unknown_mode(line) -> str:
        return f"'fopen' with a mode that C does not define (C11 7.21.5.3p3) at line {line}"

    def _nth_byte(self, ptr: Pointer, k: int) -> Pointer:
        return Pointer(ptr.base, Binary("+", ptr.offset, Const(k, self.offset_type),
                                        self.offset_type), ptr.type)

    def _fclose(self, values: list, cur, line):
        stream = self.as_pointer(values[0])
        if is_null_constant(stream):
            self.undefined(cur, f"'fclose' of a null pointer at line {line}", line)
            return Const(0, self.model.int), None
        if not isinstance(stream, Pointer):
            raise Unsupported("argument of 'fclose' that is not a pointer", line)
        stream, cur = self.kept(stream, cur, line)
        streams = [o for o in self.memory.objects if o.opaque]

        def start_of(obj):
            return self._and(self._cmp("==", stream.base, Ref(obj.base)),
                             self._cmp("==", stream.offset, Const(0, self.offset_type)))
        cur = self.require(cur, self._or([start_of(o) for o in streams]),
                           f"'fclose' of a pointer that is not an open stream (NULL, closed, "
                           f"not from fopen) at line {line}", line)
        if cur is None:
            return Const(0, self.model.int), None
        join = self.new_node()
        for obj in streams:
            node = self.step(cur, Assume(start_of(obj)), line)
            self.edge(self.kill([obj], node, line), join)
        result = self.fresh("fclose", self.model.int)
        after = self.havoc(join, result, "fclose", line)
        after = self.step(after, Assume(self._or([
            self._cmp("==", Ref(result), Const(0, self.model.int)),
            self._cmp("==", Ref(result), Const(EOF, self.model.int))])), line)
        return Ref(result), after


def _is_void_param(param: c_ast.Typename) -> bool:
    """`(void)` as a parameter list."""
    inner = param.type
    return isinstance(inner, c_ast.TypeDecl) and isinstance(inner.type, c_ast.IdentifierType) \
        and inner.type.names == ["void"]
