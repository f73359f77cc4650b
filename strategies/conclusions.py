"""What propagations prove: a conclusion (contradiction, double implication,
cell or region forcing), the chain of each of its branches, its complexity
and its nesting level."""

from __future__ import annotations

from deduce.literal import negate

from . import _accel
from .implications import ALS_NODE, GROUP, HIDDEN, INNER_CHAIN_LEVEL, RULE, Propagation, Trace, _record_codes

CONTRADICTION, DOUBLE, CELL, REGION = "contradiction", "double", "cell", "region"
#: the reasons of the nodes that make a chain a grouped one
GROUPED_REASONS = (GROUP, ALS_NODE)
#: the reasons a conclusion notes of its chain (bits 0 and 1: grouped; bit 2: a hidden single's link)
NOTED = _NOTED = (GROUP, ALS_NODE, HIDDEN)  # (NOTED: what the C accelerator is asked to note)
_GROUPED_BITS, _HIDDEN_BIT = 0b011, 0b100


class Conclusion:
    """What the branches ``props`` prove: ``result`` (a literal), shown per
    branch by ``targets``.  ``sets`` are the literals each branch's targets
    follow from (what the chain needs), ``complexity`` their total count
    plus the complexity of every forcing chain applied inside them;
    ``chains`` are the same literals in derivation order.  Only a conclusion
    that becomes a step (or is looked into) needs its sets and chains: with
    the C accelerator, the complexity, the chain's symbols and the kinds of
    link it passes through (:meth:`through_group`, :meth:`symbols`,
    :meth:`through_hidden`) are counted without them, and they are built
    when first asked for."""

    __slots__ = ("_chains", "_noted", "_sets", "_symbols", "complexity", "kind", "props", "result", "source",
                 "targets")

    def __init__(self, kind: str, source: tuple, props: list[Propagation], targets: list[list[int]],
                 result: int, halves: tuple[list[int], list[int]] | None = None):
        self.kind = kind
        self.source = source          # (cell, sym) or (cell,) or (house, sym)
        self.props = props            # one propagation per branch
        self.targets = targets        # per branch, the literals that show the conclusion
        self.result = result          # the literal proven true
        self._sets: list[set[int]] | None = None
        self._noted = self._symbols = -1   # (not known yet)
        self._chains: list[list[int]] | None = None
        fast = _accel._deduce_accel
        if fast is not None and not any(p.nested_rules for p in props):
            self.complexity = self._noted = self._symbols = 0
            codes = _record_codes(_NOTED)
            for p, t in [(props[0], h) for h in halves] if halves else zip(props, targets):
                nodes = p.nodes
                if type(nodes) is Trace:  # (Propagation.ancestor_count, inline: tens of thousands a solve)
                    count, noted, symbols = fast.trace_count(nodes._index, nodes._raw, t, codes)
                else:
                    count, noted, symbols = p.ancestor_count(t, _NOTED)
                self.complexity += count
                self._noted |= noted
                self._symbols |= symbols
            if halves:
                self.complexity += 1
            return
        if halves:
            prop = props[0]
            self.complexity = 1 + len(prop.ancestor_set(halves[0])) + len(prop.ancestor_set(halves[1]))
        else:
            self.complexity = sum(len(c) for c in self.sets)
        if any(p.nested_rules for p in props):
            self.complexity += _inner_complexity(props, self.sets)

    @classmethod
    def counted(cls, kind: str, source: tuple, props: list[Propagation], targets: list[list[int]], result: int,
                complexity: int, noted: int, symbols: int) -> Conclusion:
        """A conclusion whose chains the C accelerator has counted (``noted``: bits of the reasons
        noted, as ``trace_count`` gives them for ``_NOTED``)."""
        con = cls.__new__(cls)
        con.kind, con.source, con.props, con.targets, con.result = kind, source, props, targets, result
        con.complexity, con._noted, con._symbols = complexity, noted, symbols
        con._sets = con._chains = None
        return con

    @property
    def sets(self) -> list[set[int]]:
        """Per branch, the literals its targets follow from, themselves included."""
        if self._sets is None:
            self._sets = [p.ancestor_set(t) for p, t in zip(self.props, self.targets)]
        return self._sets

    def through_group(self) -> bool:
        """Whether a group or an almost locked set serves as a node of the chain."""
        if self._noted >= 0:
            return bool(self._noted & _GROUPED_BITS)
        return self._through(GROUPED_REASONS)

    def through_hidden(self) -> bool:
        """Whether a link of the chain is a hidden single's (a symbol's last place in a house)."""
        if self._noted >= 0:
            return bool(self._noted & _HIDDEN_BIT)
        return self._through((HIDDEN,))

    def symbols(self) -> int:
        """The symbols of the chain's literals, as a mask."""
        if self._symbols < 0:
            self._symbols = 0
            for chain in self.sets:
                for x in chain:
                    self._symbols |= 1 << ((x >> 1) & 31)
        return self._symbols

    def _through(self, reasons: tuple[str, ...]) -> bool:
        """Whether a literal of the chain follows from one of ``reasons`` (stops at the first)."""
        return any(p.nodes[x][0][0] in reasons for p, chain in zip(self.props, self.sets) for x in chain)

    @property
    def chains(self) -> list[list[int]]:
        """Per branch, the literals of :attr:`sets` in derivation order."""
        if self._chains is None:
            fast = _accel._deduce_accel
            if fast is not None and all(type(p.nodes) is Trace for p in self.props):
                # (listed in C from the propagation's records: Propagation.ancestors, without the set)
                self._chains = [fast.trace_chain(p.nodes._index, p.nodes._raw, t)
                                for p, t in zip(self.props, self.targets)]
            else:
                self._chains = [[x for x in p.nodes if x in seen] for p, seen in zip(self.props, self.sets)]
        return self._chains


