/* Stub header shipped with the validator: <math.h> as glibc declares it for gcc (the
   classification macros expand to GCC built-ins).  The validator models fabs, fabsf, isnan,
   isinf, isfinite, NAN, INFINITY and HUGE_VAL exactly; a call of any other function declared here that the
   program does not define makes the answer unknown, naming the function. */
#ifndef _MATH_H
#define _MATH_H
#define NAN (__builtin_nanf(""))
#define INFINITY (__builtin_inff())
#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isfinite(x) __builtin_isfinite(x)
#define isnormal(x) __builtin_isnormal(x)
#define signbit(x) __builtin_signbit(x)
#define fpclassify(x) __builtin_fpclassify(0, 1, 4, 3, 2, x)
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define M_PI 3.14159265358979323846
#define M_E 2.7182818284590452354
#define M_SQRT2 1.41421356237309504880
extern double fabs(double); extern float fabsf(float);
extern double sqrt(double); extern float sqrtf(float);
extern double floor(double); extern float floorf(float);
extern double ceil(double); extern float ceilf(float);
extern double round(double); extern float roundf(float);
extern double trunc(double); extern float truncf(float);
extern double rint(double); extern float rintf(float);
extern double nearbyint(double); extern float nearbyintf(float);
extern long lround(double); extern long lroundf(float);
extern long lrint(double); extern long lrintf(float);
extern double fmod(double, double); extern float fmodf(float, float);
extern double remainder(double, double); extern float remainderf(float, float);
extern double fmin(double, double); extern float fminf(float, float);
extern double fmax(double, double); extern float fmaxf(float, float);
extern double fdim(double, double); extern float fdimf(float, float);
extern double fma(double, double, double); extern float fmaf(float, float, float);
extern double copysign(double, double); extern float copysignf(float, float);
extern double nextafter(double, double); extern float nextafterf(float, float);
extern double pow(double, double); extern float powf(float, float);
extern double exp(double); extern float expf(float);
extern double exp2(double); extern float exp2f(float);
extern double log(double); extern float logf(float);
extern double log2(double); extern float log2f(float);
extern double log10(double); extern float log10f(float);
extern double sin(double); extern float sinf(float);
extern double cos(double); extern float cosf(float);
extern double tan(double); extern float tanf(float);
extern double asin(double); extern float asinf(float);
extern double acos(double); extern float acosf(float);
extern double atan(double); extern float atanf(float);
extern double atan2(double, double); extern float atan2f(float, float);
extern double sinh(double); extern double cosh(double); extern double tanh(double);
extern double hypot(double, double); extern float hypotf(float, float);
extern double cbrt(double); extern float cbrtf(float);
extern double ldexp(double, int); extern float ldexpf(float, int);
extern double scalbn(double, int); extern float scalbnf(float, int);
extern double logb(double); extern int ilogb(double);
extern double nan(const char *); extern float nanf(const char *);
extern int __isnan(double); extern int __isnanf(float);
extern int __isinf(double); extern int __isinff(float);
extern int __finite(double); extern int __finitef(float);
extern int __signbit(double); extern int __signbitf(float);
extern int __fpclassify(double); extern int __fpclassifyf(float);
#endif
