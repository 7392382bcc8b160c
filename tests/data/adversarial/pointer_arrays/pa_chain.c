/* As test27-1: a struct holds a pointer into an array of struct pointers (&dummies[1]). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct dummy { int *array; };
struct cont { struct dummy **array; };
int check(struct cont *pc, int i) { return pc->array[i]->array[1] == i; }
int main(void) {
  struct cont cont;
  struct dummy dummy;
  struct dummy *dummies[10];
  int a[10];
  int i = __VERIFIER_nondet_int();
  for (int j = 0; j < 10; j++) { a[j] = 0; dummies[j] = 0; }
  if (i > 0 && i < 9) {
    a[i] = i;
    dummy.array = &a[i - 1];
    dummies[i + 1] = &dummy;
    cont.array = &dummies[1];
    int *pa = &cont.array[i]->array[1];
    if (*pa != i || dummies[i + 1]->array[1] != i) reach_error();
    if (!check(&cont, i)) reach_error();
  }
  return 0;
}
