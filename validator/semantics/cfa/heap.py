"""The heap: `malloc`, `calloc` and `free` over the objects of `pointers.py` (issue 16).

A block is an object whose storage is an array (of structs: `structs.py`) of `n / sizeof(T)`
elements, T the type its pointer is converted to at once; `malloc`'s elements are
indeterminate (a read before a write is an undefined-behaviour target, as for locals),
`calloc`'s zero.  A site has one block at a time: running it again while its block is
allocated is not modelled.  SV-COMP's convention: allocation does not fail (never NULL); what the
convention cannot cover (calloc whose size overflows size_t, a block of more than PTRDIFF_MAX
elements) is not modelled.  `free` ends the block's lifetime (its base becomes DEAD); freeing
anything but the start of a living block, NULL aside, is undefined behaviour.
"""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from ..c_types import ArrayType, IntType, StructType, Unsupported
from ..ir import Assign, Assume, Binary, Const, Havoc, Ref
from .function_pointers import is_function_pointer
from .pointers import Pointer, PointerType, allocation_call, is_null_constant
from .values import StructVariable


class HeapLowering:
    """Mixin of `CFABuilder`: the allocation functions the program does not define."""

    def library_allocation(self, node) -> Optional[c_ast.FuncCall]:
        """The `malloc`/`calloc` call that `node` is (through casts), when it calls the C
        library's function (the program does not define its own), else None."""
        call = allocation_call(node)
        return call if call is not None and call.name.name not in self.functions else None

    def allocate(self, call: c_ast.FuncCall, ptype: PointerType, cur, env, line):
        """`(T *) malloc(n)`, `calloc(k, n)`: a new block of n / sizeof(T) elements, never
        NULL (SV-COMP: allocation does not fail); malloc's elements are indeterminate."""
        name = call.name.name
        if ptype.target is None:
            raise Unsupported(f"{name} whose block is used through a void pointer", line)
        if is_function_pointer(ptype):
            raise Unsupported(f"{name} whose block is used through a function pointer", line)
        if isinstance(ptype.target, StructType) and not ptype.target.is_complete:
            raise Unsupported(f"{name} of the {ptype.target.incomplete}", line)
        args = call.args.exprs if call.args is not None else []
        if len(args) != (1 if name == "malloc" else 2):
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
        count = self.fresh(f"{name}-size", size_t)
        if isinstance(ptype.target, StructType):
            block = self.fresh_struct(f"{name}@{line}", ArrayType(ptype.target, (count,)))
        else:
            block = self.fresh(f"{name}@{line}", ArrayType(ptype.target, (count,)))
        cur = self.step(cur, Assign(count, Binary("/", nbytes, Const(ptype.target.bits // 8, size_t),
                                                  size_t)), line)
        # offsets count elements in a ptrdiff_t (SV-COMP: such blocks exist; i386 would fail)
        most = Const((1 << (self.model.pointer_bits - 1)) - 1, size_t)
        cur = self.not_modelled(cur, self._cmp("<=", Ref(count), most),
                                f"{name} of more than PTRDIFF_MAX elements at line {line}", line)
        obj = self.new_object(block, heap=True)
        # one block per allocation site: a site that runs again while its block is allocated
        # (a list built in a loop) would lose the first block, so that execution is not
        # modelled (never reported as undefined behaviour of the program)
        cur = self.not_modelled(cur, self._cmp("==", Ref(obj.base), Const(self.dead,
                                                                          self.base_type)),
                                f"a second block from the {name} at line {line} while its "
                                f"first is allocated (one block per allocation site)", line)
        cur = self.begin_lifetime(obj, cur, line)
        cells = self.member_cells(block) if isinstance(block, StructVariable) else [block]
        for cell in cells:
            if name == "calloc":
                cur = self.step(cur, Assign(cell, Const(0, cell.type.element)), line)
            else:
                cur = self.step(cur, Havoc(cell, None, line, declaration=True), line)
        return Pointer(Ref(obj.base), Const(0, self.offset_type), ptype), cur

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
