/* Stub header shipped with the validator: GCC's built-ins, as its own <stdarg.h> has them.
   The validator does not model va_arg: a call of a variadic function the program defines is
   `unknown` naming it. */
#ifndef _STDARG_H
#define _STDARG_H
typedef __builtin_va_list va_list;
typedef __builtin_va_list __gnuc_va_list;
#define va_start(v, l) __builtin_va_start(v, l)
#define va_end(v) __builtin_va_end(v)
#define va_arg(v, T) __builtin_va_arg(v, T)
#define va_copy(d, s) __builtin_va_copy(d, s)
#endif
