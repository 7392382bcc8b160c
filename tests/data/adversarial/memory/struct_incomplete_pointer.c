/* A pointer to a struct that is never defined may be passed around and compared; the
   program never looks inside, so its meaning is exact. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct opaque;
struct opaque *handle(int k) { return 0; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  struct opaque *h = handle(k);
  if (h != 0 && k == 2) reach_error();
  if (h == 0 && k == 5) reach_error();
  return 0;
}
