/* Test harness for running an instrumented program compiled with gcc (tests/test_locate_weave.py):
   a failed witness check calls reach_error(), which prints and exits with 17; a false assumption
   ends the execution normally; the nondet value comes from the environment variable NONDET. */
#include <stdio.h>
#include <stdlib.h>

void reach_error(void) {
  fprintf(stderr, "reach_error\n");
  exit(17);
}

void __VERIFIER_assume(int condition) {
  if (!condition) {
    exit(0);
  }
}

int __VERIFIER_nondet_int(void) {
  const char *value = getenv("NONDET");
  return value ? atoi(value) : 0;
}
