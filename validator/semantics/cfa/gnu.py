"""GNU C extensions that run code the CFA of `main` never sees, or give a function or an object a
second name: a pre-pass over the whole translation unit (`check_gnu_extensions`, called once
per CFA build) that raises `Unsupported` naming the first it finds.  It looks at every
declaration, wherever it stands (file scope, function bodies, even functions that are never
called and dead code, which the lowering never visits):

- `__attribute__((constructor))` / `destructor`: code that runs before or after `main`;
- `__attribute__((cleanup(f)))`: a call of `f` on every way out of the variable's scope;
- `alias("t")`, `weakref`, `ifunc("r")`: another name for a symbol, or a resolver that picks the
  function at load time;
- asm labels (`__asm__("name")` after a declarator) that make two C names of the program one
  symbol: the label names a function or variable that the program declares or defines under a
  C name, or two declarations have the same label; and a label on or to a name the CFA gives
  a meaning of its own (`names.has_fixed_meaning`, the error function, `__VERIFIER_*`,
  `__builtin_*`).  Accepted: a label naming a symbol outside the program (glibc's
  `fscanf __asm__("" "__isoc99_fscanf")`), a label on a definition that only renames its
  symbol, and a label that joins functions that are only declared (glibc's
  `fopen __asm__("" "fopen64")` beside `fopen64`): every call of an external function is an
  independent nondet call without effect, so one symbol or two is the same model;
- `_Static_assert` whose condition is 0: gcc rejects the program.  At file scope the
  condition is evaluated in the file scope.  In a block (or a member list) it is evaluated
  when it names nothing (no identifier, typedef name, tag or `typeof`), and one that holds is
  left to the lowering; one that names something would need the block's scopes and raises
  here, since the lowering never reaches those in dead code and uncalled functions.  A
  condition that cannot be evaluated raises.

- nested functions (also one defined after `return`, where the lowering never looks), labels
  as values (`&&label`) and computed goto (`goto *p`), `asm goto`: control flow the CFA does
  not model; and the part of a program that gcc accepts but the front end cannot read
  (`Unparsed`, in a stand-in program);
- `__attribute__((const))` / `pure` on a definition that does what the attribute promises
  not to (write or, for `const`, read memory other than its own locals; call; loop; jump
  back): gcc may drop an unused call (even at -O0), merge or move calls, so what the
  program does depends on the optimisation level.

Attributes that keep the meaning (`section`, `unused`, `always_inline`, `noinline`, `weak`,
`__nothrow__`, `__leaf__`, `__nonnull__`, `aligned`, `const` and `pure` as promised ...) are
left alone here.  The GNU constructs that are modelled (`x ?: y`, statement expressions, local
labels, case ranges, `__auto_type`) are the lowering's (`expressions`, `statements`)."""
from __future__ import annotations

import re
from typing import Callable, Iterator, Optional

from pycparser import c_ast
from pycparserext.ext_c_generator import GnuCGenerator
from pycparserext.ext_c_parser import Asm

from instrument.frontend import FUNCTION_DECLARATORS, AsmGoto, ComputedGoto, Unparsed

from ..c_types import Unsupported
from .names import has_fixed_meaning
from .syntax import Preorder, _line, _walk

CODE_ATTRIBUTES = ("constructor", "destructor")
PROMISE_ATTRIBUTES = ("const", "pure")           # no side effects (const: no memory read)
NAME_ATTRIBUTES = ("alias", "weakref", "ifunc")
STRING_RE = re.compile(r'"((?:[^"\\]|\\.)*)"')
DECLARATORS = (c_ast.PtrDecl, c_ast.ArrayDecl, c_ast.TypeDecl) + FUNCTION_DECLARATORS
TYPE_KEYWORDS = {"void", "char", "short", "int", "long", "float", "double", "signed",
                 "unsigned", "_Bool", "_Complex", "__int128", "__signed__", "__signed",
                 "__unsigned__"}


