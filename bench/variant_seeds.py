"""Make the variant seed puzzles of deduce/showcase.py: a random solved grid
that obeys the constraints, givens removed (in a random order) while the
solution stays unique; printed as f-puzzles JSON, one per line.

    python bench/variant_seeds.py [--seed 1] [--only sudoku-x,thermo,kropki]

Kinds: ``sudoku-x`` (both diagonals, givens kept where singles, intersections and
pairs need them), ``thermo`` (a few thermometers),
``kropki`` (every white and black dot of the solution, "all dots given",
givens kept where deduce needs them to solve by logic alone), ``odd-even``
(twelve cells marked odd or even), ``nonconsecutive``.
The same command prints the same puzzles.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from deduce.backtrack import count_solutions, first_solutions
from deduce.engine import Solver
from deduce.formats import write_puzzle
from deduce.puzzle import Puzzle
from strategies.variants.diagonals import Diagonal
from strategies.variants.kropki import KropkiDot, KropkiNegative
from strategies.variants.nonconsecutive import NonConsecutive
from strategies.variants.parity import Parity
from strategies.variants.thermometer import Thermometer


def solved_grid(puzzle: Puzzle, rng: random.Random) -> tuple[int, ...]:
    """A random solution of ``puzzle``: a few random givens, then the search."""
    n = puzzle.size
    while True:
        givens = [-1] * puzzle.ncells
        for c in rng.sample(range(puzzle.ncells), n):
            givens[c] = rng.randrange(n)
        try:
            found = first_solutions(puzzle.with_givens(givens), 1)
        except ValueError:
            continue
        except Exception:  # (two random givens clash)
            continue
        if found:
            return found[0]


#: The techniques of a gentle seed: singles, intersections, pairs and the variants' own.
GENTLE = ("fh", "hs", "ns", "lc1", "lc2", "np", "hp", "extra-hs", "extra-lc", "thermo", "kropki", "kropki-negative",
          "parity", "nonconsecutive")


def minimal(puzzle: Puzzle, solution: tuple[int, ...], rng: random.Random, logic: bool = False,
            only: tuple[str, ...] | None = None) -> Puzzle:
    """Givens removed while the solution stays unique (and, with ``logic``,
    while deduce still solves it without trial and error, with the
    techniques ``only`` if given)."""
    givens = list(solution)
    solver = Solver(backtracking=False, only=only)
    for c in rng.sample(range(puzzle.ncells), puzzle.ncells):
        keep, givens[c] = givens[c], -1
        if count_solutions(puzzle.with_givens(givens), 2) != 1 or (
                logic and solver.solve(puzzle.with_givens(givens), solution=solution).status != "solved"):
            givens[c] = keep
    return puzzle.with_givens(givens)


def dots_of(solution: tuple[int, ...], n: int) -> tuple:
    out: list = []
    for c in range(n * n):
        for d in (c + 1, c + n):
            if d >= n * n or (d == c + 1 and c % n == n - 1):
                continue
            x, y = solution[c] + 1, solution[d] + 1
            if abs(x - y) == 1 and {x, y} != {1, 2}:
                out.append(KropkiDot("difference", (c, d)))
            elif x == 2 * y or y == 2 * x:
                out.append(KropkiDot("ratio", (c, d)))
    return (*out, KropkiNegative("difference"), KropkiNegative("ratio"))


def make(kind: str, rng: random.Random) -> Puzzle:
    if kind == "sudoku-x":
        p = Puzzle.empty(9, constraints=(Diagonal("+"), Diagonal("-")))
        return minimal(p, solved_grid(p, rng), rng, logic=True, only=GENTLE)
    if kind == "thermo":
        therms = (Thermometer((0, 1, 2, 3, 4)), Thermometer((80, 70, 60, 50)), Thermometer((36, 28, 20)),
                  Thermometer((44, 52, 60, 68)), Thermometer((8, 16, 24)))
        p = Puzzle.empty(9, constraints=therms)
        return minimal(p, solved_grid(p, rng), rng)
    if kind == "kropki":
        solution = solved_grid(Puzzle.empty(9), rng)
        p = Puzzle.empty(9, constraints=dots_of(solution, 9))
        return minimal(p, solution, rng, logic=True, only=GENTLE)
    if kind == "odd-even":
        solution = solved_grid(Puzzle.empty(9), rng)
        marks = tuple(Parity("odd" if solution[c] % 2 == 0 else "even", c) for c in sorted(rng.sample(range(81), 12)))
        p = Puzzle.empty(9, constraints=marks)
        return minimal(p, solution, rng, logic=True, only=GENTLE)
    if kind == "nonconsecutive":
        p = Puzzle.empty(9, constraints=(NonConsecutive(),))
        return minimal(p, solved_grid(p, rng), rng, logic=True, only=GENTLE)
    raise SystemExit(f"unknown kind {kind!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="sudoku-x,thermo,kropki,odd-even,nonconsecutive")
    args = parser.parse_args(argv)
    for kind in args.only.split(","):
        p = make(kind, random.Random(f"{args.seed}:{kind}"))
        print(json.dumps({"kind": kind, "fpuzzles": json.loads(write_puzzle(p, "fpuzzles"))}))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
