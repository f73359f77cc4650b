"""Words for trial and error, the engine's own last resort."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .prose import Field

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer


class TrialDetails(TypedDict):
    #: the grid where logic stopped (placed values, ``.`` for empty cells)
    position: str
    #: the candidates left there, one bitmask per cell
    candidates: tuple[int, ...]
    #: (cell, symbol, outcome, search nodes) of each value tried
    guesses: tuple[tuple[int, int, str, int], ...]


TEMPLATES = {
    "bf": (
        "No technique in the enabled set applies from here.",
        "No technique in the enabled set applies from here; the rest needs trial and error.",
        "No technique in the enabled set applies from here (position {position}): logic stopped with {stopped}. "
        "The rest was found by trial and error{guesses}.",
    ),
}

DETAILS: dict[str, type] = {"bf": TrialDetails}


def _guesses(r: TextRenderer, step: Step) -> str:
    guesses = step.detail("guesses", ())
    if not guesses:
        return ""
    parts = []
    for cell, sym, outcome, nodes in guesses:
        what = {"contradiction": f"leads to a contradiction after {nodes} search node{'s' if nodes != 1 else ''}",
                "solution": "leads to the solution",
                "solutions": "leads to more than one solution"}[outcome]
        parts.append(f"trying {r.sym(sym)} in {r.cell(cell)} {what}")
    return ": " + "; ".join(parts)


def _stopped(r: TextRenderer, step: Step) -> str:
    """``52 of 81 cells filled (27 beyond the givens) and 61 candidates left in the others``."""
    position = step.detail("position", "")
    blank = "."
    filled = sum(1 for ch in position if ch != blank)
    givens = sum(1 for v in r.puzzle.givens if v >= 0)
    cands = step.detail("candidates", ())
    left = sum(m.bit_count() for m, ch in zip(cands, position) if ch == blank)
    return (f"{filled} of {len(position)} cells filled ({filled - givens} beyond the givens) and {left} "
            f"candidates left in the others")


FIELDS: dict[str, Field] = {
    "stopped": _stopped,
    "position": lambda r, s: s.detail("position", ""),
    "guesses": _guesses,
}
