/* One fopen site run three times, its stream closed each time: a new stream each time. */
#include <stdio.h>
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int opened = 0, i;
  for (i = 0; i < 3; i++) {
    FILE *f = fopen("gt-input.txt", "r");
    if (f == 0) continue;
    opened++;
    if (fclose(f) != 0 && opened > 3) reach_error();
  }
  if (opened > 3) reach_error();
  return 0;
}
