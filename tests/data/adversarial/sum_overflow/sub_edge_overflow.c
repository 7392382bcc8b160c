/* As sub_edge_safe with a >= -2: -2 - 2147483647 overflows (undefined: the answer is
   unknown, never true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a >= -2 && b >= 0) {
    int c = a - b;
    if (c > a) reach_error();
  }
  return 0;
}
