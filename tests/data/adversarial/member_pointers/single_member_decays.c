/* s.name of a struct whose address is never taken decays all the same. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
extern char *strcpy(char *, const char *);
extern unsigned long strlen(const char *);
struct S { int id; char name[8]; };
int main(void) {
  int k = __VERIFIER_nondet_int();
  struct S s;
  strcpy(s.name, k > 0 ? "abc" : "ab");
  if (strlen(s.name) == 3 && k <= 0) reach_error();
  if (strlen(s.name) == 3 && k == 5) reach_error();
  return 0;
}
