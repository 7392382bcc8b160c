/* strcpy between overlapping objects is undefined behaviour (C11 7.24.2.3p2). */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char a[8] = "abc";
  if (__VERIFIER_nondet_int()) {
    /*MARK:before-overlap*/
    strcpy(a + 1, a);
  } else {
    strcpy(a + 4, a);
  }
  if (a[0] != 'a') reach_error();
  return 0;
}
