/* A mode built in an array ("r" or "r+", by an input): read byte by byte, both are modes C
   defines.  The stream is opened with "r+" only where the file exists. */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char mode[3];
  FILE *f;
  mode[0] = 'r';
  mode[1] = __VERIFIER_nondet_int() ? '+' : 0;
  mode[2] = 0;
  f = fopen("gt-input.txt", mode);
  if (f != 0 && fclose(f) != 0 && mode[0] != 'r') reach_error();
  return 0;
}
