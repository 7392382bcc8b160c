/* A stream pointer kept in a struct member and a global, compared and closed through them. */
#include <stdio.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct holder { FILE *f; int uses; };
struct holder h;
FILE *g;
int main(void) {
  h.f = fopen("gt-input.txt", "r");
  if (h.f == 0) return 0;
  g = h.f;
  h.uses = 1;
  if (g != h.f || h.f == 0) reach_error();
  fclose(g);
  return 0;
}
