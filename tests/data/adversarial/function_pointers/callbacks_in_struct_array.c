/* Callbacks in an array of structs and behind a struct pointer, compared with NULL and
   (void *)0, called as tab[i].f(x), p->f(x) and (*tab[1].f)(x): every check holds (true). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
struct ops { int (*f)(int); int k; };
struct ops tab[2];
struct ops one = { inc, 3 };
int main(void) {
  int i = __VERIFIER_nondet_int();
  struct ops *p = &one;
  tab[0].f = inc; tab[1].f = &dec;
  if (i < 0 || i > 1) return 0;
  if (tab[i].f == NULL || p->f == (void *)0) reach_error();
  if (tab[i].f(5) == 4 && i == 0) reach_error();
  if (p->f(1) != 2) reach_error();
  if ((*tab[1].f)(1) != 0) reach_error();
  return 0;
}
