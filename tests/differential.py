"""Differential test of the C semantics: the block encoding against gcc on random inputs.

Both sides run the SAME program: the parsed program plus *probes*.  A probe site is a group
of checks `__witness_check(K, c)`, as weaving invariants `c` makes them, preceded by
assignments `__probe_j = (long long)(x);` of the integer variables in scope (scalars; first
and last element of arrays) to fresh globals; the `c` are simple conditions on them
(CONDITIONS).
Probe sites sit in the controlling expression of every loop (any function), before every
`return` of `main` and at its end, and before every call of `exit`/`abort`/`__assert_fail`.
A woven check is a cut point of the transition system, so the encoder's state at a probe site
is the exit state of a block, and whether `c` holds is its failure target; gcc prints the
probe globals and which conditions failed when `__witness_check` is called.  An execution is
then a list of *events* (site, probe values, failed conditions) and an *outcome*:

- `error`: the error function was called;
- `end`: the execution ended without error (main returned, exit, abort, an assumption failed);
- `ub`: undefined behaviour the encoder models (gcc: a trap of `-fsanitize=... -trap`);
- `out-of-inputs`: a nondet function was called after the input vector was used up;
- `too-long`: more than MAX_EVENTS events (both sides stop at the same event), or, without
  events, more than MAX_STEPS blocks (encoder) or the time limit (gcc), or recursion deeper
  than RECURSION_BOUND (encoder): only the common prefix of events is compared then.

gcc side: the replay's build (`-O0`, UB trapping), `-m32` for ILP32 and `-m64` for LP64, uninitialised locals zeroed
(`-ftrivial-auto-var-init=zero`; the encoder, built with `--uninitialized nondet`, gives
reached uninitialised locals and reads of them 0 as well),
the nondet functions (and bodiless external functions) read the next value of the input
vector from stdin, converted to their return type.

Encoder side: the blocks of `validator.semantics.blocks.TransitionSystem` (bit-vectors, and where the
program allows also mathematical integers, the two theories taking turns run by run) are
executed concretely with `z3.substitute` +
`z3.simplify`, starting at the CFA entry.  The nondet constants of a block are visited in
creation order (a topological order of the block): a reached input nondet gets the next input
value (as a bit-vector its low bits, which the encoding must convert: a `_Bool` may get 2; as
an integer the C value of those bits), a reached uninitialised local gets 0, a nondet that is
not reached gets junk (nothing may depend on it).  Then the targets and exactly one true exit
condition give the outcome or the next cut point and state.

The functions the program calls without defining them are defined as the replay of
counterexamples defines them (`validator.execution.harness.stub_functions`), so that is tested too.
"""
from __future__ import annotations

import copy
import random
import re
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import z3
from z3.z3 import _to_expr_ref
from pycparser import c_ast
from pycparserext.ext_c_parser import GnuCParser

from instrument.errors import InputError
from instrument.frontend import FUNCTION_DECLARATORS, parse_program
from instrument.woven import CHECK
from validator.semantics.blocks import BOUND, ERROR, FAIL, INVARIANT_UB, UB, TransitionSystem
from validator.semantics.theories import BitVectors, Integers, floating_obstacle, integer_obstacle
from validator.semantics.c_types import ArrayType, DataModel, Unsupported
from validator.semantics.cfa import END_FUNCTIONS, NONDET, build_cfa
from validator.execution import harness
from validator.execution.harness import stub_functions
from instrument.task import load_property, load_task_definition

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
SAMPLE = ROOT / "sv-benchmarks-sample"
EXTRA = Path(__file__).resolve().parent / "data" / "differential"

MAX_EVENTS = 100          # both sides stop at the same event
MAX_STEPS = 600           # encoder blocks per run, for executions without events
RECURSION_BOUND = 6       # recursive calls inlined this deep; deeper runs count as too long
GCC_TIMEOUT = 5.0         # seconds per gcc run
MAX_PROBES_PER_SITE = 24
PROBE_PREFIX = "__probe_"
INDEX_BITS = 64           # the index sort of arrays
ERROR_STUB = "__diff_error"
EXTRA_FLAGS = ["-ftrivial-auto-var-init=zero"]

INTEGER_WORDS = {"int", "char", "short", "long", "signed", "unsigned", "_Bool", "__int128",
                 "__int128_t", "__uint128_t", "__signed__", "__signed"}
QUALIFIER_WORDS = {"const", "volatile", "register", "restrict", "__restrict"}


# ------------------------------------------------------------------ programs
@dataclass
class ProgramSpec:
    name: str                 # for messages
    path: str
    data_model: str
    error_function: str
    runs: int                 # input vectors
    inputs: int = 64          # values per input vector


