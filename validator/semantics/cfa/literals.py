"""String literals (issue 16): their bytes, arrays initialised from them, and the read-only
objects they are as values.

A string literal is an array of `char` with static storage duration holding its characters
and a terminating NUL (C11 6.4.5p6), so `sizeof "abc"` is 4.  As a value it decays to a
pointer to its first element: the literal is a `MemoryObject` of its own (one per occurrence
in the program, shared by every inlined copy of its function, numbered and filled at the
program's start like a global), marked `readonly`: a write through a pointer into it is
undefined behaviour (C11 6.4.5p7).  Whether two literals share storage is unspecified (6.4.5p7;
gcc merges equal literals and suffixes), so `pointers.pointer_binary` leaves the equality of
pointers into two different literals not modelled.  An array initialised from a literal
(`char s[] = "abc"`, `char s[10] = "ab"`, `char s[3] = "abc"`: the NUL dropped, legal C,
6.7.9p14) is an ordinary array holding the characters, zero after them.

Only plain literals of `char` are read: a prefixed literal (`L"..."`, `u8"..."`), an escape we
do not know, or a character outside one byte's range is `Unsupported`.
"""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from ..c_types import ArrayType, IntType, Unsupported
from ..ir import Assign, Const, Ref, Store, Unary
from .syntax import _walk
from .values import Pointer, PointerType

_SIMPLE_ESCAPES = {"n": 10, "t": 9, "r": 13, "a": 7, "b": 8, "f": 12, "v": 11, "\\": 92,
                   "'": 39, '"': 34, "?": 63}


def is_string_literal(node) -> bool:
    return isinstance(node, c_ast.Constant) and node.type == "string"


