"""Making a run's puzzles in worker processes, or on a Dask cluster.

Each puzzle is its own task (its random stream depends only on the seed and
its index, :mod:`.iterator`), so the puzzles are the same as a run in one
process; they are yielded in index order, each as soon as it and those
before it are done.  Every task gets the time left in the run and stops
itself there (the searches check the deadline); the run then ends with
:class:`GenerateTimeout`, saying how many were found.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import time
from collections import deque
from typing import Any, Iterator

from .. import deadline
from ..errors import SolveTimeout
from ..tables import table
from .maker import Maker
from .record import Generated
from .request import GenerateTimeout, Request


def make_one(request: Request, seed: int, index: int, left: float | None) -> Generated | None:
    """Puzzle ``index`` within ``left`` seconds, or None when time ran out (in a worker)."""
    maker = table(("deduce.generate.parallel.Maker", request), lambda: Maker(request), big=True)   # (one per request)
    try:
        with deadline.limit(left):
            record = maker.make(seed, index)
            record.rating  # noqa: B018  (rated in full here, in parallel, before it is sent back)
            return record
    except GenerateTimeout:
        raise
    except SolveTimeout:
        return None


def run_parallel(request: Request, seed: int, start: int, jobs: int, expiry: float | None,
                 client: Any = None) -> Iterator[Generated]:
    """Puzzles ``start`` to ``count - 1`` made by ``jobs`` processes (or the Dask ``client``'s workers)."""
    from ..rating.pool import START_METHOD

    executor: Any = None
    if client is None:
        executor = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(START_METHOD))
        submit = executor.submit
    else:
        submit = client.submit
    pending: deque[tuple[int, Any]] = deque()
    nxt = start
    try:
        while nxt < request.count or pending:
            while nxt < request.count and len(pending) < 2 * jobs:
                left = None if expiry is None else max(0.001, expiry - time.monotonic())
                pending.append((nxt, submit(make_one, request, seed, nxt, left, pure=False)
                                if client is not None else submit(make_one, request, seed, nxt, left)))
                nxt += 1
            index, future = pending.popleft()
            left = None if expiry is None else max(0.0, expiry - time.monotonic()) + 5.0
            try:
                record = future.result(timeout=left)
            except (TimeoutError, concurrent.futures.TimeoutError):
                record = None
            if record is None:
                raise GenerateTimeout(request.timeout or 0.0, index - start)
            yield record
    finally:
        for _, future in pending:
            future.cancel()
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