def all_programs(corpus_runs: int = 6, witness_runs: int = 3,
                 extra_runs: int = 14) -> list[ProgramSpec]:
    """Every corpus task (data model and error function from its definition), every program
    of a corpus witness (ILP32), every sample program and every program of
    tests/data/differential (these two in both data models)."""
    specs = []
    for task_file in sorted((CORPUS / "sv-benchmarks" / "c").rglob("*.yml")):
        task = load_task_definition(str(task_file))
        prop = load_property(task.property_file)
        name = str(task_file.relative_to(CORPUS / "sv-benchmarks" / "c"))
        specs.append(ProgramSpec(name, task.program, task.data_model or "ILP32",
                                 prop.error_function or "reach_error", corpus_runs))
    witnesses = CORPUS / "witnesses"
    for program in sorted(p for p in list(witnesses.rglob("*.c")) + list(witnesses.rglob("*.i"))
                          if p.is_file()):
        specs.append(ProgramSpec(str(program.relative_to(CORPUS)), str(program), "ILP32",
                                 "reach_error", witness_runs))
    for directory, label, runs in ((SAMPLE / "c", "sample", corpus_runs),
                                   (EXTRA, "extra", extra_runs)):
        for program in sorted(directory.glob("*.c")):
            for model in ("ILP32", "LP64"):
                specs.append(ProgramSpec(f"{label}/{program.name} [{model}]", str(program), model,
                                         "reach_error", runs, 64 if label == "sample" else 192))
    return specs


# ------------------------------------------------------------------ probes
def _long_long() -> c_ast.Typename:
    return c_ast.Typename(None, [], None,
                          c_ast.TypeDecl(None, [], None, c_ast.IdentifierType(["long", "long"])))


def _int(value: int) -> c_ast.Constant:
    return c_ast.Constant("int", str(value))


@dataclass
class ProbeSite:
    key: int
    probes: list[tuple[str, str]] = field(default_factory=list)   # (global name, what)
    conditions: list[str] = field(default_factory=list)    # checked as invariants would be


# checked at every probe site, over the scalars in scope in turn: the check encoding (its
# failure targets) must agree with gcc on which fail.  Check `K * CHECKS_PER_SITE + j` is
# condition j of site K; check `K * CHECKS_PER_SITE` (condition 1) marks the event.
CONDITIONS = ["{x} % 3 == 1", "{x} < 5", "({x} & 1) == 0", "{x} >= -2 && {x} != 7",
              "(unsigned int){x} > 10u", "!{x}", "{x} / 4 == -1", "{x} % -5 == -2",
              "(signed char){x} < 0", "(unsigned long long){x} * 3u - 7u > 20u",
              "({x} >> 2) == -1", "~{x} < -5"]
# (no condition may have undefined behaviour for any value: signed overflow is undefined, so
# the product is computed in unsigned long long)
CHECKS_PER_SITE = 16


def _check(key: int, condition: c_ast.Node) -> c_ast.FuncCall:
    return c_ast.FuncCall(c_ast.ID(CHECK), c_ast.ExprList([_int(key), condition]))


def _expression(text: str) -> c_ast.Node:
    ast = GnuCParser().parse(f"void f(void) {{ ({text}); }}", "condition")
    return ast.ext[0].body.block_items[0]


