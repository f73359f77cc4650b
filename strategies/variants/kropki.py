"""Kropki dots: a white dot joins two cells whose values differ by 1 (or by
the dot's value), a black dot two cells of which one is twice the other (or
the dot's value times).  "Every dot is given" (the negative constraint):
two touching cells without a dot differ by neither 1 nor any white dot's
value, and neither is twice (or any black dot's value times) the other.

f-puzzles keys ``difference`` and ``ratio``: lists of ``{"cells": ["R1C1",
"R1C2"], "value": "3"}`` (``value`` optional: 1 and 2); ``negative``: a list
naming ``"difference"`` and/or ``"ratio"``.  A pair with a dot of either
colour is exempt from both negatives (as f-puzzles solvers read it).

Every dot and every undotted pair is a relation between two cells (the
search's arc consistency uses them).  The deductions remove a value of a
cell that no candidate of the other cell pairs with: "r4c4 and r4c5 are on
a white dot: r4c4 is not 5, since 4 and 6 are both taken in row 4".

>>> from deduce.puzzle import Puzzle
>>> dot = KropkiDot("ratio", (0, 1))
>>> dot, dot.label(Puzzle.empty(9, constraints=[dot]))
(KropkiDot(kind='ratio', cells=(0, 1), value=2), 'black dot r1c1-r1c2')
>>> bin(dot.relations(Puzzle.empty(4))[0].allowed[1])  # 2 pairs with 1 and 4
'0b1001'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Iterator, TypedDict

import attrs

from deduce.constraint import Constraint, ConstraintError, Relation
from deduce.geometry import bits_of
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import centre, fp_cell, fp_list, fp_name, fp_value, relation_eliminations, touching

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

VARIANTS = "variants"
DIFFERENCE, RATIO = "difference", "ratio"
DEFAULT = {DIFFERENCE: 1, RATIO: 2}
COLOUR = {DIFFERENCE: "white", RATIO: "black"}


def _kind(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in DEFAULT:
        raise ConstraintError(f"a kropki dot is 'difference' or 'ratio', not {value!r}")


def _pair(value: Iterable[int]) -> tuple[int, int]:
    a, b = sorted(int(c) for c in value)
    return a, b


def pairs_with(kind: str, value: int, x: int, y: int) -> bool:
    """Whether values ``x`` and ``y`` fit a ``kind`` dot of ``value``."""
    if kind == DIFFERENCE:
        return abs(x - y) == value
    return x == value * y or y == value * x


@attrs.frozen
class KropkiDot(Constraint):
    """A dot between two touching cells: ``kind`` "difference" (white) or "ratio" (black)."""

    kind: str = attrs.field(validator=_kind)
    cells: tuple[int, int] = attrs.field(converter=_pair)
    value: int = attrs.field(default=attrs.Factory(lambda self: DEFAULT[self.kind], takes_self=True))

    KIND: ClassVar[str] = "kropki dot"
    KEYS: ClassVar[tuple[str, ...]] = (DIFFERENCE, RATIO)

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        out = []
        for k, item in enumerate(fp_list(value, key), 1):
            where = f"{COLOUR[key]} dot {k}"
            cells = item.get("cells") if isinstance(item, dict) else None
            if not isinstance(cells, list) or len(cells) != 2:
                raise ConstraintError(f"{where}: 'cells' must be two cells")
            a, b = (fp_cell(x, size, where) for x in cells)
            if not touching(a, b, size):
                raise ConstraintError(f"{where} ({fp_name(a, size)}-{fp_name(b, size)}): its cells do not touch")
            out.append(cls(key, (a, b), fp_value(item, DEFAULT[key], where)))
        return out

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        item: dict[str, Any] = {"cells": [fp_name(c, size) for c in self.cells]}
        if self.value != DEFAULT[self.kind]:
            item["value"] = str(self.value)
        return {self.kind: [item]}

    def covered(self) -> tuple[int, ...]:
        return self.cells

    @property
    def colour(self) -> str:
        return COLOUR[self.kind]

    def label(self, puzzle: Puzzle) -> str:
        name = puzzle.geometry.cell_name
        extra = f" ({'difference' if self.kind == DIFFERENCE else 'ratio'} {self.value})" \
            if self.value != DEFAULT[self.kind] else ""
        return f"{self.colour} dot {name(self.cells[0])}-{name(self.cells[1])}{extra}"

    def validate(self, puzzle: Puzzle) -> None:
        n = puzzle.size
        a, b = self.cells
        what = f"{self.colour} dot"
        if not (0 <= a < puzzle.ncells and 0 <= b < puzzle.ncells):
            raise ConstraintError(f"{what}: a cell is outside the {n}x{n} grid")
        what = self.label(puzzle)
        if not touching(a, b, n):
            raise ConstraintError(f"{what}: its cells do not touch")
        if not any(pairs_with(self.kind, self.value, x, y) for x in range(1, n + 1) for y in range(1, n + 1)
                   if x != y):
            raise ConstraintError(f"{what}: no two values 1-{n} make it")

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        a, b = self.cells
        kind, value = self.kind, self.value
        return (Relation.of(a, b, puzzle.size, lambda x, y: pairs_with(kind, value, x, y)),)

    LAYER: ClassVar[str] = "over"

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        (x1, y1), (x2, y2) = (centre(layout, c) for c in self.cells)
        r = layout.cs * 0.13
        fill = "#ffffff" if self.kind == DIFFERENCE else "#000000"
        out = [f'<circle class="constraint kropki {self.colour}" cx="{(x1 + x2) / 2:.1f}" cy="{(y1 + y2) / 2:.1f}" '
               f'r="{r:.1f}" fill="{fill}" stroke="#000000" stroke-width="1.2"/>']
        if self.value != DEFAULT[self.kind]:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2 + r * 0.5
            out.append(f'<text class="constraint kropki-value" x="{mx:.1f}" y="{my:.1f}" '
                       f'font-size="{r * 1.4:.1f}" text-anchor="middle" '
                       f'fill="{"#000000" if self.kind == DIFFERENCE else "#ffffff"}">{self.value}</text>')
        return out


@attrs.frozen
class KropkiNegative(Constraint):
    """Every ``kind`` dot is given: touching cells without a dot do not pair that way."""

    kind: str = attrs.field(validator=_kind)

    KIND: ClassVar[str] = "negative kropki"
    NEGATES: ClassVar[tuple[str, ...]] = (DIFFERENCE, RATIO)

    @classmethod
    def from_negative(cls, key: str, size: int) -> Constraint:
        return cls(key)

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"negative": [self.kind]}

    def label(self, puzzle: Puzzle) -> str:
        return f"every {COLOUR[self.kind]} dot is given"

    def values(self, puzzle: Puzzle) -> tuple[int, ...]:
        """The differences (ratios) an undotted pair cannot have."""
        used = {d.value for d in puzzle.constraints if isinstance(d, KropkiDot) and d.kind == self.kind}
        return tuple(sorted(used | {DEFAULT[self.kind]}))

    def pairs(self, puzzle: Puzzle) -> tuple[tuple[int, int], ...]:
        """The touching pairs of cells without a dot."""
        n = puzzle.size
        dotted = {d.cells for d in puzzle.constraints if isinstance(d, KropkiDot)}
        out = []
        for c in range(puzzle.ncells):
            for d in (c + 1, c + n):
                if d < puzzle.ncells and touching(c, d, n) and (c, d) not in dotted:
                    out.append((c, d))
        return tuple(out)

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        values, kind = self.values(puzzle), self.kind
        n = puzzle.size
        return tuple(Relation.of(a, b, n, lambda x, y: not any(pairs_with(kind, v, x, y) for v in values))
                     for a, b in self.pairs(puzzle))


def _taken(state: State, other: int, partners: int) -> int:
    """A house of ``other`` where every symbol of ``partners`` is placed (-1 if none)."""
    if not partners:
        return -1
    g = state.puzzle.geometry
    for h in g.cell_houses[other]:
        if partners & ~state.placed_in(h) == 0:
            return h
    return -1


@attrs.frozen
class KropkiDots(Producer):
    """``KropkiDots("dot")``: a value of a dot's cell that no candidate of the
    other cell pairs with goes.  ``KropkiDots("negative")``: the same for two
    touching cells without a dot, when every dot is given."""

    which: str = "dot"
    CODES = {"dot": "kropki", "negative": "kropki-negative"}

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, c in enumerate(puzzle.constraints):
            wanted = KropkiDot if self.which == "dot" else KropkiNegative
            if isinstance(c, wanted):
                for rel in c.relations(puzzle):
                    found = relation_eliminations(state, rel)
                    if found:
                        yield self._step(state, index, rel, found)

    def _step(self, state: State, index: int, rel: Relation, found: list[tuple[int, int, int, int]]) -> Step:
        if self.which == "negative":  # (what the other cell can be says it all)
            reasons = tuple((cell, s, other, state.cand[other], -1) for cell, s, other, _ in found)
        else:
            reasons = tuple((cell, s, other, partners, _taken(state, other, partners))
                            for cell, s, other, partners in found)
        return Step(self.technique, eliminations=[(cell, s) for cell, s, _, _ in found], cells=(rel.a, rel.b),
                    symbols=sorted({s for _, s, _, _ in found}),
                    details=(("constraint", index), ("reasons", reasons)))


ROWS: tuple[Technique, ...] = (
    row(95, "kropki", "Kropki dot", VARIANTS, 1.6, 20, EASY, "",
        "Two cells on a white dot differ by 1 (or its value), on a black dot one is twice the other (or its "
        "value times); a value that nothing left in the other cell pairs with is removed.",
        rating_note="Looks at two cells and a small table of pairs: a little more than a hidden single in a "
                    "line (1.5), less than a naked single (2.3)."),
    row(97, "kropki-negative", "Missing kropki dot", VARIANTS, 1.8, 25, EASY, "",
        "Every dot is given, so two touching cells without a dot are neither consecutive (white) nor one twice "
        "the other (black); a value that would pair with everything left in the other cell is removed.",
        rating_note="A kropki dot argument about an absence, which is harder to see: the dot (1.6) plus 0.2."),
)

NAMES: dict[str, tuple[str, ...]] = {"White dot": ("kropki",), "Black dot": ("kropki",),
                                     "Negative kropki": ("kropki-negative",)}


class KropkiDetails(TypedDict):
    #: the index of the dot (or of the negative constraint) in the puzzle's constraints
    constraint: int
    #: per removed candidate: (cell, symbol, the other cell, the other's symbols that would pair with it (a
    #: mask; for a missing dot, the other cell's candidates), a house of the other cell where all of those
    #: are placed, or -1)
    reasons: tuple[tuple[int, int, int, int, int], ...]


DETAILS: dict[str, type] = {"kropki": KropkiDetails, "kropki-negative": KropkiDetails}

TEMPLATES = {
    "kropki": (
        "Look at the {dot}.",
        "{pair} are on a {dot_kind}: {dot_rule}. Which values of theirs have no partner?",
        "{pair} are on a {dot_kind}: {dot_rule}. {kropki_text} So {removed}.",
    ),
    "kropki-negative": (
        "Look at {pair}: there is no dot between them.",
        "{pair} touch without a dot, and {rule_name}: {neg_rule}. Which values of theirs would need one?",
        "{pair} touch without a dot, and {rule_name}: {neg_rule}. {kropki_text} So {removed}.",
    ),
}


def _constraint(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _dot_rule(r: TextRenderer, step: Step) -> str:
    d = _constraint(r, step)
    if d.kind == DIFFERENCE:
        return "their values are consecutive" if d.value == 1 else f"their values differ by {d.value}"
    return "one is twice the other" if d.value == 2 else f"one is {d.value} times the other"


def _neg_rule(r: TextRenderer, step: Step) -> str:
    neg = _constraint(r, step)
    values = neg.values(r.puzzle)
    if neg.kind == DIFFERENCE:
        return "they are not consecutive" if values == (1,) else \
            f"they do not differ by {prose([str(v) for v in values], 'or')}"
    return "neither is twice the other" if values == (2,) else \
        f"neither is {prose([str(v) for v in values], 'or')} times the other"


def _syms(r: TextRenderer, mask: int, conjunction: str) -> str:
    return prose([r.sym(s) for s in bits_of(mask)], conjunction)


def _kropki_text(r: TextRenderer, step: Step) -> str:
    negative = step.code == "kropki-negative"
    out = []
    lonely: dict[int, list[int]] = {}
    for cell, s, other, partners, house in step.detail("reasons", ()):
        if not partners and not negative:
            lonely.setdefault(cell, []).append(s)
            continue
        if negative:
            out.append(_negative_reason(r, cell, s, other, partners))
            continue
        count = partners.bit_count()
        need = f"{r.cell(other)} would have to be {_syms(r, partners, 'or')}"
        if house >= 0:
            taken = "it is" if count == 1 else "both are" if count == 2 else "all are"
            why = f"{need}, and {taken} taken in {r.house(house)}"
        else:
            why = f"{need}, which it cannot be"
        out.append(f"{r.cell(cell)} is not {r.sym(s)}: {why}.")
    for cell, syms in lonely.items():
        d = _constraint(r, step)
        them = "it" if len(syms) == 1 else "any of them"
        if d.kind == DIFFERENCE:
            what = f"differs from {them} by {d.value}"
        else:
            times = "twice" if d.value == 2 else f"{d.value} times"
            what = f"is {times} or {'half' if d.value == 2 else f'a {d.value}th'} of {them}"
        out.insert(0, f"{r.cell(cell)} is not {prose([r.sym(s) for s in syms], 'or')}: no value 1-{r.puzzle.size} "
                      f"{what}.")
    return " ".join(out)


def _negative_reason(r: TextRenderer, cell: int, s: int, other: int, others: int) -> str:
    """``r4c4 is not 4: r4c5 can only be 3 or 5.`` (``others``: the other cell's candidates)"""
    if others & (others - 1) == 0:
        return f"{r.cell(cell)} is not {r.sym(s)}: {r.cell(other)} is {_syms(r, others, 'or')}."
    return f"{r.cell(cell)} is not {r.sym(s)}: {r.cell(other)} can only be {_syms(r, others, 'or')}."


FIELDS: dict[str, Field] = {
    "dot": lambda r, s: f"the {_constraint(r, s).label(r.puzzle)}",
    "dot_kind": lambda r, s: f"{_constraint(r, s).colour} dot",
    "dot_rule": _dot_rule,
    "neg_rule": _neg_rule,
    "rule_name": lambda r, s: _constraint(r, s).label(r.puzzle),
    "pair": lambda r, s: prose([r.cell(c) for c in s.cells]),
    "kropki_text": _kropki_text,
}


def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    b.cell_roles(step.cells, "pattern")
    return b.done()


MARKERS: dict[str, Marker] = {"kropki": _picture, "kropki-negative": _picture}
