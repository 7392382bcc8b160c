/* A string built at run time: strlen is n, so the error is reached for n == 5 (the replay runs
   the C library's strlen). */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char s[8];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 7) return 0;
  memset(s, 'a', n);
  s[n] = 0;
  if (strlen(s) == 5) reach_error();
  return 0;
}
