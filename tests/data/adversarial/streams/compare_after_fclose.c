/* The pointer to a closed stream is indeterminate (C11 7.21.3p4): comparing it is undefined.
   glibc without AddressSanitizer hands the same block to the next fopen, and the error is
   reached; a model that gives each stream a new object would prove the program. */
#include <stdio.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  FILE *g;
  if (f == 0) return 0;
  fclose(f);
  g = fopen("gt-input.txt", "r");
  if (g == 0) return 0;
  /*MARK:before-compare*/
  if (f == g) reach_error();
  fclose(g);
  return 0;
}
