/* Stub header shipped with the validator. */
#ifndef _STDIO_H
#define _STDIO_H
#include "_svcomp_types.h"
typedef struct _IO_FILE FILE;
extern FILE *stdin, *stdout, *stderr;
extern int printf(const char *__format, ...);
extern int fprintf(FILE *__stream, const char *__format, ...);
extern int sprintf(char *__s, const char *__format, ...);
extern int snprintf(char *__s, size_t __n, const char *__format, ...);
extern int puts(const char *__s);
extern int putchar(int __c);
extern int getchar(void);
extern int scanf(const char *__format, ...);
extern FILE *fopen(const char *__filename, const char *__modes);
extern int fclose(FILE *__stream);
#define EOF (-1)
#endif
