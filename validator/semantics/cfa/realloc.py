"""`realloc` over the heap blocks of `heap.py` (issue 16).

`(T *) realloc(p, n)` (converted to a pointer type at once, as `malloc`'s result):

- p must be NULL or the start of a living heap block (C11 7.22.3.5p3: else undefined
  behaviour, like an invalid `free`); a block of another element type than T is not modelled.
- n == 0 is an undefined-behaviour target: implementation-defined in C11/C17 (glibc frees p
  and returns NULL), undefined in C23 (7.24.3.7p3): no proof and no refutation rests on it.
- SV-COMP's convention (spec §2.3: malloc, calloc, realloc and alloca never fail): the result
  is never NULL.  It is a new block of n / sizeof(T) elements, whose first min(old, new)
  elements are the old block's and the rest indeterminate; the old block's lifetime ends (its
  base becomes DEAD, so any later use of the old pointer is undefined behaviour even where
  glibc returns the same address).  realloc(NULL, n) is malloc(n).
- The copy is a loop of the CFA, element by element (as `memcpy` in `string_calls.py`).  C
  copies an unwritten element of the old block without using it, which the model does not
  follow (it carries nothing unwritten through a copy): such a read is the copy's
  (`BLOCK_COPY`, `ir.Load.copy`), an execution that is not modelled (until 2026-11-28 an
  uninitialised read, which ended the executions there: an invariant after the realloc was
  confirmed vacuously).

Blocks per site: a realloc that grows a buffer in a loop runs while its previous block is
alive (it is the block being reallocated), so each site has two objects and takes the one
that is not allocated; a run while both are allocated is not modelled.  Only blocks of
integers and floating values are modelled (a block of structs: `Unsupported`).
"""
from __future__ import annotations

from pycparser import c_ast

from ..c_types import FloatType, IntType, Unsupported
from ..ir import Assign, Assume, Binary, Cond, Const, Load, Ref, Store, Unary
from .pointers import MemoryObject, is_null_constant
from .values import Pointer, PointerType


# what the copy of `realloc` reads (`ir.Load.copy`): "copy of a block with unwritten elements"
BLOCK_COPY = "a block with unwritten elements"


