"""The `validate-correctness` command line.

    validate-correctness --witness W.yaml PROGRAM.c --spec unreach-call.prp [options]
    validate-correctness TASK.yml --witness W.yaml

The last line printed is always `Verification result: R`.  Bad input is reported as
`ERROR (...)` with exit code 1; no Python traceback reaches the user.
"""
from __future__ import annotations

import argparse
import sys
import traceback
from typing import Optional, Sequence

from instrument.errors import InputError

from . import __version__, results
from .engines import ENGINES
from .pipeline import Request, validate
from .semantics.ir import UNDEFINED, UNINITIALIZED_READINGS


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
    parser.add_argument("--timeout", type=float, help="seconds for the proof engines together")
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


def _request(args: argparse.Namespace) -> Request:
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
    return Request(program=program, witness=witness, property_file=spec,
                   data_model=args.data_model, task_data_model=task_data_model,
                   timeout=args.timeout, refuted_verdict=args.refuted_verdict, engines=args.engines,
                   max_k=args.max_k, uninitialized=args.uninitialized)


def _write_outputs(args: argparse.Namespace, outcome) -> None:
    from .outputs.report import write_report
    if args.report_json:
        write_report(outcome, args.report_json)
    if args.instrumented_out:
        with open(args.instrumented_out, "w", encoding="utf-8") as f:
            f.write(outcome.instrumented_c())
    if args.certificate_out:
        from .outputs.certificates import write_certificates
        write_certificates(outcome, args.certificate_out)
    if args.violation_witness_out and outcome.counterexample is not None:
        from .outputs.violation_witness import write_violation_witness
        write_violation_witness(outcome, args.violation_witness_out)


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.batch:
            from .integration import batch
            return batch.main(args.batch, args.jobs, args.timeout, args.batch_out,
                              _batch_arguments(args))
        outcome = validate(_request(args))
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
        _write_outputs(args, outcome)
    except InputError as e:
        print(results.result_line(results.error_result(str(e))))
        return results.EXIT_ERROR
    except KeyboardInterrupt:
        print(results.result_line(results.error_result("interrupted")))
        return results.EXIT_ERROR
    except OSError as e:
        print(results.result_line(results.error_result(f"{e.filename or ''}: {e.strerror}")))
        return results.EXIT_ERROR
    except Exception as e:      # a bug of ours: say so in one line, never with a traceback
        if args.verbose:
            traceback.print_exc()
        print(results.result_line(results.error_result(
            f"internal error: {type(e).__name__}: {e}")))
        return results.EXIT_ERROR
    sys.stdout.flush()
    print(results.result_line(outcome.verdict))
    return results.EXIT_VERDICT


if __name__ == "__main__":
    sys.exit(main())
