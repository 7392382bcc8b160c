/* Stub header shipped with the validator. */
#ifndef _STRING_H
#define _STRING_H
#include "_svcomp_types.h"
extern void *memcpy(void *__dest, const void *__src, size_t __n);
extern void *memmove(void *__dest, const void *__src, size_t __n);
extern void *memset(void *__s, int __c, size_t __n);
extern int memcmp(const void *__s1, const void *__s2, size_t __n);
extern size_t strlen(const char *__s);
extern int strcmp(const char *__s1, const char *__s2);
extern char *strcpy(char *__dest, const char *__src);
extern char *strncpy(char *__dest, const char *__src, size_t __n);
#endif
