/* `union U u = *p` with p->ll's upper bytes never written: no undefined behaviour, u.i is x,
   the error on 5.  A union read as a whole through a pointer is not modelled. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
union U { int i; long long ll; };
int main(void) {
  union U *p = malloc(sizeof(union U));
  if (!p) return 0;
  p->i = __VERIFIER_nondet_int();
  union U u = *p;
  if (u.i == 5) reach_error();
  free(p);
  return 0;
}
