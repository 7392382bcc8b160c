/* Two blocks in an array are distinct and hold what was written through each. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int *a[2];
  int n = __VERIFIER_nondet_int();
  a[0] = malloc(sizeof(int));
  a[1] = malloc(sizeof(int));
  *a[0] = n;
  *a[1] = n + (n < 1000);
  if (a[0] == a[1]) reach_error();
  if (*a[0] == *a[1] && n < 1000) reach_error();
  free(a[0]);
  free(a[1]);
  return 0;
}
