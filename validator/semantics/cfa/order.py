"""Evaluation order: what evaluating an expression, or calling a function, may write and read
(by name), and the checks that evaluations C leaves unsequenced do not interfere.

Names alone miss what is reached through pointers (`x + h()` with h writing `*p`, p == &x):
every access through a pointer (`*e`, `e->m`, a subscripted pointer, the string functions'
bytes, `free`) is an access of MEMORY, and so is every access of a variable that may be
reached through a pointer (`aliased_names`: its address is taken, or it is an array used as
a value, or a struct whose member array is); a write of MEMORY clashes with any other access
of it.  By name, over the whole program: coarser than C, never finer."""
from __future__ import annotations

from pycparser import c_ast

from ..c_types import ArrayType, Unsupported
from .names import HEAP_FUNCTIONS, STREAM_FUNCTIONS, STRING_FUNCTIONS
from .pointers import allocation_call
from .syntax import Preorder, _base_name, _walk

# the pseudo-name of everything reached through pointers (not a C identifier)
MEMORY = "*memory"
# the library functions modelled without a definition that write through their pointers
WRITING_LIBRARY = frozenset({"memset", "memcpy", "memmove", "strcpy", "strncpy", "free",
                             "realloc", "fclose"})
READING_LIBRARY = (STRING_FUNCTIONS | STREAM_FUNCTIONS | HEAP_FUNCTIONS) - WRITING_LIBRARY


def aliased_names(tree: Preorder, memory) -> tuple[frozenset, frozenset]:
    """(the names of variables that a pointer may reach, the names declared as pointers
    anywhere, array parameters included: a subscript of one reads through it), by name over
    the whole program (`memory`: `pointers.scan_memory`'s)."""
    if not memory.uses_pointers:
        return frozenset(), frozenset()
    arrays, pointers = set(), set()
    # block-scope declarations whose address is taken, or whose member array decays; an
    # array used as a value (`escaping_locals` names every local so used: arrays only count)
    local_objects = memory.addressed_locals | set(memory.member_root_locals)
    aliased = set(memory.addressed) | set(memory.member_roots)
    for node in tree.nodes:
        if isinstance(node, c_ast.ParamList):
            pointers.update(p.name for p in node.params if isinstance(p, c_ast.Decl)
                            and isinstance(p.type, c_ast.ArrayDecl) and p.name)
        if not isinstance(node, c_ast.Decl) or not node.name:
            continue
        if isinstance(node.type, c_ast.ArrayDecl):
            arrays.add(node.name)
            if id(node) in memory.escaping_locals:
                aliased.add(node.name)
        elif isinstance(node.type, c_ast.PtrDecl):
            pointers.add(node.name)
        if id(node) in local_objects:
            aliased.add(node.name)
    return frozenset(aliased | (memory.escaping & arrays)), frozenset(pointers)


