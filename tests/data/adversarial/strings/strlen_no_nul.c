/* strlen of a char array whose four elements are all letters unless the input is nonzero:
   strlen reads past the end (undefined behaviour), a model that stops at the array's end or
   returns its size would decide it. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char a[4] = {'a', 'b', 'c', 'd'};
  int x = __VERIFIER_nondet_int();
  if (x) a[3] = 0; else { /*MARK:before-no-nul*/ }
  if (strlen(a) != 3) reach_error();
  return 0;
}