class Prober:
    """Adds the probe sites to a copy of the AST (see the module docstring)."""

    def __init__(self, ast: c_ast.FileAST, error_function: str) -> None:
        self.ast = copy.deepcopy(ast)
        self.error_function = error_function
        self.typedefs: dict[str, c_ast.Node] = {}
        self.sites: list[ProbeSite] = []
        self.probe_count = 0
        self.defined = {n.name for n in self.ast.ext if isinstance(n, c_ast.Decl) and n.name
                        and not isinstance(n.type, FUNCTION_DECLARATORS)
                        and "extern" not in n.storage}
        self.function = ""

    def run(self) -> c_ast.FileAST:
        file_scope: dict[str, int] = {}
        for node in self.ast.ext:
            if isinstance(node, c_ast.Typedef):
                self.typedefs[node.name] = node.type
            elif isinstance(node, c_ast.Decl) and node.name and \
                    not isinstance(node.type, FUNCTION_DECLARATORS):
                self._declare(node, [file_scope])
            elif isinstance(node, c_ast.FuncDef):
                self.function = node.decl.name
                scopes = [dict(file_scope), {}]
                args = node.decl.type.args
                for param in (args.params if args is not None else []):
                    if isinstance(param, c_ast.Decl) and param.name:
                        self._declare(param, scopes)
                node.body = self._statement(node.body, scopes)
                if self.function == "main":
                    node.body.block_items = (node.body.block_items or []) + \
                        self._site(scopes + [self._scope_of_body(node.body)])
        declarations = [c_ast.Decl(f"{PROBE_PREFIX}{j}", [], [], [], [],
                                   c_ast.TypeDecl(f"{PROBE_PREFIX}{j}", [], None,
                                                  c_ast.IdentifierType(["long", "long"])),
                                   None, None) for j in range(self.probe_count)]
        self.ast.ext[0:0] = declarations
        return self.ast

    # -------------------------------------------------------------- scopes
    def _kind(self, node) -> Optional[int]:
        """0 for an integer scalar, n for an n-dimensional integer array, None otherwise."""
        if isinstance(node, c_ast.TypeDecl):
            inner = node.type
            if isinstance(inner, c_ast.Enum):
                return 0
            if isinstance(inner, c_ast.IdentifierType):
                names = [n for n in inner.names if n not in QUALIFIER_WORDS]
                if len(names) == 1 and names[0] in self.typedefs:
                    return self._kind(self.typedefs[names[0]])
                if names and all(n in INTEGER_WORDS for n in names):
                    return 0
            return None
        if isinstance(node, c_ast.ArrayDecl) and node.dim is not None:
            inner = self._kind(node.type)
            return None if inner is None else inner + 1
        return None

    def _declare(self, decl: c_ast.Decl, scopes: list[dict]) -> None:
        kind = self._kind(decl.type)
        if "extern" in decl.storage and decl.name not in self.defined:
            kind = None          # no definition: a use would not link
        scopes[-1][decl.name] = -1 if kind is None else kind     # -1: not probed, but shadows

    def _scope_of_body(self, body) -> dict:
        scope: dict = {}
        for item in body.block_items or []:
            if isinstance(item, c_ast.Decl) and item.name and \
                    not isinstance(item.type, FUNCTION_DECLARATORS):
                self._declare(item, [scope])
        return scope

    def _site(self, scopes: list[dict]) -> list:
        """Probe assignments and the check call of a new site, for the names in scope."""
        visible: dict[str, int] = {}
        for scope in scopes:
            visible.update(scope)
        site = ProbeSite(len(self.sites))
        self.sites.append(site)
        nodes: list = []
        for name in sorted(n for n, k in visible.items() if k >= 0)[:MAX_PROBES_PER_SITE]:
            kind = visible[name]
            if kind == 0:
                targets = [(c_ast.ID(name), name)]
            elif kind == 1:
                last = c_ast.BinaryOp("-", c_ast.BinaryOp(
                    "/", c_ast.UnaryOp("sizeof", c_ast.ID(name)),
                    c_ast.UnaryOp("sizeof", c_ast.ArrayRef(c_ast.ID(name), _int(0)))), _int(1))
                targets = [(c_ast.ArrayRef(c_ast.ID(name), _int(0)), f"{name}[0]"),
                           (c_ast.ArrayRef(c_ast.ID(name), last), f"{name}[last]")]
            else:
                ref = c_ast.ID(name)
                for _ in range(kind):
                    ref = c_ast.ArrayRef(ref, _int(0))
                targets = [(ref, name + "[0]" * kind)]
            for expr, what in targets:
                probe = f"{PROBE_PREFIX}{self.probe_count}"
                self.probe_count += 1
                site.probes.append((probe, what))
                nodes.append(c_ast.Assignment("=", c_ast.ID(probe), c_ast.Cast(_long_long(), expr)))
        scalars = sorted(n for n, k in visible.items() if k == 0)
        for j, template in enumerate(CONDITIONS if scalars else [], start=1):
            site.conditions.append(template.format(x=scalars[(site.key + j) % len(scalars)]))
            nodes.append(_check(site.key * CHECKS_PER_SITE + j, _expression(site.conditions[-1])))
        nodes.append(_check(site.key * CHECKS_PER_SITE, _int(1)))
        return nodes

    # -------------------------------------------------------------- statements
    def _statement(self, node, scopes: list[dict]):
        if node is None:
            return None
        if isinstance(node, c_ast.Compound):
            scopes.append({})
            items = []
            for item in node.block_items or []:
                items.append(self._statement(item, scopes))
            scopes.pop()
            node.block_items = items
            return node
        if isinstance(node, c_ast.Decl):
            if node.name and not isinstance(node.type, FUNCTION_DECLARATORS):
                self._declare(node, scopes)
            return node
        if isinstance(node, c_ast.If):
            node.iftrue = self._statement(node.iftrue, scopes)
            node.iffalse = self._statement(node.iffalse, scopes)
            return node
        if isinstance(node, (c_ast.While, c_ast.DoWhile)):
            node.cond = self._condition(node.cond, scopes)
            node.stmt = self._statement(node.stmt, scopes)
            return node
        if isinstance(node, c_ast.For):
            scopes.append({})
            if isinstance(node.init, c_ast.DeclList):
                for decl in node.init.decls:
                    self._declare(decl, scopes)
            node.cond = self._condition(node.cond, scopes)
            node.stmt = self._statement(node.stmt, scopes)
            scopes.pop()
            return node
        if isinstance(node, c_ast.Switch):
            node.stmt = self._statement(node.stmt, scopes)
            return node
        if isinstance(node, (c_ast.Case, c_ast.Default)):
            node.stmts = [self._statement(s, scopes) for s in node.stmts or []]
            return node
        if isinstance(node, c_ast.Label):
            node.stmt = self._statement(node.stmt, scopes)
            return node
        if isinstance(node, c_ast.Return) and self.function == "main":
            return c_ast.Compound(self._site(scopes) + [node])
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) and \
                node.name.name in END_FUNCTIONS:
            return c_ast.Compound(self._site(scopes) + [node])
        return node

    def _condition(self, cond, scopes):
        cond = cond if cond is not None else _int(1)
        rest = cond.exprs if isinstance(cond, c_ast.ExprList) else [cond]
        return c_ast.ExprList(self._site(scopes) + list(rest))


