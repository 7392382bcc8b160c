/* A block of a struct whose definition is not modelled (an array member): its size and
   members are not known to us, so the verdict is unknown, never one that guesses them. */
#include <stdlib.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int a[2]; int n; };
int main(void) {
  struct inner *p = malloc(sizeof *p);
  p->a[1] = 3;
  p->n = 4;
  if (p->a[1] + p->n == 7) reach_error();
  free(p);
  return 0;
}
