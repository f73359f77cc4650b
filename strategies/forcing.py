"""Forcing chains: conclusions drawn from where assumptions lead.

Every strength of forcing chain is a :class:`ForcingChains` producer over
the propagations of :mod:`strategies.implications` (which explains the
links, the kinds of conclusion and the bounds):

* ``"cell-region"``: static cell and region forcing chains (every
  candidate of a cell, or every place of a symbol in a house, leads to the
  same consequence);
* ``"nishio"``: dynamic, one symbol, contradiction only;
* ``"dynamic"``: dynamic, every kind of conclusion;
* ``"dynamic+"``: dynamic with inner techniques (nesting level 1);
* ``"nested"``, ``"nested-3"``, ``"nested-4"``, ``"nested-5"``: dynamic+
  that also applies forcing chains inside the assumption, Sudoku
  Explainer's nested levels 2 to 5 (9.5, 10.0, 10.5 and 11.0 plus the
  length bonus): static forcing chains (AICs) at level 2, also cell/region
  forcing chains at level 3, dynamic forcing chains at level 4, also
  nested forcing chains of level 2 at level 5.  Like SE's, they conclude
  by contradiction, double implication and cell or region forcing, and
  propagate in SE's order (:mod:`strategies.se_order`), so their
  complexities and ratings are SE's.  Each is bounded (so deterministic)
  by the engine's limits on inner steps.

Static chains that read as one line of links (X-chains, AICs, grouped
AICs) are :class:`strategies.chains.Chains`; for compatibility
``ForcingChains`` also accepts their kinds.

>>> ForcingChains("nishio")
ForcingChains('nishio')
>>> ForcingChains("dynamic+").technique.se
9.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterator

import attrs

from deduce.literal import lit, lit_cell, lit_symbol
from deduce.state import State
from deduce.step import Step
from deduce.technique import EXTREME, FORCING, Technique, row
from deduce.techniques import TECHNIQUES

from ._chain_records import CHAIN_FIELDS, TEMPLATE, ForcingDetails, chain_marks
from ._hodoku_forcing import forcing_chains
from ._hodoku_tabling import hodoku_classic, records
from ._houses import per_position
from ._reasons import PEER, SAME_CELL
from .chain_producer import ChainProducer
from .chains import CHAIN_KINDS
from .conclusions import CONTRADICTION, REGION
from .implications import INNER_CHAINS_BY_LEVEL, NESTED_INNER_CHAINS

if TYPE_CHECKING:
    from deduce.render.marks import Marker

__all__ = ["ForcingChains"]

#: kind -> (technique code, propagation mode)
FORCING_KINDS = {
    "cell-region": ("cell-region-forcing", "static"),
    "nishio": ("nishio", "dynamic"),
    "dynamic": ("dynamic-forcing", "dynamic"),
    "dynamic+": ("dynamic-forcing-plus", "plus"),
    "nested": ("nested-forcing", "nested"),
    "nested-3": ("nested-forcing-3", "nested-3"),
    "nested-4": ("nested-forcing-4", "nested-4"),
    "nested-5": ("nested-forcing-5", "nested-5"),
}


@attrs.define(repr=False, unsafe_hash=True, on_setattr=attrs.setters.frozen)
class ForcingChains(ChainProducer):
    """One strength of forcing chains, as a strategy (kinds above)."""

    KINDS: ClassVar[dict[str, tuple[str, str]]] = {**FORCING_KINDS, **CHAIN_KINDS}
    #: The kinds the built-in list makes (the static ones are :class:`~strategies.chains.Chains`').
    CODES: ClassVar[dict[str, tuple[str, str]]] = FORCING_KINDS

    #: HoDoKu's forcing chains (:func:`strategies._hodoku_forcing.forcing_chains`) for the cell/region
    #: and Nishio kinds: every contradiction and verity its tabling finds (chains through groups, not
    #: nets), in the order HoDoKu takes them; for the dynamic kind, its steps in the order of HoDoKu's
    #: forcing nets (:mod:`strategies._hodoku_nets`); 9x9 classic grids only.  The ``hodoku`` profile's choice.
    tabling: bool = False

    def __repr__(self) -> str:
        return f"ForcingChains({self.kind!r}{', tabling=True' if self.tabling else ''})"

    def find(self, state: State) -> Iterator[Step]:
        if self.tabling and self.kind in ("cell-region", "nishio") and hodoku_classic(state):
            return tabled_forcing_steps(state)
        if self.tabling and self.kind == "dynamic" and hodoku_classic(state):
            from ._hodoku_nets import hodoku_net_steps

            return hodoku_net_steps(self, state, super().find(state))
        return super().find(state)


def tabled_forcing_steps(state: State) -> Iterator[Step]:
    """HoDoKu's forcing chains at ``state`` as steps (a contradiction on one symbol is a Nishio
    chain, the rest cell/region forcing chains: both HoDoKu's "forcing chain", 500)."""
    found, nodes = per_position(state, "hodoku forcing chains", lambda: forcing_chains(state))
    for f in found:
        branches = []
        contradiction: Any = None
        for table, ys in f.branches:
            start = _lit_of(nodes, table.premise)
            recs = records(nodes, table, ys)
            if f.form == CONTRADICTION:
                recs, contradiction = _clash(recs, f.clash, [_lit_of(nodes, y) for y in ys])
            branches.append((start, tuple(recs), contradiction))
        symbols = sorted({lit_symbol(x) for _, recs, _ in branches for x, _, _ in recs}
                         | {lit_symbol(b[0]) for b in branches})
        code = "nishio" if f.form == CONTRADICTION and len(symbols) == 1 else "cell-region-forcing"
        cells = sorted({lit_cell(x) for _, recs, _ in branches for x, _, _ in recs}
                       | {lit_cell(b[0]) for b in branches})
        yield Step(TECHNIQUES[code], placements=[f.placement] if f.placement else [],
                   eliminations=sorted(f.eliminations), cells=cells, symbols=symbols,
                   houses=(f.source[0],) if f.form == REGION else (), variant=f.form,
                   details=(("kind", f.form), ("source", f.source), ("branches", tuple(branches)), ("nesting", 0),
                            ("static", True), ("complexity", f.length), ("hodoku", f.kind)))


