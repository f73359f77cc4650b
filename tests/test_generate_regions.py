"""Jigsaw region layouts (deduce.generate.regions): N connected regions of N
cells, no spur (the dead end of a one-cell-wide arm two or more cells long),
no region a plain box; symmetric layouts have their symmetry and no spur.
Checked with code of the test's own (not the module's), over many seeds."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.generate.regions import random_regions, spurs
from deduce.generate.symmetry import moves
from deduce.geometry import BOX_SHAPES, Geometry


def region_cells(region_of, n):
    return [{c for c in range(n * n) if region_of[c] == k} for k in set(region_of)]


def next_to(cell, n):
    r, c = divmod(cell, n)
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
    return [(r + dr) * n + c + dc for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n]


def one_piece(cells, n):
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for y in next_to(todo.pop(), n):
            if y in cells and y not in seen:
                seen.add(y)
                todo.append(y)
    return seen == cells


def arm_ends(cells, n):
    """Cells with at most one neighbour in ``cells`` whose neighbour has at most two."""
    out = []
    for x in cells:
        own = [y for y in next_to(x, n) if y in cells]
        if not own or (len(own) == 1 and sum(z in cells for z in next_to(own[0], n)) <= 2):
            out.append(x)
    return out


def boxes(n):
    if n not in BOX_SHAPES:
        return []
    return region_cells(Geometry.boxes(n).region_of, n)


def check_layout(region_of, n, symmetry="none", no_box=True):
    regions = region_cells(region_of, n)
    assert len(regions) == n and all(len(r) == n and one_piece(r, n) for r in regions)
    assert all(arm_ends(r, n) == [] for r in regions)
    if no_box:
        assert not [r for r in regions if r in boxes(n)]
    for m in moves(n, symmetry):
        assert all({m[c] for c in r} in regions for r in regions)


@pytest.mark.parametrize("n", range(4, 17))
def test_layouts_have_no_spur_and_no_box(n):
    for seed in range(12 if n <= 9 else 3):
        check_layout(random_regions(n, random.Random(seed)).region_of, n)


@pytest.mark.parametrize("n, symmetry", [(6, "half-turn"), (7, "half-turn"), (8, "vertical"), (9, "half-turn"),
                                         (9, "horizontal"), (12, "orthogonal"), (16, "quarter-turn")])
def test_symmetric_layouts_have_no_spur_and_no_box(n, symmetry):
    for seed in range(6):
        check_layout(random_regions(n, random.Random(seed), symmetry).region_of, n, symmetry)


@pytest.mark.parametrize("symmetry", ["diagonal", "quarter-turn", "full", "bi-diagonal"])
def test_symmetric_9x9_layouts_have_no_spur(symmetry):
    """Plain boxes allowed where a layout without one is rare or not found (see the module)."""
    for seed in range(4):
        check_layout(random_regions(9, random.Random(seed), symmetry).region_of, 9, symmetry, no_box=False)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.sampled_from([6, 8, 9]))
def test_layouts_over_seeds(seed, n):
    check_layout(random_regions(n, random.Random(seed)).region_of, n)


def test_spurs_names_the_arm_ends():
    rows = [c // 4 for c in range(16)]
    assert spurs(rows, 4) == [0, 3, 4, 7, 8, 11, 12, 15]
    ell = [0, 0, 0, 1,
           0, 2, 1, 1,
           2, 2, 1, 3,
           2, 3, 3, 3]   # region 0 an L (r2c1 the end of a two-cell arm), region 1 an S, 2 a T, 3 an L
    assert spurs(ell, 4) == sorted(set().union(*(arm_ends(r, 4) for r in region_cells(ell, 4))))
    assert 4 in spurs(ell, 4)


def test_same_seed_same_layout():
    assert random_regions(9, random.Random(7)).region_of == random_regions(9, random.Random(7)).region_of
