"""Killer cages: a random layout of connected cages over a random solution,
repaired until the puzzle is unique and solves at the target.

1. The solution grid is cut into random connected cages (no digit twice in
   a cage, unless ``sum_only``), each cell in exactly one; each cage's sum
   is that of its cells in the solution.  Larger cages for harder targets.
2. While the search (:mod:`deduce.backtrack`, with its cage-sum
   propagation) finds a second solution, a cage holding a cell where the two
   differ is split (or, with ``givens``, that cell becomes a given).
3. While the solve capped at the target gets stuck, the largest cage among
   the cells it left unsolved is split: smaller cages are easier.
4. While the layout solves below the target level, two neighbouring cages
   are merged (bigger cages are harder); a merge after which the capped
   solve no longer solves it is undone and the next one tried, so no search
   is needed there.  A layout no merge brings to the target is dropped and
   another one drawn.

>>> import random
>>> from deduce.generate.request import Request
>>> from deduce.generate.targets import Judge
>>> r = Request.make("killer", 4)
>>> puzzle, solution, verdict = make_killer(r, Judge(r), random.Random(5))
>>> all(sum(solution[c] + 1 for c in cage.cells) == cage.total for cage in puzzle.cages)
True
"""

from __future__ import annotations

import random
from typing import Sequence

from ..backtrack import first_solutions
from ..puzzle import Cage, Puzzle, pieces
from ..state import State
from ..technique import LEVELS
from .grids import box_geometry, random_solution
from .making import meets_shape
from .regions import connected, neighbours
from .request import Request
from .symmetry import orbits
from .targets import Judge, Verdict

#: Cage sizes drawn per target level (weights for sizes 1, 2, 3, ...).
SIZE_WEIGHTS = {
    "Easy": (0, 5, 4, 1),
    "Medium": (0, 4, 4, 2, 1),
    "Hard": (0, 3, 4, 3, 2, 1),
    "Unfair": (0, 2, 4, 3, 2, 1, 1),
    "Extreme": (0, 2, 3, 3, 2, 2, 1),
}
#: Repairs (splits, givens) per layout before another layout is drawn.
MAX_REPAIRS = 200
#: Merges tried at once at first while a layout is far below the target level (see :func:`_grow`).
FIRST_BATCH = 8


def random_cages(solution: Sequence[int], n: int, rng: random.Random, weights: Sequence[int],
                 repeats: bool = False) -> list[list[int]]:
    """A random partition of the grid into connected cages (cell lists),
    without a digit twice in a cage unless ``repeats``."""
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    order = list(range(n * n))
    rng.shuffle(order)
    sizes = list(range(len(weights)))
    for seed_cell in order:
        if owner[seed_cell] >= 0:
            continue
        want = max(1, rng.choices(sizes, weights)[0])
        cage = [seed_cell]
        owner[seed_cell] = len(cages)
        digits = {solution[seed_cell]}
        while len(cage) < want:
            options = [x for c in cage for x in neighbours(c, n)
                       if owner[x] < 0 and (repeats or solution[x] not in digits)]
            if not options:
                break
            x = rng.choice(options)
            owner[x] = len(cages)
            cage.append(x)
            digits.add(solution[x])
        cages.append(cage)
    return cages


def split(cage: list[int], at: int, n: int, rng: random.Random) -> list[list[int]]:
    """``cage`` cut in two connected parts, ``at`` in the smaller one (alone if need be)."""
    parts = pieces([c for c in cage if c != at], n)   # without ``at`` the rest may fall apart
    # give ``at`` a partner from a piece when that keeps both connected
    for cells in sorted(parts, key=len, reverse=True):
        if len(cells) > 2:
            for x in rng.sample(cells, len(cells)):
                if at in neighbours(x, n) and connected(set(cells) - {x}, n):
                    cells.remove(x)
                    return [*parts, [at, x]]
    return [*parts, [at]]


