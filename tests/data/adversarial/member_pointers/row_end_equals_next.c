/* One past arr[0].a and arr[1].a are the same address in gcc (C11 6.5.9p6: may compare
   equal); a model that says "different objects, never equal" proves the error unreachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char a[4]; };
struct S arr[2];
int main(void) {
  char *end = arr[0].a + 4;
  char *next = arr[1].a;
  if (end == next) reach_error();
  return 0;
}