# ------------------------------------------------------------------ gcc side
RUNTIME = r"""
extern long __diff_read(int, void *, unsigned long) __asm__("read");
extern long __diff_write(int, const void *, unsigned long) __asm__("write");
extern void __diff_exit(int) __asm__("_exit");
static char __diff_in[1 << 16];
static int __diff_in_len = -1, __diff_in_pos = 0, __diff_events = 0;
static char __diff_out[1 << 12];
static int __diff_out_len = 0;
static void __diff_flush(void) { __diff_write(1, __diff_out, __diff_out_len); __diff_out_len = 0; }
static void __diff_put(const char *s) {
  while (*s) { if (__diff_out_len >= (int)sizeof(__diff_out) - 1) __diff_flush();
               __diff_out[__diff_out_len++] = *s++; } }
static void __diff_put_ll(long long v) {
  char digits[24]; int n = 0; unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : v;
  do { digits[n++] = (char)('0' + u % 10); u /= 10; } while (u);
  __diff_put(" "); if (v < 0) __diff_put("-");
  while (n) { char c[2] = {digits[--n], 0}; __diff_put(c); } }
static void __diff_stop(const char *outcome) {
  __diff_put(outcome); __diff_put("\n"); __diff_flush(); __diff_exit(0); }
static long long __diff_next(void) {
  long long value = 0; int negative = 0;
  if (__diff_in_len < 0) {
    long got; __diff_in_len = 0;
    while ((got = __diff_read(0, __diff_in + __diff_in_len,
                              sizeof(__diff_in) - 1 - __diff_in_len)) > 0) __diff_in_len += got; }
  while (__diff_in_pos < __diff_in_len && (__diff_in[__diff_in_pos] == ' ' ||
                                          __diff_in[__diff_in_pos] == '\n')) __diff_in_pos++;
  if (__diff_in_pos >= __diff_in_len) __diff_stop("OUT-OF-INPUTS");
  if (__diff_in[__diff_in_pos] == '-') { negative = 1; __diff_in_pos++; }
  while (__diff_in_pos < __diff_in_len && __diff_in[__diff_in_pos] >= '0' &&
         __diff_in[__diff_in_pos] <= '9')
    value = (long long)((unsigned long long)value * 10u
                        + (unsigned)(__diff_in[__diff_in_pos++] - '0'));
  return negative ? (long long)(0ULL - (unsigned long long)value) : value; }
static long long __diff_next_bits(int bytes) {
  long long value = __diff_next();
  return bytes >= 8 ? value : (long long)((unsigned long long)value & ((1ULL << 8 * bytes) - 1)); }
void ERROR_STUB(void) { __diff_stop("ERROR"); }
"""


def gcc_source(probed: c_ast.FileAST, sites: list[ProbeSite], error_function: str) -> str:
    ast = copy.deepcopy(probed)
    harness.rename_error_calls(ast, error_function, ERROR_STUB)
    # the functions the program calls without defining them, as the replay defines them; a
    # nondet value is the input's low bits (the encoder's nondet constant has the type's
    # width): this differs from `(T)input` only for `_Bool`
    declarations, definitions = stub_functions(
        ast, {CHECK, ERROR_STUB}, "__diff_next_bits(sizeof({type}))", '__diff_stop("BLOCKED");',
        '__diff_stop("END");')
    head = [f"static void {CHECK}(int, int);", f"void {ERROR_STUB}(void);"] + declarations
    tail = [RUNTIME.replace("ERROR_STUB", ERROR_STUB)] + definitions
    cases = []
    for site in sites:
        puts = " ".join(f"__diff_put_ll({probe});" for probe, _ in site.probes)
        cases.append(f"    case {site.key}: {puts} break;")
    tail.append(f"static void {CHECK}(int key, int holds) {{\n"
                f"  static long long failed = 0;\n"
                f"  if (key % {CHECKS_PER_SITE}) {{\n"
                f"    if (!holds) failed |= 1LL << key % {CHECKS_PER_SITE};\n"
                f"    return; }}\n"
                f"  key /= {CHECKS_PER_SITE};\n"
                f'  if (++__diff_events > {MAX_EVENTS}) __diff_stop("TOO-LONG");\n'
                f'  __diff_put("E"); __diff_put_ll(key);\n'
                f"  switch (key) {{\n" + "\n".join(cases) + "\n  }\n"
                f'  __diff_put_ll(failed); failed = 0; __diff_put("\\n"); __diff_flush(); }}')
    return "\n".join(head) + "\n" + harness.c_text(ast) + "\n" + "\n".join(tail) + "\n"


def compile_program(source: str, data_model: str, directory: str) -> tuple[Optional[str], str]:
    """The replay's build (validator.execution.harness), with signed overflow trapping too
    and uninitialised locals zeroed (the encoder's reading in this test)."""
    return harness.compile_program(source, data_model, directory, timeout=120.0,
                                   extra_flags=EXTRA_FLAGS)


@dataclass
class Execution:
    events: list = field(default_factory=list)     # (site, (probe values), failed conditions)
    outcome: str = ""                               # error/end/ub/out-of-inputs/too-long
    detail: str = ""


def run_gcc(binary: str, inputs: list[int]) -> Execution:
    text = " ".join(str(v) for v in inputs) + "\n"
    execution = Execution()
    try:
        done = subprocess.run([binary], input=text, capture_output=True, text=True,
                              timeout=GCC_TIMEOUT)
        output, code = done.stdout, done.returncode
    except subprocess.TimeoutExpired as e:
        output = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        code = None
    last = None
    for line in output.splitlines():
        if line.startswith("E "):
            numbers = [int(x) for x in line.split()[1:]]
            execution.events.append((numbers[0], tuple(numbers[1:-1]), numbers[-1]))
        elif line:
            last = line
    if code is None:
        execution.outcome, execution.detail = "too-long", "gcc time limit"
        # the last line may be cut off
        execution.events = execution.events[:-1]
    elif last == "ERROR":
        execution.outcome = "error"
    elif last == "OUT-OF-INPUTS":
        execution.outcome = "out-of-inputs"
    elif last == "TOO-LONG":
        execution.outcome, execution.detail = "too-long", "events"
    elif last == "BLOCKED":
        execution.outcome, execution.detail = "end", "assumption"
    elif code in (-4, -8):           # SIGILL (sanitizer trap), SIGFPE
        execution.outcome, execution.detail = "ub", f"signal {-code}"
    elif code is not None and code < 0 and code != -6:
        execution.outcome, execution.detail = "crash", f"signal {-code}"
    else:
        execution.outcome, execution.detail = "end", f"exit {code}"
    return execution


