/* &p->c is the member of the struct p points to: a model that keyed member objects by name
   would write the other struct. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s1 = {0};
  struct S s2 = {0};
  struct S *p = &s2;
  if (x) p = &s1;
  int *q = &p->c;
  *q = 7;
  if (x && (s1.c != 7 || s2.c != 0)) reach_error();
  if (!x && (s2.c != 7 || s1.c != 0)) reach_error();
  int *r = &s1.a;
  int *t = &s2.a;
  if (r == t) reach_error();
  return 0;
}
