"""What strategies keep between steps (the solve's cache,
:mod:`deduce.solve_cache`: one symbol's fish, colouring and single-digit
steps, bent sets, propagations, kept while their inputs stay the same)
changes no step: a solve that forgets everything before each step takes the
same steps, and two solves in two threads take the steps each takes alone."""

from __future__ import annotations

import sys
import threading

import pytest

from deduce import Puzzle, Solver
from deduce.catalogue import stored
from deduce.solve_cache import SolveCache, scratch
from strategies import _memo

HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def _records(result):
    return [(s.technique.code, s.placements, s.eliminations, s.cells, s.details) for s in result.steps]


@pytest.mark.parametrize("source", ["hard", "wxyz-wing", "finned-franken-swordfish", "multi-colours"])
def test_forgetting_between_steps_changes_no_step(source, monkeypatch):
    puzzle = Puzzle.from_string(HARD) if source == "hard" else stored()[source].puzzle
    kept = Solver().solve(puzzle)
    forget = Solver.next_step

    def next_step(self, state, strategies=None):  # type: ignore[no-untyped-def]
        state.cache = SolveCache()
        return forget(self, state, strategies)

    monkeypatch.setattr(Solver, "next_step", next_step)
    fresh = Solver().solve(puzzle)
    assert _records(kept) == _records(fresh)
    assert any(s.technique.code == source for s in kept.steps) or source == "hard"


def test_an_assumed_positions_values_leave_the_real_ones_alone():
    # a nested chain applies basic techniques inside each assumption; what they compute per
    # position is kept apart, so the real position's values (its propagations, its symbols'
    # places...) are still there afterwards
    from deduce.state import State
    from strategies.forcing import ForcingChains
    from strategies.implications import implications

    from .test_chain_engine import stuck

    state = stuck(HARD)
    state.cache = SolveCache()  # (as a solver gives its position; assumptions read the thread's scratch cache)
    places = _memo.symbol_masks(state)
    dynamic = implications(state, "dynamic", None)
    steps = list(ForcingChains("dynamic+").find(state))
    assert steps and any(s.detail("nesting") for s in steps)
    assert _memo.symbol_masks(state) is places
    assert implications(state, "dynamic", None) is dynamic
    # each assumed position (a state no solver solves) read the thread's scratch cache, not the solve's
    assumed = State(state.puzzle, state.cand.copy(), state.value.copy())
    assert assumed.cache is scratch() and assumed.cache is not state.cache


def test_two_solves_in_two_threads_take_the_steps_each_takes_alone():
    # one cache per solve, nothing swapped in module globals: solves running at once (here two
    # threads, each solving one puzzle twice, interleaved by the interpreter) never see each
    # other's entries
    puzzles = [Puzzle.from_string(HARD), stored()["wxyz-wing"].puzzle]
    alone = [_records(Solver().solve(p)) for p in puzzles]
    got: dict[int, list] = {}

    def run(i: int) -> None:
        got[i] = [_records(Solver().solve(puzzles[i])) for _ in range(2)]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # (the threads take turns every few bytecodes: their steps interleave)
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert got == {i: [alone[i], alone[i]] for i in range(2)}
