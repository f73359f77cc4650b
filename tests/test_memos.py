"""What strategies keep between steps (``strategies._memo``: one symbol's
fish, colouring and single-digit steps, and bent sets, kept while their
inputs stay the same) changes no step: a solve that forgets everything
before each step takes the same steps."""

from __future__ import annotations

import pytest

from deduce import Puzzle, Solver
from deduce.catalogue import stored
from strategies import _houses, _memo

HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def _records(result):
    return [(s.technique.code, s.placements, s.eliminations, s.cells, s.details) for s in result.steps]


@pytest.mark.parametrize("source", ["hard", "wxyz-wing", "finned-franken-swordfish", "multi-colours"])
def test_forgetting_between_steps_changes_no_step(source, monkeypatch):
    puzzle = Puzzle.from_string(HARD) if source == "hard" else stored()[source].puzzle
    kept = Solver().solve(puzzle)
    forget = Solver.next_step

    def next_step(self, state, strategies=None):  # type: ignore[no-untyped-def]
        _memo._MEMO.clear()
        _houses._per_position.clear()
        _houses._position[:] = [None, None, None]
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
    places = _memo.symbol_masks(state)
    dynamic = implications(state, "dynamic", None)
    steps = list(ForcingChains("dynamic+").find(state))
    assert steps and any(s.detail("nesting") for s in steps)
    assert _memo.symbol_masks(state) is places
    assert implications(state, "dynamic", None) is dynamic
    # and each assumed position had a store of its own, now gone
    assert _houses.cached(State(state.puzzle, state.cand.copy(), state.value.copy()), "symbol masks") is places
