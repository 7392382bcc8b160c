/* A union's size is its largest member's rounded up to its alignment; i386 aligns long long
   to 4 inside structs, so the struct around it differs between the data models. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union odd { char c[5]; int i; };
union wide { char c; long long x; };
struct holder { char c; union wide u; };
int main(void) {
  if (sizeof(union odd) == 8 && sizeof(union wide) == 8
      && sizeof(struct holder) == 12) reach_error();
  return 0;
}
