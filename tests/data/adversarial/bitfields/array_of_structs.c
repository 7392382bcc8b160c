/* Bit-fields in an array of structs: every element holds 0..7 (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned f : 3; int g; };
int main(void) {
  struct S a[3];
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  a[i].f = __VERIFIER_nondet_int();
  if (a[i].f > 7) reach_error();
  return 0;
}
