/* s = arr[i] copies the element; arr[j] = arr[i] copies between elements (false on 0, 2). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int *p; };
int g;
int main(void) {
  struct A arr[3] = { 0 };
  struct A s;
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i > 2 || j < 0 || j > 2) return 0;
  arr[0].x = 7; arr[0].p = &g;
  arr[1].x = 8; arr[1].p = 0;
  s = arr[i];
  arr[i].x = 1;
  arr[j] = arr[0];
  if (s.x == 7 && s.p == &g && arr[j].x == 1 && arr[j].p == &g && j == 2) reach_error();
  return 0;
}
