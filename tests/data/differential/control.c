/* switch with fall-through, goto loops, break/continue, do-while, functions with several
   returns, parameter and return conversions, static locals, globals. */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void exit(int);
void reach_error(void);

int calls = 0;
unsigned char last;

static void assume_abort_if_not(int cond) {
  if (!cond) abort();
}

signed char narrow(signed char x, unsigned short y) {
  static int seen = 0;
  seen++;
  calls += seen;
  last = x;
  if (x < 0) return y;
  if (y > 1000) return x + y;
  return x * 2;
}

long long classify(int x) {
  int r = 0;
  switch (x % 8) {
  case -3:
    r += 100;
  case 0:
    r += 1;
    break;
  default:
    r += 7;
  case 1: case 2:
    r *= 3;
    if (x > 100) break;
    r += 2;
  case 5: {
    r -= 4;
  }
  }
  return r * 1000000000LL;
}

int finish(int code) {
  if (code == 5 && calls > 1) reach_error();
  return code;
}

void stop_if(int x) {
  if (x == 7) exit(finish(x - 2));
}

int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0, j, sum = 0;
  long long total = 0;
  signed char c = 0;
  assume_abort_if_not(n < 20);
loop:
  if (i >= n) goto done;
  j = __VERIFIER_nondet_int();
  stop_if(j);
  c = narrow(j, __VERIFIER_nondet_uint());
  total += classify(j) + c;
  for (int k = 0; k < 10; k++) {
    if (k == (j & 7)) continue;
    if (k > 6) break;
    sum += k;
  }
  i++;
  goto loop;
done:
  do {
    if (sum > 50) { sum -= 13; continue; }
    sum += 3;
  } while (sum > 60);
  if (total == 3000000000LL && calls > 2) reach_error();
  return sum;
}
