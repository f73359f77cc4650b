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

An Easy killer without one-cell cages is made another way (:func:`_climb`):
locked candidates (Medium) come before cage combinations (Easy) in the
solve's order, so a solve capped at Easy techniques is not the rating's
path there.  Its layout (small cages, grown towards sums with few
combinations) is changed one cage at a time while the rating's own path,
stopped at its first step above Easy, solves more of it, until that path
solves it within the Easy score ceiling.

>>> import random
>>> from deduce.generate.request import Request
>>> from deduce.generate.targets import Judge
>>> r = Request.make("killer", 4)
>>> rng, judge = random.Random(5), Judge(r)
>>> puzzle, solution, verdict = next(f for f in iter(lambda: make_killer(r, judge, rng), 0) if f)
>>> all(sum(solution[c] + 1 for c in cage.cells) == cage.total for cage in puzzle.cages)
True
"""

from __future__ import annotations

import random
from typing import Any, Sequence

import attrs

from ..backtrack import first_solutions
from ..puzzle import Cage, Puzzle, pieces
from ..rating.scales import killer_scale
from ..state import State
from ..technique import LEVELS
from .grids import box_geometry, random_solution
from .making import meets_shape
from .regions import connected, neighbours
from .request import MOST_CAGES, Request
from .symmetry import orbits
from .targets import Judge, Verdict, narrowed

#: Cage sizes drawn per target level (weights for sizes 1, 2, 3, ...).
SIZE_WEIGHTS = {
    "Easy": (0, 5, 4, 1),
    "Medium": (0, 4, 4, 2, 1),
    "Hard": (0, 3, 4, 3, 2, 1),
    "Unfair": (0, 2, 4, 3, 2, 1, 1),
    "Extreme": (0, 2, 3, 3, 2, 2, 1),
}
#: One-cell cages allowed per 9x9 killer by level (other sizes: in proportion to their cells) where
#: ``max_single_cages`` is not asked: a few at Easy, none from Hard on (a killer's cages are cages).
DEFAULT_SINGLES = {None: 2, "Easy": 4, "Medium": 2, "Hard": 0, "Unfair": 0, "Extreme": 0}
#: Repairs (splits, givens) per layout before another layout is drawn.
MAX_REPAIRS = 200
#: Layout changes tried per Easy layout without one-cell cages (:func:`_climb`), and in a row without
#: progress, before another layout is drawn.
CLIMB_TRIES = 600
CLIMB_STALL = 160
#: Cage sizes drawn for such a layout (weights for sizes 0, 1, 2, 3: the most an Easy layout is drawn with;
#: changes grow them to five cells at most).
CLIMB_WEIGHTS = (0, 0, 5, 4)
#: Merges tried at once at first while a layout is far below the target level (see :func:`_grow`).
FIRST_BATCH = 8


@attrs.frozen
class Rules:
    """What a layout may hold: cages of ``smallest`` to ``largest`` cells
    (``grown``: the largest a merge makes while the layout is made harder),
    at most ``singles`` one-cell cages (with ``givens``, one-cell cages and
    givens together at most ``givens``), exactly ``count`` cages (or any
    number up to ``most``).

    >>> r = Rules.of(Request.make("killer", level="hard"))
    >>> r.smallest, r.largest, r.grown, r.singles, r.count
    (1, 5, 7, 0, None)
    >>> r.fits([[0, 1], [2]], [-1] * 81), Rules.of(Request.make("killer", level="easy")).singles
    (False, 4)
    """

    smallest: int = 1
    largest: int = 9
    grown: int = 9
    singles: int = 0
    count: int | None = None
    most: int = MOST_CAGES
    givens: int | None = None

    @classmethod
    def of(cls, request: Request) -> Rules:
        weights = SIZE_WEIGHTS[request.level or "Medium"]
        cells = request.size ** 2
        singles = request.max_single_cages
        if singles is None:
            singles = round(DEFAULT_SINGLES[request.level] * cells / 81)
        lo, hi = request.cage_sizes or (1, min(request.size, len(weights) - 1))
        grown = hi if request.cage_sizes else min(request.size, len(weights) + 1)
        return cls(lo, hi, grown, 0 if lo > 1 else singles, request.cages, MOST_CAGES, request.givens)

    def singles_left(self, cages: Sequence[Sequence[int]], givens: Sequence[int]) -> int:
        """How many more one-cell cages the layout may take."""
        have = sum(len(c) == 1 for c in cages)
        left = self.singles - have
        if self.givens is not None:
            left = min(left, self.givens - have - sum(g >= 0 for g in givens))
        return left

    def fits(self, cages: Sequence[Sequence[int]], givens: Sequence[int]) -> bool:
        """Whether ``cages`` (with ``givens``) keeps every rule."""
        if (self.count is not None and len(cages) != self.count) or len(cages) > self.most:
            return False
        if any(not self.smallest <= len(c) <= self.grown for c in cages):
            return False
        return self.singles_left(cages, givens) >= 0


def random_cages(solution: Sequence[int], n: int, rng: random.Random, weights: Sequence[int],
                 repeats: bool = False, rules: Rules | None = None, lean: bool = False) -> list[list[int]]:
    """A random partition of the grid into connected cages (cell lists),
    without a digit twice in a cage unless ``repeats``, of the sizes
    ``rules`` allow (cages left too small are joined to a neighbour).
    ``lean``: a cage grows mostly by the neighbour whose digit is furthest
    on its side of the middle (low digits with low ones): sums with few
    combinations (3, 4, 16, 17 in two cells; 6, 7, 23, 24 in three)."""
    rules = rules or Rules(largest=len(weights) - 1, singles=n * n)
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    order = list(range(n * n))
    rng.shuffle(order)
    top = max(rules.largest, rules.smallest)
    sizes = list(range(top + 1))
    base = [weights[k] if k < len(weights) else 1 for k in sizes]
    for k in range(min(rules.smallest, top + 1)):
        base[k] = 0
    if not any(base):
        base = [int(k >= rules.smallest) for k in sizes]
    singles = rules.singles
    for seed_cell in order:
        if owner[seed_cell] >= 0:
            continue
        w = base if singles > 0 or not base[1] else [0, 0, *base[2:]]
        if not any(w):
            w = [0, 0, 1]
        want = max(1, rng.choices(sizes[: len(w)], w)[0])
        cage = [seed_cell]
        owner[seed_cell] = len(cages)
        digits = {solution[seed_cell]}
        while len(cage) < want:
            options = [x for c in cage for x in neighbours(c, n)
                       if owner[x] < 0 and (repeats or solution[x] not in digits)]
            if not options:
                break
            x = _leaning(options, digits, solution, n, rng) if lean else rng.choice(options)
            owner[x] = len(cages)
            cage.append(x)
            digits.add(solution[x])
        cages.append(cage)
        singles -= len(cage) == 1
    return _join_small(cages, solution, n, rng, rules, repeats)


def _leaning(options: list[int], digits: set[int], solution: Sequence[int], n: int, rng: random.Random) -> int:
    """Mostly the option whose digit lies furthest on the side of the middle ``digits`` lie on, else any."""
    if rng.random() < 0.25:
        return rng.choice(options)
    low = 2 * sum(digits) <= (n - 1) * len(digits)
    return min(options, key=lambda x: (solution[x] if low else -solution[x], rng.random()))


def _join_small(cages: list[list[int]], solution: Sequence[int], n: int, rng: random.Random, rules: Rules,
                repeats: bool) -> list[list[int]]:
    """Cages below the smallest size (or one-cell cages past the allowance)
    joined to a neighbouring cage with room, the smallest first; left as
    they are where none has room (the layout is then dropped)."""
    ones = [k for k, c in enumerate(cages) if len(c) == 1]
    rng.shuffle(ones)
    keep = set(ones[: max(0, rules.singles)]) if rules.smallest <= 1 else set()

    def too_small(k: int) -> bool:
        return len(cages[k]) < rules.smallest or (len(cages[k]) == 1 and k not in keep)

    small = [k for k in range(len(cages)) if too_small(k)]
    if not small:
        return cages
    owner = {x: i for i, c in enumerate(cages) for x in c}
    alive = [True] * len(cages)
    for i in small:
        if not alive[i] or not too_small(i):
            continue
        digits = {solution[x] for x in cages[i]}
        near = {owner[y] for x in cages[i] for y in neighbours(x, n)} - {i}
        fits = [j for j in near if alive[j] and len(cages[j]) + len(cages[i]) <= rules.largest
                and (repeats or not digits & {solution[x] for x in cages[j]})]
        if not fits:
            continue
        j = min(fits, key=lambda k: (len(cages[k]), rng.random()))
        cages[j] = cages[j] + cages[i]
        for x in cages[i]:
            owner[x] = j
        alive[i] = False
    return [c for k, c in enumerate(cages) if alive[k]]


def split(cage: list[int], at: int, n: int, rng: random.Random, smallest: int = 1) -> list[list[int]]:
    """``cage`` cut in connected parts, ``at`` in the smaller one (alone if
    need be), none below ``smallest`` cells; ``[cage]`` when no cut can."""
    parts = pieces([c for c in cage if c != at], n)   # without ``at`` the rest may fall apart
    # give ``at`` a partner from a piece when that keeps both connected
    for cells in sorted(parts, key=len, reverse=True):
        if len(cells) > 2:
            for x in rng.sample(cells, len(cells)):
                if at in neighbours(x, n) and connected(set(cells) - {x}, n):
                    cells.remove(x)
                    if min(map(len, parts)) >= smallest and smallest <= 2:
                        return [*parts, [at, x]]
                    cells.append(x)
                    break
    if min(map(len, parts), default=smallest) >= smallest and smallest <= 1:
        return [*parts, [at]]
    return _cut(cage, at, n, rng, smallest)


def _cut(cage: list[int], at: int, n: int, rng: random.Random, smallest: int) -> list[list[int]]:
    """``cage`` in two connected parts of at least ``smallest`` cells, ``at``
    in the smaller one, grown from it at random; ``[cage]`` when none found."""
    inside = set(cage)
    for k in range(max(1, smallest), len(cage) // 2 + 1):
        for _ in range(6):
            part = {at}
            while len(part) < k:
                options = [y for x in part for y in neighbours(x, n) if y in inside and y not in part]
                if not options:
                    break
                part.add(rng.choice(options))
            rest = inside - part
            if len(part) == k and len(rest) >= smallest and connected(rest, n):
                return [sorted(part, key=cage.index), [c for c in cage if c in rest]]
    return [cage]


def killer_puzzle(empty: Puzzle, solution: Sequence[int], cages: list[list[int]], givens: Sequence[int],
                  repeats: bool) -> Puzzle:
    """The killer of ``cages`` over ``solution``, its cages in the order every killer format reads them
    back in (by their cells, each cage's in order): the solve's path, and so its rating, depend on it."""
    made = tuple(Cage(sum(solution[c] + 1 for c in cells), cells, repeats)
                 for cells in sorted(tuple(sorted(cells)) for cells in cages))
    return Puzzle(empty.geometry, empty.symbols, tuple(givens), made)


def make_killer(request: Request, judge: Judge, rng: random.Random) -> tuple[Puzzle, tuple[int, ...], Verdict] | None:
    """One layout, repaired until it is unique and solves at the target; None when it missed."""
    n = request.size
    empty = Puzzle.empty(box_geometry(n, request.box), request.symbols)
    solution = random_solution(empty, rng)
    if solution is None:
        return None
    rules = Rules.of(request)
    weights = SIZE_WEIGHTS[request.level or "Medium"]
    givens = [-1] * (n * n)
    climbs = request.level == "Easy" and rules.singles == 0 and not request.givens
    cages: list[list[int]] | None = random_cages(solution, n, rng, CLIMB_WEIGHTS if climbs else weights,
                                                 request.sum_only, rules, lean=climbs)
    if cages is not None and rules.count is not None:
        cages = _to_count(cages, solution, n, rng, rules, request.sum_only)
    if cages is None or not rules.fits(cages, givens):
        return None
    found: tuple[list[list[int]], list | None] | None
    if climbs:
        found = _climb(request, judge, rng, empty, solution, cages, rules)
    else:
        found = _repair(request, judge, rng, empty, solution, cages, givens, rules)
    if found is None:
        return None
    cages, steps = found
    if request.level is not None and steps is not None:
        grown = _grow(request, judge, rng, empty, solution, cages, givens, steps, rules)
        if grown is None:
            return None
        cages, steps = grown
    puzzle = killer_puzzle(empty, solution, cages, givens, request.sum_only)
    if not rules.fits(cages, givens) or not meets_shape(request, puzzle, solution, removed=False):
        return None
    verdict = judge.judge(puzzle, solution, None if steps is None else (steps, True))
    return None if verdict is None else (puzzle, solution, verdict)


class _Path:
    """The rating's own path of a layout, stopped at its first step above
    the target: the full solve's strategies up to the last one the target
    allows, in the full solve's order (where it ends solved, its steps are
    the full solve's)."""

    def __init__(self, request: Request, judge: Judge, empty: Puzzle, solution: tuple[int, ...]):
        self.allowed = set(request.allowed())
        full = judge.full.strategies
        last = max((i for i, s in enumerate(full) if s.technique.code in self.allowed), default=-1)
        self.solver = narrowed(judge.full, {s.technique.code for s in full[: last + 1]})
        self.request, self.empty, self.solution = request, empty, solution
        self.target = LEVELS.index(request.level or "Easy")

    def __call__(self, cages: list[list[int]]) -> tuple[tuple[bool, int, int, int], State, list]:
        """(solved at the target, cells solved, minus candidates left, minus
        the score), the end position and the steps."""
        r = self.request
        puzzle = killer_puzzle(self.empty, self.solution, cages, [-1] * r.size ** 2, r.sum_only)
        state = State.from_puzzle(puzzle)
        steps = []
        for step in self.solver.steps(state, self.solution, unique=False):
            if step.technique.code not in self.allowed:
                break
            steps.append(step)
        score, level = killer_scale(steps, r.size ** 2)
        done = state.is_solved() and level is not None and LEVELS.index(level) <= self.target
        cands = sum(bin(c).count("1") for c in state.cand)
        return (done, sum(v >= 0 for v in state.value), -cands, -(score or 0)), state, steps


def _climb(request: Request, judge: Judge, rng: random.Random, empty: Puzzle, solution: tuple[int, ...],
           cages: list[list[int]], rules: Rules) -> tuple[list[list[int]], list] | None:
    """A layout changed one cage at a time (:func:`_change`, among the cages
    the path left unsolved) while its path (:class:`_Path`) solves no less
    of it, until the path solves it at the target: the cages and the steps
    (a logic solve that ends solved proves the puzzle unique); None after
    :data:`CLIMB_TRIES` changes or :data:`CLIMB_STALL` in a row without progress."""
    path = _Path(request, judge, empty, solution)
    best, state, steps = path(cages)
    stall = 0
    for _ in range(CLIMB_TRIES):
        if best[0]:
            return cages, steps
        changed = _change(cages, state, solution, request.size, rng, rules, request.sum_only)
        if changed is None:
            continue
        value, after, found = path(changed)
        stall = 0 if value > best else stall + 1
        if value >= best:
            cages, best, state, steps = changed, value, after, found
        if stall > CLIMB_STALL:
            return None
    return (cages, steps) if best[0] else None


def _change(cages: list[list[int]], state: State, solution: Sequence[int], n: int, rng: random.Random,
            rules: Rules, repeats: bool) -> list[list[int]] | None:
    """One random change of a cage holding an unsolved cell (a cage of
    the cells where the path first needed more did worse: the cells it
    solves next lie elsewhere as often): cut in two (of at least two cells
    each), a cell moved to a neighbouring cage, or made one with a small
    neighbour; None when the change drawn breaks a rule."""
    unsolved = [k for k, c in enumerate(cages) if any(state.value[x] < 0 for x in c)] or list(range(len(cages)))
    k = rng.choice(unsolved)
    draw = rng.random()
    givens = [-1] * (n * n)
    least = max(rules.smallest, 2)
    if draw < 0.4:
        if len(cages[k]) < 2 * least or rules.count is not None:
            return None
        parts = split(cages[k], rng.choice(cages[k]), n, rng, least)
        out = [c for i, c in enumerate(cages) if i != k] + parts
        return out if len(parts) == 2 and rules.fits(out, givens) else None
    owner = {x: i for i, c in enumerate(cages) for x in c}
    cell = rng.choice(cages[k])
    others = sorted({owner[x] for x in neighbours(cell, n)} - {k})
    if not others:
        return None
    t = rng.choice(others)
    if draw < 0.8 or rules.count is not None:
        return _moved(cages, k, t, cell, solution, n, rules, repeats, givens) if len(cages[k]) > least else None
    clash = not repeats and bool({solution[x] for x in cages[k]} & {solution[x] for x in cages[t]})
    if len(cages[k]) + len(cages[t]) > 4 or clash:
        return None
    out = merge(cages, [(min(k, t), max(k, t))])
    return out if rules.fits(out, givens) else None


def _to_count(cages: list[list[int]], solution: Sequence[int], n: int, rng: random.Random, rules: Rules,
              repeats: bool) -> list[list[int]] | None:
    """``cages`` brought to exactly ``rules.count`` cages: the smallest
    neighbouring pairs merged, or the largest cages cut; None when no step can."""
    assert rules.count is not None
    for _ in range(n * n):
        if len(cages) > rules.count:
            pairs = merge_pairs(cages, solution, n, rng, rules.largest, repeats)
            if not pairs:
                return None
            cages = merge(cages, pairs[:1])
        elif len(cages) < rules.count:
            biggest = max(cages, key=lambda c: (len(c), rng.random()))
            parts = split(biggest, rng.choice(biggest), n, rng, max(rules.smallest, 2))
            if len(parts) != 2:
                return None
            cages = [c for c in cages if c is not biggest] + parts
        else:
            return cages
    return None


def _capped(judge: Judge, puzzle: Puzzle, solution: tuple[int, ...]) -> tuple[State, list | None]:
    """The capped solve's end position and its steps when it solved the
    puzzle (a logic solve that ends solved proves the puzzle unique)."""
    state = State.from_puzzle(puzzle)
    capped = judge.capped_path_state(puzzle, solution, state, unique=False)
    return state, (capped[0] if capped is not None and capped[1] else None)


def _repair(request: Request, judge: Judge, rng: random.Random, empty: Puzzle, solution: tuple[int, ...],
            cages: list[list[int]], givens: list[int], rules: Rules) -> tuple[list[list[int]], list | None] | None:
    """Repairs (splits, moves, givens) until the capped solve solves the layout:
    the cages and the solve's steps (None: unique, not solved by the capped
    solve, trial and error allowed), or None after :data:`MAX_REPAIRS` or
    where no repair keeps the rules."""
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
            ones = sum(len(c) == 1 for c in cages)   # (one-cell cages count as givens)
            if n * n - givens.count(-1) + len(orbit) + ones <= budget:
                for c in orbit:
                    givens[c] = solution[c]
            else:
                reshaped = reshape(cages, cell, solution, n, rng, rules, request.sum_only, givens)
                if reshaped is None:
                    return None
                cages = reshaped
            continue
        if request.allow_backtracking:
            return cages, None   # unique, and trial and error is allowed: the judge solves it in full
        # unique but too hard here: smaller cages where the capped solve got stuck
        unsolved = {c for c in range(n * n) if state.value[c] < 0} or set(range(n * n))
        stuck = sorted((cg for cg in cages if len(cg) > 1 and set(cg) & unsolved),
                       key=lambda cg: (-len(cg), rng.random()))
        repaired = None
        for biggest in stuck:   # the biggest that can be cut (or give a cell away) within the rules
            at = rng.choice([c for c in biggest if c in unsolved] or biggest)
            if rules.count is not None:
                repaired = _move(cages, biggest, at, solution, n, rules, request.sum_only, givens, smaller=True)
            else:
                cut = _split_at(cages, at, n, rng, _least(rules, cages, givens))
                repaired = cut if cut is not None and rules.fits(cut, givens) else None
            if repaired is not None:
                break
        if repaired is None:
            return None
        cages = repaired
    return None


def _least(rules: Rules, cages: Sequence[Sequence[int]], givens: Sequence[int]) -> int:
    """The fewest cells a part cut off may have: one only while one-cell cages are still allowed."""
    return max(rules.smallest, 1 if rules.singles_left(cages, givens) > 0 else 2)


def _level(steps: Sequence[Any], n: int) -> int:
    """The killer level of the path ``steps`` (an index into LEVELS)."""
    level = killer_scale(steps, n * n)[1]
    return 0 if level is None else LEVELS.index(level)


def _grow(request: Request, judge: Judge, rng: random.Random, empty: Puzzle, solution: tuple[int, ...],
          cages: list[list[int]], givens: list[int], steps: list, rules: Rules) -> tuple[list[list[int]], list] | None:
    """Neighbouring cages merged while the layout solves below the target
    level: several disjoint pairs at once while that works (far from the
    target most merges keep it easy), then one pair at a time; a merge after
    which the capped solve no longer solves the layout (a second solution,
    or a technique above the target) is undone and the next one tried.  With
    an exact count of cages, a cell moved from a cage to a bigger neighbour
    instead.  The cages and the solve's steps once the target level is
    reached, or None after :data:`MAX_REPAIRS` trials."""
    n = request.size
    target = LEVELS.index(request.level)
    trials = 0
    batch = FIRST_BATCH if rules.count is None else 1
    while _level(steps, n) < target:
        if rules.count is None:
            pairs = merge_pairs(cages, solution, n, rng, rules.grown, request.sum_only)
            if batch > 1:   # several disjoint pairs, tried once: on failure fewer at a time
                chosen: list[tuple[int, int]] = []
                for i, j in pairs:
                    if len(chosen) < batch and not {i, j} & {x for p in chosen for x in p}:
                        chosen.append((i, j))
                groups = [merge(cages, chosen)] if chosen else []
            else:
                groups = [merge(cages, [p]) for p in pairs]
        else:
            groups = _moves(cages, solution, n, rng, rules, request.sum_only, givens)
        for merged in groups:
            trials += 1
            if trials > MAX_REPAIRS:
                return None
            _, found = _capped(judge, killer_puzzle(empty, solution, merged, givens, request.sum_only), solution)
            if found is not None:
                cages, steps = merged, found
                break
        else:
            if batch <= 1:
                return None   # no merge keeps it solvable at the target
            batch //= 2
    return cages, steps


def _moves(cages: list[list[int]], solution: Sequence[int], n: int, rng: random.Random, rules: Rules,
           repeats: bool, givens: Sequence[int]) -> list[list[list[int]]]:
    """Layouts with one cell moved from a cage into a neighbour at least as
    big (bigger cages are harder), the same number of cages, at random."""
    owner = {c: i for i, cage in enumerate(cages) for c in cage}
    out = []
    for i in sorted(range(len(cages)), key=lambda k: (len(cages[k]), rng.random())):
        for cell in rng.sample(cages[i], len(cages[i])):
            targets = {owner[x] for x in neighbours(cell, n)} - {i}
            for t in sorted(targets, key=lambda k: -len(cages[k])):
                if len(cages[t]) >= len(cages[i]):
                    moved = _moved(cages, i, t, cell, solution, n, rules, repeats, givens)
                    if moved is not None:
                        out.append(moved)
                        break
        if len(out) >= 24:
            break
    return out


def _moved(cages: list[list[int]], own: int, to: int, cell: int, solution: Sequence[int], n: int, rules: Rules,
           repeats: bool, givens: Sequence[int]) -> list[list[int]] | None:
    """``cages`` with ``cell`` moved from cage ``own`` to cage ``to``, or None where that breaks a rule."""
    rest = [c for c in cages[own] if c != cell]
    if not rest or len(cages[to]) >= rules.grown or not connected(set(rest), n):
        return None
    if not repeats and solution[cell] in {solution[c] for c in cages[to]}:
        return None
    out = [list(c) for c in cages]
    out[own] = rest
    out[to].append(cell)
    return out if rules.fits(out, givens) else None


def _move(cages: list[list[int]], cage: list[int], cell: int, solution: Sequence[int], n: int, rules: Rules,
          repeats: bool, givens: Sequence[int], smaller: bool = False) -> list[list[int]] | None:
    """``cell`` moved out of ``cage`` into a neighbouring cage (a smaller one first with ``smaller``)."""
    owner = {c: i for i, cg in enumerate(cages) for c in cg}
    own = owner[cell]
    targets = sorted({owner[x] for x in neighbours(cell, n)} - {own}, key=lambda k: len(cages[k]))
    for t in targets if smaller else targets[::-1]:
        moved = _moved(cages, own, t, cell, solution, n, rules, repeats, givens)
        if moved is not None:
            return moved
    return None


def reshape(cages: list[list[int]], cell: int, solution: Sequence[int], n: int, rng: random.Random,
            rules: Rules, repeats: bool, givens: Sequence[int] = ()) -> list[list[int]] | None:
    """Break an ambiguity at ``cell``: move it into a neighbouring cage (its
    own staying connected), which changes both sums; split its cage when no
    move is possible; None when neither keeps the rules."""
    owner = {c: i for i, cage in enumerate(cages) for c in cage}
    own = owner[cell]
    targets = list({owner[x] for x in neighbours(cell, n) if owner[x] != own})
    rng.shuffle(targets)
    for t in targets:
        if len(cages[t]) < rules.largest:
            moved = _moved(cages, own, t, cell, solution, n, rules, repeats, givens)
            if moved is not None:
                return moved
    if rules.count is not None:
        return None
    cut = _split_at(cages, cell, n, rng, _least(rules, cages, givens))
    if cut is not None and rules.fits(cut, givens):
        return cut
    # neither: its cage made one with a neighbour (the sums change too)
    for i, j in merge_pairs(cages, solution, n, rng, rules.grown, repeats):
        if own in (i, j):
            return merge(cages, [(i, j)])
    return None


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


def _split_at(cages: list[list[int]], cell: int, n: int, rng: random.Random,
              smallest: int = 1) -> list[list[int]] | None:
    """``cages`` with the cage of ``cell`` split there, or None when it cannot be."""
    out = []
    for cage in cages:
        if cell in cage and len(cage) > 1:
            parts = split(cage, cell, n, rng, smallest)
            if len(parts) < 2:
                return None
            out.extend(parts)
        else:
            out.append(cage)
    return out
