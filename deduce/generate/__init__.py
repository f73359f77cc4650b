"""Puzzles made to order: :func:`generate`.

>>> import deduce
>>> [p] = deduce.generate(size=4, seed=1)
>>> p.index, p.seed, deduce.count_solutions(p.puzzle), p.solution_string == deduce.solve(p.puzzle).solution_string
(0, 1, 1, True)
>>> [q.puzzle.givens_string() for q in deduce.generate(size=4, seed=1)] == [p.puzzle.givens_string()]
True
>>> next(deduce.generate(size=6, level="medium", symmetry="half-turn", seed=2)).level
'Medium'

A request that cannot be met is refused at once, in one line:

>>> deduce.generate(size=4, techniques="x-wing")
Traceback (most recent call last):
...
deduce.generate.request.GenerateError: --technique x-wing: X-wing needs a grid of at least 6x6 (asked: 4x4)

How it works (one module per part): :mod:`.request` checks the request,
:mod:`.grids` makes random solution grids with deduce's backtracking search,
:mod:`.regions` random jigsaw layouts, :mod:`.symmetry` the orbits of a
symmetric pattern, :mod:`.clues` removes clues while :mod:`.unique` proves
the puzzle unique, :mod:`.cages` grows killer cages, :mod:`.targets` judges
a candidate (a solve capped at the target first, the full rating last),
:mod:`.maker` makes one puzzle, :mod:`.iterator` runs them, :mod:`.parallel` in worker
processes or on a Dask cluster.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from .request import KINDS, GenerateError, GenerateTimeout, Request
from .symmetry import SYMMETRIES

if TYPE_CHECKING:
    from .record import Generated

__all__ = ["KINDS", "SYMMETRIES", "GenerateError", "GenerateTimeout", "Generated", "Request", "default_format",
           "document", "generate"]


def generate(kind: str = "classic", size: int = 9, *, box: Any = None, symbols: str | None = None,
             level: str | None = None, er: Any = None, score: Any = None, techniques: Any = (),
             first: bool = False, exclude: Any = (), profile: str | None = None, symmetry: str = "none",
             givens: int | None = None, minimal: bool = False, sum_only: bool = False,
             allow_backtracking: bool = False, count: int = 1, seed: int | None = None,
             timeout: float | None = None, jobs: int = 1, client: Any = None, start: int = 0,
             practice: bool = False, region_symmetry: str = "none", watch: Any = None, cage_sizes: Any = None,
             max_single_cages: int | None = None, cages: int | None = None) -> Iterator[Generated]:
    """Puzzles of ``kind`` (classic, jigsaw, killer, latin) meeting every
    target, ``count`` of them, each yielded as soon as it is found.

    Targets (any combination): ``level`` (HoDoKu's: easy ... extreme),
    ``er`` (Sudoku Explainer's ER, ``"MIN-MAX"`` or a pair), ``score``
    (HoDoKu's), ``techniques`` (codes, names or families, comma-separated:
    the solve uses each), ``first`` (the first step beyond singles uses the
    one technique asked for), ``exclude`` (the solve never uses them),
    ``profile`` (whose solve: hodoku for classic puzzles, deduce for the
    other kinds).  Shape: ``box`` (``"2x3"``), ``symbols``, ``symmetry``,
    ``givens`` (at most that many; a killer has none unless given),
    ``minimal``, ``sum_only`` (killer cages whose digits may repeat),
    ``region_symmetry`` (a jigsaw's regions themselves symmetric).
    Killer layouts: ``cage_sizes`` (``"2-5"`` or a pair: cells per cage),
    ``max_single_cages`` (at most that many one-cell cages; default a few
    at Easy, none from Hard on), ``cages`` (exactly that many cages); with
    ``givens``, one-cell cages count as givens.
    ``watch(index, tried, closest)`` is called every half second while a
    puzzle is sought (in one process): the candidates tried for puzzle
    ``index`` and the closest to the targets so far, in words.
    ``practice`` (with one technique; classic puzzles): each puzzle uses it
    and is written as the position of its solve where it is first needed
    (``Generated.position``, see :mod:`.practice`).
    Every puzzle has exactly one solution and solves by logic alone unless
    ``allow_backtracking``.

    The same ``seed`` gives the same puzzles (a random one is chosen and
    recorded when it is None).  ``timeout`` bounds the whole run:
    :class:`GenerateTimeout` (with ``found``) is raised when it passes.
    ``jobs`` worker processes, or a Dask ``client``, make the puzzles in
    parallel (the same puzzles); ``start`` skips the first puzzles (to
    resume a run).  Raises :class:`GenerateError` at once for a request
    that cannot be met.
    """
    from .iterator import new_seed, run

    request = Request.make(kind, size, box=box, symbols=symbols, level=level, er=er, score=score,
                           techniques=techniques, first=first, exclude=exclude, profile=profile,
                           symmetry=symmetry, givens=givens, minimal=minimal, sum_only=sum_only,
                           allow_backtracking=allow_backtracking, count=count, timeout=timeout,
                           practice=practice, region_symmetry=region_symmetry, cage_sizes=cage_sizes,
                           max_single_cages=max_single_cages, cages=cages)
    if seed is None:
        seed = new_seed()
    if not isinstance(seed, int) or seed < 0:
        raise GenerateError(f"--seed {seed}: a whole number, 0 or more")
    if not isinstance(start, int) or not 0 <= start <= count:
        raise GenerateError(f"start {start}: between 0 and count")
    if client is not None:
        import time

        from .parallel import run_parallel

        expiry = None if timeout is None else time.monotonic() + timeout
        return run_parallel(request, seed, start, max(1, jobs), expiry, client=client)
    return run(request, seed, start, jobs, watch)


def __getattr__(name: str) -> Any:
    """The record's names are imported on first use (they need the rating)."""
    if name in ("Generated", "default_format", "document"):
        from . import record

        return getattr(record, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
