/* A stream closed twice: undefined behaviour (the second fclose gets an indeterminate
   pointer, C11 7.21.3p4). */
#include <stdio.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  if (f == 0) return 0;
  fclose(f);
  /*MARK:before-second-close*/
  fclose(f);
  return 0;
}