# ------------------------------------------------------------------ encoder side
class InternalError(Exception):
    """The block encoding is not executable as expected (always a bug)."""


class _Instance:
    """One block with its substitution arrays: the `from` side (input and nondet constants)
    is fixed, the `to` side is filled for each execution of the block.  The target and exit
    conditions are packed into one bit-vector, and so are the changed scalar outputs of each
    exit, so that one `simplify` evaluates them all."""

    def __init__(self, ts: TransitionSystem, block) -> None:
        self.block = block
        self.sources = [ts.inputs[v] for v in ts.variables] + [n.const for n in block.nondets]
        self.size = len(self.sources)
        self.source_array = (z3.Ast * self.size)()
        for i, term in enumerate(self.sources):
            self.source_array[i] = term.as_ast()
        self.exit_order = list(block.exits)
        conditions = [t.condition for t in block.targets] + \
            [block.exits[d][0] for d in self.exit_order]
        self.flags = _pack([_bit(c) for c in conditions])
        inputs = [ts.inputs[v] for v in ts.variables]
        self.scalars: dict[int, tuple] = {}      # exit -> (positions, types, packed term)
        self.arrays: dict[int, list] = {}        # exit -> [(position, term)]
        for d, (_, state) in block.exits.items():
            changed = [(i, state[v]) for i, v in enumerate(ts.variables)
                       if not state[v].eq(inputs[i])]
            scalars = [(i, t) for i, t in changed if not isinstance(t.sort(), z3.ArraySortRef)]
            self.arrays[d] = [(i, t) for i, t in changed if isinstance(t.sort(), z3.ArraySortRef)]
            types = [ts.variables[i].type for i, _ in scalars]
            self.scalars[d] = ([i for i, _ in scalars], types,
                               _pack([_field(t, c) for (_, t), c in zip(scalars, types)]))


def _bit(condition) -> z3.BitVecRef:
    return z3.If(condition, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1))


def _field(term, ctype) -> z3.BitVecRef:
    """A scalar as bits: a bit-vector as it is; a mathematical integer (`Integers` theory) as
    a flag saying it lies within its type and its offset from the type's minimum."""
    if z3.is_bv(term):
        return term
    inside = z3.And(term >= ctype.min, term <= ctype.max)
    return z3.Concat(_bit(inside), z3.Int2BV(term - ctype.min, ctype.bits))


def _field_width(ctype, integers: bool) -> int:
    return ctype.bits + 1 if integers else ctype.bits


def _field_value(bits: int, ctype, integers: bool) -> int:
    """The C value of a field (`InternalError` for an integer outside its type)."""
    if integers:
        if not bits >> ctype.bits:
            raise InternalError(f"a value of type {ctype} lies outside its range")
        return (bits & ((1 << ctype.bits) - 1)) + ctype.min
    return _signed(bits, ctype.bits) if ctype.signed else bits


def _signed(value: int, width: int) -> int:
    return value - (1 << width) if value >> (width - 1) else value


def _pack(terms: list):
    if not terms:
        return None
    return terms[0] if len(terms) == 1 else z3.Concat(*terms)


def _unpack(value: int, widths: list[int]) -> list[int]:
    """The fields of a `Concat` value, first field first."""
    fields = []
    for width in reversed(widths):
        fields.append(value & ((1 << width) - 1))
        value >>= width
    return fields[::-1]


