/* {.y = 2, .x = 1, 5}: after .x comes y, which 5 overrides; z is zero (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct P { int x; int y; int z; };
int main(void) {
  struct P p = { .y = 2, .x = 1, 5 };
  if (p.x != 1 || p.y != 5 || p.z != 0) reach_error();
  return 0;
}
