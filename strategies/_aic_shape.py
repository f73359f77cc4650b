"""A static chain read as what it is: an alternating inference chain.

The implication engine proves a static chain's conclusion one candidate at a
time (an assumption that runs into a contradiction, or both ways of a
candidate that lead to the same result).  When its links form one strand,
the same links are an alternating inference chain (AIC) between two *ends*
of which one at least is true, and every candidate that sees both ends goes,
not only the one the engine set out to remove; when the two ends see each
other the strand closes into a continuous loop, and every weak link of the
loop becomes strong as well: exactly one of its two sides is true, so what
sees both goes (HoDoKu's nice loops, Eureka's notation).

:func:`aic_shape` finds that strand in a conclusion's records, or None when
its links branch (a net: then the step keeps its forcing-chain form).

The strand is kept as ``(nodes, links, loop)``:

* a node is ``(symbol, cells, out)``: one candidate (one cell), a group of a
  symbol's places in one house (several cells, ``out`` -1), or an almost
  locked set ``(symbol, cells, out, places of symbol, places of out)``
  entered by losing ``symbol`` and left with ``out`` locked in it (written
  ``(symbol=out)cells``);
* a link between two nodes is ``(kind, house)``: ``"="`` strong (if one is
  false the other is true), ``"-"`` weak (if one is true the other is
  false); ``house`` is the house of a strong link between two places, -1
  within a cell or for a link that needs none named;
* ``loop`` is True when the two ends see each other (a continuous loop).

Read left to right, "if the first node is false, the second is true, so the
third is false..., so the last is true".
"""

from __future__ import annotations

import itertools
from typing import Sequence

from deduce.literal import lit_cell, lit_symbol
from deduce.state import State

from .conclusions import CONTRADICTION, DOUBLE, Conclusion
from .implications import ALS_NODE, GROUP, HIDDEN, NAKED, PEER, SAME_CELL, Propagation
from .variants import _links

Node = tuple  # (symbol, cells, out), and for a set its places of both symbols
LinkKind = tuple[str, int]
#: (nodes, links, loop)
Shape = tuple[tuple[Node, ...], tuple[LinkKind, ...], bool]

_WEAK = (PEER, SAME_CELL)
#: The links a variant constraint gives (strategies/variants/_links.py): weak, and strong
_LINK_WEAK = (_links.WEAK,)
_LINK_STRONG = (_links.STRONG, _links.EXTRA_HIDDEN)


def _node(x: int) -> Node:
    return (lit_symbol(x), (lit_cell(x),), -1)


class _Branch:
    """A walk back from literals to a propagation's start, one parent at a time."""

    def __init__(self, prop: Propagation):
        self.prop = prop
        self.used: set[int] = set()
        #: True when an almost locked set at the strand's start took the (negated) start into it
        self.absorbed = False

    def walk(self, x: int, record: tuple[tuple, tuple[int, ...]] | None = None
             ) -> tuple[list[Node], list[LinkKind]] | None:
        """The nodes from the start (excluded) to ``x``'s and the link into
        each; None if the records branch."""
        prop = self.prop
        if x == prop.start:
            return [], []
        if record is None:
            if x in self.used:
                return None
            self.used.add(x)
            record = prop.nodes[x]
        reason, parents = record
        kind = reason[0]
        if kind in _LINK_WEAK or kind in _LINK_STRONG:  # (one parent: the links of static chains)
            if len(parents) != 1:
                return None
            back = self.walk(parents[0])
            if back is None:
                return None
            code = _links.link_code(reason)
            assert code is not None
            return back[0] + [_node(x)], back[1] + [("-" if kind in _LINK_WEAK else "=", code)]
        if kind in _WEAK or kind in (NAKED, HIDDEN):
            if len(parents) != 1:
                return None
            back = self.walk(parents[0])
            if back is None:
                return None
            link = ("-", -1) if kind in _WEAK else ("=", reason[1] if kind == HIDDEN else -1)
            return back[0] + [_node(x)], back[1] + [link]
        if kind == GROUP:
            _, house, group, _other = reason
            back = self._before(parents, weak_into=False)
            if back is None:
                return None
            nodes, links = back
            return (nodes + [(lit_symbol(x), tuple(group), -1), _node(x)],
                    links + [("=", house), ("-", -1)])
        if kind == ALS_NODE:
            _, cells, _house, lost = reason
            back = self._before(parents, weak_into=True)
            if back is None:
                return None
            nodes, links = back
            return nodes + [(lost, tuple(cells), lit_symbol(x)), _node(x)], links + [("-", -1)]
        return None

    def _before(self, parents: Sequence[int], weak_into: bool) -> tuple[list[Node], list[LinkKind]] | None:
        """What comes before a group or a set: the node of its ``parents``
        (the places that went); for a set (``weak_into``), the node before
        them, since the set itself is entered by the weak link that removed them."""
        prop = self.prop
        if len(parents) == 1:
            p = parents[0]
            if p == prop.start:
                if not weak_into:
                    return [], []
                self.absorbed = True  # the start's own candidate is the set's way in
                return [], [("-", -1)]
            back = self.walk(p)
            if back is None:
                return None
            if not weak_into:
                return back
            if not back[1] or back[1][-1][0] != "-":
                return None
            return back[0][:-1], back[1]
        # several places, each removed by the same weak link from one node: a group of them
        records = [prop.nodes.get(p) for p in parents]
        if any(r is None or r[0][0] not in _WEAK or len(r[1]) != 1 for r in records) or prop.start in parents:
            return None
        source = {r[1][0] for r in records if r is not None}
        if len(source) != 1 or len({lit_symbol(p) for p in parents}) != 1:
            return None
        if self.used & set(parents):
            return None
        self.used.update(parents)
        back = self.walk(source.pop())
        if back is None:
            return None
        if weak_into:
            return back[0], back[1] + [("-", -1)]
        group = (lit_symbol(parents[0]), tuple(sorted(lit_cell(p) for p in parents)), -1)
        return back[0] + [group], back[1] + [("-", -1)]


