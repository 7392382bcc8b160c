/* -1 converted to unsigned char is 255, and 255 as an int stays 255.  An integer reading
   that extended the byte by its sign would find the error unreachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  for (int i = 0; i < 2; i++) {
    int x = __VERIFIER_nondet_int();
    unsigned char c = (unsigned char)x;
    int k = c;
    if (x == -1 && k == 255) reach_error();
  }
  return 0;
}
