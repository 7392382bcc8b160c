/* A pointer to a struct pointer (a list head): *head = n links it. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct node { int v; struct node *next; };
void push(struct node **head, struct node *n) { n->next = *head; *head = n; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct node a = {1, 0}, b = {x, 0};
  struct node *head = 0;
  push(&head, &a);
  push(&head, &b);
  if (head != &b || head->next != &a || head->next->next != 0) reach_error();
  if (head->v == 11) reach_error();
  return 0;
}