def _reverse(nodes: list[Node], links: list[LinkKind]) -> tuple[list[Node], list[LinkKind]]:
    """A strand read the other way: an almost locked set's way in and out swap."""
    return [(n[2], n[1], n[0]) if n[2] >= 0 else n for n in reversed(nodes)], list(reversed(links))


def _strand(con: Conclusion) -> tuple[list[Node], list[LinkKind]] | None:
    """The conclusion's links as one strand from end to end, or None."""
    if con.kind == CONTRADICTION and con.props[0].contradiction is not None and not con.props[0].start & 1:
        return _placing(con.props[0])
    if con.kind == CONTRADICTION:
        prop = con.props[0]
        if prop.contradiction is None:
            return None
        x, reason, parents = prop.contradiction
        if x < 0:
            if len(parents) != 2:
                return None
            one, two = _Branch(prop), _Branch(prop)
            a, b = one.walk(parents[0]), two.walk(parents[1])
            if a is None or b is None or one.used & two.used:
                return None
            join = _join(reason)
            rb = _reverse(*b)
            return a[0] + rb[0], a[1][1:] + [join] + rb[1][:-1]
        one, two = _Branch(prop), _Branch(prop)
        a = one.walk(x, (reason, parents))
        if a is None:
            return None
        if x ^ 1 == prop.start:  # the chain comes back to the assumption: its last node is the start's own
            if a[1][-1][0] != "-" or len(a[0]) < 2:
                return None
            return a[0][:-1], a[1][1:-1]
        b = two.walk(x ^ 1)
        if b is None or one.used & two.used:
            return None
        rb = _reverse(*b)
        return a[0] + rb[0][1:], a[1][1:] + rb[1][:-1]
    if con.kind == DOUBLE:
        y = con.result
        if y & 1:
            return None
        on, off = con.props
        one, two = _Branch(on), _Branch(off)
        a, b = one.walk(y), two.walk(y)
        if a is None or b is None or one.used & two.used - {y} or one.absorbed:
            return None
        if a[1][-1][0] != "-" or b[1][-1][0] != "-":
            return None
        ra = _reverse([_node(on.start)] + a[0][:-1], a[1][:-1])
        if two.absorbed:  # the set at the other side's start holds the assumed candidate
            return ra[0][:-1] + b[0][:-1], ra[1] + b[1][1:-1]
        return ra[0] + b[0][:-1], ra[1] + b[1][:-1]
    return None


def _join(reason: tuple) -> LinkKind:
    """The strong link a contradiction's two last nodes make: a cell's two
    candidates, a house's (an extra house's number: strategies/variants/_links.py) two places."""
    if reason[0] == "empty":
        return ("=", -1)
    if reason[0] == _links.EXTRA_NO_PLACE:
        return ("=", _links.house_code(reason[1]))
    return ("=", reason[1])


def _placing(prop: Propagation) -> tuple[list[Node], list[LinkKind]] | None:
    """A candidate whose removal runs into a contradiction, as a chain from
    the candidate back to itself, strong links at both ends: if it is false,
    it is true (it is placed)."""
    x, reason, parents = prop.contradiction  # type: ignore[misc]
    home = _node(prop.start)
    one, two = _Branch(prop), _Branch(prop)
    if x < 0:
        if len(parents) != 2:
            return None
        a, b = one.walk(parents[0]), two.walk(parents[1])
        if a is None or b is None or one.used & two.used or one.absorbed or two.absorbed:
            return None
        join = _join(reason)
        rb = _reverse(*b)
        return [home] + a[0] + rb[0] + [home], a[1] + [join] + rb[1]
    a = one.walk(x, (reason, parents))
    if a is None or one.absorbed:
        return None
    if x == prop.start ^ 1:  # the chain comes back to the candidate itself, true
        return [home] + a[0], a[1]
    b = two.walk(x ^ 1)
    if b is None or one.used & two.used or two.absorbed:
        return None
    rb = _reverse(*b)
    return [home] + a[0] + rb[0][1:] + [home], a[1] + rb[1]


