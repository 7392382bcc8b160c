/* A walk over one element's member array by pointer, bounded by a relational comparison with
   its end (one past the member: the same array, C11 6.5.8p5). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char tag; char buf[5]; int n; };
struct S arr[3];
int count(struct S *p, char c) {
  int found = 0;
  for (char *q = p->buf; q < p->buf + 5; q++) if (*q == c) found++;
  return found;
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  for (int i = 0; i < 3; i++) for (int j = 0; j < 5; j++) arr[i].buf[j] = (char)(i + j);
  if (count(&arr[k], (char)(k + 4)) != 1) reach_error();
  if (count(arr + k, 9) != 0) reach_error();
  return 0;
}
