/* Two streams open at once are two objects: their pointers differ. */
#include <stdio.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  FILE *g = fopen("gt-input.txt", "r");
  if (f != 0 && g != 0 && f == g) reach_error();
  if (f != 0) fclose(f);
  if (g != 0) fclose(g);
  return 0;
}
