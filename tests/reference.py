"""An independent reference solver: plain and obviously correct.

It shares no code with deduce: grids are lists of ints (0 for blank,
symbols 1..N), constraints are checked by looking at rows, columns,
regions and cages directly, and the search tries every value in the
emptiest cell.  It is slow but simple, which is the point.
"""

from __future__ import annotations

import random
from typing import Sequence


class Reference:
    def __init__(self, size: int, region_of: Sequence[int], cages: Sequence[tuple[int, Sequence[int], bool]] = ()):
        self.n = size
        self.region_of = list(region_of)
        self.cages = [(total, list(cells), repeats) for total, cells, repeats in cages]
        self.cage_of = {c: i for i, (_, cells, _) in enumerate(self.cages) for c in cells}

    @classmethod
    def boxes(cls, size: int, box_rows: int, box_cols: int) -> Reference:
        per_row = size // box_cols
        region_of = [(r // box_rows) * per_row + c // box_cols for r in range(size) for c in range(size)]
        return cls(size, region_of)

    def allowed(self, grid: list[int], cell: int) -> list[int]:
        n = self.n
        r, c = divmod(cell, n)
        used = set()
        for i in range(n):
            used.add(grid[r * n + i])
            used.add(grid[i * n + c])
        reg = self.region_of[cell]
        for other in range(n * n):
            if self.region_of[other] == reg:
                used.add(grid[other])
        values = [v for v in range(1, n + 1) if v not in used]
        if cell in self.cage_of:
            total, cells, repeats = self.cages[self.cage_of[cell]]
            placed = [grid[x] for x in cells if x != cell and grid[x]]
            empty_after = sum(1 for x in cells if x != cell and not grid[x])
            ok = []
            for v in values:
                if not repeats and v in placed:
                    continue
                s = sum(placed) + v
                if empty_after == 0 and s != total:
                    continue
                if s + empty_after > total or s + empty_after * n < total:
                    continue
                ok.append(v)
            values = ok
        return values

    def count(self, grid: Sequence[int], limit: int = 2) -> int:
        return len(self.solutions(grid, limit))

    def solutions(self, grid: Sequence[int], limit: int = 2) -> list[list[int]]:
        g = list(grid)
        for cell, v in enumerate(g):  # givens must not clash
            if v:
                g[cell] = 0
                if v not in self.allowed(g, cell):
                    return []
                g[cell] = v
        out: list[list[int]] = []
        self._search(g, limit, out)
        return out

    def _search(self, g: list[int], limit: int, out: list[list[int]]) -> None:
        best, best_vals = -1, None
        for cell, v in enumerate(g):
            if v == 0:
                vals = self.allowed(g, cell)
                if best_vals is None or len(vals) < len(best_vals):
                    best, best_vals = cell, vals
                    if len(vals) <= 1:
                        break
        if best < 0:
            out.append(list(g))
            return
        assert best_vals is not None
        for v in best_vals:
            g[best] = v
            self._search(g, limit, out)
            if len(out) >= limit:
                break
        g[best] = 0


BOX = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}


def pattern_grid(size: int, rng: random.Random) -> list[int]:
    """A random solved box grid: the classic shifted pattern, then shuffled
    by symbol relabelling and row/column moves that keep it valid."""
    br, bc = BOX[size]

    def pattern(r: int, c: int) -> int:
        return (bc * (r % br) + r // br + c) % size

    bands = list(range(size // br))
    stacks = list(range(size // bc))
    rng.shuffle(bands)
    rng.shuffle(stacks)
    rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
    cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    relabel = list(range(1, size + 1))
    rng.shuffle(relabel)
    return [relabel[pattern(r, c)] for r in rows for c in cols]


def minimal_puzzle(ref: Reference, solution: list[int], rng: random.Random, keep: int = 0) -> list[int]:
    """Remove givens from ``solution`` in random order while the reference
    count stays 1; stop early once only ``keep`` extra givens would go."""
    grid = list(solution)
    cells = list(range(len(grid)))
    rng.shuffle(cells)
    for cell in cells[keep:]:
        v = grid[cell]
        grid[cell] = 0
        if ref.count(grid, 2) != 1:
            grid[cell] = v
    return grid


def to_line(grid: Sequence[int], symbols: str) -> str:
    return "".join(symbols[v - 1] if v else "." for v in grid)
