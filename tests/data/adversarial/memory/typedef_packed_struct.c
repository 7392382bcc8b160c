/* `typedef struct S {...} __attribute__((packed)) S2;` packs struct S (gcc: sizeof 5, the
   error is reached).  pycparser's Typedef node has no place for attributes among the
   specifiers and dropped them: the model laid S2 out as 8 bytes and said true. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
typedef struct S { char c; int i; } __attribute__((packed)) S2;
int main(void) {
  S2 s;
  s.c = 1;
  if (sizeof(S2) != 8) reach_error();
  return s.c - 1;
}
