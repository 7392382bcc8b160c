/* A program without inputs whose only execution calls through an incompatible pointer type:
   gcc's build runs it without a trap and without reaching the error, but the call is undefined
   behaviour (C11 6.3.2.3p8), so the end of that native run proves nothing. */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int id(int x) { return x; }
int main(void) {
  long (*p)(long) = (long (*)(long))id;
  /*MARK:ub:incompatible-call*/
  if (p(3) != 3) reach_error();
  return 0;
}
