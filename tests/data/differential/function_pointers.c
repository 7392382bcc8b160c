/* Function pointers: a dispatch table indexed by inputs, a pointer reassigned in a loop, a
   callback in a struct and in a parameter, a returned pointer, comparisons with functions
   and NULL, calls through `*p`. */
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

typedef int (*op_t)(int, int);

int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int mix(int a, int b) { return (a ^ b) & 1023; }
int first(int a, int b) { return a; }

op_t table[4] = { add, sub, mix, first };
int calls;

struct stage { op_t run; int weight; };

op_t next_op(op_t current) {
  calls++;
  if (current == add) return sub;
  if (current == sub) return &mix;
  return current == mix ? first : add;
}

int apply(op_t f, int a, int b) { return (*f)(a, b); }

int main(void) {
  int x = __VERIFIER_nondet_int() % 1000;
  int n = __VERIFIER_nondet_int() % 8;
  int acc = 0, i;
  op_t cur = add;
  struct stage s;
  s.run = 0;
  s.weight = 3;
  for (i = 0; i < n; i++) {
    int k = __VERIFIER_nondet_int() & 3;
    acc = table[k](acc, x) % 100000;
    acc = apply(cur, acc, i) % 100000;
    cur = next_op(cur);
    if (s.run == 0 || k == 2) s.run = table[(k + 1) & 3];
    acc = s.run(acc, s.weight) % 100000;
  }
  if (cur != add && cur != sub && cur != mix && cur != first) reach_error();
  if (acc == 4242 && calls > 2) reach_error();
  return acc;
}
