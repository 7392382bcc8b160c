/* `c++;` on an unsigned char wraps (the value converted back to the type): 255 becomes 0. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  unsigned char c = 254 + (k > 0);
  c++;
  if (k > 0 && c != 0) reach_error();
  if (k <= 0 && c != 255) reach_error();
  c--;
  c--;
  if (k > 0 && c != 254) reach_error();
  return 0;
}
