"""The records of a propagation (:mod:`strategies.implications`): what
each literal reached follows from, as Python keeps it (:class:`Propagation`)
or as the C accelerator gives it (:class:`Trace`, read here record by
record).  The engine that makes them is :mod:`strategies.implications`."""

from __future__ import annotations

import struct
from collections.abc import Iterator, KeysView, Mapping
from typing import Any, Sequence

from deduce.literal import lit_cell
from deduce.literal import lit_symbol as lit_sym
from deduce.tables import table

from . import _accel
from ._reasons import ALS_NODE, ASSUMED, GROUP, HIDDEN, NAKED, PEER, RULE, SAME_CELL

#: Generations of consequences followed from an assumption (the propagation's bound).
MAX_DEPTH = 40

#: The C accelerator's record codes, in its order (deduce/_accel/accel.h's RECORD_CODES, checked by
#: strategies/_accel.py before the module is used): what a :class:`Trace` record's first number means.
RECORD_CODES = (SAME_CELL, PEER, NAKED, HIDDEN, GROUP, ALS_NODE, "empty", "no-place")
_REC = 7   # numbers per record: code, two numbers, parents' start and count, cells' start and count
_RECORD = struct.Struct(f"{_REC}i")   # (a record, read from a trace's bytes)
_INT = struct.calcsize("i")


#: ``_INTS[k]``: ``k`` native ints, read from a trace's bytes as a tuple (see :func:`_ints`).
_INTS = tuple(struct.Struct(f"{k}i") for k in range(256))


def _ints(k: int) -> struct.Struct:
    """``k`` native ints, read from a trace's bytes as a tuple."""
    return _INTS[k] if k < 256 else struct.Struct(f"{k}i")


