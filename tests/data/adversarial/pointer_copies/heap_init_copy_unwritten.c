/* `struct S t = *p` from a heap block whose member b was never written: C copies it without
   undefined behaviour (C11 6.2.6.1p6) and t.a is x: the error is reached on 5.  The model
   carries nothing unwritten through a copy: an execution that is not modelled (unknown), never
   the end of the executions as an uninitialised read (which proved them safe). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S *p = malloc(sizeof(struct S));
  if (!p) return 0;
  p->a = __VERIFIER_nondet_int();
  struct S t = *p;
  if (t.a == 5) reach_error();
  free(p);
  return 0;
}
