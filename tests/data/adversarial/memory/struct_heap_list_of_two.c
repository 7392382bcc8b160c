/* Two structs from malloc, linked by index (no pointer members); calloc zeroes the second. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
void reach_error(void) { /*MARK:error*/ abort(); }
struct node { int value; int next; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct node *nodes = malloc(2 * sizeof(struct node));
  struct node *zero = calloc(1, sizeof(struct node));
  nodes[0].value = x;
  nodes[0].next = 1;
  nodes[1].value = x + zero->value;
  nodes[1].next = -1;
  if (x < 1000 && x > -1000 && nodes[nodes[0].next].value != x) reach_error();
  return 0;
}
