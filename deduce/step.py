"""Step records: what a strategy found, and why.

A step is a frozen value: its technique (a row of the technique table), its
placements and eliminations as plain ``(cell, symbol)`` pairs, and the
evidence that justifies it (pattern cells, houses, cages, symbols and
technique-specific details).  It holds no text: renderers turn it into words
and pictures.
"""

from __future__ import annotations

from typing import Any

import attrs

from .techniques import Technique


def _pairs(items: Any) -> tuple[tuple[int, int], ...]:
    return tuple(sorted({(int(c), int(s)) for c, s in items}))


def _ints(items: Any) -> tuple[int, ...]:
    return tuple(items)


@attrs.frozen
class Step:
    """One deduction.

    ``placements`` and ``eliminations`` are sorted ``(cell, symbol)`` pairs.
    ``cells`` are the pattern's cells (what to highlight), ``houses`` and
    ``cages`` the houses and cages it reasons about, ``symbols`` the symbols
    involved.  ``variant`` names a sub-kind that rates differently (a hidden
    single in a ``row`` rather than a ``box``).  ``details`` holds
    technique-specific evidence as ``(key, value)`` pairs of plain values
    (ints, strings, tuples): fins, base and cover sets, chain links...
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
