/* free of a stream: undefined behaviour (C11 7.22.3.3p2: not a block of malloc); glibc's
   FILE is a malloc block in practice, so no run shows it. */
#include <stdio.h>
#include <stdlib.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  if (f == 0) return 0;
  /*MARK:before-free*/
  free(f);
  return 0;
}