def killer_puzzle(empty: Puzzle, solution: Sequence[int], cages: list[list[int]], givens: Sequence[int],
                  repeats: bool) -> Puzzle:
    made = tuple(Cage(sum(solution[c] + 1 for c in cells), tuple(cells), repeats) for cells in cages)
    return Puzzle(empty.geometry, empty.symbols, tuple(givens), made)


def make_killer(request: Request, judge: Judge, rng: random.Random) -> tuple[Puzzle, tuple[int, ...], Verdict] | None:
    """One layout, repaired until it is unique and solves at the target; None when it missed."""
    n = request.size
    empty = Puzzle.empty(box_geometry(n, request.box), request.symbols)
    solution = random_solution(empty, rng)
    if solution is None:
        return None
    weights = SIZE_WEIGHTS[request.level or "Medium"]
    cages = random_cages(solution, n, rng, weights, request.sum_only)
    givens = [-1] * (n * n)
    found = _repair(request, judge, rng, empty, solution, cages, givens, len(weights) - 1)
    if found is None:
        return None
    cages, steps = found
    if request.level is not None and steps is not None:
        grown = _grow(request, judge, rng, empty, solution, cages, givens, steps, len(weights) + 1)
        if grown is None:
            return None
        cages, steps = grown
    puzzle = killer_puzzle(empty, solution, cages, givens, request.sum_only)
    if not meets_shape(request, puzzle, solution, removed=False):
        return None
    verdict = judge.judge(puzzle, solution, None if steps is None else (steps, True))
    return None if verdict is None else (puzzle, solution, verdict)


def _capped(judge: Judge, puzzle: Puzzle, solution: tuple[int, ...]) -> tuple[State, list | None]:
    """The capped solve's end position and its steps when it solved the
    puzzle (a logic solve that ends solved proves the puzzle unique)."""
    state = State.from_puzzle(puzzle)
    capped = judge.capped_path_state(puzzle, solution, state, unique=False)
    return state, (capped[0] if capped is not None and capped[1] else None)


def _repair(request: Request, judge: Judge, rng: random.Random, empty: Puzzle, solution: tuple[int, ...],
            cages: list[list[int]], givens: list[int], largest: int) -> tuple[list[list[int]], list | None] | None:
    """Repairs (splits, moves, givens) until the capped solve solves the layout:
    the cages and the solve's steps (None: unique, not solved by the capped
    solve, trial and error allowed), or None after :data:`MAX_REPAIRS`."""
    n = request.size
    budget = request.givens or 0
    for _ in range(MAX_REPAIRS):
        puzzle = killer_puzzle(empty, solution, cages, givens, request.sum_only)
        # Logic first: where it stops, the search starts from its position, far smaller than the start.
        state, steps = _capped(judge, puzzle, solution)
        if steps is not None:
            return cages, steps
        found = first_solutions(state, 2)
        if len(found) > 1:
            differ = [c for c in range(n * n) if found[0][c] != found[1][c]]
            cell = rng.choice(differ)
            orbit = next(o for o in orbits(n, request.symmetry) if cell in o)
            if n * n - givens.count(-1) + len(orbit) <= budget:
                for c in orbit:
                    givens[c] = solution[c]
            else:
                cages = reshape(cages, cell, solution, n, rng, largest, request.sum_only)
            continue
        if request.allow_backtracking:
            return cages, None   # unique, and trial and error is allowed: the judge solves it in full
        # unique but too hard here: smaller cages where the capped solve got stuck
        unsolved = [c for c in range(n * n) if state.value[c] < 0] or list(range(n * n))
        biggest = max((cg for cg in cages if len(cg) > 1 and set(cg) & set(unsolved)), key=len, default=None)
        if biggest is None:
            return None
        cages = _split_at(cages, rng.choice([c for c in biggest if c in unsolved] or biggest), n, rng)
    return None