def _alternates(nodes: list[Node], links: list[LinkKind]) -> bool:
    """Strong and weak links alternate, strong at both ends (a set counts as its own strong link)."""
    if len(links) != len(nodes) - 1 or not nodes:
        return False
    kinds: list[str] = ["="] if nodes[0][2] >= 0 else []
    for link, node in zip(links, nodes[1:]):
        kinds.append(link[0])
        if node[2] >= 0:
            kinds.append("=")
    if not kinds:
        return False
    return kinds[0] == "=" and kinds[-1] == "=" and all(a != b for a, b in itertools.pairwise(kinds))


#: A side of a node: (symbol, the cells one of which holds it when the side is true)
Face = tuple[int, tuple[int, ...]]


def _face(node: Node, way_in: bool) -> Face:
    """The side of ``node`` a link touches: a set's way in (its places of the
    symbol it loses) or out (its places of the symbol then locked in it)."""
    if node[2] < 0:
        return node[0], node[1]
    return (node[0], node[3]) if way_in else (node[2], node[4])


def _with_places(state: State, node: Node) -> Node:
    """An almost locked set's node with its places of the two symbols: ``(symbol, cells, out, places of
    symbol, places of out)``."""
    sym, cells, out = node[:3]
    if out < 0:
        return node

    def places(s: int) -> tuple[int, ...]:
        return tuple(c for c in cells if state.value[c] < 0 and state.cand[c] >> s & 1)

    return (sym, cells, out, places(sym), places(out))


def _sees_face(state: State, cell: int, sym: int, face: Face) -> bool:
    """Whether (cell, sym) being true makes the face false (a weak link)."""
    fs, cells = face
    if len(cells) == 1 and cells[0] != cell and state.puzzle.constraints and _links.relation_forbids(
            state.puzzle, cell, sym, cells[0], fs):
        return True  # (a variant constraint's weak link)
    if fs == sym:
        pm = state.puzzle.peer_masks[cell]
        return cell not in cells and all(pm >> q & 1 for q in cells)
    return cells == (cell,)


def _faces_linked(state: State, a: Face, b: Face) -> bool:
    """Whether two faces cannot both be true (a weak link between them)."""
    if a[0] == b[0]:
        return not set(a[1]) & set(b[1]) and all(_sees_face(state, c, a[0], b) for c in a[1])
    return len(a[1]) == 1 and a[1] == b[1]


def _seeing_both(state: State, a: Face, b: Face) -> list[tuple[int, int]]:
    cand, value = state.cand, state.value
    cells = set(a[1]) | set(b[1])
    pm = state.puzzle.peer_masks
    around: set[int] = set()
    partners = _links.partners(state.puzzle) if state.puzzle.constraints else None
    for c in cells:
        around.add(c)
        if partners is not None:
            around.update(partners[c])
        m = pm[c]
        while m:
            low = m & -m
            around.add(low.bit_length() - 1)
            m ^= low
    out = []
    for c in sorted(around):
        if value[c] >= 0:
            continue
        for s in {a[0], b[0]} | ({sym for sym in range(state.puzzle.size)} if c in cells else set()):
            if cand[c] >> s & 1 and _sees_face(state, c, s, a) and _sees_face(state, c, s, b):
                out.append((c, s))
    return out


def aic_shape(state: State, con: Conclusion, loops: bool = True) -> tuple[Shape, list[tuple[int, int]]] | None:
    """The conclusion's chain as an AIC (see the module's docstring) and every
    elimination it justifies in ``state`` (``loops`` False: never read as a
    continuous loop); None if its links branch."""
    strand = _strand(con)
    if strand is None:
        return None
    nodes, links = strand
    if len(nodes) < 2 or not _alternates(nodes, links):
        return None
    nodes = [_with_places(state, node) for node in nodes]
    first, last = _face(nodes[0], True), _face(nodes[-1], False)
    if not first[1] or not last[1]:
        return None
    if first == last:  # both ends the same candidate: it is true
        if con.kind != CONTRADICTION or len(first[1]) != 1:
            return None
        return (tuple(nodes), tuple(links), False), []
    found = set(_seeing_both(state, first, last))
    loop = loops and _faces_linked(state, first, last)
    if loop:
        # a continuous loop: each weak link, the closing one too, holds exactly one true side
        for (kind, _), a, b in zip(links, nodes, nodes[1:]):
            if kind == "-":
                found.update(_seeing_both(state, _face(a, False), _face(b, True)))
        found.update(_seeing_both(state, last, first))
    return (tuple(nodes), tuple(links), loop), sorted(found)
