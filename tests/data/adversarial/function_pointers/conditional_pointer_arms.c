/* `?:` of pointers whose arms may trap is lowered by branching (also for data pointers): only
   the arm taken is evaluated, so &a[i] with i == 3 (past the array) is never computed, and
   the store goes through the pointer chosen (false on 3: b is written). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int a[2], b;
int one(void) { return 1; }
int two(void) { return 2; }
int main(void) {
  int i = __VERIFIER_nondet_int();
  int *p;
  int (*f)(void);
  if (i < 0 || i > 3) return 0;
  p = i < 2 ? &a[i] : &b;
  f = i < 2 ? &one : two;
  *p = 5;
  if (i < 2 && (a[i] != 5 || b != 0 || f() != 1)) reach_error();
  if (b == 5 && f() == 2) reach_error();
  return 0;
}
