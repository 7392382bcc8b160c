"""Expressions: lowering C expressions to pure IR expressions plus the edges of their side
effects: constants, identifiers, casts, unary and binary operators, `&&`/`||`/`?:` with side
effects, GNU's `x ?: y` and statement expressions, array references, lvalues, writes and
assignments; truth values and conversions."""
from __future__ import annotations

from pycparser import c_ast

from instrument.frontend import OmittedConditional

from .. import floats
from ..c_types import ArrayType, FloatType, StructType, UnionType, Unsupported
from ..ir import Assign, Assume, Binary, Cast, Cond, Const, GhostAssign, Load, Ref, Store, Unary
from .constants import _char_value
from .literals import is_string_literal
from .names import ARITHMETIC_OPS, COMPARISONS
from .function_pointers import FunctionPointerArray, is_function_pointer
from .pointer_arrays import PointerArray
from .pointers import Pointer, PointerType, PointerVariable
from .values import StructAt, StructPlace, StructVariable, UnionVariable, is_struct_value
from .syntax import _is_void, _line, _walk


class ExpressionLowering:
    """Mixin of `CFABuilder`: expressions, truth values and conversions."""

    def truth(self, value):
        """`value != 0` as an int expression (a pointer: not NULL)."""
        if isinstance(value, Pointer):
            return Binary("!=", value.base, Const(0, value.base.type), self.model.int)
        if isinstance(value, (StructVariable, StructPlace, StructAt)):
            raise Unsupported("struct used as a truth value (gcc rejects it)")
        if isinstance(value, Binary) and (value.op in COMPARISONS or value.op in ("&&", "||")):
            return value
        if isinstance(value, Unary) and value.op == "!":
            return value
        return Binary("!=", value, Const(0, value.type), self.model.int)

    # ------------------------------------------------------------ expressions
    def as_pointer(self, value):
        """An array used as a value is a pointer to its first element (C11 6.3.2.1p3)."""
        if isinstance(value, Ref) and isinstance(value.var.type, ArrayType):
            return self.decay(value.var)
        if isinstance(value, (StructVariable, UnionVariable)) and value.dims:
            return self.decay(value)
        return value

    def convert(self, value, ctype, line=None):
        if value is None:
            raise Unsupported("use of a void value", line)
        if isinstance(ctype, PointerType):
            return self.convert_pointer(self.as_pointer(value), ctype, line)
        if isinstance(value, Pointer):
            if getattr(ctype, "is_bool", False):
                return Cast(self.truth(value), ctype)
            raise Unsupported("conversion of a pointer to a number", line)
        if isinstance(value, (StructVariable, StructPlace, StructAt)) or \
                isinstance(ctype, StructType):
            raise Unsupported("struct used as a whole value", line)
        if isinstance(value, UnionVariable) or isinstance(ctype, UnionType):
            raise Unsupported("union used as a whole value", line)
        if isinstance(value.type, ArrayType):
            raise Unsupported("array used as a value (a pointer)", line)
        if isinstance(ctype, ArrayType):
            raise Unsupported("assignment to a non-scalar", line)
        if value.type == ctype:
            return value
        if isinstance(value, Const):
            floating = isinstance(value.type, FloatType)
            if not floating or isinstance(ctype, FloatType) \
                    or floats.fits_integer(value.value, ctype):
                try:
                    return Const(floats.convert(value.value, value.type, ctype), ctype)
                except floats.NotADouble:
                    pass        # a long double that no Python float holds: z3 converts it
            # a constant that does not fit the integer type: the conversion stays, so that
            # its undefined behaviour is a target where it is evaluated
        return Cast(value, ctype, line)

    def lower(self, node, cur, env, discard: bool = False):
        """(pure IR expression, node after the side effects) for an expression; `discard`:
        its value is not used (an expression statement, a cast to void, the left operand of
        a comma), which matters for a call of a function that may fall off its end."""
        line = _line(node)
        if isinstance(node, c_ast.Constant):
            return self.constant(node, line), cur
        if isinstance(node, c_ast.ID):
            if self.denotes_function(node.name, env):    # `function_pointers.py`
                return self.function_designator(node.name, line), cur
            found = self.lookup(node.name, env, line)
            if isinstance(found, int):
                return Const(found, self.model.int), cur
            if isinstance(found, PointerVariable):
                return self.read_pointer(found), cur
            if isinstance(found, (StructVariable, UnionVariable)):
                return found, cur         # its members are read where they are used
            if isinstance(found, FunctionPointerArray):
                raise Unsupported(f"array of function pointers '{node.name}' used as a value "
                                  f"(a pointer to a pointer)", line)
            if isinstance(found, PointerArray):          # `pointer_arrays.py`
                return self.pointer_array_value(found, line), cur
            return Ref(found), cur
        if isinstance(node, c_ast.Cast):
            target = node.to_type
            if _is_void(target):
                value, cur = self.lower(node.expr, cur, env, discard=True)
                if isinstance(node.expr, (c_ast.ID, c_ast.ArrayRef)):      # `(void)x` reads x
                    cur = self.passed([value], cur, line)
                return None, cur
            ctype = self.resolve_type(target, line)
            call = self.library_allocation(node.expr)
            if isinstance(ctype, PointerType) and call is not None:
                return self.allocate(call, ctype, cur, env, line)
            value, cur = self.lower(node.expr, cur, env)
            return self.convert(value, ctype, line), cur
        if isinstance(node, c_ast.UnaryOp):
            return self.unary(node, cur, env, line, discard)
        if isinstance(node, c_ast.BinaryOp):
            if node.op in ("&&", "||") and (self.has_side_effects(node.right) or
                                            (cur is not None and self.may_trap(node.right))):
                return self.via_branch(node, cur, env)
            if node.op not in ("&&", "||"):      # these are sequenced
                self.check_order([node.left, node.right], line)
            left, cur = self.lower(node.left, cur, env)
            right, cur = self.lower(node.right, cur, env)
            left, right = self.as_pointer(left), self.as_pointer(right)
            if isinstance(left, Pointer) or isinstance(right, Pointer):
                return self.pointer_binary(node.op, left, right, cur, line)
            return self.binary(node.op, left, right, line), cur
        if isinstance(node, c_ast.Assignment):
            return self.assignment(node, cur, env, line)
        if isinstance(node, OmittedConditional):
            return self.omitted_conditional(node, cur, env, discard)
        if isinstance(node, c_ast.TernaryOp):
            if self.has_side_effects(node.iftrue) or self.has_side_effects(node.iffalse) or \
                    (cur is not None and (self.may_trap(node.iftrue) or
                                          self.may_trap(node.iffalse))):
                return self.via_branch(node, cur, env, discard)
            cond, cur = self.lower(node.cond, cur, env)
            then, cur = self.lower(node.iftrue, cur, env)
            otherwise, cur = self.lower(node.iffalse, cur, env)
            if then is None or otherwise is None:
                raise Unsupported("void operand of ?:", line)
            then, otherwise = self.as_pointer(then), self.as_pointer(otherwise)
            if isinstance(then, Pointer) or isinstance(otherwise, Pointer):
                ptype = then.type if isinstance(then, Pointer) else otherwise.type
                then = self.convert_pointer(then, ptype, line)
                otherwise = self.convert_pointer(otherwise, ptype, line)
                test = self.truth(cond)
                return Pointer(Cond(test, then.base, otherwise.base, then.base.type),
                               Cond(test, then.offset, otherwise.offset, then.offset.type),
                               ptype), cur
            ctype = self.model.usual_arithmetic(then.type, otherwise.type)
            return Cond(self.truth(cond), self.convert(then, ctype),
                        self.convert(otherwise, ctype), ctype), cur
        if isinstance(node, c_ast.ExprList):
            value = None
            for position, expr in enumerate(node.exprs):     # the last one gives the value
                last = position == len(node.exprs) - 1
                value, cur = self.lower(expr, cur, env, discard=discard or not last)
            return value, cur
        if isinstance(node, c_ast.ArrayRef):
            return self.array_ref(node, cur, env, line)
        if isinstance(node, c_ast.FuncCall):
            return self.call(node, cur, env, line, discard)
        if isinstance(node, c_ast.Compound):
            return self.statement_expression(node, cur, env, discard)
        if isinstance(node, c_ast.StructRef):
            place, cur = self.member_place(node, cur, env, line)
            return place[1], cur
        if isinstance(node, (c_ast.CompoundLiteral, c_ast.InitList)):
            raise Unsupported("compound literal", line)
        raise Unsupported(f"expression {type(node).__name__}", line)

    def via_branch(self, node, cur, env, discard: bool = False):
        """An `&&`, `||` or `?:` whose operands have side effects: branch into a temporary
        (none for a `?:` whose value is not used)."""
        line = _line(node)
        if isinstance(node, c_ast.BinaryOp):
            temp = self.fresh("logical", self.model.int)
            true_node, false_node, join = self.new_node(), self.new_node(), self.new_node()
            self.branch(node, cur, true_node, false_node, env)
            self.edge(self.step(true_node, Assign(temp, Const(1, self.model.int)), line), join)
            self.edge(self.step(false_node, Assign(temp, Const(0, self.model.int)), line), join)
            return Ref(temp), join
        then_node, else_node, join = self.new_node(), self.new_node(), self.new_node()
        self.branch(node.cond, cur, then_node, else_node, env)
        then, then_end = self.lower(node.iftrue, then_node, env, discard)
        otherwise, else_end = self.lower(node.iffalse, else_node, env, discard)
        if discard or then is None or otherwise is None:
            self.edge(then_end, join)
            self.edge(else_end, join)
            return None, join
        then, otherwise = self.as_pointer(then), self.as_pointer(otherwise)
        if isinstance(then, Pointer) or isinstance(otherwise, Pointer):
            # both arms converted to the pointer type of one of them (a null constant, or
            # `void *` the other's way), each into the temporary on its branch
            ptype = then.type if isinstance(then, Pointer) else otherwise.type
            temp = self.fresh_pointer("conditional", ptype)
            for value, end in ((then, then_end), (otherwise, else_end)):
                self.edge(self.assign_pointer(temp, self.convert_pointer(value, ptype, line),
                                              end, line), join)
            return self.read_pointer(temp), join
        ctype = self.model.usual_arithmetic(then.type, otherwise.type)
        temp = self.fresh("conditional", ctype)
        self.edge(self.step(then_end, Assign(temp, self.convert(then, ctype)), line), join)
        self.edge(self.step(else_end, Assign(temp, self.convert(otherwise, ctype)), line), join)
        return Ref(temp), join

    def omitted_conditional(self, node: OmittedConditional, cur, env, discard: bool = False):
        """`x ?: y` (GNU): x is evaluated once; the value is x if it is nonzero, else y (which
        is evaluated only then), in the type of `x ? x : y`."""
        line = _line(node)
        first, cur = self.lower(node.cond, cur, env)
        if first is None:
            raise Unsupported("void operand of ?:", line)
        if isinstance(first, Pointer) or isinstance(first.type, ArrayType):
            raise Unsupported("array used as a value (a pointer)", line)
        if self.has_side_effects(node.cond):
            # its value is kept (a pure x is read twice: the same value, and no temporary in
            # the pure contexts, such as invariants, constant expressions and `sizeof`)
            kept = self.fresh("conditional", first.type)
            cur = self.step(cur, Assign(kept, first), line)
            first = Ref(kept)
        test = self.truth(first)
        if not self.has_side_effects(node.iffalse):
            otherwise, cur = self.lower(node.iffalse, cur, env)
            if otherwise is None:
                raise Unsupported("void operand of ?:", line)
            ctype = self.model.usual_arithmetic(first.type, otherwise.type)
            return Cond(test, self.convert(first, ctype), self.convert(otherwise, ctype),
                        ctype), cur
        then_node, else_node, join = self.new_node(), self.new_node(), self.new_node()
        self.edge(cur, then_node, Assume(test), line, True)
        self.edge(cur, else_node, Assume(Unary("!", test, self.model.int)), line, False)
        otherwise, else_end = self.lower(node.iffalse, else_node, env, discard)
        if discard:
            self.edge(then_node, join)
            self.edge(else_end, join)
            return None, join
        if otherwise is None:
            raise Unsupported("void operand of ?:", line)
        ctype = self.model.usual_arithmetic(first.type, otherwise.type)
        temp = self.fresh("conditional", ctype)
        self.edge(self.step(then_node, Assign(temp, self.convert(first, ctype)), line), join)
        self.edge(self.step(else_end, Assign(temp, self.convert(otherwise, ctype)), line), join)
        return Ref(temp), join

    def constant(self, node: c_ast.Constant, line):
        text = node.value
        if node.type == "char" or text.startswith("'"):
            return Const(_char_value(text, line), self.model.int)
        if node.type == "string":
            return self.literal_pointer(node, line)
        if node.type in ("float", "double") or floats.is_floating_literal(text):
            value, fmt = floats.literal(text, line)
            return Const(value, fmt)
        value, ctype = self.model.literal_type(text, line)
        return Const(value, ctype)

    def unary(self, node: c_ast.UnaryOp, cur, env, line, discard: bool = False):
        op = node.op
        if op == "sizeof":
            if isinstance(node.expr, c_ast.Typename):
                ctype = self.resolve_type(node.expr, line)
            else:
                ctype = self.unevaluated_type(node.expr, env, line)
                if ctype is None:
                    value, _ = self.lower(node.expr, None, env)
                    ctype = value.var.type if isinstance(value, Ref) else value.type
            size = self.sizeof(ctype)
            return (Const(size, self.model.size_t) if isinstance(size, int) else size), cur
        if op in ("++", "--", "p++", "p--"):
            delta = "+" if "+" in op else "-"
            # `i++` whose value is not used (a statement, a for loop's step) needs no copy of
            # the old value: a variable of its own for each one was state that every engine
            # carried to the end (a program of 1,250 loops: 1,250 more variables)
            postfix = op.startswith("p") and not discard
            target, cur = self.lvalue(node.expr, cur, env, line)
            old = target[1]
            if isinstance(old, Pointer):
                new, cur = self.pointer_add(old, Const(1, self.model.int), cur, line,
                                            negate=delta == "-")
                if postfix:
                    saved = self.fresh_pointer("postfix", old.type)
                    cur = self.assign_pointer(saved, old, cur, line)
                    cur = self.write(target, new, cur, line)
                    return self.read_pointer(saved), cur
                cur = self.write(target, new, cur, line)
                return old, cur
            new = self.convert(self.binary(delta, old, Const(1, self.model.int), line), old.type)
            if postfix:
                saved, cur = self.saved("postfix", old, cur, line)
                cur = self.write(target, new, cur, line)
                return saved, cur
            cur = self.write(target, new, cur, line)
            return target[1], cur
        if op == "&":
            return self.address_of(node.expr, cur, env, line)
        if op == "*":
            value, cur = self.lower(node.expr, cur, env)
            value = self.as_pointer(value)
            if not isinstance(value, Pointer):
                raise Unsupported("dereference of a value that is not a pointer", line)
            if is_function_pointer(value.type):
                return value, cur      # a function designator, converted back (C11 6.3.2.1p4)
            return self.dereference(value, cur, line)
        value, cur = self.lower(node.expr, cur, env)
        if value is None:
            raise Unsupported("void operand", line)
        if isinstance(value, Pointer):
            if op == "!":
                return Unary("!", self.truth(value), self.model.int), cur
            raise Unsupported(f"unary {op} of a pointer", line)
        if op == "+":
            return self.convert(value, self.model.promote(value.type)), cur
        if op == "~" and isinstance(value.type, FloatType):
            raise Unsupported("'~' on a floating operand (gcc rejects it)", line)
        if op == "-" or op == "~":
            ctype = self.model.promote(value.type)
            return Unary(op, self.convert(value, ctype), ctype, line), cur
        if op == "!":
            return Unary("!", self.truth(value), self.model.int), cur
        raise Unsupported(f"unary operator {op}", line)

    def unevaluated_type(self, node, env, line):
        """The type of `sizeof`'s operand where it is a name, `*e`, `e->m`, `e.m` or `e[i]`
        of a type of constant size (such an operand is not evaluated, C11 6.5.3.4p2: `sizeof
        *p` reads no memory and needs no object), else None (lowered as before)."""
        ctype = None
        if is_string_literal(node):
            ctype = self.literal_type(node, line)     # `sizeof "abc"` is 4
        elif isinstance(node, c_ast.ID):
            if self.denotes_function(node.name, env):
                raise Unsupported(f"sizeof of the function '{node.name}'", line)
            var = self.lookup(node.name, env, line)
            ctype = getattr(var, "type", None)
        elif isinstance(node, c_ast.UnaryOp) and node.op == "*":
            inner = self.unevaluated_type(node.expr, env, line)
            ctype = inner.target if isinstance(inner, PointerType) else None
        elif isinstance(node, c_ast.StructRef):
            inner = self.unevaluated_type(node.name, env, line)
            if node.type == "->":
                inner = inner.target if isinstance(inner, PointerType) else None
            if isinstance(inner, (StructType, UnionType)) and inner.is_complete:
                ctype = inner.member(node.field.name)
        elif isinstance(node, c_ast.ArrayRef):
            inner = self.unevaluated_type(node.name, env, line)
            if isinstance(inner, PointerType):
                ctype = inner.target
            elif isinstance(inner, ArrayType):
                ctype = inner.element if len(inner.dims) == 1 else \
                    ArrayType(inner.element, inner.dims[1:])
        if isinstance(ctype, ArrayType) and ctype.variable_length:
            return None              # a variable-length operand is evaluated
        return ctype

    def binary(self, op: str, left, right, line):
        if left is None or right is None:
            raise Unsupported("void operand", line)
        if isinstance(left, Pointer) or isinstance(right, Pointer):
            raise Unsupported(f"pointer operand of '{op}' here", line)
        if isinstance(left, (StructVariable, StructPlace, StructAt, UnionVariable)) or \
                isinstance(right, (StructVariable, StructPlace, StructAt, UnionVariable)):
            raise Unsupported(f"struct or union operand of '{op}'", line)
        if isinstance(left.type, ArrayType) or isinstance(right.type, ArrayType):
            raise Unsupported("array used as a value (a pointer)", line)
        if op in ("&&", "||"):
            return Binary(op, self.truth(left), self.truth(right), self.model.int, line)
        if op in ("<<", ">>", "%", "&", "|", "^") and \
                (isinstance(left.type, FloatType) or isinstance(right.type, FloatType)):
            raise Unsupported(f"'{op}' on a floating operand (gcc rejects it)", line)
        if op in ("<<", ">>"):
            ltype = self.model.promote(left.type)
            rtype = self.model.promote(right.type)
            return Binary(op, self.convert(left, ltype), self.convert(right, rtype), ltype, line)
        common = self.model.usual_arithmetic(left.type, right.type)
        left, right = self.convert(left, common, line), self.convert(right, common, line)
        if op in COMPARISONS:
            return Binary(op, left, right, self.model.int, line)
        if op in ARITHMETIC_OPS:
            return Binary(op, left, right, common, line)
        raise Unsupported(f"binary operator {op}", line)

    def array_ref(self, node, cur, env, line):
        if self.subscripted_pointer(node, env, line):   # `s.p[i]`, `p->q[i]` (pointer_arrays.py)
            return self.pointer_subscript(node, cur, env, line)
        indices = []
        base = node
        while isinstance(base, c_ast.ArrayRef):
            indices.insert(0, base.subscript)
            base = base.name
        if isinstance(base, c_ast.StructRef):         # `s.a[i]`, `p->a[i]`: structs.py
            place, cur = self.member_place(base, cur, env, line, subscripts=tuple(indices))
            return place[1], cur
        if not isinstance(base, c_ast.ID):
            raise Unsupported("array access through a pointer", line)
        var = self.lookup(base.name, env, line)
        if isinstance(var, FunctionPointerArray) and len(indices) == 1:
            return self.function_pointer_element(var, indices[0], cur, env, line)
        if isinstance(var, PointerArray):              # `a[i]`, `a[i][j]`: pointer_arrays.py
            return self.pointer_array_element(var, indices, cur, env, line)
        if isinstance(var, PointerVariable):
            if len(indices) != 1:
                raise Unsupported("subscript of a pointer to an array", line)
            index, cur = self.lower(indices[0], cur, env)
            ptr, cur = self.pointer_add(self.read_pointer(var), index, cur, line)
            value, cur = self.dereference(ptr, cur, line)
            return value, cur
        if isinstance(var, StructVariable):        # `a[i]`, a struct: members.py
            return self.struct_element(var, indices, cur, env, line)
        if isinstance(var, int) or not isinstance(var.type, ArrayType):
            raise Unsupported("subscript of a non-array (a pointer)", line)
        if isinstance(var, UnionVariable):            # `a[i]` of an array of unions: no value
            raise Unsupported("union used as a whole value", line)
        if len(indices) != len(var.type.dims):
            raise Unsupported("partial array access (a pointer)", line)
        self.check_order(indices, line)
        lowered = []
        for index in indices:
            value, cur = self.lower(index, cur, env)
            if value is not None and isinstance(value.type, FloatType):
                raise Unsupported("floating array subscript (gcc rejects it)", line)
            lowered.append(value)
        return Load(var, lowered, line), cur

    def lvalue(self, node, cur, env, line, keep: bool = False):
        """(kind, current value[, pointer]) of an assignable expression; `keep`: a pointer
        written through is kept in variables of its own (`kept`)."""
        if isinstance(node, c_ast.ID):
            var = self.lookup(node.name, env, line)
            if isinstance(var, PointerVariable):
                return ("pointer", self.read_pointer(var), var), cur
            if isinstance(var, (int, UnionVariable)) or isinstance(var.type, ArrayType):
                raise Unsupported("assignment to a non-scalar", line)
            return ("var", Ref(var)), cur
        if isinstance(node, c_ast.ArrayRef):
            if self.subscripted_pointer(node, env, line):   # `s.p[i] = v` (pointer_arrays.py)
                return self.pointer_subscript(node, cur, env, line, True, keep)
            base, subscripts = node.name, [node.subscript]
            while isinstance(base, c_ast.ArrayRef):
                base, subscripts = base.name, [base.subscript] + subscripts
            if isinstance(base, c_ast.StructRef):     # `s.a[i] = v`, `p->a[i] = v`
                return self.member_place(base, cur, env, line, keep, tuple(subscripts))
            if isinstance(base, c_ast.ID) and \
                    isinstance(self.lookup(base.name, env, line), PointerArray):
                return self.pointer_array_element(self.lookup(base.name, env, line),
                                                  subscripts, cur, env, line, True, keep)
            base = node.name
            if isinstance(base, c_ast.ID) and \
                    isinstance(self.lookup(base.name, env, line), FunctionPointerArray):
                return self.function_pointer_element(self.lookup(base.name, env, line),
                                                     node.subscript, cur, env, line, True)
            if isinstance(base, c_ast.ID) and \
                    isinstance(self.lookup(base.name, env, line), PointerVariable):
                pointer = self.read_pointer(self.lookup(base.name, env, line))
                index, cur = self.lower(node.subscript, cur, env)
                ptr, cur = self.pointer_add(pointer, index, cur, line)
                if keep:
                    ptr, cur = self.kept(ptr, cur, line)
                value, cur = self.dereference(ptr, cur, line)
                return ("deref", value, ptr), cur
            load, cur = self.array_ref(node, cur, env, line)
            # indices are evaluated once; they are pure from here on
            return ("array", load), cur
        if isinstance(node, c_ast.StructRef):
            return self.member_place(node, cur, env, line, keep)
        if isinstance(node, c_ast.UnaryOp) and node.op == "*":
            ptr, cur = self.lower(node.expr, cur, env)
            ptr = self.as_pointer(ptr)
            if not isinstance(ptr, Pointer):
                raise Unsupported("dereference of a value that is not a pointer", line)
            if keep:
                ptr, cur = self.kept(ptr, cur, line)
            value, cur = self.dereference(ptr, cur, line)
            return ("deref", value, ptr), cur
        raise Unsupported(f"assignment to {type(node).__name__}", line)

    def saved(self, name: str, value, cur, line):
        """(the value read back from a new variable it is assigned to, node after): what it
        reads now, whatever the assignments after it change."""
        var = self.fresh(name, value.type)
        return Ref(var), self.step(cur, Assign(var, value), line)

    def kept(self, ptr, cur, line):
        """The pointer in variables of its own: the target of a write is evaluated once,
        before a value with side effects (which may change what the pointer's expression
        reads: the check before and the store after must see the same pointer)."""
        if isinstance(ptr.base, (Ref, Const)) and isinstance(ptr.offset, (Ref, Const)):
            return ptr, cur
        saved = self.fresh_pointer("target", ptr.type)
        cur = self.assign_pointer(saved, ptr, cur, line)
        return self.read_pointer(saved), cur

    def may_trap(self, node) -> bool:
        """Whether evaluating `node` may have undefined behaviour that a pointer operation
        checks by a branch (`*p`, `p[i]`, `p + i`, `&a[i]`): then `&&`, `||` and `?:` branch
        around it, so that the check applies only where C evaluates it."""
        if not self.memory.uses_pointers:
            return False
        return any(isinstance(n, (c_ast.ArrayRef, c_ast.StructRef)) or
                   (isinstance(n, c_ast.UnaryOp) and n.op in ("*", "&")) or
                   (isinstance(n, c_ast.BinaryOp) and n.op in ("+", "-", "==", "!=", "<", "<=",
                                                               ">", ">="))
                   for n in _walk(node))

    def write(self, target, value, cur, line):
        kind, current = target[0], target[1]
        if kind == "decayed":                # a member array (gcc rejects it)
            raise Unsupported("assignment to an array", line)
        if kind == "pointer":
            return self.assign_pointer(target[2], self.as_pointer(value), cur, line)
        if kind == "pointer cells":          # `a[i].next = p`: an array of pointers
            var, indices = target[2]
            value, cur = self.kept(self.convert_pointer(self.as_pointer(value), var.type, line),
                                   cur, line)
            # two stores: the index must not read what the first one changes
            kept_indices = []
            for index in indices:
                if not isinstance(index, (Const, Ref)):
                    index, cur = self.saved("index", index, cur, line)
                kept_indices.append(index)
            indices = kept_indices
            cur = self.step(cur, Store(var.base, indices, value.base, line), line)
            return self.step(cur, Store(var.offset, indices, value.offset, line), line)
        if kind == "union":                  # union_members.py: the member's bytes
            return self.write_union(target[2], self.convert(value, current.type, line), cur,
                                    line)
        if kind == "deref":
            return self.store_through(target[2], self.convert(value, current.type), cur, line,
                                      target[3] if len(target) > 3 else None)
        if kind == "var":
            return self.step(cur, Assign(current.var, self.convert(value, current.type, line)),
                             line)
        return self.step(cur, Store(current.var, current.indices,
                                    self.convert(value, current.type, line), line), line)

    def assignment(self, node: c_ast.Assignment, cur, env, line):
        update = self.ghost_update_of.get(id(node))
        if update is not None:
            return self.ghost_assignment(node, update, cur, env, line)
        self.check_assignment_order(node, env, line)
        copied = self.union_assignment(node, cur, env, line)     # `u = v` (unions.py)
        if copied is not None:
            return copied
        copied = self.struct_copy_through_pointers(node, cur, env, line)   # `*p = s`
        if copied is not None:
            return copied
        if isinstance(self.unevaluated_type(node.lvalue, env, line), StructType) or (
                isinstance(node.lvalue, c_ast.ID) and isinstance(
                    self.lookup(node.lvalue.name, env, line), StructVariable)):
            # `s = t`, `s.in = t.in`, `a[i] = s`, `s.items[j] = a[i]` (structs.copy_place)
            if node.op != "=":
                raise Unsupported(f"'{node.op}' on a struct", line)
            source = self.struct_pointer_operand(node.rvalue, env, line)   # `s = *p`
            target, cur = self.lower(node.lvalue, cur, env)
            if source is not None and isinstance(target, StructAt):     # `p->in = *q`
                if source.type.target is not target.type:
                    raise Unsupported("assignment of structs of different types", line)
                return target, self.copy_members(target.ptr, source, target.type, (), cur,
                                                 line, target.names)
            if source is not None:
                if not isinstance(target, StructVariable) or target.dims:
                    raise Unsupported("struct copied through a pointer into an element of an "
                                      "array of structs", line)
                return target, self.copy_from_pointer(target, source, cur, line)
            if isinstance(target, StructPlace):    # its indices before the value's effects
                indices, cur = self.kept_indices(target.indices, cur, line)
                target = StructPlace(target.var, indices)
            value, cur = self.lower(node.rvalue, cur, env)
            if not is_struct_value(target):
                raise Unsupported("assignment to an array of structs", line)
            if not is_struct_value(value):
                raise Unsupported("struct assigned from an expression", line)
            return target, self.copy_place(target, value, cur, line)
        # a value with side effects may move the pointer written through: keep it first
        target, cur = self.lvalue(node.lvalue, cur, env, line,
                                  keep=self.has_side_effects(node.rvalue))
        call = self.library_allocation(node.rvalue)
        if isinstance(target[1], Pointer) and node.op == "=" and call is not None:
            value, cur = self.allocate(call, target[1].type, cur, env, line)
            return value, self.write(target, value, cur, line)
        value, cur = self.lower(node.rvalue, cur, env)
        if isinstance(target[1], Pointer):
            value = self.as_pointer(value)
            if node.op != "=":
                value, cur = self.pointer_binary(node.op[:-1], target[1], value, cur, line)
            value = self.convert_pointer(value, target[1].type, line)
            return value, self.write(target, value, cur, line)
        if node.op != "=":
            value = self.binary(node.op[:-1], target[1], value, line)
        converted = self.convert(value, target[1].type, line)
        if isinstance(target[1], Load) and _reads_array(converted, target[1].var):
            # a[i] = a[j] + 1: read before the store
            converted, cur = self.saved("value", converted, cur, line)
        cur = self.write(target, converted, cur, line)
        return target[1], cur

    def ghost_assignment(self, node: c_ast.Assignment, update: int, cur, env, line):
        """A ghost update `g = e` (`instrument.ghosts`: g a ghost, e free of side effects),
        converted as by assignment; its undefined behaviour is the witness's (`GhostAssign`)."""
        var = self.lookup(node.lvalue.name, env, line)
        self.pure_evaluation = True
        try:
            value, _ = self.lower(node.rvalue, None, env)
        finally:
            self.pure_evaluation = False
        return Ref(var), self.step(cur, GhostAssign(var, self.convert(value, var.type), update),
                                   line)


def _reads_array(expr, var) -> bool:
    if isinstance(expr, Load):
        return expr.var is var or any(_reads_array(i, var) for i in expr.indices)
    for attr in ("arg", "left", "right", "cond", "then", "otherwise"):
        child = getattr(expr, attr, None)
        if child is not None and _reads_array(child, var):
            return True
    return False