def _inner_complexity(props: list[Propagation], sets: list[set[int]]) -> int:
    """The sizes of the forcing chains applied inside the assumptions that
    the conclusion's chains pass through, each chain counted once (as
    Sudoku Explainer counts a nested chain's complexity)."""
    total = 0
    seen: set[int] = set()
    for p, chain in zip(props, sets):
        nodes = p.nodes
        for x in chain:
            reason = nodes[x][0]
            if reason[0] == RULE and len(reason) > 5 and id(reason) not in seen:
                seen.add(id(reason))
                total += reason[5]
    return total


def nesting(con: Conclusion) -> int:
    """0 without inner techniques, 1 with, 2 to 5 when one of them is a
    forcing chain (:data:`~strategies.implications.INNER_CHAIN_LEVEL`)."""
    if all(type(p.nodes) is Trace for p in con.props):
        return 0   # (a propagation made in C applies no inner technique)
    level = 0
    for p, chain in zip(con.props, con.sets):
        nodes = p.nodes
        for x in chain:
            reason = nodes[x][0]
            if reason[0] == RULE:
                level = max(level, INNER_CHAIN_LEVEL.get(reason[1], 1))
    return level


def contradiction_halves(prop: Propagation) -> tuple[list[int], list[int]]:
    """The two sides of ``prop``'s contradiction as Sudoku Explainer counts
    a dynamic contradiction's complexity: the literal found both true and
    false, once with what made it true, once with what made it false,
    each side's ancestors counted in full (the ones they share twice), plus
    one for the literal newly found (the caller adds it).

    A cell left without candidates, or a symbol left without a place in a
    house, is never a contradiction of its own for Sudoku Explainer: it
    processes one literal at a time, so of the last two candidates (places)
    to go, the first one it takes off makes the other one true, against
    its being false.  That other one is taken as the last of them derived."""
    x, _, parents = prop.contradiction  # type: ignore[misc]
    if x >= 0:
        return list(parents), [negate(x)]
    wanted = set(parents)
    last = next(y for y in reversed(prop.nodes) if y in wanted)
    return [y for y in parents if y != last], [last]


def contradiction_targets(prop: Propagation) -> list[int]:
    x, _, parents = prop.contradiction  # type: ignore[misc]
    if x < 0:
        return list(parents)
    return [negate(x), *parents]
