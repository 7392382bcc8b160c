/* Bit-fields share storage units and never cross a boundary of their type's alignment
   (sizes 4, 3 and 12 in both data models: true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct P { unsigned a : 4; unsigned b : 4; unsigned char c; };
struct Q { char a; char b : 4; char c : 4; char d; };
struct F { char c; unsigned a : 30; unsigned b : 3; };
int main(void) {
  if (sizeof(struct P) != 4 || sizeof(struct Q) != 3 || sizeof(struct F) != 12) reach_error();
  return 0;
}
