"""Words for the law of leftovers (jigsaw): k rows or columns against k regions."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .prose import Field, capitalize, house_run, plural, times, verb

if TYPE_CHECKING:
    from ...geometry import Geometry
    from ...step import Step
    from . import TextRenderer


class LeftoverDetails(TypedDict):
    #: cells of the lines outside the regions, and of the regions outside the lines
    lines_only: tuple[int, ...]
    regions_only: tuple[int, ...]
    #: ``eliminate`` or ``place``
    kind: str
    #: the side whose count limits the other: ``lines_only`` or ``regions_only``
    limit_side: str
    #: how many times the limiting side holds (or can hold) the symbol
    count: int


DETAILS: dict[str, type] = {"leftovers": LeftoverDetails}

TEMPLATES = {
    "leftovers": (
        "Try the law of leftovers on {lines} and {regions}.",
        "{Lines} and {regions} share all cells but {lines_only} ({lines_word} only) and {regions_only} "
        "(regions only). What does {sym} do there?",
        "{Lines} and {regions} share all cells but {lines_only} ({lines_word} only) and {regions_only} "
        "(regions only). Both groups hold every {word} {k_houses}, so the leftovers hold the same {word}s. "
        "{leftover_reason}",
    ),
}


def _lines(s: Step, g: Geometry) -> list[int]:
    return [h for h in s.houses if h < 2 * g.size]


def _regions(s: Step, g: Geometry) -> list[int]:
    return [h for h in s.houses if h >= 2 * g.size]


def _leftover_reason(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    lines_only = step.detail("lines_only")
    regions_only = step.detail("regions_only")
    side_lines = step.detail("limit_side") == "regions_only"  # the changed side is the lines' side
    this, other = (lines_only, regions_only) if side_lines else (regions_only, lines_only)
    count = step.detail("count")
    if step.detail("kind") == "eliminate":
        if count == 0:
            return (f"{sym} cannot go in {r.cells_or(other)}, so it cannot go in {r.cells_or(this)} either: "
                    f"{r.removed(step.eliminations)}.")
        return (f"{r.cells(other)} can hold {sym} at most {times(count)} and {r.cells(this)} already "
                f"{verb(len(this), 'holds', 'hold')} it {times(count)}, so {sym} goes nowhere else there: "
                f"{r.removed(step.eliminations)}.")
    return (f"{r.cells(other)} {verb(len(other), 'holds', 'hold')} {sym} {times(count)}, so "
            f"{r.cells(this)} must too, and only {r.cells([c for c, _ in step.placements])} can. "
            f"So {r.placed(step.placements)}.")


FIELDS: dict[str, Field] = {
    "lines": lambda r, s: house_run(r, _lines(s, r.g)),
    "Lines": lambda r, s: capitalize(house_run(r, _lines(s, r.g))),
    "lines_word": lambda r, s: plural(r.g.house_kind(s.houses[0])),
    "regions": lambda r, s: house_run(r, _regions(s, r.g)),
    "lines_only": lambda r, s: r.cells(s.detail("lines_only", ())),
    "regions_only": lambda r, s: r.cells(s.detail("regions_only", ())),
    "k_houses": lambda r, s: times(len(_lines(s, r.g))),
    "leftover_reason": _leftover_reason,
}
