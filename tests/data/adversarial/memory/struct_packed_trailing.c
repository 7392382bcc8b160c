/* The packed attribute after the closing brace packs the struct: gcc says sizeof 5 and reaches
   the error.  The parser keeps that attribute in the declaration's funcspec, outside the struct
   node; a model reading the struct node alone laid it out as 8 bytes and said true. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char c; int i; } __attribute__((packed));
int main(void) {
  struct S s;
  s.c = 1;
  if (sizeof(struct S) != 8) reach_error();
  return s.c - 1;
}
