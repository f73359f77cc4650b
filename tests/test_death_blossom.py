"""Death blossom: the search against the definition, soundness on positions
that keep a solution's candidates, a hand-made blossom and its near misses."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings

from deduce import Puzzle, State
from deduce.geometry import bits_of
from strategies.als import almost_locked_sets
from strategies.death_blossom import DeathBlossom, death_blossoms

from .corpus_soundness import CORPORA, check_along_path, samples
from .test_aligned_exclusion import positions


def cell(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def mask(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def _reference(state: State) -> set[tuple[int, int]]:
    """Every elimination of every death blossom, by the definition: each stem,
    each choice of one ALS per stem candidate d (holding d, every d of it
    seeing the stem), each symbol z of every chosen set that the stem lacks."""
    cand, value, peer = state.cand, state.value, state.puzzle.peer_masks
    sets = almost_locked_sets(state)
    out = set()
    for stem in range(81):
        if value[stem] >= 0 or cand[stem].bit_count() < 2:
            continue
        options = []
        for d in bits_of(cand[stem]):
            options.append([a for a in sets if a.where[d] and not a.where[d] & ~peer[stem]])
        for chosen in product(*options):
            common = cand[stem] ^ ((1 << 9) - 1)
            for a in chosen:
                common &= a.symbols
            for z in bits_of(common):
                places = 0
                for a in chosen:
                    places |= a.where[z]
                for c in range(81):
                    if value[c] < 0 and cand[c] >> z & 1 and c != stem and not places >> c & 1 \
                            and not places & ~peer[c]:
                        out.add((c, z))
    return out


def _small_enough(state: State) -> bool:
    """Whether the reference's product of choices stays small."""
    cand, value, peer = state.cand, state.value, state.puzzle.peer_masks
    sets = almost_locked_sets(state)
    for stem in range(81):
        if value[stem] >= 0:
            continue
        n = 1
        for d in bits_of(cand[stem]):
            n *= max(1, sum(1 for a in sets if a.where[d] and not a.where[d] & ~peer[stem]))
        if n > 3000:
            return False
    return True


@settings(max_examples=60, deadline=None)
@given(positions())
def test_the_search_finds_what_the_definition_says_and_nothing_unsound(case) -> None:
    state, solution = case
    found = death_blossoms(state)
    removed = {e for b in found for e in b.eliminations}
    for cell_, sym in removed:
        assert solution[cell_] != sym
    peer = state.puzzle.peer_masks
    for b in found:
        assert len(b.petals) == state.cand[b.stem].bit_count()
        assert {d for d, _ in b.petals} == set(bits_of(state.cand[b.stem]))
        for d, a in b.petals:
            # an ALS of its house holding d, whose every d sees the stem
            assert a.cells.bit_count() + 1 == a.symbols.bit_count() and a.where[d]
            assert not a.where[d] & ~peer[b.stem]
        for c, z in b.eliminations:
            assert not state.cand[b.stem] >> z & 1
            for _, a in b.petals:
                assert a.where[z] and not a.where[z] & ~peer[c]
    if _small_enough(state):
        assert removed == _reference(state)


def _blossom_grid(four_petal_seven: int) -> State:
    """Stem r5c5 {1,2,4}; for 1, r1c5 {1,7}; for 2, r5c1 {2,7}; for 4, r5c2 {4,8}
    with ``four_petal_seven`` {7,8} in column 2; every other cell open."""
    state = State.from_puzzle(Puzzle.empty(9))
    state.cand[cell(5, 5)] = mask(1, 2, 4)
    state.cand[cell(1, 5)] = mask(1, 7)
    state.cand[cell(5, 1)] = mask(2, 7)
    state.cand[cell(5, 2)] = mask(4, 8)
    state.cand[four_petal_seven] = mask(7, 8)
    return state


def test_a_three_petal_blossom_removes_its_symbol_where_every_place_is_seen() -> None:
    state = _blossom_grid(cell(2, 2))
    steps = [s for s in DeathBlossom().find(state) if s.detail("stem") == cell(5, 5)]
    assert steps
    assert {e for s in steps for e in s.eliminations} == {(cell(1, 1), 6)}
    step = steps[0]
    assert [d for d, _ in step.detail("petals")] == [0, 1, 3] and step.detail("z") == (6,)


def test_must_not_find_when_a_place_of_z_is_not_seen_or_a_candidate_has_no_petal() -> None:
    # the 4-petal's 7 in r7c2, which r1c1 does not see: nothing left to remove
    near = _blossom_grid(cell(7, 2))
    assert not [s for s in DeathBlossom().find(near) if s.detail("stem") == cell(5, 5)]
    # a fourth candidate of the stem, 5, with no petal
    near = _blossom_grid(cell(2, 2))
    near.cand[cell(5, 5)] |= mask(5)
    assert not [s for s in DeathBlossom().find(near) if s.detail("stem") == cell(5, 5)]
    # z is a candidate of the stem: the stem may hold 7 itself, so no set need be locked on it
    near = _blossom_grid(cell(2, 2))
    near.cand[cell(5, 5)] |= mask(7)
    near.cand[cell(6, 6)] = mask(7, 9)
    assert not [s for s in DeathBlossom().find(near) if (cell(1, 1), 6) in s.eliminations]


@pytest.mark.corpus
@pytest.mark.skipif(not CORPORA.exists(), reason="../shared/corpora is absent")
def test_sound_along_the_solve_paths_of_every_corpus() -> None:
    """Every death blossom at every position of the solve paths of a sample of
    each corpus (classic, jigsaw, killer) is checked against the solution."""
    checked = sum(check_along_path(puzzle, [DeathBlossom()]) for _, puzzle in samples(4))
    assert checked > 0
