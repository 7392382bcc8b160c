/* A member array of an element of an array of structs, reached through a pointer into the
   array ((p + k)->name, as loop-industry-pattern/ofuf_3 does), decays to a pointer to its first
   character: strcmp reads that element's name. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
extern int strcmp(const char *, const char *);
struct S { int id; char name[6]; };
struct S arr[3] = {{1, "ro"}, {2, "rw"}, {3, "wo"}};
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  struct S *p = arr;
  if (strcmp((p + k)->name, "rw") == 0 && k != 1) reach_error();
  if (k == 2 && strcmp(arr[k].name, "wo") != 0) reach_error();
  return 0;
}