def literal_bytes(text: str, line) -> list[int]:
    """The bytes of a string literal's source text (pycparser joins adjacent literals), without
    the terminating NUL; characters outside ASCII are their UTF-8 bytes (gcc's default source
    and execution character sets)."""
    if not (text.startswith('"') and text.endswith('"')) or len(text) < 2:
        raise Unsupported(f"string literal {text[:20]} (wide or prefixed)", line)
    body, result, i = text[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            result.extend(c.encode("utf-8"))
            i += 1
            continue
        i += 1
        if i >= len(body):
            raise Unsupported("string literal ending in a backslash", line)
        c = body[i]
        if c in _SIMPLE_ESCAPES:
            result.append(_SIMPLE_ESCAPES[c])
            i += 1
        elif c in "01234567":
            digits = c
            i += 1
            while i < len(body) and len(digits) < 3 and body[i] in "01234567":
                digits += body[i]
                i += 1
            result.append(int(digits, 8))
        elif c == "x":
            i += 1
            start = i
            while i < len(body) and body[i] in "0123456789abcdefABCDEF":
                i += 1
            if i == start:
                raise Unsupported("string literal with '\\x' and no digits", line)
            result.append(int(body[start:i], 16))
        else:
            raise Unsupported(f"escape sequence '\\{c}' in a string literal", line)
        if result[-1] > 255:
            raise Unsupported("escape sequence above 255 in a string literal", line)
    return result


def single_literal(init) -> Optional[c_ast.Constant]:
    """The literal of an initialiser `"abc"` or `{"abc"}` (C11 6.7.9p14), else None."""
    if isinstance(init, c_ast.InitList) and len(init.exprs) == 1:
        init = init.exprs[0]
    return init if is_string_literal(init) else None


def is_char_type(ctype) -> bool:
    """A character type (char, signed char, unsigned char): what a literal initialises."""
    return isinstance(ctype, IntType) and ctype.bits == 8 and not ctype.is_bool


class LiteralLowering:
    """Mixin of `CFABuilder`: string literals as array types, initialisers and objects."""

    def literal_type(self, node: c_ast.Constant, line) -> ArrayType:
        return ArrayType(self.model.types["char"], (len(literal_bytes(node.value, line)) + 1,))

    def array_size_from_literal(self, decl: c_ast.Decl, line, env):
        """The type of `char s[] = "abc"` (the size the literal gives, NUL included), or None
        when the declaration is no array of unknown size initialised by a literal."""
        node = decl.type
        literal = single_literal(decl.init)
        if not isinstance(node, c_ast.ArrayDecl) or node.dim is not None or literal is None:
            return None
        element = self.resolve_type(node.type, line, env)
        if not is_char_type(element):
            return None           # `char *a[] = {"x"}`: the array's own way (not modelled)
        return ArrayType(element, (len(literal_bytes(literal.value, line)) + 1,))

    def initialise_from_literal(self, var, init, cur, line):
        """`var` (a one-dimensional character array) holds the literal's characters, then
        zeros (the NUL if it fits, C11 6.7.9p14 and p21); None if `init` is no literal."""
        literal = single_literal(init)
        ctype = var.type
        if literal is None:
            return None
        if not isinstance(ctype, ArrayType) or len(ctype.dims) != 1 or \
                not is_char_type(ctype.element) or not isinstance(ctype.dims[0], int):
            raise Unsupported("string literal initialising something other than a character "
                              "array", line)
        data = literal_bytes(literal.value, line)
        if len(data) > ctype.dims[0]:
            raise Unsupported("string literal longer than the array it initialises", line)
        cur = self.step(cur, Assign(var, Const(0, ctype.element)), line)
        for index, byte in enumerate(data):
            if byte != 0:
                cur = self.step(cur, Store(var, [Const(index, self.model.int)],
                                           Const(ctype.element.wrap(byte), ctype.element),
                                           line), line)
        return cur

    def literals_of_initialiser(self, var, init, line) -> None:
        """The objects of the literals an initialiser of static storage uses as values (not
        a character array's own literal)."""
        ctype = getattr(var, "type", None)
        if init is None or (isinstance(ctype, ArrayType) and is_char_type(ctype.element) and
                            single_literal(init) is not None):
            return
        for node in _walk(init):
            if is_string_literal(node):
                self.literal_pointer(node, line)

    def literal_pointer(self, node: c_ast.Constant, line) -> Pointer:
        """The literal as a value: a pointer to the first element of its read-only object."""
        obj = self.literal_objects.get(id(node))
        if obj is None:
            ctype = self.literal_type(node, line)
            storage = self.fresh("string-literal", ctype, True)
            obj = self.new_object(storage, readonly=True)
            obj.contents = tuple(literal_bytes(node.value, line)) + (0,)
            self.memory.globals_pending.append(obj)
            self.initialisers.append((storage, node, line, []))
            self.literal_objects[id(node)] = obj
        return Pointer(Ref(obj.base), Const(0, self.offset_type), PointerType(obj.element))

    def literal_string(self, value) -> Optional[tuple]:
        """The bytes up to (without) the NUL of the string `value` points to, when it points
        at a constant offset into a string literal (whose bytes never change: a write into
        it is undefined behaviour, and it lives as long as the program), else None."""
        if not (isinstance(value, Pointer) and isinstance(value.base, Ref)
                and isinstance(value.offset, Const)):
            return None
        for obj in self.memory.objects:
            if obj.readonly and obj.base is value.base.var and \
                    0 <= value.offset.value < len(obj.contents):
                rest = obj.contents[value.offset.value:]
                return rest[:rest.index(0)]
        return None

    def literals_apart(self, left: Pointer, right: Pointer, same, cur, line):
        """Before `left == right`: two different literals may share storage (C11 6.4.5p7;
        gcc merges equal literals and suffixes of literals), so their addresses are not
        known to differ: such a comparison is not modelled."""
        literals = [o for o in self.memory.objects if o.readonly]
        if len(literals) < 2:
            return cur

        def in_literal(side: Pointer):
            return self._or([self._cmp("==", side.base, Ref(o.base)) for o in literals])
        shared = self._and(Unary("!", same, self.model.int), in_literal(left),
                           in_literal(right))
        return self.not_modelled(cur, Unary("!", shared, self.model.int),
                                 f"comparison of pointers into two string literals at line "
                                 f"{line} (they may share storage)", line)
