"""The rating-speed rewrites of the uniqueness room read what the former
readings read, in the same order: :func:`deduce.geometry.bits_of` (wide
masks read nine bits at a time), the unique loops'
walk of :mod:`strategies.unique_loops` (a plain recursion instead of
nested generators) and the full house of HoDoKu's singles queues
(:class:`deduce.rating.hodoku.SinglesQueues`), against copies of the former code kept here, on random
masks, random candidate grids, random cell sets and random moves.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.geometry import Geometry, bits_of
from deduce.rating.hodoku import CELL_UNITS, SinglesQueues
from strategies.unique_loops import MAX_LOOP, MAX_LOOP_EXTRAS, _loop_candidates, _loops

from .test_accel import _jigsaw_6


def _former_bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _former_loops(g: Geometry, cells: list[int], extra: set[int]) -> Iterator[tuple[int, ...]]:
    cell_set = set(cells)
    neighbours = {c: [d for d in g.peers[c] if d in cell_set] for c in cells}
    found: set[frozenset[int]] = set()
    counts = [0] * len(g.houses)
    track = {"odd": 0, "extras": 0, "on": 0}

    def extend(path: list[int]) -> Iterator[tuple[int, ...]]:
        for nxt in neighbours[path[-1]]:
            if nxt == path[0] and len(path) >= 6 and len(path) % 2 == 0:
                if not track["odd"]:
                    key = frozenset(path)
                    if key not in found:
                        found.add(key)
                        yield tuple(path)
                continue
            if nxt <= path[0] or track["on"] >> nxt & 1 or len(path) >= MAX_LOOP:
                continue
            houses = g.cell_houses[nxt]
            if counts[houses[0]] >= 2 or counts[houses[1]] >= 2 or counts[houses[2]] >= 2:
                continue
            is_extra = nxt in extra
            if is_extra and track["extras"] >= MAX_LOOP_EXTRAS:
                continue
            add(nxt, houses, is_extra, 1)
            path.append(nxt)
            yield from extend(path)
            path.pop()
            add(nxt, houses, is_extra, -1)

    def add(cell: int, houses: tuple[int, int, int], is_extra: bool, step: int) -> None:
        for h in houses:
            counts[h] += step
            track["odd"] += 1 if counts[h] == 1 else -1
        track["extras"] += step if is_extra else 0
        track["on"] ^= 1 << cell

    for start in cells:
        houses = g.cell_houses[start]
        add(start, houses, start in extra, 1)
        yield from extend([start])
        add(start, houses, start in extra, -1)


@given(st.integers(0, 2**700))
def test_bits_of_reads_any_mask(mask):
    assert bits_of(mask) == _former_bits(mask)


@settings(max_examples=50)
@given(width=st.sampled_from([10, 16, 36, 81, 90, 100, 256, 625]), seed=st.integers(0, 2**32),
       count=st.integers(0, 80))
def test_bits_of_reads_masks_of_few_or_many_cells(width, seed, count):
    rng = random.Random(seed)
    mask = 0
    for _ in range(count):
        mask |= 1 << rng.randrange(width)
    assert bits_of(mask) == _former_bits(mask) == [i for i in range(width) if mask >> i & 1]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), density=st.sampled_from([0.2, 0.25, 0.3]), jigsaw=st.booleans(),
       extras=st.sampled_from([0.0, 0.3, 0.7]))
def test_unique_loops_walk_as_before(seed, density, jigsaw, extras):
    rng = random.Random(seed)
    geometry = _jigsaw_6() if jigsaw else Geometry.boxes(9)
    cells = [c for c in range(geometry.size ** 2) if rng.random() < density]
    extra = {c for c in cells if rng.random() < extras}
    kept = _loop_candidates(geometry, cells)
    assert list(_loops(geometry, kept, extra & set(kept))) == list(_former_loops(geometry, kept, extra & set(kept)))


def test_the_walk_finds_loops():
    """(The comparison above is not vacuous: a 6-cell loop and a rectangle-free grid of them are found.)"""
    g = Geometry.boxes(9)
    loop = [0, 1, 3 * 9 + 1, 3 * 9 + 2, 9 * 6 + 2, 9 * 6 + 0]  # r1c1 r1c2 r4c2 r4c3 r7c3 r7c1
    assert [set(found) for found in _loops(g, sorted(loop), set())] == [set(loop)]
    assert list(_loops(g, sorted(loop), set(loop))) == []  # (more extras than a loop may hold)


def _former_full_house(q: SinglesQueues) -> tuple[int, int] | None:
    for cell, d in q.ns:
        if q.value[cell] < 0:
            for unit in CELL_UNITS[cell]:
                counts = q.free[unit]
                if all(counts[c] == 0 for c in range(9) if c != d):
                    return cell, d
    return None


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(1, 200))
def test_singles_queues_full_house_as_before(seed, moves):
    """HoDoKu's singles queues, after random placements and eliminations (consistent or not):
    the full house read off the houses' sums is the former one, and no count goes below zero."""
    rng = random.Random(seed)
    q = SinglesQueues()
    solution = [(r * 3 + r // 3 + c) % 9 for r in range(9) for c in range(9)]  # (a valid grid: houses fill up)
    consistent = rng.random() < 0.7
    for _ in range(moves):
        cell, d = rng.randrange(81), rng.randrange(9)
        if consistent and d == solution[cell]:
            d = (d + 1) % 9
        if rng.random() < 0.3 and q.value[cell] < 0:
            q.place(cell, solution[cell] if consistent else d)
        else:
            q.eliminate(cell, d)
        assert all(c >= 0 for counts in q.free for c in counts)
        assert q.full_house() == _former_full_house(q)
