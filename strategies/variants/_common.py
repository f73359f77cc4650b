"""What the variant families share: f-puzzles cell names, orthogonal
neighbours, the centre of a cell in a picture."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from deduce.constraint import ConstraintError, Relation
from deduce.geometry import bits_of
from deduce.render.marks import Builder

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marks
    from deduce.state import State
    from deduce.step import Step

_CELL = re.compile(r"^[Rr](\d{1,2})[Cc](\d{1,2})$")


def fp_cell(name: Any, size: int, where: str) -> int:
    """The cell of f-puzzles' ``R1C2``; :class:`ConstraintError` names ``where``."""
    m = _CELL.match(name) if isinstance(name, str) else None
    if not m:
        raise ConstraintError(f"{where}: {json.dumps(name)[:30]} is not a cell like R1C1")
    r, c = int(m.group(1)), int(m.group(2))
    if not (1 <= r <= size and 1 <= c <= size):
        raise ConstraintError(f"{where}: cell {name} is outside the {size}x{size} grid")
    return (r - 1) * size + c - 1


def fp_name(cell: int, size: int) -> str:
    """f-puzzles' name of ``cell``: ``R1C2``."""
    return f"R{cell // size + 1}C{cell % size + 1}"


def fp_list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise ConstraintError(f"'{key}' must be a list")
    return value


def fp_value(item: dict[str, Any], default: int, where: str) -> int:
    """An item's ``value`` (a number, or a string of digits), ``default`` when absent."""
    value = item.get("value")
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value) < 4:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConstraintError(f"{where}: value {json.dumps(value)[:30]} is not a whole number")
    return value


def touching(a: int, b: int, size: int) -> bool:
    """True when cells ``a`` and ``b`` share an edge."""
    (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
    return abs(ra - rb) + abs(ca - cb) == 1


def king_adjacent(a: int, b: int, size: int) -> bool:
    """True when cells ``a`` and ``b`` touch by an edge or a corner."""
    (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def centre(layout: Any, cell: int) -> tuple[float, float]:
    """The centre of ``cell`` in a picture's layout."""
    x, y = layout.xy(cell)
    return x + layout.cs / 2, y + layout.cs / 2


def check_cells(cells: tuple[int, ...], size: int, what: str) -> None:
    for c in cells:
        if not 0 <= c < size * size:
            raise ConstraintError(f"{what}: a cell is outside the {size}x{size} grid")


def relation_eliminations(state: State, rel: Relation) -> list[tuple[int, int, int, int]]:
    """What a relation removes, both ways: (cell, symbol, the other cell, the
    other's symbols that would pair with it)."""
    cand, value = state.cand, state.value
    out = []
    for r in (rel, rel.reverse()):
        if value[r.a] >= 0:
            continue
        keep = r.support(cand[r.a], cand[r.b])
        for s in bits_of(cand[r.a] & ~keep):
            out.append((r.a, s, r.b, r.allowed[s]))
    return out


def knight_pairs(size: int) -> tuple[tuple[int, int], ...]:
    """Every pair of cells a knight's move apart."""
    return move_pairs(size, ((1, 2), (2, 1), (1, -2), (2, -1)))


def king_pairs(size: int) -> tuple[tuple[int, int], ...]:
    """Every pair of cells a king's move apart (by an edge or a corner)."""
    return move_pairs(size, ((0, 1), (1, -1), (1, 0), (1, 1)))


def move_pairs(size: int, moves: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    out = []
    for r in range(size):
        for c in range(size):
            for dr, dc in moves:
                if 0 <= r + dr < size and 0 <= c + dc < size:
                    out.append((r * size + c, (r + dr) * size + c + dc))
    return tuple(out)


def orthogonal_pairs(size: int) -> tuple[tuple[int, int], ...]:
    """Every pair of cells sharing an edge, the smaller cell first."""
    return move_pairs(size, ((0, 1), (1, 0)))


def fp_flag(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ConstraintError(f"'{key}' must be true or false")
    return value


def constraint_picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    """A constraint step's picture: the constraint's cells (``("constraint", index)`` in the step's details) as
    the pattern, what the step removes as usual."""
    b = Builder(step, state)
    b.cell_roles(puzzle.constraints[step.detail("constraint")].covered(), "pattern")
    return b.done()