def _grow(request: Request, judge: Judge, rng: random.Random, empty: Puzzle, solution: tuple[int, ...],
          cages: list[list[int]], givens: list[int], steps: list, largest: int) -> tuple[list[list[int]], list] | None:
    """Neighbouring cages merged while the layout solves below the target
    level: several disjoint pairs at once while that works (far from the
    target most merges keep it easy), then one pair at a time; a merge after
    which the capped solve no longer solves the layout (a second solution,
    or a technique above the target) is undone and the next one tried.  The
    cages and the solve's steps once the target level is reached, or None
    after :data:`MAX_REPAIRS` trials."""
    n = request.size
    target = LEVELS.index(request.level)
    trials = 0
    batch = FIRST_BATCH
    while max((LEVELS.index(s.technique.level) for s in steps), default=0) < target:
        pairs = merge_pairs(cages, solution, n, rng, largest, request.sum_only)
        if batch > 1:   # several disjoint pairs, tried once: on failure fewer at a time
            chosen: list[tuple[int, int]] = []
            for i, j in pairs:
                if len(chosen) < batch and not {i, j} & {x for p in chosen for x in p}:
                    chosen.append((i, j))
            groups = [chosen] if chosen else []
        else:
            groups = [[p] for p in pairs]
        for group in groups:
            trials += 1
            if trials > MAX_REPAIRS:
                return None
            merged = merge(cages, group)
            _, found = _capped(judge, killer_puzzle(empty, solution, merged, givens, request.sum_only), solution)
            if found is not None:
                cages, steps = merged, found
                break
        else:
            if batch <= 1:
                return None   # no merge keeps it solvable at the target
            batch //= 2
    return cages, steps


def reshape(cages: list[list[int]], cell: int, solution: Sequence[int], n: int, rng: random.Random,
            largest: int, repeats: bool) -> list[list[int]]:
    """Break an ambiguity at ``cell``: move it into a neighbouring cage (its
    own staying connected), which changes both sums; split its cage when no
    move is possible."""
    owner = {c: i for i, cage in enumerate(cages) for c in cage}
    own = owner[cell]
    rest = set(cages[own]) - {cell}
    if rest and connected(rest, n):
        targets = list({owner[x] for x in neighbours(cell, n) if owner[x] != own})
        rng.shuffle(targets)
        for t in targets:
            if len(cages[t]) < largest and (repeats or solution[cell] not in {solution[c] for c in cages[t]}):
                out = [list(c) for c in cages]
                out[own].remove(cell)
                out[t].append(cell)
                return out
    return _split_at(cages, cell, n, rng)


def merge_pairs(cages: list[list[int]], solution: Sequence[int], n: int, rng: random.Random, largest: int,
                repeats: bool) -> list[tuple[int, int]]:
    """The pairs of neighbouring cages that may be made one (small ones
    first, at random among equals): at most ``largest`` cells, no digit
    twice unless ``repeats``."""
    owner = {c: i for i, cage in enumerate(cages) for c in cage}
    pairs = {(min(i, owner[x]), max(i, owner[x])) for i, cage in enumerate(cages) for c in cage
             for x in neighbours(c, n) if owner[x] != i}
    digits = [{solution[c] for c in cage} for cage in cages]
    keyed = [(len(cages[i]) + len(cages[j]), rng.random(), i, j) for i, j in sorted(pairs)
             if len(cages[i]) + len(cages[j]) <= largest and (repeats or not digits[i] & digits[j])]
    return [(i, j) for _, _, i, j in sorted(keyed)]


def merge(cages: list[list[int]], pairs: Sequence[tuple[int, int]]) -> list[list[int]]:
    """``cages`` with each of the (disjoint) ``pairs`` made one cage."""
    gone = {x for p in pairs for x in p}
    return [c for k, c in enumerate(cages) if k not in gone] + [cages[i] + cages[j] for i, j in pairs]


def _split_at(cages: list[list[int]], cell: int, n: int, rng: random.Random) -> list[list[int]]:
    out = []
    for cage in cages:
        if cell in cage and len(cage) > 1:
            out.extend(split(cage, cell, n, rng))
        else:
            out.append(cage)
    return out

