"""The heap: `malloc`, `calloc`, `free` and `alloca` over the objects of `pointers.py` (issue
16; `realloc`: `realloc.py`).

A block is an object whose storage is an array (of structs: `structs.py`) of `n / sizeof(T)`
elements, T the type its pointer is converted to at once; `malloc`'s elements are
indeterminate (a read before a write is an undefined-behaviour target, as for locals),
`calloc`'s zero.  A site has one block at a time: running it again while its block is
allocated is not modelled.  SV-COMP's convention: allocation does not fail (never NULL); what the
convention cannot cover (calloc whose size overflows size_t, a block of more than PTRDIFF_MAX
elements) is not modelled.  `free` ends the block's lifetime (its base becomes DEAD); freeing
anything but the start of a living block, NULL aside, is undefined behaviour.  An `alloca`
block is an object of its function's frame (not a heap block: freeing it is undefined), dead
once the function returns, never NULL (GCC; stack overflow is not modelled), one per site as
for `malloc`.
"""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from ..c_types import ArrayType, IntType, StructType, UnionType, Unsupported
from ..ir import Assign, Assume, Binary, Const, Havoc, Ref
from .function_pointers import is_function_pointer
from .pointers import (STACK_ALLOCATION, MemoryObject, Pointer, PointerType, allocation_call,
                       is_null_constant)
from .values import StructVariable


