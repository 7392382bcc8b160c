"""Calls: inlining function bodies (recursion up to a bound), procedures and `Call` edges for
summarised recursion, the error and end functions, external and nondet functions, and the
witness intrinsics (checks and assumptions).

A function the program defines runs its body, whatever its name (`abort`, `exit`,
`__VERIFIER_assume`, `__VERIFIER_nondet_int`, ...): only the functions it does not define get
the fixed meanings of `names`.  The exception is the property's error function, whose call
itself violates `G ! call(f())`.  Two ends of a call are undefined behaviour (`undefined`): a
caller using the value of a function that fell off its end (C11 6.9.1p12; `main` returns 0
there, C99 5.1.2.2.3), and a return from a function gcc treats as noreturn (`abort`, `exit`,
`_exit`, `_Exit`, and functions declared noreturn, C11 6.7.4p8).
"""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from instrument.woven import ASSUME, CHECK

from ..c_types import LONG_DOUBLE, ArrayType, IntType, StructType, Unsupported
from ..ir import (Assign, Assume, Call, CheckFails, CheckSite, Const, Edge, Havoc, Procedure,
                  Ref, Unary, Variable, WitnessAssume)
from .constants import _fold
from .jumps import entered_declarations
from .math_calls import MODELLED_MATH, NAN, math_value, quiet_nan
from .names import (END_FUNCTIONS, FUNCTION_NAME_IDS, HEAP_FUNCTIONS, MATH_FUNCTIONS, MAX_COPIES,
                    NO_OP_FUNCTIONS, NONDET_TYPES, NORETURN_BUILTINS, STREAM_FUNCTIONS,
                    STRING_FUNCTIONS, has_fixed_meaning)
from .pointers import ALLOCATION_FUNCTIONS, Pointer, PointerType, PointerVariable
from .values import StructVariable
from .syntax import _is_void, declared_noreturn


class _Function:
    """One inlined copy of a function: its labels, return node and return variable."""

    def __init__(self, name: str, return_node: int, return_var: Optional[Variable]) -> None:
        self.name = name
        self.return_node = return_node
        self.return_var = return_var
        self.labels: dict[str, int] = {}
        # jumps into blocks past declarations (`jumps.py`): id of the goto/case node -> the
        # declarations; the variables of this copy's declarations; (edge, declarations) of
        # each such jump lowered
        self.entered: dict[int, list] = {}
        self.declared: dict[int, Variable] = {}
        self.jumps: list[tuple[Edge, list]] = []
        self.objects: list = []       # its locals whose address may be taken (`pointers.py`)


class FallOffState:
    """The builder's procedures that can fall off their end (-> their flag), and the calls of
    procedures whose value is used: (callee, node after the call, node to go on at, line)."""

    def __init__(self) -> None:
        self.flags: dict[str, Variable] = {}
        self.uses: list[tuple] = []


