/* _Alignas(8) on a member moves it to offset 8 and makes sizeof 16 in both data models; a
   layout that ignores it gives 8 and would answer true (unknown naming it). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char c; _Alignas(8) int x; };
int main(void) {
  if (sizeof(struct S) == 16) reach_error();
  return 0;
}
