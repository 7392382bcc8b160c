/* The program's exit runs its body: exit(7) calls the error function. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void exit(int status) {
  if (status == 7) reach_error();
  EXIT: goto EXIT;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  exit(x);
  return 0;
}
