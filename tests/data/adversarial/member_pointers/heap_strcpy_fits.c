/* A heap block of structs: strcpy into the member array of element i, strlen of it. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
extern char *strcpy(char *, const char *);
extern unsigned long strlen(const char *);
struct S { long id; char name[6]; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  struct S *p = malloc(n * sizeof(struct S));
  int i = n - 1;
  strcpy((p + i)->name, "hello");
  if (strlen(p[i].name) != 5) reach_error();
  if (p[i].name[5] != 0) reach_error();
  free(p);
  return 0;
}
