#include <stdlib.h>
extern void abort(void);
void reach_error(void) { abort(); }
extern unsigned short __VERIFIER_nondet_ushort(void);
extern long __VERIFIER_nondet_long(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void assume_abort_if_not(int cond) {
  if(!cond) {abort();}
}
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
struct node { int value; struct node *next; };
int main(void) {
  unsigned short f = __VERIFIER_nondet_ushort();
  __VERIFIER_assume(1 <= f && f <= 1);
  long y = __VERIFIER_nondet_long();
  if (y < -1 || y > -1) return 0;
  struct node *head_1 = 0;
  for (int i_2 = 0; (i_2 < 3); i_2++) {
    struct node *n_3 = calloc(1, sizeof(struct node));
    n_3->value = i_2;
    n_3->next = head_1;
    head_1 = n_3;
  }
  long long w = 0;
  struct node *p_4 = 0;
  for (p_4 = head_1; p_4; p_4 = p_4->next) {
    w += p_4->value;
  }
  int v = 0;
  for (v = 0; (v < f); v++) {
  }
  return 0;
}
