"""Adversarial tests of the `fopen`/`fclose` models (`semantics/cfa/stream_calls.py`).

Each program under `data/adversarial/streams/` is one way a careless model of the C library's
streams would give a wrong verdict: fopen that never fails (as SV-COMP's malloc) or always
fails, a program's own fopen ignored, a stream's contents guessed, free, fclose twice or of
NULL, arguments that are no strings or a mode C does not define, a closed stream's pointer
compared.  The ground truth comes from gcc (`gt_driver`) with AddressSanitizer and UBSan,
`-fno-builtin`, `-m32` and `-m64`, each program run in a directory without the file it opens
and in one with it (fopen fails, fopen succeeds: the model must cover both).  A `before-...`
mark followed by a sanitizer's report shows undefined behaviour there; some undefined
behaviour shows in no run (free of glibc's FILE, which glibc allocates with malloc; fopen of
NULL, for which glibc returns NULL; a mode C does not define, for which glibc returns NULL):
C11 says it is undefined, and the verdict must be `unknown` all the same.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

import gt_driver
from conftest import DATA, validate_with_report

PROGRAMS = DATA / "adversarial" / "streams"
FALSE = "false(unreach-call)"
FILE_NAME = "gt-input.txt"         # the file every program opens


@dataclass(frozen=True)
class Case:
    verdict: str                 # in both data models
    # (values of __VERIFIER_nondet_int, whether the file exists, marks)
    runs: tuple
    reason: str = ""             # part of the reason of an `unknown`


def _both(values, marks) -> tuple:
    """The same marks whether the file exists or not."""
    return ((values, False, marks), (values, True, marks))


CASES = {
    "fopen_null_reaches_error": Case(FALSE, (([], False, ["error"]), ([], True, []))),
    "fopen_open_reaches_error": Case(FALSE, (([], False, []), ([], True, ["error"]))),
    "fopen_checked": Case("true", _both([3], []) + _both([200], [])),
    "own_fopen": Case("true", _both([], [])),
    "own_fopen_returns_null": Case("true", _both([], [])),
    "two_streams_differ": Case("true", _both([], [])),
    "helper_called_twice": Case("true", _both([], [])),
    "stream_in_struct": Case("true", _both([], [])),
    "reopen_in_loop": Case("true", _both([], [])),
    "mode_in_array": Case("true", _both([0], []) + _both([1], [])),
    "free_stream": Case("unknown", (([], False, []), ([], True, ["before-free"])),
                        "invalid free"),
    "read_stream_member": Case("unknown", _both([], []), "the FILE object of the fopen"),
    "fclose_twice": Case("unknown", (([], False, []),
                                     ([], True, ["before-second-close", "asan"])),
                         "'fclose' of a pointer that is not an open stream"),
    "fclose_unchecked": Case("unknown", (([], False, ["before-close", "asan"]),
                                         ([], True, ["before-close"])),
                             "'fclose' of a pointer that is not an open stream"),
    "mode_without_nul": Case("unknown", _both([1], ["before-no-nul", "asan"]) + _both([0], []),
                             "invalid dereference"),
    "name_null": Case("unknown", _both([1], ["before-null"]) + _both([0], []),
                      "'fopen' of an invalid pointer"),
    "mode_undefined": Case("unknown", _both([], []), "mode that C does not define"),
    "compare_after_fclose": Case("unknown", (([], False, []), ([], True, ["before-compare"])),
                                 "lifetime has ended"),
}


def _run_marks(binary, tmp_path, values, exists: bool) -> list:
    directory = tmp_path / ("with-file" if exists else "without-file")
    directory.mkdir(exist_ok=True)
    if exists:
        (directory / FILE_NAME).write_text("x\n")
    return gt_driver.marks(binary, values, timeout=10, cwd=directory)


@pytest.mark.parametrize("model", ["-m32", "-m64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_ground_truth(tmp_path, name, model):
    source = (PROGRAMS / f"{name}.c").read_text()
    built = gt_driver.build(source, tmp_path, ["-O0", model, "-fsanitize=address",
                                               "-fno-builtin"])
    assert built.returncode == 0, built.stderr
    for values, exists, expected in CASES[name].runs:
        assert _run_marks(tmp_path / "program", tmp_path, values, exists) == expected, \
            (values, exists)


@pytest.mark.parametrize("model", ["-m32", "-m64"])
def test_closed_stream_reused_without_asan(tmp_path, model):
    """Without AddressSanitizer's quarantine, glibc gives the second fopen the first one's
    block: the closed stream's (indeterminate) pointer equals the new one and the error is
    reached, so a model that called the comparison false would prove a program that fails."""
    source = (PROGRAMS / "compare_after_fclose.c").read_text()
    built = gt_driver.build(source, tmp_path, ["-O0", model, "-fno-builtin"])
    assert built.returncode == 0, built.stderr
    assert _run_marks(tmp_path / "program", tmp_path, [], True) == ["before-compare", "error"]


def validate(cli, ws, prp, name: str, *options: str):
    run, report = validate_with_report(cli, ws, prp, (PROGRAMS / f"{name}.c").read_text(), (),
                                       *options)
    return run.result, report


@pytest.mark.parametrize("data_model", ["ILP32", "LP64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_verdict(cli, ws, prp, name, data_model):
    case = CASES[name]
    # BMC explores every path of these programs; the generous limit only keeps a loaded
    # machine from turning a verdict into a timeout
    result, report = validate(cli, ws, prp, name, "--engines", "bmc", "--data-model",
                              data_model, "--timeout", "60")
    assert result == case.verdict, report.get("reason")
    if case.reason:
        assert case.reason in (report.get("reason") or ""), report.get("reason")


@pytest.mark.parametrize("name", sorted(name for name, case in CASES.items()
                                        if case.verdict == "unknown"))
def test_undefined_behaviour_is_never_true(cli, ws, prp, name):
    """The proof engines and our interpreter, without BMC: the undefined behaviour (or the
    stream's contents) stays open, never a `true`."""
    result, _ = validate(cli, ws, prp, name, "--engines", "testing,houdini,kinduction,chc",
                         "--timeout", "10")
    assert result != "true"


def test_the_cases_are_the_programs():
    assert sorted(CASES) == sorted(p.stem for p in PROGRAMS.glob("*.c"))


NOT_MODELLED = {
    # every other stream function has pointer parameters: unknown, naming itself
    "fgetc": ("#include <stdio.h>\nextern int fgetc(FILE *);\n"
              "int main(void) { FILE *f = fopen(\"a\", \"r\"); int c;\n"
              "  if (!f) return 0; c = fgetc(f); fclose(f); return c; }\n", "'fgetc'"),
    # the C library's fopen only: a declaration of another shape is not modelled
    "fopen_other_shape": ("extern int *fopen(const char *, const char *);\n"
                          "int main(void) { return fopen(\"a\", \"r\") != 0; }\n",
                          "declared otherwise than the C library's"),
    # the FILE object's bytes through a character view: not modelled either
    "char_view": ("#include <stdio.h>\nint main(void) { FILE *f = fopen(\"a\", \"r\");\n"
                  "  char *c; if (!f) return 0; c = (char *)(void *)f;\n"
                  "  return *c; }\n", "the FILE object of the fopen"),
    # a stream opened twice at one site while open: one object per site
    "fopen_loop_unclosed": ("#include <stdio.h>\nint main(void) { int i;\n"
                            "  for (i = 0; i < 2; i++) fopen(\"a\", \"r\");\n  return 0; }\n",
                            "a second stream from the fopen"),
}


@pytest.mark.parametrize("name", sorted(NOT_MODELLED))
def test_what_is_not_modelled_is_unknown_naming_it(cli, ws, prp, name):
    source, reason = NOT_MODELLED[name]
    run, report = validate_with_report(cli, ws, prp, source, ())
    assert run.result == "unknown"
    assert reason in (report.get("reason") or ""), report.get("reason")
