/* A write through the decayed member of an element (memset, a function of ours) is a write
   of that element's member, and of no other element's. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
extern void *memset(void *, int, unsigned long);
struct S { int id; char buf[5]; int tail; };
struct S arr[3];
void fill(char *b, int n, char c) { for (int i = 0; i < n; i++) b[i] = c; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  for (int i = 0; i < 3; i++) { arr[i].tail = 9; memset(arr[i].buf, 'x', 5); }
  struct S *p = arr + k;
  fill(p->buf, 5, 'y');
  if (arr[k].buf[4] != 'y' || arr[k].tail != 9) reach_error();
  if (k > 0 && arr[k - 1].buf[4] != 'x') reach_error();
  if (k < 2 && arr[k + 1].buf[0] != 'x') reach_error();
  return 0;
}
