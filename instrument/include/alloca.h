/* Stub header shipped with the validator (glibc's <alloca.h>: alloca, also declared by
   <stdlib.h>). */
#ifndef _ALLOCA_H
#define _ALLOCA_H
#include "_svcomp_types.h"
extern void *alloca(size_t __size);
#endif
