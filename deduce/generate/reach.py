"""What the generator can reach, measured: the figures behind the refusals
of targets out of reach (:meth:`.request.Request.make`).

*First steps from the givens.*  ``--technique T --first`` asks for a
puzzle whose first step beyond singles, from its givens, is T.  A
candidate is a random full grid with clues removed to a minimal puzzle
(:mod:`.making`); how often its first step beyond singles is T decides
whether any run can find one.  :data:`FIRST_STEPS` counts those first
steps over :data:`CANDIDATES` candidates, classic 9x9, HoDoKu's path
(``bench/first_steps.py`` measures it again).  A technique (or every
technique of a family) never seen first there is refused: at least
:data:`CANDIDATES` attempts found none, and a run makes at most
:data:`~.maker.MAX_ATTEMPTS` per puzzle.  It is not impossible: ALS-XZ is
the first step beyond singles of one puzzle of the 2,917 of top1465,
forum-hardest-1106 and classic-rated (``.9.7..3.....2....45...34.....5....
76..9.5.1..63....4.....56...34....2.....8..9.1.``), so such refusals
say "out of the generator's reach" and offer ``--practice`` (a position
where it comes first), which reaches every technique the solve uses.

*The highest HoDoKu score.*  :data:`HIGHEST_SCORE` is the highest score
deduce's HoDoKu path gives a puzzle of forum-hardest-1106 (the hardest
puzzles known in 2011; measured over the 182 of them rated in 400 s by
``bench/first_steps.py --scores``, 39,162); a ``--score`` band of a
classic puzzle whose minimum is above it is refused.  (For comparison:
HoDoKu 2.2's own highest over classic-rated.csv is 29,862.)
"""

from __future__ import annotations

from collections.abc import Iterable

#: Candidates (classic 9x9, no symmetry) whose first step beyond singles was counted.
CANDIDATES = 17_855
#: How many of them had each technique (by code) as their first step beyond singles; ``None``: singles alone.
FIRST_STEPS: dict[str | None, int] = {
    None: 7370, "lc1": 7216, "locked-pair": 1575, "locked-triple": 462, "lc2": 349, "np": 269, "nt": 99,
    "skyscraper": 98, "remote-pair": 64, "2-string-kite": 62, "bug+1": 53, "w-wing": 46, "hp": 42, "x-wing": 42,
    "xy-wing": 29, "hidden-rectangle": 13, "empty-rectangle": 12, "xy-chain": 8, "xyz-wing": 7, "aic": 6,
    "swordfish": 6, "ur1": 5, "finned-x-wing": 3, "ht": 3, "sue-de-coq": 3, "ur3": 3, "ur4": 3, "nq": 2,
    "turbot-fish": 2, "sashimi-x-wing": 1, "ur2": 1, "ur6": 1}
#: The highest HoDoKu score deduce's HoDoKu path gives a puzzle of forum-hardest-1106.
HIGHEST_SCORE = 39_162
#: The puzzle that scores it.
HIGHEST_SCORE_PUZZLE = "1.......2....1..3...5..34....2..1..4....8.7..6..9.......1..5.4.8.....5..9...6...."
#: Where the table holds: the generator's own classic 9x9 candidates, solved on HoDoKu's path.
MEASURED = {"kind": "classic", "size": 9, "profile": "hodoku"}


def first_seen(codes: Iterable[str]) -> int:
    """How many measured candidates had one of ``codes`` first beyond singles.

    >>> first_seen(["lc1"]) > 0, first_seen(["als-xz", "als-xy-wing", "als-chain"])
    (True, 0)
    """
    return sum(FIRST_STEPS.get(code, 0) for code in codes)


def measured_for(kind: str, size: int, profile: str) -> bool:
    """Whether the first-step table holds for a request of this kind, size and profile."""
    return (kind, size, profile) == (MEASURED["kind"], MEASURED["size"], MEASURED["profile"])
