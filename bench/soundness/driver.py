"""The gcc side of the ground truth: one binary runs a program on every input vector.

The driver's `main` enumerates input vectors depth-first and forks one child per vector; the
child runs the program's `main` (renamed `__gt_main`), reading inputs through `__gt_draw`.
When a child asks for one input more than its vector has, it exits with `NEED + site` and
the parent extends the vector by every value of that site's domain (and by the values just
outside the domain, which the assumption must block: a sanity check of the generator's
domains).  So every execution of the program is run, once, within one process (valgrind
starts once).  Children write events (`D`raw, `P`assed an assumption, `I`nvariant checked,
`O`bserved value, `ERR`or, ...) with write(2); the parent writes `RUN` before and `END`
after each child, so the output reads in order.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from .memrt import DRIVER_MEM, SUPPORT_MEM
from .program import DrawSite

MAX_RUNS = 400                        # more runs than this: ground truth too costly, discard
CHILD_SECONDS = 2                     # per run (valgrind: x10); a run this long is discarded

SUPPORT = r"""
#define __GT_W(e) ({ __auto_type __gt_t = (e); __gt_t; })
#define __GT_K(k) ({ volatile __typeof__(k) __gt_k = (k); __gt_k; })
#define __GT_CALL(c, fid) ({ __auto_type __gt_c = (c); if (__gt_fell) __gt_falloff(fid); __gt_c; })
extern int __gt_fell;
void __gt_error(void);
void __gt_passed(int site);
void __gt_falloff(int fid);
void __gt_inv_begin(int k);
int __gt_inv(int k, int reading, int holds);
void __gt_inv_ub(int k, int reading);
#include <setjmp.h>
extern sigjmp_buf __gt_jb;
extern volatile int __gt_guard;
#define __GT_RISKY(k, r, e) ({ if (sigsetjmp(__gt_jb, 1) == 0) { __gt_guard = 1; \
    __gt_inv_begin(k); int __gt_h = (e) != 0; __gt_guard = 0; __gt_inv(k, r, __gt_h); } \
    else { __gt_guard = 0; __gt_inv_ub(k, r); } 0; })
int __gt_probe(int loc, int var, long long value);
int __gt_probe_u(int loc, int var, unsigned long long value);
unsigned long long __gt_draw(int site);
void __gt_obs(int defined, const volatile void *p, unsigned long n, int site);
void __gt_undefined(const volatile void *p, unsigned long n);
#define __GT_FLOAT(site) (((union { unsigned int u; float f; }){ .u = (unsigned int)__gt_draw(site) }).f)
#define __GT_DOUBLE(site) (((union { unsigned long long u; double f; }){ .u = __gt_draw(site) }).f)
""" + SUPPORT_MEM

DRIVER = r"""
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#else
#define RUNNING_ON_VALGRIND 0
#define VALGRIND_CHECK_MEM_IS_DEFINED(p, n) 0
#define VALGRIND_MAKE_MEM_UNDEFINED(p, n) ((void)0)
#define VALGRIND_COUNT_ERRORS 0
#endif
int __gt_main(void);
int __gt_fell;
static unsigned long long gt_vec[64];
static int gt_len, gt_pos, gt_inv = -1;
enum { X_RET = 0, X_ERR = 10, X_BLOCK = 11, X_TRAP = 12, X_UNINIT = 13, X_FALLOFF = 14,
       X_ALARM = 15, X_FPE = 16, X_SEGV = 17, X_DISAGREE = 18, X_ABORT = 19, X_MEM = 20,
       X_NEED = 100 };
static void emit(const char *format, ...) {
  char buffer[256]; va_list args; va_start(args, format);
  int n = vsnprintf(buffer, sizeof buffer, format, args); va_end(args);
  if (write(1, buffer, n) < 0) _exit(99);
}
/* Under valgrind: memcheck errors other than our own checks' (gt_own) make the run doubtful;
   every way a run ends passes here. */
