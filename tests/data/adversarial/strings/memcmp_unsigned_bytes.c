/* memcmp compares bytes as unsigned char (C11 7.24.4p1): "\xff" is greater than "a", though
   (char)0xff is negative. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char a[2] = "\xff";
  char b[2] = "a";
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 2) return 0;
  if (memcmp(a, b, n) <= 0) reach_error();
  if (strcmp(a, b) <= 0) reach_error();
  return 0;
}
