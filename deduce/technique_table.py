"""The built-in rows of the technique table (their places in the reference programs' orders included).

Each row gives a technique's order of trial in deduce (the first number:
lower first, multiples of 10 so that plugins slot in between), code, name,
family, Sudoku Explainer-style difficulty (``se``), HoDoKu-style base score
and level, and HoDoKu's regression-library id, then a description and the
reasoning behind deduce's own numbers.  :mod:`deduce.techniques` merges
these rows with the plugins' and answers lookups; the rating model is
described there.

>>> BUILTIN[1].code, BUILTIN[1].order, BUILTIN[1].profiles
('hs', 20.0, ('deduce', 'full', 'se', 'hodoku'))
"""

from __future__ import annotations

from .technique import (
    CHAINS,
    DEFAULT_PROFILES,
    EXTREME,
    FORCING,
    HARD,
    LAST_RESORT,
    UNFAIR,
    Technique,
    row,
)

#: Sudoku Explainer's own techniques: in its profile, not in deduce's.
SE_ONLY = ("direct-pointing", "direct-claiming", "direct-hp", "direct-ht")

#: Sudoku Explainer's nested levels, each deduce's technique for it (its ER
#: is 9.5, 10.0, 10.5 or 11.0 plus the length bonus).
NESTED_LEVELS = {2: "nested-forcing", 3: "nested-forcing-3", 4: "nested-forcing-4", 5: "nested-forcing-5"}

#: Techniques in the table (and the ``full`` profile, and usable with
#: ``--only``) that deduce's default set leaves out: the large franken and
#: mutant fish, as HoDoKu leaves them out of its own (few solvers look for
#: them, a chain explains the same eliminations more readably, and each
#: search costs as much as a chain's), and nested forcing chains (levels 2
#: to 5), whose search can take minutes where everything else has failed.
OPT_IN = ("franken-jellyfish", "finned-franken-jellyfish", "mutant-x-wing", "finned-mutant-x-wing",
          "mutant-swordfish", "finned-mutant-swordfish", "mutant-jellyfish", "finned-mutant-jellyfish",
          *NESTED_LEVELS.values())


def _t(order: float, code: str, name: str, family: str, se: float | None, hodoku: int | None, level: str,
       hodoku_id: str = "", description: str = "", se_variants: tuple[tuple[str, float], ...] = (),
       rating_note: str = "", *, se_order: float | None = None, hodoku_order: float | None = None) -> Technique:
    profiles = () if code in SE_ONLY else ("full",) if code in OPT_IN else DEFAULT_PROFILES
    return row(order, code, name, family, se, hodoku, level, hodoku_id, description, se_variants, rating_note,
               profiles=profiles, se_order=se_order, hodoku_order=hodoku_order)


