"""A bounded pool of worker processes for the server's engine work.

The event loop never runs the engine: each request takes an idle worker
(waiting for one when all are busy), sends it the job through a pipe and
reads the messages back as they come (``("line", text)`` records, then
``("end", payload)``), watching the pipe from the event loop.  A worker
that does not finish within the request's time limit is killed and a new
one started in its place, so the next request is served; a worker that
dies is replaced the same way.  :meth:`Pool.close` stops every worker
(SIGTERM, then SIGKILL), and a worker whose parent dies ends itself.

Workers start with ``spawn`` (a fresh interpreter: safe beside the
server's threads) and import the engine before their first job.
"""

from __future__ import annotations

import asyncio
import atexit
import collections
import contextlib
import importlib
import multiprocessing
import os
import signal
import threading
import time
import traceback
from typing import Any, AsyncGenerator, Callable

#: The default job: :func:`deduce.server.jobs.run`.
DEFAULT_TARGET = "deduce.server.jobs:run"
#: Seconds a worker is given after its own time limit before it is killed
#: (the engine checks its deadline itself and usually answers in time).
GRACE = 0.5
#: Seconds a new worker may take to start (import and warm up the engine).
STARTUP = 60.0


class WorkerTimeout(Exception):
    """The job overran its time limit; its worker has been replaced."""


class PoolBusy(Exception):
    """No worker became free within the wait allowed (the request is not run)."""


class WorkerDied(Exception):
    """The worker ended without answering (it has been replaced)."""


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


