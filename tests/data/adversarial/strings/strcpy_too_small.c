/* strcpy of "abc" needs four bytes: into char d[3] it writes past the end. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char d[4];
  char small[3];
  if (__VERIFIER_nondet_int()) {
    /*MARK:before-overflow*/
    strcpy(small, "abc");
  }
  strcpy(d, "abc");
  if (strcmp(d, "abc") != 0) reach_error();
  return 0;
}
