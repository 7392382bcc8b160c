/* The member array of an element of one of two heap blocks, chosen at run time: the write
   goes to the block the pointer points to. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
extern char *strcpy(char *, const char *);
struct S { int id; char name[3]; };
int main(void) {
  int k = __VERIFIER_nondet_int();
  struct S *a = malloc(2 * sizeof(struct S));
  struct S *b = malloc(2 * sizeof(struct S));
  a[1].name[0] = 'a'; b[1].name[0] = 'b';
  struct S *p = k ? a : b;
  strcpy(p[1].name, "z");
  if (a[1].name[0] == 'z' && b[1].name[0] == 'z') reach_error();
  if (k == 7 && b[1].name[0] == 'b') reach_error();
  free(a);
  free(b);
  return 0;
}
