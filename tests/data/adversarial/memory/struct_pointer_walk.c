/* p walks an array of structs; p->b of the element k is written through the pointer; the
   members of other elements stay as they were. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct cell { char tag; long long value; };
int main(void) {
  struct cell cells[3] = {0};
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  for (int i = 0; i < 3; i++) { cells[i].tag = 'a' + i; cells[i].value = i; }
  struct cell *p = cells;
  p += k;
  p->value = 100;
  if (cells[2].value == 100 && cells[2].tag == 'c') reach_error();
  return 0;
}
