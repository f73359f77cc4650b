"""The two difficulty scales, computed from a solution path (its steps).

Sudoku Explainer's ER/EP/ED and HoDoKu's score and level; see
``../shared/rating-scales.md`` and :mod:`deduce.techniques` for the numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..techniques import EXTREME, LEVEL_CEILINGS, LEVELS

if TYPE_CHECKING:
    from ..step import Step

#: ER given to a puzzle that needs more than deduce's logic (SE's nested level 2).
NESTED_FLOOR = 9.5


def nested_floor(level: int) -> float:
    """The least ER of a puzzle that nested forcing chains up to ``level``
    (0: none) leave unsolved: the next level's base rating."""
    return NESTED_FLOOR + 0.5 * max(0, level - 1)


def step_se(step: Step) -> float:
    """A step's SE-scale rating; trial and error counts as :data:`NESTED_FLOOR`."""
    se = step.se
    return NESTED_FLOOR if se is None else se


def se_scale(steps: Sequence[Step]) -> tuple[float | None, float | None, float | None, str | None]:
    """(ER, EP, ED, hardest technique name) of a solution path."""
    if not steps:
        return None, None, None, None
    ratings = [step_se(s) for s in steps]
    first_placement = next((i for i, s in enumerate(steps) if s.placements), len(steps) - 1)
    er = max(ratings)
    hardest = steps[ratings.index(er)].technique.name
    return er, max(ratings[: first_placement + 1]), ratings[0], hardest


def hodoku_scale(steps: Sequence[Step], raise_by_score: bool = True) -> tuple[int | None, str | None]:
    """(score, level) of a solution path, HoDoKu's way; ``raise_by_score=False``
    keeps the level at the hardest technique's (killers)."""
    if not steps:
        return None, None
    score = sum(s.technique.hodoku or 0 for s in steps)
    level = max(LEVELS.index(s.technique.level) for s in steps)
    while raise_by_score and LEVELS[level] != EXTREME and score > LEVEL_CEILINGS[LEVELS[level]]:
        level += 1
    return score, LEVELS[level]
