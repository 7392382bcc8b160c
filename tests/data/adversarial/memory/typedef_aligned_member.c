/* `aligned(8)` among a typedef's specifiers moves a member of that type to offset 8: the
   struct is 16 bytes (gcc reaches the error), not 8. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
typedef int __attribute__((aligned(8))) I8;
struct T { char c; I8 x; };
int main(void) {
  struct T t;
  t.x = __VERIFIER_nondet_int();
  if (sizeof(struct T) != 8) reach_error();
  return 0;
}
