"""What the command line may choose about the engines; shared by the parent (which must not
import z3 for it) and the portfolio in the engines' child process."""
from __future__ import annotations

from dataclasses import dataclass

from ..semantics.readings import UNDEFINED
from . import ENGINES

DEFAULT_TIMEOUT = 900.0
MAX_K = 8


@dataclass(frozen=True)
class EngineOptions:
    engines: tuple = ENGINES              # which engines run (in the portfolio's own order)
    max_k: int = MAX_K                    # the largest k of k-induction
    stop_at_refutation: bool = False      # one refuted invariant decides the verdict
    uninitialized: str = UNDEFINED        # reading an uninitialised value (cfa.indeterminate)
