/* __attribute__((mode(QI))) makes the member x a byte: 300 is stored as 44 (a model of x as an
   int would answer true; unknown naming the attribute). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int x __attribute__((mode(QI))); int y; };
int main(void) {
  struct S s;
  s.x = 300;
  s.y = 0;
  if (s.x == 44 && s.y == 0) reach_error();
  return 0;
}
