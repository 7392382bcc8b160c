"""The soundness campaign (issues 15 and 20): random programs, gcc ground truth, validator.
See bench/soundness.py for the command line and the verdict rules.  Modules in pipeline order:
cexpr, cprog, program (the programs' syntax tree and its two printings); exprgen, generate,
patterns (the generator); analysis (locations, scope check); driver, truth (ground truth);
witnesses (assertions, invariants, witness files); expect (verdict rules); campaign (one
program, in a worker); cli (parallel runs, the table)."""