class BlockRunner:
    """Executes the blocks of a transition system on concrete values.

    The theory of the transition system (bit-vectors, or mathematical integers: see
    `validator.theories`) shows in the sorts of its terms.  `z3.substitute` checks the sorts
    of every pair in Python, which dominates the run time: the substitution arrays are built
    once per block and passed to the C API directly.
    """

    def __init__(self, ts: TransitionSystem, sites: list[ProbeSite]) -> None:
        self.ts = ts
        self.ctx = z3.main_ctx()
        position = {v: i for i, v in enumerate(ts.variables)}
        by_name = {v.name: v for v in ts.variables if v.is_global}
        self.site_probes = {s.key: [position[by_name[p]] if p in by_name else None
                                    for p, _ in s.probes] for s in sites}
        self.check_key = {c.node: c.index // CHECKS_PER_SITE for c in ts.cfa.checks
                          if c.index % CHECKS_PER_SITE == 0}
        self.condition_bit = {c.site: c.index % CHECKS_PER_SITE for c in ts.cfa.checks}
        self.instances = {cut: _Instance(ts, block) for cut, block in ts.blocks.items()}
        self.types = [v.type for v in ts.variables]
        self.integers = any(z3.is_int(t) for t in ts.inputs.values())
        self.constants: dict = {}

    def _constant(self, raw: int, ctype) -> z3.ExprRef:
        """The term of a value of `ctype` whose bit pattern is the low bits of `raw`: as a
        bit-vector that pattern (a `_Bool` may hold 2), as an integer the C value it has."""
        key = (raw, ctype)
        found = self.constants.get(key)
        if found is None:
            if len(self.constants) > 100_000:
                self.constants.clear()
            bits = raw & ((1 << ctype.bits) - 1)
            found = z3.IntVal(ctype.wrap(bits)) if self.integers else z3.BitVecVal(bits, ctype.bits)
            self.constants[key] = found
        return found

    def _value(self, ctype, raw: int):
        if isinstance(ctype, ArrayType):
            return z3.K(z3.BitVecSort(INDEX_BITS), self._constant(raw, ctype.element))
        return self._constant(raw, ctype)

    def _number(self, term, ctype) -> Optional[int]:
        """The C value of a scalar constant term (None for an array)."""
        if isinstance(ctype, ArrayType):
            return None
        if z3.is_int_value(term):
            return term.as_long()
        return _field_value(term.as_long(), ctype, False)

    def _evaluate(self, term, instance: _Instance, targets, count: int):
        ctx = self.ctx.ref()
        substituted = z3.Z3_substitute(ctx, term.as_ast(), count, instance.source_array, targets)
        return _to_expr_ref(z3.Z3_simplify(ctx, substituted), self.ctx)

    def _truth(self, term, instance: _Instance, targets, count: int) -> bool:
        value = self._evaluate(term, instance, targets, count)
        if z3.is_true(value):
            return True
        if z3.is_false(value):
            return False
        raise InternalError(f"condition does not evaluate to a constant: {value}")

    def run(self, inputs: list[int], rng: random.Random) -> Execution:
        ts = self.ts
        execution = Execution()
        state = [self._value(ctype, rng.getrandbits(64)) for ctype in self.types]
        numbers = [self._number(term, ctype) for term, ctype in zip(state, self.types)]
        cut = ts.cfa.entry
        position = 0
        for _ in range(MAX_STEPS):
            instance = self.instances[cut]
            block = instance.block
            targets = (z3.Ast * instance.size)()
            keep = list(state)              # the values must stay alive while in `targets`
            for i, value in enumerate(state):
                targets[i] = value.as_ast()
            count = len(state)
            missing = False
            for nondet in block.nondets:
                if self._truth(nondet.reached, instance, targets, count):
                    if nondet.havoc.input_function is None:
                        raw = 0
                    elif position < len(inputs):
                        raw = inputs[position]
                        position += 1
                    else:
                        missing, raw = True, rng.getrandbits(64)
                else:
                    raw = rng.getrandbits(64)
                value = self._value(nondet.havoc.var.type, raw)
                keep.append(value)
                targets[count] = value.as_ast()
                count += 1
            flags = []
            if instance.flags is not None:
                packed = self._evaluate(instance.flags, instance, targets, count)
                if not z3.is_bv_value(packed):
                    raise InternalError(f"conditions do not evaluate to constants: {packed}")
                flags = _unpack(packed.as_long(), [1] * (len(block.targets) + len(block.exits)))
            hits = [t for t, flag in zip(block.targets, flags) if flag]
            if any(t.kind == INVARIANT_UB for t in hits):
                raise InternalError("a probe condition has undefined behaviour")
            if cut in self.check_key:       # the block starts at the checks of the last event
                key, values, _ = execution.events[-1]
                failed = sum(1 << self.condition_bit[t.key] for t in hits if t.kind == FAIL)
                execution.events[-1] = (key, values, failed)
            ub = [t for t in hits if t.kind == UB]
            if missing:
                execution.outcome = "ambiguous" if ub else "out-of-inputs"
                return execution
            if ub:
                execution.outcome, execution.detail = "ub", ub[0].key
                return execution
            if any(t.kind == ERROR for t in hits):
                execution.outcome = "error"
                return execution
            if any(t.kind == BOUND for t in hits):
                # recursion deeper than inlined: the CFA does not go on, gcc does
                execution.outcome, execution.detail = "too-long", "recursion bound"
                return execution
            taken = [d for d, flag in zip(instance.exit_order, flags[len(block.targets):]) if flag]
            if not taken:
                execution.outcome = "end"
                return execution
            if len(taken) > 1:
                raise InternalError(f"block {cut}: exits {taken} are taken at once")
            dest = taken[0]
            state = list(state)
            numbers = list(numbers)
            positions, types, packed_term = instance.scalars[dest]
            if packed_term is not None:
                packed = self._evaluate(packed_term, instance, targets, count)
                if not z3.is_bv_value(packed):
                    raise InternalError(f"values do not evaluate to constants: {packed}")
                widths = [_field_width(c, self.integers) for c in types]
                for i, ctype, bits in zip(positions, types, _unpack(packed.as_long(), widths)):
                    numbers[i] = _field_value(bits, ctype, self.integers)
                    state[i] = self._constant(numbers[i], ctype)
            for i, term in instance.arrays[dest]:
                state[i] = self._evaluate(term, instance, targets, count)
            del keep
            cut = dest
            if dest in self.check_key:
                key = self.check_key[dest]
                if len(execution.events) >= MAX_EVENTS:
                    execution.outcome, execution.detail = "too-long", "events"
                    return execution
                values = tuple(numbers[i] for i in self.site_probes[key])
                execution.events.append((key, values, None))     # holds: in the next block
        execution.outcome, execution.detail = "too-long", "steps"
        if execution.events and execution.events[-1][2] is None:
            execution.events.pop()          # its check was not evaluated
        return execution


