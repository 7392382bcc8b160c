/* p->name of a single struct: the member array of the struct p points to (a function of ours
   writes it, strcmp reads it). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
extern int strcmp(const char *, const char *);
struct S { int id; char name[4]; };
void put(char *d, char c) { d[0] = c; d[1] = 0; }
void set(struct S *p, int k) { put(p->name, k ? 'y' : 'n'); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  struct S s, t;
  set(&s, k);
  set(&t, !k);
  if (strcmp(s.name, t.name) == 0) reach_error();
  if (k == 3 && strcmp(s.name, "y") == 0) reach_error();
  return 0;
}
