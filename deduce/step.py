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
>>> step.on(Puzzle.empty(9)).text("nudge")
'Look for a hidden single in box 1.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from .technique import Technique

if TYPE_CHECKING:
    from .puzzle import Puzzle


def _pairs(items: Any) -> tuple[tuple[int, int], ...]:
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
        from .render.text import explain

        target = puzzle or self.puzzle
        if target is None:
            raise ValueError("this step does not know its puzzle: pass step.text(level, puzzle)")
        return explain(self, target, level)

    def __str__(self) -> str:
        return f"{self.technique.lower_name}: {self.result()}"

    def __repr__(self) -> str:
        parts = [repr(self.technique)]
        for field in attrs.fields(Step)[1:]:
            value = getattr(self, field.name)
            if field.name != "puzzle" and value != field.default:
                parts.append(f"{field.name}={value!r}")
        return f"Step({', '.join(parts)})"
