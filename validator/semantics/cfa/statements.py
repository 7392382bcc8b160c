"""Statements: blocks, declarations inside functions, `if`, loops, `switch`, jumps and labels,
`return`; and branches on conditions (short-circuit operators branch)."""
from __future__ import annotations

from pycparser import c_ast

from instrument.frontend import FUNCTION_DECLARATORS

from ..c_types import Unsupported
from ..ir import Assign, Assume, Binary, Const, Ref, Unary
from .calls import _Function
from .syntax import _collect_cases, _contains_label, _line, has_side_effects


class StatementLowering:
    """Mixin of `CFABuilder`: statements and branches."""

    # ------------------------------------------------------------ statements
    def statement(self, node, cur, env, frame: _Function, break_to, continue_to):
        """Lower a statement in the scopes `env` (also where type names in its expressions are
        resolved: `current_env`, restored after an inlined body)."""
        outer, self.current_env = self.current_env, env
        try:
            return self.lower_statement(node, cur, env, frame, break_to, continue_to)
        finally:
            self.current_env = outer

    def lower_statement(self, node, cur, env, frame: _Function, break_to, continue_to):
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
                _, after = self.lower(node.next, increment, env)
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
            if node.expr is not None:
                value, cur = self.lower(node.expr, cur, env)
                if frame.return_var is not None and value is not None:
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
            self.edge(cur, target)
            return None
        if isinstance(node, c_ast.Pragma):
            return cur
        if isinstance(node, c_ast.FuncDef):
            raise Unsupported("nested function", line)
        # an expression statement
        _, cur = self.lower(node, cur, env, discard=True)
        return cur

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
            label = self.constant_value(case.expr, env, _line(case))
            equal = Binary("==", Ref(temp), Const(value.type.wrap(label), value.type),
                           self.model.int, line)
            self.edge(cur, target, Assume(equal), line, True)
            others.append(equal)
        fallback = default_node if default_node is not None else done
        condition = Const(1, self.model.int)
        for equal in others:
            condition = Binary("&&", condition, Unary("!", equal, self.model.int), self.model.int)
        self.edge(cur, fallback, Assume(condition), line, False)
        end = self.statement(node.stmt, None, env, frame, done, continue_to)
        self.edge(end, done)
        return done

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
        ctype = self.variable_type(decl, env)
        if "static" in decl.storage:
            var = self.statics.get(id(decl))
            if var is None:
                var = self.fresh(decl.name, ctype, True)
                self.statics[id(decl)] = var
                # the initialiser is read at the start, in the scopes as they are here
                self.initialisers.append((var, decl.init, line, [dict(s) for s in env]))
            env[-1][decl.name] = var
            return cur
        var = self.fresh(decl.name, ctype)
        env[-1][decl.name] = var
        return self.initialise(var, decl.init, cur, env, line, static=False)

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
        if isinstance(cond, c_ast.TernaryOp) and has_side_effects(cond):
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
