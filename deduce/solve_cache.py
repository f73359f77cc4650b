"""What one solve keeps between its steps: one :class:`SolveCache` per solve.

The solver creates it (:meth:`deduce.engine.Solver.iter_solve` and
:meth:`~deduce.engine.Solver.steps`) and hands it to the strategies on the
position they look at (:attr:`deduce.state.State.cache`).  It holds three
stores, each with its own lifetime:

* **per position** (:meth:`SolveCache.per_position`): what several
  strategies compute from the same position (symbol masks, almost locked
  sets, rectangles, propagations...); only the last position is kept, so
  it starts afresh after every step;
* **per symbol** (:meth:`SolveCache.per_symbol`): what follows one symbol
  only (its X-chains, its Nishio), keyed by where that symbol can still go;
  kept from one position to the next (at most :attr:`SolveCache.SYMBOL_LIMIT`
  objects);
* **the memo** (:meth:`SolveCache.memo`): steps and tables the family
  searches keep by their own keys (a symbol's fish, colouring clusters, a
  WXYZ-wing's bent sets, the fish and accelerator tables of the peer
  table); kept for the whole solve (at most :attr:`SolveCache.MEMO_LIMIT`
  entries, then it starts afresh).

Nothing is shared between solves, so two solves in two threads never see
each other's entries.  A state no solver is solving (a position a strategy
builds for a moment, an assumption inside a forcing chain; a hint's
position) reads its thread's :func:`scratch` cache: it never pushes out
what the solve's position computed, and it is not the state's own (what a
cache keeps for a position may point back at the state: owned by the state,
every assumption would leave a reference cycle behind).  The solver drops
its cache from the state at the end of the solve for the same reason.

Two solves of one puzzle may share a cache (the two solves of a rating,
:meth:`deduce.engine.Solver.iter_solve`'s ``cache``), never two solves at
once.  The rater also keeps its own memo of what each strategy found at a
position (:mod:`deduce.rating.rater`), shared by its two solves.

Apart from the solve's stores, :func:`peer_tables` keeps tables that depend
on a peer table only (a geometry and its cages), never on a position nor a
solve: the fish searches' screens and the accelerator's fish tables, in the
one store of shape tables (:mod:`deduce.tables`), as a geometry's house
tables are.  Every solve with
those peers may read and add to them; what is there is true for all.

>>> from deduce.puzzle import Puzzle
>>> from deduce.state import State
>>> state = State.from_puzzle(Puzzle.from_string("12.." "...." "...." "...."))
>>> cache = state.cache = SolveCache()
>>> cache.per_position(state, "empty", lambda: state.value.count(-1))
14
>>> cache.cached(state, "empty"), cache.cached(state, "missing")
(14, None)
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Callable, Hashable, TypeVar

from .tables import table

if TYPE_CHECKING:
    from .state import State

T = TypeVar("T")

#: What a store holds for a key it does not hold (None may be a computed value).
_MISSING: Any = object()


def peer_tables(peers: Any) -> dict[Any, Any]:
    """The tables kept for the peer table ``peers`` (a puzzle's
    ``peer_masks``): facts about the peers alone, true in every position of
    every puzzle that has them (a table of :mod:`deduce.tables`, keyed by
    the peer table's id: the table holds the peer table, so the id names
    no other while it is kept)."""
    return table(("peer tables", id(peers)), lambda: (peers, {}))[1]


class SolveCache:
    """The stores of one solve (see the module's text)."""

    #: Memo entries kept before the memo starts afresh.
    MEMO_LIMIT = 32768
    #: Objects the per-symbol store keeps before it starts afresh.
    SYMBOL_LIMIT = 1024

    __slots__ = ("_memo", "_memo_peers", "_position", "_stamp", "_symbol", "_symbol_puzzle", "_where")

    def __init__(self, *, memo: dict[Any, Any] | None = None, symbol: dict[Any, Any] | None = None) -> None:
        self._where: tuple[Any, list[int] | None, list[int] | None] = (None, None, None)
        #: the stamp (:attr:`deduce.state.State.stamp`) of the position kept, when it is that of a
        #: state this cache is the solve's cache of (only the solve changes such a state, and only
        #: through State's methods, which renew the stamp); 0 otherwise
        self._stamp = 0
        self._position: dict[Any, Any] = {}
        self._memo: dict[Any, Any] = {} if memo is None else memo
        self._memo_peers: Any = None
        self._symbol: dict[Any, Any] = {} if symbol is None else symbol
        self._symbol_puzzle: Any = None

    def __repr__(self) -> str:
        return (f"<SolveCache: {len(self._position)} per position, {len(self._symbol)} per symbol, "
                f"{len(self._memo)} in the memo>")

    # -- per position ----------------------------------------------------------

    def _store(self, state: State) -> dict[Any, Any]:
        """The per-position store of ``state``'s position: the one kept when
        the position is the same (its stamp, else its candidates and values),
        a fresh one otherwise."""
        where = self._where
        if where[0] is not state.puzzle or where[1] != state.cand or where[2] != state.value:
            self._position = {}
            self._where = (state.puzzle, state.cand.copy(), state.value.copy())
        # (a state this cache is the solve's cache of is told by its stamp from now on)
        self._stamp = state.stamp if state._cache is self else 0
        return self._position

    def per_position(self, state: State, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()`` once per position and ``key``, shared by every
        strategy that asks (only the last position is kept)."""
        # (the solve's own state at the same stamp, inline: asked for tens of thousands of times a solve)
        store = self._position if state.stamp == self._stamp else self._store(state)
        got = store.get(key, _MISSING)
        if got is _MISSING:
            got = store[key] = compute()
        return got

    def cached(self, state: State, key: Hashable) -> Any:
        """What :meth:`per_position` holds for ``key`` in ``state``'s
        position, or None (never computes)."""
        if state.stamp != self._stamp:
            where = self._where
            if where[0] is not state.puzzle or where[1] != state.cand or where[2] != state.value:
                return None
        return self._position.get(key)

    # -- per symbol ------------------------------------------------------------

    def per_symbol(self, state: State, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()`` once per ``key`` (which names the symbol and its
        places) while the puzzle stays the same: kept across positions."""
        store = self._symbol
        if self._symbol_puzzle is not state.puzzle or len(store) >= self.SYMBOL_LIMIT:
            store.clear()
            self._symbol_puzzle = state.puzzle
        got = store.get(key)
        if got is None:
            got = store[key] = compute()
        return got

    # -- the memo --------------------------------------------------------------

    def memo(self, state: State) -> dict[Any, Any]:
        """The solve's memo for ``state``'s peer table (its geometry and
        cages): a plain dict the searches key themselves."""
        peers = state.puzzle.peer_masks
        memo = self._memo
        if self._memo_peers is not peers:
            memo.clear()
            self._memo_peers = peers
        elif len(memo) > self.MEMO_LIMIT:
            memo.clear()
        return memo

    # -- a position looked at for a moment -----------------------------------

    def aside(self) -> SolveCache:
        """A cache for a position looked at only for a moment (inside an
        assumption): its own per-position store, this solve's memo and
        per-symbol store."""
        other = SolveCache(memo=self._memo, symbol=self._symbol)
        other._memo_peers, other._symbol_puzzle = self._memo_peers, self._symbol_puzzle
        return other


_SCRATCH = threading.local()


def per_position(state: State, key: Hashable, compute: Callable[[], T]) -> T:
    """``state.cache.per_position(state, key, compute)`` in one call: the
    lookup every strategy makes at every position (over a million a rated
    file), without the layers of the property and the method.

    >>> from deduce.puzzle import Puzzle
    >>> from deduce.state import State
    >>> state = State.from_puzzle(Puzzle.from_string("12.." "...." "...." "...."))
    >>> per_position(state, "empty", lambda: state.value.count(-1))
    14
    """
    cache = state._cache
    if cache is None:
        cache = scratch()
    store = cache._position if state.stamp == cache._stamp else cache._store(state)
    got = store.get(key, _MISSING)
    if got is _MISSING:
        got = store[key] = compute()
    return got


def scratch() -> SolveCache:
    """This thread's cache for states no solver is solving (made once per
    thread; its per-position store follows whichever position asks, as each
    solve's does)."""
    cache = getattr(_SCRATCH, "cache", None)
    if cache is None:
        cache = _SCRATCH.cache = SolveCache()
    return cache
