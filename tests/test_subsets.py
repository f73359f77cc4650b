"""Naked and hidden subsets: the pruned search lists what checking every combination lists."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from strategies.subsets import locked_groups, naked_sets


def every_combination(cells, k, cand):
    """The definition: every k of the cells with at most k candidates, whose union has k symbols."""
    small = [c for c in cells if cand[c].bit_count() <= k]
    out = []
    for group in combinations(small, k):
        union = 0
        for c in group:
            union |= cand[c]
        if union.bit_count() == k:
            out.append((group, union))
    return out


# a house of up to 16 cells, their candidates drawn from few symbols so that subsets form
houses = st.lists(st.integers(1, (1 << 6) - 1), min_size=0, max_size=16)


@settings(max_examples=400, deadline=None)
@given(cand=houses, k=st.integers(1, 6))
def test_naked_sets_are_every_combination_in_order(cand, k):
    cells = list(range(len(cand)))
    assert list(naked_sets(cells, k, cand)) == every_combination(cells, k, cand)


def test_a_naked_triple_is_found():
    cand = [0b011, 0b110, 0b101, 0b1111, 0b11000]
    assert list(naked_sets(range(5), 3, cand)) == [((0, 1, 2), 0b111)]


@settings(max_examples=300, deadline=None)
@given(places=houses, k=st.integers(1, 5))
def test_locked_groups_of_places_are_every_combination_in_order(places, k):
    # hidden subsets: symbols (items) whose places (masks) make a union of k cells
    symbols = [s for s in range(len(places)) if places[s].bit_count() <= k]
    expected = []
    for group in combinations(symbols, k):
        union = 0
        for s in group:
            union |= places[s]
        if union.bit_count() == k:
            expected.append((group, union))
    assert list(locked_groups(symbols, [places[s] for s in symbols], k)) == expected