# ------------------------------------------------------------------ inputs
BOUNDARY = [0, 1, -1, 2, -2, 3, 7, 8, 10, 100, 127, 128, -128, -129, 255, 256, 32767, 32768,
            -32768, 65535, 65536, 2**31 - 1, -2**31, 2**31, 2**32 - 1, 2**32, 2**63 - 1, -2**63,
            -2**63 + 1, 2**62]


def input_vectors(rng: random.Random, runs: int, length: int) -> list[list[int]]:
    vectors = [[0] * length, [1] * length]
    while len(vectors) < runs:
        vector = []
        for _ in range(length):
            choice = rng.random()
            if choice < 0.4:
                vector.append(rng.randint(-3, 12))
            elif choice < 0.6:
                vector.append(rng.randint(-1000, 1000))
            elif choice < 0.85:
                vector.append(rng.choice(BOUNDARY))
            elif choice < 0.95:
                vector.append(rng.getrandbits(32) - 2**31)
            else:
                vector.append(rng.getrandbits(64) - 2**63)
        vectors.append(vector)
    return vectors[:runs]


# ------------------------------------------------------------------ comparison
# undefined behaviour of pointers that the gcc build does not trap (docs/SOUNDNESS.md: no
# AddressSanitizer), and executions the model leaves out: gcc runs on past them
UNTRAPPED = ("invalid dereference", "pointer arithmetic outside its object",
             "pointers into different objects", "use of a pointer to an object",
             "invalid free", "not modelled",
             # calls through a null or incompatible function pointer (cfa/function_pointers.py)
             "call through a")


def untrapped(execution: Execution) -> bool:
    return execution.outcome == "ub" and (execution.detail or "").startswith(UNTRAPPED)


def compare(gcc: Execution, encoder: Execution, sites: list[ProbeSite]) -> Optional[str]:
    """None when the two executions agree, else a description of the first difference.
    Where the encoder stops at undefined behaviour that gcc does not trap, the events up to
    it are compared."""
    if untrapped(encoder):
        n = len(encoder.events)
    elif gcc.outcome == "too-long" or encoder.outcome == "too-long":
        n = min(len(gcc.events), len(encoder.events))
        if gcc.outcome != "too-long" and len(encoder.events) > len(gcc.events):
            n = len(gcc.events) + 1
        if encoder.outcome != "too-long" and len(gcc.events) > len(encoder.events):
            n = len(encoder.events) + 1
    else:
        n = max(len(gcc.events), len(encoder.events))
    for i in range(n):
        g = gcc.events[i] if i < len(gcc.events) else None
        e = encoder.events[i] if i < len(encoder.events) else None
        if g != e:
            if g is not None and e is not None and g[0] == e[0]:
                site = sites[g[0]]
                names = [what for _, what in site.probes]
                differ = [f"{n}: gcc {a} encoder {b}"
                          for n, a, b in zip(names, g[1], e[1]) if a != b]
                for j, condition in enumerate(site.conditions, start=1):
                    if g[2] is not None and e[2] is not None and (g[2] ^ e[2]) >> j & 1:
                        differ.append(f"'{condition}' fails: gcc {g[2] >> j & 1} "
                                      f"encoder {e[2] >> j & 1}")
                return f"event {i} (probe site {g[0]}): " + ", ".join(differ)
            return f"event {i}: gcc {g} encoder {e}"
    if "too-long" in (gcc.outcome, encoder.outcome) or untrapped(encoder):
        return None
    if gcc.outcome != encoder.outcome:
        return (f"outcome: gcc {gcc.outcome} ({gcc.detail}) encoder {encoder.outcome} "
                f"({encoder.detail}) after {len(gcc.events)} events")
    return None


@dataclass
class ProgramReport:
    spec: ProgramSpec
    skipped: Optional[str] = None
    runs: dict = field(default_factory=dict)          # category -> count
    disagreements: list = field(default_factory=list)
    events: int = 0                                    # events compared
    theory: str = ""                                   # of the transition system
    seconds: float = 0.0


