/* __attribute__((ms_struct)) lays bit-fields out by Microsoft's rules: a new unit of 4 bytes
   for f after c, so sizeof is 12 (GCC's layout: 4).  Not modelled (unknown naming it; GCC's
   layout would answer true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct __attribute__((ms_struct)) M { char c; int f : 3; char d; };
int main(void) {
  struct M m;
  m.f = 1;
  if (sizeof(struct M) == 12 && m.f == 1) reach_error();
  return 0;
}
