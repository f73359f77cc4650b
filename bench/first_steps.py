#!/usr/bin/env python3
"""The figures of ``deduce/generate/reach.py``: first steps from the givens, and the highest HoDoKu score.

Without options: for ``--seconds S`` of wall clock, makes the generator's own
classic 9x9 candidates (a random grid, clues removed to a minimal puzzle:
``deduce.generate.making``'s steps, without the judge) and counts the first
step beyond singles of each on HoDoKu's path (None: singles alone solve it),
then prints the total and the counts as ``reach.py`` holds them (add them to
its table, or replace it).  ``--corpus``: the same count over the corpora's
classic puzzles (top1465, forum-hardest-1106, classic-rated), naming the
puzzles whose first step is a technique the table has never seen first.

``--scores``: the highest HoDoKu score deduce's rating gives a puzzle of
forum-hardest-1106 within ``--seconds`` (``reach.HIGHEST_SCORE``).

    python bench/first_steps.py [--seconds 420] [--seed 2] [--corpus] [--scores]

Never a timed test; ``--corpus`` and ``--scores`` need ``../shared``.
"""

from __future__ import annotations

import argparse
import collections
import csv
import random
import sys
import time
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deduce.backtrack import first_solutions  # noqa: E402
from deduce.generate.clues import remove_clues  # noqa: E402
from deduce.generate.grids import random_solution  # noqa: E402
from deduce.generate.making import empty_grid  # noqa: E402
from deduce.generate.reach import FIRST_STEPS  # noqa: E402
from deduce.generate.request import Request  # noqa: E402
from deduce.generate.symmetry import orbits  # noqa: E402
from deduce.puzzle import Puzzle  # noqa: E402
from deduce.rating import Rater, path_solver  # noqa: E402
from deduce.state import State  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"


def first_step(solver, puzzle: Puzzle, solution) -> str | None:
    """The code of the first step beyond singles on HoDoKu's path (None: singles alone)."""
    for step in solver.steps(State.from_puzzle(puzzle), solution, unique=True):
        if step.technique.family != "singles":
            return step.technique.code
    return None


def candidates(seconds: float, seed: int) -> Iterator[tuple[Puzzle, tuple[int, ...]]]:
    request = Request.make()
    rng = random.Random(seed)
    begun = time.monotonic()
    while time.monotonic() - begun < seconds:
        empty = empty_grid(request, rng)
        solution = random_solution(empty, rng)
        if solution is None:
            continue
        yield empty.with_givens(remove_clues(empty, solution, orbits(9, "none"), rng)), solution


def corpus() -> Iterator[str]:
    for name in ("top1465.txt", "forum-hardest-1106.txt"):
        for line in (CORPORA / name).read_text().splitlines():
            if len(line.strip()) >= 81:
                yield line.strip()[:81]
    with open(CORPORA / "classic-rated.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            yield row["puzzle"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--seconds", type=float, default=420.0)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--corpus", action="store_true")
    ap.add_argument("--scores", action="store_true")
    args = ap.parse_args()
    if args.scores:
        rater, best, rated, begun = Rater(), (0, ""), 0, time.monotonic()
        for line in (CORPORA / "forum-hardest-1106.txt").read_text().splitlines():
            if len(line.strip()) < 81 or time.monotonic() - begun > args.seconds:
                continue
            rating = rater.rate(Puzzle.from_string(line.strip()[:81]))
            rated += 1
            if rating.score and rating.score > best[0]:
                best = (rating.score, line.strip()[:81])
        print(f"highest HoDoKu score over {rated} puzzles of forum-hardest-1106: {best[0]} ({best[1]})")
        return
    solver = path_solver("hodoku", backtracking=False)
    counts: collections.Counter[str | None] = collections.Counter()
    if args.corpus:
        for text in corpus():
            puzzle = Puzzle.from_string(text)
            code = first_step(solver, puzzle, first_solutions(puzzle, 1)[0])
            counts[code] += 1
            if code is not None and not FIRST_STEPS.get(code):
                print(f"{code} first (never first in reach.py's table): {text}")
    else:
        for puzzle, solution in candidates(args.seconds, args.seed):
            counts[first_step(solver, puzzle, solution)] += 1
    print(sum(counts.values()), "puzzles")
    print("{" + ", ".join(f"{k!r}: {v}" for k, v in sorted(counts.items(), key=lambda x: (-x[1], str(x[0])))) + "}")


if __name__ == "__main__":
    main()
