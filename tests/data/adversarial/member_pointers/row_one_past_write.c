/* One past arr[0].a is a valid pointer, but writing there is undefined even though arr[1].a
   starts there (the struct has no other member): gcc writes arr[1].a[0] and reaches the
   error; a model that flattens the rows would too. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char a[4]; };
struct S arr[2];
int main(void) {
  int x = __VERIFIER_nondet_int();
  char *q = arr[0].a;
  q = q + 4;
  if (x) { /*MARK:before-past*/ *q = 7; }
  if (arr[1].a[0] == 7) reach_error();
  return 0;
}
