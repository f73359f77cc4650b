"""The two difficulty scales, computed from a solution path (its steps).

Sudoku Explainer's ER/EP/ED and HoDoKu's score and level; see
``../shared/rating-scales.md`` and :mod:`deduce.techniques` for the numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..techniques import EASY, EXTREME, HARD, LEVEL_CEILINGS, LEVELS, MEDIUM

if TYPE_CHECKING:
    from ..puzzle import Puzzle
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


#: A 9x9 killer's score ceilings (other sizes: in proportion to their cells),
#: calibrated on the held-out killers (``bench/killer_corpus.py --calibrate``,
#: docs/ratings.md): KrazyDad's "intermediate" books fall between the two, Medium.
KILLER_CEILINGS = {EASY: 1800, MEDIUM: 3600}
#: The highest level a killer's score alone raises it to: above, only its techniques.
KILLER_SCORE_TOP = HARD


def killer_ceilings(ncells: int) -> dict[str, int]:
    """:data:`KILLER_CEILINGS` for a killer of ``ncells`` cells.

    >>> killer_ceilings(81), killer_ceilings(36)
    ({'Easy': 1800, 'Medium': 3600}, {'Easy': 800, 'Medium': 1600})
    """
    return {level: round(top * ncells / 81) for level, top in KILLER_CEILINGS.items()}


def killer_scale(steps: Sequence[Step], ncells: int) -> tuple[int | None, str | None]:
    """(score, level) of a killer's path: HoDoKu's score; the level the
    hardest technique's, raised one level at a time while the score passes
    that level's killer ceiling (:func:`killer_ceilings`), to Hard at most.
    A killer's score adds up over many more steps than a classic puzzle's
    (every cell starts empty), so it has ceilings of its own.

    >>> from deduce.step import Step
    >>> from deduce.techniques import TECHNIQUES
    >>> killer_scale([Step(TECHNIQUES["cage-combo"])] * 50, 81)
    (2000, 'Medium')
    >>> killer_scale([Step(TECHNIQUES["cage-single"])] * 500, 81)
    (2000, 'Medium')
    >>> killer_scale([Step(TECHNIQUES["cage-combo"])] * 100, 81)
    (4000, 'Hard')
    """
    score, level = hodoku_scale(steps, raise_by_score=False)
    if score is None or level is None:
        return score, level
    ceilings = killer_ceilings(ncells)
    at = LEVELS.index(level)
    while LEVELS[at] in ceilings and score > ceilings[LEVELS[at]] and at < LEVELS.index(KILLER_SCORE_TOP):
        at += 1
    return score, LEVELS[at]


def puzzle_scale(steps: Sequence[Step], puzzle: Puzzle) -> tuple[int | None, str | None]:
    """(score, level) of ``puzzle``'s path: :func:`killer_scale` for a killer, else :func:`hodoku_scale` (whose
    score ceilings, HoDoKu's, raise the level of a classic or jigsaw puzzle, not of one with variant
    constraints)."""
    if puzzle.cages:
        return killer_scale(steps, puzzle.ncells)
    return hodoku_scale(steps, raise_by_score=not puzzle.constraints)
