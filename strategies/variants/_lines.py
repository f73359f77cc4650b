"""What the line families share: reading f-puzzles' ``lines`` items,
checking that a line's cells touch, drawing a line, the sums a line's
cells can make, and the step of a narrowing with its reasons.

>>> [v for v in range(12) if sums([0b111, 0b110]) >> v & 1]  # {1,2,3} + {2,3}
[3, 4, 5, 6]
>>> [bin(m) for m in keep_for_sums([0b111, 0b110], 1 << 6)]  # the sum must be 6
['0b100', '0b100']
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, ClassVar, Iterable

import attrs

from deduce.constraint import Constraint, ConstraintError, Relation
from deduce.geometry import bits_of
from deduce.render.words.prose import prose
from deduce.state import State
from deduce.step import Step

from ._common import centre, fp_cell, fp_list, fp_name, king_adjacent, relation_eliminations

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.technique import Technique

VARIANTS = "variants"


def cells_of(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(int(c) for c in value)


def read_lines(key: str, value: Any, size: int, what: str | None = None) -> list[tuple[int, ...]]:
    """The lines of f-puzzles items ``{"lines": [["R1C1", "R1C2", ...], ...]}``
    (each item's lines, in order); :class:`ConstraintError` names the item."""
    out = []
    for k, item in enumerate(fp_list(value, key), 1):
        where = f"{what or key} {k}"
        lines = item.get("lines") if isinstance(item, dict) else None
        if not isinstance(lines, list) or not lines:
            raise ConstraintError(f"{where}: 'lines' must be a non-empty list of cell lists")
        for line in lines:
            if not isinstance(line, list) or not line:
                raise ConstraintError(f"{where}: a line must be a non-empty list of cells")
            out.append(tuple(fp_cell(x, size, where) for x in line))
    return out


def check_line(puzzle: Puzzle, cells: tuple[int, ...], what: str, least: int = 2, distinct: bool = True) -> None:
    """A line of at least ``least`` cells inside the grid, each touching the
    next (by an edge or a corner), no cell twice (when ``distinct``)."""
    n = puzzle.size
    for c in cells:
        if not 0 <= c < puzzle.ncells:
            raise ConstraintError(f"{what}: a cell is outside the {n}x{n} grid")
    if len(cells) < least:
        raise ConstraintError(f"{what}: a line needs at least {least} cells")
    if distinct and len(set(cells)) != len(cells):
        raise ConstraintError(f"{what}: the line passes a cell twice")
    name = puzzle.geometry.cell_name
    for a, b in itertools.pairwise(cells):
        if not king_adjacent(a, b, n):
            raise ConstraintError(f"{what}: {name(a)} and {name(b)} are next on the line but do not touch")


def line_svg(layout: Any, cells: tuple[int, ...], cls: str, colour: str, width: float,
             opacity: float = 1.0) -> str:
    """A line through the cells' centres, as SudokuPad draws one."""
    points = [centre(layout, c) for c in cells]
    path = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(points))
    return (f'<path class="{cls}" d="{path}" fill="none" stroke="{colour}" stroke-width="{layout.cs * width:.1f}" '
            f'stroke-linecap="round" stroke-linejoin="round" stroke-opacity="{opacity}"/>')


# -- sums ----------------------------------------------------------------------------------------


def sums(masks: Iterable[int]) -> int:
    """The sums the cells of candidate ``masks`` can make (one value each,
    repeats allowed), as a bit set: bit ``t`` for total ``t`` (values 1-based)."""
    reach = 1
    for m in masks:
        nxt = 0
        for s in bits_of(m):
            nxt |= reach << (s + 1)
        reach = nxt
    return reach


def keep_for_sums(masks: list[int], totals: int) -> list[int]:
    """Each cell's candidates that take part in a sum of ``totals`` (a bit
    set of totals), the other cells' values chosen from their candidates."""
    k = len(masks)
    before = [1] * (k + 1)
    for i, m in enumerate(masks):
        before[i + 1] = _add(before[i], m)
    after = [1] * (k + 1)
    for i in range(k - 1, -1, -1):
        after[i] = _add(after[i + 1], masks[i])
    out = []
    for i, m in enumerate(masks):
        keep = 0
        others = _combine(before[i], after[i + 1])
        for s in bits_of(m):
            if (others << (s + 1)) & totals:
                keep |= 1 << s
        out.append(keep)
    return out


