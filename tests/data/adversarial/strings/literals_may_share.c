/* Whether two equal string literals share storage is unspecified (C11 6.4.5p7): gcc merges
   them, another compiler may not.  Neither answer may be proven. */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  const char *p = "abc";
  const char *q = "abc";
  if (p == q) reach_error();
  return 0;
}
