"""Statements: blocks, declarations inside functions (`__auto_type` too), `if`, loops, `switch`
(GNU case ranges too), jumps and labels (GNU local labels are renamed apart by the front end),
`return`; the statements of a GNU statement expression; and branches on conditions
(short-circuit operators branch)."""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast
from pycparserext.ext_c_parser import RangeExpression

from instrument.frontend import AUTO_TYPE, FUNCTION_DECLARATORS, LocalLabels, OmittedConditional

from ..c_types import ArrayType, Unsupported
from .bitfields import BitFieldType
from .function_pointers import is_function_pointer_array
from .pointer_arrays import is_pointer_array
from .pointers import PointerType, PointerVariable
from .values import StructVariable, is_struct_type
from ..ir import Assign, Assume, Binary, Const, Ref, Unary
from .calls import _Function
from .syntax import _collect_cases, _contains_label, _line, jump_out_of

# block items that are statements or declarations, not expressions (the value of a statement
# expression is that of its last item if that is an expression)
STATEMENT_TYPES = (c_ast.Decl, c_ast.DeclList, c_ast.Typedef, c_ast.Compound, c_ast.If,
                   c_ast.While, c_ast.DoWhile, c_ast.For, c_ast.Switch, c_ast.Case,
                   c_ast.Default, c_ast.Break, c_ast.Continue, c_ast.Return, c_ast.Label,
                   c_ast.Goto, c_ast.EmptyStatement, c_ast.Pragma, c_ast.FuncDef,
                   c_ast.StaticAssert, LocalLabels)


