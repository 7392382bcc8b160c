"""What a validation run is asked to do (`Request`): the files and the options of the command
line.  A module of its own so that the command line makes one before it imports the pipeline
(cli._run starts the engines' child in between)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .semantics.readings import UNDEFINED


@dataclass
class Request:
    program: str
    witness: str
    property_file: Optional[str]
    data_model: Optional[str] = None         # --data-model; None: see choose_data_model
    timeout: Optional[float] = None
    refuted_verdict: str = "false"           # or "unknown"
    engines: Optional[list[str]] = None      # None: the default portfolio
    max_k: int = 8                           # the largest k of k-induction
    # reading an uninitialised value: undefined behaviour, or (asked for) a fresh nondet value
    uninitialized: str = UNDEFINED
    # the task definition's options.data_model (last: callers pass the fields above by position)
    task_data_model: Optional[str] = None
