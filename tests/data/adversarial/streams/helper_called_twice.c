/* fopen in a helper called twice: each call opens a stream of its own (two inlined copies,
   two objects), so the two pointers differ while both are open. */
#include <stdio.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
FILE *open_input(void) { return fopen("gt-input.txt", "r"); }
int main(void) {
  FILE *f = open_input();
  FILE *g = open_input();
  if (f != 0 && g != 0 && f == g) reach_error();
  if (g != 0) fclose(g);
  if (f != 0) fclose(f);
  return 0;
}
