"""The ground truth's memory checker (memory mix): an object registry with provenance.

No sanitizer sees every memory undefined behaviour the validator must treat as a target:
UBSan misses accesses through pointers, ASan misses pointer arithmetic that leaves its object
without a dereference (`p + 5` on a 4-element array), an overflow that lands in another object,
and reads of never-written heap cells; neither knows which object a pointer was derived from.
So the ground-truth build of a memory program tracks provenance itself:

- every object whose address the program takes or that a pointer walks (address-taken scalars,
  arrays, VLAs, structs, heap blocks) is *registered* (`__gt_reg`, `__gt_alloc`) and gets an id
  (0 is the null pointer), with a byte map of what has been written (declared with an
  initialiser, `calloc`: all written; VLAs and `malloc` blocks: nothing);
- every pointer variable `p` has a shadow `__gt_o_p` holding the id of the object its value was
  derived from (pointer parameters get it as a hidden argument), set by each assignment;
- pointer arithmetic checks, before it happens, that the result stays within the object or one
  past its end (C11 6.5.6p8); a dereference that the whole accessed range lies within a live
  object (not null: 6.5.3.2p4; not freed: 7.22.3p1); a read that every byte was written
  (indeterminate heap cells, DESIGN.md); relational comparison and subtraction that both
  pointers have the same object (6.5.8p5, 6.5.6p9); `free` that its argument is a live heap
  block's start (7.22.3.3p2: double or invalid free).

A failed check ends the run with `MEM <kind number>` (undefined behaviour `ub:mem`) or `UNINIT`
(`ub:uninit`).  Arithmetic is checked on 64-bit offsets (in ILP32 too: an address sum would wrap), never by
forming the pointer first; an offset of an unsigned type too large for `long long` is out of bounds (its value,
not its conversion, counts).  The same checks run in the AddressSanitizer cross-check build, whose own reports must
agree up to the first undefined behaviour the registry finds (truth.py discards otherwise).
"""

SUPPORT_MEM = r"""
int __gt_reg(const volatile void *base, unsigned long size, int written);
void *__gt_alloc(unsigned long count, unsigned long size, int zero, int *id);
void __gt_free(void *p, int id);
void __gt_mem(const volatile void *p, unsigned long n, int id, int how);
void __gt_offset(const volatile void *p, long long k, unsigned long size, int id, int huge);
int __gt_same(int a, int b);
void __gt_pset(const volatile void *slot, int id);
int __gt_pget(const volatile void *slot);
void *__gt_memset(void *d, int c, unsigned long n, int di);
void *__gt_memcpy(void *d, const void *s, unsigned long n, int di, int si);
void *__gt_memmove(void *d, const void *s, unsigned long n, int di, int si);
int __gt_memcmp(const void *a, const void *b, unsigned long n, int ai, int bi);
unsigned long __gt_strlen(const char *s, int si);
int __gt_strcmp(const char *a, const char *b, int ai, int bi);
char *__gt_strcpy(char *d, const char *s, int di, int si);
char *__gt_strncpy(char *d, const char *s, unsigned long n, int di, int si);
void __gt_index(long long k, long long n);
int __gt_find(const volatile void *p, unsigned long n);
void __gt_fncheck(int tag);
void __gt_alive(int id);
void __gt_copyw(int dst, int src);
void *__gt_realloc(void *p, int id, unsigned long count, unsigned long size, int *newid);
#define __GT_IX(k, n) ({ __auto_type __gt_i0 = (k); long long __gt_i = __gt_i0; \
    __gt_index((__gt_i0 > 0) != (__gt_i > 0) ? -1 : __gt_i, (n)); __gt_i0; })
#define __GT_FN(p, tag) ({ __auto_type __gt_f = (p); __gt_fncheck(tag); __gt_f; })
#define __GT_ALLOCA(count, size, idp) ({ unsigned long __gt_z = (unsigned long)(count) * (size); \
    void *__gt_a = __builtin_alloca(__gt_z ? __gt_z : 1); *(idp) = __gt_reg(__gt_a, __gt_z, 0); \
    __gt_a; })
#define __GT_MB(p, m, id, how) ({ __auto_type __gt_r = (p); \
    __gt_mem(&__gt_r->m, sizeof __gt_r->m, (id), (how)); &__gt_r->m; })
#define __GT_AT(p, id, how) ({ __auto_type __gt_q = (p); \
    __gt_mem(__gt_q, sizeof *__gt_q, (id), (how)); __gt_q; })
#define __GT_LD(p, id) (*__GT_AT(p, id, 0))
#define __GT_ST(p, id) (*__GT_AT(p, id, 1))
#define __GT_PADD(p, k, id) ({ __auto_type __gt_b = (p); __auto_type __gt_k0 = (k); \
    long long __gt_k = __gt_k0; \
    __gt_offset(__gt_b, __gt_k, sizeof *__gt_b, (id), (__gt_k0 > 0) != (__gt_k > 0)); \
    __gt_b + __gt_k0; })
"""

