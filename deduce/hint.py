"""Hints from where a player is: the next step, or what stands in the way.

A player's grid may hold a wrong symbol, or (a pencil-mark grid) may have
lost a candidate the solution needs.  Then no hint is honest: :func:`hint`
says the grid has a mistake, at three levels like every hint (the nudge
names a house to check, the clue the cell, the full text the symbol and
why).  Given the original puzzle (its givens), a wrong symbol is located
exactly, by the puzzle's solution; without it, by finding the one filled
cell whose removal makes the grid solvable again.  A solved grid, and a
grid with several solutions, say so.

>>> from deduce import read_puzzle
>>> h = hint(position(read_puzzle("5" * 2 + "." * 79)))
>>> h.status, h.text("nudge")
('mistake', 'Check row 1: a digit appears twice there.')
>>> h.text("full")
'The grid has a mistake: 5 appears twice in row 1 (r1c1 and r1c2).'
"""

from __future__ import annotations

from typing import Any, Sequence

import attrs

from . import backtrack
from .engine import Solver
from .errors import Contradiction, DeduceError
from .puzzle import Puzzle
from .state import State
from .step import Step

HINT, MISTAKE, STUCK, SOLVED, MULTIPLE = "hint", "mistake", "stuck", "solved", "multiple-solutions"
LEVELS = ("nudge", "clue", "full")


@attrs.frozen
class Hint:
    """The next ``step`` (status ``hint``), or words about the grid at each
    level (``mistake``, ``stuck``, ``solved``, ``multiple-solutions``) with
    the ``cells`` involved when known."""

    step: Step | None = None
    status: str = HINT
    #: (nudge, clue, full) when there is no step to show
    words: tuple[str, str, str] = ("", "", "")
    cells: tuple[int, ...] = ()

    @property
    def mistake(self) -> str:
        return self.words[2] if self.status == MISTAKE else ""

    @property
    def stuck(self) -> bool:
        return self.status == STUCK

    def text(self, level: str = "full") -> str:
        return self.words[LEVELS.index(level)]


def _word(puzzle: Puzzle) -> str:
    return "digit" if puzzle.is_digits else "symbol"


def _mistake(nudge: str, clue: str, full: str, cells: Sequence[int] = ()) -> Hint:
    return Hint(status=MISTAKE, words=(nudge, clue, "The grid has a mistake: " + full), cells=tuple(cells))


