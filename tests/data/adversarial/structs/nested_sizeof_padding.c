/* i386 lays long long out 4-aligned in structs: sizeof(struct outer) is 16 with -m32 (the
   error is reached) and 24 with -m64 (it is not). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { char c; long long x; };
struct outer { char c; struct inner in; };
int main(void) {
  struct outer s;
  if (sizeof(struct outer) == 16 && sizeof s.in == 12 && sizeof(s) == 16) reach_error();
  return 0;
}
