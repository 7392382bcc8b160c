/* main falling off its end returns 0, also when main is called again (gcc returns 0 from every
   call of main): safe. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int depth = 0;
int main(void) {
  if (depth == 0) {
    depth = 1;
    if (main() != 0) reach_error();
    return 0;
  }
/*MARK:main-ends*/}
