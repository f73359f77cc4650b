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
  nested forcing chains of level 2 at level 5.  Each is bounded (so
  deterministic) by the engine's limits on depth and inner steps.

Static chains that read as one line of links (X-chains, AICs, grouped
AICs) are :class:`strategies.chains.Chains`; for compatibility
``ForcingChains`` also accepts their kinds.

>>> ForcingChains("nishio")
ForcingChains('nishio')
>>> ForcingChains("dynamic+").technique.se
9.0
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from .chain_producer import ChainProducer
from .chains import CHAIN_KINDS
from .implications import INNER_CHAINS_BY_LEVEL, NESTED_INNER_CHAINS

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


def _nested_inner_chains(level: int) -> list[ChainProducer]:
    """The forcing chains a nested assumption of ``level`` applies
    (:data:`~strategies.implications.INNER_CHAINS_BY_LEVEL`)."""
    from .chains import Chains

    made = {"aic": lambda: Chains("aic"), "cell-region-forcing": lambda: ForcingChains("cell-region"),
            "dynamic-forcing": lambda: ForcingChains("dynamic"), "nested-forcing": lambda: ForcingChains("nested")}
    return [made[code]() for code in INNER_CHAINS_BY_LEVEL[level]]


NESTED_INNER_CHAINS.append(_nested_inner_chains)