def _lit_of(nodes: list[tuple[tuple[int, ...], int]], y: tuple[int, bool]) -> int:
    return lit(nodes[y[0]][0][0], nodes[y[0]][1], y[1])


def _clash(recs: list[tuple[int, tuple, tuple[int, ...]]], clash: tuple, ys: list[int]
           ) -> tuple[list[tuple[int, tuple, tuple[int, ...]]], tuple]:
    """A contradiction's last record (see :func:`strategies._chain_records.forcing_lines`) and the
    records before it."""
    what = clash[0]
    if what in ("empty", "no-place"):
        return recs, (-1, (what, *clash[1:]), tuple(ys))
    if what == "two-in-cell":  # the first symbol placed takes the second's candidate
        recs = recs + [(ys[1] ^ 1, (SAME_CELL,), (ys[0],))]
    elif what == "two-in-house":
        recs = recs + [(ys[1] ^ 1, (PEER, lit_cell(ys[0])), (ys[0],))]
    last = ys[0] if what == "both" else ys[-1]  # (both: the candidate found off, and on)
    rec = next(r for r in recs if r[0] == last)
    return [r for r in recs if r is not rec], rec


def _nested_inner_chains(level: int) -> list[ChainProducer]:
    """The forcing chains a nested assumption of ``level`` applies
    (:data:`~strategies.implications.INNER_CHAINS_BY_LEVEL`)."""
    from .chains import Chains

    made = {"aic": lambda: Chains("aic", whole=False), "cell-region-forcing": lambda: ForcingChains("cell-region"),
            "dynamic-forcing": lambda: ForcingChains("dynamic"), "nested-forcing": lambda: ForcingChains("nested")}
    return [made[code]() for code in INNER_CHAINS_BY_LEVEL[level]]


