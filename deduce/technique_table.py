"""The core's part of the technique table: its own row (trial and error),
its other names, and Sudoku Explainer's nested levels.

Every other technique's row lives in its home, the module of ``strategies/``
that finds it (see :mod:`deduce.registry`), written with
:func:`deduce.technique.row`: its order of trial in deduce (the first
number: lower first, multiples of 10 so that plugins slot in between),
code, name, family, Sudoku Explainer-style difficulty (``se``), HoDoKu-style
base score and level, HoDoKu's regression-library id, a description, the
reasoning behind deduce's own numbers, and its places in the reference
programs' orders (``se_order``, ``hodoku_order``).  :mod:`deduce.techniques`
merges the rows and answers lookups; the rating model is described there.

>>> BUILTIN[0].code, BUILTIN[0].order, BUILTIN[0].profiles
('bf', 820.0, ('deduce', 'full', 'se', 'hodoku'))
"""

from __future__ import annotations

from .technique import (
    EXTREME,
    LAST_RESORT,
    Technique,
    row,
)

#: Sudoku Explainer's nested levels, each deduce's technique for it (its ER
#: is 9.5, 10.0, 10.5 or 11.0 plus the length bonus).
NESTED_LEVELS = {2: "nested-forcing", 3: "nested-forcing-3", 4: "nested-forcing-4", 5: "nested-forcing-5"}

#: Other names people use (HoDoKu, Sudoku Explainer, SudokuWiki and the
#: forums) for one built-in technique or several at once, in one table:
#: name -> codes.  Lookups ignore case, spaces, hyphens and US spellings
#: ("colors" reads as "colours"); a row's own name and code come first.
#: ``--only`` and ``deduce techniques`` accept a name that stands for several
#: techniques; :func:`deduce.techniques.technique` answers the first.
NAMES: dict[str, tuple[str, ...]] = {
    "Backtracking": ("bf",),
    "Bowman's bingo": ("bf",),
    "Brute force": ("bf",),
    "Guess": ("bf",),
}

#: The core's own rows: trial and error, the engine's last resort.
_ROWS: tuple[Technique, ...] = (
    row(820, "bf", "Trial and error", LAST_RESORT, None, 10000, EXTREME, "",
        "No technique in the enabled set applies; the rest is found by search.", se_order=360, hodoku_order=580),
)


#: The built-in rows, in deduce's order of trial (by ``order``).  Sudoku
#: Explainer 1.2.1's order (``se_order``: its hidden singles, direct
#: techniques, subsets and fish interleaved; no finned fish, wings beyond XYZ
#: or single-digit patterns, which SE finds as chains) and HoDoKu 2.2's
#: (``hodoku_order``: naked before hidden single; finned fish after
#: uniqueness; chains, then franken fish, then forcing chains and nets) are
#: on the rows too: :func:`deduce.techniques.profile_codes` reads them.
BUILTIN: tuple[Technique, ...] = tuple(sorted(_ROWS, key=lambda t: t.order))
