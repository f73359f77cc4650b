"""Hints from where a player is: the next step, or the mistake in the way.

A player's grid may hold a wrong symbol, or (a pencil-mark grid) may have
lost a candidate the solution needs.  Then no hint is honest: :func:`hint`
says the grid has a mistake, and which cell when it can tell.
"""

from __future__ import annotations

import attrs

from . import backtrack
from .engine import Solver
from .errors import Contradiction
from .puzzle import Puzzle
from .state import State
from .step import Step


@attrs.frozen
class Hint:
    """Either ``step`` (the next step) or ``mistake`` (what is wrong, in
    words) with the ``cells`` involved when known; ``stuck`` when no enabled
    technique applies."""

    step: Step | None = None
    mistake: str = ""
    cells: tuple[int, ...] = ()
    stuck: bool = False


def hint(state: State, solver: Solver | None = None) -> Hint:
    """The next step from ``state``, or what is wrong with it."""
    solver = solver or Solver()
    puzzle = state.puzzle
    g = puzzle.geometry
    # symbols placed twice
    for cell, v in enumerate(state.value):
        if v < 0:
            continue
        for p in puzzle.peers[cell]:
            if p > cell and state.value[p] == v:
                shared = next((g.house_name(h) for h in g.cell_houses[cell] if h in g.cell_houses[p]), "a cage")
                return Hint(mistake=f"the grid has a mistake: {puzzle.symbols[v]} appears twice in {shared} "
                                    f"({g.cell_name(cell)} and {g.cell_name(p)})", cells=(cell, p))
    try:
        count = backtrack.count_solutions(state, 2)
    except Contradiction as exc:
        return Hint(mistake=f"the grid has a mistake: {exc.reason}")
    if count == 0:
        return _diagnose(state)
    step = solver.next_step(state, solver.usable(puzzle, unique=count == 1))
    if step is None:
        return Hint(stuck=True)
    return Hint(step=step)


def _diagnose(state: State) -> Hint:
    """The position has no solution: find the wrong symbol or lost candidate."""
    puzzle = state.puzzle
    g = puzzle.geometry
    filled = [c for c, v in enumerate(state.value) if v >= 0]
    plain = _state_from_values(puzzle, list(state.value))
    found = backtrack.first_solutions(plain, 2) if plain is not None else []
    if found:
        # the symbols are fine: a pencil mark the solution needs is gone
        solution = found[0]
        lost = [c for c in range(puzzle.ncells) if not state.cand[c] >> solution[c] & 1]
        if len(found) == 1 and lost:
            return Hint(mistake=f"the grid has a mistake: {_cells(g, lost)} "
                                f"{'has' if len(lost) == 1 else 'have'} lost a candidate the solution needs",
                        cells=tuple(lost))
        return Hint(mistake="the grid has a mistake: a candidate the solution needs has been removed")
    suspects = []
    for cell in filled:
        values = list(state.value)
        values[cell] = -1
        reduced = _state_from_values(puzzle, values)
        if reduced is not None and backtrack.count_solutions(reduced, 1):
            suspects.append(cell)
    if len(suspects) == 1:
        return Hint(mistake=f"the grid has a mistake: {g.cell_name(suspects[0])} cannot hold "
                            f"{puzzle.symbols[state.value[suspects[0]]]}", cells=tuple(suspects))
    if 1 < len(suspects) <= 4:
        return Hint(mistake=f"the grid has a mistake: one of {_cells(g, suspects, 'or')} is wrong",
                    cells=tuple(suspects))
    return Hint(mistake="the grid has a mistake: it has no solution from here")


def position(puzzle: Puzzle) -> State:
    """The position of a player's grid, even when symbols clash (the hint
    then names the clash instead of failing)."""
    n = puzzle.size
    state = State(puzzle, [(1 << n) - 1] * puzzle.ncells, [-1] * puzzle.ncells)
    for cell, v in enumerate(puzzle.givens):
        if v >= 0:
            state.value[cell] = v
            state.cand[cell] = 1 << v
    for cell, v in enumerate(puzzle.givens):
        if v >= 0:
            for p in puzzle.peers[cell]:
                if state.value[p] < 0:
                    state.cand[p] &= ~(1 << v)
    return state


def _cells(g, cells, conj: str = "and") -> str:
    names = [g.cell_name(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {conj} " + names[-1]


def _state_from_values(puzzle: Puzzle, values: list[int]) -> State | None:
    try:
        return State.from_puzzle(puzzle.with_givens(values))
    except Contradiction:
        return None
