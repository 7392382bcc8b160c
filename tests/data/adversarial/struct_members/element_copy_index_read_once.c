/* arr[arr[0].x] = s: the index is read once, before the copy changes arr[0].x, so every
   member goes to arr[0] (true); a model re-reading the index would put y into arr[1]. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
int main(void) {
  struct A arr[2] = { 0 };
  struct A s;
  s.x = 1;
  s.y = __VERIFIER_nondet_int();
  arr[arr[0].x] = s;
  if (arr[0].y != s.y || arr[1].y != 0) reach_error();
  return 0;
}