def check_gnu_extensions(tree: Preorder, error_function: str,
                         constant_value: Callable[[c_ast.Node, Optional[int]], int]) -> None:
    """Raise `Unsupported` for the first construct of the module's list in the translation
    unit.  `constant_value(expr, line)` evaluates an integer constant expression in the file
    scope."""
    _check_control_flow(tree)
    declarations = list(_declarations(tree))
    for decl in declarations:
        _check_attributes(decl)
    _check_promises(tree)
    _check_asm_labels(declarations, _linkage_names(tree), error_function)
    for node in tree.ast.ext:
        if isinstance(node, c_ast.StaticAssert):
            _check_static_assert(node, constant_value, file_scope=True)
        else:
            for inner in tree.of(node):
                if isinstance(inner, c_ast.StaticAssert):
                    _check_static_assert(inner, constant_value, file_scope=False)


# ------------------------------------------------------------------ control flow
def _check_control_flow(tree: Preorder) -> None:
    top = {id(node) for node in tree.ast.ext}
    for node in tree.nodes:
        line = _line(node)
        if isinstance(node, Unparsed):
            raise Unsupported(node.what, line)
        if isinstance(node, c_ast.FuncDef) and id(node) not in top:
            raise Unsupported(f"nested function '{node.decl.name}' (a function defined in a "
                              f"block)", line)
        if isinstance(node, c_ast.Decl) and "auto" in node.storage \
                and isinstance(node.type, FUNCTION_DECLARATORS):
            raise Unsupported(f"nested function '{node.name}' (declared auto in a block)", line)
        if isinstance(node, ComputedGoto):
            target = GnuCGenerator().visit(node.expr)
            if not isinstance(node.expr, c_ast.ID):
                target = f"({target})"
            raise Unsupported(f"computed goto 'goto *{target}' (labels as values)", line)
        if isinstance(node, c_ast.UnaryOp) and node.op == "&&":
            raise Unsupported(f"label as value '&&{getattr(node.expr, 'name', '?')}' (computed "
                              f"goto)", line)
        if isinstance(node, AsmGoto):
            raise Unsupported(f"asm goto to {', '.join(node.labels) or 'no label'} (assembler "
                              f"code that jumps to a C label)", line)


# ------------------------------------------------------------------ const and pure
def _check_promises(tree: Preorder) -> None:
    """`const`/`pure` functions (by any declaration of the name) that the program calls and
    whose body breaks the promise."""
    promised: dict[str, tuple[str, int]] = {}
    for decl in _declarations(tree):
        if isinstance(decl, c_ast.Decl) and isinstance(decl.type, FUNCTION_DECLARATORS):
            for name, _, line in _attributes(decl):
                if name in PROMISE_ATTRIBUTES and decl.name not in promised:
                    promised[decl.name] = (name, line)
    if not promised:
        return
    ast = tree.ast
    variables = {node.name for node in ast.ext if isinstance(node, c_ast.Decl) and node.name
                 and not isinstance(node.type, FUNCTION_DECLARATORS)}
    called = {node.name.name for node in tree.nodes if isinstance(node, c_ast.FuncCall)
              and isinstance(node.name, c_ast.ID)}
    for function in ast.ext:
        if isinstance(function, c_ast.FuncDef) and function.decl.name in promised \
                and function.decl.name in called:
            attribute, line = promised[function.decl.name]
            broken = _broken_promise(function, attribute == "const", variables)
            if broken is not None:
                raise Unsupported(f"__attribute__(({attribute})) on '{function.decl.name}', "
                                  f"which {broken[0]} (line {broken[1]}): gcc may drop, merge "
                                  f"or move its calls, so the meaning depends on the "
                                  f"optimisation level", line)


