/* An array of structs with a nested struct member: arr[1].in.x (false on 4). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; int y; };
struct outer { struct inner in; int n; };
int main(void) {
  struct outer arr[2];
  arr[1].in.x = __VERIFIER_nondet_int();
  if (arr[1].in.x == 4) reach_error();
  return 0;
}
