"""From the instrumented program to the verdict.

  cli          the `validate-correctness` command line; the only place that catches InputError
  task         SV-COMP task definitions (.yml) and property files (.prp)
  pipeline     one validation run: load, parse, weave, prove, decide
  results      the result strings (BenchExec's) and invariant statuses
  report       JSON report and the human-readable lines before the result line
  certificates loop_invariant_certificate entries for confirmed / rejected invariants
It never reads YAML witness syntax itself; `instrument` does that.
"""

__version__ = "0.1.0"
