"""Words for colouring: simple colours (trap, wrap) and multi-colours."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .prose import Field, capitalize, see, verb

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer

#: The names the text gives the colours, in the order of the ``colours`` detail.
COLOUR_NAMES = ("blue", "green", "orange", "purple")


class ColourDetails(TypedDict, total=False):
    #: the cells of each colour: two per cluster (one cluster, or two for multi-colours)
    colours: tuple[tuple[int, ...], ...]
    #: wrap and multi-colours type 2: the colour that cannot hold the symbol
    false: tuple[int, ...]
    #: multi-colours type 1: two colours that see each other...
    linked: tuple[tuple[int, ...], tuple[int, ...]]
    #: ...so one of these two (their mates) holds the symbol
    either: tuple[tuple[int, ...], tuple[int, ...]]


DETAILS: dict[str, type] = {"simple-colours": ColourDetails, "multi-colours": ColourDetails}

TEMPLATES = {
    "simple-colours": (
        "Colour the strong links of {sym}.",
        "Follow the cells where {sym} has two places in a house, alternating two colours.",
        "{colour_text}",
    ),
    "multi-colours": (
        "Colour the strong links of {sym}: two clusters.",
        "Follow the cells where {sym} has two places in a house, alternating colours, and compare the clusters.",
        "{colour_text}",
    ),
}


def _colour_text(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    colours = step.detail("colours")
    listed = "; ".join(f"{COLOUR_NAMES[i]}: {r.cells(cells)}" for i, cells in enumerate(colours))
    rule = ("each cluster has one colour holding {sym} in every cell and the other in none" if len(colours) > 2
            else "one colour holds {sym} in every cell and the other in none").format(sym=sym)
    head = (f"Where {sym} has two places in a house, one of them holds it. Coloured along those links "
            f"({listed}), {rule}.")
    removed = r.removed(step.eliminations)
    named = {tuple(cells): COLOUR_NAMES[i] for i, cells in enumerate(colours)}
    if step.variant == "trap":
        return f"{head} {capitalize(r.cells_see(step))} {see(step)} both colours, so {removed}."
    if step.variant in ("wrap", "2"):
        false = named[step.detail("false")]
        why = ("two of its cells see each other" if step.variant == "wrap"
               else "it sees both colours of the other cluster")
        return f"{head} {capitalize(false)} cannot hold {sym}: {why}. So {removed}."
    x1, y1 = (named[c] for c in step.detail("linked"))
    x2, y2 = (named[c] for c in step.detail("either"))
    return (f"{head} A {x1} cell sees a {y1} cell, so {x1} and {y1} are not both true: {x2} or {y2} holds "
            f"{sym}. {capitalize(r.cells_see(step))}, seeing both, "
            f"{verb(len(step.eliminations), 'loses', 'lose')} it: {removed}.")


FIELDS: dict[str, Field] = {"colour_text": _colour_text}