def _worker_main(conn: Any, target: str, parent: int) -> None:
    """A worker: answer jobs until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the server stops its workers itself
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    module, _, name = target.partition(":")
    run: Callable[..., None] = getattr(importlib.import_module(module), name)
    warm = getattr(importlib.import_module(module), "warm_up", None)
    if warm is not None:
        with contextlib.suppress(Exception):
            warm()
    with contextlib.suppress(Exception):
        conn.send(("ready", os.getpid()))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        endpoint, body, seconds = job

        def emit(kind: str, payload: Any) -> None:
            conn.send((kind, payload))

        try:
            run(endpoint, body, seconds, emit)
        except (EOFError, OSError, BrokenPipeError):
            return
        except Exception as exc:   # the first line says what, the others are the traceback (logged at debug)
            with contextlib.suppress(Exception):
                conn.send(("failed", f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}\n"
                                     + traceback.format_exc()))


class PoolClosed(Exception):
    """The pool is stopping: the request was not run."""


class _Worker:
    def __init__(self, proc: Any, conn: Any, cheap_only: bool):
        self.proc = proc
        self.conn = conn
        self.ready = False
        #: a worker of the cheap lane: expensive requests never take it
        self.cheap_only = cheap_only

    @property
    def pid(self) -> int:
        return int(self.proc.pid)

    def dead(self) -> bool:
        """Ended (an idle worker's pipe is readable only when it has closed, or sent something unasked)."""
        try:
            return not self.proc.is_alive() or (self.ready and bool(self.conn.poll()))
        except (OSError, ValueError, EOFError):
            return True


#: The pool's two queues: requests of the cheap lane (any worker, their own first) and the others.
LANES = ("cheap", "expensive")


class Pool:
    """``size`` worker processes, ``cheap`` of them kept for the cheap lane;
    :meth:`job` runs one request on one of them.  A free worker kept for the
    cheap lane serves it only; the others serve the two lanes in turn; within
    a lane, first come first served."""

    def __init__(self, size: int, target: str = DEFAULT_TARGET, cheap: int = 0):
        if size < 1:
            raise ValueError(f"a pool needs at least one worker, got {size}")
        self.size = size
        self.cheap = max(0, min(cheap, size - 1))
        self.target = target
        self.ctx: Any = multiprocessing.get_context("spawn")
        self.workers: list[_Worker] = []
        self.idle: list[_Worker] = []
        self.waiting: dict[str, collections.deque[asyncio.Future[_Worker]]] = {
            lane: collections.deque() for lane in LANES}
        self.started = False
        self.closed = False
        self.replaced = 0
        self.timeouts = 0
        self._warming: set[asyncio.Task[None]] = set()
        #: the lane a worker for everything served last, when it came free (the lanes take turns)
        self._last_general = "expensive"

    async def start(self) -> None:
        atexit.register(self.close)   # even when the server is not stopped by its lifespan
        self.started = True
        for k in range(self.size):
            self._give(self._spawn(cheap_only=k < self.cheap))

    def _spawn(self, cheap_only: bool) -> _Worker:
        ours, theirs = self.ctx.Pipe()
        proc = self.ctx.Process(target=_worker_main, args=(theirs, self.target, os.getpid()),
                                name="deduce-serve-worker", daemon=True)
        proc.start()
        theirs.close()
        worker = _Worker(proc, ours, cheap_only)
        self.workers.append(worker)
        return worker

    def pids(self) -> list[int]:
        return [w.pid for w in self.workers if w.proc.is_alive()]

    def depth(self, lane: str) -> int:
        """Requests of ``lane`` waiting for a worker."""
        return sum(1 for f in self.waiting[lane] if not f.done())

    def _kill(self, worker: _Worker) -> None:
        self.replaced += 1
        with contextlib.suppress(Exception):
            worker.conn.close()
        if worker.proc.is_alive():
            worker.proc.kill()
        worker.proc.join(1.0)
        if worker in self.workers:
            self.workers.remove(worker)

    def _replace(self, worker: _Worker) -> None:
        """Kill ``worker`` and start a fresh one in its place, offered to
        requests once it has started (a request never waits for a worker's
        start while another may come free sooner)."""
        self._kill(worker)
        if not self.closed and self.started:
            fresh = self._spawn(worker.cheap_only)
            task = asyncio.get_running_loop().create_task(self._warm(fresh))
            self._warming.add(task)
            task.add_done_callback(self._warming.discard)

    async def _warm(self, worker: _Worker) -> None:
        try:
            kind, _ = await self._recv(worker, time.monotonic() + STARTUP)
            worker.ready = kind == "ready"
        except (WorkerTimeout, WorkerDied):
            pass
        if self.closed:
            return
        if worker.proc.is_alive() and worker.ready:
            self._give(worker)
        else:
            await asyncio.sleep(0.5)   # (a worker that cannot start: try again, not in a tight loop)
            self._replace(worker)

    def _give(self, worker: _Worker) -> None:
        """A free worker: to the first waiting request it may serve, else
        idle.  A worker of the cheap lane serves that lane only; the others
        take the two lanes in turn when both wait (neither can starve the
        other: a flood of hints leaves the counts their share too)."""
        if worker.cheap_only:
            lanes: tuple[str, ...] = ("cheap",)
        else:
            lanes = ("expensive", "cheap") if self._last_general == "cheap" else ("cheap", "expensive")
        for lane in lanes:
            queue = self.waiting[lane]
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    waiter.set_result(worker)
                    if not worker.cheap_only:
                        self._last_general = lane
                    return
        self.idle.append(worker)

    def _take(self, lane: str) -> _Worker | None:
        """An idle worker for ``lane`` (a cheap request takes its lane's own first)."""
        fits = [w for w in self.idle if lane == "cheap" or not w.cheap_only]
        if not fits:
            return None
        fits.sort(key=lambda w: not w.cheap_only)
        self.idle.remove(fits[0])
        return fits[0]

    async def _acquire(self, lane: str, wait: float | None) -> _Worker:
        if self.closed:
            raise PoolClosed()
        worker = self._take(lane)
        if worker is not None:
            return worker
        waiter: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self.waiting[lane].append(waiter)
        try:
            await asyncio.wait({waiter}, timeout=wait)
        except BaseException:   # the request is cancelled (its client left, the server stops)
            if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                self._give(waiter.result())   # a worker came just then: it goes on to the next
            else:
                self._forget(lane, waiter)
            raise
        if not waiter.done():
            self._forget(lane, waiter)
            raise PoolBusy()
        return waiter.result()   # (PoolClosed when the pool stops meanwhile)

    def _forget(self, lane: str, waiter: asyncio.Future[_Worker]) -> None:
        waiter.cancel()
        with contextlib.suppress(ValueError):
            self.waiting[lane].remove(waiter)

    def stop_waiting(self) -> None:
        """Refuse every request still waiting for a worker (:class:`PoolClosed`): the server is stopping."""
        for queue in self.waiting.values():
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    waiter.set_exception(PoolClosed())

    async def _recv(self, worker: _Worker, until: float) -> tuple[str, Any]:
        """The next message of ``worker`` before the monotonic time ``until``."""
        loop = asyncio.get_running_loop()
        conn = worker.conn
        while True:
            if conn.poll():
                try:
                    message: tuple[str, Any] = conn.recv()
                except (EOFError, OSError):
                    raise WorkerDied("the worker ended without an answer") from None
                return message
            left = until - time.monotonic()
            if left <= 0:
                raise WorkerTimeout()
            readable: asyncio.Future[None] = loop.create_future()
            fd = conn.fileno()

            def wake(f: asyncio.Future[None] = readable) -> None:
                if not f.done():
                    f.set_result(None)

            loop.add_reader(fd, wake)
            try:
                await asyncio.wait_for(readable, left)
            except TimeoutError:
                raise WorkerTimeout() from None
            finally:
                loop.remove_reader(fd)

    async def job(self, endpoint: str, body: Any, seconds: float, wait: float | None = None,
                  lane: str = "expensive", clock: dict[str, float] | None = None,
                  ) -> AsyncGenerator[tuple[str, Any], None]:
        """Run one job in ``lane``; yields its messages.  The time limit
        counts from when a worker takes the job; past it plus :data:`GRACE`
        the worker is killed and replaced and :class:`WorkerTimeout` raised.
        Waiting for a free worker takes at most ``wait`` seconds
        (:class:`PoolBusy`).  A worker found dead when it is taken is
        replaced first, and the job runs on the new one.  ``clock`` gets
        ``engine_seconds``, the job's time on its worker."""
        assert self.started, "start() the pool first"
        worker = await self._acquire(lane, wait)
        finished = False
        try:
            for _ in range(3):
                if not worker.dead():
                    break
                self._kill(worker)   # died while idle: the request goes to its replacement
                worker = self._spawn(worker.cheap_only)
            if not worker.ready:
                # a fresh worker imports the engine first: its start does not count against the request
                kind, _ = await self._recv(worker, time.monotonic() + STARTUP)
                worker.ready = kind == "ready"
            try:
                worker.conn.send((endpoint, body, seconds))
            except (OSError, ValueError):
                raise WorkerDied("the worker ended before the job was sent") from None
            sent = time.monotonic()
            until = sent + seconds + GRACE
            while True:
                try:
                    kind, payload = await self._recv(worker, until)
                except WorkerTimeout:
                    self.timeouts += 1
                    raise
                if clock is not None:
                    clock["engine_seconds"] = time.monotonic() - sent
                if kind in ("end", "failed"):
                    finished = True   # before the yield: the caller may stop reading here
                yield kind, payload
                if finished:
                    return
        finally:
            if finished and worker.proc.is_alive() and not self.closed:
                self._give(worker)
            else:
                self._replace(worker)

    def close(self) -> None:
        """Stop every worker now (SIGTERM, then SIGKILL after a second)."""
        self.closed = True
        self.stop_waiting()
        for w in self.workers:
            with contextlib.suppress(Exception):
                w.conn.close()
            if w.proc.is_alive():
                w.proc.terminate()
        deadline = time.monotonic() + 1.0
        for w in self.workers:
            w.proc.join(max(0.0, deadline - time.monotonic()))
            if w.proc.is_alive():
                w.proc.kill()
                w.proc.join()
        self.workers.clear()
