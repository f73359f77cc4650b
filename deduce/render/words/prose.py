"""Prose helpers every family's words share: lists, capitals, plurals,
counts, house runs and the generic fields (``{cell}``, ``{house}``,
``{removed}``...) that any template may use.

>>> prose(["r1c2", "r1c5", "r1c8"])
'r1c2, r1c5 and r1c8'
>>> plural("box"), plural("row")
('boxes', 'rows')
>>> capitalize("row 3 has..."), capitalize("r3c4 holds...")
('Row 3 has...', 'r3c4 holds...')
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from ...puzzle import Puzzle

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer

#: A template field: reads the step (and the renderer's notation) into words.
Field = Callable[["TextRenderer", "Step"], Any]

COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def prose(items: Iterable[str], conjunction: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (or with ``or``)."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def capitalize(text: str) -> str:
    """Upper-case the first letter unless the text starts with a cell name."""
    if not text or _starts_with_cell(text):
        return text
    return text[0].upper() + text[1:]


def lcfirst(text: str) -> str:
    if not text or _starts_with_cell(text):
        return text
    return text[0].lower() + text[1:]


def _starts_with_cell(text: str) -> bool:
    return len(text) > 1 and text[0] == "r" and text[1].isdigit()


def plural(kind: str) -> str:
    """``rows``, ``columns``, ``boxes``, ``regions``, ``cages``."""
    return kind + ("es" if kind.endswith(("x", "s")) else "s")


def verb(count: int, one: str, many: str) -> str:
    """``holds`` for one subject, ``hold`` for several."""
    return one if count == 1 else many


def times(k: int) -> str:
    return {1: "once", 2: "twice"}.get(k, f"{k} times")


def a(name: str) -> str:
    """``a naked pair``, ``an X-wing``."""
    return ("an " if name[0].lower() in "aeiox" else "a ") + name


def lower_name(name: str) -> str:
    """``Alternating inference chain`` -> ``alternating ...``; ``X-chain`` and names stay."""
    first = name.split()[0]
    return name if first in ("Nishio",) or not first[1:2].islower() else name[0].lower() + name[1:]


def word(p: Puzzle) -> str:
    """``digit`` for a 1-9 alphabet, else ``symbol``."""
    return "digit" if p.is_digits else "symbol"


def first(seq: Sequence[int], default: int = -1) -> int:
    return seq[0] if seq else default


def elim_cells(step: Step) -> list[int]:
    """The cells that lose a candidate, sorted."""
    return sorted({c for c, _ in step.eliminations})


def see(step: Step) -> str:
    """``sees`` or ``see``, for the cells that lose a candidate."""
    return verb(len(elim_cells(step)), "sees", "see")


def house_run(r: TextRenderer, houses: Sequence[int]) -> str:
    """``rows 1-2``, ``row 3``, ``regions 1, 4 and 5``, ``boxes 7-8``."""
    g = r.g
    kind = g.house_kind(houses[0])
    nums = [g.house_number(h) for h in houses]
    if len(nums) == 1:
        return f"{kind} {nums[0]}"
    if nums == list(range(nums[0], nums[0] + len(nums))):
        return f"{plural(kind)} {nums[0]}-{nums[-1]}"
    return f"{plural(kind)} " + prose([str(x) for x in nums])


def houses_prose(r: TextRenderer, houses: Sequence[int]) -> str:
    """``rows 2 and 8``, ``row 2 and box 5``."""
    g = r.g
    kinds = {g.house_kind(h) for h in houses}
    if len(kinds) == 1 and len(houses) > 1:
        return f"{plural(next(iter(kinds)))} " + prose([str(g.house_number(h)) for h in houses])
    return prose([r.house(h) for h in houses])


def same_house(r: TextRenderer, a_cell: int, b_cell: int) -> str:
    """``same row as r1c2``: why two cells see each other."""
    g = r.g
    kind = next((g.house_kind(h) for h in g.cell_houses[a_cell] if h in g.cell_houses[b_cell]), "cage")
    return f"same {kind} as {r.cell(b_cell)}"


def by_cell(pairs: Iterable[tuple[int, int]]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = defaultdict(list)
    for cell, sym in pairs:
        out[cell].append(sym)
    return out


#: Fields any template may use; a family's own fields come first.
COMMON: dict[str, Field] = {
    "Name": lambda r, s: s.technique.name,
    "name": lambda r, s: s.technique.name.lower(),
    "a_name": lambda r, s: a(s.technique.name),
    "a_lname": lambda r, s: a(lower_name(s.technique.name)),
    "description": lambda r, s: lcfirst(s.technique.description.rstrip(".")),
    "word": lambda r, s: word(r.puzzle),
    "house": lambda r, s: r.house(s.houses[0]),
    "House": lambda r, s: capitalize(r.house(s.houses[0])),
    "house2": lambda r, s: r.house(s.houses[1]),
    "houses_all": lambda r, s: prose([r.house(h) for h in s.houses]),
    "cell": lambda r, s: r.cell(first(s.cells) if s.cells else s.placements[0][0]),
    "cells": lambda r, s: r.cells(s.cells),
    "k": lambda r, s: COUNT_WORDS.get(len(s.cells), str(len(s.cells))),
    "sym": lambda r, s: r.sym(s.symbols[0] if s.symbols else s.placements[0][1]),
    "syms": lambda r, s: r.syms_prose(s.symbols),
    "symset": lambda r, s: r.symset(s.symbols),
    "elim_cells": lambda r, s: r.cells(elim_cells(s)),
    "removed": lambda r, s: r.removed(s.eliminations),
    "result": lambda r, s: r.result(s),
    "see_all": lambda r, s: see(s),
    "where": lambda r, s: r.where(s),
}
