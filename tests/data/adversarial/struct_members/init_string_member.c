/* String literals for character array members: {"ab", 7} gives name {'a', 'b', 0, 0}, a
   literal exactly as long as the array has no NUL, {"xyz"} with braces and .name = "q"
   designated (false on 1, 2). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char name[4]; int v; };
struct S table[2] = { { "abcd", 1 }, { .name = "q" } };
int main(void) {
  struct S s = { "ab", 7 };
  struct S t[2] = { { { "xyz" }, 1 }, { .name = "\xc8" } };
  char grid[2][3] = { "hi", "y" };
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i > 1 || j < 0 || j > 3) return 0;
  if (s.name[2] != 0 || s.name[3] != 0 || s.v != 7 || table[0].name[3] != 'd') return 0;
  if (t[1].name[0] != (char)200 || t[0].name[3] != 0 || grid[1][1] != 0 || grid[0][1] != 'i')
    return 0;
  if (table[i].name[j] == 0 && t[1 - i].name[j] == 'z') reach_error();
  return 0;
}