def _broken_promise(function: c_ast.FuncDef, const: bool,
                    variables: set) -> Optional[tuple[str, Optional[int]]]:
    """(what the body does that a const or pure function may not, line), or None.  Allowed:
    arithmetic on its parameters and automatic locals, reads of global variables (`pure`
    only), branches and returns."""
    # by name: a local that has the name of a global variable counts as the global
    own = {n.name for n in _walk(function) if isinstance(n, c_ast.Decl) and n.name
           and not {"static", "extern"} & set(n.storage)} - {function.decl.name} - variables
    for node in _walk(function.body):
        line = _line(node)
        if isinstance(node, c_ast.FuncCall):
            name = node.name.name if isinstance(node.name, c_ast.ID) else "a function"
            return f"calls '{name}'", line
        if isinstance(node, (c_ast.While, c_ast.DoWhile, c_ast.For, c_ast.Goto, ComputedGoto)):
            return "has a loop or a jump (it may not return)", line
        if isinstance(node, c_ast.Decl) and {"static", "extern"} & set(node.storage):
            return f"declares '{node.name}' {' '.join(node.storage)}", line
        if isinstance(node, Asm):
            return "has an asm statement", line
        target = node.lvalue if isinstance(node, c_ast.Assignment) else \
            node.expr if isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++",
                                                                          "p--") else None
        while isinstance(target, c_ast.ArrayRef):
            target = target.name
        if target is not None and not (isinstance(target, c_ast.ID) and target.name in own):
            return "writes memory other than its own locals", line
        if const and isinstance(node, c_ast.ID) and node.name in variables \
                and node.name not in own:
            return f"reads the global variable '{node.name}'", line
    return None


# ------------------------------------------------------------------ declarations
def _declarations(tree: Preorder) -> Iterator[c_ast.Node]:
    """Every declaration and typedef of the translation unit (parameters and members too)."""
    for node in tree.nodes:
        if isinstance(node, (c_ast.Decl, c_ast.Typedef)):
            yield node


def _declarators(decl) -> Iterator[c_ast.Node]:
    """The declarator chain of a declaration (pointers, arrays, functions, the name), not the
    parameter lists: GCC's attributes and asm label after a declarator land on one of them."""
    node = decl.type
    while isinstance(node, DECLARATORS):
        yield node
        node = getattr(node, "type", None)


def _attributes(decl) -> list[tuple[str, Optional[c_ast.Node], int]]:
    """(name without the `__` around it, arguments, line) of each GCC attribute of a
    declaration: before it (pycparserext's `funcspec`, also `storage`/`quals` in case) and
    after a declarator."""
    lists = [spec.exprlist for field in ("funcspec", "storage", "quals")
             for spec in getattr(decl, field, None) or [] if hasattr(spec, "exprlist")]
    lists += [d.attributes for d in _declarators(decl)
              if getattr(d, "attributes", None) is not None]
    found = []
    for exprlist in lists:
        for attribute in getattr(exprlist, "exprs", None) or []:
            name, args = attribute, None
            if isinstance(attribute, c_ast.FuncCall):
                name, args = attribute.name, attribute.args
            if isinstance(name, c_ast.ID):
                found.append((name.name.strip("_"), args, _line(attribute) or _line(decl)))
    return found


def _arguments(args) -> str:
    exprs = getattr(args, "exprs", None) or []
    return ", ".join(e.value if isinstance(e, c_ast.Constant) else
                     e.name if isinstance(e, c_ast.ID) else "..." for e in exprs)


def _check_attributes(decl) -> None:
    for name, args, line in _attributes(decl):
        spelled = f"{name}({_arguments(args)})" if args is not None else name
        if name in CODE_ATTRIBUTES:
            raise Unsupported(f"__attribute__(({name})) on '{decl.name}' (code that runs "
                              f"{'before' if name == 'constructor' else 'after'} main)", line)
        if name == "cleanup":
            raise Unsupported(f"variable '{decl.name}' with __attribute__(({spelled})) (a call "
                              f"at the end of its scope)", line)
        if name in NAME_ATTRIBUTES:
            raise Unsupported(f"__attribute__(({spelled})) on '{decl.name}'", line)


# ------------------------------------------------------------------ asm labels
def _linkage_names(tree: Preorder) -> dict[str, list[c_ast.Node]]:
    """C name -> the declarations of it that have linkage (file scope; `extern` and function
    prototypes in blocks), each as its `Decl`, or as the `FuncDef` of a definition."""
    names: dict[str, list[c_ast.Node]] = {}
    for node in tree.ast.ext:
        if isinstance(node, c_ast.FuncDef):
            names.setdefault(node.decl.name, []).append(node)
            for inner in tree.of(node.body):
                if isinstance(inner, c_ast.Decl) and inner.name and (
                        "extern" in inner.storage
                        or isinstance(inner.type, FUNCTION_DECLARATORS)):
                    names.setdefault(inner.name, []).append(inner)
        elif isinstance(node, c_ast.Decl) and node.name:
            names.setdefault(node.name, []).append(node)
    return names


