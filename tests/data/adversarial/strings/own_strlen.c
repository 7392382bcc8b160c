/* The program's own strlen counts up to 2 at most: a model of the C library's would be
   wrong. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
unsigned int strlen(const char *s) {
  unsigned int n = 0;
  while (n < 2 && s[n]) n++;
  return n;
}
int main(void) {
  char a[5] = "abcd";
  if (__VERIFIER_nondet_int()) a[1] = 0;
  if (strlen(a) > 2) reach_error();
  return 0;
}
