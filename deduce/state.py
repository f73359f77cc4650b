"""Candidate state: what each cell may still hold.

Each cell's candidates are an int bitmask over symbol indices (bit ``i`` set
means symbol ``i`` is still possible).  A cell is *solved* once a symbol has
been placed in it; placing a symbol removes it from the cell's peers.

>>> from deduce.puzzle import Puzzle
>>> s = State.from_puzzle(Puzzle.from_string("12.." "...." "...." "...."))
>>> s.candidates(2), s.value[0], s.is_solved()
([2, 3], 0, False)
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from . import _accelerator
from .errors import Contradiction
from .geometry import _SMALL_BITS, _SMALL_LIMIT, bits_of
from .solve_cache import SolveCache, scratch

if TYPE_CHECKING:
    from .puzzle import Puzzle
    from .step import Step

#: The optional C accelerator (:mod:`deduce._accelerator`): the places masks below in one call.
_ACCEL: Any = _accelerator.load()

#: The stamps of positions (:attr:`State.stamp`): one count for every state of the process.
_STAMPS = itertools.count(1)


class State:
    """Mutable candidate state of a puzzle.

    ``cand[cell]`` is the candidate mask, ``value[cell]`` the placed symbol
    or -1.  Strategies read it; only the engine changes it, through
    :meth:`apply`.

    ``stamp`` names the position: a number no other state and no other
    position of this state has had, renewed by every change made through
    :meth:`place`, :meth:`eliminate` and :meth:`apply` (a solve's cache
    tells its position by it, :mod:`deduce.solve_cache`).
    """

    __slots__ = ("_cache", "cand", "puzzle", "stamp", "value")

    def __init__(self, puzzle: Puzzle, cand: list[int], value: list[int], cache: SolveCache | None = None):
        self.puzzle = puzzle
        self.cand = cand
        self.value = value
        self._cache = cache
        self.stamp = next(_STAMPS)

    @property
    def cache(self) -> SolveCache:
        """What the solve keeps between steps (:class:`~deduce.solve_cache.SolveCache`):
        the solver's, or, for a state no solver is solving (a position looked
        at for a moment inside an assumption, a hint's), the thread's
        :func:`~deduce.solve_cache.scratch` cache."""
        cache = self._cache
        return scratch() if cache is None else cache

    @cache.setter
    def cache(self, cache: SolveCache) -> None:
        self._cache = cache

    def drop_cache(self) -> None:
        """Forget the cache (the solver's, at the end of its solve)."""
        self._cache = None

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle) -> State:
        """The starting position: givens placed, their peers' candidates removed.

        Raises :class:`Contradiction` when two givens clash.
        """
        n = puzzle.size
        full = (1 << n) - 1
        state = cls(puzzle, [full] * puzzle.ncells, [-1] * puzzle.ncells)
        g = puzzle.geometry
        for cell, sym in enumerate(puzzle.givens):
            if sym < 0:
                continue
            if not state.cand[cell] >> sym & 1:
                clash = next(p for p in puzzle.peers[cell] if state.value[p] == sym)
                raise Contradiction(
                    f"{puzzle.symbols[sym]} is given twice in {_shared_place(puzzle, cell, clash)}: "
                    f"{g.cell_name(clash)} and {g.cell_name(cell)}")
            state.place(cell, sym)
        return state

    @classmethod
    def from_candidates(cls, puzzle: Puzzle, cand: Sequence[int], value: Sequence[int] | None = None) -> State:
        """A state from explicit candidate masks (a pencil-mark grid).

        Cells with one candidate are taken as solved unless ``value`` says
        otherwise.
        """
        if value is None:
            value = [c.bit_length() - 1 if c and not c & (c - 1) else -1 for c in cand]
        return cls(puzzle, list(cand), list(value))

    def copy(self) -> State:
        return State(self.puzzle, self.cand.copy(), self.value.copy())

    # -- queries ------------------------------------------------------------

    def candidates(self, cell: int) -> list[int]:
        """The candidate symbols of ``cell``, as indices."""
        return bits_of(self.cand[cell])

    def has(self, cell: int, sym: int) -> bool:
        return bool(self.cand[cell] >> sym & 1)

    def is_solved(self) -> bool:
        return -1 not in self.value

    def bivalue_cells(self) -> list[int]:
        """Unsolved cells with exactly two candidates."""
        return [c for c, (m, v) in enumerate(zip(self.cand, self.value)) if v < 0 and m.bit_count() == 2]

    def places(self, house: int, sym: int) -> list[int]:
        """Unsolved cells of ``house`` where ``sym`` is still a candidate."""
        bit = 1 << sym
        cand, value = self.cand, self.value
        return [c for c in self.puzzle.geometry.houses[house] if value[c] < 0 and cand[c] & bit]

    def symbol_masks(self, solved: bool = False) -> list[int]:
        """Per symbol, the mask of the unsolved cells that still have it as a
        candidate, in one pass over the grid (a new list); with ``solved``,
        each mask also holds the solved cells with that symbol."""
        if _ACCEL is not None:
            return _ACCEL.symbol_masks(self.cand, self.value, self.puzzle.size, solved)
        masks = [0] * self.puzzle.size
        small, limit = _SMALL_BITS, _SMALL_LIMIT
        for c, (cm, v) in enumerate(zip(self.cand, self.value)):
            if v < 0:
                bit = 1 << c
                for s in small[cm] if cm < limit else bits_of(cm):
                    masks[s] |= bit
            elif solved:
                masks[v] |= 1 << c
        return masks

    def unsolved_mask(self) -> int:
        """The unsolved cells as a cell mask."""
        if _ACCEL is not None:
            return _ACCEL.unsolved_mask(self.value)
        m = 0
        for c, v in enumerate(self.value):
            if v < 0:
                m |= 1 << c
        return m

    def placed_in(self, house: int) -> int:
        """Mask of symbols already placed in ``house``."""
        m = 0
        for c in self.puzzle.geometry.houses[house]:
            v = self.value[c]
            if v >= 0:
                m |= 1 << v
        return m

    def candidate_count(self) -> int:
        return sum(c.bit_count() for c, v in zip(self.cand, self.value) if v < 0)

    def grid_string(self, blank: str = ".") -> str:
        syms = self.puzzle.symbols
        return "".join(syms[v] if v >= 0 else blank for v in self.value)

    # -- changes ------------------------------------------------------------

    def place(self, cell: int, sym: int) -> None:
        """Place ``sym`` in ``cell`` and remove it from the cell's peers."""
        self.value[cell] = sym
        self.cand[cell] = 1 << sym
        keep = ~(1 << sym)
        cand = self.cand
        for p in self.puzzle.peers[cell]:
            cand[p] &= keep
        self.stamp = next(_STAMPS)

    def eliminate(self, cell: int, sym: int) -> None:
        self.cand[cell] &= ~(1 << sym)
        self.stamp = next(_STAMPS)

    def apply(self, step: Step) -> None:
        """Apply a step's eliminations, then its placements."""
        for cell, sym in step.eliminations:
            self.cand[cell] &= ~(1 << sym)
        for cell, sym in step.placements:
            if self.value[cell] < 0:
                self.place(cell, sym)
        self.stamp = next(_STAMPS)

    def check(self) -> None:
        """Raise :class:`Contradiction` if the position is visibly broken:
        a cell without candidates, or a house where a symbol has no place."""
        g = self.puzzle.geometry
        n = g.size
        for cell, m in enumerate(self.cand):
            if not m:
                raise Contradiction(f"{g.cell_name(cell)} has no candidate left")
        full = (1 << n) - 1
        for h, cells in enumerate(g.houses):
            seen = 0
            for c in cells:
                seen |= self.cand[c]
            if seen != full:
                missing = bits_of(full & ~seen)[0]
                raise Contradiction(f"{self.puzzle.symbols[missing]} has no place left in {g.house_name(h)}")

    def consistent_with(self, solution: Sequence[int]) -> bool:
        """True if every solution symbol is still a candidate."""
        return all(self.cand[c] >> s & 1 for c, s in enumerate(solution))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.cand == other.cand and self.value == other.value

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<State {self.grid_string()} candidates={self.candidate_count()}>"

    def _repr_svg_(self) -> str:
        """The position with its candidates, for notebooks."""
        from .render.svg import grid_svg

        return grid_svg(self)


def _shared_place(puzzle: Puzzle, a: int, b: int) -> str:
    g = puzzle.geometry
    for h in g.common_houses(a, b):
        return g.house_name(h)
    cage = puzzle.cage_of[a]
    if cage >= 0 and cage == puzzle.cage_of[b]:
        return puzzle.cage_name(cage)
    return "the grid"


def solution_string(puzzle: Puzzle, values: Iterable[int]) -> str:
    return "".join(puzzle.symbols[v] for v in values)
