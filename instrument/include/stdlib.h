/* Stub header shipped with the validator. */
#ifndef _STDLIB_H
#define _STDLIB_H
#include "_svcomp_types.h"
extern void abort(void) __attribute__((__noreturn__));
extern void exit(int __status) __attribute__((__noreturn__));
extern void *malloc(size_t __size);
extern void *calloc(size_t __nmemb, size_t __size);
extern void *realloc(void *__ptr, size_t __size);
extern void *alloca(size_t __size);
extern void free(void *__ptr);
extern int abs(int __x);
extern long labs(long __x);
extern long long llabs(long long __x);
extern int rand(void);
extern int atoi(const char *__nptr);
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#endif
