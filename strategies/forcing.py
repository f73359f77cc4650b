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
* ``"nested"``: dynamic+ that also applies static forcing chains inside
  (nesting level 2, Sudoku Explainer's first nested level).

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
from .implications import NESTED_INNER_CHAINS

__all__ = ["ForcingChains"]

#: kind -> (technique code, propagation mode)
FORCING_KINDS = {
    "cell-region": ("cell-region-forcing", "static"),
    "nishio": ("nishio", "dynamic"),
    "dynamic": ("dynamic-forcing", "dynamic"),
    "dynamic+": ("dynamic-forcing-plus", "plus"),
    "nested": ("nested-forcing", "nested"),
}


@attrs.define(repr=False, unsafe_hash=True, on_setattr=attrs.setters.frozen)
class ForcingChains(ChainProducer):
    """One strength of forcing chains, as a strategy (kinds above)."""

    KINDS: ClassVar[dict[str, tuple[str, str]]] = {**FORCING_KINDS, **CHAIN_KINDS}
    #: The kinds the built-in list makes (the static ones are :class:`~strategies.chains.Chains`').
    CODES: ClassVar[dict[str, tuple[str, str]]] = FORCING_KINDS


def _nested_inner_chains() -> list[ChainProducer]:
    """The static forcing chains a nested assumption applies (SE's level 2)."""
    from .chains import Chains

    return [Chains("aic"), ForcingChains("cell-region")]


NESTED_INNER_CHAINS.append(_nested_inner_chains)
