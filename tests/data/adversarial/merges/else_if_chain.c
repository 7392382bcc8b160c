/* Arms of `if ... else if ... else`, each one of three joins; the last arm is taken only when
   both conditions fail.  Wrong selections: c == 3 for x == 5, or c == 1 for x == -5. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int c;
  if (x > 0) c = 1;
  else if (x < -3) c = 2;
  else c = 3;
  if (c == 1 && x <= 0) reach_error();
  if (c == 2 && x >= -3) reach_error();
  if (c == 3 && (x > 0 || x < -3)) reach_error();
  if (x == -4 && c != 2) reach_error();
  return 0;
}
