/* Stub header shipped with the validator. */
#ifndef _STDDEF_H
#define _STDDEF_H
#include "_svcomp_types.h"
#define offsetof(type, member) __builtin_offsetof(type, member)
#endif
