/* fclose of fopen's result without a check: where the file does not exist it is
   fclose(NULL), undefined behaviour (C11 7.1.4p1). */
#include <stdio.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  /*MARK:before-close*/
  fclose(f);
  return 0;
}
