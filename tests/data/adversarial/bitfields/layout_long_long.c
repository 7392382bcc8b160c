/* A long long bit-field: a storage unit of 8 bytes, 8-aligned on x86-64 and 4-aligned on
   i386 (sizeof 8 with -m64, 4 with -m32). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct H { short s : 9; char c; long long x : 1; };
int main(void) {
  if (sizeof(struct H) == 8) reach_error();
  return 0;
}
