"""The mutants of bench/batch.py's set (bench/batch_set.py): one invariant changed, seeded."""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import batch_set  # noqa: E402  (bench/batch_set.py)
from corpus import EMPTY_WITNESS  # noqa: E402  (bench/corpus.py)

# an empty witness of the bench with two invariants
WITNESS_2_0 = EMPTY_WITNESS.replace("  content: []\n", """  content:
    - invariant:
        type: loop_invariant
        location: {file_name: prog.c, line: 4, column: 3, function: main}
        value: "0 <= i && i <= 10"
        format: c_expression
    - invariant:
        type: location_invariant
        location: {file_name: prog.c, line: 5, column: 5, function: main}
        value: 'x >> 2 == y'
        format: c_expression
""")


def _invariant_texts(path: str) -> list[str]:
    return [str(mapping[key]) for mapping, key in batch_set._slots(batch_set._load(path))]


def _witness_run(path: Path) -> batch_set.Run:
    return batch_set.Run("w", batch_set.WITNESS, "prog.c", str(path), "p.prp", None, None,
                         str(path))


def test_every_mutant_changes_one_invariant_by_one_token(tmp_path):
    original = tmp_path / "w.yml"
    original.write_text(WITNESS_2_0)
    # relations: <=, <=, == (not the shift); constants: 0, 10, 2
    assert len(batch_set._mutations(str(original))) == 6
    out = tmp_path / "out"
    out.mkdir()
    mutants = batch_set._mutants([_witness_run(original)], 10, random.Random(7), str(out))
    assert len(mutants) == 6            # all there are
    before = _invariant_texts(str(original))
    seen = set()
    for mutant in mutants:
        after = _invariant_texts(mutant.witness)
        changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
        assert len(after) == len(before) and len(changed) == 1
        assert mutant.mutation == f"invariant {changed[0]}: {before[changed[0]]!r} -> " \
                                  f"{after[changed[0]]!r}"
        assert ">>" in after[1]         # a shift is never read as two relations
        seen.add(after[changed[0]])
    assert seen == {"0 > i && i <= 10", "0 <= i && i > 10", "1 <= i && i <= 10",
                    "0 <= i && i <= 11", "x >> 1 == y", "x >> 2 != y"}


def test_the_mutants_are_the_same_for_the_same_seed(tmp_path):
    original = tmp_path / "w.yml"
    original.write_text(WITNESS_2_0)
    texts = []
    for attempt in ("a", "b"):
        out = tmp_path / attempt
        out.mkdir()
        mutants = batch_set._mutants([_witness_run(original)], 4, random.Random(3), str(out))
        texts.append([Path(m.witness).read_text() for m in mutants])
    assert texts[0] == texts[1]
