"""HoDoKu's choice among singles, for the ``hodoku`` profile's path.

HoDoKu scores every single it places (full house and naked single 4,
hidden single 14), so its score depends on *which* single it takes when
several are open: placing one hidden single can turn the next cell into a
naked single (4) where another choice would have left a hidden single
(14).  HoDoKu does not scan the grid for singles; it keeps two queues, fed
while candidates go:

* a cell joins the **naked-single queue** when its last-but-one candidate
  goes;
* a (cell, digit) joins the **hidden-single queue** when a digit's places
  in a house (row, column, box, in that order for each cell) drop to one:
  the first cell of the house that still holds the digit; when the places
  drop to none, the first queued entry of that digit in that house leaves
  the queue.

Placing a digit removes it from the cell's peers in cell order (rows top to
bottom, each left to right), then accounts for the cell's own candidates; a
step's eliminations go one by one, in the order HoDoKu lists them
(:func:`elimination_order`); the givens are
placed the same way, in cell order, on an empty grid.  At each turn HoDoKu
takes the first queued cell that is a full house (leaving the queue as it
is), else the first queued naked single still open (dropping what it passes
over), else the first queued hidden single still open (likewise).

:class:`SinglesQueues` replays exactly that bookkeeping beside deduce's
own state, so the ``hodoku`` profile places the singles HoDoKu places, in
its order.  Only the 9x9 classic grid has HoDoKu's scale.

>>> from deduce.puzzle import Puzzle
>>> from deduce.state import State
>>> q = SinglesQueues.from_state(State.from_puzzle(Puzzle.from_string(
...     "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19")))
>>> q.full_house(), q.naked_single()
(None, (61, 4))
>>> q.place(61, 4); q.naked_single()
(73, 5)
>>> q.place(73, 5); q.naked_single()
(77, 2)
>>> q.place(77, 2); q.naked_single(), q.hidden_single()
(None, (5, 7))

(HoDoKu: naked singles r7c8=5, r9c2=6, r9c6=3, then hidden single r1c6=8.)
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Sequence

import attrs

from .. import deadline
from ..engine import Solver, SolveResult, effective
from ..puzzle import Puzzle
from ..solve_cache import SolveCache
from ..state import State
from ..step import Step
from ..strategy import Strategy

N = 9
ALL = (1 << N) - 1


def _units() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int, int], ...], tuple[tuple[int, ...], ...]]:
    rows = [tuple(r * N + c for c in range(N)) for r in range(N)]
    cols = [tuple(r * N + c for r in range(N)) for c in range(N)]
    boxes = [tuple(sorted(r * N + c for r in range(b // 3 * 3, b // 3 * 3 + 3)
                          for c in range(b % 3 * 3, b % 3 * 3 + 3))) for b in range(N)]
    units = tuple(rows + cols + boxes)
    # each cell's houses: its row, its column, its box (HoDoKu's order)
    of_cell = tuple((i // N, N + i % N, 2 * N + i // N // 3 * 3 + i % N // 3) for i in range(N * N))
    peers = tuple(tuple(j for j in range(N * N) if j != i and set(of_cell[i]) & set(of_cell[j]))
                  for i in range(N * N))
    return units, of_cell, peers


UNITS, CELL_UNITS, PEERS = _units()


class SinglesQueues:
    """HoDoKu's two singles queues over a 9x9 grid (cells 0-80, digits
    0-8), kept in step with the changes made to it (:meth:`place`,
    :meth:`eliminate`, :meth:`apply`)."""

    __slots__ = ("cand", "free", "hs", "ns", "value")

    def __init__(self) -> None:
        self.cand = [ALL] * (N * N)
        self.value = [-1] * (N * N)
        #: free[unit][digit]: how many cells of the unit still hold the digit
        self.free = [[N] * N for _ in UNITS]
        #: the queues: (cell, digit) in the order they became singles
        self.ns: list[tuple[int, int]] = []
        self.hs: list[tuple[int, int]] = []

    @classmethod
    def from_state(cls, state: State) -> SinglesQueues:
        """The queues after placing ``state``'s placed digits in cell order
        (HoDoKu's way of reading a puzzle), then removing the candidates
        ``state`` has already lost (by digit, then cell)."""
        q = cls()
        for cell, v in enumerate(state.value):
            if v >= 0:
                q.place(cell, v)
        gone = []  # (digit, cell): the candidates the queues hold and the state has lost
        for cell, m in enumerate(state.cand):
            lost = q.cand[cell] & ~m
            if lost and state.value[cell] < 0:
                gone += [(d, cell) for d in range(N) if lost >> d & 1]
        gone.sort()
        for d, cell in gone:
            q.eliminate(cell, d)
        return q

    # -- changes ------------------------------------------------------------

    def _add_hidden(self, unit: int, d: int) -> None:
        bit = 1 << d
        for cell in UNITS[unit]:
            if self.cand[cell] & bit:
                self.hs.append((cell, d))
                return

    def _drop_hidden(self, unit: int, d: int) -> None:
        for i, (cell, digit) in enumerate(self.hs):
            if digit == d and unit in CELL_UNITS[cell]:
                del self.hs[i]
                return

    def eliminate(self, cell: int, d: int) -> None:
        """Remove candidate ``d`` of ``cell`` (nothing if it is gone)."""
        bit = 1 << d
        m = self.cand[cell]
        if not m & bit:
            return
        m &= ~bit
        self.cand[cell] = m
        if m and not m & (m - 1):
            self.ns.append((cell, m.bit_length() - 1))
        free = self.free
        for unit in CELL_UNITS[cell]:
            counts = free[unit]
            left = counts[d] - 1
            counts[d] = left
            if left == 1:
                self._add_hidden(unit, d)
            elif left == 0:
                self._drop_hidden(unit, d)

    def place(self, cell: int, d: int) -> None:
        """Place ``d`` in ``cell``: the digit leaves the peers, in cell order,
        then the cell's own candidates leave its houses."""
        if self.value[cell] == d:
            return
        cand = self.cand
        own = cand[cell]
        self.value[cell] = d
        cand[cell] = 0
        for p in PEERS[cell]:
            if cand[p] >> d & 1:  # (eliminate's own test, read first: most peers lack d)
                self.eliminate(p, d)
        free = self.free
        for c in range(N):
            if own >> c & 1:
                for unit in CELL_UNITS[cell]:
                    free[unit][c] -= 1
                    if free[unit][c] == 1 and c != d:
                        self._add_hidden(unit, c)

    def apply(self, step: Step) -> None:
        """A step's eliminations (in HoDoKu's order: :func:`elimination_order`),
        then its placements."""
        for cell, d in elimination_order(step):
            self.eliminate(cell, d)
        for cell, d in step.placements:
            self.place(cell, d)

    # -- HoDoKu's next single -----------------------------------------------

    def full_house(self) -> tuple[int, int] | None:
        """The first queued naked single that is the last empty cell of one
        of its houses (the queue is left as it is)."""
        free, value = self.free, self.value
        for cell, d in self.ns:
            if value[cell] < 0:
                for unit in CELL_UNITS[cell]:
                    counts = free[unit]
                    if sum(counts) == counts[d]:  # (no other digit has a place left: counts are never negative)
                        return cell, d
        return None

    def naked_single(self) -> tuple[int, int] | None:
        """The first queued naked single still open; the entries before it
        (and it) leave the queue."""
        return self._take(self.ns)

    def hidden_single(self) -> tuple[int, int] | None:
        """The first queued hidden single of a cell still empty; the entries
        before it (and it) leave the queue.  None if that entry is no longer
        a hidden single in any of its houses."""
        found = self._take(self.hs)
        if found is not None and not any(self.free[unit][found[1]] == 1 for unit in CELL_UNITS[found[0]]):
            return None
        return found

    def _take(self, queue: list[tuple[int, int]]) -> tuple[int, int] | None:
        value = self.value
        while queue:
            cell, d = queue.pop(0)
            if value[cell] < 0:
                return cell, d
        return None


def _shared_units(cells: Sequence[int]) -> list[int]:
    """The houses (row, column, box: HoDoKu's order) holding all of ``cells``."""
    return [u for u in CELL_UNITS[cells[0]] if all(u in CELL_UNITS[c] for c in cells)]


def elimination_order(step: Step) -> list[tuple[int, int]]:
    """``step``'s eliminations in the order HoDoKu makes them (it matters:
    the singles they leave join the queues in that order).  A naked or
    locked subset empties its shared houses (row, column, box) cell by
    cell; a hidden subset clears its cells in cell order; a Sue de Coq the
    rest of its box, then the rest of its line, cell by cell, a unique
    rectangle type 3 its subset's house, then the box; other steps go digit
    by digit, each in cell order."""
    code = step.technique.code
    elims = step.eliminations
    if code in _NAKED_SUBSETS:
        units = _shared_units(step.cells)
        rank = {c: next((i for i, u in enumerate(units) if u in CELL_UNITS[c]), len(units)) for c, _ in elims}
        return sorted(elims, key=lambda e: (rank[e[0]], e[0], e[1]))
    if code in _HIDDEN_SUBSETS:
        return sorted(elims)
    if code in ("sue-de-coq", "ur3"):  # one house first (SdC: the box; UR 3: the subset's), cell by cell
        first = set(UNITS[step.houses[-1 if code == "sue-de-coq" else 0]])
        return sorted(elims, key=lambda e: (e[0] not in first, e[0], e[1]))
    return sorted(elims, key=lambda e: (e[1], e[0]))


_NAKED_SUBSETS = frozenset(("np", "nt", "nq", "locked-pair", "locked-triple"))
_HIDDEN_SUBSETS = frozenset(("hp", "ht", "hq"))


# -- which step HoDoKu takes first within a technique ---------------------------

def _house_rank(house: int) -> tuple[int, int]:
    """HoDoKu's order of houses for subsets: boxes, then rows, then columns
    (deduce numbers rows 0-8, columns 9-17, boxes 18-26)."""
    return ((house // N + 1) % 3, house % N)


def _locked_subset(step: Step) -> bool:
    """HoDoKu calls a naked pair or triple inside a line and a box *locked*
    only when it removes candidates from the box and from the line outside
    the box (otherwise it is a plain naked subset, found later)."""
    line, box = step.houses
    box_cells = set(UNITS[box])
    line_cells = set(UNITS[line])
    cells = {c for c, _ in step.eliminations}
    return bool(cells & box_cells) and bool(cells & (line_cells - box_cells))


def _skyscraper(step: Step) -> bool:
    """HoDoKu's skyscraper: two rows (columns) whose joined ends share a
    column (row); joined through a box only, it is a turbot fish there."""
    b, c = step.cells[1:3]
    if step.houses[0] < N:  # two rows: the joined ends share a column
        return b % N == c % N
    return b // N == c // N


def _kite(step: Step) -> tuple[int, int, int]:
    """HoDoKu's 2-string kites: digit by digit, the row, then the column."""
    rows = sorted(step.houses)
    return step.symbols[0], rows[0], rows[1]


def _xy_wing(step: Step) -> tuple[tuple[int, ...], int]:
    """HoDoKu's XY-wings: the three bivalue cells in cell order, then the
    pivot: the first of them, the second, the third."""
    cells = tuple(sorted(step.cells))
    return cells, cells.index(step.cells[0])


def _sue_de_coq(step: Step) -> tuple[Any, ...]:
    """HoDoKu's Sue de Coq: rows then columns, each with the boxes in order;
    in one intersection its cells, then the line's cells, then the box's
    (each set in the order of its cells, a set before its extensions)."""
    d = dict(step.details)
    return (*step.houses, d["core"], d["line_cells"], d["box_cells"])


def _empty_rectangle(step: Step) -> tuple[int, ...]:
    """HoDoKu's empty rectangles: digit by digit, box by box, the crossing
    row and column from the box's last (bottom right) to its first; for
    each, strong links in columns from the crossing row, then in rows from
    the crossing column, each by its cell on the cross."""
    r, c = step.detail("cross")
    near = step.detail("link")[0]
    return step.symbols[0], step.detail("box"), -(r % 3), -(c % 3), step.houses[1] < N, near


def _full_empty_rectangle(step: Step) -> bool:
    """HoDoKu's empty rectangle has two candidates (or more) in its row or
    in its column (the crossing cell counted), not one in each."""
    r, c = step.detail("cross")
    box_cells = step.cells[:-2]
    return sum(x // N == r for x in box_cells) >= 2 or sum(x % N == c for x in box_cells) >= 2


def _als_rank(record: tuple[tuple[int, ...], tuple[int, ...], int]) -> tuple[int, tuple[int, ...]]:
    """Where HoDoKu lists an almost locked set: house by house (rows,
    columns, boxes), each house's sets in the order of their cells (a set
    before its extensions); a set met again in a later house keeps its
    first place."""
    cells, _, house = record
    return house, tuple(cells)


def _als_xz(step: Step) -> tuple[Any, ...]:
    """HoDoKu's ALS-XZ: the first pair of sets (the earlier set first) whose
    restricted commons remove anything."""
    return tuple(sorted(_als_rank(r) for r in step.detail("sets")))


def _als_xy_wing(step: Step) -> tuple[Any, ...]:
    """HoDoKu's ALS-XY-wing: the first pair of restricted commons (each a
    pair of sets, as :func:`_als_xz`) that joins two wings to one pivot."""
    a, b, c = (_als_rank(r) for r in step.detail("sets"))
    return tuple(sorted((tuple(sorted((a, c))), tuple(sorted((b, c))))))


def _index_sum(step: Step) -> int:
    """HoDoKu's tie-break between steps with as many eliminations: the
    eliminations (by digit, then cell) weighted by their position."""
    out, weight = 0, 1
    for cell, d in sorted(step.eliminations, key=lambda e: (e[1], e[0])):
        out += cell * weight + d + 1
        weight += 80
    return out


def bug_as_eliminations(step: Step, state: State) -> Step:
    """HoDoKu's BUG+1 removes the odd cell's other candidates (the cell is
    then a naked single) where deduce's places the digit."""
    if not step.placements:
        return step
    (cell, d), = step.placements
    others = [(cell, c) for c in range(N) if state.cand[cell] >> c & 1 and c != d]
    return attrs.evolve(step, placements=(), eliminations=others)


def _first(key: Callable[[Step], Any]) -> Callable[[Iterable[Step]], Step | None]:
    def pick(steps: Iterable[Step]) -> Step | None:
        return min(steps, key=key, default=None)
    return pick


#: Per technique code, how HoDoKu picks the step it applies among those
#: deduce's strategy finds (first in deduce's own order otherwise):
#:
#: * locked candidates: pointing box by box, each digit in order; claiming
#:   in rows then columns, each digit in order;
#: * naked subsets: boxes, rows, columns, each house's cells in order;
#:   hidden subsets: the same houses, each house's digits in order;
#: * locked pair and triple: only those HoDoKu calls locked
#:   (:func:`_locked_subset`), box by box;
#: * skyscrapers: rows before columns, digit by digit, line by line; only
#:   those HoDoKu calls skyscrapers (:func:`_skyscraper`); 2-string kites:
#:   digit by digit, row, column;
#: * W-wings: by their two bivalue cells, then the symbol removed; empty
#:   rectangles (:func:`_empty_rectangle`, :func:`_full_empty_rectangle`);
#: * XY-wings and XYZ-wings: by their cells (:func:`_xy_wing`); Sue de Coq
#:   (:func:`_sue_de_coq`); unique and hidden rectangles come in HoDoKu's
#:   order (their ``missing`` setting);
#: * ALS-XZ and ALS-XY-wing: HoDoKu's first (:func:`_als_xz`,
#:   :func:`_als_xy_wing`), each step with all its eliminations (the
#:   strategies' ``whole`` setting);
#: * remote pairs, X-chains, XY-chains, turbot fish and nice loops/AICs
#:   (grouped too): HoDoKu finds them all and takes the one with most
#:   eliminations (then :func:`_index_sum`); a chain's step carries every
#:   elimination the one chain justifies (:mod:`strategies._aic_shape`);
#:   a remote pair removes along the whole chain and an XY-chain from its own
#:   cells too (the strategies' settings, :data:`SETTINGS`).
PICK: dict[str, Callable[[Iterable[Step]], Step | None]] = {
    "lc1": _first(lambda s: (s.houses[0], s.symbols)),
    "lc2": _first(lambda s: (s.houses[0], s.symbols)),
    **{code: _first(lambda s: (_house_rank(s.houses[0]), s.cells)) for code in ("np", "nt", "nq")},
    **{code: _first(lambda s: (_house_rank(s.houses[0]), s.symbols)) for code in ("hp", "ht", "hq")},
    **{code: _first(lambda s: (s.houses[1], s.cells)) for code in ("locked-pair", "locked-triple")},
    "skyscraper": _first(lambda s: (s.houses[0] >= N, s.symbols[0], sorted(s.houses))),
    "2-string-kite": _first(_kite),
    "xy-wing": _first(_xy_wing),
    "sue-de-coq": _first(_sue_de_coq),
    "xyz-wing": _first(lambda s: (s.cells[0], sorted(s.cells[1:]))),
    "empty-rectangle": _first(_empty_rectangle),
    "w-wing": _first(lambda s: (sorted(s.cells[:2]), s.symbols[0])),
    "als-xz": _first(_als_xz),
    "als-xy-wing": _first(_als_xy_wing),
    **{code: _first(lambda s: (-len(s.eliminations), _index_sum(s)))
       for code in ("remote-pair", "x-chain", "xy-chain", "turbot-fish", "aic", "grouped-aic")},
}
def _locked_candidates(strategy: Any, state: State) -> Step | None:
    """:data:`PICK`'s locked candidates step (pointing or claiming) from the
    strategy's found tuples (``found_here``: symbol, source, target, ...),
    building that step only (each tuple's step removes something: all are
    effective)."""
    best = min(strategy.found_here(state), key=lambda t: (t[1], t[0]), default=None)
    return None if best is None else strategy.step(*best)


#: Techniques whose HoDoKu step is picked without building the others (when
#: the strategy is the built-in one: it has ``found_here``); the same step
#: as :data:`PICK` picks.
PICK_FOUND: dict[str, Callable[[Any, State], Step | None]] = {"lc1": _locked_candidates, "lc2": _locked_candidates}


def _nice_loop(step: Step) -> bool:
    """A chain HoDoKu's nice loop search finds: one strand (not a net, which
    it finds only as a forcing net), and by default no almost locked set as a
    node (its option "allow ALS in tabling chains" is off)."""
    aic = step.detail("aic")
    return aic is not None and all(node[2] < 0 for node in aic[0])


#: Steps HoDoKu does not count as the technique (see :func:`_locked_subset`, :func:`_nice_loop`).
ACCEPT: dict[str, Callable[[Step], bool]] = {"locked-pair": _locked_subset, "locked-triple": _locked_subset,
                                             "skyscraper": _skyscraper, "empty-rectangle": _full_empty_rectangle,
                                             "aic": _nice_loop, "grouped-aic": _nice_loop}


# -- the solver -----------------------------------------------------------------

#: Per position (candidates and values), per strategy (its id, or a pair
#: for a HoDoKu-only choice), the step found there or None: shared by the
#: rating's solves, which meet at the same positions.
Memo = dict[tuple[int, ...], dict[Any, "Step | None"]]


def first_step(known: dict[Any, Step | None], strategy: Strategy, state: State) -> Step | None:
    """``strategy``'s first effective step at ``state``, remembered in ``known``."""
    key = id(strategy)
    if key not in known:
        known[key] = next((s for s in strategy.find(state) if effective(s, state)), None)
    return known[key]


def hodoku_step(known: dict[Any, Step | None], strategy: Strategy, state: State) -> Step | None:
    """The step HoDoKu would apply for ``strategy``'s technique (:data:`PICK`,
    :data:`ACCEPT`), remembered in ``known``; the first one otherwise."""
    code = strategy.technique.code
    pick = PICK.get(code)
    if pick is None:
        return first_step(known, strategy, state)
    key = (id(strategy), "hodoku")
    if key not in known:
        picked = PICK_FOUND.get(code)
        if picked is not None and hasattr(strategy, "found_here"):
            known[key] = picked(strategy, state)
        else:
            accept = ACCEPT.get(code, bool)
            known[key] = pick(s for s in strategy.find(state) if effective(s, state) and accept(s))
    return known[key]


#: Strategy settings for HoDoKu's reading of a technique (each is an
#: attribute of the built-in strategy; a strategy without it is used as is).
SETTINGS: dict[str, dict[str, Any]] = {"hidden-rectangle": {"missing": True}, "aic": {"tabling": True},
                                       **{f"ur{k}": {"missing": True} for k in range(1, 7)},
                                       "avoidable-rectangle": {"bivalue": True},
                                       "grouped-aic": {"sets": False, "tabling": True},
                                       "cell-region-forcing": {"tabling": True}, "nishio": {"tabling": True},
                                       "dynamic-forcing": {"tabling": True},
                                       "als-xz": {"whole": True}, "als-xy-wing": {"whole": True},
                                       "remote-pair": {"whole": True}, "xy-chain": {"cannibal": True},
                                       "multi-colours": {"whole": True}, "sue-de-coq": {"shared": True},
                                       "als-chain": {"hodoku": True}, "x-chain": {"loops": False}}


def _hodoku_strategy(strategy: Strategy) -> Strategy:
    wanted = SETTINGS.get(strategy.technique.code)
    kind: Any = type(strategy)
    if wanted and attrs.has(kind) and set(wanted) <= set(attrs.fields_dict(kind)):
        return attrs.evolve(strategy, **wanted)  # type: ignore[misc]
    return strategy


#: The singles HoDoKu takes from its queues.
_QUEUED = {"fh": SinglesQueues.full_house, "ns": SinglesQueues.naked_single, "hs": SinglesQueues.hidden_single}


class HodokuSolver(Solver):
    """The ``hodoku`` profile's solver, on HoDoKu's path: the profile's
    techniques in HoDoKu's order, singles taken from HoDoKu's queues
    (:class:`SinglesQueues`, replayed beside the state), and within the
    other techniques the step HoDoKu applies (:func:`hodoku_step`).  Puzzles
    other than classic 9x9 ones are solved as the plain profile solves them.
    ``memo`` shares the searches with other solves of the same puzzle (see
    :class:`~deduce.rating.Rater`).

    >>> from deduce.puzzle import Puzzle
    >>> steps = HodokuSolver().solve(Puzzle.from_string(
    ...     "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19")).steps
    >>> sum(s.technique.hodoku for s in steps), [s.technique.code for s in steps[17:21]]
    (556, ['lc1', 'lc1', 'lc1', 'lc1'])
    """

    def __init__(self, *, uniqueness: bool = True, memo: Memo | None = None, **options: Any):
        super().__init__(profile="hodoku", uniqueness=uniqueness, **options)
        self.strategies = [_hodoku_strategy(s) for s in self.strategies]
        self.memo: Memo = {} if memo is None else memo
        self._queues: SinglesQueues | None = None
        self._last: Step | None = None
        self._on = False

    def iter_solve(self, target: Puzzle | State, *, cache: SolveCache | None = None,
                   solution: Sequence[int] | None = None) -> Iterator[Step | SolveResult]:
        self._begin(target.puzzle if isinstance(target, State) else target)
        return super().iter_solve(target, cache=cache, solution=solution)

    def steps(self, state: State, solution: Sequence[int] | None = None, unique: bool = False, *,
              cache: SolveCache | None = None) -> Iterator[Step]:
        """:meth:`Solver.steps` on HoDoKu's path from ``state`` (a path of its own: singles queues made afresh)."""
        self._begin(state.puzzle)
        return super().steps(state, solution, unique, cache=cache)

    def resume(self, state: State, solution: Sequence[int] | None = None, unique: bool = False, *,
               after: HodokuSolver) -> Iterator[Step]:
        """:meth:`steps` from ``state``, where the path of ``after`` (a solver
        with fewer of the profile's techniques, the first ones) stopped: the
        same path goes on (its singles queues with it)."""
        self._queues, self._last, self._on = after._queues, after._last, after._on
        return super().steps(state, solution, unique)

    def _begin(self, puzzle: Puzzle) -> None:
        self._queues = self._last = None
        self._on = puzzle.size == N and not puzzle.has_cages and not puzzle.geometry.is_jigsaw

    def next_step(self, state: State, strategies: Sequence[Strategy] | None = None) -> Step | None:
        if strategies is None:
            strategies = self.usable(state.puzzle, unique=False)
        known = self.memo.setdefault((*state.cand, *state.value), {})
        if not self._on:
            return next((s for s in (first_step(known, st, state) for st in strategies) if s is not None), None)
        queues = self._queues
        if queues is None:
            queues = self._queues = SinglesQueues.from_state(state)
        elif self._last is not None:
            queues.apply(self._last)
        step = self._next(state, strategies, queues, known)
        if step is not None and step.technique.code == "bug+1":
            step = bug_as_eliminations(step, state)
        self._last = step
        return step

    def _next(self, state: State, strategies: Sequence[Strategy], queues: SinglesQueues,
              known: dict[Any, Step | None]) -> Step | None:
        for strategy in strategies:
            deadline.check()
            take = _QUEUED.get(strategy.technique.code)
            if take is None:
                step = hodoku_step(known, strategy, state)
            else:
                single = take(queues)
                placing = getattr(strategy, "placing", None)  # (the singles' own: builds that step only)
                if single is None:
                    step = None
                elif placing is not None:
                    step = placing(state, *single)
                else:
                    step = next((s for s in strategy.find(state) if s.placements[0] == single), None)
            if step is not None:
                return step
        return None
