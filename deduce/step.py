"""Step records: what a strategy found, and why.

A step is a frozen value: its technique (a row of the technique table), its
placements and eliminations as plain ``(cell, symbol)`` pairs, and the
evidence that justifies it (pattern cells, houses, cages, symbols and
technique-specific details).  It holds no text: renderers turn it into words
and pictures.  A step the engine logged knows its puzzle (:meth:`Step.on`),
so it can name its cells and say itself in words:

>>> from deduce.puzzle import Puzzle
>>> from deduce.techniques import TECHNIQUES
>>> step = Step(TECHNIQUES["hs"], placements=[(5, 7)], cells=[5], houses=[18], symbols=[7], variant="box")
>>> step
Step(technique('hs'), placements=((5, 7),), cells=(5,), houses=(18,), symbols=(7,), variant='box')
>>> print(step.on(Puzzle.empty(9)))
hidden single: r1c6=8

Once it knows its puzzle, its repr names cells, houses and symbols the way
the texts do, and still rebuilds it:

>>> step.on(Puzzle.empty(9))
Step.named('hs', 'r1c6=8', cells='r1c6', houses='box 1', symbols='8', variant='box')
>>> eval(repr(step.on(Puzzle.empty(9)))) == step
True
>>> step.on(Puzzle.empty(9)).text("nudge")
'Look for a hidden single in box 1.'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Sequence

import attrs

from .technique import Technique

if TYPE_CHECKING:
    from .puzzle import Puzzle


_CELL_RE = re.compile(r"^[rR](\d+)[cC](\d+)$")
_RESULT_RE = re.compile(r"^[rR](\d+)[cC](\d+)\s*(=|<>)\s*(\S)$")
_HOUSE_RE = re.compile(r"^(row|column|box|region)\s+(\d+)$")


def _pairs(items: Any) -> tuple[tuple[int, int], ...]:
    if type(items) in (tuple, list) and len(items) < 2:  # (most steps: none, or a single's one placement)
        return tuple([(int(c), int(s)) for c, s in items])
    return tuple(sorted({(int(c), int(s)) for c, s in items}))


def _ints(items: Any) -> tuple[int, ...]:
    return tuple(items)


@attrs.frozen(repr=False)
class Step:
    """One deduction.

    ``placements`` and ``eliminations`` are sorted ``(cell, symbol)`` pairs.
    ``cells`` are the pattern's cells (what to highlight), ``houses`` and
    ``cages`` the houses and cages it reasons about, ``symbols`` the symbols
    involved.  ``variant`` names a sub-kind that rates differently (a hidden
    single in a ``row`` rather than a ``box``).  ``details`` holds
    technique-specific evidence as ``(key, value)`` pairs of plain values
    (ints, strings, tuples): fins, base and cover sets, chain links...
    ``puzzle`` is the puzzle the step was found in, when known (it takes no
    part in equality); it lets ``str(step)`` name cells and symbols.
    """

    technique: Technique
    placements: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_pairs)
    eliminations: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_pairs)
    cells: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    houses: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    cages: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    symbols: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    variant: str = ""
    details: tuple[tuple[str, Any], ...] = ()
    #: Added to the technique's SE difficulty (chain length, pattern size).
    se_bonus: float = 0.0
    puzzle: Puzzle | None = attrs.field(default=None, eq=False, kw_only=True)

    @classmethod
    def named(cls, technique: str | Technique, result: str = "", *, cells: str = "", houses: str = "",
              cages: Sequence[int] = (), symbols: str = "", variant: str = "",
              details: tuple[tuple[str, Any], ...] = (), se_bonus: float = 0.0, size: int = 9,
              alphabet: str | None = None) -> Step:
        """A step written in the notation, for a grid of ``size`` whose symbols
        are ``alphabet`` (default: the size's own, ``1``-``9`` then ``A``-``Z``).

        ``result`` is ``r1c6=8, r5c7<>2``; ``cells`` space-separated cell
        names; ``houses`` like ``row 4, box 5`` (``region`` for a jigsaw's);
        ``symbols`` one character each.  Cages and ``details`` keep their
        indices.  A logged step's repr is written this way; a ``ValueError``
        names a part that does not read.

        >>> Step.named('np', 'r1c3<>4, r1c3<>5', cells='r1c1 r1c2', houses='row 1', symbols='12')
        Step(technique('np'), eliminations=((2, 3), (2, 4)), cells=(0, 1), houses=(0,), symbols=(0, 1))
        """
        from .puzzle import default_symbols
        from .techniques import technique as lookup

        alphabet = alphabet or default_symbols(size)

        def cell(name: str) -> int:
            m = _CELL_RE.match(name)
            if not m or not (1 <= int(m[1]) <= size and 1 <= int(m[2]) <= size):
                raise ValueError(f"{name!r} is not a cell of a {size}x{size} grid")
            return (int(m[1]) - 1) * size + int(m[2]) - 1

        def symbol(ch: str) -> int:
            if ch not in alphabet:
                raise ValueError(f"symbol {ch!r} is not in the alphabet {alphabet!r}")
            return alphabet.index(ch)

        placements: list[tuple[int, int]] = []
        eliminations: list[tuple[int, int]] = []
        for item in filter(None, (part.strip() for part in result.split(","))):
            m = _RESULT_RE.match(item)
            if not m:
                raise ValueError(f"{item!r} is not a placement (r1c2=3) or an elimination (r1c2<>3)")
            pair = (cell(f"r{m[1]}c{m[2]}"), symbol(m[4]))
            (placements if m[3] == "=" else eliminations).append(pair)
        house_list: list[int] = []
        for item in filter(None, (part.strip() for part in houses.split(","))):
            m = _HOUSE_RE.match(item)
            if not m or not 1 <= int(m[2]) <= size:
                raise ValueError(f"{item!r} is not a house of a {size}x{size} grid (row 1, column 2, box 3)")
            kind = ("row", "column").index(m[1]) if m[1] in ("row", "column") else 2
            house_list.append(kind * size + int(m[2]) - 1)
        row = technique if isinstance(technique, Technique) else lookup(technique)
        return cls(row, placements, eliminations, [cell(c) for c in cells.split()], house_list, cages,
                   [symbol(ch) for ch in symbols], variant, details, se_bonus)

    def detail(self, key: str, default: Any = None) -> Any:
        for k, v in self.details:
            if k == key:
                return v
        return default

    @property
    def code(self) -> str:
        return self.technique.code

    @property
    def se(self) -> float | None:
        base = self.technique.se_for(self.variant)
        return None if base is None else round(base + self.se_bonus, 1)

    @property
    def is_progress(self) -> bool:
        return bool(self.placements or self.eliminations)

    def on(self, puzzle: Puzzle) -> Step:
        """This step, knowing the puzzle it was found in."""
        return self if self.puzzle is puzzle else attrs.evolve(self, puzzle=puzzle)

    def result(self) -> str:
        """What the step does, in the notation: ``r1c6=8, r5c7<>2``
        (cell and symbol indices when the puzzle is not known)."""
        p = self.puzzle
        if p is None:
            return ", ".join([f"cell {c}={s}" for c, s in self.placements]
                             + [f"cell {c}<>{s}" for c, s in self.eliminations])
        name, sym = p.geometry.cell_name, p.symbols
        return ", ".join([f"{name(c)}={sym[s]}" for c, s in self.placements]
                         + [f"{name(c)}<>{sym[s]}" for c, s in self.eliminations])

    def text(self, level: str = "full", puzzle: Puzzle | None = None) -> str:
        """The step in words: ``nudge``, ``clue`` or ``full`` (the full text is
        led by the technique's name).  ``puzzle`` is needed when the step
        does not know it (a step from ``strategy.find`` rather than a solve)."""
        from .render.words import explain

        target = puzzle or self.puzzle
        if target is None:
            raise ValueError("this step does not know its puzzle: pass step.text(level, puzzle)")
        return explain(self, target, level)

    def __str__(self) -> str:
        return f"{self.technique.lower_name}: {self.result()}"

    def __repr__(self) -> str:
        if self.puzzle is not None:
            return self._named_repr(self.puzzle)
        parts = [repr(self.technique)]
        for field in attrs.fields(Step)[1:]:
            value = getattr(self, field.name)
            if field.name != "puzzle" and value != field.default:
                parts.append(f"{field.name}={value!r}")
        return f"Step({', '.join(parts)})"

    def _named_repr(self, puzzle: Puzzle) -> str:
        """``Step.named(...)``: cells, houses and symbols in the notation."""
        from .puzzle import default_symbols

        g, size = puzzle.geometry, puzzle.size
        parts = [repr(self.code)]
        if self.placements or self.eliminations:
            parts.append(repr(self.result()))
        named = {"cells": " ".join(g.cell_name(c) for c in self.cells),
                 "houses": ", ".join(g.house_name(h) for h in self.houses),
                 "cages": self.cages, "symbols": "".join(puzzle.symbols[s] for s in self.symbols),
                 "variant": self.variant, "details": self.details, "se_bonus": self.se_bonus}
        parts += [f"{key}={value!r}" for key, value in named.items() if value]
        if size != 9:
            parts.append(f"size={size}")
        if puzzle.symbols != default_symbols(size):
            parts.append(f"alphabet={puzzle.symbols!r}")
        return f"Step.named({', '.join(parts)})"
