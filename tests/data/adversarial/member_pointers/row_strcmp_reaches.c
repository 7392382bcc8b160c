/* The name of element k is the one strcmp reads: "wo" is element 2's only. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
extern int strcmp(const char *, const char *);
struct S { int id; char name[6]; };
struct S arr[3] = {{1, "ro"}, {2, "rw"}, {3, "wo"}};
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  struct S *p = &arr[0];
  if (!strcmp(p[k].name, "wo")) reach_error();
  return 0;
}
