/* __attribute__((ms_struct)) aligns double to 8 bytes also on i386, where GCC's layout
   aligns it to 4 in structs: sizeof is 16 in both data models (unknown naming the attribute;
   GCC's layout would answer true with -m32). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct __attribute__((ms_struct)) D { char c; double d; };
int main(void) {
  if (sizeof(struct D) == 16) reach_error();
  return 0;
}
