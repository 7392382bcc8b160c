"""Proof engines over the block encoding of `validator.semantics.blocks`.

  testing     random executions: shallow counterexamples, sampled states
  candidates  lemmas of our own guessed from the samples, for Houdini
  unroll      instantiate blocks at steps 0, 1, 2, ... (shared by BMC and k-induction)
  houdini     cut-point inductive check with Houdini pruning
  bmc         bounded model checking: real executions to a target, with their inputs
  kinduction  k-induction strengthened by proven lemmas
  chc         Horn clauses solved by z3's Spacer
  summaries   CHC over the program with recursion summarised: proofs for any depth
  fuzzing     native random testing: the gcc-compiled program on random inputs
  portfolio   the engines in order under one deadline; what each target's status is -> Findings
  process     runs the portfolio in a child process that is killed at the deadline
"""

# the portfolio, in the order `--engines` names them (see portfolio.py for the order they run in)
ENGINES = ("testing", "houdini", "bmc", "kinduction", "chc")
