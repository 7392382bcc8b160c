/* stop is declared noreturn but its body returns: undefined behaviour when it is called
   (C11 6.7.4p8; gcc warns "'noreturn' function does return"). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g = 0;
void stop(void) __attribute__((__noreturn__));
void stop(void) {
  g = 1;
/*MARK:ub:stop-returns*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) stop();
  if (g) reach_error();
  return 0;
}
