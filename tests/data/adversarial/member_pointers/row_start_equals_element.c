/* The first member of arr[1] starts where arr[1] does: (void *) &arr[1] == (void *) arr[1].a
   (a model of separate objects would say they differ). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char a[4]; int v; };
struct S arr[2];
int main(void) {
  void *element = &arr[1];
  void *member = arr[1].a;
  if (element == member) reach_error();
  return 0;
}
