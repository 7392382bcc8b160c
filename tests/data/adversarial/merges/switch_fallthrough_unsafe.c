/* Fall-through: case 1 arrives at case 2's statements with r == 10, case 2 with r == 0, and the
   default joins after the break.  Only x == 1 reaches the error (r == 11); every join has
   arrivals that are not the two sides of one branch. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = 0;
  switch (x) {
  case 1:
    r += 10;
  case 2:
    r += 1;
    break;
  default:
    r = 5;
  }
  if (r == 11) reach_error();
  return 0;
}
