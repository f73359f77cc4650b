"""Make the variant seed puzzles of deduce/showcase.py: a random solved grid
that obeys the constraints, givens removed (in a random order) while the
solution stays unique; printed as f-puzzles JSON, one per line.

    python bench/variant_seeds.py [--seed 1] [--only sudoku-x,thermo,kropki]

Kinds: ``sudoku-x`` (both diagonals, givens kept where singles, intersections and
pairs need them), ``thermo`` (a few thermometers),
``kropki`` (every white and black dot of the solution, "all dots given",
givens kept where deduce needs them to solve by logic alone); ``xv`` (every
X and V of the solution, all given), ``little-killer`` (eight little
killers), ``sandwich``, ``x-sum`` and ``skyscraper`` (a clue beside every row
and column, from the left and the top), each solved by logic alone.
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
from strategies.variants.little_killer import LittleKiller, diagonal
from strategies.variants.sandwich import Sandwich
from strategies.variants.skyscraper import Skyscraper, seen
from strategies.variants.thermometer import Thermometer
from strategies.variants.x_sum import XSum
from strategies.variants.xv import XVMark, XVNegative


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
GENTLE = ("fh", "hs", "ns", "lc1", "lc2", "np", "hp", "extra-hs", "extra-lc", "thermo", "kropki", "kropki-negative")


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
    if kind in CLUES:
        solution = solved_grid(Puzzle.empty(9), rng)
        p = Puzzle.empty(9, constraints=CLUES[kind][0](solution, rng))
        return minimal(p, solution, rng, logic=True, only=GENTLE + (CLUES[kind][1],))
    raise SystemExit(f"unknown kind {kind!r}")


def xv_of(solution: tuple[int, ...], rng: random.Random) -> tuple:
    """Every X and V of the solution, all given."""
    n = 9
    out: list = []
    for c in range(n * n):
        for d in (c + 1, c + n):
            if d >= n * n or (d == c + 1 and c % n == n - 1):
                continue
            total = solution[c] + solution[d] + 2
            if total in (5, 10):
                out.append(XVMark((c, d), "V" if total == 5 else "X"))
    return (*out, XVNegative())


def killers_of(solution: tuple[int, ...], rng: random.Random) -> tuple:
    """Eight little killers on random diagonals of three or more cells."""
    out: list = []
    ring = [(r, c) for r in range(11) for c in range(11) if not (1 <= r <= 9 and 1 <= c <= 9)]
    while len(out) < 8:
        clue, direction = rng.choice(ring), rng.choice(["UL", "UR", "DL", "DR"])
        cells = diagonal(clue, direction, 9)
        k = LittleKiller(clue, direction, sum(solution[c] + 1 for c in cells))
        if len(cells) >= 3 and all(set(cells) != set(o.cells()) for o in out):
            out.append(k)
    return tuple(out)


def side_clues(kind: type, value: object) -> object:
    def make(solution: tuple[int, ...], rng: random.Random) -> tuple:
        """The clue of every row (left) and column (top) of the solution."""
        out = []
        for clue in [(0, c) for c in range(1, 10)] + [(r, 0) for r in range(1, 10)]:
            probe = kind(clue, 0)
            out.append(kind(clue, value([solution[c] for c in probe.cells()])))
        return tuple(out)
    return make


def _sandwich(row: list[int]) -> int:
    i, j = sorted((row.index(0), row.index(8)))
    return sum(v + 1 for v in row[i + 1:j])


CLUES = {"xv": (xv_of, "xv"), "little-killer": (killers_of, "little-killer"),
         "sandwich": (side_clues(Sandwich, _sandwich), "sandwich"),
         "x-sum": (side_clues(XSum, lambda row: sum(v + 1 for v in row[:row[0] + 1])), "x-sum"),
         "skyscraper": (side_clues(Skyscraper, seen), "skyscraper-view")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="sudoku-x,thermo,kropki")
    args = parser.parse_args(argv)
    for kind in args.only.split(","):
        p = make(kind, random.Random(f"{args.seed}:{kind}"))
        print(json.dumps({"kind": kind, "fpuzzles": json.loads(write_puzzle(p, "fpuzzles"))}))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
