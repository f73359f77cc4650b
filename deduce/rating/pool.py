"""Rating in worker processes of this machine, cleanly stopped by signals."""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from collections import deque
from typing import Any, Iterable, Iterator

import attrs

from ..puzzle import Puzzle
from .rater import Rater, Rating

#: How worker processes start: ``spawn`` (a fresh interpreter) is safe with
#: threads and on every platform and Python version (``fork`` is not, from
#: Python 3.12 on).  Measured on 2 cores: 2 workers rate their first puzzle
#: after 0.8 s with ``spawn``, 0.7 s with ``forkserver`` and 0.23 s with
#: ``fork`` (each worker imports deduce afresh), once per run.
START_METHOD = "spawn"
#: Signals a worker leaves to its parent: the parent stops them all with SIGTERM.
_PARENT_SIGNALS = {signal.SIGINT, signal.SIGHUP} if hasattr(signal, "SIGHUP") else {signal.SIGINT}


class WorkerPool:
    """Worker processes of this machine that rate puzzles, one at a time each.

    A worker dies with its parent (SIGTERM, SIGINT, SIGHUP or even SIGKILL
    of the parent), ignores the terminal's Ctrl-C and hangup (the parent
    stops it), and prints nothing.  A worker that dies on a puzzle is
    replaced and the puzzle tried once more on a fresh worker; a puzzle
    that kills its worker twice gets status ``error``.
    """

    def __init__(self, jobs: int, *, uniqueness: bool = True, time_limit: float | None = None,
                 start_method: str = START_METHOD, nested: int = 0):
        self.jobs = jobs
        self.config = (uniqueness, time_limit, nested)
        self.ctx: Any = multiprocessing.get_context(start_method)
        self.workers: list[_Worker] = []
        self.rater = Rater(uniqueness=uniqueness, time_limit=time_limit, nested=nested)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> _Worker:
        ours, theirs = self.ctx.Pipe()
        # blocked while the worker starts (the mask is inherited), so a Ctrl-C
        # then reaches only this process; the worker ignores them, then unblocks
        old = _mask(signal.SIG_BLOCK, _PARENT_SIGNALS)
        try:
            proc = self.ctx.Process(target=_worker_main, args=(theirs, *self.config),
                                    name="deduce-rate", daemon=True)
            proc.start()
        finally:
            _mask(signal.SIG_SETMASK, old)
        theirs.close()
        worker = _Worker(proc, ours)
        self.workers.append(worker)
        return worker

    def close(self) -> None:
        """Stop every worker now (SIGTERM, then SIGKILL after a second)."""
        for w in self.workers:
            w.conn.close()
            if w.proc.is_alive():
                w.proc.terminate()
        for w in self.workers:
            w.proc.join(1.0)
            if w.proc.is_alive():
                w.proc.kill()
                w.proc.join()
        self.workers.clear()

    def imap(self, puzzles: Iterable[Puzzle], window: int = 256) -> Iterator[Rating]:
        """Ratings of ``puzzles`` in input order; at most ``window`` puzzles
        are read ahead of the first one not yet rated."""
        source = enumerate(puzzles)
        todo: deque[tuple[int, Puzzle]] = deque()
        deaths: dict[int, int] = {}
        done: dict[int, Rating] = {}
        next_out = 0
        more = True
        while True:
            while more and len(todo) < self.jobs and (not todo or todo[-1][0] < next_out + window):
                item = next(source, None)
                if item is None:
                    more = False
                else:
                    todo.append(item)
            for w in list(self.workers):
                if w.job is None and todo:
                    w.give(todo.popleft())
            while len(self.workers) < self.jobs and todo:
                self._start().give(todo.popleft())
            busy = [w for w in self.workers if w.job is not None]
            if not busy:
                break
            ready = set(multiprocessing.connection.wait([w.conn for w in busy] + [w.proc.sentinel for w in busy]))
            for w in busy:
                if w.conn in ready:
                    try:
                        index, rating = w.conn.recv()
                    except (EOFError, OSError):
                        pass   # it died while answering: seen through its sentinel below
                    else:
                        done[index] = rating
                        w.job = None
                        continue
                if w.proc.sentinel in ready or not w.proc.is_alive():
                    assert w.job is not None
                    index, puzzle = w.job
                    deaths[index] = deaths.get(index, 0) + 1
                    self.workers.remove(w)
                    w.conn.close()
                    w.proc.join()
                    if deaths[index] >= 2:
                        done[index] = self.rater.failed(
                            puzzle, f"the worker rating it died twice (exit code {w.proc.exitcode})")
                    else:
                        todo.appendleft((index, puzzle))
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1


@attrs.define
class _Worker:
    proc: Any
    conn: Any
    job: tuple[int, Puzzle] | None = None

    def give(self, job: tuple[int, Puzzle]) -> None:
        self.job = job
        with contextlib.suppress(OSError):   # it is dead: its sentinel says so on the next wait
            self.conn.send(job)


def _worker_main(conn: Any, uniqueness: bool, time_limit: float | None, nested: int) -> None:
    """A worker: rate what comes down ``conn`` until it closes or the parent dies."""
    for sig in _PARENT_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    _mask(signal.SIG_UNBLOCK, _PARENT_SIGNALS)
    _die_with(os.getppid())
    rater = Rater(uniqueness=uniqueness, time_limit=time_limit, nested=nested)
    while True:
        try:
            index, puzzle = conn.recv()
        except (EOFError, OSError):
            return
        conn.send((index, rater.rate_safely(puzzle)))


def _mask(how: int, signals: Iterable[int]) -> Any:
    """``signal.pthread_sigmask`` where the platform has it (not Windows)."""
    return signal.pthread_sigmask(how, signals) if hasattr(signal, "pthread_sigmask") else ()


def _die_with(parent: int) -> None:
    """End this process when ``parent`` ends, even by SIGKILL: the kernel's
    parent-death signal on Linux, a watcher thread elsewhere."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:          # it died before the signal was armed
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="deduce-watch-parent", daemon=True).start()
