/* Uninitialised locals (gcc: zeroed; the encoder: the nondet value 0 in this test),
   declarations in loops, shadowing, external functions without a body. */
extern int __VERIFIER_nondet_int(void);
extern int ext_sample(int channel);
extern void ext_log(int value);
extern void __VERIFIER_assume(int cond);
void reach_error(void);

int counter;

int step(int v) {
  int local;
  local = v + counter;
  counter++;
  return local;
}

int main(void) {
  int x = __VERIFIER_nondet_int(), total = 0;
  int fresh;
  __VERIFIER_assume(x > -5);
  total += fresh;
  while (x-- > 0) {
    int inner;
    int x = step(inner) + ext_sample(3);
    ext_log(x);
    inner = x;
    total += inner;
    {
      int total = 7;
      x += total;
    }
    total += x;
  }
  if (total == 12) reach_error();
  return total;
}
