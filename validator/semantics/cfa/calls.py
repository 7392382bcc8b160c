"""Calls: inlining function bodies (recursion up to a bound), procedures and `Call` edges for
summarised recursion, the error and end functions, external and nondet functions, and the
witness intrinsics (checks and assumptions)."""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from instrument.weave import ASSUME, CHECK

from ..c_types import IntType, Unsupported
from ..ir import (Assign, Assume, Call, CheckFails, CheckSite, Procedure, Ref, Variable,
                  WitnessAssume)
from .names import (ASSUME_FUNCTIONS, END_FUNCTIONS, FUNCTION_NAME_IDS, HEAP_FUNCTIONS,
                    MAX_COPIES, NO_OP_FUNCTIONS, NONDET_TYPES)
from .syntax import _is_void


class _Function:
    """One inlined copy of a function: its labels, return node and return variable."""

    def __init__(self, name: str, return_node: int, return_var: Optional[Variable]) -> None:
        self.name = name
        self.return_node = return_node
        self.return_var = return_var
        self.labels: dict[str, int] = {}


class CallLowering:
    """Mixin of `CFABuilder`: calls, inlined or as procedures, and the intrinsic functions."""

    def inline_call(self, name: str, args: list, cur, env, line):
        if self.summarise_recursion and name in self.recursive:
            return self.summary_call(name, args, cur, line)
        function = self.functions[name]
        return_type = self.return_type(name)
        if cur is None:              # after a cut in the same expression: nothing to inline
            return (Ref(self.fresh(f"{name}::return", return_type)) if return_type else None), None
        if name in self.call_stack and (self.call_stack.count(name) >= self.recursion_bound
                                        or self.copies >= MAX_COPIES):
            # executions that recurse deeper are cut off here: a target every proof must show
            # unreachable (else only counterexamples that end before it count)
            node = self.new_node()
            self.bounds[node] = (f"recursion of '{name}' deeper than "
                                 f"{self.call_stack.count(name)} calls at line {line}")
            self.edge(cur, node, None, line)
            return (Ref(self.fresh(f"{name}::return", return_type)) if return_type else None), None
        if len(self.call_stack) > 64 and name not in self.call_stack:
            raise Unsupported("call depth above 64", line)
        self.copies += 1
        return_var = self.fresh(f"{name}::return", return_type) if return_type else None
        frame = _Function(name, self.new_node(), return_var)
        params = self.parameters(name)
        if len(args) < len(params) and name != "main":
            raise Unsupported(f"call of '{name}' with too few arguments", line)
        for position, var in enumerate(params):
            if position < len(args):
                cur = self.step(cur, Assign(var, self.convert(args[position], var.type)), line)
            else:       # parameters of main: arbitrary values
                cur = self.havoc(cur, var, None, line)
        self.call_stack.append(name)
        end = self.statement(function.body, cur, [self.scope_of(params)], frame, None, None)
        self.call_stack.pop()
        self.edge(end, frame.return_node)
        return (Ref(return_var) if return_var else None), frame.return_node

    @staticmethod
    def scope_of(params: list[Variable]) -> dict:
        return {var.name.split("::", 1)[1]: var for var in params}

    # ------------------------------------------------------------ procedures (summaries)
    def summary_call(self, name: str, args: list, cur, line):
        """A `Call` edge from a node of its own (the engine encodes it alone)."""
        procedure = self.procedure(name)
        if len(args) < len(procedure.params):
            raise Unsupported(f"call of '{name}' with too few arguments", line)
        result = procedure.result
        value = self.fresh(f"{name}::result", result.type) if result is not None else None
        if cur is None:
            return (Ref(value) if value else None), None
        values = [self.convert(arg, var.type) for arg, var in zip(args, procedure.params)]
        call = self.step(cur, None, line)
        after = self.new_node()
        self.edge(call, after, Call(name, values, value), line)
        return (Ref(value) if value else None), after

    def procedure(self, name: str) -> Procedure:
        if name not in self.procedures:
            return_type = self.return_type(name)
            result = self.fresh(f"{name}::return", return_type) if return_type else None
            procedure = Procedure(name, self.new_node(), self.new_node(), self.parameters(name),
                                  result)
            self.procedures[name] = procedure
            self.unbuilt_procedures.append(procedure)
        return self.procedures[name]

    def procedure_body(self, procedure: Procedure) -> None:
        frame = _Function(procedure.name, procedure.return_node, procedure.result)
        self.call_stack = [procedure.name]
        body = self.functions[procedure.name].body
        end = self.statement(body, procedure.entry, [self.scope_of(procedure.params)], frame,
                             None, None)
        self.call_stack = []
        self.edge(end, procedure.return_node)

    def save_at_entry(self, procedure: Procedure) -> None:
        """Variables that keep the parameters and globals of the entry: the summary relates
        them to the result and the globals at the return (the body may change its
        parameters).  No edge writes them; the engine sets them at the entry."""
        for var in procedure.params + [v for v in self.variables if v.is_global]:
            procedure.saved[var] = self.fresh(f"{procedure.name}::entry::{var.name}", var.type)

    # ------------------------------------------------------------ calls
    def call(self, node: c_ast.FuncCall, cur, env, line):
        if not isinstance(node.name, c_ast.ID):
            raise Unsupported("call through a function pointer", line)
        name = node.name.name
        args = node.args.exprs if node.args is not None else []
        if name == CHECK:
            return self.witness_check(node, args, cur, env, line)
        if name == ASSUME:
            index = int(args[0].value)
            cond, cur = self.lower(args[1], cur, env)
            return None, self.step(cur, WitnessAssume(index, self.truth(cond)), line)
        if name == self.error_function or name in END_FUNCTIONS:
            # the arguments are evaluated first (`exit(f())`: f may reach the error)
            cur = self.arguments_for_effect(args, cur, env, line)
            self.edge(cur, self.error if name == self.error_function else self.exit, None, line)
            return None, None
        if name in NO_OP_FUNCTIONS:
            return None, cur
        if name.startswith("pthread_") or name.startswith("__VERIFIER_atomic"):
            raise Unsupported(f"concurrency ({name})", line)
        if name in HEAP_FUNCTIONS:
            raise Unsupported(f"heap memory ({name})", line)
        if name.startswith("__VERIFIER_nondet_"):
            ctype = self.nondet_type(name, line)
            temp = self.fresh(name, ctype)
            return Ref(temp), self.havoc(cur, temp, name, line)
        if name in ASSUME_FUNCTIONS and name not in self.functions:
            cond, cur = self.lower(args[0], cur, env)
            return None, self.step(cur, Assume(self.truth(cond)), line)
        # C leaves the order of the arguments open; without interference (checked) it only
        # decides which input a nondet call reads: right to left, as gcc does (the replay)
        self.check_order(args, line)
        values: list = [None] * len(args)
        for position in reversed(range(len(args))):
            values[position], cur = self.lower(args[position], cur, env)
        if name in self.functions:
            return self.inline_call(name, values, cur, env, line)
        return self.external_call(name, values, cur, line)

    def arguments_for_effect(self, args: list, cur, env, line):
        """Evaluate arguments whose values are not used, but not the strings and function
        names of the assert functions (`__assert_fail("0", "f.c", 3, __func__)`)."""
        args = [a for a in args if not (isinstance(a, c_ast.Constant) and a.type == "string")
                and not (isinstance(a, c_ast.ID) and a.name in FUNCTION_NAME_IDS)]
        self.check_order(args, line)
        for arg in reversed(args):
            _, cur = self.lower(arg, cur, env, discard=True)
        return cur

    def external_call(self, name, values, cur, line):
        """A function without a body and without pointers: returns a nondet value."""
        prototype = self.prototypes.get(name)
        if prototype is None:
            raise Unsupported(f"call of undeclared function '{name}'", line)
        declarator = prototype.type
        for param in (declarator.args.params if declarator.args else []):
            if isinstance(param, c_ast.EllipsisParam):
                raise Unsupported(f"call of variadic external function '{name}'", line)
            if not _is_void(param.type):
                self.resolve_type(param.type, line)       # raises for pointers
        if _is_void(declarator.type):
            return None, cur
        ctype = self.resolve_type(declarator.type, line)
        temp = self.fresh(name, ctype)
        return Ref(temp), self.havoc(cur, temp, name, line)

    def nondet_type(self, name: str, line) -> IntType:
        prototype = self.prototypes.get(name)
        if prototype is not None:
            return self.resolve_type(prototype.type.type, line)
        suffix = name[len("__VERIFIER_nondet_"):]
        if suffix not in NONDET_TYPES:
            raise Unsupported(f"nondet function '{name}'", line)
        return self.model.types[NONDET_TYPES[suffix]] if NONDET_TYPES[suffix] in self.model.types \
            else self.model.from_specifiers(NONDET_TYPES[suffix].split(), line)

    def witness_check(self, node, args, cur, env, line):
        index = int(args[0].value)
        cond, _ = self.lower(args[1], None, env)
        if cur is None:
            return None, None
        fail = self.new_node()
        site = CheckSite(len(self.checks), index, self.where_of_check.get(id(node), "?"),
                         cur, fail, self.truth(cond), line)
        self.checks.append(site)
        self.edge(cur, fail, CheckFails(site.site, site.cond), line)
        return None, cur
