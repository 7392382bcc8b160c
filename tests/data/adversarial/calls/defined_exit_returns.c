/* The program's exit returns: undefined behaviour (gcc treats exit as a noreturn built-in). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g = 0;
void exit(int status) {
  g = status;
/*MARK:ub:exit-returns*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 5) exit(1);
  if (g == 1) reach_error();
  return 0;
}
