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

Attributes that keep the meaning (`section`, `unused`, `always_inline`, `noinline`, `weak`,
`__nothrow__`, `__leaf__`, `__nonnull__`, `aligned` ...) are left alone here."""
from __future__ import annotations

import re
from typing import Callable, Iterator, Optional

from pycparser import c_ast

from instrument.frontend import FUNCTION_DECLARATORS

from ..c_types import Unsupported
from .names import has_fixed_meaning
from .syntax import _line, _walk

CODE_ATTRIBUTES = ("constructor", "destructor")
NAME_ATTRIBUTES = ("alias", "weakref", "ifunc")
STRING_RE = re.compile(r'"((?:[^"\\]|\\.)*)"')
DECLARATORS = (c_ast.PtrDecl, c_ast.ArrayDecl, c_ast.TypeDecl) + FUNCTION_DECLARATORS
TYPE_KEYWORDS = {"void", "char", "short", "int", "long", "float", "double", "signed",
                 "unsigned", "_Bool", "_Complex", "__int128", "__signed__", "__signed",
                 "__unsigned__"}


def check_gnu_extensions(ast: c_ast.FileAST, error_function: str,
                         constant_value: Callable[[c_ast.Node, Optional[int]], int]) -> None:
    """Raise `Unsupported` for the first construct of the module's list in the translation
    unit.  `constant_value(expr, line)` evaluates an integer constant expression in the file
    scope."""
    declarations = list(_declarations(ast))
    for decl in declarations:
        _check_attributes(decl)
    _check_asm_labels(declarations, _linkage_names(ast), error_function)
    for node in ast.ext:
        if isinstance(node, c_ast.StaticAssert):
            _check_static_assert(node, constant_value, file_scope=True)
        else:
            for inner in _walk(node):
                if isinstance(inner, c_ast.StaticAssert):
                    _check_static_assert(inner, constant_value, file_scope=False)


# ------------------------------------------------------------------ declarations
def _declarations(ast: c_ast.FileAST) -> Iterator[c_ast.Node]:
    """Every declaration and typedef of the translation unit (parameters and members too)."""
    for node in _walk(ast):
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
def _linkage_names(ast: c_ast.FileAST) -> dict[str, list[c_ast.Node]]:
    """C name -> the declarations of it that have linkage (file scope; `extern` and function
    prototypes in blocks), each as its `Decl`, or as the `FuncDef` of a definition."""
    names: dict[str, list[c_ast.Node]] = {}
    for node in ast.ext:
        if isinstance(node, c_ast.FuncDef):
            names.setdefault(node.decl.name, []).append(node)
            for inner in _walk(node.body):
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
