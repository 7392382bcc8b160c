/* Stub header shipped with the validator (Goblint's test annotations). */
#ifndef _GOBLINT_H
#define _GOBLINT_H
void __goblint_check(int exp);
void __goblint_assume(int exp);
void __goblint_assert(int exp);
void __goblint_assume_join(/* pthread_t thread */);
void __goblint_globalize(void *ptr);
void __goblint_split_begin(int exp);
void __goblint_split_end(int exp);
void __goblint_bounded(unsigned long long exp);
#endif
