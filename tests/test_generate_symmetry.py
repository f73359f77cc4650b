"""Symmetric puzzles: the givens' pattern (and a jigsaw's regions) checked
cell by cell against each symmetry's own map, written out here from the
definitions (a mirror, a turn), not taken from deduce.generate.symmetry."""

from __future__ import annotations

import subprocess
import sys

import pytest

import deduce
from deduce.backtrack import count_solutions
from deduce.generate import SYMMETRIES, GenerateError
from deduce.generate.symmetry import orbits


def _maps(n: int) -> dict[str, list]:
    """Each symmetry's moves (besides staying put), as (row, column) -> (row, column)."""
    e = n - 1
    vertical = lambda r, c: (r, e - c)          # noqa: E731
    horizontal = lambda r, c: (e - r, c)        # noqa: E731
    diagonal = lambda r, c: (c, r)              # noqa: E731
    anti = lambda r, c: (e - c, e - r)          # noqa: E731
    half = lambda r, c: (e - r, e - c)          # noqa: E731
    quarter = lambda r, c: (c, e - r)           # noqa: E731
    three = lambda r, c: (e - c, r)             # noqa: E731
    return {
        "none": [],
        "vertical": [vertical], "mirror": [vertical],
        "horizontal": [horizontal],
        "diagonal": [diagonal],
        "anti-diagonal": [anti],
        "bi-diagonal": [diagonal, anti, half],
        "orthogonal": [vertical, horizontal, half],
        "half-turn": [half], "rotational": [half],
        "quarter-turn": [quarter, half, three],
        "full": [vertical, horizontal, diagonal, anti, half, quarter, three],
    }


def test_every_name_has_a_map():
    assert set(_maps(9)) == set(SYMMETRIES)
    assert len({orbits(9, s) for s in SYMMETRIES}) == 10   # Sudoku Explainer's ten, two of them twice named


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_givens_have_the_symmetry(symmetry):
    n = 9
    for seed in (1, 2):
        [g] = deduce.generate(symmetry=symmetry, seed=seed)
        givens = g.puzzle.givens
        for move in _maps(n)[symmetry]:
            for cell in range(n * n):
                r, c = move(*divmod(cell, n))
                assert (givens[cell] >= 0) == (givens[r * n + c] >= 0), (symmetry, cell)
        assert count_solutions(g.puzzle) == 1


@pytest.mark.parametrize("symmetry", ["vertical", "orthogonal", "bi-diagonal", "full"])
def test_small_grids_and_a_level(symmetry):
    [g] = deduce.generate(size=4, symmetry=symmetry, seed=3)
    givens = g.puzzle.givens
    for move in _maps(4)[symmetry]:
        assert all((givens[cell] >= 0) == (givens[move(*divmod(cell, 4))[0] * 4 + move(*divmod(cell, 4))[1]] >= 0)
                   for cell in range(16))
    [h] = deduce.generate(level="medium", symmetry=symmetry, seed=4)
    assert h.level == "Medium" and count_solutions(h.puzzle) == 1


def _regions_symmetric(region: tuple[int, ...], n: int, move) -> bool:
    """Each region goes onto one whole region: region -> region of the image is one-to-one."""
    onto: dict[int, set[int]] = {}
    for cell in range(n * n):
        r, c = move(*divmod(cell, n))
        onto.setdefault(region[cell], set()).add(region[r * n + c])
    return all(len(v) == 1 for v in onto.values()) and len({min(v) for v in onto.values()}) == len(onto)


@pytest.mark.parametrize("symmetry", ["half-turn", "quarter-turn", "diagonal", "vertical", "full"])
def test_jigsaw_regions_have_the_symmetry(symmetry):
    n = 9
    [g] = deduce.generate("jigsaw", n, symmetry=symmetry, region_symmetry=symmetry, seed=5)
    geometry = g.puzzle.geometry
    assert geometry.is_jigsaw and g.puzzle.warnings == ()
    region = geometry.region_of
    assert region != deduce.Puzzle.empty(9).geometry.region_of
    for move in _maps(n)[symmetry]:
        assert _regions_symmetric(region, n, move), symmetry
        for cell in range(n * n):
            r, c = move(*divmod(cell, n))
            assert (g.puzzle.givens[cell] >= 0) == (g.puzzle.givens[r * n + c] >= 0)
    assert count_solutions(g.puzzle) == 1


def test_plain_jigsaws_are_not_symmetric_by_chance():
    """(So the test above tests something: a layout made without region symmetry has none.)"""
    [g] = deduce.generate("jigsaw", 9, seed=5)
    half = _maps(9)["half-turn"][0]
    assert not _regions_symmetric(g.puzzle.geometry.region_of, 9, half)


@pytest.mark.parametrize("kwargs, message", [
    ({"region_symmetry": "half-turn"}, "a classic has no regions of its own"),
    ({"kind": "jigsaw", "size": 6, "region_symmetry": "quarter-turn"}, "no 6x6 layout to start from has it"),
    ({"kind": "jigsaw", "region_symmetry": "spiral"}, "unknown symmetry"),
])
def test_region_symmetry_refused(kwargs, message):
    with pytest.raises(GenerateError, match=message):
        deduce.generate(**kwargs)


def test_cli_symmetry_names():
    out = subprocess.run([sys.executable, "-m", "deduce", "generate", "--symmetry", "bi-diagonal", "--seed", "7"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    line = out.stdout.strip()
    assert len(line) == 81
    for r in range(9):
        for c in range(9):
            assert (line[r * 9 + c] != ".") == (line[c * 9 + r] != ".") == (line[(8 - c) * 9 + 8 - r] != ".")
