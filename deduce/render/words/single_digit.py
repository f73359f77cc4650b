"""Words for single-digit patterns: skyscraper, 2-string kite, turbot fish,
empty rectangle."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .prose import Field, same_house, see

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer


class StrongLinkPairDetails(TypedDict):
    #: a-b a strong link, b-c a weak link, c-d a strong link
    chain: tuple[int, int, int, int]


class EmptyRectangleDetails(TypedDict):
    #: the box whose candidates lie in one row and one column
    box: int
    #: (row, column) indexes from 0 of that cross
    cross: tuple[int, int]
    #: the strong link (near end, far end) outside the box
    link: tuple[int, int]


TEMPLATES = {
    **{code: (
        "Look for {a_name} on {sym}.",
        "Look at the strong links on {sym} in {house} and {house2}.",
        "{chain_text}",
    ) for code in ("skyscraper", "2-string-kite", "turbot-fish")},
    "empty-rectangle": (
        "Look for an empty rectangle on {sym} in {house}.",
        "In {house}, the {sym}s lie in one row and one column; look at {house2}.",
        "{er_text}",
    ),
}

DETAILS: dict[str, type] = {"skyscraper": StrongLinkPairDetails, "2-string-kite": StrongLinkPairDetails,
                            "turbot-fish": StrongLinkPairDetails, "empty-rectangle": EmptyRectangleDetails}


def _chain_text(r: TextRenderer, step: Step) -> str:
    a, b, c, d = step.detail("chain")
    sym = r.sym(step.symbols[0])
    h1, h2 = r.house(step.houses[0]), r.house(step.houses[1])
    lines = [
        f"The {sym} of {h1} is in {r.cell(a)} or {r.cell(b)}, and the {sym} of "
        f"{h2} is in {r.cell(c)} or {r.cell(d)}; {r.cell(b)} and {r.cell(c)} see each other.",
        f"Suppose {r.cell(a)} is not {sym}.",
        f" 1. then {r.cell(b)} is {sym} (the only other {sym} in {h1})",
        f" 2. then {r.cell(c)} is not {sym} ({same_house(r, c, b)})",
        f" 3. then {r.cell(d)} is {sym} (the only other {sym} in {h2})",
        f"Either {r.cell(a)} or {r.cell(d)} is {sym}, so {r.cells_see(step)}, which "
        f"{see(step)} both, cannot be {sym}.",
    ]
    return "\n".join(lines)


def _er_text(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    box = step.detail("box")
    row, col = step.detail("cross")
    near, far = step.detail("link")
    target = step.eliminations[0][0]
    link = r.house(step.houses[1])
    return (f"In {r.house(box)}, every {sym} lies in row {row + 1} or column {col + 1}. "
            f"The {sym} of {link} is in {r.cell(near)} or {r.cell(far)}. If {r.cell(target)} were {sym}, "
            f"{r.cell(far)} would not be (it sees {r.cell(target)}), so {r.cell(near)} would be; then {r.house(box)} "
            f"could hold {sym} neither in row {row + 1} nor in column {col + 1}. So {r.cell(target)}<>{sym}.")


FIELDS: dict[str, Field] = {"chain_text": _chain_text, "er_text": _er_text}
