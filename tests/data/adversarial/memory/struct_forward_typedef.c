/* The typedef and a pointer to the struct come before its definition (one type, completed
   later); sizeof counts the pointer member: two pointers wide in both data models. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct item;
typedef struct item Item;
struct item { int v; Item *self; };
int main(void) {
  Item i;
  i.v = __VERIFIER_nondet_int();
  i.self = &i;
  if (i.self->self->v == 3 && sizeof(Item) == 2 * sizeof(Item *)) reach_error();
  return 0;
}