#: Other names people use (HoDoKu, Sudoku Explainer, SudokuWiki and the
#: forums) for one built-in technique or several at once, in one table:
#: name -> codes.  Lookups ignore case, spaces, hyphens and US spellings
#: ("colors" reads as "colours"); a row's own name and code come first.
#: ``--only`` and ``deduce techniques`` accept a name that stands for several
#: techniques; :func:`deduce.techniques.technique` answers the first.
NAMES: dict[str, tuple[str, ...]] = {
    "Remote pairs": ("remote-pair",),
    "Forcing XY-chain": ("xy-chain",),
    "Forcing X-chain": ("x-chain",),
    "X-cycle": ("x-chain",),
    "X-cycles": ("x-chain",),
    "AIC": ("aic",),
    "Alternating inference chain": ("aic",),
    "Continuous nice loop": ("aic",),
    "Discontinuous nice loop": ("aic",),
    "Forcing chain (static)": ("aic",),
    "Nice loop": ("aic",),
    "Nice loop/AIC": ("aic",),
    "Nishio": ("nishio",),
    "Nishio forcing chain": ("nishio",),
    "Nishio forcing chains": ("nishio",),
    "Forcing chains": ("nishio", "cell-region-forcing", "dynamic-forcing", "dynamic-forcing-plus", "nested-forcing",
                       "nested-forcing-3", "nested-forcing-4", "nested-forcing-5"),
    "Grouped AIC": ("grouped-aic",),
    "Grouped continuous nice loop": ("grouped-aic",),
    "Grouped discontinuous nice loop": ("grouped-aic",),
    "Grouped nice loop": ("grouped-aic",),
    "Cell forcing chain": ("cell-region-forcing",),
    "Cell forcing chains": ("cell-region-forcing",),
    "Forcing chain": ("cell-region-forcing",),
    "Multiple forcing chains": ("cell-region-forcing",),
    "Region forcing chain": ("cell-region-forcing",),
    "Region forcing chains": ("cell-region-forcing",),
    "Unit forcing chain": ("cell-region-forcing",),
    "Digit forcing chain": ("dynamic-forcing",),
    "Dynamic forcing chains": ("dynamic-forcing",),
    "Forcing net": ("dynamic-forcing",),
    "Dynamic forcing chains (+)": ("dynamic-forcing-plus",),
    "Nested forcing chains": ("nested-forcing",),
    "Nested forcing chains level 2": ("nested-forcing",),
    "Nested forcing chains level 3": ("nested-forcing-3",),
    "Nested forcing chains level 4": ("nested-forcing-4",),
    "Nested forcing chains level 5": ("nested-forcing-5",),
    "Backtracking": ("bf",),
    "Bowman's bingo": ("bf",),
    "Brute force": ("bf",),
    "Guess": ("bf",),
}

