/* Stub header shipped with the validator: results must not depend on the host's libc. */
#ifndef _SVCOMP_TYPES_H
#define _SVCOMP_TYPES_H
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef long ssize_t;
typedef __WCHAR_TYPE__ wchar_t;
#ifndef NULL
#define NULL ((void *)0)
#endif
#endif
