/* A string in a malloc block: filling it is fine, strlen of it after free is undefined
   behaviour (the model's check of a pointer argument: valid, not freed). */
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char *p = malloc(4);
  memset(p, 'a', 3);
  p[3] = 0;
  if (__VERIFIER_nondet_int()) {
    free(p);
    /*MARK:before-freed*/
    if (strlen(p) != 3) reach_error();
    return 0;
  }
  free(p);
  return 0;
}
