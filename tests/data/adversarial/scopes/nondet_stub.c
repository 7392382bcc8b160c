/* Ground truth harness for the programs of this folder (tests/test_adversarial_scopes.py):
   linked with a program, `__VERIFIER_nondet_int` (and `__VERIFIER_nondet_T`, an int in
   prototype_scope.c) returns the next integer of standard input.
   A program that asks for more values than given exits with 3 (the test treats it as an error).
   reach_error() calls abort(): a run that reaches it ends with SIGABRT.  The test inserts
   `__ground_truth_invariant(INVARIANT), ` at the head of a loop the witness names: a run where
   the invariant is false there exits with 7. */
#include <stdio.h>
#include <stdlib.h>

int __VERIFIER_nondet_int(void) {
  int value;
  if (scanf("%d", &value) != 1)
    exit(3);
  return value;
}

int __VERIFIER_nondet_T(void) {
  return __VERIFIER_nondet_int();
}

void __ground_truth_invariant(int holds) {
  if (!holds)
    exit(7);
}
