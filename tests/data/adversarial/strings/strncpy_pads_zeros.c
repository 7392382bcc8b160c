/* strncpy of a shorter string pads the rest of the n bytes with zeros, overwriting what was
   there. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char d[6] = "zzzzz";
  int i = __VERIFIER_nondet_int();
  strncpy(d, "ab", 6);
  if (i >= 2 && i < 6 && d[i] != 0) reach_error();
  if (d[1] != 'b' || strlen(d) != 2) reach_error();
  return 0;
}
