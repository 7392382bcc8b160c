/* The byte of a signed char -1 read as unsigned char is 255. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union cu { signed char c; unsigned char u; };
int main(void) {
  union cu x;
  x.c = (signed char)__VERIFIER_nondet_int();
  if (x.c == -1 && x.u == 255) reach_error();
  return 0;
}
