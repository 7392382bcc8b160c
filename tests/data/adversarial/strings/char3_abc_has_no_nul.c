/* char s[3] = "abc" is legal C (the NUL is dropped): the elements are right, sizeof is 3,
   and strlen of it reads past the end. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char s[3] = "abc";
  if (s[0] != 'a' || s[2] != 'c' || sizeof(s) != 3) reach_error();
  if (__VERIFIER_nondet_int() > 0) {
    /*MARK:before-no-nul*/
    if (strlen(s) == 3) return 1;
  }
  return 0;
}
