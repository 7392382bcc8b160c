/* Stub header shipped with the validator. */
#ifndef _UNISTD_H
#define _UNISTD_H
#include "_svcomp_types.h"
extern unsigned int sleep(unsigned int __seconds);
extern int usleep(unsigned int __useconds);
#endif
