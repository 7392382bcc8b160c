/* A global array of structs with an initialiser (static: constant, the rest zero; false on 3). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
struct A table[4] = { { 1, 10 }, [3] = { .y = 40 } };
int main(void) {
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 3) return 0;
  if (table[j].y == 40 && table[j].x == 0) reach_error();
  return 0;
}
