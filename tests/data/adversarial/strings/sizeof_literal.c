/* sizeof "abc" is 4 (the array, NUL included), not the size of a pointer; char t[] = "ab" has
   three elements; char u[6] = "ab" is zero after the b; the error is reached for i == 5. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char t[] = "ab";
  char u[6] = "ab";
  int i = __VERIFIER_nondet_int();
  if (sizeof("abc") != 4 || sizeof t != 3 || t[2] != 0) reach_error();
  if (i >= 2 && i < 6 && u[i] != 0) reach_error();
  if (i == 5 && sizeof("abcd") == 5) reach_error();   /* reachable: sizeof "abcd" is 5 */
  return 0;
}
