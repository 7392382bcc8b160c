/* Arrays: initialisers, two dimensions, indices from inputs (sometimes out of bounds),
   a[i] = a[j] + 1, static and global arrays. */
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void);

int g[5];
unsigned char bytes[4] = {255, 1};
short grid[3][4] = {{1, 2, 3, 4}, {-5, -6}, {7}};

int main(void) {
  int a[6] = {3, -1, 4};
  long long sums[3] = {0};
  static char text[5] = {'a', 'b', '\n', '\377'};
  int i, j, x;
  unsigned char p;
  while (__VERIFIER_nondet_int()) {
    x = __VERIFIER_nondet_int();
    p = __VERIFIER_nondet_uchar();
    i = p % 6; j = (p / 6) % 6;
    a[i] = a[j] + x;
    a[a[0] & 3] += 2;
    g[i % 5] = a[i] * 2 + g[(i + 1) % 5];
    bytes[p & 3] += x;
    grid[p % 3][j % 4] -= bytes[1] + text[p % 5];
    sums[p % 3] += a[i] + grid[2][0] + sizeof(a) + sizeof grid;
    text[i % 5]++;
    if (p > 240 && p < 250) {
      x = a[x];             /* out of bounds unless 0 <= x < 6 */
    }
    if (sums[0] == 100 && a[1] == 7) reach_error();
  }
  return g[0] + bytes[0] + grid[1][3] + a[5];
}
