"""C semantics: types and data models, the CFA of the instrumented program, its encoding in z3.

  c_types       integer types, arrays, data models (ILP32, LP64), `Unsupported`
  ir            the CFA's data: variables, expressions, operations, edges, check sites
  cfa           build the CFA from the instrumented AST (inlining, summaries for recursion)
  theories      bit-vectors, integers, checked integers: how expressions become z3 terms
  encode        one expression -> one z3 term (with its undefined-behaviour conditions)
  blocks        the transition system: cut points, loop-free blocks as formulas, targets
  solver_clock  time spent inside z3
"""
