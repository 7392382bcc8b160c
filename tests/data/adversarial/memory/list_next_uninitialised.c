/* malloc leaves a->next indeterminate: comparing it with NULL reads an indeterminate value
   (a UB target for us, DESIGN.md); a model that made it NULL would say true. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
void reach_error(void) { /*MARK:error*/ abort(); }
struct node { int value; struct node *next; };
int main(void) {
  struct node *a = malloc(sizeof(struct node));
  a->value = 1;
  /*MARK:ub:uninitialised*/
  if (a->next != 0) reach_error();
  return 0;
}
