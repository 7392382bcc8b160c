/* A packed enumeration typedef is one byte wide (gcc reaches the error); dropping the
   attribute made it an unsigned int. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
typedef enum { A, B } __attribute__((packed)) E;
int main(void) {
  E e = B;
  if (sizeof(e) != 4) reach_error();
  return 0;
}
