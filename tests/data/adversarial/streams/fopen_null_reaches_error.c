/* fopen may fail: where the file does not exist it returns NULL, and the error is reached.
   A model that never returns NULL (as SV-COMP's malloc) would prove this program. */
#include <stdio.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  if (f == 0) reach_error();
  else fclose(f);
  return 0;
}
