/* Ordering function pointers is not defined by C (gcc compares addresses): unknown. */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void a(void) { }
void b(void) { }
int main(void) {
  void (*p)(void) = a, (*q)(void) = b;
  if (p < q) reach_error();
  else reach_error();
  return 0;
}
