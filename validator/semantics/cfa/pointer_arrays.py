"""Arrays of data pointers (issue 16): `int *a[N]`, `struct S *a[N]`, `void *pp[2]`,
`char *names[3] = {"a", "b", "c"}`, `int *m[2][3]`.

An array of data pointers is two integer arrays of its dimensions, of bases and of offsets
(`PointerArray.cells`: a pointer variable with array halves, as the pointer member of an array
of structs and a table of function pointers are).  An element `a[i]` (every dimension
subscripted) reads the two halves at those indices, each index checked against its dimension
as any array access (out of bounds: undefined behaviour, C11 6.5.6p8; `m[0][3]` of a 2 x 3
array is out of bounds, never `m[1][0]`); `a[i] = p` stores both halves ("pointer cells" of
`ExpressionLowering.write`).  A subscript more (`a[i][j]`, `names[i][0]`) subscripts the
element, a pointer: `a[i] + j` dereferenced.  Every other use of an element (`*a[i]`,
`a[i]->m`, comparisons, `free(a[i])`, `a[i] = malloc(...)`, `a[i]++`) is a use of the pointer
it holds, through the pointer machinery unchanged, so a stale, dangling, NULL or indeterminate
element is caught where it is used as any pointer variable's value would be.

Initialisers: none: NULL everywhere for static storage (C11 6.7.9p10), indeterminate elements
for a local (reading one before a write is undefined behaviour: `indeterminate.py`, per
element); a braced list: its elements in the list's order (designators and brace elision as
for any array: `initialised_subobjects`), every other element NULL (6.7.9p21, for locals as
well).  A string literal as an element is the pointer to its read-only object (`literals.py`).

A one-dimensional array of pointers of constant size used as a value (`int **q = a`, `f(a)`)
or whose element's address is taken (`&a[i]`) is an object (`pointers.MemoryObject`) whose
storage is the array itself: a pointer to a pointer reads and writes its elements through
`dereference` (`member_cell`), as it reads an address-taken pointer variable, each access
checked to lie within the array and the array to be alive.

A subscript of any other expression of pointer type than a variable's name (`s.p[i]`,
`p->q[i]`, `&s.p[i]`, `pp[i][j]` of an `int **`, `a[i][j]`) is `*(E1 + E2)` (C11 6.5.2.1p2):
`pointer_subscript`, hooked into `array_ref`, `lvalue` and `address_of` before their own cases.

Not modelled (`Unsupported`, naming it): a variable-length array of pointers, an array of
pointers without a size, a multi-dimensional one used as a value, subscripted partially or
whose element's address is taken (a pointer to an array of pointers), `memset`/`memcpy` on
one (`string_calls.py`: objects of a pointer type), a heap block of pointers (`heap.py`).
"""
from __future__ import annotations

from dataclasses import dataclass

from pycparser import c_ast

from ..c_types import ArrayType, FloatType, IntType, Unsupported
from ..ir import Assign, Const, Havoc, Load, Store
from .function_pointers import is_function_pointer
from .initialisers import initialised_subobjects
from .syntax import _walk
from .values import Pointer, PointerType, PointerVariable


def is_pointer_array(ctype) -> bool:
    """An array (of any dimensions) of data pointers (arrays of function pointers are
    `FunctionPointerArray`s)."""
    return isinstance(ctype, ArrayType) and isinstance(ctype.element, PointerType) and \
        not is_function_pointer(ctype.element)


@dataclass(eq=False)
class PointerArray:
    """A C array of data pointers: `cells`, a pointer variable whose base and offset are
    integer arrays of the array's dimensions."""
    name: str
    type: ArrayType
    cells: PointerVariable

    @property
    def dims(self) -> tuple:
        return self.type.dims

    @property
    def is_global(self) -> bool:
        return self.cells.base.is_global