static int gt_own;
static void finish(void) {
  if (RUNNING_ON_VALGRIND && (int)VALGRIND_COUNT_ERRORS > gt_own) emit("VGERR\n");
}
void __gt_error(void) { finish(); emit("ERR\n"); _exit(X_ERR); }
void __gt_passed(int site) { emit("P %d\n", site); }
void __gt_falloff(int fid) { finish(); emit("FALLOFF %d\n", fid); _exit(X_FALLOFF); }
void __gt_inv_begin(int k) { gt_inv = k; }
int __gt_inv(int k, int reading, int holds) { gt_inv = -1; emit("I %d %d %d\n", k, reading, holds != 0); return 0; }
/* An invariant whose evaluation may have undefined behaviour: its trap jumps back to the
   check (__GT_RISKY), which records `IUB` (C11: not a valid invariant there, and not refuted),
   and the execution goes on. */
sigjmp_buf __gt_jb;
volatile int __gt_guard;
void __gt_inv_ub(int k, int reading) { gt_inv = -1; emit("IUB %d %d\n", k, reading); }
int __gt_probe(int loc, int var, long long value) { emit("O %d %d %lld\n", loc, var, value); return 0; }
int __gt_probe_u(int loc, int var, unsigned long long value) { emit("O %d %d %llu\n", loc, var, value); return 0; }
unsigned long long __gt_draw(int site) {
  if (gt_pos >= gt_len) _exit(X_NEED + site);
  emit("D %d\n", site);
  return gt_vec[gt_pos++];
}
void __gt_obs(int defined, const volatile void *p, unsigned long n, int site) {
  static int announced;
  if (!announced) { announced = 1; emit("OBS\n"); }    /* valgrind has something to check */
  if (RUNNING_ON_VALGRIND) {
    int undefined = VALGRIND_CHECK_MEM_IS_DEFINED(p, n) != 0;
    gt_own += undefined;
    if (undefined == defined) { emit("DISAGREE %d %d\n", site, defined); _exit(X_DISAGREE); }
  }
  if (!defined && __gt_guard) siglongjmp(__gt_jb, 1);   /* in an invariant: IUB */
  if (!defined) { finish(); emit("UNINIT %d %d\n", site, gt_inv); _exit(X_UNINIT); }
}
void __gt_undefined(const volatile void *p, unsigned long n) { VALGRIND_MAKE_MEM_UNDEFINED(p, n); }
""" + DRIVER_MEM + r"""
void __VERIFIER_assume(int cond) { if (!cond) { finish(); emit("BLOCK\n"); _exit(X_BLOCK); } }
static void on_signal(int sig) {
  if ((sig == SIGILL || sig == SIGFPE) && __gt_guard) siglongjmp(__gt_jb, 1);
  finish();
  if (sig == SIGABRT) { emit("ABORT\n"); _exit(X_ABORT); }
  if (sig == SIGILL) { emit("TRAP %d\n", gt_inv); _exit(X_TRAP); }
  if (sig == SIGALRM) { emit("ALARM\n"); _exit(X_ALARM); }
  if (sig == SIGFPE) { emit("FPE %d\n", gt_inv); _exit(X_FPE); }
  emit("SEGV %d\n", gt_inv); _exit(X_SEGV);
}
static void on_exit_call(void) { finish(); emit("EXIT\n"); }
struct gt_site { int n, m; const unsigned long long *in, *out; };
extern const struct gt_site gt_sites[];
extern const int gt_nsites;
int main(void) {
  static unsigned long long stack[4096][64]; static int depth[4096], sanity[4096];
  int top = 0, runs = 0, seconds = getenv("GT_SECONDS") ? atoi(getenv("GT_SECONDS")) : 2;
  int max_runs = getenv("GT_MAX_RUNS") ? atoi(getenv("GT_MAX_RUNS")) : 400;
  depth[top] = 0; sanity[top] = 0; top++;
  /* GT_VECTOR="v1 v2 ...": one run on exactly these inputs (replay of a counterexample) */
  const char *fixed = getenv("GT_VECTOR");
  if (fixed) {
    char *end;
    for (int i = 0; i < 63; i++) {
      unsigned long long v = strtoull(fixed, &end, 10);
      if (end == fixed) break;
      stack[0][i] = v; depth[0] = i + 1; fixed = end;
    }
  }
  while (top > 0) {
    top--;
    if (++runs > max_runs) { emit("LIMIT\n"); return 0; }
    int n = depth[top], sane = sanity[top];
    char line[1200]; int k = snprintf(line, sizeof line, "RUN %d %d", runs, sane);
    for (int i = 0; i < n; i++) k += snprintf(line + k, sizeof line - k, " %llu", stack[top][i]);
    emit("%s\n", line);
    pid_t child = fork();
    if (child == 0) {
      memcpy(gt_vec, stack[top], sizeof gt_vec); gt_len = n;
      signal(SIGILL, on_signal); signal(SIGALRM, on_signal); signal(SIGFPE, on_signal);
      signal(SIGSEGV, on_signal); signal(SIGBUS, on_signal); signal(SIGABRT, on_signal);
      atexit(on_exit_call); alarm(seconds);
      __gt_main();
      finish(); emit("RET\n"); _exit(X_RET);
    }
    int status; waitpid(child, &status, 0);
    if (WIFEXITED(status)) emit("END %d exit %d\n", runs, WEXITSTATUS(status));
    else emit("END %d signal %d\n", runs, WTERMSIG(status));
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code >= X_NEED && code < X_NEED + gt_nsites && !sane && n < 63 && !getenv("GT_VECTOR")) {
      const struct gt_site *s = &gt_sites[code - X_NEED];
      unsigned long long prefix[64]; memcpy(prefix, stack[top], sizeof prefix);
      for (int j = 0; j < s->m + s->n; j++) {
        if (top >= 4096) { emit("LIMIT\n"); return 0; }
        memcpy(stack[top], prefix, sizeof prefix);
        stack[top][n] = j < s->m ? s->out[j] : s->in[s->n - 1 - (j - s->m)];
        depth[top] = n + 1; sanity[top] = j < s->m; top++;
      }
    }
  }
  emit("DONE\n");
  return 0;
}
"""


def _c_value(value: int) -> str:
    return f"{value % (1 << 64)}ULL"


def domains_c(draws: list[DrawSite], model: str) -> str:
    """The table of each site's values (in) and of the values it must block (out), part of
    the program's translation unit (the driver is compiled once)."""
    lines, rows = [], []
    for d in draws:
        values, outside = d.domain[model], d.outside[model]
        lines.append(f"static const unsigned long long gt_in_{d.site}[] = "
                     f"{{{', '.join(map(_c_value, values)) or '0'}}};")
        lines.append(f"static const unsigned long long gt_out_{d.site}[] = "
                     f"{{{', '.join(map(_c_value, outside)) or '0'}}};")
        rows.append(f"{{{len(values)}, {len(outside)}, gt_in_{d.site}, gt_out_{d.site}}}")
    rows = rows or ["{0, 0, 0, 0}"]
    lines.append("struct gt_site { int n, m; const unsigned long long *in, *out; };")
    lines.append(f"const struct gt_site gt_sites[] = {{{', '.join(rows)}}};")
    lines.append(f"const int gt_nsites = {len(draws)};")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ builds
