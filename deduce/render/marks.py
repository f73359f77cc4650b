"""What a picture shows for a step: roles and links.

A step record says what the pattern *is*; :func:`marks` says how to show it.
Every highlighted cell, candidate, house and cage gets a *role* (a fish's
base and cover sets and fins, a wing's pivot and pincers, each almost locked
set, each colour of a cluster, innies and outies, the on and off candidates
of a chain...), and chain steps get *links* between candidates (strong or
weak, in the chain's direction).  Renderers (SVG, the HTML page, JSON) draw
from :class:`Marks`; the legend comes from :data:`ROLES`.

Family-specific marks are registered with :func:`register` (by technique
code or family); anything unregistered gets :func:`default_marks`.

>>> from deduce.render.marks import Link
>>> Link((0, 4), (9, 4), strong=True)
Link(start=(0, 4), end=(9, 4), strong=True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import attrs

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from ..step import Step

#: role -> (fill colour, legend text).  One table for every renderer.
ROLES: dict[str, tuple[str, str]] = {
    "pattern": ("#fff3b0", "cells of the pattern"),
    "placed": ("#b7e4c7", "symbol placed"),
    "eliminated": ("#ff6b6b", "candidate removed"),
    "house": ("#e7f0ff", "house the step reasons about"),
    "cage": ("#fde2c8", "cage the step reasons about"),
    "base": ("#cfe3ff", "base set (fish)"),
    "cover": ("#d8f3dc", "cover set (fish)"),
    "fin": ("#e0c3fc", "fin"),
    "pivot": ("#ffd6a5", "pivot"),
    "pincer": ("#caffbf", "pincer"),
    "on": ("#9be7a0", "candidate true in the chain"),
    "off": ("#a0c4ff", "candidate false in the chain"),
    "set-1": ("#ffc6ff", "first set"),
    "set-2": ("#bdb2ff", "second set"),
    "set-3": ("#9bf6ff", "third set"),
    "set-4": ("#fdffb6", "fourth set"),
    "colour-1": ("#9be7a0", "colour A"),
    "colour-2": ("#a0c4ff", "colour B (opposite of A)"),
    "colour-3": ("#ffd6a5", "colour C"),
    "colour-4": ("#e0c3fc", "colour D (opposite of C)"),
    "innie": ("#caffbf", "innie"),
    "outie": ("#ffadad", "outie"),
}


def _cand(pair: tuple[int, int]) -> tuple[int, int]:
    return (int(pair[0]), int(pair[1]))


@attrs.frozen
class Link:
    """A link of a chain between two candidates ``(cell, symbol)``, drawn
    from ``start`` to ``end``: solid when strong, dashed when weak."""

    start: tuple[int, int] = attrs.field(converter=_cand)
    end: tuple[int, int] = attrs.field(converter=_cand)
    strong: bool = False


@attrs.frozen
class Marks:
    """Roles of cells, candidates, houses and cages, and chain links."""

    cells: tuple[tuple[int, str], ...] = ()
    candidates: tuple[tuple[int, int, str], ...] = ()
    houses: tuple[tuple[int, str], ...] = ()
    cages: tuple[tuple[int, str], ...] = ()
    links: tuple[Link, ...] = ()

    def roles(self) -> list[str]:
        """Every role used, in :data:`ROLES` order (for a legend)."""
        used = {r for *_, r in self.cells} | {r for *_, r in self.candidates} \
            | {r for _, r in self.houses} | {r for _, r in self.cages}
        return [r for r in ROLES if r in used]


Marker = Callable[["Step", "Puzzle"], Marks]
_MARKERS: dict[str, Marker] = {}


def register(key: str, marker: Marker) -> None:
    """Use ``marker`` for steps whose technique code (or family) is ``key``."""
    _MARKERS[key] = marker


def default_marks(step: "Step", puzzle: "Puzzle") -> Marks:
    """Pattern cells, the houses and cages named, placements and eliminations."""
    return Marks(
        cells=tuple((c, "pattern") for c in step.cells),
        candidates=tuple((c, s, "placed") for c, s in step.placements)
        + tuple((c, s, "eliminated") for c, s in step.eliminations),
        houses=tuple((h, "house") for h in step.houses),
        cages=tuple((k, "cage") for k in step.cages),
    )


def marks(step: "Step", puzzle: "Puzzle") -> Marks:
    """How to show ``step``: its family's marks, or :func:`default_marks`."""
    marker = _MARKERS.get(step.technique.code) or _MARKERS.get(step.technique.family)
    return marker(step, puzzle) if marker is not None else default_marks(step, puzzle)
