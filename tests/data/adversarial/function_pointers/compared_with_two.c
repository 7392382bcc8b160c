/* The pointer is compared with two functions: exactly one comparison holds (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void a(void) { }
void b(void) { }
int main(void) {
  void (*p)(void) = __VERIFIER_nondet_int() ? a : b;
  if ((p == a) == (p == b)) reach_error();
  if (p != a && p != &b) reach_error();
  if (!p) reach_error();
  p();
  return 0;
}