def _cells(g, cells: Sequence[int], conj: str = "and") -> str:
    names = [g.cell_name(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {conj} " + names[-1]


def _box_of(puzzle: Puzzle, cell: int) -> str:
    return puzzle.geometry.house_name(puzzle.geometry.cell_houses[cell][2])


def hint(state: State, solver: Solver | None = None, original: Puzzle | None = None) -> Hint:
    """The next step from ``state``, or what is wrong with it.

    ``original`` is the puzzle the player started from (same grid, its
    givens): with it a wrong symbol is found by the solution."""
    solver = solver or Solver()
    puzzle = state.puzzle
    g = puzzle.geometry
    word = _word(puzzle)
    # symbols placed twice
    for cell, v in enumerate(state.value):
        if v < 0:
            continue
        for p in puzzle.peers[cell]:
            if p > cell and state.value[p] == v:
                house = next((h for h in g.cell_houses[cell] if h in g.cell_houses[p]), None)
                shared = g.house_name(house) if house is not None else _shared(puzzle, cell, p)
                return _mistake(f"Check {shared}: a {word} appears twice there.",
                                f"{puzzle.symbols[v]} appears twice in {shared}.",
                                f"{puzzle.symbols[v]} appears twice in {shared} ({g.cell_name(cell)} and "
                                f"{g.cell_name(p)}).", (cell, p))
    broken = _broken_constraint(state)
    if broken is not None:
        return broken
    if original is not None:
        found = _against_original(state, original)
        if found is not None:
            return found
    try:
        count = backtrack.count_solutions(state, 2)
    except Contradiction as exc:
        return _mistake("Something in the grid is wrong.", "Something in the grid is wrong.", f"{exc.reason}.")
    if count == 0:
        return _diagnose(state)
    if state.is_solved():
        return Hint(status=SOLVED, words=("The grid is solved.", "The grid is solved: nothing is left to do.",
                                          f"The grid is solved: every cell holds a {word} and every house holds "
                                          f"each {word} once."))
    if count > 1:
        return Hint(status=MULTIPLE, words=(
            "This grid has more than one solution.",
            "This grid has more than one solution, so logic alone cannot finish it.",
            "This grid has more than one solution: logic alone cannot decide between them, so no step can be "
            "shown; check that the givens were copied correctly."))
    # (the solver's own path from here, on a copy: HoDoKu's starts its singles queues from this position)
    step = next(solver.steps(state.copy(), unique=True), None)
    if step is None:
        return Hint(status=STUCK, words=(
            "The techniques in use find no step here.",
            f"None of the techniques in use places a {word} or rules out a candidate from this position.",
            f"None of the techniques in use places a {word} or rules out a candidate from this position. The "
            "grid still has one solution: reaching it needs a harder technique than these, or trying a "
            f"{word} and following it until it breaks the rules (trial and error)."))
    return Hint(step=step)


def _shared(puzzle: Puzzle, a: int, b: int) -> str:
    """What makes cells ``a`` and ``b`` (in no common row, column or box) differ: their cage, or the variant
    constraint that groups them ("the diagonal r1c1-r9c9", "cells the anti-knight rule keeps apart")."""
    if puzzle.cage_of[a] >= 0 and puzzle.cage_of[a] == puzzle.cage_of[b]:
        return "a cage"
    for constraint in puzzle.constraints:
        for i, house in enumerate(constraint.houses(puzzle)):
            if a in house and b in house:
                return f"the {constraint.house_label(puzzle, i)}"
        if any(a in group and b in group for group in constraint.distinct(puzzle)):
            label = constraint.label(puzzle)
            if constraint.covered():
                return f"the {label}"
            return f"cells the {label}{'' if label.endswith('rule') else ' rule'} keeps apart"
    return "a cage"


def _broken_constraint(state: State) -> Hint | None:
    """A variant constraint the placed symbols break by themselves: two cells a dot, a thermometer or the
    non-consecutive rule ties, or an odd or even cell (what the app shows as a clash)."""
    puzzle = state.puzzle
    g = puzzle.geometry
    value, syms = state.value, puzzle.symbols
    for constraint in puzzle.constraints:
        label = constraint.label(puzzle)
        for rel in constraint.relations(puzzle):
            va, vb = value[rel.a], value[rel.b]
            if va >= 0 and vb >= 0 and not rel.allowed[va] >> vb & 1:
                a, b = g.cell_name(rel.a), g.cell_name(rel.b)
                return _mistake(f"Check the {label}.", f"{a} and {b} break the {label}.",
                                f"{a} holds {syms[va]} and {b} holds {syms[vb]}, which the {label} does not "
                                "allow.", (rel.a, rel.b))
        for cell, mask in constraint.unary(puzzle):
            if value[cell] >= 0 and not mask >> value[cell] & 1:
                return _mistake(f"Check the {label}.", f"{g.cell_name(cell)} breaks the {label}.",
                                f"{g.cell_name(cell)} holds {syms[value[cell]]}, which the {label} does not allow.",
                                (cell,))
    return None


def _against_original(state: State, original: Puzzle) -> Hint | None:
    """Compare the grid with the original puzzle and its solution."""
    puzzle = state.puzzle
    g = puzzle.geometry
    word = _word(puzzle)
    syms = puzzle.symbols
    if original.size != puzzle.size or original.geometry.region_of != g.region_of:
        raise ValueError("the original puzzle has another grid than the position")
    changed = [c for c, v in enumerate(original.givens) if v >= 0 and state.value[c] != v]
    if changed:
        c = changed[0]
        have = "is empty" if state.value[c] < 0 else f"holds {syms[state.value[c]]}"
        return _mistake(f"Check the givens in {_box_of(puzzle, c)}.", f"{g.cell_name(c)} is a given.",
                        f"{g.cell_name(c)} is given as {syms[original.givens[c]]} but {have}.", changed)
    found = backtrack.first_solutions(original, 2)
    if not found:
        return _mistake("The original puzzle has no solution.", "The original puzzle has no solution.",
                        "the original puzzle itself has no solution, so no grid from it can be finished.")
    if len(found) > 1:
        return Hint(status=MULTIPLE, words=(
            "The original puzzle has more than one solution.",
            "The original puzzle has more than one solution, so logic alone cannot finish it.",
            "The original puzzle has more than one solution: logic alone cannot decide between them, so no "
            "step can be shown and no placed digit can be called wrong."))
    solution = found[0]
    wrong = [c for c, v in enumerate(state.value) if v >= 0 and v != solution[c]]
    if wrong:
        one = len(wrong) == 1
        listed = _cells(g, wrong)
        held = _cells_values(puzzle, state, wrong)
        return _mistake(
            f"Something you placed is wrong: check {_box_of(puzzle, wrong[0])}.",
            f"{listed} {'is' if one else 'are'} wrong.",
            f"{held}, but the puzzle's only solution has another {word} there. Remove "
            f"{'it' if one else 'them'}, and anything deduced from {'it' if one else 'them'}.", wrong)
    lost = [c for c in range(puzzle.ncells) if state.value[c] < 0 and not state.cand[c] >> solution[c] & 1]
    if lost:
        one = len(lost) == 1
        return _mistake(
            f"A candidate the solution needs is gone: check {_box_of(puzzle, lost[0])}.",
            f"{_cells(g, lost)} {'has' if one else 'have'} lost a candidate {'it needs' if one else 'they need'}.",
            f"the puzzle's only solution needs "
            f"{_cells_list(puzzle, [(c, solution[c]) for c in lost])}, but "
            f"{'that candidate was' if one else 'those candidates were'} removed.", lost)
    return None


def _cells_values(puzzle: Puzzle, state: State, cells: Sequence[int]) -> str:
    g = puzzle.geometry
    items = [f"{g.cell_name(c)} holds {puzzle.symbols[state.value[c]]}" for c in cells]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _cells_list(puzzle: Puzzle, pairs: Sequence[tuple[int, int]]) -> str:
    g = puzzle.geometry
    items = [f"{puzzle.symbols[s]} in {g.cell_name(c)}" for c, s in pairs]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _diagnose(state: State) -> Hint:
    """The position has no solution: find the wrong symbol or lost candidate."""
    puzzle = state.puzzle
    g = puzzle.geometry
    word = _word(puzzle)
    filled = [c for c, v in enumerate(state.value) if v >= 0]
    plain = _state_from_values(puzzle, list(state.value))
    found = backtrack.first_solutions(plain, 2) if plain is not None else []
    if len(found) > 1:
        # the placed symbols leave several solutions: the cells down to one candidate may pick one out
        singles = [v if v >= 0 else m.bit_length() - 1 if m and not m & (m - 1) else -1
                   for v, m in zip(state.value, state.cand)]
        narrowed = _state_from_values(puzzle, singles)
        again = backtrack.first_solutions(narrowed, 2) if narrowed is not None else []
        if len(again) == 1:
            found = again
    if found:
        # the symbols are fine: a pencil mark the solution needs is gone
        solution = found[0]
        lost = [c for c in range(puzzle.ncells) if not state.cand[c] >> solution[c] & 1]
        if len(found) == 1 and lost:
            one = len(lost) == 1
            return _mistake(f"A candidate the solution needs is gone: check {_box_of(puzzle, lost[0])}.",
                            f"{_cells(g, lost)} {'has' if one else 'have'} lost a candidate "
                            f"{'it needs' if one else 'they need'}.",
                            f"{_cells(g, lost)} {'has' if one else 'have'} lost a candidate the solution needs "
                            f"({_cells_list(puzzle, [(c, solution[c]) for c in lost])}).", lost)
        return _mistake("A candidate the solution needs is gone.", "A candidate the solution needs is gone.",
                        "a candidate the solution needs has been removed.")
    suspects = []
    for cell in filled:
        values = list(state.value)
        values[cell] = -1
        reduced = _state_from_values(puzzle, values)
        if reduced is not None and backtrack.count_solutions(reduced, 1):
            suspects.append(cell)
    if len(suspects) == 1:
        c = suspects[0]
        return _mistake(f"Something placed is wrong: check {_box_of(puzzle, c)}.", f"{g.cell_name(c)} is wrong.",
                        f"{g.cell_name(c)} cannot hold {puzzle.symbols[state.value[c]]}: without it the grid "
                        f"can be finished, with it it cannot.", suspects)
    if 1 < len(suspects) <= 4:
        return _mistake("Something placed is wrong.", f"One of {_cells(g, suspects, 'or')} is wrong.",
                        f"one of {_cells(g, suspects, 'or')} is wrong: removing any one of them makes the grid "
                        f"solvable again.", suspects)
    return _mistake("Something placed is wrong.", f"The grid cannot be finished from here: a placed {word} is wrong.",
                    f"it has no solution from here, and no single placed {word} is to blame alone; give the "
                    f"original puzzle (--givens FILE) to locate the wrong one.")


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


def _state_from_values(puzzle: Puzzle, values: list[int]) -> State | None:
    try:
        return State.from_puzzle(puzzle.with_givens(values))
    except Contradiction:
        return None


class PositionError(DeduceError):
    """A player's position that cannot be read on its puzzle (one line naming the cell)."""


def player_state(puzzle: Puzzle, grid: Any) -> State:
    """The player's position on ``puzzle``'s grid, with placed symbols and
    pencil marks kept apart.  ``grid`` is one of

    - an object ``{"digits": "<N² symbols, . or 0 for empty>", "marks":
      ["<the candidates written in each cell>", ...]}``: ``marks`` (N²
      strings, optional) are the pencil marks; an empty string (or none) is
      a cell without marks, which holds every symbol the placed ones allow;
      a cell's marks are kept even when there is one (a candidate, never a
      placed symbol); marks of a cell that holds a symbol are ignored;
    - a line of N² symbols (``.`` or ``0`` for an empty cell): placed symbols only;
    - a pencil-mark grid (N rows of N cells, each its candidates): a cell
      with one candidate is a candidate, except a given of ``puzzle``
      written as its own symbol; ``+5`` is a placed 5.

    The placed symbols are taken out of their peers' candidates; the state's
    puzzle is ``puzzle`` itself, so the player's symbols are not givens (an
    avoidable rectangle stands on them), unless a given was changed: then the
    placed symbols are the state's givens.  A changed given or a clash is for
    the hint to report.

    >>> from deduce import read_puzzle
    >>> p = read_puzzle("1..." "...." "...." "....")
    >>> s = player_state(p, {"digits": "1" + "." * 15, "marks": ["", "2"] + [""] * 14})
    >>> s.value[:2], s.cand[:3]
    ([0, -1], [1, 2, 14])
    >>> player_state(p, {"digits": "1" + "." * 15, "marks": ["", "5"] + [""] * 14})
    Traceback (most recent call last):
    ...
    deduce.errors.ParseError: position: marks of r1c2: '5' is not a symbol of this puzzle (1234)
    """
    from .formats.marks import givens_placed, marks_on_grid, placed_state, symbol_mask

    n2 = puzzle.ncells
    full = (1 << puzzle.size) - 1
    if isinstance(grid, dict):
        unknown = sorted(set(grid) - {"digits", "marks"})
        if unknown:
            raise PositionError(f"position: unknown key {unknown[0]!r}; a position is {{\"digits\", \"marks\"}}")
        digits = grid.get("digits")
        if not isinstance(digits, str):
            raise PositionError(f"position: 'digits' must be a string of {n2} symbols (. for an empty cell)")
        values = _digits(puzzle, digits)
        marks = grid.get("marks")
        if marks is None:
            marks = [""] * n2
        if not isinstance(marks, list) or len(marks) != n2 or not all(m is None or isinstance(m, str) for m in marks):
            raise PositionError(f"position: 'marks' must be a list of {n2} strings, each the candidates written "
                                f"in one cell (\"\" for none)")
        masks = [symbol_mask(m, puzzle.symbols, f"position: marks of {puzzle.geometry.cell_name(k)}") if m else full
                 for k, m in enumerate(marks)]
    elif isinstance(grid, str):
        if len("".join(grid.split())) == n2:
            values = _digits(puzzle, grid)
            masks = [full] * n2
        else:
            values, masks = marks_on_grid(puzzle, grid)
            values = givens_placed(puzzle, values, masks)
    else:
        raise PositionError("position: a string (N² symbols, or a pencil-mark grid) or an object "
                            "{\"digits\", \"marks\"}")
    # the player's placed symbols are not givens: where every given is kept, the state's puzzle is the
    # puzzle itself (an avoidable rectangle is about the cells the player filled); a changed given makes
    # the placed symbols the givens, for the hint to report it
    kept = all(g < 0 or v == g for g, v in zip(puzzle.givens, values))
    return placed_state(puzzle if kept else puzzle.with_givens(values), values, masks)


def _digits(puzzle: Puzzle, text: str) -> list[int]:
    line = "".join(text.split())
    if len(line) != puzzle.ncells:
        raise PositionError(f"position: expected {puzzle.ncells} symbols (. for an empty cell), got {len(line)}")
    blanks = set(".0-_*x") - set(puzzle.symbols)
    values = []
    for k, ch in enumerate(line):
        if ch in blanks:
            values.append(-1)
        elif ch in puzzle.symbols:
            values.append(puzzle.symbols.index(ch))
        elif ch.upper() in puzzle.symbols:
            values.append(puzzle.symbols.index(ch.upper()))
        else:
            raise PositionError(f"position: cell {puzzle.geometry.cell_name(k)}: {ch!r} is not a symbol of this "
                                f"puzzle ({puzzle.symbols})")
    return values
