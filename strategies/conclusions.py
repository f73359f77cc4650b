"""What propagations prove: a conclusion (contradiction, double implication,
cell or region forcing), the chain of each of its branches, its complexity
and its nesting level."""

from __future__ import annotations

from .implications import INNER_CHAIN_LEVEL, RULE, Propagation

CONTRADICTION, DOUBLE, CELL, REGION = "contradiction", "double", "cell", "region"


class Conclusion:
    """What the branches ``props`` prove: ``result`` (a literal), shown per
    branch by ``targets``.  ``sets`` are the literals each branch's targets
    follow from (what the chain needs), ``complexity`` their total count
    plus the complexity of every forcing chain applied inside them;
    ``chains`` are the same literals in derivation order (built on demand:
    only a conclusion that becomes a step needs the order)."""

    __slots__ = ("_chains", "complexity", "kind", "props", "result", "sets", "source", "targets")

    def __init__(self, kind: str, source: tuple, props: list[Propagation], targets: list[list[int]],
                 result: int):
        self.kind = kind
        self.source = source          # (cell, sym) or (cell,) or (house, sym)
        self.props = props            # one propagation per branch
        self.targets = targets        # per branch, the literals that show the conclusion
        self.result = result          # the literal proven true
        self.sets = [p.ancestor_set(t) for p, t in zip(props, targets)]
        self.complexity = sum(len(c) for c in self.sets)
        if any(p.nested_rules for p in props):
            self.complexity += _inner_complexity(props, self.sets)
        self._chains: list[list[int]] | None = None

    @property
    def chains(self) -> list[list[int]]:
        """Per branch, the literals of :attr:`sets` in derivation order."""
        if self._chains is None:
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
    level = 0
    for p, chain in zip(con.props, con.sets):
        nodes = p.nodes
        for x in chain:
            reason = nodes[x][0]
            if reason[0] == RULE:
                level = max(level, INNER_CHAIN_LEVEL.get(reason[1], 1))
    return level


def contradiction_targets(prop: Propagation) -> list[int]:
    x, _, parents = prop.contradiction  # type: ignore[misc]
    if x < 0:
        return list(parents)
    return [x ^ 1, *parents]