class StatementLowering:
    """Mixin of `CFABuilder`: statements and branches."""

    current_frame: Optional[_Function] = None   # the function whose statement is lowered

    # ------------------------------------------------------------ statements
    def statement(self, node, cur, env, frame: _Function, break_to, continue_to):
        """Lower a statement in the scopes `env` (also where type names in its expressions are
        resolved: `current_env`, restored after an inlined body) of the function `frame`
        (`current_frame`, for the statement expressions in it)."""
        outer, self.current_env = self.current_env, env
        outer_frame, self.current_frame = self.current_frame, frame
        try:
            return self.lower_statement(node, cur, env, frame, break_to, continue_to)
        finally:
            self.current_env = outer
            self.current_frame = outer_frame

    def lower_statement(self, node, cur, env, frame: _Function, break_to, continue_to):
        if cur is None and isinstance(node, (c_ast.Decl, c_ast.DeclList, c_ast.Typedef)):
            # not executed (after a jump), but in scope from here on: built from a node no
            # edge enters, so that a later label sees this declaration, not an outer one
            self.lower_statement(node, self.new_node(), env, frame, break_to, continue_to)
            return None
        if cur is None and not _contains_label(node):
            return None
        line = _line(node)
        if cur is not None and not isinstance(node, c_ast.Compound):
            self.statement_starts[cur] = (node, frame.name)
        if isinstance(node, c_ast.Compound):
            env.append({})
            for item in node.block_items or []:
                cur = self.statement(item, cur, env, frame, break_to, continue_to)
            env.pop()
            return cur
        if isinstance(node, LocalLabels):
            return cur          # the front end renamed the block's labels apart
        if isinstance(node, c_ast.Decl):
            return self.declaration(node, cur, env)
        if isinstance(node, c_ast.DeclList):
            for decl in node.decls:
                cur = self.declaration(decl, cur, env)
            return cur
        if isinstance(node, c_ast.Typedef):
            self.declare_typedef(node, env)
            return cur
        if isinstance(node, c_ast.EmptyStatement):
            return cur
        if isinstance(node, c_ast.If):
            then_node, else_node, join = self.new_node(), self.new_node(), self.new_node()
            self.branch(node.cond, cur, then_node, else_node, env, node)
            self.edge(self.statement(node.iftrue, then_node, env, frame, break_to, continue_to), join)
            if node.iffalse is not None:
                self.edge(self.statement(node.iffalse, else_node, env, frame, break_to, continue_to), join)
            else:
                self.edge(else_node, join)
            return join
        if isinstance(node, c_ast.While):
            head, body, done = self.new_node(), self.new_node(), self.new_node()
            self.edge(cur, head)
            self.branch(node.cond, head, body, done, env, node)
            self.edge(self.statement(node.stmt, body, env, frame, done, head), head)
            return done
        if isinstance(node, c_ast.DoWhile):
            body, condition, done = self.new_node(), self.new_node(), self.new_node()
            self.edge(cur, body)
            self.edge(self.statement(node.stmt, body, env, frame, done, condition), condition)
            self.branch(node.cond, condition, body, done, env, node)
            return done
        if isinstance(node, c_ast.For):
            env.append({})
            if isinstance(node.init, c_ast.DeclList):
                cur = self.statement(node.init, cur, env, frame, break_to, continue_to)
            elif node.init is not None:
                _, cur = self.lower(node.init, cur, env)
            head, body, increment, done = (self.new_node() for _ in range(4))
            self.edge(cur, head)
            if node.cond is not None:
                self.branch(node.cond, head, body, done, env, node)
            else:
                self.edge(head, body)
            self.edge(self.statement(node.stmt, body, env, frame, done, increment), increment)
            after = increment
            if node.next is not None:
                # evaluated as a void expression (C11 6.8.5.3)
                _, after = self.lower(node.next, increment, env, discard=True)
            self.edge(after, head)
            env.pop()
            return done
        if isinstance(node, c_ast.Switch):
            return self.switch(node, cur, env, frame, continue_to)
        if isinstance(node, (c_ast.Case, c_ast.Default)):
            target = self.case_nodes[id(node)]
            self.edge(cur, target)
            cur = target
            for item in node.stmts or []:
                cur = self.statement(item, cur, env, frame, break_to, continue_to)
            return cur
        if isinstance(node, c_ast.Break):
            if break_to is None:
                raise Unsupported("break outside a loop or switch", line)
            self.edge(cur, break_to)
            return None
        if isinstance(node, c_ast.Continue):
            if continue_to is None:
                raise Unsupported("continue outside a loop", line)
            self.edge(cur, continue_to)
            return None
        if isinstance(node, c_ast.Return):
            source = self.struct_pointer_operand(node.expr, env, line) \
                if isinstance(frame.return_var, StructVariable) else None
            if source is not None:      # `return *p;`: member by member through p (a copy)
                cur = self.copy_from_pointer(frame.return_var, source, self.declare_arrays(
                    frame.return_var, cur, line), line)
            elif node.expr is not None:
                value, cur = self.lower(node.expr, cur, env)
                if isinstance(frame.return_var, PointerVariable) and value is not None:
                    cur = self.assign_pointer(frame.return_var, self.as_pointer(value), cur, line)
                elif isinstance(frame.return_var, StructVariable):     # by value: a copy
                    cur = self.copy_place(frame.return_var, value,
                                          self.declare_arrays(frame.return_var, cur, line), line)
                elif frame.return_var is not None and value is not None:
                    cur = self.step(cur, Assign(frame.return_var,
                                                self.convert(value, frame.return_var.type)), line)
            self.edge(cur, frame.return_node)
            return None
        if isinstance(node, c_ast.Label):
            target = frame.labels.setdefault(node.name, self.new_node())
            self.edge(cur, target)
            return self.statement(node.stmt, target, env, frame, break_to, continue_to)
        if isinstance(node, c_ast.Goto):
            target = frame.labels.setdefault(node.name, self.new_node())
            edges = len(self.edges)
            self.edge(cur, target)
            self.jumped(frame, node, edges)
            return None
        if isinstance(node, c_ast.Pragma):
            return cur
        if isinstance(node, c_ast.FuncDef):
            raise Unsupported("nested function", line)
        # an expression statement; one that only names an object (`x;`) still converts it to
        # its value (C11 6.3.2.1p2), so it reads it
        value, cur = self.lower(node, cur, env, discard=True)
        if isinstance(node, (c_ast.ID, c_ast.ArrayRef)):
            cur = self.passed([value], cur, line)
        return cur

    def statement_expression(self, node: c_ast.Compound, cur, env, discard: bool = False):
        """`({ ... })` (GNU): the statements in a block of their own; the value is that of the
        last one if it is an expression (converted as an lvalue: read once, at its end), else
        there is none.  Jumps out of it other than by its end are not modelled."""
        line = _line(node)
        frame = self.current_frame
        if frame is None:
            raise Unsupported("statement expression outside a function", line)
        jump = jump_out_of(node)
        if jump is not None:
            raise Unsupported(f"statement expression with {jump[0]} (a jump out of it) at line "
                              f"{jump[1]}", line)
        items = list(node.block_items or [])
        labels, last = [], items[-1] if items else None
        while isinstance(last, c_ast.Label):        # `done: v; })`: v is still the value
            labels.append(last.name)
            last = last.stmt
        if last is None or isinstance(last, STATEMENT_TYPES):
            labels, last = [], None
        else:
            items.pop()
        value = None
        # not evaluated (`sizeof`, after a call that does not return): lowered from a node no
        # edge enters, for the names it declares and the type of its value
        live, cur = cur is not None, cur if cur is not None else self.new_node()
        env.append({})
        try:
            for item in items:
                cur = self.statement(item, cur, env, frame, None, None)
            if last is not None:
                for name in labels:
                    target = frame.labels.setdefault(name, self.new_node())
                    self.edge(cur, target)
                    cur = target
                self.statement_starts[cur] = (last, frame.name)
                value, cur = self.lower(last, cur, env, discard)
        finally:
            env.pop()
        if not live:
            return (None if discard else value), None
        if value is None or discard or isinstance(value, Const):
            return (None if discard else value), cur
        if isinstance(value.type, (ArrayType, PointerType)):
            raise Unsupported("statement expression whose value is an array or a pointer", line)
        result = self.fresh("statement_expression", value.type)
        return Ref(result), self.step(cur, Assign(result, value), line)

    def switch(self, node, cur, env, frame, continue_to):
        line = _line(node)
        value, cur = self.lower(node.cond, cur, env)
        value = self.convert(value, self.model.promote(value.type))
        temp = self.fresh("switch", value.type)
        cur = self.step(cur, Assign(temp, value), line)
        done = self.new_node()
        cases = _collect_cases(node.stmt)
        others = []
        default_node = None
        for case in cases:
            target = self.new_node()
            self.case_nodes[id(case)] = target
            if isinstance(case, c_ast.Default):
                default_node = target
                continue
            equal = self.case_condition(case, temp, env)
            edges = len(self.edges)
            self.edge(cur, target, Assume(equal), line, True)
            self.jumped(frame, case, edges)
            others.append(equal)
        fallback = default_node if default_node is not None else done
        condition = Const(1, self.model.int)
        for equal in others:
            condition = Binary("&&", condition, Unary("!", equal, self.model.int), self.model.int)
        edges = len(self.edges)
        self.edge(cur, fallback, Assume(condition), line, False)
        if default_node is not None:
            self.jumped(frame, next(c for c in cases if isinstance(c, c_ast.Default)), edges)
        end = self.statement(node.stmt, None, env, frame, done, continue_to)
        self.edge(end, done)
        return done

    def case_condition(self, case: c_ast.Case, temp, env):
        """The switch value `temp` matches the case label: the label (or each bound of a GNU
        range `case a ... b:`) converted to the promoted type of the controlling expression,
        as gcc does; a range whose converted bounds are out of order matches nothing."""
        line = _line(case)
        ctype = temp.type
        if not isinstance(case.expr, RangeExpression):
            label = ctype.wrap(self.constant_value(case.expr, env, line))
            return Binary("==", Ref(temp), Const(label, ctype), self.model.int, line)
        low = ctype.wrap(self.constant_value(case.expr.first, env, line))
        high = ctype.wrap(self.constant_value(case.expr.last, env, line))
        if low > high:
            return Const(0, self.model.int)
        return Binary("&&", Binary(">=", Ref(temp), Const(low, ctype), self.model.int, line),
                      Binary("<=", Ref(temp), Const(high, ctype), self.model.int, line),
                      self.model.int, line)

    def declaration(self, decl: c_ast.Decl, cur, env):
        """A declaration in a block: its enumerations, then the variable (in scope from its
        declarator on, so its initialiser sees it)."""
        line = _line(decl)
        self.declare_tags(decl, env)
        if isinstance(decl.type, FUNCTION_DECLARATORS):
            self.declare_prototype(decl, env)
            return cur
        if decl.name is None:
            return cur       # a struct/enum tag declaration
        if "extern" in decl.storage:
            env[-1][decl.name] = self.lookup(decl.name, [], line)
            return cur
        if _auto_type(decl):
            return self.auto_type_declaration(decl, cur, env)
        sizes = None if "static" in decl.storage else []
        ctype = self.variable_type(decl, env, sizes)
        if sizes:
            if decl.init is not None:
                raise Unsupported(f"initialiser of the variable-length array '{decl.name}'",
                                  line)
            cur = self.vla_sizes(decl.name, sizes, ctype, cur, env, line)
        if "static" in decl.storage:
            var = self.statics.get(id(decl))
            if var is None:
                if isinstance(ctype, PointerType):
                    var = self.fresh_pointer(decl.name, ctype, True)
                    if self.needs_object(decl.name, ctype, decl):
                        self.memory.globals_pending.append(self.new_object(var))
                elif is_function_pointer_array(ctype):
                    var = self.fresh_function_pointer_array(decl.name, ctype, True)
                elif is_pointer_array(ctype):                 # `pointer_arrays.py`
                    var = self.fresh_pointer_array(decl.name, ctype, True)
                    if self.needs_object(decl.name, ctype, decl):
                        self.memory.globals_pending.append(self.new_object(var))
                elif is_struct_type(ctype):
                    var = self.fresh_struct(decl.name, ctype, True)
                    if self.needs_object(decl.name, ctype, decl):
                        self.memory.globals_pending.append(self.new_object(var))
                else:
                    var = self.fresh(decl.name, ctype, True)
                    if self.needs_object(decl.name, ctype, decl):
                        self.memory.globals_pending.append(self.new_object(var))
                self.statics[id(decl)] = var
                # the initialiser is read at the start, in the scopes as they are here
                self.static_initialiser(var, decl.init, line, [dict(s) for s in env])
            env[-1][decl.name] = var
            return cur
        if isinstance(ctype, PointerType) or is_function_pointer_array(ctype) or \
                is_pointer_array(ctype):
            if isinstance(ctype, PointerType):
                var = self.fresh_pointer(decl.name, ctype)
            elif is_function_pointer_array(ctype):
                var = self.fresh_function_pointer_array(decl.name, ctype)
            else:
                var = self.fresh_pointer_array(decl.name, ctype)       # `pointer_arrays.py`
            env[-1][decl.name] = var
            if self.needs_object(decl.name, ctype, decl):       # `int **pp = &p`
                cur = self.local_object(var, env, cur, line)
            return self.initialise(var, decl.init, cur, env, line, static=False)
        if is_struct_type(ctype):
            var = self.fresh_struct(decl.name, ctype)
            env[-1][decl.name] = var
            if self.needs_object(decl.name, ctype, decl):
                cur = self.local_object(var, env, cur, line)
            return self.initialise(var, decl.init, cur, env, line, static=False)
        var = self.fresh(decl.name, ctype)
        env[-1][decl.name] = var
        self.current_frame.declared[id(decl)] = var      # for jumps into its scope (jumps.py)
        if self.needs_object(decl.name, ctype, decl):
            cur = self.local_object(var, env, cur, line)
        return self.initialise(var, decl.init, cur, env, line, static=False)

    def auto_type_declaration(self, decl: c_ast.Decl, cur, env):
        """`__auto_type v = e;` (GNU): v has the type of e after lvalue conversion (no
        promotion); e is evaluated before v is in scope (gcc rejects a use of v in e, and the
        front end a declaration that is not one identifier with an initialiser expression)."""
        line = _line(decl)
        if "static" in decl.storage:
            raise Unsupported(f"static variable '{decl.name}' declared with {AUTO_TYPE}", line)
        value, cur = self.lower(decl.init, cur, env)
        if value is None:
            raise Unsupported(f"{AUTO_TYPE} variable '{decl.name}' initialised with a void "
                              f"value", line)
        if isinstance(value.type, (ArrayType, PointerType)):
            raise Unsupported(f"{AUTO_TYPE} variable '{decl.name}' initialised with an array "
                              f"(a pointer)", line)
        if isinstance(value.type, BitFieldType):   # gcc: an error, or a type of w bits
            raise Unsupported(f"{AUTO_TYPE} variable '{decl.name}' initialised with a value "
                              f"of a bit-field's type", line)
        var = self.fresh(decl.name, value.type)
        env[-1][decl.name] = var
        self.current_frame.declared[id(decl)] = var
        return self.step(cur, Assign(var, value), line)

    # ------------------------------------------------------------ branches
    def branch(self, cond, cur, true_node, false_node, env, statement=None, outcomes=None) -> None:
        """Edges from `cur` to `true_node`/`false_node`; short-circuit operators branch.
        The edges into the two successors of `statement` record its decision."""
        if cur is None:
            return
        if statement is not None:
            outcomes = (statement, true_node, false_node)
        line = _line(cond)
        if isinstance(cond, c_ast.BinaryOp) and cond.op in ("&&", "||"):
            middle = self.new_node()
            if cond.op == "&&":
                self.branch(cond.left, cur, middle, false_node, env, outcomes=outcomes)
            else:
                self.branch(cond.left, cur, true_node, middle, env, outcomes=outcomes)
            self.branch(cond.right, middle, true_node, false_node, env, outcomes=outcomes)
            return
        if isinstance(cond, c_ast.UnaryOp) and cond.op == "!":
            self.branch(cond.expr, cur, false_node, true_node, env, outcomes=outcomes)
            return
        if isinstance(cond, c_ast.ExprList) and len(cond.exprs) > 1:
            for expr in cond.exprs[:-1]:
                _, cur = self.lower(expr, cur, env, discard=True)
            self.branch(cond.exprs[-1], cur, true_node, false_node, env, outcomes=outcomes)
            return
        if isinstance(cond, c_ast.TernaryOp) and not isinstance(cond, OmittedConditional) \
                and self.has_side_effects(cond):
            then_node, else_node = self.new_node(), self.new_node()
            self.branch(cond.cond, cur, then_node, else_node, env)
            self.branch(cond.iftrue, then_node, true_node, false_node, env, outcomes=outcomes)
            self.branch(cond.iffalse, else_node, true_node, false_node, env, outcomes=outcomes)
            return
        value, cur = self.lower(cond, cur, env)
        if cur is None:
            return
        truth = self.truth(value)
        self.edge(cur, true_node, Assume(truth), line, True)
        self.edge(cur, false_node, Assume(Unary("!", truth, self.model.int)), line, False)
        if outcomes is not None:
            for edge in self.edges[-2:]:
                if edge.dst in outcomes[1:]:
                    edge.decision = (outcomes[0], edge.dst == outcomes[1])


def _auto_type(decl: c_ast.Decl) -> bool:
    """The declaration's type is `__auto_type` (the front end allows it only on one plain
    identifier with an initialiser expression)."""
    node = decl.type
    return isinstance(node, c_ast.TypeDecl) and isinstance(node.type, c_ast.IdentifierType) \
        and AUTO_TYPE in node.type.names
