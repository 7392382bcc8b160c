extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "prog.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
typedef unsigned long long u64;
typedef unsigned char byte;
enum big { SMALL = 1, HUGE = 2147483647 };
union mu { int i; unsigned int u; short s[2]; unsigned char b[4]; signed char c; long long ll; };
char gw1;
byte gr2;
int main() {
  static unsigned short m;
  union mu u_1 = {1};
  u_1.u = -1;
  u_1.i = (SMALL + 5);
  if ((u_1.b[0] > 3)) {
    __VERIFIER_assert((((long long)gw1) <= 0));
  }
  union mu u_3 = u_1;
  if ((u_3.u > 3)) {
    __VERIFIER_assert((((long long)m) >= 0));
  }
  gr2--;
  gw1 = (((gr2 == 0) ? 0 : (m / gr2)) ^ gw1);
  unsigned long long ap4[2] = {-1, 5};
  if ((gw1 == ((unsigned short)HUGE))) {
    short u = 0;
    do {
      ;
    } while (((++u) < 300L));
  }
  __VERIFIER_assert((((long long)gr2) != 256));
  return 0;
}
