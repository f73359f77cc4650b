"""Kraken fish: soundness on positions that keep a solution's candidates, the
fish and chains each step records, a hand-made type 1 and its near miss."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce import Puzzle, State
from deduce.geometry import bits_of
from deduce.literal import lit, lit_cell
from strategies.implications import implications
from strategies.kraken_fish import KrakenFish, finned_fish

from . import reglib
from .corpus_soundness import CORPORA, check_along_path, samples
from .test_aligned_exclusion import positions

#: Kraken fish HoDoKu 2.2.0 found itself (its regression tester's own steps, in its reglib shape), at
#: positions along deduce's solves of top1465 puzzles: see the file's header.
CASES = pathlib.Path(__file__).resolve().parent / "data" / "hodoku-kraken.txt"


@st.composite
def consistent_positions(draw: st.DrawFn) -> tuple[State, tuple[int, ...]]:
    """:func:`positions`, with each solved cell's symbol gone from its peers (as
    in every position a solve reaches: a fish counts a house's places of its
    symbol, so the house must not hold it already)."""
    state, solution = draw(positions())
    peers = state.puzzle.peer_masks
    for c in range(81):
        if state.value[c] >= 0:
            for p in bits_of(peers[c]):
                if state.value[p] < 0:
                    state.cand[p] &= ~(1 << state.value[c])
    return state, solution


def cell(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def only_in_row(state: State, row: int, cols: list[int], sym: int = 0) -> None:
    for c in range(1, 10):
        if c not in cols:
            state.cand[cell(row, c)] &= ~(1 << sym)


@settings(max_examples=25, deadline=None)
@given(consistent_positions())
def test_every_step_is_sound_and_its_chains_reach_every_elimination(case) -> None:
    state, solution = case
    imp = implications(state, "grouped", None)
    masks = state.puzzle.geometry.house_masks
    for i, step in enumerate(KrakenFish().find(state)):
        if i >= 30:
            break
        for c, s in step.eliminations:
            assert solution[c] != s
        x = step.symbols[0]
        base, cover, fins = step.detail("base"), step.detail("cover"), step.detail("fins")
        covered = 0
        for h in cover:
            covered |= masks[h]
        where = sum(1 << c for c in range(81) if state.cand[c] >> x & 1 and state.value[c] < 0)
        places = 0
        for h in base:
            places |= masks[h] & where
        # the fins are exactly the base's places outside the cover
        assert set(fins) == set(bits_of(places & ~covered)) and 0 < len(fins) <= 2
        starts = [b[0] for b in step.detail("branches")]
        assert {lit_cell(s) for s in starts} >= set(fins)
        for s in starts:
            reached = imp.propagate(s).nodes
            assert all(lit(c, sym, False) in reached for c, sym in step.eliminations)


def _grid(chain: bool) -> State:
    """1 in rows 1 and 5 only in columns 1 and 5, and the fin r1c9; with
    ``chain``, row 8 holds 1 only in r8c2 and r8c9, so the fin leads to r8c2."""
    state = State.from_puzzle(Puzzle.empty(9))
    only_in_row(state, 1, [1, 5, 9])
    only_in_row(state, 5, [1, 5])
    if chain:
        only_in_row(state, 8, [2, 9])
    return state


def test_a_type_1_kraken_x_wing_removes_what_the_fin_s_chain_reaches() -> None:
    steps = [s for s in KrakenFish().find(_grid(True)) if s.detail("base") == (0, 4) and s.variant == "type-1"]
    assert steps
    assert set(steps[0].eliminations) == {(cell(7, 1), 0), (cell(9, 1), 0)}
    assert steps[0].detail("fins") == (cell(1, 9),)


def test_must_not_find_without_the_fin_s_chain_or_where_a_plain_finned_fish_applies() -> None:
    assert not [s for s in KrakenFish().find(_grid(False)) if s.detail("base") == (0, 4)]
    # the fin in box 2 (r1c6): cover cells r2c5 and r3c5 see it, so the finned X-wing itself applies
    state = State.from_puzzle(Puzzle.empty(9))
    only_in_row(state, 1, [1, 5, 6])
    only_in_row(state, 5, [1, 5])
    only_in_row(state, 8, [2, 6])
    assert not [f for f in finned_fish(state) if f.base == (0, 4) and f.cover == (9, 13) and f.symbol == 0]


def test_the_kraken_fish_hodoku_finds_are_found() -> None:
    cases = list(reglib.cases(CASES))
    assert cases
    failures = [(case.line, why) for case in cases for ok, why in [reglib.check(case)] if not ok]
    assert not failures, failures


@pytest.mark.corpus
@pytest.mark.skipif(not CORPORA.exists(), reason="../shared/corpora is absent")
def test_sound_along_the_solve_paths_of_every_corpus() -> None:
    """Every kraken fish at every position of the solve paths of a sample of
    each corpus (classic, jigsaw, killer) is checked against the solution
    (two puzzles of each: a search costs up to a second a position)."""
    checked = sum(check_along_path(puzzle, [KrakenFish()]) for _, puzzle in samples(2))
    assert checked > 0
