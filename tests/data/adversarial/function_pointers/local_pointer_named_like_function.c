/* A local pointer named like a function shadows it (C11 6.2.1p4): dec(5) calls inc here, so
   the error is reached (a model that called the function dec would say true). */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int main(void) {
  int (*dec)(int) = inc;
  if (dec(5) == 6) reach_error();
  return 0;
}