NESTED_INNER_CHAINS.append(_nested_inner_chains)


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(640, "nishio", "Nishio forcing chain", FORCING, 7.5, 500, EXTREME, "1301",
        "Placing a symbol in a cell leaves that symbol no place in some house (or two places in one): "
        "the cell cannot hold it.",
        rating_note="Sudoku Explainer's Nishio: 7.5 plus the length bonus; HoDoKu's forcing chain contradiction.",
        se_order=320, hodoku_order=550),
    row(780, "cell-region-forcing", "Cell/region forcing chain", FORCING, 8.0, 500, EXTREME, "1302",
        "Every candidate of a cell (or every place of a symbol in a house) leads to the same result.",
        rating_note="Sudoku Explainer's multiple forcing chains: 8.0 plus the length bonus; HoDoKu's forcing chain.",
        se_order=330, hodoku_order=540),
    row(790, "dynamic-forcing", "Dynamic forcing chain", FORCING, 8.5, 700, EXTREME, "1303",
        "Forcing chains whose links take account of everything the assumption implied so far.",
        rating_note="Sudoku Explainer's dynamic forcing chains: 8.5 plus the length bonus; HoDoKu's forcing net.",
        se_order=340, hodoku_order=560),
    row(800, "dynamic-forcing-plus", "Dynamic forcing chain (+)", FORCING, 9.0, 700, EXTREME, "1304",
        "Dynamic forcing chains that also apply locked candidates, naked and hidden pairs and X-wings inside the "
        "assumption (nesting level 1).",
        rating_note="Sudoku Explainer's dynamic forcing chains (+): 9.0 plus the length bonus; HoDoKu's forcing net.",
        se_order=350, hodoku_order=570),
    row(810, "nested-forcing", "Nested forcing chain", FORCING, 9.5, 800, EXTREME, "",
        "Dynamic forcing chains that also apply static forcing chains (AICs, and the techniques of nesting "
        "level 1) inside the assumption (nesting level 2).",
        rating_note="Sudoku Explainer's nested level 2: 9.5 plus the length bonus; HoDoKu has no nested "
                    "chains (its forcing nets score 700), deduce's own 800. Searched only when asked for "
                    "(profile 'full', --only, or rate --nested): one search costs minutes of forcing chains.",
        profiles=("full",)),
    row(811, "nested-forcing-3", "Nested forcing chain (level 3)", FORCING, 10.0, 800, EXTREME, "",
        "Dynamic forcing chains that also apply static forcing chains, cell and region forcing chains among "
        "them, inside the assumption (nesting level 3).",
        rating_note="Sudoku Explainer's nested level 3: 10.0 plus the length bonus; deduce's own 800 on "
                    "HoDoKu's scale, as level 2. Searched only when asked for, as level 2.",
        profiles=("full",)),
    row(812, "nested-forcing-4", "Nested forcing chain (level 4)", FORCING, 10.5, 800, EXTREME, "",
        "Dynamic forcing chains that also apply dynamic forcing chains inside the assumption (nesting level 4).",
        rating_note="Sudoku Explainer's nested level 4: 10.5 plus the length bonus; deduce's own 800 on "
                    "HoDoKu's scale. Searched only when asked for: one search runs a dynamic forcing chain "
                    "search inside each assumption, hours on a hard position.",
        profiles=("full",)),
    row(813, "nested-forcing-5", "Nested forcing chain (level 5)", FORCING, 11.0, 800, EXTREME, "",
        "Dynamic forcing chains that also apply dynamic and nested (level 2) forcing chains inside the "
        "assumption (nesting level 5).",
        rating_note="Sudoku Explainer's nested level 5: 11.0 plus the length bonus; deduce's own 800 on "
                    "HoDoKu's scale. Searched only when asked for, as level 4, and slower still.",
        profiles=("full",)),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Nishio": ("nishio",),
    "Nishio forcing chain": ("nishio",),
    "Nishio forcing chains": ("nishio",),
    "Forcing chains": ("nishio", "cell-region-forcing", "dynamic-forcing", "dynamic-forcing-plus", "nested-forcing",
                       "nested-forcing-3", "nested-forcing-4", "nested-forcing-5"),
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
}


# -- words (see :mod:`deduce.render.words`; chains of literals: strategies._chain_records) ---------

DETAILS: dict[str, type] = {t.code: ForcingDetails for t in ROWS}
TEMPLATES = {t.code: TEMPLATE for t in ROWS}
FIELDS = CHAIN_FIELDS


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------

MARKERS: dict[str, Marker] = {"forcing": chain_marks}
