// A typedef inside f ends with f: after the call, T is the global int again.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
typedef int T;
int f(int x) { typedef signed char T; T t = x; return t; }
int g(int x) { typedef unsigned short T; T t = x; return t; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  int a = f(200 + n);
  int b = g(-1 - n);
  T big = 100000 + n;
  if (a < 0 && b > 60000 && big == 100003) reach_error();
  return 0;
}
