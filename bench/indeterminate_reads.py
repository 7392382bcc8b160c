"""Which tasks of the shared corpora read a local that may be uninitialised (issue 20)?

    python bench/indeterminate_reads.py [--filter loop-] [--corpus corpus|corpus-broad|both]

For every task (ILP32 or the task's data model), build the CFA of the program with an empty
witness and list the reads that `validator.semantics.cfa.indeterminate` flags: a read of a
local that some path reaches without writing it.  Only these tasks can answer differently
since reading an indeterminate value became undefined behaviour (the CFA of every other task
is the one it was); `bench/corpus.py --filter` then measures them before and after.
Tasks whose program is not supported are listed with the reason.  No assertions: a table.
"""
from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from corpus import EMPTY_WITNESS                      # noqa: E402  (bench/corpus.py)
from instrument.errors import InputError            # noqa: E402
from instrument.frontend import parse_program       # noqa: E402
from instrument.task import load_task_definition     # noqa: E402
from instrument.weave import weave                   # noqa: E402
from instrument.witness import load_witness          # noqa: E402
from validator.semantics.c_types import Unsupported  # noqa: E402
from validator.semantics.cfa import woven_program_cfa  # noqa: E402
from validator.semantics.ir import expressions_of, reads_in   # noqa: E402

SHARED = ROOT.parent / "shared"


def tasks(corpus: str) -> list[tuple[str, str]]:
    """(task definition path, expected verdict) of a corpus's manifest."""
    directory = SHARED / corpus
    rows = list(csv.DictReader(open(directory / "MANIFEST.tsv"), delimiter="\t"))
    if corpus == "corpus":
        return [(str(directory / r["path"]), r["expected_verdict"]) for r in rows
                if r["kind"] == "task"]
    return [(str(directory / r["task"]), r["expected_verdict"]) for r in rows]


def flagged_reads(task_file: str, witness: str) -> list[tuple[str, int]]:
    """(variable, line) of every read that may see an uninitialised value."""
    task = load_task_definition(task_file)
    data_model = task.data_model or "ILP32"
    woven = weave(parse_program(task.program, data_model), load_witness(witness))
    cfa = woven_program_cfa(woven, data_model, "reach_error")
    found = set()
    for edge in cfa.edges:
        for read in reads_in(expressions_of(edge.op)):
            if read.initialised is not None:
                found.add((read.var.name, read.line or 0))
    return sorted(found)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--filter", default="")
    parser.add_argument("--corpus", choices=["corpus", "corpus-broad", "both"], default="both")
    args = parser.parse_args()
    witness = Path("/tmp") / "indeterminate-reads-empty.yml"
    witness.write_text(EMPTY_WITNESS)
    corpora = ["corpus", "corpus-broad"] if args.corpus == "both" else [args.corpus]
    counts = {"flagged": 0, "clean": 0, "not modelled": 0}
    for corpus in corpora:
        for task_file, expected in tasks(corpus):
            if args.filter not in task_file:
                continue
            name = task_file.split("/c/", 1)[-1]
            try:
                reads = flagged_reads(task_file, str(witness))
            except (Unsupported, InputError) as e:
                counts["not modelled"] += 1
                print(f"{corpus:12} {name:60} {expected:6} not modelled: {str(e)[:60]}")
                continue
            counts["flagged" if reads else "clean"] += 1
            if reads:
                text = ", ".join(f"'{v}' line {line}" for v, line in reads)
                print(f"{corpus:12} {name:60} {expected:6} READS {text}")
    print(f"\ntasks: {counts['flagged']} with reads of possibly uninitialised locals, "
          f"{counts['clean']} without, {counts['not modelled']} not modelled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
