/* A struct whose definition is not modelled (a union member) is still a type that a
   pointer member may point to: the struct holding that pointer is modelled exactly, as long
   as nothing looks inside the other. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { union { int i; char c; } u; int n; };
struct outer { struct inner *in; int v; };
struct outer o;
int main(void) {
  o.v = __VERIFIER_nondet_int();
  if (o.in != 0) reach_error();
  if (o.v == 5) reach_error();
  return 0;
}
