"""Parse a C program (ISO or GNU C, `.c` or preprocessed `.i`) into a pycparser AST.

`.c` files go through `gcc -E -nostdinc` with the stub headers of `include/`, so that results
do not depend on the machine's libc headers; `.i` files are parsed as they are.  The line
markers of the preprocessor keep pycparser's line numbers those of the original file.

The parser is pycparserext's GNU C parser with the GNU constructs it does not read (`GnuParser`):
nested function definitions (a `FuncDef` in a block), labels as values (`&&label`, a `UnaryOp`
"&&"), computed goto (`ComputedGoto`), `x ?: y` (`OmittedConditional`), local labels
(`LocalLabels`, first in a block; renamed apart, so a label name is one label of its function),
`__auto_type` (a type name; gcc's rules for its declarations
are checked here), `asm goto` (`AsmGoto`) and `asm inline`, `__builtin_offsetof`,
`__builtin_va_arg` (calls with a type argument), `__real__`/`__imag__`.  The new nodes print
back as GNU C with every generator derived from pycparserext's (`GnuCGenerator`).  What they
mean is the validator's business (`validator/semantics/cfa/`): modelled, or `unknown` naming
the construct.

A program that still does not parse is checked with `gcc -fsyntax-only`: if gcc rejects it
too, it is bad input (`InputError` naming file, line and column); if gcc accepts it, the
parser is what fails, and the program becomes a stand-in whose `main` holds an `Unparsed` node
with the parser's complaint, which the validator answers with `unknown` naming it.
"""
from __future__ import annotations

import contextlib
import os
import re
import subprocess
import time
from dataclasses import dataclass, field
from typing import Iterator, Optional

from pycparser import c_ast
from pycparser.c_parser import Coord, ParseError
from pycparserext.ext_c_generator import GnuCGenerator
from pycparserext.ext_c_lexer import GnuCLexer
from pycparserext.ext_c_parser import (Asm, AttributeSpecifier, FuncDeclExt, GnuCParser,
                                       TypeDeclExt)

from .errors import InputError
from .positions import PositionMap

# pycparserext's function declarator is not a subclass of pycparser's
FUNCTION_DECLARATORS = (c_ast.FuncDecl, FuncDeclExt)

INCLUDE_DIR = os.path.join(os.path.dirname(__file__), "include")

# `__extension__` before a statement expression defeats the parser; blanking keeps columns
EXTENSION_RE = re.compile(r"\b__extension__\b")
# line markers inside a `.i` file would renumber lines; witnesses count physical lines
LINE_MARKER_LINE_RE = re.compile(r"^[ \t]*#[ \t]*(?:line[ \t]+)?\d+[^\n]*$", re.MULTILINE)
PARSE_ERROR_RE = re.compile(r"^(?P<file>[^:]*):(?P<line>\d+):(?:(?P<column>\d+):)?\s*(?P<msg>.*)$",
                            re.DOTALL)


@dataclass
class ParsedProgram:
    path: str
    original_text: str
    ast: c_ast.FileAST
    positions: PositionMap
    typedef_names: set[str] = field(default_factory=set)
    preprocessed: bool = False

    @property
    def file_name(self) -> str:
        return os.path.basename(self.path)


def _blank(match: re.Match) -> str:
    return " " * len(match.group())


PREPROCESS_SECONDS = 60      # a preprocessor that takes longer is stuck (or the input is)


