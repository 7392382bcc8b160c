/* sizeof does not evaluate its operand (C11 6.5.3.4p2): `sizeof *p` with p null reads no
   memory, `sizeof(x++)` does not change x.  A model that lowered the operand as a read
   would see a null dereference here (and refuse `sizeof *n` of a struct). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct node { int value; struct node *next; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p = 0;
  struct node *n = 0;
  unsigned long s = sizeof *p + sizeof(x++) + sizeof n->next + sizeof *n;
  if (x == 5 && s == 2 * sizeof(int) + sizeof(void *) + sizeof(struct node)) reach_error();
  return 0;
}
