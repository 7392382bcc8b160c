/* A struct with bit-fields inside a union: the bytes the bit-fields occupy are GCC's
   bit-field layout (a in bits 0-2, b in bits 3-7 of byte 0), which the union's member offsets
   (DataModel.offsets) do not know: not modelled (it was an internal error after the merge of
   unions and bit-fields). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct bits { unsigned a : 3; unsigned b : 5; };
union view { struct bits s; unsigned char c; };
int main(void) {
  union view u;
  u.c = 0xf8 + __VERIFIER_nondet_int();
  if (u.s.b == 31 && u.s.a == 0) reach_error();
  return 0;
}
