"""Make the variant seed puzzles of deduce/showcase.py: a random solved grid
that obeys the constraints, givens removed (in a random order) while the
solution stays unique; printed as f-puzzles JSON, one per line.

    python bench/variant_seeds.py [--seed 1] [--only KIND,KIND...]

Kinds: ``sudoku-x`` (both diagonals, givens kept where singles, intersections and
pairs need them), ``thermo`` (a few thermometers),
``kropki`` (every white and black dot of the solution, "all dots given",
givens kept where deduce needs them to solve by logic alone), ``odd-even``
(twelve cells marked odd or even), ``nonconsecutive``; the line kinds
(``arrow``, ``whispers``, ``renban``, ``palindrome``, ``between``,
``region-sum``, ``zipper``, ``entropic``): lines true of a random solved
grid, found by random walks, givens kept where deduce needs them to solve by
logic alone; ``xv`` (every X and V of the solution, all given),
``little-killer`` (eight little killers), ``sandwich``, ``x-sum`` and
``skyscraper`` (a clue beside every row and column, from the left and the
top), each solved by logic alone.
The same command prints the same puzzles.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from typing import Any

from deduce.backtrack import count_solutions, first_solutions
from deduce.engine import Solver
from deduce.formats import write_puzzle
from deduce.puzzle import Puzzle
from strategies.variants.arrow import Arrow
from strategies.variants.between import BetweenLine
from strategies.variants.diagonals import Diagonal
from strategies.variants.entropic import EntropicLine
from strategies.variants.kropki import KropkiDot, KropkiNegative
from strategies.variants.little_killer import LittleKiller, diagonal
from strategies.variants.nonconsecutive import NonConsecutive
from strategies.variants.palindrome import Palindrome
from strategies.variants.parity import Parity
from strategies.variants.region_sum import RegionSumLine
from strategies.variants.renban import Renban
from strategies.variants.sandwich import Sandwich
from strategies.variants.skyscraper import Skyscraper, seen
from strategies.variants.thermometer import Thermometer
from strategies.variants.whispers import GermanWhisper
from strategies.variants.x_sum import XSum
from strategies.variants.xv import XVMark, XVNegative
from strategies.variants.zipper import ZipperLine


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
          "parity", "nonconsecutive", "arrow", "whispers", "renban", "palindrome", "between", "region-sum", "zipper",
          "entropic")


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


def _neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n]


def lines_of(solution: tuple[int, ...], n: int, rng: random.Random, fits: Any, length: range, count: int,
             used: set[int]) -> list[tuple[int, ...]]:
    """Up to ``count`` random lines (touching cells, none used before) of the solved grid for which
    ``fits(cells, values)`` holds, tried from random starts by random walks."""
    out: list[tuple[int, ...]] = []
    for _ in range(4000):
        if len(out) == count:
            break
        want = rng.choice(list(length))
        line = [rng.randrange(n * n)]
        while len(line) < want:
            steps = [c for c in _neighbours(line[-1], n) if c not in line and c not in used]
            if not steps:
                break
            line.append(rng.choice(steps))
        if len(line) == want and not used & set(line) and fits(line, [solution[c] + 1 for c in line]):
            out.append(tuple(line))
            used |= set(line)
    return out


LINE_KINDS = ("arrow", "whispers", "renban", "palindrome", "between", "region-sum", "zipper", "entropic")


def line_kind(kind: str, rng: random.Random) -> Puzzle:
    """A random solved grid and lines of ``kind`` true of it, then givens removed while deduce still
    solves it by logic alone with the gentle techniques."""
    n = 9
    solution = solved_grid(Puzzle.empty(n), rng)
    used: set[int] = set()
    constraints: list[Any] = []
    if kind == "arrow":
        for line in lines_of(solution, n, rng, lambda _, v: v[0] == sum(v[1:]), range(3, 5), 6, used):
            constraints.append(Arrow(line[:1], (line,)))
    elif kind == "whispers":
        for line in lines_of(solution, n, rng, lambda _, v: all(abs(a - b) >= 5 for a, b in itertools.pairwise(v)),
                             range(4, 7), 6, used):
            constraints.append(GermanWhisper(line))
    elif kind == "renban":
        for line in lines_of(solution, n, rng, lambda _, v: sorted(v) == list(range(min(v), min(v) + len(v))),
                             range(3, 6), 6, used):
            constraints.append(Renban(line))
    elif kind == "palindrome":
        def mirrored(_: Any, v: list[int]) -> bool:
            return v == v[::-1]
        for line in lines_of(solution, n, rng, mirrored, range(3, 8), 5, used):
            try:
                Puzzle.empty(n, constraints=(Palindrome(line),))
            except ValueError:
                continue
            constraints.append(Palindrome(line))
    elif kind == "between":
        for line in lines_of(solution, n, rng, lambda _, v: all(min(v[0], v[-1]) < x < max(v[0], v[-1])
                                                                for x in v[1:-1]), range(3, 6), 6, used):
            constraints.append(BetweenLine(line))
    elif kind == "region-sum":
        def equal_pieces(line: Any, v: list[int]) -> bool:
            pieces = RegionSumLine(line).pieces(Puzzle.empty(n))
            where = {c: x for c, x in zip(line, v)}
            return len(pieces) > 1 and len({sum(where[c] for c in piece) for piece in pieces}) == 1
        for line in lines_of(solution, n, rng, equal_pieces, range(3, 7), 5, used):
            constraints.append(RegionSumLine(line))
    elif kind == "zipper":
        def zipped(_: Any, v: list[int]) -> bool:
            k = len(v)
            totals = {v[i] + v[k - 1 - i] for i in range(k // 2)} | ({v[k // 2]} if k % 2 else set())
            return len(totals) == 1
        for line in lines_of(solution, n, rng, zipped, range(3, 8), 5, used):
            constraints.append(ZipperLine(line))
    elif kind == "entropic":
        for line in lines_of(solution, n, rng, lambda _, v: all(len({(x - 1) // 3 for x in v[i:i + 3]}) == 3
                                                                for i in range(len(v) - 2)), range(4, 8), 5, used):
            constraints.append(EntropicLine(line))
    p = Puzzle.empty(n, constraints=tuple(constraints))
    return minimal(p, solution, rng, logic=True, only=GENTLE)


def make(kind: str, rng: random.Random) -> Puzzle:
    if kind in LINE_KINDS:
        return line_kind(kind, rng)
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
    kinds = ("sudoku-x", "thermo", "kropki", "odd-even", "nonconsecutive", *LINE_KINDS, *CLUES)
    parser.add_argument("--only", default=",".join(kinds))
    args = parser.parse_args(argv)
    for kind in args.only.split(","):
        p = make(kind, random.Random(f"{args.seed}:{kind}"))
        print(json.dumps({"kind": kind, "fpuzzles": json.loads(write_puzzle(p, "fpuzzles"))}))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
