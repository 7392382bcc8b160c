/* realloc, alloca, member addresses, struct copies through pointers and pointers to pointers
   (issue 16) on input-driven data, without undefined behaviour (the gcc build traps none of
   a pointer's): every index within its block, every element written before it is read. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void);

struct S { int a; int b[3]; int c; };

int sum_pair(int v) {
  int *p = alloca(2 * sizeof(int));
  p[0] = v % 1000;
  p[1] = v % 7;
  return p[0] - p[1];
}

void pick(int **out, int *x, int *y, int c) { *out = c ? x : y; }

int main(void) {
  unsigned int n = 1;
  int *buf = malloc(sizeof(int));
  buf[0] = __VERIFIER_nondet_int() % 1000;
  int total = 0;
  struct S s = {0, {0, 0, 0}, 0};
  struct S t = {0};
  struct S *ps = &s;
  int *pc = &s.c;
  int *pb = &ps->b[0];
  int *q = 0;
  int **qq = &q;
  while (__VERIFIER_nondet_int() && n < 12) {
    unsigned int m = n + 1 + __VERIFIER_nondet_uchar() % 3;
    buf = realloc(buf, m * sizeof(int));
    for (unsigned int i = n; i < m; i++) buf[i] = (int)i * 3 - __VERIFIER_nondet_uchar();
    n = m;
    total = total % 100000 + buf[n / 2] + sum_pair(__VERIFIER_nondet_int());
    *pc = total % 50;
    pb[__VERIFIER_nondet_uchar() % 3] = buf[0] % 10;
    t = *ps;
    t.a = t.a + 1;
    *ps = t;
    pick(qq, &s.a, &t.c, __VERIFIER_nondet_int() % 2);
    **qq = n;
  }
  if (s.c + s.b[1] + t.c + s.a == 12345) reach_error();
  if (n > 3 && buf[1] + buf[2] == 7) reach_error();
  free(buf);
  return 0;
}
