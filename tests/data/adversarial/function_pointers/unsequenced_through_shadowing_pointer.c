/* The local pointer dec shadows the function dec and calls bump, which writes g: the call and
   the read of g are unsequenced, so the sum depends on an order C leaves open (gcc happens to
   call first).  A model that took the effects of the function dec would see no interference
   and pick one order: unknown is the only answer. */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g;
int bump(int x) { g++; return x; }
int dec(int x) { return x - 1; }
int main(void) {
  int (*dec)(int) = bump;
  int r = dec(1) + g;
  if (r == 2) reach_error();
  return 0;
}