class EvaluationOrder:
    """Mixin of `CFABuilder`: effects of expressions and functions, unsequenced accesses."""

    # ------------------------------------------------------------ evaluation order
    def effects(self, node, calls: bool = True,
                fresh: frozenset = frozenset()) -> tuple[set, set]:
        """(names possibly written, names possibly read) when `node` is evaluated, with the
        globals and static locals of the functions it calls (unless `calls` is False), and
        MEMORY for what pointers reach (not through the pointers of `fresh`:
        `fresh_pointers`).  By name: this over-approximates."""
        writes: set = set()
        reads: set = set()
        self._effects(node, writes, reads, calls, fresh)
        return writes, reads

    def _effects(self, node, writes: set, reads: set, calls: bool,
                 fresh: frozenset = frozenset()) -> None:
        if node is None:
            return
        if isinstance(node, c_ast.ID):
            reads.add(node.name)
            if node.name in self.aliased:
                reads.add(MEMORY)
            return
        if isinstance(node, c_ast.UnaryOp) and node.op == "sizeof":
            return                  # not evaluated
        if isinstance(node, c_ast.Assignment) or \
                isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++", "p--"):
            target = node.lvalue if isinstance(node, c_ast.Assignment) else node.expr
            name = _written_name(target)
            reading = not (isinstance(node, c_ast.Assignment) and node.op == "=")
            if name is not None:
                writes.add(name)
                if reading:
                    reads.add(name)
            if self.in_memory(target, fresh):
                writes.add(MEMORY)
                if reading:
                    reads.add(MEMORY)
            for located in _located_by(target):
                self._effects(located, writes, reads, calls, fresh)
            if isinstance(node, c_ast.Assignment):
                self._effects(node.rvalue, writes, reads, calls, fresh)
            return
        if isinstance(node, (c_ast.UnaryOp, c_ast.StructRef, c_ast.ArrayRef)) and \
                self.through_pointer(node, fresh):
            reads.add(MEMORY)
        if isinstance(node, c_ast.FuncCall):
            name = node.name.name if isinstance(node.name, c_ast.ID) else None
            if name not in self.functions and name in WRITING_LIBRARY:
                first = node.args.exprs[0] if node.args is not None and node.args.exprs \
                    else None
                if not (isinstance(first, c_ast.ID) and first.name in fresh):
                    writes.add(MEMORY)        # (a block the call made itself: `fresh`)
                reads.add(MEMORY)
            elif name not in self.functions and name in READING_LIBRARY:
                reads.add(MEMORY)
            targets = [name] if name in self.functions else []
            if name is None or name in self.variable_names or \
                    (name not in self.functions and name not in self.prototypes):
                # through a pointer (by name: a variable may shadow a function): any function
                # whose address is taken
                self._effects(node.name, writes, reads, calls, fresh)
                targets = list(self.function_ids)
            for target in targets if calls else []:
                callee_writes, callee_reads = self.function_effects(target)
                writes |= callee_writes
                reads |= callee_reads
            if node.args is not None:
                self._effects(node.args, writes, reads, calls, fresh)
            return
        for _, child in node.children():
            self._effects(child, writes, reads, calls, fresh)

    def through_pointer(self, node, fresh: frozenset = frozenset()) -> bool:
        """`*e`, `e->m`, or a subscript of a pointer (`p[i]`, `s.q[i]`; anything subscripted
        that is neither a variable nor a member declared as an array counts as one): the read
        goes through a pointer.  Not through a pointer of `fresh` (`fresh_pointers`)."""
        if isinstance(node, c_ast.UnaryOp):
            pointer = node.expr if node.op == "*" else None
        elif isinstance(node, c_ast.StructRef):
            pointer = node.name if node.type == "->" else None
        else:
            base = node
            while isinstance(base, c_ast.ArrayRef):
                base = base.name
            if isinstance(base, c_ast.StructRef):     # `s.a[i]`, `p->a[i]`: a member
                if base.field.name not in self.pointer_names:
                    return False                      # an array member: `s`, `*p` read it
                pointer = base
            elif isinstance(base, c_ast.ID) and base.name not in self.pointer_names:
                return False
            else:
                pointer = base
        if pointer is None:
            return False
        return not (isinstance(pointer, c_ast.ID) and pointer.name in fresh)

    def in_memory(self, target, fresh: frozenset = frozenset()) -> bool:
        """An lvalue that a pointer may reach: written through one, or a variable (or its
        member or element) whose address may be taken."""
        node = target
        while True:
            if isinstance(node, (c_ast.UnaryOp, c_ast.StructRef, c_ast.ArrayRef)) and \
                    self.through_pointer(node, fresh):
                return True
            if isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)):
                if isinstance(node, c_ast.StructRef) and node.type == "->":
                    return False             # through a fresh pointer (`through_pointer`)
                node = node.name
                continue
            if isinstance(node, c_ast.UnaryOp) and node.op == "*":
                return False                 # through a fresh pointer
            return not isinstance(node, c_ast.ID) or node.name in self.aliased

    def fresh_pointers(self, function: c_ast.FuncDef) -> frozenset:
        """The automatic pointer variables of `function` that only ever hold a block the
        same call allocated (declared without an initialiser or with an allocation call,
        assigned only allocation calls, never incremented, address never taken): what the
        call writes through them no other evaluation can reach (a block made during a call
        is reached from outside it only through a variable the call writes, or through its
        result, which no other operand of the same expression sees)."""
        decls: dict = {}
        for n in _walk(function.body):
            if isinstance(n, c_ast.Decl) and isinstance(n.type, c_ast.PtrDecl) and n.name \
                    and not {"static", "extern"} & set(n.storage):
                decls.setdefault(n.name, []).append(n)
        params = getattr(function.decl.type, "args", None)
        # one declaration of the name, and no parameter or global it could be in another scope
        other = {p.name for p in (params.params if params else []) if getattr(p, "name", None)} \
            | set(self.global_decls)
        fresh = {name for name, found in decls.items() if len(found) == 1
                 and (found[0].init is None or allocation_call(found[0].init) is not None)
                 and name not in self.memory.addressed and name not in other}
        for n in _walk(function.body):
            if isinstance(n, c_ast.Assignment) and isinstance(n.lvalue, c_ast.ID) and \
                    (n.op != "=" or allocation_call(n.rvalue) is None):
                fresh.discard(n.lvalue.name)
            elif isinstance(n, c_ast.UnaryOp) and n.op in ("++", "--", "p++", "p--") and \
                    isinstance(n.expr, c_ast.ID):
                fresh.discard(n.expr.name)
        return frozenset(fresh)

    def reachable_from(self, name: str) -> set:
        """The functions a call of `name` may lead to (not `name` itself unless recursive)."""
        found: set = set()
        stack = [name]
        while stack:
            for callee in self.callees[stack.pop()]:
                if callee not in found:
                    found.add(callee)
                    stack.append(callee)
        return found

    def function_effects(self, name: str) -> tuple[set, set]:
        """Names a call of `name` may write and read that its caller can see (not the
        function's own parameters and automatic locals), callees included (recursion too)."""
        if name not in self.effect_summaries:
            writes, reads = set(), set()
            for function in self.reachable_from(name) | {name}:
                own_writes, own_reads = self.function_own_effects(function)
                writes |= own_writes
                reads |= own_reads
            self.effect_summaries[name] = (writes, reads)
        return self.effect_summaries[name]

    def function_own_effects(self, function: str) -> tuple[set, set]:
        """What the body of `function` itself (not its callees) may write and read that its
        caller can see; once per function, for the summaries of all that reach it."""
        if function not in self.own_effects:
            body = self.functions[function]
            own = {n.name for n in _walk(body) if isinstance(n, c_ast.Decl) and n.name and
                   not {"static", "extern"} & set(n.storage)} - {function}
            own -= set(self.global_decls)      # a block may use the global it shadows
            writes, reads = self.effects(body.body, False, self.fresh_pointers(body))
            self.own_effects[function] = (writes - own, reads - own)
        return self.own_effects[function]

    def check_order(self, operands: list, line) -> None:
        """Evaluations C leaves unsequenced (operands, arguments, indices; calls among them
        in unspecified order) must not interfere: if one may write what another reads or
        writes, the behaviour is undefined or depends on an order we do not model."""
        if sum(1 for op in operands if self.has_side_effects(op)) == 0 or len(operands) < 2:
            return
        effects = [self.effects(op) for op in operands]
        for i, (writes, _) in enumerate(effects):
            for j, (other_writes, other_reads) in enumerate(effects):
                clash = writes & (other_writes | other_reads) if i != j else set()
                if clash:
                    raise Unsupported(f"side effect on '{sorted(clash)[0]}' unsequenced with "
                                      f"another access (evaluation order)", line)

    def check_assignment_order(self, node: c_ast.Assignment, env, line) -> None:
        """`x = x++`, `a[i] = i++`, `x += f()` with f writing x: undefined or unspecified.
        So is `p[0] = f()` with f writing p: the value of p that locates the element and the
        call are indeterminately sequenced (C11 6.5.16p3, 6.5.2.2p10), so the store may go
        to the object p pointed to before the call or after it (gcc: before)."""
        if not self.has_side_effects(node.rvalue) and not self.has_side_effects(node.lvalue):
            return
        target = _written_name(node.lvalue)
        indices = _located_by(node.lvalue) + self._subscripted_pointers(node.lvalue, env, line)
        writes, reads = set(), set()
        for index in indices:
            self._effects(index, writes, reads, True)
        if node.op != "=" and target is not None:
            reads.add(target)
        if node.op != "=" and self.in_memory(node.lvalue):
            reads.add(MEMORY)
        value_writes, value_reads = self.effects(node.rvalue)
        direct_writes, _ = self.effects(node.rvalue, calls=False)
        clash = (writes & (value_writes | value_reads)) | (value_writes & (writes | reads))
        if target is not None and target in direct_writes:
            clash.add(target)
        if clash:
            raise Unsupported(f"side effect on '{sorted(clash)[0]}' unsequenced with another "
                              f"access (evaluation order)", line)


    def _subscripted_pointers(self, target, env, line) -> list:
        """The pointers an lvalue subscripts (`p` in `p[i]`, `s.q` in `s.q[i].x`): `E1[E2]`
        is `*(E1 + E2)`, so E1's value locates the object (an array's name does not: it is
        the array).  A subscripted expression whose type is not known to be an array counts
        as a pointer."""
        found = []
        while isinstance(target, c_ast.ArrayRef) or (isinstance(target, c_ast.StructRef)
                                                     and target.type == "."):
            if isinstance(target, c_ast.ArrayRef):
                try:
                    subscripted = self.unevaluated_type(target.name, env, line)
                except Unsupported:
                    subscripted = None          # lowering the assignment says why
                if not isinstance(subscripted, ArrayType):
                    found.append(target.name)
            target = target.name
        return found


def _located_by(target) -> list:
    """The expressions evaluated to find the object an lvalue designates: the subscripts of
    every array on the way, through members (`a[i].items[j].x`: i and j), and the pointer
    of a `->` or `*`."""
    found = []
    while True:
        if isinstance(target, c_ast.ArrayRef):
            found.append(target.subscript)
            target = target.name
        elif isinstance(target, c_ast.StructRef) and target.type == ".":
            target = target.name
        elif isinstance(target, c_ast.StructRef):
            return found + [target.name]
        elif isinstance(target, c_ast.UnaryOp) and target.op == "*":
            return found + [target.expr]
        else:
            return found


def _written_name(target) -> str | None:
    """The variable an assignment or increment writes, by name: `a` for `a[i][j]`, and the
    whole struct `s` for `s.x`, `s.items[i].y` and `a[i].x` (its reads are reads of the name
    `s`, so that `s.x++ + s.x` clashes: coarser than C, which lets `s.x++ + s.y` be)."""
    while isinstance(target, c_ast.ArrayRef) or (isinstance(target, c_ast.StructRef)
                                                 and target.type == "."):
        target = target.name
    return _base_name(target)
