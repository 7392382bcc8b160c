"""Pointers and the objects they point to, lowered to integers (issue 16, first step).

A pointer is a pair (base, offset) of integers: `base` names an object (0 is NULL), `offset`
counts elements of the pointer's target type from the object's start.  The pair never reaches
the IR as such: a C variable of pointer type is two IR variables (`PointerVariable`), a
pointer value while an expression is lowered is a `Pointer` of two IR expressions, and every
operation on pointers becomes integer operations, branches and undefined-behaviour guards.
So every engine, the interpreter and the encoder work on pointer programs unchanged.

Objects (`MemoryObject`): the variables whose address may be taken (a scalar named in `&x`
anywhere in the program, a one-dimensional array whose name is used as a value or in `&a[i]`,
a struct named in `&s.m`, and its members so named: `member_addresses.py`)
and the blocks of `malloc`/`calloc`/`realloc`/`alloca` (`heap.py`, `realloc.py`).
Each has a variable holding its base number while it lives: the next number of a counter when
its lifetime begins (program start for globals and statics, the declaration for locals, the
call for a heap block), `DEAD` (the largest value, which no pointer holds) when it ends (the
return of the function for its locals, `free` for a block).  A pointer that outlives its
object keeps a number no living object has, so using it is seen as undefined behaviour, and
two lifetimes of one local (a function called in a loop) never alias.

A dereference `*p` reads or writes the object whose base equals p's, among the objects of p's
exact target type built so far; p must point inside it (C11 6.5.3.2p4, 6.5.6p8), else
undefined behaviour.  A pointer of another type into an object (`(char *)&i`) matches no
object: undefined behaviour for us (an `unknown`, never a wrong value).  Pointer arithmetic must
stay within the object or one past its end; relational comparison and subtraction need one
object; the equality of a one-past-the-end pointer with a pointer to another object is
unspecified (C11 6.5.9p6): such an execution is not modelled (a target like undefined
behaviour, reported as not modelled).

A pointer variable whose address is taken (`int **pp = &p`) is an object whose storage is its
two halves (`StructLowering.storage_cells`): `*pp` reads and writes p itself.  Function
pointers are pointers too, with a function id as base (`function_pointers.py`); a pointer to
a function pointer is not modelled.

Arrays of data pointers: `pointer_arrays.py` (a one-dimensional one used as a value or in
`&a[i]` is an object whose storage is the array).

What is not modelled gives `Unsupported`: pointers to arrays,
casts between different pointer types or between pointers and integers (but a null pointer
constant), a block-scope object in a nested block (its lifetime ends at the block's end), a
jump past declarations in a function with pointers, objects created inside a summarised
(recursive) procedure (its frame exists once per active call), dereferences in invariants and
ghost updates.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from pycparser import c_ast

from instrument.frontend import FUNCTION_DECLARATORS

from ..c_types import (LONG_DOUBLE, ArrayType, FloatType, IntType, StructType, UnionType,
                       Unsupported,
                       element_type)
from ..ir import Assign, Assume, Binary, Cast, Cond, Const, Havoc, Load, Ref, Store, Unary, Variable
from ...evidence import NOT_MODELLED
from .function_pointers import FunctionType, is_function_pointer, is_function_pointer_array
from .names import STREAM_FUNCTIONS, STRING_FUNCTIONS
from .pointer_arrays import PointerArray
from .indeterminate import mark_copied
from .values import Pointer, PointerType, PointerVariable, StructVariable, UnionVariable
from .syntax import Preorder, address_root

STACK_ALLOCATION = ("alloca", "__builtin_alloca")
ALLOCATION_FUNCTIONS = ("malloc", "calloc", "realloc") + STACK_ALLOCATION


@dataclass(eq=False)
class MemoryObject:
    storage: Variable                  # a scalar or a one-dimensional array
    base: Variable
    heap: bool = False
    readonly: bool = False             # a string literal (`literals.py`): writing is UB
    contents: tuple = ()               # a string literal's bytes, its NUL included
    # an object of the C library the program may point to but not inspect (the FILE of an
    # `fopen`): what it is; no storage, any access into it is not modelled (`stream_calls`)
    opaque: str = ""
    # the objects of its members whose address is taken (`member_addresses.py`), and the
    # object whose member it is: their lifetimes are its own
    members: dict = field(default_factory=dict)
    parent: Optional["MemoryObject"] = None
    # a member of every element of an array of structs (`member_addresses.py`): the length of
    # each element's member (a scalar: 1); a pointer into element k's member at j has the
    # offset k * 2^m + j, 2^m > row, so one past a member (j == row) is not the next one's start
    row: int = 0

    @property
    def element(self) -> IntType:
        return element_type(self.storage.type)


@dataclass
class Memory:
    """The builder's objects, the counter of base numbers, and the names whose address is
    taken somewhere in the program."""
    objects: list = field(default_factory=list)
    counter: Optional[Variable] = None
    addressed: set = field(default_factory=set)
    addressed_members: set = field(default_factory=set)   # names of members in `&s.m`, `&p->m`
    # the names of members in chains used as values (`p->a`, `arr[i].a`, `s.in.a`: an array
    # so used is a pointer), and the variables at the root of such chains (file scope: by
    # name; block scope: the declarations' ids) with the names in their chains
    decayed_members: set = field(default_factory=set)
    member_roots: dict = field(default_factory=dict)
    member_root_locals: dict = field(default_factory=dict)
    escaping: set = field(default_factory=set)     # names used as values (arrays: pointers)
    # the block-scope declarations (ids) whose address is taken, and those used as values
    # (an array so used needs an object): C's scopes, not names
    addressed_locals: set = field(default_factory=set)
    escaping_locals: set = field(default_factory=set)
    uses_pointers: bool = False
    globals_pending: list = field(default_factory=list)    # global objects to number at start
    pointers: list = field(default_factory=list)   # (base, offset, target) of each variable


def scan_memory(tree: Preorder) -> Memory:
    """Which names have their address taken (`&x`, `&x[i]`), and whether the program has
    pointer syntax at all (else no array needs an object)."""
    memory = Memory()
    # the prototypes of the library (`__assert_fail(const char *, ...)`) are no use of pointers
    used = [n for n in tree.ast.ext if isinstance(n, c_ast.FuncDef) or
            (isinstance(n, c_ast.Decl) and not isinstance(n.type, FUNCTION_DECLARATORS))]
    for node in (inner for n in used for inner in tree.of(n)):
        if isinstance(node, c_ast.UnaryOp) and node.op == "&":
            target = address_root(node.expr, memory.addressed_members)
            if isinstance(target, c_ast.ID):
                memory.addressed.add(target.name)
            memory.uses_pointers = True
        elif isinstance(node, c_ast.PtrDecl) or \
                (isinstance(node, c_ast.UnaryOp) and node.op == "*"):
            memory.uses_pointers = True
        elif isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) and \
                node.name.name in STRING_FUNCTIONS | STREAM_FUNCTIONS:
            memory.uses_pointers = True          # `strlen(s)`, `fopen(n, m)`: pointers
        elif isinstance(node, c_ast.ParamList) and any(
                isinstance(getattr(p, "type", None), c_ast.ArrayDecl) for p in node.params):
            memory.uses_pointers = True          # `int f(int a[5])`: a is a pointer
    for n in used:
        _values(n, None, memory.escaping)
        _decayed_chains(n, None, memory)
    for n in used:
        _local_objects(n, None, [], memory)
    return memory


def decays(node: c_ast.StructRef, parent) -> bool:
    """The member chain `node` is used as a value (not subscripted, not the struct of a
    further member, not the operand of `sizeof` or `&`)."""
    return not ((isinstance(parent, c_ast.ArrayRef) and parent.name is node) or
                (isinstance(parent, c_ast.StructRef) and parent.name is node) or
                (isinstance(parent, c_ast.UnaryOp) and parent.op in ("sizeof", "&")))


def chain_names(node) -> tuple:
    """(the variable at the root of a chain of `.` members and subscripts, or None, the
    member names of the chain)."""
    names = set()
    while isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)):
        if isinstance(node, c_ast.StructRef):
            names.add(node.field.name)
            if node.type == "->":
                return None, names
        node = node.name
    return (node if isinstance(node, c_ast.ID) else None), names


def _decayed_chains(node, parent, memory: Memory) -> None:
    if isinstance(node, c_ast.StructRef) and decays(node, parent):
        root, names = chain_names(node)
        memory.decayed_members.update(names)
        if root is not None:
            memory.member_roots.setdefault(root.name, set()).update(names)
    for _, child in node.children():
        _decayed_chains(child, node, memory)


def has_array_member(stype, names: set, depth: int = 0) -> bool:
    """A member named in `names` of the struct (or of its struct members, named too) is an
    array."""
    if not isinstance(stype, StructType) or not stype.is_complete or depth > 8:
        return False
    for name, mtype in stype.members:
        if name not in names:
            continue
        if isinstance(mtype, ArrayType) or has_array_member(mtype, names, depth + 1):
            return True
    return False


def _local_objects(node, parent, scopes: list, memory: Memory) -> None:
    """The block-scope declarations that need an object: each `&x`, `&x[i]` and each array
    name used as a value resolved to its declaration by C's scopes (a name taken by address
    in one function does not make every variable of that name an object)."""
    if isinstance(node, c_ast.FuncDef):
        params = getattr(node.decl.type, "args", None)
        scope = {p.name: p for p in (params.params if params else [])
                 if isinstance(p, c_ast.Decl) and p.name}
        for item in node.body.block_items or []:     # the body's block is the parameters'
            _local_objects(item, node.body, scopes + [scope], memory)
        return
    if isinstance(node, (c_ast.Compound, c_ast.For)):
        inner = scopes + [{}]
        for _, child in node.children():
            _local_objects(child, node, inner, memory)
        return
    if isinstance(node, c_ast.Decl):
        if node.init is not None:
            _local_objects(node.init, node, scopes, memory)
        if scopes and node.name:         # in scope after its declarator (C11 6.2.1p7)
            scopes[-1][node.name] = node
        return
    target = None
    if isinstance(node, c_ast.StructRef) and decays(node, parent):
        root, names = chain_names(node)
        for scope in reversed(scopes if root is not None else []):
            if root.name in scope:
                memory.member_root_locals.setdefault(id(scope[root.name]), set()).update(names)
                break
    if isinstance(node, c_ast.UnaryOp) and node.op == "&":
        target = address_root(node.expr, set())
    elif isinstance(node, c_ast.ID) and _used_as_value(node, parent):
        target = node
    if isinstance(target, c_ast.ID):
        for scope in reversed(scopes):
            if target.name in scope:
                found = memory.escaping_locals if target is node else memory.addressed_locals
                found.add(id(scope[target.name]))
                break
    for _, child in node.children():
        _local_objects(child, node, scopes, memory)


def _values(node, parent, found: set) -> None:
    """The names used as values (an array so used becomes a pointer: C11 6.3.2.1p3), not
    as the array of a subscript, the operand of `sizeof`, the struct of `.m` or a callee."""
    if isinstance(node, c_ast.ID):
        if _used_as_value(node, parent):
            found.add(node.name)
        return
    for _, child in node.children():
        _values(child, node, found)


def _used_as_value(node: c_ast.ID, parent) -> bool:
    return not ((isinstance(parent, c_ast.ArrayRef) and parent.name is node) or
                (isinstance(parent, c_ast.UnaryOp) and parent.op == "sizeof") or
                (isinstance(parent, c_ast.StructRef) and parent.name is node
                 and parent.type == ".") or
                (isinstance(parent, c_ast.FuncCall) and parent.name is node))


def allocation_call(node) -> Optional[c_ast.FuncCall]:
    """The `malloc`/`calloc`/`realloc`/`alloca` call that `node` is, through casts, or
    None."""
    while isinstance(node, c_ast.Cast):
        node = node.expr
    if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) \
            and node.name.name in ALLOCATION_FUNCTIONS:
        return node
    return None


def is_null_constant(value) -> bool:
    return isinstance(value, Const) and value.value == 0


class PointerLowering:
    """Mixin of `CFABuilder`: pointer variables, objects, `&`, `*`, pointer arithmetic and
    comparison (the heap's functions: `heap.py`)."""

    # ------------------------------------------------------------ types and variables
    @property
    def base_type(self) -> IntType:
        return self.model.types["unsigned long"]

    @property
    def offset_type(self) -> IntType:
        return self.model.types["long"]

    @property
    def dead(self) -> int:
        return self.base_type.max

    def pointer_type(self, node: c_ast.PtrDecl, line, env) -> PointerType:
        inner = node.type
        if isinstance(inner, c_ast.TypeDecl) and isinstance(inner.type, c_ast.IdentifierType) \
                and inner.type.names == ["void"]:
            return PointerType(None)
        target = self.resolve_type(inner, line, env)
        # a pointer to a pointer: its objects are pointer variables (`int **pp = &p`); not to
        # a function pointer (function ids are no objects' bases: `function_pointers.py`)
        if is_function_pointer(target):
            raise Unsupported("pointer to a function pointer", line)
        if not isinstance(target, (IntType, FloatType, StructType, UnionType, PointerType,
                                   FunctionType)):
            raise Unsupported("pointer to an array", line)
        if target == LONG_DOUBLE:
            raise Unsupported("pointer to long double", line)   # memory holds doubles' bits
        return PointerType(target)

    def fresh_pointer(self, name: str, ptype: PointerType, is_global: bool = False,
                      dims: Optional[tuple] = None) -> PointerVariable:
        """A pointer variable; with `dims`, an array of pointers of those dimensions (the
        pointer member of an array of structs: `structs.py`; no memory lemmas for it)."""
        base = self.fresh(f"{name}.base", ArrayType(self.base_type, dims) if dims
                          else self.base_type, is_global)
        offset = self.fresh(f"{name}.offset", ArrayType(self.offset_type, dims) if dims
                            else self.offset_type, is_global)
        if not dims:
            self.memory.pointers.append((base, offset, ptype.target))
        return PointerVariable(name, ptype, base, offset)

    def read_pointer(self, var: PointerVariable) -> Pointer:
        return Pointer(Ref(var.base), Ref(var.offset), var.type)

    def null(self, ptype: PointerType) -> Pointer:
        return Pointer(Const(0, self.base_type), Const(0, self.offset_type), ptype)

    def assign_pointer(self, var: PointerVariable, value, cur, line):
        value = self.convert_pointer(value, var.type, line)
        base, offset = value.base, value.offset
        reads = {r.var for r in _reads((base, offset))}
        if var.base in reads or var.offset in reads:
            # `p = p == q ? r : p`: both halves from the old value
            kept = self.fresh_pointer("pointer", var.type)
            cur = self.step(cur, Assign(kept.base, base), line)
            cur = self.step(cur, Assign(kept.offset, offset), line)
            base, offset = Ref(kept.base), Ref(kept.offset)
        cur = self.step(cur, Assign(var.base, base), line)
        return self.step(cur, Assign(var.offset, offset), line)

    def havoc_pointer(self, var: PointerVariable, cur, line):
        cur = self.step(cur, Havoc(var.base, None, line, declaration=True), line)
        return self.step(cur, Havoc(var.offset, None, line, declaration=True), line)

    def convert_pointer(self, value, ptype: PointerType, line) -> Pointer:
        """A value converted to `ptype` by assignment or a cast: a pointer of the same target
        type or to or from `void`, or a null pointer constant."""
        if isinstance(value, Pointer):
            if is_function_pointer(value.type) or is_function_pointer(ptype):
                return self.convert_function_pointer(value, ptype, line)
            if value.type == ptype or value.type.target is None or ptype.target is None:
                return Pointer(value.base, value.offset, ptype)
            raise Unsupported(f"conversion of a pointer to {value.type.target} to a pointer "
                              f"to {ptype.target}", line)
        if is_null_constant(value):
            return self.null(ptype)
        raise Unsupported("conversion of an integer to a pointer", line)

    # ------------------------------------------------------------ objects
    def object_of(self, var: Variable) -> Optional[MemoryObject]:
        for obj in self.memory.objects:
            if obj.storage is var:
                return obj
        return None

    def needs_object(self, name: str, ctype, decl: Optional[c_ast.Decl] = None) -> bool:
        """Whether a variable needs an object: by its declaration (`decl`, block scope),
        else by its name (file scope)."""
        # `&fp`, a table `t` used as a value: pointers to function pointers (refused)
        if is_function_pointer(ctype) or is_function_pointer_array(ctype):
            return False
        stype = element_type(ctype) if isinstance(ctype, ArrayType) else ctype
        if isinstance(stype, StructType) and (not isinstance(ctype, ArrayType) or
                                              len(ctype.dims) == 1):
            # a member array of it used as a pointer (`s.a`, `arr[i].a`): member_addresses.py
            roots = self.memory.member_root_locals.get(id(decl)) if decl is not None \
                else self.memory.member_roots.get(name)
            if roots and has_array_member(stype, roots):
                self.memory.uses_pointers = True     # (`a[1].b - a[0].b`: no pointer syntax)
                return True
        if not self.memory.uses_pointers:
            return False
        if decl is not None:
            addressed = id(decl) in self.memory.addressed_locals
            if isinstance(ctype, ArrayType):
                return len(ctype.dims) == 1 and (
                    addressed or id(decl) in self.memory.escaping_locals)
            return addressed and isinstance(ctype, (IntType, FloatType, StructType,
                                                    UnionType, PointerType))
        if isinstance(ctype, ArrayType):
            # an array whose name is used as a value (a pointer to its first element)
            return len(ctype.dims) == 1 and (name in self.memory.addressed or
                                             name in self.memory.escaping)
        return isinstance(ctype, (IntType, FloatType, StructType, UnionType, PointerType)) and \
            name in self.memory.addressed

    def new_object(self, var: Variable, heap: bool = False, readonly: bool = False,
                   parent: Optional[MemoryObject] = None, row: int = 0) -> MemoryObject:
        if self.building_procedure is not None and not var.is_global:
            # one variable per object, but a summarised procedure's frame exists once per
            # active call: its locals and blocks would be shared by all of them
            raise Unsupported(f"an object (address-taken local, heap block) created in the "
                              f"summarised recursive function '{self.building_procedure}'")
        if self.summarise_recursion:
            self.share(var)
        is_global = var.base.is_global if isinstance(var, PointerVariable) else var.is_global
        base = self.fresh(f"{var.name}.object", self.base_type,
                          is_global or self.summarise_recursion)
        obj = MemoryObject(var, base, heap, readonly, parent=parent, row=row)
        self.memory.objects.append(obj)
        self.member_objects(obj)                  # member_addresses.py
        return obj

    def share(self, var) -> None:
        """An object outlives the frames of the summarised procedures it is passed to: its
        storage, and the variables its size reads, are state that the summary relation
        carries, like globals (`Procedure`, `engines/chc.py`)."""
        cells = self.storage_cells(var)
        dims = var.type.dims if isinstance(var.type, ArrayType) else ()
        for v in cells + [d for d in dims if isinstance(d, Variable)]:
            v.is_global = True

    def counter(self) -> Variable:
        if self.memory.counter is None:
            self.memory.counter = self.fresh("__objects", self.base_type, True)
        return self.memory.counter

    def begin_lifetime(self, obj: MemoryObject, cur, line):
        """The object's base becomes the next number of the counter."""
        counter = self.counter()
        if obj.row:
            cur = self.row_room(obj, cur, line)           # member_addresses.py
        room = Binary("<", Ref(counter), Const(self.dead - 1, self.base_type), self.model.int)
        cur = self.not_modelled(cur, room, f"more than {self.dead - 2} objects", line)
        cur = self.step(cur, Assign(obj.base, Ref(counter)), line)
        cur = self.step(cur, Assign(counter, Binary("+", Ref(counter), Const(1, self.base_type),
                                                    self.base_type)), line)
        for member in obj.members.values():
            cur = self.begin_lifetime(member, cur, line)
        return cur

    def local_object(self, var: Variable, env, cur, line):
        """A local whose address may be taken: its lifetime begins at its declaration and ends
        when its function returns (`end_lifetimes`)."""
        if len(env) > 2:
            raise Unsupported(f"address of '{var.name}', declared in a nested block (its "
                              f"lifetime ends with the block)", line)
        obj = self.new_object(var)
        self.current_frame.objects.append(obj)
        return self.begin_lifetime(obj, cur, line)

    def kill(self, objects, cur, line=None):
        """The objects' lifetimes end (or have not begun): each base becomes DEAD."""
        for obj in objects:
            cur = self.step(cur, Assign(obj.base, Const(self.dead, self.base_type)), line)
            cur = self.kill(obj.members.values(), cur, line)
        return cur

    def kill_blocks(self, cur):
        """At the program's start no block is allocated and no stream is open."""
        return self.kill([obj for obj in self.memory.objects if obj.heap or obj.opaque], cur)

    def object_cells(self) -> set:
        """The IR variables of every object's storage.  A dereference reads the storage of
        every object of its type, each under the condition that the pointer points into it;
        on a path where an object was never declared or allocated, its base is DEAD and the
        condition false (`indeterminate.py` treats those reads as reads of indeterminate
        values, not as jumps into the object's scope)."""
        cells = set()
        for obj in self.memory.objects:
            cells.update(self.storage_cells(obj.storage))
        return cells

    def start_lifetimes(self, frame, entry_node, body_start: int) -> None:
        """Before the body: the function's objects are not alive yet (a jump past a
        declaration finds them dead)."""
        self.edge(self.kill(frame.objects, entry_node), body_start)

    def end_lifetimes(self, frame, return_node: int) -> int:
        """After the return: the function's objects are dead."""
        return self.kill(frame.objects, return_node)

    def at_end(self, ptr: Pointer, obj: MemoryObject):
        """ptr points one past the end of obj."""
        if obj.row:
            return self.at_row_end(ptr, obj)                 # member_addresses.py
        return self._and(self._cmp("==", ptr.base, Ref(obj.base)),
                         self._cmp("==", ptr.offset, self.object_size(obj)))

    def moved_within(self, origin: Pointer, moved: Pointer, obj: MemoryObject):
        """`moved`, computed from `origin` by arithmetic, is in obj or one past its end (a
        member of the elements of an array of structs: the same element's)."""
        if obj.row:
            return self._and(self.at(moved, obj, end_allowed=True),
                             self._cmp("==", self.row_of(moved, obj), self.row_of(origin, obj)))
        return self.at(moved, obj, end_allowed=True)

    def object_size(self, obj: MemoryObject):
        """The number of elements, as an offset-typed expression."""
        t = obj.storage.type
        if not isinstance(t, ArrayType):
            return Const(1, self.offset_type)
        d = t.dims[0]
        if isinstance(d, int):
            return Const(d, self.offset_type)
        return Cast(Ref(d), self.offset_type)

    def _and(self, *terms):
        result = terms[0]
        for term in terms[1:]:
            result = Binary("&&", result, term, self.model.int)
        return result

    def _or(self, terms):
        if not terms:
            return Const(0, self.model.int)
        result = terms[0]
        for term in terms[1:]:
            result = Binary("||", result, term, self.model.int)
        return result

    def _cmp(self, op, a, b):
        return Binary(op, a, b, self.model.int)

    def at(self, ptr: Pointer, obj: MemoryObject, end_allowed: bool = False):
        """ptr points into obj (or one past its end)."""
        offset = ptr.offset
        if obj.row:                         # a member of the elements: `member_addresses.py`
            return self.at_row(ptr, obj, end_allowed)
        return self._and(self._cmp("==", ptr.base, Ref(obj.base)),
                         self._cmp(">=", offset, Const(0, self.offset_type)),
                         self._cmp("<=" if end_allowed else "<", offset, self.object_size(obj)))

    def candidates(self, ptr: Pointer) -> list:
        target = ptr.type.target
        return [obj for obj in self.memory.objects if obj.element == target]

    def require(self, cur, condition, what: str, line):
        if cur is None and self.pure_evaluation:
            raise Unsupported(f"{what.split(' at line')[0]} in an invariant or a ghost update",
                              line)
        return self.guard(cur, condition, what, line)

    # ------------------------------------------------------------ the operations
    def address_of(self, node, cur, env, line):
        """`&x`, `&a[i]`: a pointer to a scalar (a pointer too) or into a one-dimensional
        array; `&s.m`: `member_addresses.py`."""
        if isinstance(node, c_ast.ID):
            if self.denotes_function(node.name, env):       # `&f`: `function_pointers.py`
                return self.function_designator(node.name, line), cur
            var = self.lookup(node.name, env, line)
            if isinstance(var, (Variable, StructVariable, UnionVariable, PointerVariable)):
                obj = self.object_of(var)
                if obj is not None and not isinstance(var.type, ArrayType):
                    return Pointer(Ref(obj.base), Const(0, self.offset_type),
                                   PointerType(var.type)), cur
        if isinstance(node, c_ast.ArrayRef) and self.subscripted_pointer(node, env, line):
            return self.subscript_address(node, cur, env, line)    # `&s.p[i]`: pointer_arrays.py
        if isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.ID):
            var = self.lookup(node.name.name, env, line)
            if isinstance(var, (Variable, StructVariable, UnionVariable, PointerArray)) and \
                    self.object_of(var) is not None:
                index, cur = self.lower(node.subscript, cur, env)
                return self.pointer_add(self.decay(var), index, cur, line)
            if isinstance(var, PointerVariable):
                index, cur = self.lower(node.subscript, cur, env)
                return self.pointer_add(self.read_pointer(var), index, cur, line)
        if isinstance(node, c_ast.UnaryOp) and node.op == "*":
            value, cur = self.lower(node.expr, cur, env)
            if isinstance(value, Pointer):
                return value, cur          # &*p is p (C11 6.5.3.2p3)
        if isinstance(node, c_ast.StructRef) or (isinstance(node, c_ast.ArrayRef) and
                                                 isinstance(node.name, c_ast.StructRef)):
            return self.member_address(node, cur, env, line)     # member_addresses.py
        raise Unsupported("address of this expression", line)

    def decay(self, var: Variable) -> Pointer:
        """An array used as a value: a pointer to its first element."""
        obj = self.object_of(var)
        if obj is None:
            raise Unsupported("array used as a value (a pointer)")
        return Pointer(Ref(obj.base), Const(0, self.offset_type), PointerType(obj.element))

    def dereference(self, ptr: Pointer, cur, line, member: Optional[str] = None,
                    copy: Optional[str] = None):
        """(the value *ptr (or its struct `member`) reads, node after the check that it
        points into an object).  `copy`: what a copy through the pointer copies (a struct's
        members, `member_addresses.copy_members`; bytes, `string_calls._copy`): the reads of
        the objects' cells are marked as the copy's (`ir.Ref.copy`), so that an unwritten one
        is an execution that is not modelled, not an uninitialised read (C copies it without
        undefined behaviour, C11 6.2.6.1p6); the pointer's own reads keep their checks."""
        if ptr.type.target is None:
            raise Unsupported("dereference of a void pointer", line)
        if isinstance(ptr.type.target, (StructType, UnionType)) and member is None:
            raise Unsupported(f"{'union' if isinstance(ptr.type.target, UnionType) else 'struct'}"
                              f" read or written as a whole through a pointer", line)
        result_type = self.member_type(ptr.type.target, member)       # structs.py
        cur = self.not_opaque(ptr, cur, line)             # `stream_calls.py`
        objects = [o for o in self.candidates(ptr) if not o.opaque]
        others = [o for o in self.memory.objects
                  if o.element != ptr.type.target and not o.opaque]
        if others:
            # an object of another type (`*(char *)&i`) is legal C that we do not model
            cur = self.not_modelled(cur, Unary("!", self._or(
                [self._cmp("==", ptr.base, Ref(o.base)) for o in others]), self.model.int),
                f"access to an object through a pointer of another type at line {line}", line)
        cur = self.require(cur, self._or([self.at(ptr, o) for o in objects]),
                           f"invalid dereference at line {line}", line)
        value = None
        for obj in reversed(objects):
            read = self.object_cell(obj, ptr, member)
            if copy is not None:
                mark_copied(read, copy, line)       # indeterminate.py
            value = read if value is None else self.choose(self.at(ptr, obj), read, value)
        if value is None:        # no object of that type: the check fails on every path
            value = self.null(result_type) if isinstance(result_type, PointerType) \
                else Const(0, result_type)
        return value, cur

    def choose(self, condition, then, otherwise):
        """`condition ? then : otherwise` of two values of one type (pointers: per half)."""
        if isinstance(then, Pointer):
            return Pointer(Cond(condition, then.base, otherwise.base, self.base_type),
                           Cond(condition, then.offset, otherwise.offset, self.offset_type),
                           then.type)
        return Cond(condition, then, otherwise, then.type)

    def store_through(self, ptr: Pointer, value, cur, line, member: Optional[str] = None):
        """`*ptr = value` or `ptr->member = value` (the check is `dereference`'s): one branch
        per object."""
        if cur is None:
            return None
        if isinstance(value, Pointer):
            # a pointer is stored in two steps (base, then offset): with both pointers in
            # variables (`kept`), the first step writes no variable that the second reads
            ptr, cur = self.kept(ptr, cur, line)
            value, cur = self.kept(value, cur, line)
        cur = self.not_opaque(ptr, cur, line)
        readonly = [obj for obj in self.candidates(ptr) if obj.readonly]
        if readonly:
            cur = self.require(cur, Unary("!", self._or([self.at(ptr, o) for o in readonly]),
                                          self.model.int),
                               f"write into a string literal at line {line}", line)
        join = self.new_node()
        for obj in self.candidates(ptr):
            if obj.readonly or obj.opaque:
                continue
            node = self.step(cur, Assume(self.at(ptr, obj)), line)
            cell = self.object_cell(obj, ptr, member)
            halves = ((cell.base, value.base), (cell.offset, value.offset)) \
                if isinstance(cell, Pointer) else ((cell, value),)
            for place, stored in halves:
                op = Store(place.var, place.indices, stored, line) if isinstance(place, Load) \
                    else Assign(place.var, stored)
                node = self.step(node, op, line)
            self.edge(node, join)
        return join

    def pointer_add(self, ptr: Pointer, amount, cur, line, negate: bool = False):
        """ptr + amount (elements): within the object or one past its end."""
        if ptr.type.target is None or is_function_pointer(ptr.type):
            raise Unsupported(f"arithmetic on a {'void' if ptr.type.target is None else 'function'} "
                              f"pointer", line)
        if not isinstance(getattr(amount, "type", None), IntType):
            raise Unsupported("pointer arithmetic with a non-integer", line)
        amount = self.convert(amount, self.offset_type)
        offset = Binary("-" if negate else "+", ptr.offset, amount, self.offset_type, line)
        moved = Pointer(ptr.base, offset, ptr.type)
        objects = self.candidates(ptr)
        cur = self.require(cur, self._or([self.moved_within(ptr, moved, o) for o in objects]),
                           f"pointer arithmetic outside its object at line {line}", line)
        return moved, cur

    def alive_or_null(self, ptr: Pointer):
        return self._or([self._cmp("==", ptr.base, Const(0, self.base_type))] +
                        [self._cmp("==", ptr.base, Ref(o.base)) for o in self.memory.objects])

    def pointer_binary(self, op: str, left, right, cur, line):
        """A binary operator with a pointer operand: (value, node after)."""
        if op in ("+", "-") and isinstance(left, Pointer) and not isinstance(right, Pointer):
            return self.pointer_add(left, right, cur, line, negate=op == "-")
        if op == "+" and isinstance(right, Pointer) and not isinstance(left, Pointer):
            return self.pointer_add(right, left, cur, line)
        if op in ("&&", "||"):
            return Binary(op, self.truth(left), self.truth(right), self.model.int, line), cur
        if any(isinstance(side, Pointer) and is_function_pointer(side.type)
               for side in (left, right)):
            return self.function_pointer_binary(op, left, right, cur, line)
        if op not in ("==", "!=", "<", "<=", ">", ">=", "-"):
            raise Unsupported(f"pointer operand of '{op}'", line)
        ptype = left.type if isinstance(left, Pointer) else right.type
        left = self.convert_pointer(left, ptype, line) if not isinstance(left, Pointer) else left
        right = self.convert_pointer(right, ptype, line) if not isinstance(right, Pointer) else right
        for side in (left, right):
            cur = self.require(cur, self.alive_or_null(side), f"use of a pointer to an object "
                               f"whose lifetime has ended at line {line}", line)
        cur = self.struct_parts_compared(op, left, right, cur, line)    # member_addresses.py
        same = self._cmp("==", left.base, right.base)
        if op in ("==", "!="):
            # one past the end of one object may be the start of the next (C11 6.5.9p6)
            ends = [self.at_end(side, o) for side in (left, right) for o in self.memory.objects]
            # rows of one member (`member_addresses.py`): one past element k's member may be
            # element k + 1's
            apart = self._or([Unary("!", same, self.model.int),
                              self.other_rows(left, right)])
            unspecified = self._and(apart, self._or(ends))
            cur = self.not_modelled(cur, Unary("!", unspecified, self.model.int),
                                    f"comparison of a pointer one past the end of an object with "
                                    f"a pointer to another object at line {line} (unspecified)",
                                    line)
            cur = self.literals_apart(left, right, same, cur, line)     # literals.py
            equal = self._and(same, self._cmp("==", left.offset, right.offset))
            return (equal if op == "==" else Unary("!", equal, self.model.int)), cur
        cur = self.require(cur, self._and(same, self._cmp("!=", left.base,
                                                          Const(0, self.base_type))),
                           f"pointers into different objects compared or subtracted at line "
                           f"{line}", line)
        cur = self.rows_compared(op, left, right, cur, line)      # member_addresses.py
        if op == "-":
            if left.type.target is None:
                raise Unsupported("subtraction of void pointers", line)
            return Binary("-", left.offset, right.offset, self.offset_type, line), cur
        return self._cmp(op, left.offset, right.offset), cur

    def not_modelled(self, cur, condition, what: str, line):
        """Go on where `condition` holds; executions where it does not are not modelled: a
        target like undefined behaviour (no proof unless unreachable, no counterexample
        through it), named as not modelled (`evidence.NOT_MODELLED`)."""
        return self.guard(cur, condition, NOT_MODELLED + what, line)


def _reads(expressions):
    from ..ir import reads_in
    return list(reads_in(list(expressions)))
