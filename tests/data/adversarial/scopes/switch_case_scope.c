// Case labels read the enumeration constant in scope: C = 3 in the block, the global C = 2
// after it.  For n == 3 only the first switch matches.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum { C = 2 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  int hit = 0;
  {
    enum { C = 3 };
    switch (n) { case C: hit = 1; break; default: break; }
  }
  switch (n) { case C: hit += 10; break; default: break; }
  if (hit == 1) reach_error();
  return 0;
}
