"""Soundness campaign: random C programs with witnesses, ground truth from gcc, our validator.

    python bench/soundness.py --cases N --seed S --jobs J [--timeout T] [--save-failures DIR]
                              [--mix plain|memory|memory2] [--features LIST] [--ghosts] [--contracts]
                              [--self-check N]

`--mix memory` adds VLAs, arrays passed to functions, pointers, the heap, structs, floats and
structs with pointer members (`list`: linked lists, holders; issue 16; docs/SOUNDNESS.md, "The
soundness campaign's memory mix"); `--features` picks a subset of them, or `string`
(string literals and the `<string.h>` functions, strpatterns.py), which no mix includes;
`--mix memory2` has unions, bit-fields, function pointers, realloc/alloca, member addresses and
pointers to pointers (mempatterns2.py; features union, bitfield, fnptr, realloc,
member-address, pointer-pointer).  `--ghosts` gives every
program a plan of ghost variables and updates (format 2.1) that its witnesses carry, and a
witness of a mutated plan judged by its own ground truth (bench/soundness/ghostgen.py);
`--contracts` adds function contracts of the generated functions (contractgen.py).  Memory undefined behaviour is found by an object registry with provenance
compiled into the ground-truth build (bench/soundness/memrt.py); float inputs are sampled, and
then a `false` is judged by replaying the validator's counterexamples (replay.py).

A *case* is one generated program with one witness; it is validated in both data models
(`--data-model ILP32` and `LP64`), each validation judged against the ground truth of that
data model.  The code is the package bench/soundness/ (this file is its entry point; as a
script, `import soundness` finds the package, which shadows this file).

Ground truth (bench/soundness/truth.py) comes from gcc executions only, never from the
validator: every input vector of the program (inputs are nondet values assumed into a few
values, so the vectors enumerate every execution) runs in a build that traps every undefined
behaviour UBSan knows (-O0, -fsanitize=undefined, -fno-sanitize-recover=all; each arithmetic
operation a statement expression of its own type so that GCC cannot fold the check away),
with reads of locals declared without initialiser checked by a shadow flag (and by valgrind
memcheck where installed), a mark where a non-void function falls off its end and its caller
uses the value, and every witness invariant compiled in as a check at its location.  Cross
builds (AddressSanitizer with -ftrivial-auto-var-init=pattern, and =zero) must behave the same
up to the first undefined behaviour.  A program whose ground truth is doubtful (a cross build
disagrees, a run times out or crashes, too many runs, UB inside an invariant) is discarded.

Expected verdicts (from DESIGN.md; bench/soundness/expect.py).  Executions are cut at their
first undefined behaviour; "UB-free execution" means such a prefix.  An invariant at a
location no execution reaches holds (vacuously).  A do-while loop invariant is checked at
both readings (body entry, and before the condition): it *holds* when neither reading is ever
violated and is *refuted* only when both readings are violated (possibly by different
executions).  Other invariants hold unless violated, and are refuted when violated.  An
invariant whose evaluation has undefined behaviour at some visit (its trap jumps back to the
check, so the execution goes on) does not hold, and that visit does not refute it
(DESIGN: the check is `noUB(e) && e`; a failure caused only by UB gives `unknown`).

- `true` is WRONG when the error is reachable by a UB-free execution, or undefined behaviour
  is reachable (DESIGN: a reachable UB makes the answer `unknown`), or some invariant does not
  hold.
- `false(unreach-call)` is WRONG when no UB-free execution reaches the error and no invariant
  is refuted (DESIGN: `false` needs a real execution that reaches the error or violates an
  invariant with no UB before; a rejected invariant gives `false` under the default
  `--refuted-verdict false`).
- `unknown` is never wrong (counted); a missing result line, a hang or `ERROR (...)` on the
  valid inputs we generate is counted as "other" and listed, but not as wrong.
- Invariant statuses: `confirmed` is WRONG for an invariant that does not hold, `rejected`
  is WRONG for one that is not refuted.

Exit status 1 when some verdict or status is wrong.  `--save-failures DIR` writes each such
case to DIR/<name>/ (prog.c, witness.yml, expected.json, command.txt), the shape that
tests/test_soundness_campaign.py replays from tests/data/soundness/.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from soundness.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
