/* fopen may succeed: where the file exists it returns a stream, and the error is reached.
   A model that always returns NULL would prove this program. */
#include <stdio.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  if (f != 0) {
    fclose(f);
    reach_error();
  }
  return 0;
}
