"""Python's cyclic garbage collector, held back while a step is searched.

A step search allocates a great many small, short-lived containers (a
chain's nodes and their reasons, a pattern's candidate tuples) and makes no
reference cycles of its own: reference counting frees them.  With Python's
default threshold the collector still walks the young objects every 700
allocations, thousands of times per puzzle, and finds next to nothing to
free (a few hundred objects over 40 ratings).
While a step is searched (:meth:`deduce.engine.Solver.steps`, and so every
solve and explanation), for the whole of a solve
(:meth:`deduce.engine.Solver.solve`) and of a rating
(:meth:`deduce.rating.Rater.rate`), and for the whole of a ``deduce``
command, :func:`relaxed` raises the threshold of the young generation to
:data:`YOUNG_THRESHOLD`; the collector's settings are restored when the
block ends.  Memory stays bounded: a collection still runs every
:data:`YOUNG_THRESHOLD` allocations.

Measured by rating 60 evenly spaced puzzles of ``classic-rated.csv`` twice
in one process, each puzzle with and without, in alternating order (the
machine's speed drifts too much between runs for anything else to show a
few per cent; ``bench/PROFILE.md``, seventh pass): 4-5% less CPU time
with it around each step search, 8-9% around the whole rating, the same
ratings.  Around the whole of a solve rather than each step: 4-5% less
again (40 ``top1465`` explanations side by side, tenth pass).

The threshold was 20,000 until the sixteenth pass: the caches a rating keeps
(each position's strategy answers, the fish and per-symbol memos) grow by
some tens of thousands of objects per puzzle, so the collector still ran 70
times over 60 ratings and walked them each time (0.18 to 0.28 s of 7 s); at
100,000 it ran twice, freed the same 1,408 objects, and the peak memory grew
by less than 1%.

That holds only while searches make no reference cycles: a nested function
calling itself through its closure is one, made once per search, and the
cyclic collector then had thousands to free per puzzle (a sixth of
``explain``'s time).  ``tests/test_garbage.py`` checks that every
producer's search, and a whole solve, leave no cyclic garbage.

>>> import gc
>>> before = gc.get_threshold()
>>> with relaxed():
...     gc.get_threshold()[0] >= YOUNG_THRESHOLD or before[0] == 0
True
>>> gc.get_threshold() == before
True
"""

from __future__ import annotations

import gc
import threading
from contextlib import AbstractContextManager

#: Allocations between two collections of the young generation during a step search (Python's default: 700).
YOUNG_THRESHOLD = 100_000

_lock = threading.Lock()
_depth = [0]
_saved: list[tuple[int, ...] | None] = [None]


class _Relaxed:
    """The context :func:`relaxed` returns (one object: what it changes is
    the process's, counted in ``_depth``).  A class rather than a generator
    context: it is entered once per step of every solve."""

    __slots__ = ()

    def __enter__(self) -> None:
        with _lock:
            if _depth[0] == 0:
                saved = gc.get_threshold()
                if 0 < saved[0] < YOUNG_THRESHOLD:
                    gc.set_threshold(YOUNG_THRESHOLD, *saved[1:])
                    _saved[0] = saved
            _depth[0] += 1

    def __exit__(self, *exc: object) -> None:
        with _lock:
            _depth[0] -= 1
            kept = _saved[0]
            if _depth[0] == 0 and kept is not None:
                _saved[0] = None
                if gc.get_threshold()[0] == YOUNG_THRESHOLD:   # (unless someone set another since)
                    gc.set_threshold(*kept)


_RELAXED = _Relaxed()


def relaxed() -> AbstractContextManager[None]:
    """Hold the young generation's collections back to one every
    :data:`YOUNG_THRESHOLD` allocations for the block (nested blocks and
    threads share one setting; a threshold of 0, which switches collection
    off, or one already higher is left as it is)."""
    return _RELAXED
