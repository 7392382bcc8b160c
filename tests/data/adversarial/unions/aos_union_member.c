/* Union members of an array of structs: element k's bytes. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct value { int tag; union { unsigned int i; unsigned char c[4]; } v; };
int main(void) {
  struct value arr[2];
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  arr[0].tag = 0; arr[0].v.i = 0x11223344;
  arr[1].tag = 1; arr[1].v.i = 0x55667788;
  if (arr[k].v.c[0] == 0x88) reach_error();
  return 0;
}
