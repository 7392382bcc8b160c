"""The validation runs of `bench/batch.py`: built from the corpora, deterministically (seeded).

Three kinds of run, each written as a validation task definition (format 2.0,
`options.witness_input_file`) into a directory outside the project; the programs, property
files and real witnesses are named by absolute path and read in place:

- `witness`: every real witness of `../shared/corpus` with its program;
- `empty`: an empty witness for every task of `../shared/corpus` and `../shared/corpus-broad`
  (valid exactly when the program is correct);
- `mutant`: a real witness (of a sequential program, one that the validator accepts as a
  correctness witness) with one invariant changed: a relational operator negated (`<` to
  `>=`, `==` to `!=`, ...) or an integer constant moved by one.  Most are wrong, so most
  should be rejected quickly; some stay valid (a weaker bound).

The mutants are dealt round-robin over the witnesses in a seeded order, so that witnesses with
hundreds of invariants do not crowd out the others.
"""
from __future__ import annotations

import csv
import io
import os
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from instrument.errors import InputError             # noqa: E402
from instrument.task import load_task_definition     # noqa: E402
from instrument.witness import load_witness          # noqa: E402
from corpus import EMPTY_WITNESS                       # noqa: E402  (bench/corpus.py)

CORPUS = ROOT.parent / "shared" / "corpus"
BROAD = ROOT.parent / "shared" / "corpus-broad"
UNREACH_CALL = CORPUS / "sv-benchmarks" / "c" / "properties" / "unreach-call.prp"

WITNESS, EMPTY, MUTANT = "witness", "empty", "mutant"
NEGATED = {"<=": ">", ">=": "<", "==": "!=", "!=": "==", "<": ">=", ">": "<="}
# shifts and arrows first, so that their characters are not read as relations
_TOKEN = re.compile(r"<<=?|>>=?|->|<=|>=|==|!=|<|>|(?<![\w.])\d+(?![\w.])")


@dataclass
class Run:
    name: str                     # the task definition's file name, without .yml
    kind: str                     # WITNESS, EMPTY or MUTANT
    program: str
    witness: str                  # the witness file (written for mutants and empty witnesses)
    property_file: str
    data_model: Optional[str]
    expected: Optional[str]       # the expected validation verdict, when known
    origin: str                   # the corpus file it was made from
    mutation: str = ""            # e.g. "invariant 3: 'x < 10' -> 'x >= 10'"
    concurrent: bool = False      # a concurrent program: `unknown` at once, so no mutants


def build(directory: str, size: int, seed: int) -> list[Run]:
    """`size` runs (all witnesses and empty witnesses, mutants for the rest), shuffled with
    `seed`, written as task definitions into `directory`; returns them in batch order."""
    os.makedirs(directory, exist_ok=True)
    empty = os.path.join(directory, "empty.witness.yml")
    Path(empty).write_text(EMPTY_WITNESS)
    witnesses = _real_witnesses()
    runs = [*witnesses, *_empty_runs(empty)]
    rng = random.Random(seed)
    runs += _mutants([w for w in witnesses if not w.concurrent and _accepted(w.witness)],
                     size - len(runs), rng, directory)
    runs = runs[:size]
    rng.shuffle(runs)
    for number, run in enumerate(runs):
        run.name = f"{number:04d}-{run.kind}-{run.name}"
        _write_task(directory, run)
    return runs


def _real_witnesses() -> list[Run]:
    runs = []
    for row in csv.DictReader(open(CORPUS / "MANIFEST.tsv"), delimiter="\t"):
        if row["kind"] != "witness":
            continue
        notes = dict(kv.split("=", 1) for kv in row["notes"].split("; ") if "=" in kv)
        expected = row["expected_verdict"] if row["expected_verdict"] in ("true", "false") else None
        runs.append(Run(Path(row["path"]).stem, WITNESS, str(CORPUS / notes["program"]),
                        str(CORPUS / row["path"]), str(UNREACH_CALL), None, expected,
                        row["path"], concurrent=notes.get("concurrent") == "yes"))
    return runs


def _accepted(witness: str) -> bool:
    """Whether the validator reads the file as a correctness witness (a mutant of one it
    refuses is refused the same way: a run that tells nothing)."""
    try:
        load_witness(witness)
    except InputError:
        return False
    return True


