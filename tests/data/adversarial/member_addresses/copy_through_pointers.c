/* s = *p, *p = s and *p = *q copy every member (the member array element by element); a copy
   onto itself (*p = *p) changes nothing. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s = {1, {2, 3, 4}, 5};
  struct S t = {0};
  struct S *p = &s;
  struct S *q = &t;
  t = *p;
  if (t.a != 1 || t.b[2] != 4 || t.c != 5) reach_error();
  t.b[1] = x;
  *p = t;
  if (s.b[1] != x || s.c != 5) reach_error();
  *p = *p;
  *q = *p;
  if (t.b[1] != x || t.a != 1) reach_error();
  return 0;
}