class PointerArrayLowering:
    """Mixin of `CFABuilder`: arrays of data pointers (see the module's description)."""

    def fresh_pointer_array(self, name: str, ctype: ArrayType,
                            is_global: bool = False) -> PointerArray:
        if ctype.variable_length:
            raise Unsupported(f"variable-length array of pointers '{name}'")
        cells = self.fresh_pointer(name, ctype.element, is_global, tuple(ctype.dims))
        return PointerArray(name, ctype, cells)

    def initialise_pointer_array(self, var: PointerArray, init, cur, env, line, static: bool):
        """No initialiser: NULL everywhere (static) or indeterminate; a list: its elements,
        every other one NULL (C11 6.7.9p10, p21)."""
        halves = (var.cells.base, var.cells.offset)
        if init is None and not static:
            for half in halves:
                cur = self.step(cur, Havoc(half, None, line, declaration=True), line)
            return cur
        if init is not None and not static and \
                any(isinstance(n, c_ast.ID) and n.name == var.name for n in _walk(init)):
            # `int *a[2] = {&x, a[0]}`: whether a[0] holds its value yet is not said
            raise Unsupported(f"initialiser of '{var.name}' that reads '{var.name}'", line)
        for half in halves:
            cur = self.step(cur, Assign(half, Const(0, half.type.element)), line)
        if init is None:
            return cur
        if not isinstance(init, c_ast.InitList):
            raise Unsupported(f"initialiser of the array of pointers '{var.name}' that is not "
                              f"a list", line)
        elements = initialised_subobjects(             # initialisers.py, as for any array
            var.type, init, line, lambda node: self.constant_value(node, env, line),
            lambda node: self.struct_type_of(node, env, line))
        self.check_order([item.expr for item in elements], line)
        ptype = var.type.element
        for item in elements:
            if len(item.path) != len(var.dims):
                raise Unsupported(f"initialiser of part of the array of pointers "
                                  f"'{var.name}'", line)
            call = self.library_allocation(item.expr)
            if call is not None:
                value, cur = self.allocate(call, ptype, cur, env, line)
            else:
                value, cur = self.lower(item.expr, cur, env)
            value = self.convert_pointer(self.as_pointer(value), ptype, line)
            value, cur = self.kept(value, cur, line)
            index = [Const(i, self.model.int) for i in item.path]
            cur = self.step(cur, Store(var.cells.base, index, value.base, line), line)
            cur = self.step(cur, Store(var.cells.offset, index, value.offset, line), line)
        return cur

    def pointer_array_value(self, var: PointerArray, line) -> Pointer:
        """The array used as a value: a pointer to its first element (an object)."""
        if self.object_of(var) is None:
            raise Unsupported(f"array of pointers '{var.name}' used as a value (a pointer to "
                              f"a pointer){'' if len(var.dims) == 1 else ' of several dimensions'}",
                              line)
        return self.decay(var)

    def pointer_array_indices(self, var: PointerArray, subscripts: list, cur, env, line,
                              keep: bool):
        """The lowered indices of the array's dimensions (`keep`: in variables of their own,
        before a value with side effects) and the subscripts after them."""
        if len(subscripts) < len(var.dims):
            raise Unsupported(f"partial access of the array of pointers '{var.name}' (a "
                              f"pointer to an array of pointers)", line)
        self.check_order(subscripts, line)
        indices = []
        for subscript in subscripts[:len(var.dims)]:
            index, cur = self.lower(subscript, cur, env)
            if index is None or isinstance(index.type, FloatType) or \
                    not isinstance(index.type, IntType):
                raise Unsupported("array subscript that is not an integer", line)
            if keep and not isinstance(index, Const):
                index, cur = self.saved("index", index, cur, line)
            indices.append(index)
        return indices, subscripts[len(var.dims):], cur

    def pointer_array_element(self, var: PointerArray, subscripts: list, cur, env, line,
                              assigned: bool = False, keep: bool = False):
        """`a[i]` (or `a[i][j]` through the element): (its value, node after); `assigned`: (the
        target of a write as `ExpressionLowering.write` takes it, node after)."""
        indices, rest, cur = self.pointer_array_indices(var, subscripts, cur, env, line, keep)
        element = Pointer(Load(var.cells.base, indices, line),
                          Load(var.cells.offset, indices, line), var.type.element)
        if not rest:
            if assigned:
                return ("pointer cells", element, (var.cells, indices)), cur
            return element, cur
        if len(rest) != 1:
            raise Unsupported("subscript of a pointer to an array", line)
        index, cur = self.lower(rest[0], cur, env)
        ptr, cur = self.pointer_add(element, index, cur, line)
        if assigned and keep:
            ptr, cur = self.kept(ptr, cur, line)
        value, cur = self.dereference(ptr, cur, line)
        if assigned:
            return ("deref", value, ptr), cur
        return value, cur

    # ------------------------------------------------------------ subscripts of pointers
    def subscripted_pointer(self, node: c_ast.ArrayRef, env, line) -> bool:
        """Whether `node` subscripts an expression of pointer type other than a name (a pointer
        variable's subscript is `expressions.array_ref`'s): `s.p[i]`, `p->q[i]`, `a[i][j]` of an
        array of pointers, `pp[i][j]` of an `int **`."""
        if isinstance(node.name, c_ast.ID):
            return False
        return isinstance(self.unevaluated_type(node.name, env, line), PointerType)

    def pointer_subscript(self, node: c_ast.ArrayRef, cur, env, line, assigned: bool = False,
                          keep: bool = False):
        """`E1[E2]` with E1 a pointer is `*(E1 + E2)` (C11 6.5.2.1p2): (its value, node after);
        `assigned`: (the target of a write as `ExpressionLowering.write` takes it, node after);
        `keep`: the pointer in variables of its own (a value with side effects comes next)."""
        self.check_order([node.name, node.subscript], line)
        ptr, cur = self.subscript_address(node, cur, env, line)
        if assigned and keep:
            ptr, cur = self.kept(ptr, cur, line)
        value, cur = self.dereference(ptr, cur, line)
        return (("deref", value, ptr) if assigned else value), cur

    def subscript_address(self, node: c_ast.ArrayRef, cur, env, line):
        """(E1 + E2, node after) of `E1[E2]`, E1 a pointer: `&s.p[i]`, `&p->q[i]`."""
        self.check_order([node.name, node.subscript], line)
        ptr, cur = self.lower(node.name, cur, env)
        ptr = self.as_pointer(ptr)
        if not isinstance(ptr, Pointer):
            raise Unsupported("subscript of a value that is not a pointer", line)
        index, cur = self.lower(node.subscript, cur, env)
        return self.pointer_add(ptr, index, cur, line)
