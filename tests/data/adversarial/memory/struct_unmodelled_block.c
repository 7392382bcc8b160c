/* A block of a struct whose definition is not modelled (a member that is a union with a
   float member): its size and members are not known to us, so the verdict is unknown, never
   one that guesses them. */
#include <stdlib.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { union { float f; int i; } u; int n; };
int main(void) {
  struct inner *p = malloc(sizeof *p);
  p->n = 4;
  if (p->n == 4) reach_error();
  free(p);
  return 0;
}
