/* The program's own fopen and fclose (no <stdio.h>): its definitions run, so the stream is
   never NULL and its member can be read; a model of the C library's would answer false or
   unknown. */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
typedef struct stream { int fd; } FILE;
static FILE the_file = {7};
FILE *fopen(const char *name, const char *mode) { return &the_file; }
int fclose(FILE *f) { f->fd = -1; return 0; }
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  if (f == 0) reach_error();
  if (f->fd != 7) reach_error();
  fclose(f);
  if (the_file.fd != -1) reach_error();
  return 0;
}