#: The built-in rows.  The first number is the row's ``order`` (deduce's order
#: of trial, lower first); the rows are listed in that order.
_ROWS: tuple[Technique, ...] = (
    _t(600, "remote-pair", "Remote pair", CHAINS, 6.6, 110, HARD, "0703",
       "A chain of four or more cells holding only the same two symbols, each seeing the next: cells an odd "
       "number of links apart hold different ones of the two, so a cell seeing both loses both symbols.",
       rating_note="Sudoku Explainer finds these as forcing Y-chains (bivalue cells only): 6.6 plus its length "
                   "bonus; HoDoKu's remote pair (110).", hodoku_order=170),
    _t(610, "xy-chain", "XY-chain", CHAINS, 7.0, 260, UNFAIR, "0702",
       "A chain of bivalue cells: if its first cell is not x, its last cell is; cells seeing both lose x.",
       rating_note="Sudoku Explainer finds these as forcing XY-chains: 7.0 plus its length bonus, "
                   "counting two links per cell.", hodoku_order=440),
    _t(620, "x-chain", "X-chain", CHAINS, 6.6, 260, UNFAIR, "0701",
       "Strong and weak links on one symbol: assuming a candidate leads back to its own removal, or both "
       "ways of a candidate lead to the same result.",
       rating_note="Sudoku Explainer's forcing X-chain: 6.6 plus its length bonus.", se_order=300, hodoku_order=430),
    _t(630, "aic", "Alternating inference chain", CHAINS, 7.0, 280, UNFAIR, "0708",
       "A chain of strong links (bivalue cells, two-place houses) and weak links over several symbols; "
       "either a candidate leads to its own removal or both its ways lead to the same result.",
       se_variants=(("x", 6.6), ("y", 6.6), ("xy", 7.0)),
       rating_note="Sudoku Explainer's (non-dynamic) forcing chains: 6.6 for one symbol or bivalue cells only, "
                   "7.0 when mixed, plus the length bonus. HoDoKu files the same logic as nice loops/AICs (280).",
       se_order=310, hodoku_order=450),
    _t(640, "nishio", "Nishio forcing chain", FORCING, 7.5, 500, EXTREME, "1301",
       "Placing a symbol in a cell leaves that symbol no place in some house (or two places in one): "
       "the cell cannot hold it.",
       rating_note="Sudoku Explainer's Nishio: 7.5 plus the length bonus; HoDoKu's forcing chain contradiction.",
       se_order=320, hodoku_order=550),
    _t(650, "grouped-aic", "Grouped AIC", CHAINS, 7.2, 300, UNFAIR, "0711",
       "An alternating inference chain whose nodes may be groups (a symbol's places in a house that lie in "
       "one line and one box act as one node) or almost locked sets (one that loses a symbol is locked on the "
       "rest).",
       rating_note="Not in Sudoku Explainer 1.2.1 (it needs dynamic chains, 8.5, for these); deduce's own 7.2 "
                   "plus the length bonus: an AIC (7.0) with grouped nodes. HoDoKu's grouped nice loop (300).",
       hodoku_order=460),
    _t(780, "cell-region-forcing", "Cell/region forcing chain", FORCING, 8.0, 500, EXTREME, "1302",
       "Every candidate of a cell (or every place of a symbol in a house) leads to the same result.",
       rating_note="Sudoku Explainer's multiple forcing chains: 8.0 plus the length bonus; HoDoKu's forcing chain.",
       se_order=330, hodoku_order=540),
    _t(790, "dynamic-forcing", "Dynamic forcing chain", FORCING, 8.5, 700, EXTREME, "1303",
       "Forcing chains whose links take account of everything the assumption implied so far.",
       rating_note="Sudoku Explainer's dynamic forcing chains: 8.5 plus the length bonus; HoDoKu's forcing net.",
       se_order=340, hodoku_order=560),
    _t(800, "dynamic-forcing-plus", "Dynamic forcing chain (+)", FORCING, 9.0, 700, EXTREME, "1304",
       "Dynamic forcing chains that also apply locked candidates, naked and hidden pairs and X-wings inside the "
       "assumption (nesting level 1).",
       rating_note="Sudoku Explainer's dynamic forcing chains (+): 9.0 plus the length bonus; HoDoKu's forcing net.",
       se_order=350, hodoku_order=570),
    _t(810, "nested-forcing", "Nested forcing chain", FORCING, 9.5, 800, EXTREME, "",
       "Dynamic forcing chains that also apply static forcing chains (AICs, and the techniques of nesting "
       "level 1) inside the assumption (nesting level 2).",
       rating_note="Sudoku Explainer's nested level 2: 9.5 plus the length bonus; HoDoKu has no nested "
                   "chains (its forcing nets score 700), deduce's own 800. Searched only when asked for "
                   "(profile 'full', --only, or rate --nested): one search costs minutes of forcing chains."),
    _t(811, "nested-forcing-3", "Nested forcing chain (level 3)", FORCING, 10.0, 800, EXTREME, "",
       "Dynamic forcing chains that also apply static forcing chains, cell and region forcing chains among "
       "them, inside the assumption (nesting level 3).",
       rating_note="Sudoku Explainer's nested level 3: 10.0 plus the length bonus; deduce's own 800 on "
                   "HoDoKu's scale, as level 2. Searched only when asked for, as level 2."),
    _t(812, "nested-forcing-4", "Nested forcing chain (level 4)", FORCING, 10.5, 800, EXTREME, "",
       "Dynamic forcing chains that also apply dynamic forcing chains inside the assumption (nesting level 4).",
       rating_note="Sudoku Explainer's nested level 4: 10.5 plus the length bonus; deduce's own 800 on "
                   "HoDoKu's scale. Searched only when asked for: one search runs a dynamic forcing chain "
                   "search inside each assumption, hours on a hard position."),
    _t(813, "nested-forcing-5", "Nested forcing chain (level 5)", FORCING, 11.0, 800, EXTREME, "",
       "Dynamic forcing chains that also apply dynamic and nested (level 2) forcing chains inside the "
       "assumption (nesting level 5).",
       rating_note="Sudoku Explainer's nested level 5: 11.0 plus the length bonus; deduce's own 800 on "
                   "HoDoKu's scale. Searched only when asked for, as level 4, and slower still."),
    _t(820, "bf", "Trial and error", LAST_RESORT, None, 10000, EXTREME, "",
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
