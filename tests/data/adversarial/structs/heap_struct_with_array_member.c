/* A heap block of a struct with an array member, used through a pointer: p->a[1] and p->n
   are different cells (the error is reached). */
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