def _asm_label(decl) -> Optional[tuple[str, int]]:
    """(assembler name, line) of a declaration's asm label, or None."""
    for declarator in _declarators(decl):
        asm = getattr(declarator, "asm", None)
        if asm is None:
            continue
        line = _line(asm) or _line(decl)
        template = asm.template
        literals = getattr(template, "exprs", None) or [template]
        text = "".join(part for literal in literals
                       for part in STRING_RE.findall(getattr(literal, "value", "") or ""))
        if "\\" in text or not text:
            raise Unsupported(f"assembler name {text!r} of '{decl.name}' (an asm label that is "
                              f"not a plain symbol name)", line)
        return text, line
    return None


def _check_asm_labels(declarations: list, linkage: dict, error_function: str) -> None:
    labelled: dict[str, list[tuple[c_ast.Node, int]]] = {}   # assembler name -> declarations
    for decl in declarations:
        label = _asm_label(decl)
        if label is not None and label[0] != decl.name:
            labelled.setdefault(label[0], []).append((decl, label[1]))
    for symbol, decls in labelled.items():
        names = {decl.name for decl, _ in decls} | ({symbol} if symbol in linkage else set())
        for decl, line in decls:
            if _special(decl.name, error_function) or _special(symbol, error_function):
                raise Unsupported(f"assembler name \"{symbol}\" of '{decl.name}' (an asm label "
                                  f"on or to a function the validator gives a meaning of its "
                                  f"own)", line)
            if len(names) > 1 and not all(_external_function(name, linkage, error_function)
                                          for name in names):
                other = sorted(names - {decl.name})[0]
                raise Unsupported(f"assembler name \"{symbol}\" of '{decl.name}' (an asm label "
                                  f"that makes it the symbol of '{other}' of this program)", line)


def _special(name: str, error_function: str) -> bool:
    return name == error_function or has_fixed_meaning(name) \
        or name.startswith(("__builtin_", "__VERIFIER_", "__witness"))


def _external_function(name: str, linkage: dict, error_function: str) -> bool:
    """`name` is only declared, as a function, and the CFA gives it no meaning of its own:
    each of its calls is an external call (a nondet value, no effect)."""
    decls = linkage.get(name, [])
    return bool(decls) and not _special(name, error_function) and all(
        isinstance(d, c_ast.Decl) and isinstance(d.type, FUNCTION_DECLARATORS)
        and "static" not in d.storage for d in decls)


# ------------------------------------------------------------------ _Static_assert
def _names_something(expr) -> Optional[str]:
    """What the expression names (an identifier, a typedef name, a tag, typeof), or None."""
    for node in _walk(expr):
        if isinstance(node, c_ast.ID):
            return node.name
        if isinstance(node, c_ast.IdentifierType):
            unknown = [n for n in node.names if n not in TYPE_KEYWORDS]
            if unknown:
                return unknown[0]
        if isinstance(node, (c_ast.Struct, c_ast.Union, c_ast.Enum)):
            return f"{type(node).__name__.lower()} {node.name or ''}".strip()
        if "TypeOf" in type(node).__name__:
            return "typeof"
    return None


def _check_static_assert(node: c_ast.StaticAssert, constant_value, file_scope: bool) -> None:
    line = _line(node)
    message = f" ({node.message.value})" if node.message is not None else ""
    if not file_scope:
        named = _names_something(node.cond)
        if named is not None:
            raise Unsupported(f"_Static_assert in a block whose condition names '{named}' "
                              f"(not evaluated: gcc rejects the program if it fails){message}",
                              line)
    try:
        value = constant_value(node.cond, line)
    except Unsupported as e:
        raise Unsupported(f"_Static_assert whose condition is not modelled ({e.what}): gcc "
                          f"rejects the program if it fails{message}", line) from None
    if value == 0:
        raise Unsupported(f"static assertion fails: gcc rejects the program{message}", line)
