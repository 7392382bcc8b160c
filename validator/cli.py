"""The `validate-correctness` command line.

    validate-correctness --witness W.yaml PROGRAM.c --spec unreach-call.prp [options]
    validate-correctness TASK.yml --witness W.yaml

The last line printed is always `Verification result: R`.  Bad input is reported as
`ERROR (...)` with exit code 1; a run stopped by `--timeout` or SIGTERM answers `unknown`
(reason `timeout while <stage>`) with its report written; no Python traceback reaches the user.
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from typing import Optional, Sequence

from instrument.deadline import Deadline, Timeout
from instrument.errors import InputError

from . import __version__, results
from .engines import ENGINES
from .limits import process_age, shielded, stopped_at
from .semantics.readings import UNDEFINED, UNINITIALIZED_READINGS

RECURSION_LIMIT = 10_000

# a run stopped at its deadline still writes its report and result line: the time kept for that
WRITE_RESERVE = 1.0
WRITE_SHARE = 0.05


class _ArgumentParser(argparse.ArgumentParser):
    """A usage error also ends with a result line; the exit status stays argparse's 2."""

    def error(self, message: str):
        print(results.result_line(results.error_result(f"usage: {message}")))
        sys.stdout.flush()
        super().error(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog="validate-correctness",
        description="Validate a YAML correctness witness (formats 0.1, 2.0, 2.1) for a C program.")
    parser.add_argument("program", nargs="?",
                        help="the C program (.c or .i), or an SV-COMP task definition (.yml)")
    parser.add_argument("--witness", help="the correctness witness (YAML)")
    parser.add_argument("--spec", help="the property file, e.g. unreach-call.prp")
    parser.add_argument("--data-model", choices=["ILP32", "LP64"],
                        help="integer widths (default: task definition, witness metadata, ILP32)")
    parser.add_argument("--timeout", type=float,
                        help="seconds for the whole run, from reading the inputs to writing "
                             "the reports; past it the answer is unknown (timeout while ...)")
    parser.add_argument("--refuted-verdict", choices=["false", "unknown"], default="false",
                        help="verdict when an invariant is refuted (default: false)")
    parser.add_argument("--certificate-out", metavar="FILE",
                        help="write loop_invariant_certificate entries (YAML)")
    parser.add_argument("--report-json", metavar="FILE", help="write the JSON report")
    parser.add_argument("--instrumented-out", metavar="FILE",
                        help="write the instrumented program as self-contained C")
    parser.add_argument("--violation-witness-out", metavar="FILE",
                        help="write a violation witness when the program reaches the error")
    parser.add_argument("--engines", type=_engine_list,
                        help="comma-separated engines to run: " + ",".join(ENGINES)
                        + " (default: all)")
    parser.add_argument("--max-k", type=_non_negative, default=8, metavar="K",
                        help="the largest k of k-induction (default: 8)")
    parser.add_argument("--uninitialized", choices=UNINITIALIZED_READINGS, default=UNDEFINED,
                        help="reading an uninitialised value: undefined behaviour (default: "
                             "such a read is never a proof's or a refutation's way), or a fresh "
                             "nondet value at each read (the older SV-COMP reading)")
    parser.add_argument("--verbose", action="store_true", help="explain every invariant")
    batch = parser.add_argument_group("batch mode")
    batch.add_argument("--batch", metavar="DIR_OR_SET_FILE",
                       help="validate every validation task definition in a directory or .set "
                            "file, in parallel processes, and print a summary table")
    batch.add_argument("--jobs", type=_positive, metavar="N",
                       help="parallel tasks in batch mode (default: the number of cores)")
    batch.add_argument("--batch-out", metavar="FILE",
                       help="write the batch results as CSV (or JSON for a .json name)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a non-negative whole number")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _batch_arguments(args: argparse.Namespace) -> list[str]:
    """The options of one task's run in batch mode (the task gives program and witness)."""
    if args.program or args.witness or args.spec:
        raise InputError("--batch takes no program, --witness or --spec: the validation "
                         "task definitions give them")
    extra = ["--refuted-verdict", args.refuted_verdict, "--max-k", str(args.max_k),
             "--uninitialized", args.uninitialized]
    if args.data_model:
        extra += ["--data-model", args.data_model]
    if args.engines:
        extra += ["--engines", ",".join(args.engines)]
    return extra


