/* A block of a struct whose definition is not modelled (a function pointer member): its size and
   members are not known to us, so the verdict is unknown, never one that guesses them. */
#include <stdlib.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int (*f)(int); int n; };
int main(void) {
  struct inner *p = malloc(sizeof *p);
  p->f = 0;
  p->n = 4;
  if (p->f == 0 && p->n == 4) reach_error();
  free(p);
  return 0;
}
