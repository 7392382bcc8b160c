"""The command's start-up without the cyclic collector (`cli._run`), and its return once the
program is woven (`pipeline.collector_resumed`): the garbage that a large front end leaves in
cycles is collected before the rest is frozen, a small one's is frozen with it, and a process
whose collector is on (an in-process caller, a batch worker) is left as it is."""
from __future__ import annotations

import gc
import weakref

import pytest

from validator import pipeline


class Cycle:
    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collector_paused():
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.unfreeze()           # the test process's objects back in the collector's sight
        gc.enable()
        gc.collect()


def garbage_cycles(count: int) -> weakref.ref:
    """`count` objects in cycles, unreachable; a reference that tells whether one is freed."""
    cycles = [Cycle() for _ in range(count)]
    probe = weakref.ref(cycles[-1])
    del cycles
    return probe


def test_a_large_front_end_is_collected_before_the_freeze(collector_paused):
    probe = garbage_cycles(pipeline.LARGE_FRONT_END_OBJECTS + 1000)
    assert probe() is not None              # nothing collects it while the collector is off
    pipeline.collector_resumed()
    assert gc.isenabled()
    assert probe() is None


def test_a_small_front_end_is_frozen_without_a_collection(collector_paused):
    probe = garbage_cycles(10)
    pipeline.collector_resumed()
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    gc.collect()
    assert probe() is not None              # frozen: out of every collection's sight


def test_a_running_collector_is_left_alone():
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    pipeline.collector_resumed()
    assert gc.isenabled() and gc.get_freeze_count() == frozen


def run_command(monkeypatch, argv: list, what: str) -> list:
    """`cli._run` as the command runs it (argv None: from sys.argv), with `what` (`_batch`, or
    the pipeline's `validate`) replaced by a stand-in that records whether the collector is on."""
    from instrument.errors import InputError
    from validator import cli
    seen = []

    def stand_in(*args, **kwargs):
        seen.append(gc.isenabled())
        raise InputError("stopped by the test")
    monkeypatch.setattr(cli if what == "_batch" else pipeline, what, stand_in)
    monkeypatch.setattr(cli.sys, "argv", ["validate-correctness", *argv])
    try:
        cli._run(None, 0.0)
    except InputError:
        pass
    finally:
        gc.enable()
    return seen


def test_the_command_runs_its_front_end_without_the_collector(monkeypatch, capsys):
    assert run_command(monkeypatch, ["--witness", "w.yml", "p.c", "--spec", "p.prp"],
                       "validate") == [False]


def test_batch_mode_keeps_the_collector(monkeypatch, capsys):
    assert run_command(monkeypatch, ["--batch", "tasks.txt"], "_batch") == [True]
