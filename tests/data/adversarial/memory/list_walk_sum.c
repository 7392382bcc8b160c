/* A list of three nodes (three malloc sites), walked through its `next` members: the sum is
   the three values; a model that lost a `next` (or read a member of the wrong node) would
   find another sum.  k picks the node whose value is negated. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
void reach_error(void) { /*MARK:error*/ abort(); }
struct node { int value; struct node *next; };
int main(void) {
  int k = __VERIFIER_nondet_int();
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  struct node *c = malloc(sizeof(struct node));
  a->value = 1; a->next = b;
  b->value = 2; b->next = c;
  c->value = 4; c->next = 0;
  if (k == 1) b->value = -2;
  int sum = 0;
  for (struct node *p = a; p != 0; p = p->next) sum += p->value;
  if (sum == 3) reach_error();
  return 0;
}
