"""The techniques applied inside an assumption (dynamic+ and nested
propagations of :mod:`strategies.implications`), as Sudoku Explainer applies
its rules there: which techniques at which nesting level, and what a step
found in the assumed position owes to the assumption (its parents)."""

from __future__ import annotations

from typing import Any, Callable

from deduce.geometry import cells_of
from deduce.literal import lit, lit_cell
from deduce.literal import lit_symbol as lit_sym
from deduce.state import State

from ._reasons import ASSUMED, HIDDEN, NAKED, RULE
from ._trace import Propagation

#: Inner forcing chains applied inside one nested assumption.
MAX_NESTED_RULES = 4


#: Makes the forcing chains a nested assumption applies, given the nesting
#: level (2 to 5); :mod:`strategies.forcing` installs it (the chain
#: producers are built on this engine, so the engine does not import them).
NESTED_INNER_CHAINS: list[Callable[[int], list[Any]]] = []

#: The forcing chains applied inside an assumption, by nesting level, as
#: Sudoku Explainer defines its levels (technique codes, tried in this
#: order after the techniques of level 1): level 4 and 5 drop the static
#: chains, which dynamic forcing chains include.
INNER_CHAINS_BY_LEVEL: dict[int, tuple[str, ...]] = {
    1: (),
    2: ("aic",),
    3: ("aic", "cell-region-forcing"),
    4: ("dynamic-forcing",),
    5: ("dynamic-forcing", "nested-forcing"),
}

#: The nesting level a chain applied inside an assumption gives the chain
#: applying it (any other inner technique gives 1).
INNER_CHAIN_LEVEL = {"aic": 2, "x-chain": 2, "cell-region-forcing": 3, "dynamic-forcing": 4, "nested-forcing": 5}
#: Codes of the chains a nested chain may apply inside an assumption.
INNER_CHAIN_CODES = frozenset(INNER_CHAIN_LEVEL)


def _inner_strategies(level: int = 1) -> list[Any]:
    """The techniques applied inside an assumption at nesting ``level``:
    locked candidates, naked and hidden pairs and X-wings (level 1, Sudoku
    Explainer's list), then the forcing chains of :data:`INNER_CHAINS_BY_LEVEL`."""
    from .fish import Fish
    from .intersections import LockedCandidates
    from .subsets import HiddenSubset, NakedSubset

    # (Sudoku Explainer's order: locked candidates, both kinds at once, hidden pairs, naked pairs, X-wings)
    inner: list[Any] = [LockedCandidates("pointing"), LockedCandidates("claiming"), HiddenSubset(2), NakedSubset(2),
                        Fish(2, "basic")]
    if level >= 2:
        for make in NESTED_INNER_CHAINS:
            inner += make(level)
    return inner



def _first_inner(inner: list[Any], prop: Propagation, hypo: State,
                 real: list[int]) -> list[tuple[int, tuple, tuple[int, ...]]]:
    """:meth:`Implications._inner_step` in the assumed position ``hypo``
    (``real``: the candidates of the position assumed in), with the
    techniques ``inner``."""
    nodes = prop.nodes
    out: list[tuple[int, tuple, tuple[int, ...]]] = []
    made: set[int] = set()
    for strategy in inner:
        chain = strategy.technique.code in INNER_CHAIN_CODES
        if chain and prop.nested_rules >= MAX_NESTED_RULES:
            continue
        for step in strategy.find(hypo):
            # (a placement as its cell's other candidates gone, as Sudoku Explainer applies a rule's step)
            gone = [*step.eliminations,
                    *((c, t) for c, s in step.placements for t in cells_of(hypo.cand[c] & ~(1 << s)))]
            new = [x for x in (lit(c, t, False) for c, t in gone) if x not in nodes and x not in made]
            if not new:
                continue
            parents = _chain_parents(step, real, hypo) if chain else _basic_parents(step, real, hypo)
            if not parents:
                continue  # (as Sudoku Explainer: a step the assumption did not make is no link of it)
            reason: tuple = (RULE, step.code, tuple(step.houses), tuple(step.cells))
            if chain:
                # the inner chain itself, so that it too is explained link by link, and its size
                # (Sudoku Explainer adds it to the size of a chain that uses it)
                reason += ((step.detail("kind"), step.detail("source"), step.detail("branches")),
                           _se_complexity(strategy, step))
            out += [(x, reason, parents) for x in new]
            made.update(new)
        if out and strategy.technique.code not in JOINED_WITH_NEXT:
            # (as Sudoku Explainer: every step the first technique that applies finds, at once, an inner
            # forcing chain's too: all the chains it finds in the assumed position)
            if chain:
                prop.nested_rules += 1
            return out
    return out


