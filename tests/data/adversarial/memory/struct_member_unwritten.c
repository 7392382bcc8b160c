/* Only s.a is written; s.b is read: an uninitialised read. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct pair { int a; int b; };
int main(void) {
  struct pair s;
  s.a = 1;
  /*MARK:ub:uninitialised*/
  if (s.b == 7) reach_error();
  return 0;
}
