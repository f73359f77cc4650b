"""Helpers and hypothesis strategies shared by the format tests (no tests here)."""

from __future__ import annotations

from hypothesis import strategies as st

from deduce.geometry import BOX_SHAPES, Geometry
from deduce.puzzle import Cage, Puzzle, default_symbols

from .test_cli import run

__all__ = ["run"]

#: Puzzles written for these tests (unique solutions, checked in test_formats.py).
CLASSIC = "..8.1..361.4..75..........735.8...6.7.........8...4..549...1.......25..3..5...64."
CLASSIC_SOLUTION = "278519436134267589569348127351872964742956318986134275493681752617425893825793641"
SIX = ".....2.34...12.6....6..5...5.......4"
SIX_LETTERS = SIX.translate(str.maketrans("123456", "ABCDEF"))
JIGSAW4 = "4 4\n- - 4 3\n- - - 1\n- 2 - -\n- - - -\n1 1 1 3\n1 3 3 3\n2 2 4 4\n2 2 4 4\n"
KILLER4 = "AABCDEECDFFFDGGH 3,3,6,9,5,8,5,1"




def _latin_rows(n: int, shift: int) -> list[int]:
    return [(r * shift + c) % n for r in range(n) for c in range(n)]


@st.composite
def classic_puzzles(draw: st.DrawFn, sizes: tuple[int, ...] = (4, 6, 8, 9, 10, 12, 15, 16)) -> Puzzle:
    """A box puzzle 4-16 with random givens (not necessarily solvable), default or letter alphabet."""
    n = draw(st.sampled_from(sizes))
    symbols = draw(st.sampled_from([default_symbols(n), "ABCDEFGHIJKLMNOPQRSTUVWXY"[:n]]))
    cells = draw(st.lists(st.integers(-1, n - 1), min_size=n * n, max_size=n * n))
    if symbols != default_symbols(n):
        cells[draw(st.integers(0, n * n - 1))] = draw(st.integers(0, n - 1))  # letters show themselves
    elif n > 9 and any(v >= 0 for v in cells):
        cells[draw(st.integers(0, n * n - 1))] = draw(st.integers(0, 8))  # a digit: not a letter puzzle
    return Puzzle(Geometry.boxes(n), symbols, tuple(cells))


@st.composite
def jigsaw_puzzles(draw: st.DrawFn) -> Puzzle:
    """A jigsaw: regions are a random bijection of row bands shuffled by column shifts (always valid)."""
    n = draw(st.sampled_from([4, 5, 6, 7, 8, 9]))
    # region of (r, c) = (r + shift[c]) % n: each region has one cell per column
    shift = draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n))
    regions = [(r + shift[c]) % n for r in range(n) for c in range(n)]
    g = Geometry.jigsaw(regions)
    cells = draw(st.lists(st.integers(-1, n - 1), min_size=n * n, max_size=n * n))
    return Puzzle(g, default_symbols(n), tuple(cells))


@st.composite
def killer_puzzles(draw: st.DrawFn) -> Puzzle:
    """A killer on a box grid: cages are horizontal runs of 1-3 cells; sums from a cyclic solution."""
    n = draw(st.sampled_from([4, 6, 9]))
    br, bc = BOX_SHAPES[n]
    sol = [((r % br) * bc + r // br + c) % n for r in range(n) for c in range(n)]
    cages = []
    for r in range(n):
        c = 0
        while c < n:
            k = min(draw(st.integers(1, 3)), n - c)
            cells = tuple(r * n + x for x in range(c, c + k))
            cages.append(Cage(sum(sol[x] + 1 for x in cells), cells))
            c += k
    return Puzzle(Geometry.boxes(n), default_symbols(n), (-1,) * (n * n), tuple(cages))
