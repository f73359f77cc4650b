"""The technique table: the single source of truth for techniques.

Each row gives a technique's name, short code, family, Sudoku
Explainer-style difficulty (``se``), HoDoKu-style base score and level, and
HoDoKu's regression-library id.  Profiles (an order of trial plus a
technique set) are lists of codes from this table; no other list of
techniques exists.

The rating model (computed by :mod:`deduce.rating`, which follows these
numbers and nothing else):

* **Sudoku Explainer scale (ER/EP/ED)**: solve with the ``se`` profile; a
  step rates its row's ``se`` (or its variant's: hidden single in a box 1.2,
  in a line 1.5; one-symbol or bivalue-only chains 6.6, mixed 7.0) plus its
  chain-length bonus (0.1 per threshold 4, 6, 8, 12, 16, 24, ... passed by
  the chain's node count less 2).  ER is the hardest step, EP the hardest
  up to the first placement, ED the first.  Trial and error counts as 9.5
  (SE's first nested level): "at least this hard".
* **HoDoKu scale (score/level)**: solve with the ``hodoku`` profile; the
  score adds the rows' ``hodoku`` base scores of the applied steps; the
  level is the hardest row's ``level``, raised while the score passes
  Easy 800, Medium 1000, Hard 1600 or Unfair 1800.
* **Killer and jigsaw**: neither program rates them, so both numbers come
  from one solve with the ``deduce`` profile, and cage and region
  techniques carry deduce's own numbers on the same scales.  The anchors:
  arithmetic on one cage or one house with a single unknown is as easy as a
  full house or hidden single (cage single 1.0, one-cell innie/outie 1.3);
  looking up cage combinations sits between a naked single and pointing
  (2.4); cage pointing is pointing plus 0.1 (2.7); a 45-rule sum over one
  house with several cells is subset-like (3.0), each further house adds
  1.0 and a derived cage needing its combinations 1.5 (so a 45 rule over
  three houses with a derived cage rates 6.5, like SE's first chains: it
  asks to hold as much in mind as a short chain does); the law of
  leftovers compares two groups of houses like an X-wing (3.2, +0.2 per
  extra pair).  Each row's ``rating_note`` repeats its reasoning.
  Uniqueness techniques are never used with cages (a cage sum can break
  the deadly pattern's swap).  A killer's level is its hardest technique's
  level, without the score ceilings (a killer's score adds up over every
  cell, as none is given, so the ceilings made for classic puzzles would
  call every killer Extreme).

>>> TECHNIQUES["hs"].name, TECHNIQUES["hs"].se, TECHNIQUES["hs"].hodoku
('Hidden single', 1.2, 14)
>>> technique("Naked pair").code
'np'
"""

from __future__ import annotations

import re

import attrs

EASY, MEDIUM, HARD, UNFAIR, EXTREME = "Easy", "Medium", "Hard", "Unfair", "Extreme"
LEVELS = (EASY, MEDIUM, HARD, UNFAIR, EXTREME)
#: HoDoKu's score ceilings: the level is raised while the score is above them.
LEVEL_CEILINGS = {EASY: 800, MEDIUM: 1000, HARD: 1600, UNFAIR: 1800}


@attrs.frozen
class Technique:
    """One row of the technique table."""

    code: str
    name: str
    family: str
    se: float | None
    hodoku: int | None
    level: str
    hodoku_id: str = ""
    description: str = ""
    #: SE difficulty of named variants (e.g. a hidden single in a row: 1.5).
    se_variants: tuple[tuple[str, float], ...] = ()
    rating_note: str = ""

    def se_for(self, variant: str = "") -> float | None:
        for name, value in self.se_variants:
            if name == variant:
                return value
        return self.se

    def __repr__(self) -> str:
        return f"technique({self.code!r})"


def _t(code: str, name: str, family: str, se: float | None, hodoku: int | None, level: str,
       hodoku_id: str = "", description: str = "", se_variants: tuple[tuple[str, float], ...] = (),
       rating_note: str = "") -> Technique:
    return Technique(code, name, family, se, hodoku, level, hodoku_id, description, se_variants, rating_note)


# Families
SINGLES, INTERSECTIONS, SUBSETS, FISH, SINGLE_DIGIT = "singles", "intersections", "subsets", "fish", "single-digit"
WINGS, UNIQUENESS, CHAINS, ALS, FORCING = "wings", "uniqueness", "chains", "als", "forcing"
CAGES, LEFTOVERS, LAST_RESORT = "cages", "leftovers", "last-resort"

