/* An array of pointers to string literals: their characters are read through it. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char *names[3] = {"ab", "c", "def"};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  if (names[i][0] == 'd' && i != 2) reach_error();
  if (names[1][1] != 0) reach_error();
  if (*names[2] != 'd') reach_error();
  return 0;
}
