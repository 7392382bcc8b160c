/* `p[0] = move()` with move() changing p: the value of p that locates the element and the call
   are indeterminately sequenced (C11 6.5.16p3, 6.5.2.2p10), so the 7 may land in a (gcc: p is
   read first) or in b (another compiler, or gcc another day).  A model that takes gcc's order
   proves b[0] == 0 although a C implementation may write b[0]. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int a[2];
int b[2];
int *p = a;
int move(void) { p = b; return 7; }
int main(void) {
  p[0] = move();
  /*MARK:stored*/
  if (b[0] == 7) reach_error();
  return 0;
}
