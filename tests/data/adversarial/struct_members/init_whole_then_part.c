/* {s, [0].x = 9}: gcc drops the whole-struct initialiser of arr[0] when a later designator
   names a member of it (arr[0].p becomes 0, the error is reached); C11 6.7.9p19 reads as if
   only x were overridden.  Not modelled: unknown. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int *p; };
int g;
int main(void) {
  struct A s = { 1, &g };
  struct A arr[1] = { s, [0].x = 9 };
  if (arr[0].p == 0) reach_error();
  return 0;
}
