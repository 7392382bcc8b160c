/* The element written through its member pointer is element k. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int id; char buf[5]; };
struct S arr[3];
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  for (int i = 0; i < 3; i++) arr[i].buf[2] = 0;
  char *b = (arr + k)->buf;
  b[2] = 1;
  if (arr[2].buf[2] == 1) reach_error();
  return 0;
}
