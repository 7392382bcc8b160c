/* calloc's block is all zero bits: its pointer members are null pointers (x86).  The error
   needs a non-null next, so no input reaches it. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *calloc(unsigned long, unsigned long);
void reach_error(void) { /*MARK:error*/ abort(); }
struct node { int value; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  struct node *a = calloc(n, sizeof(struct node));
  for (int i = 0; i < n; i++) {
    if (a[i].next != 0 || a[i].value != 0) reach_error();
  }
  return 0;
}
