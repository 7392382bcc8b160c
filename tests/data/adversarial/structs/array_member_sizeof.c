/* struct { char c; double d[2]; short s; } is 24 bytes with -m32 (double 4-aligned in i386
   structs) and 32 with -m64: the error is reached with -m32 only. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char c; double d[2]; short s; };
int main(void) {
  struct S s;
  if (sizeof(struct S) == 24 && sizeof s.d == 16) reach_error();
  return 0;
}
