/* A char pointer into an int: legal in C (any object may be read as bytes) but the model keeps
   objects typed, so it must not guess: unknown, never true.  On x86 the low byte comes first. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = 0x01020304;
  unsigned char *b = (unsigned char *) &x;
  if (b[0] == 4) reach_error();
  return 0;
}