def check_program(spec: ProgramSpec, seed: int = 1) -> ProgramReport:
    """Run one program on `spec.runs` input vectors on both sides and compare."""
    started = time.perf_counter()
    report = ProgramReport(spec)
    try:
        program = parse_program(spec.path, spec.data_model)
        prober = Prober(program.ast, spec.error_function)
        probed = prober.run()
        # gcc zeroes uninitialised locals (-ftrivial-auto-var-init=zero); the encoder reads
        # them as fresh nondet values, which the runner sets to 0 (reading one is undefined
        # behaviour by default: tests/test_uninitialised.py)
        cfa = build_cfa(probed, DataModel(spec.data_model), spec.error_function, [],
                        RECURSION_BOUND, uninitialized=NONDET)
    except InputError as e:
        report.skipped = f"not a valid program: {e}"
        report.seconds = time.perf_counter() - started
        return report
    except Unsupported as e:
        report.skipped = f"unsupported: {e}"
        report.seconds = time.perf_counter() - started
        return report
    floating = floating_obstacle(cfa)
    if floating:
        # the probes and input vectors are integers' bits; floating programs have their own
        # ground truth (tests/test_adversarial_floats.py)
        report.skipped = f"unsupported: {floating} (the differential test compares integers)"
        report.seconds = time.perf_counter() - started
        return report
    # both representations of C integers where the integer one applies, run by run in turn
    theories = [BitVectors()] + ([Integers()] if integer_obstacle(cfa) is None else [])
    runners = [BlockRunner(TransitionSystem(cfa, theory), prober.sites) for theory in theories]
    report.theory = " + ".join(theory.name for theory in theories)
    source = gcc_source(probed, prober.sites, spec.error_function)
    rng = random.Random(f"{seed}:{spec.name}")
    with tempfile.TemporaryDirectory(prefix="differential-") as directory:
        binary, problem = compile_program(source, spec.data_model, directory)
        if binary is None:
            report.skipped = "gcc cannot compile the probed program: " + problem[:300]
            return report
        for number, inputs in enumerate(input_vectors(rng, spec.runs, spec.inputs)):
            runner = runners[number % len(runners)]
            gcc = run_gcc(binary, inputs)
            try:
                encoder = runner.run(inputs, rng)
            except InternalError as e:
                report.disagreements.append((inputs, f"internal error: {e}"))
                continue
            if encoder.outcome == "ambiguous":
                category = "not comparable"
            elif gcc.outcome == "crash" and gcc.detail == "signal 11":
                # the stack overflowed (a variable-length array of millions of elements): the
                # model follows SV-COMP's convention that allocation does not fail
                category = "not comparable"
            else:
                difference = compare(gcc, encoder, prober.sites)
                if difference is not None:
                    report.disagreements.append((inputs, difference))
                    continue
                category = "too long" if "too-long" in (gcc.outcome, encoder.outcome) else \
                    "untrapped ub" if untrapped(encoder) else gcc.outcome
            report.runs[category] = report.runs.get(category, 0) + 1
            report.events += min(len(gcc.events), len(encoder.events))
    report.seconds = time.perf_counter() - started
    return report


def check_all(specs: list[ProgramSpec], processes: int = 2) -> list[ProgramReport]:
    """All programs, on `processes` worker processes (spawned: z3 and fork do not mix)."""
    import multiprocessing
    order = sorted(specs, key=lambda s: -s.runs)          # the long ones first
    if processes <= 1:
        reports = [check_program(s) for s in order]
    else:
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            reports = pool.map(check_program, order, chunksize=1)
    position = {s.name: i for i, s in enumerate(specs)}
    return sorted(reports, key=lambda r: position[r.spec.name])


def skip_kind(reason: str) -> str:
    """`unsupported: pointer at line 5` -> `unsupported: pointer`."""
    return re.split(r" at line | \(| '", reason)[0]


def summary(reports: list[ProgramReport], seconds: float) -> list[str]:
    compared = [r for r in reports if r.skipped is None]
    skipped = [r for r in reports if r.skipped is not None]
    totals: dict[str, int] = {}
    for report in compared:
        for category, count in report.runs.items():
            totals[category] = totals.get(category, 0) + count
    agreeing = sum(totals.values()) - totals.get("not comparable", 0)
    disagreeing = sum(len(r.disagreements) for r in compared)
    runs = agreeing + disagreeing + totals.get("not comparable", 0)
    finished = ", ".join(f"{k} {v}" for k, v in sorted(totals.items())
                         if k not in ("too long", "not comparable"))
    theories: dict[str, int] = {}
    for report in compared:
        theories[report.theory] = theories.get(report.theory, 0) + 1
    work = sum(r.seconds for r in reports)
    lines = [f"differential test of the C semantics (gcc vs. block encoding), {seconds:.1f} s "
             f"({work:.1f} s of work)",
             f"programs: {len(compared)} compared ("
             + ", ".join(f"{n} with {t}" for t, n in sorted(theories.items()))
             + f"), {len(skipped)} skipped",
             f"runs: {runs} compared, {agreeing} agreeing, {disagreeing} disagreeing "
             f"(agreeing by outcome: {finished}; too long, prefix agreeing: "
             f"{totals.get('too long', 0)}), {totals.get('not comparable', 0)} not comparable",
             f"events compared: {sum(r.events for r in compared)}"]
    reasons: dict[str, list[str]] = {}
    for report in skipped:
        reasons.setdefault(skip_kind(report.skipped), []).append(report.spec.name)
    for reason, names in sorted(reasons.items()):
        lines.append(f"  skipped, {reason} ({len(names)}): {', '.join(names)}")
    for report in compared:
        for inputs, what in report.disagreements[:5]:
            name = report.spec.name
            name += "" if report.spec.data_model in name else f" [{report.spec.data_model}]"
            lines.append(f"  DISAGREEMENT {name}: {what}; inputs {inputs}")
    return lines


def main() -> None:
    import sys
    pattern = sys.argv[1] if len(sys.argv) > 1 else ""
    specs = [s for s in all_programs() if pattern in s.name]
    started = time.perf_counter()
    reports = check_all(specs)
    for report in reports:
        state = report.skipped or f"{report.runs} disagreements {len(report.disagreements)}"
        print(f"{report.spec.name:58} {report.seconds:6.2f}s {state}")
    print("\n".join(summary(reports, time.perf_counter() - started)))


if __name__ == "__main__":
    main()
