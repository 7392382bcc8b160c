/* arr[i].in.x: a nested member of an array element (false on 1, 4). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; char c; };
struct outer { int n; struct inner in; };
struct outer arr[3];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  arr[i].in.x = __VERIFIER_nondet_int();
  arr[i].in.c = 'a';
  if (arr[1].in.x == 4 && arr[1].in.c == 'a' && arr[2].in.x == 0) reach_error();
  return 0;
}
