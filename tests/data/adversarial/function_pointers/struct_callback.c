/* A struct member holds the callback; the call through it reaches the error on 7 only. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct handler { int (*on_event)(int); int hits; };
int check(int v) { if (v == 7) reach_error(); return v; }
int ignore(int v) { return 0; }
int main(void) {
  struct handler h;
  int v = __VERIFIER_nondet_int();
  h.hits = 0;
  h.on_event = v > 5 ? check : ignore;
  h.hits += h.on_event(v) != 0;
  return 0;
}