class ReallocLowering:
    """Mixin of `CFABuilder`: `realloc` when the program does not define it."""

    def reallocate(self, call: c_ast.FuncCall, ptype: PointerType, cur, env, line):
        """(the new block's pointer, node after) of `(T *) realloc(p, n)`."""
        target = ptype.target
        if target is None:
            raise Unsupported("realloc whose block is used through a void pointer", line)
        if not isinstance(target, (IntType, FloatType)):
            raise Unsupported(f"realloc of a block of {target} (only blocks of numbers are "
                              f"modelled)", line)
        args = call.args.exprs if call.args is not None else []
        if len(args) != 2:
            raise Unsupported(f"call of realloc with {len(args)} arguments", line)
        self.check_order(args, line)
        size, cur = self.lower(args[1], cur, env)
        old, cur = self.lower(args[0], cur, env)
        if not isinstance(getattr(size, "type", None), IntType):
            raise Unsupported("size of realloc that is not an integer", line)
        old = self.realloc_argument(old, ptype, line)
        old, cur = self.kept(old, cur, line)
        size, cur = self.saved("realloc.n", self.convert(size, self.model.size_t), cur, line)
        # C23 7.24.3.7p3; C17 leaves it to the implementation, which glibc makes free + NULL
        cur = self.require(cur, self._cmp("!=", size, Const(0, self.model.size_t)),
                           f"realloc of size 0 at line {line} (undefined in C23, "
                           f"implementation-defined before)", line)
        sites = [self.block_object("realloc", target, line) for _ in range(2)]
        heap = [o for o in self.memory.objects if o.heap]
        typed = [o for o in heap if o.element == target]
        null = self._cmp("==", old.base, Const(0, self.base_type))
        alive = self._cmp("!=", old.base, Const(self.dead, self.base_type))
        cur = self.require(cur, self._and(alive, self._or([null] + [self.start_of(old, o)
                                                                  for o in heap])),
                           f"invalid realloc at line {line}", line)
        others = [self.start_of(old, o) for o in heap if o.element != target]
        if others:
            cur = self.not_modelled(cur, Unary("!", self._or(others), self.model.int),
                                    f"realloc of a block of another type at line {line}", line)
        if cur is None:
            return self.null(ptype), None
        old_count = Const(0, self.offset_type)
        for obj in typed:
            old_count = Cond(self._cmp("==", old.base, Ref(obj.base)), self.object_size(obj),
                             old_count, self.offset_type)
        old_count, cur = self.saved("realloc.old", old_count, cur, line)
        result = self.fresh_pointer("realloc", ptype)
        copied = self.new_node()
        dead = [self._cmp("==", Ref(o.base), Const(self.dead, self.base_type)) for o in sites]
        # two blocks per site: the one that is not allocated (the other may be `old`)
        choices = [dead[0], self._and(Unary("!", dead[0], self.model.int), dead[1])]
        cur = self.not_modelled(cur, self._or(dead),
                                f"a realloc at line {line} while both of its blocks are "
                                f"allocated (two blocks per realloc site)", line)
        for block, chosen in zip(sites, choices):
            node = self.step(cur, Assume(chosen), line)
            node = self.start_block(block, size, "realloc", node, line, zeroed=False)
            node = self.copy_prefix(block, old, old_count, typed, node, line)
            node = self.assign_pointer(result, Pointer(Ref(block.base),
                                                       Const(0, self.offset_type), ptype),
                                       node, line)
            self.edge(node, copied)
        # the old block's lifetime ends (after the copy read it)
        freed = self.new_node()
        self.edge(self.step(copied, Assume(null), line), freed)
        for obj in typed:
            node = self.step(copied, Assume(self._cmp("==", old.base, Ref(obj.base))), line)
            self.edge(self.kill([obj], node, line), freed)
        return self.read_pointer(result), freed

    def realloc_argument(self, value, ptype: PointerType, line) -> Pointer:
        """realloc's first argument, a pointer to the block's element type (or NULL)."""
        value = self.as_pointer(value)
        if is_null_constant(value):
            return self.null(ptype)
        if not isinstance(value, Pointer):
            raise Unsupported("realloc of a value that is not a pointer", line)
        if value.type.target is None:
            raise Unsupported("realloc of a void pointer (the type of its block is not "
                              "known)", line)
        if value.type.target != ptype.target:
            raise Unsupported(f"realloc of a block of {value.type.target} into a block of "
                              f"{ptype.target}", line)
        return value

    def start_of(self, ptr: Pointer, obj: MemoryObject):
        return self._and(self._cmp("==", ptr.base, Ref(obj.base)),
                         self._cmp("==", ptr.offset, Const(0, self.offset_type)))

    def copy_prefix(self, block: MemoryObject, old: Pointer, old_count, typed: list, cur,
                    line):
        """block[i] = old[i] for i below min(old_count, the block's size): a loop, each
        element read from the old block (among `typed`, the one old points to)."""
        new_count = self.object_size(block)
        count = Cond(self._cmp("<", old_count, new_count), old_count, new_count,
                     self.offset_type)
        sources = [o for o in typed if o is not block]
        if not sources:
            return cur
        i = self.fresh("realloc.i", self.offset_type)
        cur = self.step(cur, Assign(i, Const(0, self.offset_type)), line)
        head = self.new_node()
        self.edge(cur, head)
        more = self._cmp("<", Ref(i), count)
        body = self.step(head, Assume(more), line)
        done = self.step(head, Assume(Unary("!", more, self.model.int)), line)
        value = None
        for obj in reversed(sources):
            read = Load(obj.storage, [Ref(i)], line, copy=BLOCK_COPY)
            value = read if value is None else \
                Cond(self._cmp("==", old.base, Ref(obj.base)), read, value, block.element)
        body = self.step(body, Store(block.storage, [Ref(i)], value, line), line)
        body = self.step(body, Assign(i, Binary("+", Ref(i), Const(1, self.offset_type),
                                                self.offset_type)), line)
        self.edge(body, head)
        return done

