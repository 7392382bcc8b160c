/* int :0 and long long :0 align the next member to their type but not the struct
   (GCC, SysV): sizeof 5 and 9 with -m64; long long is 4-aligned on i386, where the second is 5. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { char a; int : 0; char b; };
struct B { char a; long long : 0; char b; };
int main(void) {
  if (sizeof(struct A) == 5 && sizeof(struct B) == 9) reach_error();
  return 0;
}