class Preprocessor:
    """The C preprocessor on a `.c` file with our stub headers only, started now and read
    when the parser needs its output: the pipeline starts it before loading the witness, so
    that gcc runs on another core meanwhile (6 ms of a 0.15 s run).  `close` ends it if its
    output was never read."""

    def __init__(self, path: str, data_model: str) -> None:
        self.path, self.data_model = path, data_model
        self.started = time.monotonic()
        command = ["gcc", "-E", "-nostdinc", "-I", INCLUDE_DIR,
                   "-m32" if data_model == "ILP32" else "-m64", "-std=gnu11", path]
        try:
            self.process: Optional[subprocess.Popen] = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True)
        except FileNotFoundError:
            self.process = None        # named when the output is asked for, in its turn

    def output(self) -> str:
        """The preprocessed text; InputError when gcc is missing or rejects the program."""
        if self.process is None:
            raise InputError("cannot preprocess: gcc is not installed (install the Debian "
                             "packages gcc and libc6-dev: apt-get install gcc libc6-dev)",
                             self.path)
        left = PREPROCESS_SECONDS - (time.monotonic() - self.started)
        try:
            stdout, stderr = self.process.communicate(timeout=max(left, 0.0))
        except subprocess.TimeoutExpired:
            self.close()
            raise InputError(f"preprocessing took longer than {PREPROCESS_SECONDS} s",
                             self.path) from None
        if self.process.returncode != 0:
            message = stderr.strip().splitlines()
            first = next((m for m in message if "error" in m), message[0] if message else "")
            missing = MISSING_HEADER_RE.search(first)
            if missing and missing.group("header") in LIBRARY_HEADERS:
                raise MissingLibraryHeader(missing.group("header"), self.path,
                                           int(missing.group("line")))
            raise InputError(f"cannot preprocess: {first}", self.path)
        return stdout

    def close(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            self.process.communicate()       # reaped, its pipes closed


@contextlib.contextmanager
def preprocessing(path: str, data_model: str) -> Iterator[Optional[Preprocessor]]:
    """The preprocessor started on `path` for `parse_program` (None for a `.i` file, which
    is parsed as it is), ended on leaving."""
    preprocessor = None if path.endswith(".i") else Preprocessor(path, data_model)
    try:
        yield preprocessor
    finally:
        if preprocessor is not None:
            preprocessor.close()


def preprocess(path: str, data_model: str) -> str:
    """Run the C preprocessor with our stub headers only."""
    preprocessor = Preprocessor(path, data_model)
    try:
        return preprocessor.output()
    finally:
        preprocessor.close()


# what gcc says of an #include it cannot find
MISSING_HEADER_RE = re.compile(r":(?P<line>\d+):\d+: fatal error: (?P<header>[\w/.]+): No such file")
# the headers of the C library (C11 7.1.2) and the POSIX and glibc ones C programs include:
# one of them missing from the stubs is our limitation (`unknown` naming it), not bad input
LIBRARY_HEADERS = frozenset(
    f"{name}.h" for name in (
        "assert complex ctype errno fenv float inttypes iso646 limits locale math setjmp "
        "signal stdalign stdarg stdatomic stdbool stddef stdint stdio stdlib stdnoreturn "
        "string tgmath threads time uchar wchar wctype "
        "alloca fcntl malloc pthread sched semaphore strings unistd stdio_ext "
        "sys/types sys/stat sys/time sys/mman sys/wait").split())


class MissingLibraryHeader(InputError):
    """A header of the C library that is not among our stubs (`include/`)."""

    def __init__(self, header: str, path: str, line: int) -> None:
        super().__init__(f"cannot preprocess: the C library header <{header}> is not among "
                         f"the validator's stub headers", path, line)
        self.header = header


def parse_program(path: str, data_model: str = "ILP32",
                  preprocessor: Optional[Preprocessor] = None) -> ParsedProgram:
    """The program's AST; a `.c` file's preprocessed text comes from `preprocessor` when it
    was started on the same file and data model (`preprocessing`), else from a new run."""
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            original = f.read()
    except OSError as e:
        raise InputError(f"cannot read program: {e.strerror}", path) from None
    main_file = os.path.basename(path)
    if path.endswith(".i"):
        parsed_text = LINE_MARKER_LINE_RE.sub(_blank, original)
        preprocessed = False
        positions = PositionMap(original, None, main_file)
    else:
        # a `.c` file: line markers name the file as given on the command line
        try:
            if preprocessor is not None and (preprocessor.path, preprocessor.data_model) \
                    == (path, data_model):
                parsed_text = preprocessor.output()
            else:
                parsed_text = preprocess(path, data_model)
        except MissingLibraryHeader as missing:
            # a valid program all the same: its analysis answers `unknown` naming the header
            ast = _stand_in_for(f"the C library header <{missing.header}> (not among the "
                                f"validator's stub headers)", Coord(main_file, missing.line))
            return ParsedProgram(path=path, original_text=original, ast=ast,
                                 positions=PositionMap(original, None, main_file),
                                 preprocessed=True)
        parsed_text = parsed_text.replace(f'"{path}"', f'"{main_file}"')
        preprocessed = True
        positions = PositionMap(original, parsed_text, main_file)
    parsed_text = EXTENSION_RE.sub(_blank, parsed_text)
    try:
        ast = parse_text(parsed_text, main_file)
    except ParseFailure as error:
        if gcc_rejects(path, data_model):
            raise
        ast = _stand_in(error)
    typedefs = {node.name for node in ast.ext if isinstance(node, c_ast.Typedef)}
    return ParsedProgram(path=path, original_text=original, ast=ast, positions=positions,
                         typedef_names=typedefs, preprocessed=preprocessed)


def gcc_rejects(path: str, data_model: str) -> bool:
    """gcc does not accept the program (`-fsyntax-only`, as `preprocess` reads it)."""
    command = ["gcc", "-fsyntax-only", "-w", "-m32" if data_model == "ILP32" else "-m64",
               "-std=gnu11"]
    if not path.endswith(".i"):
        command += ["-nostdinc", "-I", INCLUDE_DIR]
    try:
        completed = subprocess.run(command + [path], capture_output=True, text=True,
                                   timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return True          # no answer from gcc: the parse error stands
    return completed.returncode != 0


def _stand_in(error: "ParseFailure") -> c_ast.FileAST:
    """The program gcc accepts but the parser cannot read: a `main` holding the complaint."""
    return _stand_in_for(f"C that gcc accepts but the parser cannot read: {error.complaint}",
                         error.coord)


def _stand_in_for(what: str, coord) -> c_ast.FileAST:
    """A program whose `main` holds only `what` we cannot read (an `Unparsed` node)."""
    unparsed = Unparsed(what, coord)
    main = c_ast.Decl("main", [], [], [], [], c_ast.FuncDecl(None, c_ast.TypeDecl(
        "main", [], None, c_ast.IdentifierType(["int"]))), None, None)
    return c_ast.FileAST([c_ast.FuncDef(main, None, c_ast.Compound([unparsed]))])


class ParseFailure(InputError):
    """The parser's complaint about a program, at `coord` (line None if it names none)."""

    def __init__(self, file: str, line: Optional[int], column: Optional[int],
                 complaint: str) -> None:
        self.coord = Coord(file, line, column) if line is not None else None
        self.complaint = complaint
        where = file + (f":{line}" if line is not None else "") + (f":{column}" if column else "")
        super().__init__(f"cannot parse {where}: {complaint}")


def parse_text(text: str, file_name: str) -> c_ast.FileAST:
    """Parse C text; a syntax error becomes `ParseFailure` naming file:line:column."""
    parser = GnuParser()
    try:
        return parser.parse(text, file_name)
    except RecursionError:
        raise           # nesting deeper than the parser follows: not a syntax error (cli.py)
    except Exception as e:  # pycparser raises ParseError, pycparserext sometimes others
        message = str(e)
        match = PARSE_ERROR_RE.match(message)
        if match:
            column = int(match.group("column")) if match.group("column") else None
            raise ParseFailure(match.group("file") or file_name, int(match.group("line")),
                               column, match.group("msg").strip()) from None
        # some errors ("Invalid expression") name no position: use the token the parser stopped at
        current = getattr(getattr(parser, "clex", None), "filename", None) or file_name
        for unknown_place in (f"{current}: ", "?: "):
            if message.startswith(unknown_place):
                message = message[len(unknown_place):]
        try:
            token = parser._peek()
        except Exception:  # a private helper of pycparser 3; without it, no position
            token = None
        if token is not None and getattr(token, "lineno", None) is not None:
            raise ParseFailure(current, token.lineno, getattr(token, "column", None) or None,
                               message) from None
        raise ParseFailure(current, None, None, message) from None


# ------------------------------------------------------------------ GNU C nodes
class OmittedConditional(c_ast.TernaryOp):
    """`cond ?: iffalse` (GNU): `cond` if it is nonzero, else `iffalse`; `cond` is evaluated
    once.  A `TernaryOp` whose `iftrue` is None (so that it prints as an expression statement
    with its `;`); read it only as this class."""
    __slots__ = ()

    def __init__(self, cond, iffalse, coord=None):
        super().__init__(cond, None, iffalse, coord)


class ComputedGoto(c_ast.Node):
    """`goto *expr;` (GNU labels as values)."""
    __slots__ = ("expr", "coord", "__weakref__")
    attr_names = ()

    def __init__(self, expr, coord=None):
        self.expr = expr
        self.coord = coord

    def children(self):
        return (("expr", self.expr),) if self.expr is not None else ()

    def __iter__(self):
        if self.expr is not None:
            yield self.expr


class LocalLabels(c_ast.Node):
    """`__label__ a, b;` at the start of a block: labels whose scope is the block."""
    __slots__ = ("names", "coord", "__weakref__")
    attr_names = ("names",)

    def __init__(self, names, coord=None):
        self.names = names
        self.coord = coord

    def children(self):
        return ()

    def __iter__(self):
        return iter(())


class AsmGoto(Asm):
    """`asm goto (template : outputs : inputs : clobbers : labels)`: assembler code that may
    jump to one of the C labels `labels` (names)."""
    attr_names = ("asm_keyword", "labels")

    def __init__(self, asm_keyword, template, output_operands, input_operands, clobbered_regs,
                 labels, coord=None):
        super().__init__(asm_keyword, template, output_operands, input_operands, clobbered_regs,
                         coord)
        self.labels = labels


class Unparsed(c_ast.Node):
    """Where the parser gave up on a program that gcc accepts (`what`: its complaint)."""
    __slots__ = ("what", "coord", "__weakref__")
    attr_names = ("what",)

    def __init__(self, what, coord=None):
        self.what = what
        self.coord = coord

    def children(self):
        return ()

    def __iter__(self):
        return iter(())


def _print_omitted_conditional(self, n):
    return "(" + self._visit_expr(n.cond) + ") ?: (" + self._visit_expr(n.iffalse) + ")"


def _print_computed_goto(self, n):
    return "goto *" + self._parenthesize_unless_simple(n.expr) + ";"


def _print_local_labels(self, n):
    return "__label__ " + ", ".join(n.names) + ";"


def _print_asm_goto(self, n):
    parts = [self.visit(p) if p is not None else ""
             for p in (n.template, n.output_operands, n.input_operands, n.clobbered_regs)]
    return " %s(%s : %s)" % (n.asm_keyword, " : ".join(parts), ", ".join(n.labels))


def _print_unparsed(self, n):
    return "/* not parsed: " + n.what.replace("*/", "* /") + " */;"


# every printer of the project derives from pycparserext's GnuCGenerator (the emitted program,
# the gcc harness): teach it the nodes above
for _name, _printer in (("OmittedConditional", _print_omitted_conditional),
                        ("ComputedGoto", _print_computed_goto),
                        ("LocalLabels", _print_local_labels),
                        ("AsmGoto", _print_asm_goto),
                        ("Unparsed", _print_unparsed)):
    setattr(GnuCGenerator, "visit_" + _name, _printer)


# ------------------------------------------------------------------ GNU C parser
AUTO_TYPE = "__auto_type"
# `&&label`, `__real__ e`, `__imag__ e`, `__builtin_va_arg(ap, type)`
_GNU_EXPRESSION_START = {"LAND", "__REAL__", "__IMAG__", "__BUILTIN_VA_ARG"}
_ASM_QUALIFIERS = {"VOLATILE", "__VOLATILE", "__VOLATILE__", "INLINE", "__INLINE",
                   "__INLINE__", "GOTO"}


class _GnuLexer(GnuCLexer):
    """pycparserext's lexer, plus `__label__`, `__auto_type` (a type name), and the built-ins
    with a type argument."""
    _extra_keywords = {**GnuCLexer._extra_keywords,
                       "__label__": "__LABEL__",
                       AUTO_TYPE: "TYPEID",
                       "__builtin_offsetof": "OFFSETOF",
                       "__builtin_va_arg": "__BUILTIN_VA_ARG"}


class GnuParser(GnuCParser):
    """pycparserext's GNU C parser with the constructs listed in the module's docstring."""
    lexer_class = _GnuLexer

    def _starts_expression(self, tok=None):
        tok = tok or self._peek()
        return tok is not None and (tok.type in _GNU_EXPRESSION_START
                                    or super()._starts_expression(tok))

    # -------------------------------------------------------------- blocks
    _local_labels = 0          # local labels renamed so far

    def _parse_compound_statement(self):
        """`{ __label__ a, b; ... }`: local label declarations come first in a block.  Each
        local label is renamed apart (`__local1_a`) in the block, so that every later stage
        may take a label name to mean one label of the function (blocks inside were parsed,
        and their own local labels renamed, before)."""
        if self._peek_type() != "LBRACE" or self._peek_type(2) != "__LABEL__":
            return super()._parse_compound_statement()
        lbrace = self._expect("LBRACE")
        items = []
        renamed = {}
        while self._peek_type() == "__LABEL__":
            self._advance()
            names = [self._expect("ID").value]
            while self._accept("COMMA"):
                names.append(self._expect("ID").value)
            self._expect("SEMI")
            for name in names:
                self._local_labels += 1
                renamed[name] = f"__local{self._local_labels}_{name}"
            # no position: nothing may be woven before it (gcc wants it first in the block)
            items.append(LocalLabels([renamed[name] for name in names], None))
        if self._peek_type() != "RBRACE":
            items += self._parse_block_item_list()
        self._expect("RBRACE")
        for item in items:
            _rename_labels(item, renamed)
        return c_ast.Compound(block_items=items, coord=self._tok_coord(lbrace))

    def _parse_block_item(self):
        """A nested function definition (GNU), or what pycparser reads."""
        if self._peek_type() != "_STATIC_ASSERT" and self._starts_declaration():
            nested = self._nested_function()
            if nested is not None:
                return nested
        return super()._parse_block_item()

    def _nested_function(self):
        """A function definition in a block, or None (nothing consumed)."""
        if not self._before_body():
            return None
        mark = self._mark()
        try:
            spec, _, spec_coord = self._parse_declaration_specifiers(allow_no_type=True)
            if self._peek_declarator_name_info()[0] == "ID":
                decl = self._parse_id_declarator()
                if self._peek_type() == "LBRACE" and isinstance(decl, FUNCTION_DECLARATORS):
                    if not spec["type"]:
                        spec["type"] = [c_ast.IdentifierType(["int"], coord=spec_coord)]
                    return self._build_function_definition(
                        spec=spec, decl=decl, param_decls=None,
                        body=self._parse_compound_statement())
        except ParseError:
            pass
        self._reset(mark)
        return None

    def _before_body(self) -> bool:
        """The declaration ahead reaches `) {` outside parentheses before any `;` or `=`, as
        a function definition does (a quick look before parsing it twice)."""
        depth, k, previous = 0, 1, None
        while True:
            tok_type = self._peek_type(k)
            if tok_type is None:
                return False
            if tok_type == "LPAREN":
                depth += 1
            elif tok_type == "RPAREN":
                depth -= 1
            elif depth == 0:
                if tok_type in ("SEMI", "EQUALS"):
                    return False
                if tok_type == "LBRACE":
                    if previous != "RPAREN":
                        return False
                    return True
            previous, k = tok_type, k + 1

    # -------------------------------------------------------------- statements
    def _parse_jump_statement(self):
        """`goto *expr;` (computed goto), or what pycparser reads."""
        if self._peek_type() == "GOTO" and self._peek_type(2) == "TIMES":
            keyword = self._advance()
            self._advance()
            expr = self._parse_expression()
            self._expect("SEMI")
            return ComputedGoto(expr, self._tok_coord(keyword))
        return super()._parse_jump_statement()

    def _parse_asm_keyword(self):
        """`asm` with its qualifiers (`volatile`, `inline`, `goto`) in any order."""
        keyword = self._advance().value
        while self._peek_type() in _ASM_QUALIFIERS:
            keyword += " " + self._advance().value
        return keyword

    def _parse_asm_no_semi(self):
        coord = self._tok_coord(self._peek())
        keyword = self._parse_asm_keyword()
        self._expect("LPAREN")
        template = self._parse_asm_argument_expression_list()
        operands = [None, None, None]
        for position in range(3):
            if not self._accept("COLON"):
                break
            operands[position] = self._parse_asm_argument_expression_list()
        if "goto" not in keyword.split():
            self._expect("RPAREN")
            return Asm(keyword, template, *operands, coord=coord)
        labels = []
        if self._accept("COLON"):
            labels.append(self._expect("ID").value)
            while self._accept("COMMA"):
                labels.append(self._expect("ID").value)
        self._expect("RPAREN")
        return AsmGoto(keyword, template, *operands, labels, coord=coord)

    # -------------------------------------------------------------- expressions
    def _parse_conditional_expression(self):
        """`c ? a : b`, and `c ?: b` (GNU)."""
        expr = self._parse_binary_expression()
        if not self._accept("CONDOP"):
            return expr
        if self._accept("COLON"):
            return OmittedConditional(expr, self._parse_conditional_expression(), expr.coord)
        iftrue = self._parse_expression()
        self._expect("COLON")
        iffalse = self._parse_conditional_expression()
        return c_ast.TernaryOp(expr, iftrue, iffalse, expr.coord)

    def _parse_unary_expression(self):
        """`&&label` (the label's address), `__real__ e`, `__imag__ e`, or what pycparser
        reads."""
        tok_type = self._peek_type()
        if tok_type == "LAND" and self._peek_type(2) == "ID":
            operator = self._advance()
            label = self._advance()
            return c_ast.UnaryOp("&&", c_ast.ID(label.value, self._tok_coord(label)),
                                 self._tok_coord(operator))
        if tok_type in ("__REAL__", "__IMAG__"):
            operator = self._advance()
            return c_ast.UnaryOp(operator.value, self._parse_cast_expression(),
                                 self._tok_coord(operator))
        return super()._parse_unary_expression()

    def _parse_primary_expression(self):
        """`__builtin_va_arg(ap, type)`: a call with a type argument."""
        if self._peek_type() == "__BUILTIN_VA_ARG":
            keyword = self._advance()
            coord = self._tok_coord(keyword)
            self._expect("LPAREN")
            ap = self._parse_assignment_expression()
            self._expect("COMMA")
            typ = self._parse_type_name()
            self._expect("RPAREN")
            return c_ast.FuncCall(c_ast.ID(keyword.value, coord), c_ast.ExprList([ap, typ], coord),
                                  coord)
        return super()._parse_primary_expression()

    # -------------------------------------------------------------- declarations
    def _build_declarations(self, spec, decls, typedef_namespace=False):
        """pycparser's, and gcc's rules for `__auto_type`: one plain identifier with an
        initialiser expression, no typedef.  pycparser's `Typedef` has no place for the
        attributes among the specifiers (`typedef struct {...} __attribute__((packed)) S;`,
        `typedef int __attribute__((aligned(8))) I;`) and drops them; they change the type, so
        they are kept on the declarator, where attributes after the name already are."""
        built = super()._build_declarations(spec, decls, typedef_namespace)
        attributes = [node.exprlist for node in spec["function"]
                      if isinstance(node, AttributeSpecifier)]
        for decl in built:
            if isinstance(decl, c_ast.Typedef) and attributes:
                _keep_typedef_attributes(decl, attributes)
            if _declares_auto_type(decl):
                if len(built) != 1:
                    self._parse_error(f"'{AUTO_TYPE}' may only be used with a single declarator",
                                      decl.coord)
                if isinstance(decl, c_ast.Typedef):
                    self._parse_error(f"'{AUTO_TYPE}' in a typedef", decl.coord)
                if not isinstance(decl.type, c_ast.TypeDecl) or \
                        not isinstance(decl.type.type, c_ast.IdentifierType):
                    self._parse_error(f"'{AUTO_TYPE}' requires a plain identifier as declarator",
                                      decl.coord)
                if decl.init is None or isinstance(decl.init, c_ast.InitList):
                    self._parse_error(f"'{AUTO_TYPE}' requires an initialiser expression",
                                      decl.coord)
        return built


def _keep_typedef_attributes(typedef: c_ast.Typedef, attributes: list) -> None:
    """Attach the attribute lists of a typedef's specifiers to its innermost `TypeDecl` (as
    pycparserext's `TypeDeclExt.attributes`, which later stages read)."""
    parent, node = typedef, typedef.type
    while not isinstance(node, c_ast.TypeDecl):
        parent, node = node, node.type
    if not isinstance(node, TypeDeclExt):
        node = TypeDeclExt.from_pycparser(node)
        node.asm, node.attributes = None, None
        parent.type = node
    for exprlist in attributes:
        if node.attributes is None:
            node.attributes = c_ast.ExprList(list(exprlist.exprs), exprlist.coord)
        else:
            node.attributes.exprs.extend(exprlist.exprs)


def _rename_labels(node, renamed: dict) -> None:
    """Every use of a label of `renamed` below `node` (definition, `goto`, `&&label`, `asm
    goto`) gets its new name."""
    if isinstance(node, (c_ast.Label, c_ast.Goto)) and node.name in renamed:
        node.name = renamed[node.name]
    elif isinstance(node, c_ast.UnaryOp) and node.op == "&&" \
            and isinstance(node.expr, c_ast.ID) and node.expr.name in renamed:
        node.expr.name = renamed[node.expr.name]
    elif isinstance(node, AsmGoto):
        node.labels = [renamed.get(label, label) for label in node.labels]
    for _, child in node.children():
        _rename_labels(child, renamed)


def _declares_auto_type(decl) -> bool:
    node = decl.type
    while node is not None and not isinstance(node, c_ast.IdentifierType):
        node = getattr(node, "type", None)
    return isinstance(node, c_ast.IdentifierType) and AUTO_TYPE in node.names