def _add(reach: int, mask: int) -> int:
    out = 0
    for s in bits_of(mask):
        out |= reach << (s + 1)
    return out


def _combine(a: int, b: int) -> int:
    """The sums of one from ``a`` and one from ``b`` (bit sets of totals)."""
    out = 0
    while a:
        low = a & -a
        out |= b << (low.bit_length() - 1)
        a ^= low
    return out


def distinct_sums(masks: list[int]) -> int:
    """:func:`sums` when the cells' values all differ (cells that see each other)."""
    states: dict[int, int] = {0: 1}  # values used -> the totals made with them
    for m in masks:
        nxt: dict[int, int] = {}
        for used, reach in states.items():
            for s in bits_of(m & ~used):
                key = used | 1 << s
                nxt[key] = nxt.get(key, 0) | reach << (s + 1)
        states = nxt
    out = 0
    for reach in states.values():
        out |= reach
    return out


def mutually_seen(puzzle: Puzzle, cells: tuple[int, ...]) -> bool:
    """True when every two of ``cells`` must differ (one house, a cage...)."""
    peers = puzzle.peer_masks
    return all(peers[a] >> b & 1 for a, b in itertools.combinations(cells, 2))


def piece_sums(puzzle: Puzzle, cand: list[int], piece: tuple[int, ...]) -> int:
    """The totals a group of cells can make (different values where they see each other)."""
    masks = [cand[c] for c in piece]
    return distinct_sums(masks) if len(piece) > 1 and mutually_seen(puzzle, piece) else sums(masks)


def narrow_to_common_total(puzzle: Puzzle, cand: list[int], groups: tuple[tuple[int, ...], ...],
                           totals: int = -1) -> int:
    """Narrow ``cand`` so that every group of cells adds up to one common
    total (within ``totals``, a bit set, when given); the totals left (0:
    a contradiction)."""
    for _ in range(4):
        possible = totals
        for g in groups:
            possible &= piece_sums(puzzle, cand, g)
        if not possible:
            return 0
        changed = False
        for g in groups:
            for c, keep in zip(g, keep_for_sums([cand[c] for c in g], possible)):
                if cand[c] & ~keep:
                    cand[c] &= keep
                    changed = True
                if not cand[c]:
                    return 0
        if not changed:
            return possible
    return possible


def totals_text(totals: tuple[int, ...]) -> str:
    """Totals in words: ``10-12``, ``10 or 12``."""
    if not totals:
        return "nothing"
    if len(totals) > 2 and totals[-1] - totals[0] == len(totals) - 1:
        return f"{totals[0]}-{totals[-1]}"
    return prose([str(t) for t in totals], "or")


# -- a narrowing as a step ----------------------------------------------------------------------


def narrowed_step(technique: Technique, state: State, index: int, constraint: Constraint,
                  details: tuple[tuple[str, Any], ...] = ()) -> Step | None:
    """The step of what ``constraint``'s own narrowing removes from the
    position's candidates, or None (a contradiction is left to the engine)."""
    puzzle = state.puzzle
    cand = list(state.cand)
    for c in range(puzzle.ncells):
        if state.value[c] >= 0:
            cand[c] = 1 << state.value[c]
    if not constraint.narrow(puzzle, cand):
        return None
    elims = [(c, s) for c in constraint.covered() if state.value[c] < 0
             for s in bits_of(state.cand[c] & ~cand[c])]
    if not elims:
        return None
    elims = sorted(set(elims))
    return Step(technique, eliminations=elims, cells=constraint.covered(), symbols=sorted({s for _, s in elims}),
                details=(("constraint", index), *details))


# -- a line read from ``{"lines": [...]}`` items ---------------------------------------------------


