"""Rating a puzzle bank on a Dask cluster.

:func:`rate_on_cluster` (which :func:`deduce.rating.rate_all` calls when
given a ``client``) sends the puzzles to a running Dask cluster in batches
of :data:`BATCH_SIZE` and yields the ratings in input order as the batches
come back.  Every worker process keeps one :class:`~deduce.rating.Rater`
per setting, with its strategies' caches, for all the batches it rates.

Nothing is lost: a worker lost mid-run costs only the batch it was rating,
which the scheduler runs again elsewhere.  A batch that keeps killing its
workers (the scheduler's ``distributed.scheduler.allowed-failures``,
3 by default and 1 for :func:`connect`'s local cluster) is split and its
puzzles sent alone, one suspect at a time; a puzzle that then kills its
workers again gets status ``error``, and the run goes on.

Dask is an optional extra (``pip install 'deduce-sudoku[dask]'``): this
module imports it only when a function here is called.

Workers need deduce installed (the same version, so that the ratings are
the same as on this machine), and read nothing but the puzzles they are
sent.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from ..errors import DeduceError
from ..puzzle import Puzzle
from ..tables import table
from .rater import Rater, Rating

if TYPE_CHECKING:
    from distributed import Client

#: Puzzles per task.  Chosen with ``bench/dask_scaling.py`` (200 puzzles,
#: half killers, half classic, 2 shared cores): per CPU second a worker
#: rated 19.9 puzzles in batches of 1, 22.7 in batches of 4, 23.0 of 16 and
#: 23.9 of 64 (the local process pool: 22.9), and the scheduler's CPU time
#: fell from 2.1 s (batches of 1) to 0.9 s (16).  Beyond 16 the gain is a few
#: per cent while one slow batch holds back the end of a run and a lost
#: worker costs more; 16 classic puzzles also travel in 12 KB (one alone
#: takes 6.7 KB: the grid's tables go once per batch).
BATCH_SIZE = 16
#: Batches in flight per worker thread: enough to keep workers busy while
#: results travel back, few enough that memory stays bounded on a bank.
BATCHES_PER_THREAD = 4
#: Dask settings of the local cluster :func:`connect` starts: a task may
#: kill one worker and be tried again, not more; and no statistical
#: profiler in the workers (it samples every 10 ms and competes for the GIL
#: with the rating).
LOCAL_CONFIG = {"distributed.scheduler.allowed-failures": 1, "distributed.worker.profile.enabled": False}


class ClusterError(DeduceError):
    """The cluster cannot be used: Dask missing, or the scheduler unreachable."""


def _require_dask() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError as exc:
        raise ClusterError("rating on a cluster needs Dask: pip install 'deduce-sudoku[dask]'") from exc


def connect(address: str, jobs: int | None = None) -> tuple[Client, Callable[[], None]]:
    """A client for ``address`` and the function that closes it (and the
    cluster, when it started one).

    ``address`` is a scheduler address (``tcp://host:8786``), a scheduler
    file (written by ``dask scheduler --scheduler-file F``), or ``local``:
    a cluster of ``jobs`` single-threaded worker processes on this machine.
    """
    _require_dask()
    import dask
    from distributed import Client, LocalCluster

    try:
        if address == "local":
            with dask.config.set(LOCAL_CONFIG), \
                    warnings.catch_warnings():
                # without a dashboard the scheduler still serves /health on 8787 or, with
                # another cluster there, on a free port: the warning saying so is noise
                warnings.filterwarnings("ignore", message="Port .* is already in use", category=UserWarning)
                cluster = LocalCluster(n_workers=jobs or os.cpu_count() or 1, threads_per_worker=1,
                                       processes=True, dashboard_address=None, silence_logs=logging.CRITICAL)
            client = Client(cluster)

            def close() -> None:
                client.close()
                cluster.close()

            return client, close
        if os.path.isfile(address):
            client = Client(scheduler_file=address, timeout="20s")
        elif "://" in address or ":" in address:
            client = Client(address, timeout="20s")
        else:
            raise ClusterError(f"--scheduler {address}: neither 'local', an address such as "
                               f"tcp://host:8786, nor an existing scheduler file")
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"--scheduler {address}: cannot reach the scheduler ({exc})") from exc
    return client, client.close


# -- on the workers -------------------------------------------------------------

def rate_batch(puzzles: list[Puzzle], uniqueness: bool, time_limit: float | None, nested: int = 0) -> list[Rating]:
    """Rate a batch on a worker, with that worker's long-lived rater."""
    rater = table(("deduce.rating.cluster.Rater", uniqueness, time_limit, nested),
                  lambda: Rater(uniqueness=uniqueness, time_limit=time_limit, nested=nested), big=True)
    return [rater.rate_safely(p) for p in puzzles]


# -- on the client ---------------------------------------------------------------

def rate_on_cluster(puzzles: Iterable[Puzzle], client: Client, *, uniqueness: bool = True,
                    time_limit: float | None = None, batch_size: int | None = None,
                    nested: int = 0) -> Iterator[Rating]:
    """Ratings of ``puzzles`` from the cluster behind ``client``, in input
    order, each as soon as it and every one before it are back.  Closing
    the iterator cancels what is still queued.
    """
    _require_dask()
    from distributed import KilledWorker, as_completed

    size = batch_size or BATCH_SIZE
    if size < 1:
        raise ValueError(f"batch_size must be at least 1, not {size}")
    local = Rater(uniqueness=uniqueness, time_limit=time_limit, nested=nested)
    threads = sum(client.nthreads().values()) or 1
    window = max(2, BATCHES_PER_THREAD * threads)
    source = iter(puzzles)
    # future key -> (index of the first puzzle, the puzzles, suspect?, future)
    pending: dict[Any, tuple[int, list[Puzzle], bool, Any]] = {}
    suspects: deque[tuple[int, Puzzle]] = deque()
    done: dict[int, Rating] = {}
    read = next_out = 0
    running = as_completed()

    def submit(start: int, batch: list[Puzzle], suspect: bool = False) -> None:
        future = client.submit(rate_batch, batch, uniqueness, time_limit, nested, pure=False)
        pending[future.key] = (start, batch, suspect, future)
        running.add(future)

    def top_up() -> None:
        nonlocal read
        # the puzzles of a batch that killed its workers go alone, one at a
        # time: the scheduler blames every task queued on a dying worker, so
        # two suspects side by side could condemn an innocent one
        if suspects and not any(s for _, _, s, _ in pending.values()):
            index, puzzle = suspects.popleft()
            submit(index, [puzzle], suspect=True)
        while len(pending) < window:
            batch = [p for _, p in zip(range(size), source)]
            if not batch:
                return
            submit(read, batch)
            read += len(batch)

    try:
        top_up()
        for future in running:
            start, batch, suspect, _ = pending.pop(future.key)
            try:
                ratings: list[Rating] = future.result()
            except KilledWorker:
                if suspect:
                    ratings = [local.failed(batch[0], "it killed the workers rating it")]
                else:
                    suspects.extend((start + i, p) for i, p in enumerate(batch))
                    ratings = []
            except Exception as exc:
                ratings = [local.failed(p, f"{type(exc).__name__}: {exc}") for p in batch]
            finally:
                future.release()
            for i, rating in enumerate(ratings):
                done[start + i] = rating
            top_up()
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
    finally:
        if pending:
            client.cancel([f for _, _, _, f in pending.values()])

