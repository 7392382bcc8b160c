/* Bytes written in a loop, read back as an int. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { unsigned int w; unsigned char b[4]; };
int main(void) {
  union word u;
  int n = __VERIFIER_nondet_int();
  for (int k = 0; k < 4; k++) u.b[k] = k + 1;
  if (u.w == 0x04030201u && n == 3) reach_error();
  return 0;
}
