/* Stub header shipped with the validator: enough to parse; concurrency itself is unsupported. */
#ifndef _PTHREAD_H
#define _PTHREAD_H
#include "_svcomp_types.h"
typedef unsigned long pthread_t;
typedef struct { int __opaque[10]; } pthread_attr_t;
typedef struct { int __opaque[10]; } pthread_mutex_t;
typedef struct { int __opaque[2]; } pthread_mutexattr_t;
typedef struct { int __opaque[12]; } pthread_cond_t;
typedef struct { int __opaque[2]; } pthread_condattr_t;
typedef struct { int __opaque[14]; } pthread_rwlock_t;
typedef struct { int __opaque[2]; } pthread_rwlockattr_t;
typedef struct { int __opaque[8]; } pthread_barrier_t;
typedef struct { int __opaque[1]; } pthread_barrierattr_t;
typedef volatile int pthread_spinlock_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
#define PTHREAD_MUTEX_INITIALIZER { { 0 } }
#define PTHREAD_COND_INITIALIZER { { 0 } }
#define PTHREAD_RWLOCK_INITIALIZER { { 0 } }
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_MUTEX_RECURSIVE 1
#define PTHREAD_MUTEX_ERRORCHECK 2
extern int pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
extern int pthread_join(pthread_t, void **);
extern int pthread_detach(pthread_t);
extern void pthread_exit(void *) __attribute__((__noreturn__));
extern pthread_t pthread_self(void);
extern int pthread_equal(pthread_t, pthread_t);
extern int pthread_cancel(pthread_t);
extern int pthread_attr_init(pthread_attr_t *);
extern int pthread_attr_destroy(pthread_attr_t *);
extern int pthread_mutex_init(pthread_mutex_t *, const pthread_mutexattr_t *);
extern int pthread_mutex_destroy(pthread_mutex_t *);
extern int pthread_mutex_lock(pthread_mutex_t *);
extern int pthread_mutex_trylock(pthread_mutex_t *);
extern int pthread_mutex_unlock(pthread_mutex_t *);
extern int pthread_mutexattr_init(pthread_mutexattr_t *);
extern int pthread_mutexattr_settype(pthread_mutexattr_t *, int);
extern int pthread_cond_init(pthread_cond_t *, const pthread_condattr_t *);
extern int pthread_cond_wait(pthread_cond_t *, pthread_mutex_t *);
extern int pthread_cond_signal(pthread_cond_t *);
extern int pthread_cond_broadcast(pthread_cond_t *);
extern int pthread_rwlock_init(pthread_rwlock_t *, const pthread_rwlockattr_t *);
extern int pthread_rwlock_rdlock(pthread_rwlock_t *);
extern int pthread_rwlock_wrlock(pthread_rwlock_t *);
extern int pthread_rwlock_unlock(pthread_rwlock_t *);
extern int pthread_spin_init(pthread_spinlock_t *, int);
extern int pthread_spin_lock(pthread_spinlock_t *);
extern int pthread_spin_unlock(pthread_spinlock_t *);
extern int pthread_barrier_init(pthread_barrier_t *, const pthread_barrierattr_t *, unsigned int);
extern int pthread_barrier_wait(pthread_barrier_t *);
extern int pthread_key_create(pthread_key_t *, void (*)(void *));
extern void *pthread_getspecific(pthread_key_t);
extern int pthread_setspecific(pthread_key_t, const void *);
extern int pthread_once(pthread_once_t *, void (*)(void));
#endif
