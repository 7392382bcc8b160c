/* The program's own fopen always fails: the error is unreachable, whatever the file system
   holds; a model of the C library's fopen would find the open stream and answer false. */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct _IO_FILE;
typedef struct _IO_FILE FILE;
FILE *fopen(const char *name, const char *mode) { return 0; }
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  if (f != 0) reach_error();
  return 0;
}
