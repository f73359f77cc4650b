"""Precomputed tables: facts of a shape (a geometry, a grid size, a peer
table, a layout of cages), never of a position nor of a solve.

With the solve's memo (:class:`deduce.solve_cache.SolveCache`), this is the
one other store deduce keeps: every table that depends on a shape alone (a
geometry's house orders, its deadly rectangles, the literal tables of a grid
size, a fish search's screens...) is made once by :func:`table` and kept in
one bounded store (at most :data:`LIMIT` tables, the oldest made dropped
first), so a program that meets many geometries (jigsaws) keeps only the
latest (the large tables of one puzzle's layout, a search's prototype or a
killer's equations, are kept apart, at most :data:`BIG_LIMIT`).  What is
in a table is true in every position of every puzzle with that shape, so
every solve, in any thread, may read it; a table dropped is made again when
asked for (the same table, from the same shape).

A key names the table and its shape: ``("house orders", geometry)``,
``("literal table", ncells, nsymbols)``.  A table is never changed after it
is made (a table that is itself a store, as :func:`deduce.solve_cache.peer_tables`'s,
only ever gains facts that are true for its shape; the long-lived objects a
worker process keeps per request, its rater or its puzzle maker, are in the
large part).

>>> table(("squares", 4), lambda: tuple(i * i for i in range(4)))
(0, 1, 4, 9)
>>> table(("squares", 4), lambda: ())      # made once: the same table
(0, 1, 4, 9)
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, TypeVar

T = TypeVar("T")

#: Tables kept before the oldest made is dropped.
LIMIT = 2048
#: Of them, the large ones of one layout of a puzzle (``big=True``: a search's prototype, a killer's
#: equations), kept apart so that a file of many layouts never holds more than these.
BIG_LIMIT = 64

_MISSING: Any = object()
#: key -> table, oldest first (the one store, in two parts by size; see the module's text).
_TABLES: dict[Hashable, Any] = {}
_BIG: dict[Hashable, Any] = {}


def table(key: Hashable, build: Callable[[], T], *, big: bool = False) -> T:
    """The table ``key`` names, made by ``build()`` the first time it is asked for (``big``: one of
    the large tables of a layout, at most :data:`BIG_LIMIT` of them kept)."""
    store = _BIG if big else _TABLES
    got = store.get(key, _MISSING)
    if got is _MISSING:
        got = build()
        limit = BIG_LIMIT if big else LIMIT
        while len(store) >= limit:
            try:
                store.pop(next(iter(store)), None)
            except (RuntimeError, StopIteration):   # (another thread changed the store meanwhile)
                break
        store[key] = got
    return got


def count() -> int:
    """How many tables the store keeps now (at most :data:`LIMIT` plus :data:`BIG_LIMIT`)."""
    return len(_TABLES) + len(_BIG)