def _engine_list(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in ENGINES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown engine '{unknown[0] if unknown else text}', choose from {', '.join(ENGINES)}")
    return names


def _request(args: argparse.Namespace):
    if args.program is None:
        raise InputError("no program or task definition given")
    program, spec, witness = args.program, args.spec, args.witness
    task_data_model = None
    if program.endswith((".yml", ".yaml")):
        from instrument.task import load_task_definition
        task = load_task_definition(program, spec)
        program = task.program
        spec = spec or task.property_file
        task_data_model = task.data_model
        witness = witness or task.witness
    if witness is None:
        raise InputError("no witness given (use --witness)")
    from .request import Request
    return Request(program=program, witness=witness, property_file=spec,
                   data_model=args.data_model, task_data_model=task_data_model,
                   timeout=args.timeout, refuted_verdict=args.refuted_verdict, engines=args.engines,
                   max_k=args.max_k, uninitialized=args.uninitialized)


def _write_outputs(args: argparse.Namespace, outcome, stopped: bool = False) -> None:
    from .outputs.report import write_report
    if args.report_json:
        write_report(outcome, args.report_json, compact=stopped)     # stopped: no time to lose
    if args.instrumented_out and outcome.woven:
        with open(args.instrumented_out, "w", encoding="utf-8") as f:
            f.write(outcome.instrumented_c())
    if args.certificate_out:
        from .outputs.certificates import write_certificates
        write_certificates(outcome, args.certificate_out)
    if args.violation_witness_out and outcome.counterexample is not None:
        from .outputs.violation_witness import write_violation_witness
        write_violation_witness(outcome, args.violation_witness_out)


def _finish(args: argparse.Namespace, outcome, stopped: bool = False) -> None:
    """The files asked for, then the lines for a person (the result line comes last).  For a
    stopped run, a file that cannot be written is named and the lines come all the same."""
    try:
        _write_outputs(args, outcome, stopped)
    except OSError as e:
        if not stopped:
            raise
        print(f"validate-correctness: cannot write {e.filename}: {e.strerror}", file=sys.stderr)
    if outcome.toolchain_problem:
        print(f"validate-correctness: {outcome.toolchain_problem}", file=sys.stderr)
    # metadata are provenance: their problems are diagnostics, not part of the answer
    for warning in outcome.witness.metadata_warnings:
        print(f"validate-correctness: warning: {warning}", file=sys.stderr)
    if outcome.uninitialized != UNDEFINED:
        print(f"validate-correctness: --uninitialized {outcome.uninitialized}: reads of "
              "uninitialised values are fresh nondet values", file=sys.stderr)
    from .outputs.report import human_lines
    for line in human_lines(outcome, args.verbose):
        print(line)


def _deadline(args: argparse.Namespace, started: float) -> Deadline:
    """The run's deadline: `--timeout` from `started`, less the time kept for writing the
    report and result line of a run stopped at it."""
    if args.timeout is None:
        return Deadline()
    return Deadline(started + args.timeout - min(WRITE_RESERVE, WRITE_SHARE * args.timeout))


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command; `argv` None: this process is the command (`validate-correctness`,
    `python -m validator`), which then ends without the interpreter's teardown."""
    # --timeout counts from here; run as the command, from the process's start
    started = time.monotonic() - (process_age() if argv is None else 0.0)
    if argv is None:
        # pycparser's parser and our passes over the AST recurse once or twice per level of
        # nesting: a sum of 500 terms passed Python's default limit of 1,000.  C code that
        # recurses with them (pickle) stays far from the end of an 8 MB stack at this limit;
        # deeper programs end `unknown` (TOO_DEEP)
        sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
    code = _run(argv, started)
    if argv is None:
        # freeing a large heap (a big witness's YAML and the program's AST) one object at a
        # time takes seconds, past --timeout; everything is written and flushed by now
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def _run(argv: Optional[Sequence[str]], started: float) -> int:
    args = build_parser().parse_args(argv)
    if args.batch:
        return _batch(args)
    if argv is None:
        # the command's start-up: the imports and the front end make many objects and free
        # few, and the collector's passes over them were a tenth of a small run (10 ms of
        # 0.16 s); the pipeline turns it on again once the program is woven
        # (`collector_resumed`).  Not in batch mode, whose processes live for many tasks.
        gc.disable()
    deadline = _deadline(args, started)
    progress = None
    try:
        with stopped_at(deadline):
            deadline.enter("reading the task")
            request = _request(args)
            # the engines' child first, the front end then: their imports run side by side
            from .engines.process import engines_started_early
            with engines_started_early(request.program, request.witness,
                                       request.property_file) as early:
                from .pipeline import Progress, validate
                progress = Progress(request)
                outcome = validate(request, deadline, progress, early)
            deadline.enter("writing the reports")
            _finish(args, outcome)
    except Timeout as stop:
        return _stopped(args, progress, str(stop))      # "timeout while <stage>"
    except RecursionError:
        # the recursive passes over a program that nests too deeply: not bad input
        from .evidence import TOO_DEEP
        return _stopped(args, progress, f"{TOO_DEEP} while {deadline.stage}")
    except BaseException as e:          # noqa: B036  (the one place that answers for all)
        return _failed(args, e)
    _answer(outcome.verdict)
    return results.EXIT_VERDICT


def _answer(result: str) -> None:
    """The result line, after everything else printed, whatever signal comes now."""
    with shielded():
        sys.stdout.flush()
        print(results.result_line(result))
        sys.stdout.flush()


def _stopped(args: argparse.Namespace, progress, reason: str) -> int:
    """The answer of a run stopped by its deadline, SIGTERM or a program nested too deeply:
    `unknown` for `reason` with every status decided so far, written whatever signal comes
    now."""
    with shielded():
        from .pipeline import Progress, Request, stopped_outcome
        # stopped before the task was read: a report of the files as the command line names them
        progress = progress or Progress(Request(program=args.program or "",
                                                witness=args.witness or "",
                                                property_file=args.spec))
        try:
            _finish(args, stopped_outcome(progress, reason), stopped=True)
        except Exception as e:      # a bug of ours: the result line comes all the same
            print(f"validate-correctness: internal error: {type(e).__name__}: {e}",
                  file=sys.stderr)
        _answer(results.RESULT_UNKNOWN)
    return results.EXIT_VERDICT


def _failed(args: argparse.Namespace, error: BaseException) -> int:
    """The result line of a run that ended without a verdict: bad input, a file that cannot
    be read or written, an interrupt, or a bug of ours (in one line, never a traceback)."""
    if isinstance(error, InputError):
        reason = str(error)
    elif isinstance(error, KeyboardInterrupt):
        reason = "interrupted"
    elif isinstance(error, OSError):
        reason = f"{error.filename or ''}: {error.strerror}"
    elif isinstance(error, SystemExit):
        raise error
    else:
        if args.verbose:
            import traceback        # a bug's trace only: not imported at start-up
            traceback.print_exc()
        reason = f"internal error: {type(error).__name__}: {error}"
    _answer(results.error_result(reason))
    return results.EXIT_ERROR


def _batch(args: argparse.Namespace) -> int:
    try:
        from .integration import batch
        return batch.main(args.batch, args.jobs, args.timeout, args.batch_out,
                          _batch_arguments(args))
    except InputError as e:
        print(results.result_line(results.error_result(str(e))))
        return results.EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
