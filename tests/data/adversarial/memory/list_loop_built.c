/* A list built in a loop reuses one malloc site: the model keeps one block per site, so
   the second run of the site is not modelled (an `unknown` saying so, not undefined
   behaviour of the program).  The error needs the list to lose a node, which it never does. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
void reach_error(void) { /*MARK:error*/ abort(); }
struct node { int value; struct node *next; };
int main(void) {
  struct node *head = 0;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->value = i;
    n->next = head;
    head = n;
  }
  int count = 0;
  while (head) { count++; head = head->next; }
  if (count != 3) reach_error();
  return 0;
}