#: The table, in deduce's default order of trial (easiest first).
TABLE: tuple[Technique, ...] = (
    _t("fh", "Full house", SINGLES, 1.0, 4, EASY, "0000",
       "The last empty cell of a house takes the one missing symbol."),
    _t("hs", "Hidden single", SINGLES, 1.2, 14, EASY, "0002",
       "A symbol has only one place left in a house.", se_variants=(("box", 1.2), ("row", 1.5), ("column", 1.5))),
    _t("direct-pointing", "Direct pointing", INTERSECTIONS, 1.7, 50, MEDIUM, "",
       "Pointing whose eliminations at once leave a symbol one place in a house.",
       rating_note="Sudoku Explainer's own technique (1.7); HoDoKu scores it as the pointing it is."),
    _t("direct-claiming", "Direct claiming", INTERSECTIONS, 1.9, 50, MEDIUM, "",
       "Claiming whose eliminations at once leave a symbol one place in a house.",
       rating_note="Sudoku Explainer's own technique (1.9)."),
    _t("direct-hp", "Direct hidden pair", SUBSETS, 2.0, 70, MEDIUM, "",
       "A hidden pair whose eliminations at once leave a symbol one place in a house.",
       rating_note="Sudoku Explainer's own technique (2.0)."),
    _t("direct-ht", "Direct hidden triple", SUBSETS, 2.5, 100, MEDIUM, "",
       "A hidden triple whose eliminations at once leave a symbol one place in a house.",
       rating_note="Sudoku Explainer's own technique (2.5)."),
    _t("ns", "Naked single", SINGLES, 2.3, 4, EASY, "0003",
       "A cell has only one candidate left."),
    _t("cage-single", "Cage single", CAGES, 1.0, 4, EASY, "",
       "The last empty cell of a cage takes the value that completes its sum.",
       rating_note="Arithmetic on one cage with one empty cell; as easy as a full house (1.0)."),
    _t("innie", "Innie/outie", CAGES, 1.3, 20, EASY, "",
       "The 45 rule on one house leaves a single cell whose value follows from the sums.",
       rating_note="A one-cell innie or outie of one house is a hidden-single-level observation (1.2) plus "
                   "one subtraction: 1.3. Over k houses add 0.2 per extra house (more to add up)."),
    _t("lc1", "Pointing", INTERSECTIONS, 2.6, 50, MEDIUM, "0100",
       "In a box, a symbol's candidates lie in one row or column, so it is removed from the rest of that line."),
    _t("lc2", "Claiming", INTERSECTIONS, 2.8, 50, MEDIUM, "0101",
       "In a row or column, a symbol's candidates lie in one box, so it is removed from the rest of that box."),
    _t("cage-combo", "Cage combinations", CAGES, 2.4, 40, MEDIUM, "",
       "Only some sets of symbols add up to a cage's sum; candidates in none of them are removed.",
       rating_note="Looking up a cage's combinations is the killer solver's basic move, between a naked single "
                   "(2.3) and pointing (2.6): 2.4."),
    _t("cage-pointing", "Cage pointing", CAGES, 2.7, 50, MEDIUM, "",
       "A symbol every combination of a cage needs lies, within the cage, in one house; "
       "it is removed from the rest of that house.",
       rating_note="A locked-candidates argument whose lock comes from a cage: pointing (2.6) plus 0.1."),
    _t("innies-outies", "45 rule (derived sum)", CAGES, 3.0, 60, MEDIUM, "",
       "Houses hold known totals; the cages inside them fix the sum of the cells left over (innies) "
       "or sticking out (outies).",
       rating_note="Sum over one house with several innies/outies: like a naked pair (3.0). Each extra house "
                   "in the union adds 1.0 (several houses' cages held in mind at once), and a one-sided sum used "
                   "as a derived cage with its combinations adds 1.5: a 45 rule over three houses with a derived "
                   "cage rates 6.5, like SE's first chains."),
    _t("leftovers", "Law of leftovers", LEFTOVERS, 3.2, 100, HARD, "",
       "k rows (or columns) and k regions hold each symbol k times; the cells only one side covers must "
       "hold the same symbols.",
       rating_note="Comparing two groups of houses is a set argument like an X-wing (3.2); each extra "
                   "house pair adds 0.2."),
    _t("locked-pair", "Locked pair", SUBSETS, 3.0, 40, MEDIUM, "0110",
       "A naked pair in the cells a line shares with a box: both houses lose its two symbols.",
       rating_note="Sudoku Explainer sees a naked pair (3.0); HoDoKu scores it apart (40)."),
    _t("locked-triple", "Locked triple", SUBSETS, 3.6, 60, MEDIUM, "0111",
       "A naked triple in the cells a line shares with a box: both houses lose its three symbols.",
       rating_note="Sudoku Explainer sees a naked triple (3.6); HoDoKu scores it apart (60)."),
    _t("np", "Naked pair", SUBSETS, 3.0, 60, MEDIUM, "0200",
       "Two cells of a house hold only the same two symbols; those symbols go nowhere else in the house."),
    _t("hp", "Hidden pair", SUBSETS, 3.4, 70, MEDIUM, "0210",
       "Two symbols have only the same two places in a house; those cells hold nothing else."),
    _t("nt", "Naked triple", SUBSETS, 3.6, 80, MEDIUM, "0201",
       "Three cells of a house hold only three symbols between them."),
    _t("ht", "Hidden triple", SUBSETS, 4.0, 100, MEDIUM, "0211",
       "Three symbols have only the same three places in a house."),
    _t("nq", "Naked quad", SUBSETS, 5.0, 120, HARD, "0202",
       "Four cells of a house hold only four symbols between them."),
    _t("hq", "Hidden quad", SUBSETS, 5.4, 150, HARD, "0212",
       "Four symbols have only the same four places in a house."),
    _t("x-wing", "X-wing", FISH, 3.2, 140, HARD, "0300",
       "Two lines hold a symbol only in the same two cross lines; those cross lines lose it elsewhere."),
    _t("finned-x-wing", "Finned X-wing", FISH, 3.4, 130, HARD, "0310",
       "An X-wing with extra candidates (fins); only cells that see every fin lose the symbol.",
       rating_note="Not in Sudoku Explainer 1.2.1; 0.2 above the X-wing, as Sukaku Explainer rates fins."),
    _t("sashimi-x-wing", "Sashimi X-wing", FISH, 3.5, 150, HARD, "0320",
       "A finned X-wing one of whose corners is missing without the fin.",
       rating_note="A finned X-wing whose fish exists only with the fin: 0.1 above the finned one."),
    _t("swordfish", "Swordfish", FISH, 3.8, 150, HARD, "0301",
       "Three lines hold a symbol only in the same three cross lines."),
    _t("finned-swordfish", "Finned swordfish", FISH, 4.0, 200, UNFAIR, "0311",
       "A swordfish with fins.", rating_note="Swordfish plus 0.2 for the fins."),
    _t("sashimi-swordfish", "Sashimi swordfish", FISH, 4.1, 240, UNFAIR, "0321",
       "A finned swordfish that is a fish only with its fin.", rating_note="Finned swordfish plus 0.1."),
    _t("franken-x-wing", "Franken X-wing", FISH, 4.2, 300, UNFAIR, "0330",
       "An X-wing whose base or cover includes a box.",
       rating_note="deduce's own: a box in the fish is harder to see than two lines; between XY-wing and XYZ-wing."),
    _t("finned-franken-x-wing", "Finned franken X-wing", FISH, 4.4, 390, UNFAIR, "0340",
       "A franken X-wing with fins.", rating_note="Franken X-wing plus 0.2 for the fins."),
    _t("jellyfish", "Jellyfish", FISH, 5.2, 160, HARD, "0302",
       "Four lines hold a symbol only in the same four cross lines."),
    _t("finned-jellyfish", "Finned jellyfish", FISH, 5.4, 250, UNFAIR, "0312",
       "A jellyfish with fins.", rating_note="Jellyfish plus 0.2 for the fins."),
    _t("sashimi-jellyfish", "Sashimi jellyfish", FISH, 5.5, 260, UNFAIR, "0322",
       "A finned jellyfish that is a fish only with its fin.", rating_note="Finned jellyfish plus 0.1."),
    _t("franken-swordfish", "Franken swordfish", FISH, 5.0, 350, UNFAIR, "0331",
       "A swordfish whose base or cover includes boxes.",
       rating_note="deduce's own: swordfish (3.8) plus the franken step from X-wing to franken X-wing (1.0), "
                   "rounded to the naked quad's 5.0."),
    _t("finned-franken-swordfish", "Finned franken swordfish", FISH, 5.2, 410, UNFAIR, "0341",
       "A franken swordfish with fins.", rating_note="Franken swordfish plus 0.2 for the fins."),
    _t("skyscraper", "Skyscraper", SINGLE_DIGIT, 4.0, 130, HARD, "0400",
       "Two parallel strong links joined at one end by a weak link; cells seeing both free ends lose the symbol.",
       rating_note="Not in Sudoku Explainer 1.2.1 (it finds these as forcing chains, 6.6+); Sukaku Explainer's 4.0."),
    _t("2-string-kite", "2-string kite", SINGLE_DIGIT, 4.1, 150, HARD, "0401",
       "A row and a column strong link meeting in a box; the cell seeing both free ends loses the symbol.",
       rating_note="Sukaku Explainer's 4.1."),
    _t("turbot-fish", "Turbot fish", SINGLE_DIGIT, 4.2, 120, HARD, "0403",
       "Strong link, weak link, strong link on one symbol; cells seeing both ends lose it.",
       rating_note="Sukaku Explainer's 4.2 for the general three-link chain."),
    _t("empty-rectangle", "Empty rectangle", SINGLE_DIGIT, 4.2, 120, HARD, "0402",
       "A box whose candidates form a cross, with a strong link outside it.",
       rating_note="A turbot fish with a grouped link in the box: 4.2."),
    _t("simple-colours", "Simple colours", SINGLE_DIGIT, 4.5, 150, HARD, "0500",
       "The strong links of one symbol, coloured in two colours: one colour holds the symbol; a cell seeing "
       "both colours loses it (trap), and a colour that sees itself is false (wrap).",
       se_variants=(("trap", 4.5), ("wrap", 4.5)),
       rating_note="Not in Sudoku Explainer (it finds these as X-chains and cycles, 6.5-6.6). deduce's own 4.5: "
                   "one colouring is a family of turbot fish (4.2) read at once."),
    _t("multi-colours", "Multi-colours", SINGLE_DIGIT, 4.7, 200, HARD, "0502",
       "Two colour clusters of one symbol joined by a weak link: one of the two opposite colours holds it.",
       se_variants=(("1", 4.7), ("2", 4.7)),
       rating_note="deduce's own: simple colours plus 0.2 for the second cluster."),
    _t("xy-wing", "XY-wing", WINGS, 4.2, 160, HARD, "0800",
       "A pivot {x,y} sees pincers {x,z} and {y,z}; cells seeing both pincers lose z."),
    _t("xyz-wing", "XYZ-wing", WINGS, 4.4, 180, HARD, "0801",
       "A pivot {x,y,z} sees pincers {x,z} and {y,z}; cells seeing all three lose z."),
    _t("w-wing", "W-wing", WINGS, 4.4, 150, HARD, "0803",
       "Two equal bivalue cells joined by a strong link on one of their symbols; cells seeing both lose the other.",
       rating_note="Sukaku Explainer's 4.4."),
    _t("wxyz-wing", "WXYZ-wing", WINGS, 5.5, 200, HARD, "0802",
       "Four cells hold four symbols between them and every symbol but one, z, has all its places in them "
       "seeing each other: one of the cells is z, so a cell seeing all their z loses it.",
       rating_note="Sukaku Explainer's 5.5 (not in Sudoku Explainer 1.2.1 nor in HoDoKu's default set); "
                   "HoDoKu-style 200, just above the XYZ-wing (180)."),
    _t("ur1", "Unique rectangle type 1", UNIQUENESS, 4.5, 100, HARD, "0600",
       "Three corners of a would-be deadly rectangle hold only {a,b}; the fourth cannot."),
    _t("ur2", "Unique rectangle type 2", UNIQUENESS, 4.5, 100, HARD, "0601",
       "Two corners hold {a,b}, the other two {a,b,x}: one of those is x."),
    _t("ur3", "Unique rectangle type 3", UNIQUENESS, 4.5, 100, HARD, "0602",
       "The extra symbols of two corners form a naked subset with other cells of their house.",
       rating_note="SE: 4.5 plus 0.1 per extra symbol of the subset; the step adds it."),
    _t("ur4", "Unique rectangle type 4", UNIQUENESS, 4.5, 100, HARD, "0603",
       "Two corners share a house where a lives only in them; neither can be b."),
    _t("ur5", "Unique rectangle type 5", UNIQUENESS, 4.6, 100, HARD, "0604",
       "Two diagonal corners, or three corners, of a unique rectangle hold one same extra symbol: one of them "
       "holds it, so cells seeing all of them lose it.",
       rating_note="Not in Sudoku Explainer 1.2.1; type 2 (4.5) with the extra cells apart: 4.6. HoDoKu's 100."),
    _t("ur6", "Unique rectangle type 6", UNIQUENESS, 4.6, 100, HARD, "0605",
       "Two diagonal corners hold only the pair, and one of the pair lies only in the rectangle in both its "
       "rows (or columns): it fills those two corners, and the other two lose it.",
       rating_note="Not in Sudoku Explainer 1.2.1; type 4 (4.5) with an X-wing instead of one house: 4.6. "
                   "HoDoKu's 100."),
    _t("hidden-rectangle", "Hidden rectangle", UNIQUENESS, 4.6, 100, HARD, "0606",
       "A would-be deadly rectangle with one corner holding only {a,b}: if a lives only in the rectangle along "
       "the opposite corner's row and column, that corner is not b.",
       rating_note="Not in Sudoku Explainer 1.2.1; deduce's own 4.6, a unique rectangle (4.5) read through "
                   "two strong links. HoDoKu's uniqueness score (100)."),
    _t("avoidable-rectangle", "Avoidable rectangle", UNIQUENESS, 4.5, 100, HARD, "0607",
       "A would-be deadly rectangle whose solved corners were placed, not given: placed symbols could be "
       "swapped too, so the last corner (type 1) or one of the last two (type 2) avoids the pattern.",
       se_variants=(("1", 4.5), ("2", 4.5)),
       rating_note="Not in Sudoku Explainer 1.2.1; deduce's own 4.5, a unique rectangle read on placed cells. "
                   "HoDoKu's uniqueness score (100)."),
    _t("unique-loop", "Unique loop", UNIQUENESS, 4.6, 100, HARD, "",
       "A loop of 6, 8 or 10 cells holding {a,b}, two in every house it touches, cannot be left holding only "
       "{a,b}; the four types work as for unique rectangles.",
       se_variants=(("1", 4.6), ("2", 4.6), ("3", 4.6), ("4", 4.6)),
       rating_note="Sudoku Explainer's unique loop: 4.6 for 6 cells, 4.7 for 8, 5.0 for 10 or more; type 3 adds "
                   "0.1 per cell of the naked set beside the loop. Not in HoDoKu's default set; scored like a "
                   "unique rectangle there."),
    _t("bug+1", "BUG+1", UNIQUENESS, 5.6, 100, HARD, "0610",
       "Every unsolved cell holds two candidates but one; its symbol that appears three times goes there."),
    _t("bug2", "BUG type 2", UNIQUENESS, 5.7, 100, HARD, "",
       "Several cells hold one extra candidate beyond a BUG, all the same x: cells seeing them all lose x.",
       rating_note="Sudoku Explainer's BUG type 2: 5.7. HoDoKu has only BUG+1; scored like it."),
    _t("bug3", "BUG type 3", UNIQUENESS, 5.7, 100, HARD, "",
       "The extra candidates of the cells beyond a BUG, in one house, form a naked subset with other cells.",
       rating_note="Sudoku Explainer's BUG type 3: 5.7 plus 0.1 per other cell of the subset (the step adds it)."),
    _t("bug4", "BUG type 4", UNIQUENESS, 5.7, 100, HARD, "",
       "Two cells beyond a BUG share a house where a symbol lives only in them: each is that symbol or its extra.",
       rating_note="Sudoku Explainer's BUG type 4: 5.7."),
    _t("remote-pair", "Remote pair", CHAINS, 6.6, 110, HARD, "0703",
       "A chain of four or more cells holding only the same two symbols, each seeing the next: cells an odd "
       "number of links apart hold different ones of the two, so a cell seeing both loses both symbols.",
       rating_note="Sudoku Explainer finds these as forcing Y-chains (bivalue cells only): 6.6 plus its length "
                   "bonus; HoDoKu's remote pair (110)."),
    _t("xy-chain", "XY-chain", CHAINS, 7.0, 260, UNFAIR, "0702",
       "A chain of bivalue cells: if its first cell is not x, its last cell is; cells seeing both lose x.",
       rating_note="Sudoku Explainer finds these as forcing XY-chains: 7.0 plus its length bonus, "
                   "counting two links per cell."),
    _t("x-chain", "X-chain", CHAINS, 6.6, 260, UNFAIR, "0701",
       "Strong and weak links on one symbol: assuming a candidate leads back to its own removal, or both "
       "ways of a candidate lead to the same result.",
       rating_note="Sudoku Explainer's forcing X-chain: 6.6 plus its length bonus."),
    _t("aic", "Alternating inference chain", CHAINS, 7.0, 280, UNFAIR, "0708",
       "A chain of strong links (bivalue cells, two-place houses) and weak links over several symbols; "
       "either a candidate leads to its own removal or both its ways lead to the same result.",
       se_variants=(("x", 6.6), ("y", 6.6), ("xy", 7.0)),
       rating_note="Sudoku Explainer's (non-dynamic) forcing chains: 6.6 for one symbol or bivalue cells only, "
                   "7.0 when mixed, plus the length bonus. HoDoKu files the same logic as nice loops/AICs (280)."),
    _t("nishio", "Nishio forcing chain", FORCING, 7.5, 500, EXTREME, "1301",
       "Placing a symbol in a cell leaves that symbol no place in some house (or two places in one): "
       "the cell cannot hold it.",
       rating_note="Sudoku Explainer's Nishio: 7.5 plus the length bonus; HoDoKu's forcing chain contradiction."),
    _t("grouped-aic", "Grouped AIC", CHAINS, 7.2, 300, UNFAIR, "0711",
       "An alternating inference chain whose nodes may be groups (a symbol's places in a house that lie in "
       "one line and one box act as one node) or almost locked sets (one that loses a symbol is locked on the "
       "rest).",
       rating_note="Not in Sudoku Explainer 1.2.1 (it needs dynamic chains, 8.5, for these); deduce's own 7.2 "
                   "plus the length bonus: an AIC (7.0) with grouped nodes. HoDoKu's grouped nice loop (300)."),
    _t("sue-de-coq", "Sue de Coq", ALS, 6.2, 250, UNFAIR, "1101",
       "Cells where a line meets a box, with cells of the rest of the line and of the box sharing no symbol, "
       "hold exactly as many symbols as cells: each part's symbols leave the rest of its house.",
       rating_note="Not in Sudoku Explainer 1.2.1; deduce's own 6.2, with the aligned pair exclusion, just "
                   "below SE's chains (6.5+), as HoDoKu puts it below chains (250)."),
    _t("als-xz", "ALS-XZ", ALS, 6.9, 300, UNFAIR, "0901",
       "Two almost locked sets joined by a restricted common symbol x; a symbol z of both lies in one of them.",
       rating_note="Not in Sudoku Explainer 1.2.1 (it finds these as forcing chains, 6.6-7.5); deduce's own "
                   "6.9, between SE's forcing X/Y-chains and XY-chains, as Sukaku Explainer's ALS-XZ (6.9)."),
    _t("als-xy-wing", "ALS-XY-wing", ALS, 7.2, 320, UNFAIR, "0902",
       "Three almost locked sets: a pivot joined to the other two by different restricted commons.",
       rating_note="deduce's own 7.2: ALS-XZ plus a third set, as Sukaku Explainer's ALS-XY-wing (7.2)."),
    _t("als-chain", "ALS chain", ALS, 7.4, 340, UNFAIR, "0903",
       "Four or more almost locked sets, each joined to the next by a restricted common (two consecutive ones "
       "different): a symbol z of the first and last set lies in one of them.",
       rating_note="deduce's own 7.4 (ALS-XY-wing 7.2 plus a set), plus 0.1 per set beyond four; "
                   "HoDoKu's ALS-XY-chain (340)."),
    _t("franken-jellyfish", "Franken jellyfish", FISH, 6.0, 370, UNFAIR, "0332",
       "A jellyfish whose base or cover includes boxes.",
       rating_note="deduce's own: jellyfish (5.2) plus the franken step (0.8), kept below the chains (6.6); "
                   "HoDoKu's score (its default set leaves it out)."),
    _t("finned-franken-jellyfish", "Finned franken jellyfish", FISH, 6.2, 430, UNFAIR, "0342",
       "A franken jellyfish with fins.", rating_note="Franken jellyfish plus 0.2 for the fins."),
    _t("mutant-x-wing", "Mutant X-wing", FISH, 4.6, 450, EXTREME, "0350",
       "An X-wing whose base or cover mixes a row and a column.",
       rating_note="deduce's own: franken X-wing (4.2) plus 0.4, as rows and columns on one side are harder "
                   "still to see; HoDoKu's score and level (its default set leaves mutant fish out)."),
    _t("finned-mutant-x-wing", "Finned mutant X-wing", FISH, 4.8, 470, EXTREME, "0360",
       "A mutant X-wing with fins.", rating_note="Mutant X-wing plus 0.2 for the fins."),
    _t("mutant-swordfish", "Mutant swordfish", FISH, 5.4, 450, EXTREME, "0351",
       "A swordfish whose base or cover mixes rows and columns.",
       rating_note="Franken swordfish (5.0) plus 0.4, as for the X-wing."),
    _t("finned-mutant-swordfish", "Finned mutant swordfish", FISH, 5.6, 470, EXTREME, "0361",
       "A mutant swordfish with fins.", rating_note="Mutant swordfish plus 0.2 for the fins."),
    _t("mutant-jellyfish", "Mutant jellyfish", FISH, 6.4, 450, EXTREME, "0352",
       "A jellyfish whose base or cover mixes rows and columns.",
       rating_note="Franken jellyfish (6.0) plus 0.4, as for the X-wing; still below the chains (6.6)."),
    _t("finned-mutant-jellyfish", "Finned mutant jellyfish", FISH, 6.5, 470, EXTREME, "0362",
       "A mutant jellyfish with fins.", rating_note="Mutant jellyfish plus 0.1 for the fins, below the chains."),
    _t("cell-region-forcing", "Cell/region forcing chain", FORCING, 8.0, 500, EXTREME, "1302",
       "Every candidate of a cell (or every place of a symbol in a house) leads to the same result.",
       rating_note="Sudoku Explainer's multiple forcing chains: 8.0 plus the length bonus; HoDoKu's forcing chain."),
    _t("dynamic-forcing", "Dynamic forcing chain", FORCING, 8.5, 700, EXTREME, "1303",
       "Forcing chains whose links take account of everything the assumption implied so far.",
       rating_note="Sudoku Explainer's dynamic forcing chains: 8.5 plus the length bonus; HoDoKu's forcing net."),
    _t("dynamic-forcing-plus", "Dynamic forcing chain (+)", FORCING, 9.0, 700, EXTREME, "1304",
       "Dynamic forcing chains that also apply locked candidates, subsets and X-wings inside the assumption "
       "(nesting level 1).",
       rating_note="Sudoku Explainer's dynamic forcing chains (+): 9.0 plus the length bonus; HoDoKu's forcing net."),
    _t("nested-forcing", "Nested forcing chain", FORCING, 9.5, 800, EXTREME, "",
       "Dynamic forcing chains that also apply static forcing chains (and the techniques of nesting level 1) "
       "inside the assumption (nesting level 2).",
       rating_note="Sudoku Explainer's first nested level: 9.5 plus the length bonus; HoDoKu has no nested "
                   "chains (its forcing nets score 700), deduce's own 800. Searched only when asked for "
                   "(profile 'full' or --only): one search costs minutes of forcing chains."),
    _t("bf", "Trial and error", LAST_RESORT, None, 10000, EXTREME, "",
       "No technique in the enabled set applies; the rest is found by search."),
)