@attrs.frozen
class Line(Constraint):
    """Base of the families drawn as one line through ``cells`` and read
    from f-puzzles items ``{"lines": [[cells]]}`` (each line one
    constraint): its subclass says ``KIND``, ``KEYS``, its colour and width
    in a picture, and its rule (``relations`` or ``narrow``)."""

    cells: tuple[int, ...] = attrs.field(converter=cells_of)

    #: SudokuPad's colour and width (a fraction of a cell) of the line
    COLOUR: ClassVar[str] = "#a0a0a0"
    WIDTH: ClassVar[float] = 0.2
    #: the fewest cells the line may have
    LEAST: ClassVar[int] = 2

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        return [cls(line) for line in read_lines(key, value, size, cls.KIND)]

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {self.KEYS[0]: [{"lines": [[fp_name(c, size) for c in self.cells]]}]}

    def covered(self) -> tuple[int, ...]:
        return self.cells

    def label(self, puzzle: Puzzle) -> str:
        name = puzzle.geometry.cell_name
        return f"{self.KIND} {name(self.cells[0])}-{name(self.cells[-1])}"

    def validate(self, puzzle: Puzzle) -> None:
        n = puzzle.size
        first = f"{self.KIND} from r{self.cells[0] // n + 1}c{self.cells[0] % n + 1}" if self.cells else self.KIND
        check_line(puzzle, self.cells, first, self.LEAST)

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        cls = "constraint " + self.KIND.replace(" ", "-")
        return [line_svg(layout, self.cells, cls, self.COLOUR, self.WIDTH)]


def relation_reasons(state: State, rels: Iterable[Relation]) -> list[tuple[int, int, int, int, int]]:
    """What the relations remove, both ways, each once: (cell, symbol, the
    other cell, the other's symbols that would pair with it, the other's
    candidates)."""
    out: dict[tuple[int, int], tuple[int, int, int, int, int]] = {}
    cand, value = state.cand, state.value
    for rel in rels:
        for cell, s, other, partners in relation_eliminations(state, rel):
            others = 1 << value[other] if value[other] >= 0 else cand[other]
            out.setdefault((cell, s), (cell, s, other, partners, others))
    return sorted(out.values())


def relation_step(technique: Technique, state: State, index: int, constraint: Constraint) -> Step | None:
    """The step of what a constraint's relations remove, or None."""
    found = relation_reasons(state, constraint.relations(state.puzzle))
    if not found:
        return None
    return Step(technique, eliminations=[(c, s) for c, s, *_ in found], cells=constraint.covered(),
                symbols=sorted({s for _, s, *_ in found}),
                details=(("constraint", index), ("reasons", tuple(found))))


def partner_text(r: Any, reasons: Iterable[tuple[int, int, int, int, int]], where: str) -> str:
    """The reasons of a relation step in words, ``where`` saying where the
    other cell is (``next to it on the whisper``): "r1c2 is not 1, 2 or 3:
    r1c1, next to it on the whisper, is 4."; "r1c3 is not 5: no value 1-9
    could be next to it on the whisper."; "r1c2 is not 6: r1c1, next to it
    on the whisper, would have to be 1, which it cannot be."."""
    groups: dict[tuple[int, int, str], list[int]] = {}
    single: list[tuple[int, int, int, int]] = []
    for cell, s, other, partners, others in reasons:
        if not partners:
            groups.setdefault((cell, -1, ""), []).append(s)
        elif others & (others - 1) == 0:
            groups.setdefault((cell, other, r.sym(others.bit_length() - 1)), []).append(s)
        else:
            single.append((cell, s, other, partners))
    out = []
    for (cell, other, placed), syms in groups.items():
        values = prose([r.sym(x) for x in syms], "or")
        if other < 0:
            out.append(f"{r.cell(cell)} is not {values}: no value 1-{r.puzzle.size} could be {where}.")
        else:
            out.append(f"{r.cell(cell)} is not {values}: {r.cell(other)}, {where}, is {placed}.")
    for cell, s, other, partners in single:
        them = list(bits_of(partners))
        values = prose([r.sym(x) for x in them], "or")
        cannot = "which it cannot be" if len(them) == 1 else "and it can be neither" if len(them) == 2 else \
            "and it can be none of them"
        out.append(f"{r.cell(cell)} is not {r.sym(s)}: {r.cell(other)}, {where}, would have to be {values}, "
                   f"{cannot}.")
    return " ".join(out)
