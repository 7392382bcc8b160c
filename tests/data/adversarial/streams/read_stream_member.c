/* The stream's object is glibc's: its first member (glibc's _flags) is not zero, but no
   model of ours knows it, so reading it is not modelled (never a value we guess). */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct _IO_FILE { int flags; };
typedef struct _IO_FILE FILE;
extern FILE *fopen(const char *, const char *);
extern int fclose(FILE *);
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  if (f == 0) return 0;
  if (f->flags == 0) reach_error();
  fclose(f);
  return 0;
}
