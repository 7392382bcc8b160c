/* Writing into a string literal is undefined behaviour (C11 6.4.5p7; gcc puts it in
   read-only memory). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char *p = "abc";
  if (__VERIFIER_nondet_int()) {
    /*MARK:before-literal-write*/
    p[1] = 'x';
  }
  if (p[1] != 'b') reach_error();
  return 0;
}
