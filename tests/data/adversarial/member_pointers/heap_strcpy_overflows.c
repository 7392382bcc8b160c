/* "hello!" needs 7 bytes: strcpy writes its NUL past name[6] (into id: gcc reaches the
   error), undefined; AddressSanitizer sees it only past the block. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
extern char *strcpy(char *, const char *);
struct S { char name[6]; short id; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S *p = malloc(2 * sizeof(struct S));
  p[0].id = 0x7f7f;
  if (x) { /*MARK:before-overflow*/ strcpy(p->name, "hello!"); }
  if (p[0].id != 0x7f7f) reach_error();
  free(p);
  return 0;
}
