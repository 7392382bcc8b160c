/* The packed attribute of a typedef's specifiers packs the struct tag too: sizeof(struct S)
   is 5 (gcc reaches the error), though the program never uses the typedef name. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
typedef struct S { char c; int i; } __attribute__((packed)) S2;
int main(void) {
  if (sizeof(struct S) != 8) reach_error();
  return 0;
}
