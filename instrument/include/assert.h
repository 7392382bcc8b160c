/* Stub header shipped with the validator. */
#ifndef _ASSERT_H
#define _ASSERT_H
extern void __assert_fail(const char *__assertion, const char *__file, unsigned int __line,
                          const char *__function) __attribute__((__noreturn__));
#define assert(expr) ((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif
