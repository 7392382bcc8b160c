"""From text to the instrumented program.

Stages, one module each:
  witness     load a YAML correctness witness (formats 0.1, 2.0, 2.1) and check its schema
  schema_check  the JSON Schema check of an entry: jsonschema, or by type for the common shape
  metadata    the tolerant check of witness metadata: problems are warnings, never errors
  frontend    parse a C program (GNU C) with pycparser/pycparserext
  positions   statement start positions taken from the original program text
  locate      find the AST node a witness location points at, with the names in scope there
  expressions parse an invariant as a side-effect-free C expression in that scope
  ghosts      check and plan format-2.1 ghost variables and updates
  acsl        the ACSL subset of function contracts, written as C over long long
  contracts   check and plan format-2.1 function contracts (checks at entry and returns)
  weave       insert `__witness_check(i, e)` / `__witness_assume(i, e)` at the locations
  woven       what weaving leaves for the engines (`WeaveResult`), with nothing of the
              front end but pycparser's AST: the engines' child reads it without the rest
  emit        print the instrumented program as self-contained C
The package knows nothing of z3; `validator` takes over from the instrumented AST.
"""
