"""Naked and hidden subsets: the pruned search lists what checking every combination lists."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from strategies.subsets import locked_groups, naked_sets


def every_locked_group(items, masks, k):
    """The definition: every k of the items whose masks make a union of k bits, in combinations order."""
    out = []
    for group in combinations(range(len(items)), k):
        union = 0
        for i in group:
            union |= masks[i]
        if union.bit_count() == k:
            out.append((tuple(items[i] for i in group), union))
    return out


# a house of up to 16 cells, their candidates drawn from few symbols so that subsets form
houses = st.lists(st.integers(1, (1 << 6) - 1), min_size=0, max_size=16)


@settings(max_examples=400, deadline=None)
@given(cand=houses, k=st.integers(1, 6))
def test_naked_sets_are_every_combination_in_order(cand, k):
    # naked subsets: cells with at most k candidates whose candidates make a union of k symbols
    small = [c for c in range(len(cand)) if cand[c].bit_count() <= k]
    assert list(naked_sets(list(range(len(cand))), k, cand)) == every_locked_group(small, [cand[c] for c in small], k)


def test_a_naked_triple_is_found():
    cand = [0b011, 0b110, 0b101, 0b1111, 0b11000]
    assert list(naked_sets(range(5), 3, cand)) == [((0, 1, 2), 0b111)]


@settings(max_examples=300, deadline=None)
@given(places=houses, k=st.integers(1, 5))
def test_locked_groups_of_places_are_every_combination_in_order(places, k):
    # hidden subsets: symbols (items) whose places (masks) make a union of k cells
    symbols = [s for s in range(len(places)) if places[s].bit_count() <= k]
    masks = [places[s] for s in symbols]
    assert list(locked_groups(symbols, masks, k)) == every_locked_group(symbols, masks, k)
