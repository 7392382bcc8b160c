/* Loops in functions called from conditions, returns from inside loops, nested switch,
   a goto into a loop body (an irreducible loop), a loop made of gotos in a callee. */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void);

int count_bits(unsigned int v) {
  int n = 0;
  while (v) {
    n += v & 1;
    v >>= 1;
  }
  return n;
}

int find(unsigned int v, int bit) {
  for (int i = 0; i < 32; i++) {
    if ((v >> i & 1) == bit) return i;
  }
  return -1;
}

int collatz_steps(unsigned int v) {
  int steps = 0;
again:
  if (v <= 1 || steps >= 40) return steps;
  v = v % 2 ? 3 * v + 1 : v / 2;
  steps++;
  goto again;
}

int main(void) {
  unsigned int v = __VERIFIER_nondet_uint();
  int i = 0, x = __VERIFIER_nondet_int() & 7, y = 0, acc = 0;
  for (; count_bits(i) < 3 && i < 40; i++) acc += find(v, i & 1);
  if (x > 3) goto inside;
  while (x < 6) {
    x++;
  inside:
    y += x;
    switch (y & 3) {
    case 0:
      switch (x) {
      case 4: acc += 1000; break;
      default: acc -= 1;
      }
      break;
    case 1:
      acc += collatz_steps(v + y);
    }
  }
  acc += count_bits(v) * 100 + find(~v, 0);
  if (acc == 4242) reach_error();
  return acc;
}
