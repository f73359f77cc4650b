"""Words for fish: X-wing, swordfish, jellyfish; finned, sashimi, franken, mutant."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .prose import Field, capitalize, elim_cells, houses_prose

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer

FISH_CODES = ("x-wing", "finned-x-wing", "sashimi-x-wing", "swordfish", "finned-swordfish", "sashimi-swordfish",
              "franken-x-wing", "finned-franken-x-wing", "jellyfish", "finned-jellyfish", "sashimi-jellyfish",
              "franken-swordfish", "finned-franken-swordfish", "franken-jellyfish", "finned-franken-jellyfish",
              "mutant-x-wing", "finned-mutant-x-wing", "mutant-swordfish", "finned-mutant-swordfish",
              "mutant-jellyfish", "finned-mutant-jellyfish")


class FishDetails(TypedDict):
    #: the base houses (where the symbol's places are counted)
    base: tuple[int, ...]
    #: the cover houses (which hold all those places but the fins)
    cover: tuple[int, ...]
    #: cells of the base outside the cover (empty for a plain fish)
    fins: tuple[int, ...]


TEMPLATES = {
    code: (
        "Look for {a_name} on {sym}.",
        "{Base} hold {sym} only in {cover}{fin_clue}.",
        "In {base}, {sym} can only be in {cover}{fin_clue}. {fish_reason}",
    ) for code in FISH_CODES
}

DETAILS: dict[str, type] = {code: FishDetails for code in FISH_CODES}


def _fin_clue(r: TextRenderer, step: Step) -> str:
    fins = step.detail("fins", ())
    if not fins:
        return ""
    return f", apart from the fin{'s' if len(fins) > 1 else ''} {r.cells(fins)}"


def _fish_reason(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    base = houses_prose(r, step.detail("base"))
    cover = houses_prose(r, step.detail("cover"))
    cells = r.cells(elim_cells(step))
    fins = step.detail("fins", ())
    if not fins:
        return (f"Whichever way it falls, {cover} each get their {sym} from {base}, so {sym} is removed from "
                f"the rest of {cover}: {cells}.")
    one = len(fins) == 1
    return (f"Either {'the fin holds' if one else 'a fin holds'} {sym}, or {cover} each get their "
            f"{sym} from {base}; so the cells of {cover} that see {'the fin' if one else 'every fin'} "
            f"lose {sym}: {cells}.")


FIELDS: dict[str, Field] = {
    "base": lambda r, s: houses_prose(r, s.detail("base")),
    "Base": lambda r, s: capitalize(houses_prose(r, s.detail("base"))),
    "cover": lambda r, s: houses_prose(r, s.detail("cover")),
    "fin_clue": _fin_clue,
    "fish_reason": _fish_reason,
}
