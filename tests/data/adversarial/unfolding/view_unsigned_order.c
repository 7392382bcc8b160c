/* A negative int converted to unsigned is above 100 (-1 becomes 4294967295).  An integer
   reading that compared unsigned values as signed would find the error unreachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  for (int i = 0; i < 2; i++) {
    int x = __VERIFIER_nondet_int();
    unsigned int u = (unsigned int)x;
    if (x < 0 && u > 100U) reach_error();
  }
  return 0;
}