class CallLowering:
    """Mixin of `CFABuilder`: calls, inlined or as procedures, and the intrinsic functions."""

    def inline_call(self, name: str, args: list, cur, env, line, used: bool = True):
        """The body of `name` inlined; `used`: the caller uses the value it returns."""
        if self.summarise_recursion and name in self.recursive:
            return self.summary_call(name, args, cur, line, used)
        function = self.functions[name]
        return_type = self.return_type(name)
        if cur is None:              # after a cut in the same expression: nothing to inline
            return self.cut_result(name, return_type), None
        if name in self.call_stack and (self.call_stack.count(name) >= self.recursion_bound
                                        or self.copies >= MAX_COPIES):
            # executions that recurse deeper are cut off here: a target every proof must show
            # unreachable (else only counterexamples that end before it count)
            node = self.new_node()
            self.bounds[node] = (f"recursion of '{name}' deeper than "
                                 f"{self.call_stack.count(name)} calls at line {line}")
            self.edge(cur, node, None, line)
            return self.cut_result(name, return_type), None
        if len(self.call_stack) > 64 and name not in self.call_stack:
            raise Unsupported("call depth above 64", line)
        self.copies += 1
        if isinstance(return_type, PointerType):
            return_var = self.fresh_pointer(f"{name}::return", return_type)
        elif isinstance(return_type, StructType):     # returned by value: a copy (`Return`)
            return_var = self.fresh_struct(f"{name}::return", return_type)
        else:
            return_var = self.fresh(f"{name}::return", return_type) if return_type else None
        frame = _Function(name, self.new_node(), return_var)
        frame.entered = self.entered_declarations(name)
        params = self.parameters(name)
        if len(args) < len(params) and name != "main":
            raise Unsupported(f"call of '{name}' with too few arguments", line)
        for position, var in enumerate(params):
            if isinstance(var, PointerVariable):
                if position >= len(args):
                    raise Unsupported(f"pointer parameter '{var.name}' of main", line)
                cur = self.assign_pointer(var, self.as_pointer(args[position]), cur, line)
            elif isinstance(var, StructVariable) and position < len(args):    # by value
                cur = self.copy_place(var, args[position], self.declare_arrays(var, cur, line),
                                      line)
            elif position < len(args):
                cur = self.step(cur, Assign(var, self.convert(args[position], var.type)), line)
            else:       # parameters of main: arbitrary values
                cur = self.havoc(cur, var, None, line)
        self.call_stack.append(name)
        self.call_lines.append(line)
        entry, first_edge = cur, len(self.edges)
        body_start = self.new_node()
        end = self.statement(function.body, body_start, [self.scope_of(params)], frame, None,
                             None)
        self.start_lifetimes(frame, entry, body_start)
        skipped = [d for decls in frame.entered.values() for d in decls]
        if self.memory.uses_pointers and any(
                isinstance(d.type, (c_ast.PtrDecl, c_ast.ArrayDecl)) or
                d.name in self.memory.addressed for d in skipped):
            raise Unsupported(f"a jump past the declaration of a pointer or an object whose "
                              f"address may be taken, in '{name}'", line)
        self.restart_lifetimes(frame)
        self.call_stack.pop()
        self.call_lines.pop()
        if end is not None and return_var is not None:
            if name == "main":
                end = self.step(end, Assign(return_var, Const(0, return_var.type)))
            elif used and self.reaches(entry, end, first_edge):
                self.undefined(end, self.fall_off(name, line), line)
                end = None
        self.edge(end, frame.return_node)
        after = self.end_lifetimes(frame, frame.return_node)
        if isinstance(return_var, PointerVariable):
            result = self.read_pointer(return_var)
        elif isinstance(return_var, StructVariable):
            result = return_var
        else:
            result = Ref(return_var) if return_var else None
        if self.is_noreturn(name):
            if self.reaches(entry, frame.return_node, first_edge):
                self.undefined(frame.return_node, self.noreturn_returns(name, line), line)
            return result, None
        return result, after

    @staticmethod
    def scope_of(params: list[Variable]) -> dict:
        return {var.name.split("::", 1)[1]: var for var in params}

    # ------------------------------------------------------------ undefined behaviour
    def undefined(self, cur, what: str, line) -> None:
        """An execution at `cur` has undefined behaviour `what`: a node of `CFA.undefined`, a
        target like every other undefined behaviour (reachable: no proof, and nothing after it
        is modelled, so no refutation goes through it).  The gcc build traps there too
        (`execution/harness.py`: a trap at the end of every non-void function and wherever a
        noreturn function returns), so no native run passes it."""
        if cur is None:
            return
        node = self.new_node()
        self.undefined_at[node] = what
        self.edge(cur, node, None, line)

    @staticmethod
    def fall_off(name: str, line) -> str:
        return (f"the value of the call of '{name}' at line {line} is used, "
                f"but '{name}' can end without a return statement (C11 6.9.1p12)")

    @staticmethod
    def noreturn_returns(name: str, line) -> str:
        return (f"'{name}' returns, but gcc treats it as a function that "
                f"does not return (the call at line {line})")

    def is_noreturn(self, name: str) -> bool:
        """gcc's noreturn built-ins, and functions declared `_Noreturn` or noreturn."""
        decls = [self.functions[name].decl, self.prototypes.get(name)]
        return name in NORETURN_BUILTINS or any(declared_noreturn(d) for d in decls if d)

    def reaches(self, start: int, goal: int, first_edge: int) -> bool:
        """`goal` is reachable from `start` over the edges built since `first_edge`, except
        those whose condition is constant false (the exit of `while (1)`)."""
        successors: dict[int, list[int]] = {}
        for edge in self.edges[first_edge:]:
            if not (isinstance(edge.op, Assume) and _fold(edge.op.cond) == 0):
                successors.setdefault(edge.src, []).append(edge.dst)
        seen, stack = {start}, [start]
        while stack:
            node = stack.pop()
            if node == goal:
                return True
            for successor in successors.get(node, []):
                if successor not in seen:
                    seen.add(successor)
                    stack.append(successor)
        return False

    # ------------------------------------------------------------ procedures (summaries)
    def summary_call(self, name: str, args: list, cur, line, used: bool = True):
        """A `Call` edge from a node of its own (the engine encodes it alone).  Where the
        caller uses the value, what follows the call is connected once every procedure is
        built (`value_uses`)."""
        if self.is_noreturn(name):
            raise Unsupported(f"recursive function '{name}' that does not return", line)
        procedure = self.procedure(name)
        if len(args) < len(self.procedure_params[name]):
            raise Unsupported(f"call of '{name}' with too few arguments", line)
        result = procedure.result
        value = self.fresh(f"{name}::result", result.type) if result is not None else None
        if cur is None:
            return (Ref(value) if value else None), None
        values = []
        for arg, var in zip(args, self.procedure_params[name]):
            if isinstance(var, PointerVariable):    # a pointer is passed as its two halves
                pointer = self.convert_pointer(self.as_pointer(arg), var.type, line)
                values += [pointer.base, pointer.offset]
            else:
                values.append(self.convert(arg, var.type))
        call = self.step(cur, None, line)
        after = self.new_node()
        self.edge(call, after, Call(name, values, value), line)
        if not used or value is None:
            return (Ref(value) if value else None), after
        cont = self.new_node()
        self.fall_off_state.uses.append((name, after, cont, line))
        return Ref(value), cont

    def cut_result(self, name: str, return_type):
        """The value of a call whose execution is cut off (no path goes on from it)."""
        if return_type is None:
            return None
        if isinstance(return_type, PointerType):
            return self.read_pointer(self.fresh_pointer(f"{name}::return", return_type))
        return Ref(self.fresh(f"{name}::return", return_type))

    def procedure(self, name: str) -> Procedure:
        if name not in self.procedures:
            return_type = self.return_type(name)
            result = self.fresh(f"{name}::return", return_type) if return_type else None
            params = self.parameters(name)
            if any(isinstance(var, StructVariable) for var in params):
                raise Unsupported(f"struct parameter of the recursive function '{name}'")
            self.procedure_params[name] = params
            flat = [half for var in params for half in
                    ((var.base, var.offset) if isinstance(var, PointerVariable) else (var,))]
            procedure = Procedure(name, self.new_node(), self.new_node(), flat, result)
            self.procedures[name] = procedure
            self.unbuilt_procedures.append(procedure)
        return self.procedures[name]

    def entered_declarations(self, name: str) -> dict[int, list]:
        """The jumps of a function into blocks past declarations (`jumps.py`), once."""
        if name not in self.entered_by_jumps:
            self.entered_by_jumps[name] = entered_declarations(self.functions[name].body)
        return self.entered_by_jumps[name]

    def jumped(self, frame: _Function, node, edge_count: int) -> None:
        """The edge just added (if any) is the jump `node` (a goto, or the switch's edge to a
        case): remember it if it enters blocks past declarations."""
        decls = frame.entered.get(id(node))
        if decls and len(self.edges) > edge_count:
            frame.jumps.append((self.edges[-1], decls))

    def restart_lifetimes(self, frame: _Function) -> None:
        """After a copy's body: on each jump into a block, the variables whose declarations it
        skips begin a new lifetime, indeterminate (as if declared: `Havoc(declaration)`)."""
        for edge, decls in frame.jumps:
            for decl in decls:
                var = frame.declared.get(id(decl))
                if var is None:
                    continue
                middle = self.new_node()
                self.edges.append(Edge(middle, edge.dst, Havoc(var, None, edge.line, True),
                                       edge.line))
                edge.dst = middle

    def procedure_body(self, procedure: Procedure) -> None:
        """The body, once.  A procedure that can fall off its end sets a global flag of its
        own at every return: 1 there, else 0.  After the last body, every call whose value is
        used is connected: where the flag is 1, undefined behaviour."""
        name = procedure.name
        returned = self.new_node()        # where the return statements go
        frame = _Function(name, returned, procedure.result)
        self.call_stack, self.call_lines = [name], []
        self.building_procedure = name
        frame.entered = self.entered_declarations(name)
        body = self.functions[name].body
        first_edge = len(self.edges)
        end = self.statement(body, procedure.entry, [self.scope_of(self.procedure_params[name])],
                             frame, None, None)
        self.restart_lifetimes(frame)
        self.call_stack = []
        self.building_procedure = None
        state = self.fall_off_state
        if procedure.result is not None and end is not None \
                and self.reaches(procedure.entry, end, first_edge):
            flag = state.flags[name] = self.fresh(f"{name}::fell_off", self.model.int, True)
            returned = self.step(returned, Assign(flag, Const(0, flag.type)))
            end = self.step(end, Assign(flag, Const(1, flag.type)))
        self.edge(returned, procedure.return_node)
        self.edge(end, procedure.return_node)
        if self.unbuilt_procedures:
            return
        for callee, after, cont, line in state.uses:
            flag = state.flags.get(callee)
            if flag is None:
                self.edge(after, cont)
                continue
            fell_off = self.truth(Ref(flag))
            undefined = self.new_node()
            self.edge(after, undefined, Assume(fell_off), line)
            self.edge(after, cont, Assume(Unary("!", fell_off, self.model.int)), line)
            self.undefined(undefined, self.fall_off(callee, line), line)
        state.uses = []

    def save_at_entry(self, procedure: Procedure) -> None:
        """Variables that keep the parameters and globals of the entry: the summary relates
        them to the result and the globals at the return (the body may change its
        parameters).  No edge writes them; the engine sets them at the entry."""
        for var in procedure.params + [v for v in self.variables if v.is_global]:
            procedure.saved[var] = self.fresh(f"{procedure.name}::entry::{var.name}", var.type)

    # ------------------------------------------------------------ calls
    def call(self, node: c_ast.FuncCall, cur, env, line, discard: bool = False):
        """A call; `discard`: its value is not used (a call statement, a cast to void)."""
        if not isinstance(node.name, c_ast.ID) or self.callee_variable(node.name.name, env):
            return self.indirect_call(node, cur, env, line, discard)   # function_pointers.py
        name = node.name.name
        if node.args is not None and not isinstance(node.args, c_ast.ExprList):
            # types as arguments (`__builtin_types_compatible_p(int, long)`)
            raise Unsupported(f"GCC built-in '{name}'" if name.startswith("__builtin_")
                              else f"call of '{name}' with types as arguments", line)
        args = node.args.exprs if node.args is not None else []
        if name == CHECK:
            return self.witness_check(node, args, cur, env, line)
        if name == ASSUME:
            index = int(args[0].value)
            cond, cur = self.lower(args[1], cur, env)
            return None, self.step(cur, WitnessAssume(index, self.truth(cond)), line)
        if name in NAN:
            return quiet_nan(name, args, line), cur
        if name.startswith("__builtin_") and name not in MODELLED_MATH:
            return self.builtin_call(name, node, args, cur, env, line)
        if name == self.error_function:
            # the call violates the property, whatever the function's body would do; the
            # arguments are evaluated first (`reach_error(f())`: f may reach the error too)
            cur = self.arguments_for_effect(args, cur, env, line)
            self.edge(cur, self.error, None, line)
            return None, None
        if name not in self.functions:
            meaning = self.fixed_meaning(name, args, cur, env, line)
            if meaning is not None:
                return meaning
        try:
            # C leaves the order of the arguments open; without interference (checked) it
            # only decides which input a nondet call reads: right to left, as gcc does
            self.check_order(args, line)
            values: list = [None] * len(args)
            for position in reversed(range(len(args))):
                values[position], cur = self.lower(args[position], cur, env)
            if name in self.functions:
                return self.inline_call(name, values, cur, env, line, not discard)
            if name in STRING_FUNCTIONS:
                return self.string_call(name, values, cur, line)
            if name in STREAM_FUNCTIONS:
                return self.stream_call(name, values, cur, line)
            if name in MODELLED_MATH:
                return math_value(self, name, values, line), cur
            if name in MATH_FUNCTIONS:
                raise Unsupported(f"math library function '{name}' (not modelled)", line)
            return self.external_call(name, values, cur, line)
        except Unsupported as e:
            if name in self.functions and has_fixed_meaning(name):
                raise Unsupported(f"the program's own definition of '{name}': {e.what}",
                                  e.line) from None
            raise

    def fixed_meaning(self, name: str, args: list, cur, env, line):
        """(value, node after) of a function the program does not define but whose name has
        a meaning of its own (see `names`); None for an external function."""
        if not has_fixed_meaning(name):
            return None
        if name in END_FUNCTIONS:
            # the arguments are evaluated first (`exit(f())`: f may reach the error)
            cur = self.arguments_for_effect(args, cur, env, line)
            self.edge(cur, self.exit, None, line)
            return None, None
        if name in NO_OP_FUNCTIONS:
            return None, cur
        if name.startswith("pthread_") or name.startswith("__VERIFIER_atomic"):
            raise Unsupported(f"concurrency ({name})", line)
        if name == "free":
            return self.free(args, cur, env, line)
        if name in HEAP_FUNCTIONS:
            raise Unsupported(f"heap memory ({name}" + (": its block must be converted to a "
                              "pointer type at once)" if name in ALLOCATION_FUNCTIONS else ")"),
                              line)
        if name.startswith("__VERIFIER_nondet_"):
            ctype = self.nondet_type(name, line)
            temp = self.fresh(name, ctype)
            return Ref(temp), self.havoc(cur, temp, name, line)
        cond, cur = self.lower(args[0], cur, env)       # what is left: an assume function
        return None, self.step(cur, Assume(self.truth(cond)), line)

    def builtin_call(self, name: str, node: c_ast.FuncCall, args: list, cur, env, line):
        """GCC's built-in functions: the name means the built-in whatever the program declares
        (`void __builtin_unreachable(void);` is still the built-in).  Those modelled exactly are
        here; every other one is `Unsupported` naming it."""
        if name == "__builtin_unreachable" and not args:
            self.undefined(cur, f"__builtin_unreachable() reached at line {line}", line)
            return None, None
        if name in ("__builtin_trap", "__builtin_abort") and not args:
            self.edge(cur, self.exit, None, line)       # the execution ends, without error
            return None, None
        if name == "__builtin_expect" and len(args) == 2:
            # long __builtin_expect(long exp, long c): the value of exp (c is a hint)
            self.check_order(args, line)
            values: list = [None, None]
            for position in reversed(range(2)):
                values[position], cur = self.lower(args[position], cur, env)
            return self.convert(values[0], self.model.types["long"]), cur
        raise Unsupported(f"GCC built-in '{name}'", line)

    def arguments_for_effect(self, args: list, cur, env, line):
        """Evaluate the arguments of the error and end functions (their values are passed,
        so used), but not the strings and function names of the assert functions
        (`__assert_fail("0", "f.c", 3, __func__)`)."""
        args = [a for a in args if not (isinstance(a, c_ast.Constant) and a.type == "string")
                and not (isinstance(a, c_ast.ID) and a.name in FUNCTION_NAME_IDS)]
        self.check_order(args, line)
        values = []
        for arg in reversed(args):
            value, cur = self.lower(arg, cur, env)
            values.append(value)
        return self.passed(values, cur, line)

    def passed(self, values: list, cur, line):
        """Arguments whose values go where the CFA does not follow them (an end function, an
        external function) are still read: an edge reads each, so that a read of an
        uninitialised variable among them is seen (`indeterminate.py`)."""
        for value in values:
            if isinstance(value, Pointer):
                cur = self.passed([value.base, value.offset], cur, line)
                continue
            if value is None or isinstance(value, Const) or isinstance(value.type, ArrayType):
                continue
            sink = self.passed_values.get(value.type.name)
            if sink is None:
                sink = self.passed_values[value.type.name] = self.fresh("__passed", value.type)
            cur = self.step(cur, Assign(sink, value), line)
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
            if not _is_void(param.type) and \
                    not isinstance(self.resolve_type(param.type, line), IntType):
                raise Unsupported(f"external function '{name}' with a pointer or array "
                                  f"parameter", line)
        cur = self.passed(values, cur, line)
        if declared_noreturn(prototype):
            # it does not return, and no body of the program runs: the execution ends there
            # without error, as at `exit` (the harness's stub ends the run the same way)
            self.edge(cur, self.exit, None, line)
            if _is_void(declarator.type):
                return None, None
            # a value for the expression around the call, which no execution evaluates
            return Ref(self.fresh(name, self.resolve_type(declarator.type, line))), None
        if _is_void(declarator.type):
            return None, cur
        ctype = self.resolve_type(declarator.type, line)
        if not isinstance(ctype, IntType):
            raise Unsupported(f"external function '{name}' returning a pointer", line)
        temp = self.fresh(name, ctype)
        return Ref(temp), self.havoc(cur, temp, name, line)

    def nondet_type(self, name: str, line) -> IntType:
        prototype = self.prototypes.get(name)
        if prototype is not None:
            ctype = self.resolve_type(prototype.type.type, line)
            if ctype == LONG_DOUBLE:
                # replays and native runs pass inputs as 64 bits: not every long double
                raise Unsupported(f"nondet function '{name}' returning long double", line)
            return ctype
        suffix = name[len("__VERIFIER_nondet_"):]
        if suffix not in NONDET_TYPES:
            raise Unsupported(f"nondet function '{name}'", line)
        return self.model.types[NONDET_TYPES[suffix]] if NONDET_TYPES[suffix] in self.model.types \
            else self.model.from_specifiers(NONDET_TYPES[suffix].split(), line)

    def witness_check(self, node, args, cur, env, line):
        index = int(args[0].value)
        self.pure_evaluation = True
        try:
            cond, _ = self.lower(args[1], None, env)
        finally:
            self.pure_evaluation = False
        if cur is None:
            return None, None
        fail = self.new_node()
        site = CheckSite(len(self.checks), index, self.where_of_check.get(id(node), "?"),
                         cur, fail, self.truth(cond), line, tuple(self.call_lines))
        self.checks.append(site)
        self.edge(cur, fail, CheckFails(site.site, site.cond), line)
        return None, cur