FLAGS = {
    # the primary build: every UB the sanitizer knows traps (SIGILL), nothing recovers
    "primary": ["-fsanitize=undefined", "-fsanitize-undefined-trap-on-error",
                "-fno-sanitize-recover=all"],
    # cross-checks: AddressSanitizer for the arrays, and automatic variables that start as a
    # pattern or as zero, so an uninitialised read the primary missed changes what happens
    "asan-pattern": ["-fsanitize=undefined,address", "-fsanitize-undefined-trap-on-error",
                     "-fno-sanitize-recover=all", "-ftrivial-auto-var-init=pattern"],
    "zero": ["-fsanitize=undefined", "-fsanitize-undefined-trap-on-error",
             "-fno-sanitize-recover=all", "-ftrivial-auto-var-init=zero"],
}


@dataclass
class Build:
    binary: Optional[Path]
    error: str = ""


_driver_objects: dict[tuple[str, str], Path] = {}
_driver_directory: Optional[tempfile.TemporaryDirectory] = None


# floats: SSE arithmetic in ILP32 too (no x87 excess precision), no contraction into fma, and
# float-to-integer conversions out of range trap (not part of -fsanitize=undefined)
FLOATS = ["-ffp-contract=off", "-fsanitize=float-cast-overflow"]


def _gcc(model: str, flavour: str) -> list[str]:
    machine = ["-m32", "-msse2", "-mfpmath=sse"] if model == "ILP32" else ["-m64"]
    return ["gcc", *machine, "-O0", "-std=gnu11", "-w", "-pipe", *FLAGS[flavour], *FLOATS]


