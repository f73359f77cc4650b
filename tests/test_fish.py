"""Fish searches that must agree with each other (speed-ups that change no step)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deduce import Puzzle
from strategies.fish import Fish

GEOMETRY = Puzzle.empty(9).geometry
PEERS = Puzzle.empty(9).peer_masks

# a symbol's places: per row, up to four columns (sparse enough for fish to form)
places = st.lists(st.sets(st.integers(0, 8), max_size=4), min_size=9, max_size=9).map(
    lambda rows: sum(1 << (9 * r + c) for r, cols in enumerate(rows) for c in cols))


def records(steps):
    return [(s.eliminations, s.cells, s.houses, s.details) for s in steps]


@settings(max_examples=300, deadline=None)
@given(where=places, size=st.sampled_from([2, 3, 4]))
def test_basic_fish_found_alone_are_the_full_searchs_basic_fish(where, size):
    # Sudoku Explainer's solve asks for basic fish only: they are searched alone (only bases
    # touching exactly `size` cover lines) until a finned kind is asked for.
    fish = Fish(size)
    alone = fish._standard(GEOMETRY, PEERS, 0, where, {}, basic=True)
    full = fish._standard(GEOMETRY, PEERS, 0, where, {})
    assert records(alone[0]) == records(full[0])
    assert alone[1:] == ([], [])


def test_the_basic_search_finds_fish():
    # rows 1 and 5 hold the symbol in columns 1 and 5 only: an X-wing
    where = sum(1 << (9 * r + c) for r in range(9) for c in range(9) if r not in (0, 4) or c in (0, 4))
    steps = Fish(2)._standard(GEOMETRY, PEERS, 0, where, {}, basic=True)[0]
    assert [s.detail("base") for s in steps] == [(0, 4)]
    assert {c for s in steps for c, _ in s.eliminations} == {9 * r + c for r in range(9) for c in (0, 4)
                                                           if r not in (0, 4)}