DRIVER_MEM = r"""
enum { GT_OBJS = 4096 };
static struct gt_object { unsigned long base, size; int live, heap; unsigned char *written; }
  gt_objects[GT_OBJS];
static int gt_nobjects = 1;                 /* id 0: the null pointer */
/* the provenance of pointers held in memory (pointer members), by the slot's address */
static struct gt_slot { unsigned long slot; int id; } gt_slots[GT_OBJS];
static int gt_nslots;
static void gt_forget(unsigned long base, unsigned long size) {
  for (int i = 0; i < gt_nslots; i++)
    if (gt_slots[i].slot >= base && gt_slots[i].slot < base + size)
      gt_slots[i--] = gt_slots[--gt_nslots];
}
void __gt_pset(const volatile void *slot, int id) {
  for (int i = 0; i < gt_nslots; i++)
    if (gt_slots[i].slot == (unsigned long)slot) { gt_slots[i].id = id; return; }
  if (gt_nslots >= GT_OBJS) { finish(); emit("GTFULL\n"); _exit(X_SEGV); }
  gt_slots[gt_nslots].slot = (unsigned long)slot;
  gt_slots[gt_nslots++].id = id;
}
/* a slot never set holds null (calloc) or was never written (its read was checked first) */
int __gt_pget(const volatile void *slot) {
  for (int i = 0; i < gt_nslots; i++)
    if (gt_slots[i].slot == (unsigned long)slot) return gt_slots[i].id;
  return 0;
}
/* kinds: 1 invalid free, 2 double free, 3 arithmetic on null, 4 on a dead object, 5 out of
   bounds, 6 null dereference, 7 dead object, 8 access out of bounds, 9 different objects,
   10 overlapping objects of a string function */
static void gt_mem_ub(int kind) {
  if (__gt_guard) siglongjmp(__gt_jb, 1);
  finish(); emit("MEM %d %d\n", kind, gt_inv); _exit(X_MEM);
}
static int gt_new(unsigned long base, unsigned long size, int heap, int written) {
  if (gt_nobjects >= GT_OBJS) { finish(); emit("GTFULL\n"); _exit(X_SEGV); }
  struct gt_object *o = &gt_objects[gt_nobjects];
  o->base = base; o->size = size; o->live = 1; o->heap = heap;
  o->written = calloc(size ? size : 1, 1);
  gt_forget(base, size);                    /* memory reused: its old slots are gone */
  if (written) memset(o->written, 1, size);
  return gt_nobjects++;
}
int __gt_reg(const volatile void *base, unsigned long size, int written) {
  return gt_new((unsigned long)base, size, 0, written);
}
void *__gt_alloc(unsigned long count, unsigned long size, int zero, int *id) {
  void *p = zero ? calloc(count, size) : malloc(count * size);
  if (p == 0) { finish(); emit("GTFULL\n"); _exit(X_SEGV); }   /* never on small sizes */
  *id = gt_new((unsigned long)p, count * size, 1, zero);
  return p;
}
void __gt_free(void *p, int id) {
  if (p == 0) return;                        /* free(NULL) does nothing */
  struct gt_object *o = &gt_objects[id];
  if (id <= 0 || id >= gt_nobjects || !o->heap || (unsigned long)p != o->base) gt_mem_ub(1);
  if (!o->live) gt_mem_ub(2);
  o->live = 0;
  gt_forget(o->base, o->size);
  free(p);
}
/* p + k with elements of `size` bytes: p lies in its object or one past (it was formed by a
   checked operation); the offset is computed in 64 bits whatever the data model, and `huge`
   is an unsigned k beyond long long: never in bounds */
void __gt_offset(const volatile void *p, long long k, unsigned long size, int id, int huge) {
  if (id <= 0 || id >= gt_nobjects) gt_mem_ub(3);
  struct gt_object *o = &gt_objects[id];
  if (!o->live) gt_mem_ub(4);
  long long position = (long long)((unsigned long)p - o->base);
  if (huge || k > (1LL << 40) || k < -(1LL << 40)) gt_mem_ub(5);
  long long offset = position + k * (long long)size;
  if (offset < 0 || offset > (long long)o->size) gt_mem_ub(5);
}
void __gt_mem(const volatile void *p, unsigned long n, int id, int how) {
  unsigned long a = (unsigned long)p;
  if (p == 0 || id <= 0 || id >= gt_nobjects) gt_mem_ub(6);
  struct gt_object *o = &gt_objects[id];
  if (!o->live) gt_mem_ub(7);
  if (a < o->base || a + n > o->base + o->size) gt_mem_ub(8);
  for (unsigned long i = 0; i < n; i++) {
    if (how == 1) o->written[a - o->base + i] = 1;
    else if (how == 0 && !o->written[a - o->base + i]) {
      if (__gt_guard) siglongjmp(__gt_jb, 1);
      finish(); emit("UNINIT %d %d\n", -id, gt_inv); _exit(X_UNINIT);
    }
  }
}
int __gt_same(int a, int b) {
  if (a <= 0 || b <= 0 || a != b) gt_mem_ub(9);
  if (!gt_objects[a].live) gt_mem_ub(7);
  return 0;
}
/* mempatterns2.py: an index k into a member array of n elements (0 <= k < n: C11 6.5.6p8
   for a member array, whatever lies after it in the enclosing object) */
void __gt_index(long long k, long long n) { if (k < 0 || k >= n) gt_mem_ub(8); }
/* the newest live object registered with exactly this base and size (a member registered as
   an object of its own: `&s.m` walks the member, not the struct); 0: none */
int __gt_find(const volatile void *p, unsigned long n) {
  for (int i = gt_nobjects - 1; i > 0; i--)
    if (gt_objects[i].live && gt_objects[i].base == (unsigned long)p && gt_objects[i].size == n)
      return i;
  return 0;
}
/* a call through a function pointer: tag 0 null (kind 6), 2 a function of an incompatible
   type (kind 11: C11 6.3.2.3p8), 1 fine */
void __gt_fncheck(int tag) { if (tag == 0) gt_mem_ub(6); if (tag != 1) gt_mem_ub(11); }
/* the value of a pointer to a dead object is indeterminate (C11 6.2.4p2): any use */
void __gt_alive(int id) { if (id > 0 && id < gt_nobjects && !gt_objects[id].live) gt_mem_ub(7); }
/* a whole-object copy (`v = u` of unions): which bytes are written goes along */
void __gt_copyw(int dst, int src) {
  if (dst > 0 && src > 0 && gt_objects[dst].size == gt_objects[src].size)
    memcpy(gt_objects[dst].written, gt_objects[src].written, gt_objects[src].size);
}
/* realloc (C11 7.22.3.5): null is malloc; otherwise a live heap block's start; the contents
   up to the smaller size move to a NEW block (the old pointer is dead even where glibc would
   reuse the address), the rest is unwritten */
void *__gt_realloc(void *p, int id, unsigned long count, unsigned long size, int *newid) {
  if (p == 0) return __gt_alloc(count, size, 0, newid);
  struct gt_object *o = &gt_objects[id];
  if (id <= 0 || id >= gt_nobjects || !o->heap || (unsigned long)p != o->base) gt_mem_ub(1);
  if (!o->live) gt_mem_ub(2);
  unsigned long n = count * size, keep = n < o->size ? n : o->size;
  void *q = malloc(n ? n : 1);
  if (q == 0) { finish(); emit("GTFULL\n"); _exit(X_SEGV); }
  memcpy(q, p, keep);
  int k = gt_new((unsigned long)q, n, 1, 0);
  o = &gt_objects[id];
  memcpy(gt_objects[k].written, o->written, keep);
  o->live = 0;
  gt_forget(o->base, o->size);
  free(p);
  *newid = k;
  return q;
}
/* <string.h> (strpatterns.py): every pointer argument valid (C11 7.1.4p1, also for n = 0),
   each byte read or written checked as C defines the function, overlap (kind 10) where C
   forbids it; then the C library's function */
static void gt_valid(const volatile void *p, int id) { __gt_offset(p, 0, 1, id, 0); }
static void gt_apart(const volatile void *a, unsigned long na, const volatile void *b,
                     unsigned long nb) {
  unsigned long x = (unsigned long)a, y = (unsigned long)b;
  if (na && nb && x < y + nb && y < x + na) gt_mem_ub(10);
}
static unsigned long gt_length(const char *s, int si) {   /* reads up to the NUL */
  unsigned long i = 0;
  for (;; i++) { __gt_mem(s + i, 1, si, 0); if (!s[i]) return i; }
}
void *__gt_memset(void *d, int c, unsigned long n, int di) {
  gt_valid(d, di); __gt_mem(d, n, di, 1); return memset(d, c, n);
}
void *__gt_memcpy(void *d, const void *s, unsigned long n, int di, int si) {
  gt_valid(d, di); gt_valid(s, si); __gt_mem(s, n, si, 0); __gt_mem(d, n, di, 1);
  gt_apart(d, n, s, n); return memcpy(d, s, n);
}
void *__gt_memmove(void *d, const void *s, unsigned long n, int di, int si) {
  gt_valid(d, di); gt_valid(s, si); __gt_mem(s, n, si, 0); __gt_mem(d, n, di, 1);
  return memmove(d, s, n);
}
int __gt_memcmp(const void *a, const void *b, unsigned long n, int ai, int bi) {
  gt_valid(a, ai); gt_valid(b, bi);
  /* bounds of all n bytes (C: the arrays have n bytes); the bytes up to the first
     difference are read */
  gt_valid((const char *)a + n, ai); gt_valid((const char *)b + n, bi);
  for (unsigned long i = 0; i < n; i++) {
    __gt_mem((const char *)a + i, 1, ai, 0); __gt_mem((const char *)b + i, 1, bi, 0);
    if (((const unsigned char *)a)[i] != ((const unsigned char *)b)[i]) break;
  }
  return memcmp(a, b, n);
}
unsigned long __gt_strlen(const char *s, int si) {
  gt_valid(s, si); return gt_length(s, si);
}
int __gt_strcmp(const char *a, const char *b, int ai, int bi) {
  gt_valid(a, ai); gt_valid(b, bi);
  for (unsigned long i = 0;; i++) {
    __gt_mem(a + i, 1, ai, 0); __gt_mem(b + i, 1, bi, 0);
    if (a[i] != b[i] || !a[i]) break;
  }
  return strcmp(a, b);
}
char *__gt_strcpy(char *d, const char *s, int di, int si) {
  gt_valid(d, di); gt_valid(s, si);
  unsigned long n = gt_length(s, si) + 1;
  __gt_mem(d, n, di, 1); gt_apart(d, n, s, n); return strcpy(d, s);
}
char *__gt_strncpy(char *d, const char *s, unsigned long n, int di, int si) {
  gt_valid(d, di); gt_valid(s, si);
  unsigned long k = 0;                 /* the bytes read: up to the NUL, at most n */
  while (k < n) { __gt_mem(s + k, 1, si, 0); if (!s[k++]) break; }
  __gt_mem(d, n, di, 1); gt_apart(d, n, s, k); return strncpy(d, s, n);
}
"""