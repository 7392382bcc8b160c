/* switch in loops (break/continue), Duff's device, goto between blocks, calls in
   conditions, early returns from inlined functions, exit and the error function in callees,
   program-defined __VERIFIER_assume, static locals of a function inlined twice. */
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
extern void exit(int);
extern void abort(void);
void reach_error(void);

void __VERIFIER_assume(int cond) {
  if (!cond) {
    abort();
  }
}

int g = 3 * 4 + sizeof(int), h[3] = {7, 8};

int counter(void) {
  static int n = 5;
  return n++;
}

int sign(long long x) {
  if (x < 0) return -1;
  if (x == 0) return 0;
  return 1;
}

void check(int x) {
  if (x == 42) reach_error();
  if (x == 43) exit(0);
}

int duff(int count) {
  int n = (count + 3) / 4, total = 0;
  switch (count % 4) {
  case 0: do { total += 1;
  case 3:      total += 2;
  case 2:      total += 3;
  case 1:      total += 4;
          } while (--n > 0);
  }
  return total;
}

int main(void) {
  int n = __VERIFIER_nondet_int(), i, acc = 0;
  char c;
  __VERIFIER_assume(n >= 0 && n < 12);
  for (i = 0; i < n; i++) {
    c = __VERIFIER_nondet_char();
    switch (c & 7) {
    case 0:
      continue;
    case 1:
      acc += counter();
      break;
    case 2:
      acc -= counter() * 2;
    case 3:
      if (sign(c) < 0) break;
      acc += duff(c & 15);
      break;
    default:
      if (c > 100) goto out;
      acc ^= c;
    }
    acc += g + h[1];
    g++;
  }
out:
  while (sign(acc) > 0 && acc > 100) {
    acc /= 3;
    if (acc == 50) goto out;
  }
  {
    int k = acc & 127;
    check(k);
  }
  return acc;
}