TECHNIQUES: dict[str, Technique] = {t.code: t for t in TABLE}

#: Sudoku Explainer's own techniques: in its profile, not in deduce's.
SE_ONLY = ("direct-pointing", "direct-claiming", "direct-hp", "direct-ht")

#: Techniques in the table (and the ``full`` profile, and usable with
#: ``--only``) that deduce's default set leaves out: the large franken and
#: mutant fish, as HoDoKu leaves them out of its own (few solvers look for
#: them, a chain explains the same eliminations more readably, and each
#: search costs as much as a chain's), and nested forcing chains (level 2),
#: whose search can take minutes where everything else has failed.
OPT_IN = ("franken-jellyfish", "finned-franken-jellyfish", "mutant-x-wing", "finned-mutant-x-wing",
          "mutant-swordfish", "finned-mutant-swordfish", "mutant-jellyfish", "finned-mutant-jellyfish",
          "nested-forcing")

#: Order of trial and technique set, per profile (codes of :data:`TABLE`).
#:
#: * ``deduce``: the table's order, for explanations (every technique but SE's
#:   direct ones, which only exist to match SE's ratings, and the
#:   :data:`OPT_IN` ones);
#: * ``full``: the table's order, every technique but SE's direct ones;
#: * ``se``: Sudoku Explainer 1.2.1's producers in its order (its hidden
#:   singles, direct techniques, subsets and fish interleaved; no finned fish,
#:   wings beyond XYZ or single-digit patterns: SE finds those as chains);
#: * ``hodoku``: HoDoKu 2.2's default set in its order (naked before hidden
#:   single; finned fish after uniqueness; chains, then franken fish, then
#:   forcing chains and nets).
PROFILES: dict[str, tuple[str, ...]] = {
    "deduce": tuple(t.code for t in TABLE if t.code not in SE_ONLY + OPT_IN),
    "full": tuple(t.code for t in TABLE if t.code not in SE_ONLY),
    "se": ("fh", "hs", "direct-pointing", "direct-claiming", "direct-hp", "ns", "direct-ht", "lc1", "lc2", "np",
           "x-wing", "hp", "nt", "swordfish", "ht", "xy-wing", "xyz-wing", "ur1", "ur2", "ur4", "ur3", "unique-loop", "nq",
           "jellyfish", "hq", "bug+1", "bug2", "bug3", "bug4", "x-chain", "aic", "nishio", "cell-region-forcing", "dynamic-forcing",
           "dynamic-forcing-plus", "bf"),
    "hodoku": ("fh", "ns", "hs", "locked-pair", "locked-triple", "lc1", "lc2", "np", "nt", "hp", "ht", "nq", "hq", "x-wing", "swordfish",
               "jellyfish", "remote-pair", "bug+1", "skyscraper", "2-string-kite", "turbot-fish", "empty-rectangle", "w-wing",
               "xy-wing", "xyz-wing", "ur1", "ur2", "ur3", "ur4", "ur5", "ur6", "hidden-rectangle", "avoidable-rectangle",
               "finned-x-wing", "sashimi-x-wing",
               "finned-swordfish", "sashimi-swordfish", "finned-jellyfish", "sashimi-jellyfish", "sue-de-coq",
               "simple-colours",
               "multi-colours", "x-chain",
               "xy-chain", "aic", "grouped-aic", "als-xz", "als-xy-wing", "als-chain", "franken-x-wing", "franken-swordfish", "finned-franken-x-wing",
               "finned-franken-swordfish", "cell-region-forcing", "nishio", "dynamic-forcing",
               "dynamic-forcing-plus", "bf"),
}