class HeapLowering:
    """Mixin of `CFABuilder`: the allocation functions the program does not define."""

    def library_allocation(self, node) -> Optional[c_ast.FuncCall]:
        """The allocation call (`malloc`, `calloc`, `realloc`, `alloca`) that `node` is
        (through casts), when it calls the C library's function (the program does not define
        its own), else None."""
        call = allocation_call(node)
        return call if call is not None and call.name.name not in self.functions else None

    def allocate(self, call: c_ast.FuncCall, ptype: PointerType, cur, env, line):
        """`(T *) malloc(n)`, `calloc(k, n)`, `alloca(n)`: a new block of n / sizeof(T)
        elements, never NULL (SV-COMP: allocation does not fail); malloc's and alloca's
        elements are indeterminate.  `realloc`: `realloc.py`."""
        name = call.name.name
        if name == "realloc":
            return self.reallocate(call, ptype, cur, env, line)         # realloc.py
        if ptype.target is None:
            raise Unsupported(f"{name} whose block is used through a void pointer", line)
        if is_function_pointer(ptype):
            raise Unsupported(f"{name} whose block is used through a function pointer", line)
        if isinstance(ptype.target, PointerType):
            raise Unsupported(f"{name} of a block of pointers (an array of pointers)", line)
        if isinstance(ptype.target, (StructType, UnionType)) and not ptype.target.is_complete:
            raise Unsupported(f"{name} of the {ptype.target.incomplete}", line)
        args = call.args.exprs if call.args is not None else []
        if len(args) != (2 if name == "calloc" else 1):
            raise Unsupported(f"call of {name} with {len(args)} arguments", line)
        size_t = self.model.size_t
        self.check_order(args, line)
        values = [None] * len(args)
        for position in reversed(range(len(args))):
            values[position], cur = self.lower(args[position], cur, env)
        if any(not isinstance(getattr(v, "type", None), IntType) for v in values):
            raise Unsupported(f"argument of {name} that is not an integer", line)
        values = [self.convert(v, size_t) for v in values]
        if name == "calloc":
            # calloc returns NULL where k * n does not fit in size_t; the convention says
            # allocation does not fail, so such an execution is not modelled
            # k * n <= SIZE_MAX, divided by a constant factor where there is one (`calloc(n,
            # sizeof(T))`): a division by a variable is beyond some solvers (Spacer)
            divisor, other = (values[1], values[0]) if isinstance(values[1], Const) \
                else (values[0], values[1])
            fits = self._or([self._cmp("==", divisor, Const(0, size_t)),
                             self._cmp("<=", other, Binary("/", Const(size_t.max, size_t),
                                                           divisor, size_t))])
            cur = self.not_modelled(cur, fits, f"calloc whose size does not fit in size_t at "
                                    f"line {line}", line)
            nbytes = Binary("*", values[0], values[1], size_t)
        else:
            nbytes = values[0]
        if name in STACK_ALLOCATION:
            obj = self.stack_object(name, ptype.target, line)
        else:
            obj = self.block_object(name, ptype.target, line)
        # one block per allocation site: a site that runs again while its block is allocated
        # (a list built in a loop) would lose the first block, so that execution is not
        # modelled (never reported as undefined behaviour of the program)
        cur = self.not_modelled(cur, self._cmp("==", Ref(obj.base), Const(self.dead,
                                                                          self.base_type)),
                                f"a second block from the {name} at line {line} while its "
                                f"first is allocated (one block per allocation site)", line)
        cur = self.start_block(obj, nbytes, name, cur, line, zeroed=name == "calloc")
        return Pointer(Ref(obj.base), Const(0, self.offset_type), ptype), cur

    def block_object(self, name: str, target, line, heap: bool = True) -> MemoryObject:
        """The object of an allocation site: an array of `target` whose number of elements
        is a variable that each allocation sets (`start_block`)."""
        count = self.fresh(f"{name}-size", self.model.size_t)
        if isinstance(target, (StructType, UnionType)):     # a union: its bytes
            block = self.fresh_struct(f"{name}@{line}", ArrayType(target, (count,)))
        else:
            block = self.fresh(f"{name}@{line}", ArrayType(target, (count,)))
        return self.new_object(block, heap=heap)

    def start_block(self, obj: MemoryObject, nbytes, name: str, cur, line, zeroed: bool):
        """The block's lifetime begins with nbytes / sizeof(T) elements, zero or
        indeterminate."""
        size_t = self.model.size_t
        count = obj.storage.dims[0] if isinstance(obj.storage, StructVariable) \
            else obj.storage.type.dims[0]
        cur = self.step(cur, Assign(count, Binary("/", nbytes, Const(obj_bytes(obj), size_t),
                                                  size_t)), line)
        # offsets count elements in a ptrdiff_t (SV-COMP: such blocks exist; i386 would fail)
        most = Const((1 << (self.model.pointer_bits - 1)) - 1, size_t)
        cur = self.not_modelled(cur, self._cmp("<=", Ref(count), most),
                                f"{name} of more than PTRDIFF_MAX elements at line {line}", line)
        cur = self.begin_lifetime(obj, cur, line)
        block = obj.storage
        cells = self.storage_cells(block)
        for cell in cells:
            if zeroed:
                cur = self.step(cur, Assign(cell, Const(0, cell.type.element)), line)
            else:
                cur = self.step(cur, Havoc(cell, None, line, declaration=True), line)
        return cur

    def stack_object(self, name: str, target, line) -> MemoryObject:
        """The block of an `alloca` site: it lives until its function returns (an object of
        the function's frame, killed at the return as its address-taken locals are), never
        NULL in GCC; stack overflow is not modelled (SV-COMP: alloca does not fail)."""
        if self.current_frame is None:
            raise Unsupported(f"{name} outside a function body", line)
        obj = self.block_object(name, target, line, heap=False)
        self.current_frame.objects.append(obj)
        return obj

    def free(self, args: list, cur, env, line):
        if len(args) != 1:
            raise Unsupported("call of free without one argument", line)
        ptr, cur = self.lower(args[0], cur, env)
        if is_null_constant(ptr):
            return None, cur
        if not isinstance(ptr, Pointer):
            raise Unsupported("free of a value that is not a pointer", line)
        if is_function_pointer(ptr.type):      # its base is a function id, not a block's
            raise Unsupported("free of a function pointer", line)
        blocks = [o for o in self.memory.objects if o.heap]

        def start_of(obj):
            return self._and(self._cmp("==", ptr.base, Ref(obj.base)),
                             self._cmp("==", ptr.offset, Const(0, self.offset_type)))
        is_null = self._cmp("==", ptr.base, Const(0, self.base_type))
        cur = self.require(cur, self._or([is_null] + [start_of(o) for o in blocks]),
                           f"invalid free at line {line}", line)
        if cur is None:
            return None, None
        join = self.new_node()
        self.edge(self.step(cur, Assume(is_null), line), join)
        for obj in blocks:
            node = self.step(cur, Assume(start_of(obj)), line)
            self.edge(self.kill([obj], node, line), join)
        return None, join


def obj_bytes(obj: MemoryObject) -> int:
    """The size in bytes of one element of a block."""
    return obj.element.bits // 8
