/* String literals and the <string.h> models (issue 16) on input-driven data, without
   undefined behaviour (the gcc build traps none of a pointer's): every length and index is
   kept within the arrays, every string has its NUL.  No strcmp or memcmp: C fixes only the
   sign of their result, which the model leaves free (a nondet value this runner cannot feed;
   tests/test_adversarial_strings.py covers them). */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void);

char text[12] = "hello world";
const char *greeting = "hi\tthere\\\x41\101";

int main(void) {
  char buf[16];
  char other[16] = "abc";
  char small[4] = "xyz";
  unsigned int n, m, k;
  int c, s;
  memset(buf, 0, 16);
  while (__VERIFIER_nondet_int()) {
    n = __VERIFIER_nondet_uchar() % 16;
    m = __VERIFIER_nondet_uchar() % 16;
    c = __VERIFIER_nondet_int();
    k = n < m ? m - n : n - m;
    memset(buf + (n < m ? n : m), c, k);
    buf[15] = 0;
    s = (int)strlen(buf);
    memmove(buf + n / 2, buf + m / 2, 8);
    buf[15] = 0;
    if (k < 12) {
      memcpy(other, text + (11 - k), k + 1);   /* the NUL too */
      s += (int)strlen(other);
    }
    strncpy(buf, greeting, n);
    buf[15] = 0;
    s += (int)strlen(buf) + sizeof("abc") + small[3] + greeting[m % 12];
    if (strlen(greeting) < 15) {
      strcpy(buf, greeting);
      s += buf[n % 14];
    }
    if (s == 77) reach_error();
  }
  return 0;
}
