/* The program defines its own memset (only the first byte): its body runs, not the C
   library's. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void *memset(void *s, int c, unsigned int n) {
  char *p = s;
  if (n > 0) p[0] = (char)c;
  return s;
}
int main(void) {
  char a[2] = {0, 0};
  int n = __VERIFIER_nondet_int();
  if (n != 1 && n != 2) return 0;
  memset(a, 5, n);
  if (a[0] != 5 || a[1] != 0) reach_error();
  return 0;
}
