/* The program's __VERIFIER_nondet_int is no input: its body runs (and counts its calls). */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int calls = 0;
int __VERIFIER_nondet_int(void) {
  calls++;
  return 5;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (calls == 1 && x == 5) reach_error();
  return 0;
}
