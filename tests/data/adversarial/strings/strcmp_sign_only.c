/* C fixes only the sign of strcmp's result: glibc returns -1 here, but a program that
   relies on that value must not be proven (another library may return -7). */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char a[2] = "a";
  char b[2] = "b";
  if (__VERIFIER_nondet_int()) b[0] = 'a';
  int r = strcmp(a, b);
  if (r > 0) reach_error();
  if (r != 0 && r != -1) reach_error();
  return 0;
}
