#!/usr/bin/env python3
"""Generate original 9×9 puzzles whose logical solution uses given techniques.

Each puzzle is deduce's own: a random solved grid (a search solution
relabelled and shuffled), with givens removed in random order while the
solution stays unique.  Prints ``code puzzle`` for the first puzzle found
per technique; used to grow ``deduce/showcase.py``.

    python bench/find_examples.py --want x-wing,swordfish --seconds 300 [--seed 1] [--as-used]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deduce import Puzzle, Solver, count_solutions  # noqa: E402
from deduce.backtrack import iter_solutions  # noqa: E402
from deduce.engine import effective  # noqa: E402
from deduce.registry import discovered  # noqa: E402
from deduce.state import State  # noqa: E402


def random_grid(rng: random.Random) -> list[int]:
    base = next(iter_solutions(Puzzle.empty(9)))
    perm = list(range(9))
    rng.shuffle(perm)
    rows = [b * 3 + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    cols = [b * 3 + c for b in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    grid = [perm[base[r * 9 + c]] for r in rows for c in cols]
    if rng.random() < 0.5:  # transpose
        grid = [grid[c * 9 + r] for r in range(9) for c in range(9)]
    return grid


def minimal(grid: list[int], rng: random.Random) -> Puzzle:
    puzzle = Puzzle.empty(9)
    givens = list(grid)
    cells = list(range(81))
    rng.shuffle(cells)
    for c in cells:
        v = givens[c]
        givens[c] = -1
        if count_solutions(puzzle.with_givens(givens), 2) != 1:
            givens[c] = v
    return puzzle.with_givens(givens)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--want", required=True, help="technique codes, comma-separated")
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--as-used", action="store_true",
                    help="only count steps the solver took (where the technique was the easiest available)")
    args = ap.parse_args()
    want = set(args.want.split(","))
    rng = random.Random(args.seed)
    solver = Solver()
    own = {code: [s for s in discovered() if s.technique.code == code] for code in want}
    t0 = time.time()
    while want and time.time() - t0 < args.seconds:
        puzzle = minimal(random_grid(rng), rng)
        result = solver.solve(puzzle)
        state = State.from_puzzle(puzzle)
        for step in result.steps:
            for code in list(want):
                if step.code == code or not args.as_used and any(effective(s, state) for st in own[code] for s in st.find(state)):
                    print(code, puzzle.givens_string(), flush=True)
                    want.discard(code)
            state.apply(step)
    if want:
        print("not found:", ",".join(sorted(want)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