def driver_object(model: str, flavour: str) -> Path:
    """The driver compiled once per process, data model and flavour."""
    global _driver_directory
    key = (model, flavour)
    if key not in _driver_objects:
        if _driver_directory is None:
            _driver_directory = tempfile.TemporaryDirectory(prefix="soundness-driver-")
        directory = Path(_driver_directory.name)
        source = directory / f"driver-{flavour}-{model}.c"
        source.write_text(DRIVER, encoding="utf-8")
        target = source.with_suffix(".o")
        subprocess.run(_gcc(model, flavour) + ["-c", str(source), "-o", str(target)],
                       check=True, capture_output=True, timeout=120)
        _driver_objects[key] = target
    return _driver_objects[key]


def build(program_c: str, draws: list[DrawSite], model: str, flavour: str,
          directory: Path) -> Build:
    """Compile the instrumented program with the driver: -O0, -m32 for ILP32."""
    name = f"{flavour}-{model}"
    source = directory / f"{name}.c"
    source.write_text(SUPPORT + domains_c(draws, model) + program_c, encoding="utf-8")
    binary = directory / name
    command = _gcc(model, flavour) + [str(source), str(driver_object(model, flavour)),
                                      "-o", str(binary)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        return Build(None, done.stderr[-2000:])
    return Build(binary)


@dataclass
class RunOutput:
    text: str
    valgrind: bool = False
    timed_out: bool = False
    extra: list[str] = field(default_factory=list)


def run(binary: Path, valgrind: bool = False, timeout: float = 120.0,
        vector: Optional[list[int]] = None) -> RunOutput:
    """All runs of one binary (natively, or under valgrind memcheck); with `vector`, the one
    run on exactly these inputs (each as the 64 bits `__gt_draw` returns)."""
    command = [str(binary)]
    environment = dict(os.environ, GT_SECONDS=str(CHILD_SECONDS * (10 if valgrind else 1)),
                       GT_MAX_RUNS=str(MAX_RUNS),
                       ASAN_OPTIONS="exitcode=67:detect_leaks=0")
    if vector is not None:
        environment["GT_VECTOR"] = " ".join(str(v % (1 << 64)) for v in vector)
    if valgrind:
        command = ["valgrind", "-q", "--track-origins=no",
                   "--log-file=/dev/null", *command]
    try:
        done = subprocess.run(command, capture_output=True, timeout=timeout, env=environment)
    except subprocess.TimeoutExpired as e:
        return RunOutput((e.stdout or b"").decode(errors="replace"), valgrind, True)
    return RunOutput(done.stdout.decode(errors="replace"), valgrind)


def valgrind_available() -> bool:
    return shutil.which("valgrind") is not None and \
        Path("/usr/include/valgrind/memcheck.h").is_file()
