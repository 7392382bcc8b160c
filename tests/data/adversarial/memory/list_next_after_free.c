/* b is freed while a->next still points to it: reading a->next->value is undefined
   behaviour (gcc's run reads the freed cell and may well reach the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
struct node { int value; struct node *next; };
int main(void) {
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  a->value = 1; a->next = b;
  b->value = 2; b->next = 0;
  free(b);
  /*MARK:ub:freed*/
  if (a->next->value == 2) reach_error();
  return 0;
}