#: Inner techniques tried together with the next one, as one of Sudoku Explainer's rules
#: (its locked candidates are pointing and claiming at once).
JOINED_WITH_NEXT = frozenset({"lc1"})


def _basic_parents(step: Any, real: list[int], hypo: State) -> tuple[int, ...]:
    """What a basic technique's step in the assumed position ``hypo`` owes
    to the assumption, as Sudoku Explainer reads it (``real``: the
    candidates before the assumption): locked candidates and fish, the
    symbol's places gone from the houses they start from, outside the
    houses they clear; a naked set, the other candidates gone from its
    cells; a hidden set, its symbols gone from the rest of its house."""
    geometry = hypo.puzzle.geometry
    cand, houses = hypo.cand, step.houses
    found: list[int] = []
    if step.code in ("np", "nt", "nq"):
        symbols = sum(1 << t for t in step.symbols)
        for c in step.cells:
            found += [lit(c, t, False) for t in cells_of(real[c] & ~symbols)]
        return tuple(found)
    if step.code in ("hp", "ht", "hq"):
        inside = set(step.cells)
        for c in geometry.houses[houses[0]]:
            if c not in inside:
                found += [lit(c, t, False) for t in step.symbols if real[c] >> t & 1]
        return tuple(found)
    # locked candidates (the house confining the symbol, then the one cleared) and fish (base, then cover)
    s = step.symbols[0]
    half = max(1, len(houses) // 2)
    cover = 0
    for h in houses[half:]:
        cover |= geometry.house_masks[h]
    for h in houses[:half]:
        for c in cells_of(geometry.house_masks[h] & ~cover):
            if real[c] >> s & 1 and not cand[c] >> s & 1:
                found.append(lit(c, s, False))
    return tuple(found)


def _se_complexity(strategy: Any, step: Any) -> int:
    """A forcing chain's complexity as Sudoku Explainer adds it to the chain
    applying it: a static chain from a candidate to its own negation counts
    both ends (SE's forcing X- and XY-chains; deduce's count, which stops
    short of the negation, gives the same length bonus on its own)."""
    complexity: int = step.detail("complexity")
    if strategy.mode == "static" and step.detail("kind") == "contradiction":
        complexity += 1
    return complexity


def _chain_parents(step: Any, real: list[int], hypo: State) -> tuple[int, ...]:
    """What a forcing chain found in the assumed position ``hypo`` owes to
    the assumption, as Sudoku Explainer reads it: for each literal its
    branches make true (and a cell or region chain's source), the
    candidates the assumption took from that cell when a cell's last
    candidate made it true, the places it took from that house when a
    house's last place did (``real``: the candidates before the assumption);
    none when the chain holds without the assumption."""
    houses = hypo.puzzle.geometry.house_masks
    cand = hypo.cand
    kind, source = step.detail("kind"), step.detail("source")
    found: dict[int, None] = {}
    for _, records, _ in step.detail("branches"):
        for x, reason, _ in records:
            if not x & 1:
                continue
            why = reason[0]
            if why == ASSUMED:
                why = NAKED if kind == "cell" else HIDDEN if kind == "region" else why
                reason = (why, source[0])
            c, s = lit_cell(x), lit_sym(x)
            if why == NAKED:
                for t in cells_of(real[c] & ~cand[c]):
                    found[lit(c, t, False)] = None
            elif why == HIDDEN:
                for q in cells_of(houses[reason[1]]):
                    if real[q] >> s & 1 and not cand[q] >> s & 1:
                        found[lit(q, s, False)] = None
    return tuple(found)
