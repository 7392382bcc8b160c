/* Two elements hold one block: freeing both on 3 frees it twice. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int *a[2];
  int n = __VERIFIER_nondet_int();
  a[0] = malloc(sizeof(int));
  a[1] = n == 3 ? a[0] : 0;
  free(a[0]);
  if (n == 3) { /*MARK:before-double-free*/ }
  free(a[1]);
  return 0;
}
