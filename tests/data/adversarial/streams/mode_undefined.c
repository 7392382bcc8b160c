/* A mode C does not define ("q"): undefined behaviour (C11 7.21.5.3p3), although glibc
   returns NULL (EINVAL); a model that checked only that the mode is a string would prove
   it. */
#include <stdio.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  FILE *f = fopen("gt-input.txt", "q");
  if (f != 0) { /*MARK:opened*/ fclose(f); }
  return 0;
}