def _empty_runs(empty: str) -> list[Run]:
    definitions = [CORPUS / row["path"] for row in
                   csv.DictReader(open(CORPUS / "MANIFEST.tsv"), delimiter="\t")
                   if row["kind"] == "task"]
    definitions += [BROAD / row["task"] for row in
                    csv.DictReader(open(BROAD / "MANIFEST.tsv"), delimiter="\t")]
    runs = []
    for path in definitions:
        task = load_task_definition(str(path))
        runs.append(Run(path.stem, EMPTY, task.program, empty, task.property_file,
                        task.data_model, task.expected_verdict, str(path)))
    return runs


def _mutants(witnesses: list[Run], count: int, rng: random.Random,
             directory: str) -> list[Run]:
    """`count` mutants, one invariant changed each, dealt round-robin over `witnesses`."""
    candidates = {w.witness: _mutations(w.witness) for w in witnesses}
    order = [w for w in witnesses if candidates[w.witness]]
    rng.shuffle(order)
    for w in order:
        rng.shuffle(candidates[w.witness])
    runs: list[Run] = []
    while len(runs) < count and any(candidates[w.witness] for w in order):
        for w in order:
            if len(runs) == count or not candidates[w.witness]:
                continue
            slot, start, end, replacement = candidates[w.witness].pop()
            text, description = _mutated(w.witness, slot, start, end, replacement)
            path = os.path.join(directory, f"mutant{len(runs):04d}.witness.yml")
            Path(path).write_text(text)
            runs.append(Run(w.name, MUTANT, w.program, path, w.property_file, None, None,
                            w.origin, description))
    return runs


def _mutations(witness: str) -> list[tuple[int, int, int, str]]:
    """Every (invariant slot, start, end, replacement) of the witness's invariant texts."""
    found = []
    for slot, (mapping, key) in enumerate(_slots(_load(witness))):
        text = str(mapping[key])
        for match in _TOKEN.finditer(text):
            token = match.group()
            if token in NEGATED:
                found.append((slot, match.start(), match.end(), NEGATED[token]))
            elif token.isdigit():
                # up or down by one, alternately (never below zero: no new minus sign)
                value = int(token)
                up = value == 0 or len(found) % 2 == 1
                found.append((slot, match.start(), match.end(), str(value + 1 if up else value - 1)))
    return found


def _mutated(witness: str, slot: int, start: int, end: int, replacement: str) -> tuple[str, str]:
    data = _load(witness)
    mapping, key = _slots(data)[slot]
    old = mapping[key]
    new = str(old)[:start] + replacement + str(old)[end:]
    # the same scalar style (quoted or plain) as the original
    mapping[key] = type(old)(new) if type(old) is not str else new
    out = io.StringIO()
    _yaml().dump(data, out)
    return out.getvalue(), f"invariant {slot}: {str(old)!r} -> {new!r}"


def _slots(data) -> list[tuple[dict, str]]:
    """The invariant texts of a witness, in document order, as (mapping, key) pairs: the
    `value` (2.x) or `string` (0.1) of every mapping under a key naming an invariant."""
    found: list[tuple[dict, str]] = []

    def walk(node, key_above: str) -> None:
        if isinstance(node, dict):
            if "invariant" in key_above:
                for key in ("value", "string"):
                    if isinstance(node.get(key), str):
                        found.append((node, key))
            for key, value in node.items():
                walk(value, str(key))
        elif isinstance(node, list):
            for item in node:
                walk(item, key_above)

    walk(data, "")
    return found


def _yaml() -> YAML:
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096
    return yaml


def _load(path: str):
    with open(path, encoding="utf-8") as f:
        return _yaml().load(f)


def _write_task(directory: str, run: Run) -> None:
    lines = ["format_version: '2.0'", f"# {run.kind} from {run.origin}"]
    if run.mutation and run.kind == MUTANT:
        lines.append(f"# {run.mutation[:300]}".replace("\n", " "))
    lines += ["input_files:", f"  - '{run.program}'", f"  - '{run.witness}'",
              "properties:", f"  - property_file: '{run.property_file}'"]
    if run.expected is not None:
        lines.append(f"    expected_verdict: {run.expected}")
    lines += ["options:", "  language: C", f"  witness_input_file: '{os.path.basename(run.witness)}'"]
    if run.data_model is not None:
        lines.append(f"  data_model: {run.data_model}")
    Path(directory, run.name + ".yml").write_text("\n".join(lines) + "\n")
