"""Fish searches that must agree with each other (speed-ups that change no step)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from deduce import Puzzle
from strategies.fish import MAX_FINS, Fish, _bases

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


def every_cover_set(fish, where, base_types, cover_types, limit, most):
    """The standard fish of one orientation by definition: every base of lines holding at most
    ``most`` candidates each, touching at most ``limit`` cover lines, with every ``size`` of those
    lines as its cover; in the order of ``combinations`` (bases, then cover sets)."""
    masks, size = GEOMETRY.house_masks, fish.size
    pool = [h for h in base_types if 0 < (where & masks[h]).bit_count() <= most]
    for base in combinations(pool, size):
        parts = [where & masks[h] for h in base]
        if any(parts[i] & parts[j] for i, j in combinations(range(size), 2)):
            continue
        B = sum(parts)
        touched = [c for c in cover_types if B & masks[c]]
        if len(touched) > limit or len(touched) < size:
            continue
        for cover in combinations(touched, size):
            C = 0
            for c in cover:
                C |= masks[c]
            fins = B & ~C
            targets = where & C & ~B
            for f in range(81):
                if fins >> f & 1:
                    targets &= PEERS[f]
            if fins.bit_count() > MAX_FINS or not targets:
                continue
            kind = 0 if not fins else 2 if any((p & ~fins).bit_count() <= 1 for p in parts) else 1
            yield kind, base, cover, B, targets, fins


@settings(max_examples=300, deadline=None)
@given(where=places, size=st.sampled_from([2, 3, 4]), columns=st.booleans())
def test_standard_fish_are_those_of_every_cover_set(where, size, columns):
    # the search combines only the cover lines a fish can leave out; trying every cover set
    # gives the same fish in the same order
    fish = Fish(size)
    base_types, cover_types = fish._orientations(GEOMETRY)[columns]
    for limit, most in ((size, size), (size + 3, size + MAX_FINS)):
        found = list(fish._standard_found(GEOMETRY, PEERS, where, base_types, cover_types, limit, most))
        assert found == list(every_cover_set(fish, where, base_types, cover_types, limit, most))


@settings(max_examples=300, deadline=None)
@given(parts=st.lists(st.integers(0, 2**12 - 1), max_size=12), size=st.integers(1, 4),
       lines=st.none() | st.lists(st.integers(0, 2**9 - 1), min_size=12, max_size=12), extra=st.integers(0, 3))
def test_bases_are_the_disjoint_combinations(parts, size, lines, extra):
    pool, limit = list(range(len(parts))), size + extra
    expected = []
    for combo in combinations(pool, size):
        B = touched = 0
        for h in combo:
            touched |= lines[h] if lines else 0
            if B & parts[h] or touched.bit_count() > limit:
                break
            B |= parts[h]
        else:
            expected.append((combo, B))
    assert _bases(pool, dict(enumerate(parts)), size, limit, dict(enumerate(lines)) if lines else None) == expected
