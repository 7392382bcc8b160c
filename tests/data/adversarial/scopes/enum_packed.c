// __attribute__((packed)) makes GCC give `enum P` the smallest type that holds its constants
// (unsigned char): sizeof(enum P) == 1.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// unknown-ok: packed enumeration
// inputs: 0 | 1
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum P { P0, P1 } __attribute__((packed));
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  if (sizeof(enum P) + n == 1) reach_error();
  return 0;
}
