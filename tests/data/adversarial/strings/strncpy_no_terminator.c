/* strncpy of a longer string writes n bytes and no NUL: strlen of the result reads past
   the end.  (The copied bytes themselves are right.) */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char d[3];
  strncpy(d, "abcdef", 3);
  if (d[0] != 'a' || d[2] != 'c') reach_error();
  if (__VERIFIER_nondet_int()) {
    /*MARK:before-no-nul*/
    if (strlen(d) != 3) reach_error();
  }
  return 0;
}