class Trace(Mapping):
    """A propagation made by the C accelerator, as the mapping
    ``Propagation.nodes`` is: each literal reached, in order, to its
    ``(reason, parents)``.

    The module gives plain data: ``index`` (literal -> its number, in the
    order found) and ``raw``, native ints: the number of nodes and of
    records, per node the number of its record (-1: the assumption), per
    record its code (:data:`RECORD_CODES`), two numbers and where its
    parents (literals) and its cells lie in the flat list that ends it.
    The pairs are made here when asked for, once per record (the literals a
    record implies share it); asking which literals were reached, how many,
    and counting a chain (:meth:`count`) makes none."""

    __slots__ = ("_index", "_made", "_raw")

    def __init__(self, index: dict[int, int], raw: bytes):
        self._index = index
        self._raw = raw
        #: (node records, records, flat list, pairs made per record), when first asked for
        self._made: tuple[Any, Any, Any, dict[int, tuple[tuple, tuple[int, ...]]]] | None = None

    def __getitem__(self, x: int) -> tuple[tuple, tuple[int, ...]]:
        return self.record(self._parts()[0][self._index[x]])

    def __contains__(self, x: object) -> bool:
        return x in self._index

    def __iter__(self) -> Iterator[int]:
        return iter(self._index)

    def __reversed__(self) -> Iterator[int]:
        return reversed(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def keys(self) -> KeysView[int]:
        return self._index.keys()

    def _parts(self) -> tuple[Any, Any, Any, dict[int, tuple[tuple, tuple[int, ...]]]]:
        if self._made is None:
            ints = memoryview(self._raw).cast("i")
            nodes, recs = ints[0], ints[1]
            # (per node its record; where the records and the flat list begin, in bytes)
            self._made = (ints[2:2 + nodes], (2 + nodes) * _INT, (2 + nodes + recs * _REC) * _INT, {})
        return self._made

    def record(self, r: int) -> tuple[tuple, tuple[int, ...]]:
        """The ``(reason, parents)`` of record ``r`` (-1: the assumption's)."""
        _, recs, flat, made = self._parts()
        pair = made.get(r)
        if pair is None:
            if r < 0:
                pair = ((ASSUMED,), ())
            else:
                raw = self._raw
                code, a, b, ps, pc, cs, cc = _RECORD.unpack_from(raw, recs + r * _RECORD.size)
                tag = RECORD_CODES[code]
                parents = _ints(pc).unpack_from(raw, flat + ps * _INT)
                if tag == GROUP:
                    reason: tuple = (GROUP, a, _ints(cc).unpack_from(raw, flat + cs * _INT), b)
                elif tag == ALS_NODE:
                    reason = (ALS_NODE, _ints(cc).unpack_from(raw, flat + cs * _INT), a, b)
                elif tag == "no-place":
                    reason = (tag, a, b)
                else:
                    reason = (tag, a)
                pair = (reason, parents)
            made[r] = pair
        return pair

    def records_of(self, lits: Sequence[int]) -> tuple[tuple[int, tuple, tuple[int, ...]], ...]:
        """:meth:`Propagation.records`: ``(literal, reason, parents)`` for each of ``lits`` (nodes),
        the parts read once."""
        node_recs, _, _, made = self._parts()
        index, record = self._index, self.record
        out = []
        for x in lits:
            r = node_recs[index[x]]
            pair = made.get(r)
            out.append((x, *(record(r) if pair is None else pair)))
        return tuple(out)

    def count(self, targets: Sequence[int], tags: tuple[str, ...]) -> tuple[int, int, int]:
        """:meth:`Propagation.ancestor_count`, in C over this trace."""
        fast: Any = _accel._deduce_accel
        return fast.trace_count(self._index, self._raw, targets, _record_codes(tags))


def _record_codes(tags: tuple[str, ...]) -> tuple[int, ...]:
    """The record codes of reasons' names (a name no record has: -1) (a table of :mod:`deduce.tables`)."""
    return table(("strategies.implications._record_codes", tags), lambda: _make_record_codes(tags))


def _make_record_codes(tags: tuple[str, ...]) -> tuple[int, ...]:
    """The record codes of reasons' names (a name no record has: -1)."""
    return tuple(RECORD_CODES.index(t) if t in RECORD_CODES else -1 for t in tags)


class Propagation:
    """Everything that follows from one assumption.

    ``nodes`` maps each literal reached to ``(reason, parents)``, in the
    order found (parents always come first): a dict, or with the C
    accelerator a :class:`Trace`.  ``contradiction`` is None or
    ``(literal, reason, parents)``: a derivation of ``literal`` whose
    negation is already in ``nodes``, or ``(-1, ("empty", cell) / ("no-place",
    house), parents)`` when a cell or a house runs out.
    """

    __slots__ = ("contradiction", "grouped", "nested_rules", "nodes", "rules", "start")

    def __init__(self, start: int, nodes: Trace | None = None):
        self.start = start
        self.nodes: Any = {start: ((ASSUMED,), ())} if nodes is None else nodes
        self.contradiction: tuple[int, tuple, tuple[int, ...]] | None = None
        #: whether a group or an almost locked set served as a node
        self.grouped = False
        self.rules = 0
        self.nested_rules = 0

    def ancestors(self, targets: Sequence[int]) -> list[int]:
        """The literals ``targets`` follow from, themselves included, in
        derivation order."""
        seen = self.ancestor_set(targets)
        return [x for x in self.nodes if x in seen]

    def ancestor_set(self, targets: Sequence[int]) -> set[int]:
        """The literals ``targets`` follow from, themselves included (unordered)."""
        nodes = self.nodes
        seen: set[int] = set()
        stack = [t for t in targets if t in nodes]
        while stack:
            x = stack.pop()
            if x in seen:
                continue
            seen.add(x)
            stack.extend(nodes[x][1])
        return seen

    def ancestor_count(self, targets: Sequence[int], tags: tuple[str, ...]) -> tuple[int, int, int]:
        """(``len(self.ancestor_set(targets))``, bit k set when one of those
        literals follows from a reason tagged ``tags[k]``, their symbols'
        mask), counted by the C accelerator (which must be in use)."""
        nodes, fast = self.nodes, _accel._deduce_accel
        assert fast is not None
        if type(nodes) is Trace:   # (Trace.count, inline: a conclusion asks once per branch)
            return fast.trace_count(nodes._index, nodes._raw, targets, _record_codes(tags))
        return fast.ancestor_count(nodes, targets, tags)

    def records(self, lits: Sequence[int]) -> tuple[tuple[int, tuple, tuple[int, ...]], ...]:
        """``(literal, reason, parents)`` for each of ``lits`` (ancestors, in
        order): the record a renderer explains."""
        nodes = self.nodes
        if type(nodes) is Trace:
            return nodes.records_of(lits)
        return tuple((x, *nodes[x]) for x in lits)


def static_records(records: Sequence[tuple[int, tuple, tuple[int, ...]]]) -> bool:
    """Whether a chain's ``(literal, reason, parents)`` records hold without the assumption: no inner
    technique, and no single (naked or hidden) of more than one parent, which needed the assumption."""
    for _, reason, parents in records:
        if reason[0] == RULE or (len(parents) > 1 and reason[0] in (NAKED, HIDDEN)):
            return False
    return True


def _add(prop: Propagation, cand: list[int], smask: list[int], nxt: list[int], x: int, reason: tuple,
         parents: tuple[int, ...]) -> bool:
    """Record ``x`` (the engine's rare links: groups, sets, inner steps);
    False when it contradicts what is known."""
    nodes = prop.nodes
    if x in nodes:
        return True
    if x ^ 1 in nodes:
        prop.contradiction = (x, reason, parents)
        return False
    nodes[x] = (reason, parents)
    if not x & 1:
        c, s = lit_cell(x), lit_sym(x)
        cand[c] &= ~(1 << s)
        smask[s] &= ~(1 << c)
    nxt.append(x)
    return True