def se_length_bonus(length: int) -> float:
    """Sudoku Explainer's chain-length bonus: 0.1 per threshold passed in
    4, 6, 8, 12, 16, 24, 32, 48, ... (times 3/2 and 4/3 in turn), where
    the threshold is compared with ``length - 2``.

    >>> se_length_bonus(6), se_length_bonus(7), se_length_bonus(20)
    (0.0, 0.1, 0.5)
    """
    bonus, threshold, up = 0.0, 4, True
    while length - 2 > threshold:
        bonus += 0.1
        threshold = threshold * 3 // 2 if up else threshold * 4 // 3
        up = not up
    return round(bonus, 1)


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9+]+", "", text.lower())


_BY_NAME = {_norm(t.name): t for t in TABLE} | {_norm(t.code): t for t in TABLE}


def technique(name_or_code: str) -> Technique:
    """Look a technique up by code or name (case, spaces and hyphens ignored).

    Raises KeyError with the known codes when there is no such technique.
    """
    t = _BY_NAME.get(_norm(name_or_code))
    if t is None:
        raise KeyError(f"unknown technique {name_or_code!r}; known codes: {', '.join(TECHNIQUES)}")
    return t


def techniques_of_family(family: str) -> list[Technique]:
    return [t for t in TABLE if t.family == family]


def select(spec: str) -> set[str]:
    """Codes named by a comma-separated list of codes, names or families."""
    out: set[str] = set()
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        fam = [t.code for t in TABLE if _norm(t.family) == _norm(part)]
        if fam:
            out.update(fam)
        else:
            out.add(technique(part).code)
    return out
