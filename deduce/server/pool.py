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
import contextlib
import importlib
import multiprocessing
import os
import signal
import threading
import time
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
        except Exception as exc:
            with contextlib.suppress(Exception):
                conn.send(("failed", f"{type(exc).__name__}: {exc}"))


class _Worker:
    def __init__(self, proc: Any, conn: Any):
        self.proc = proc
        self.conn = conn
        self.ready = False

    @property
    def pid(self) -> int:
        return int(self.proc.pid)


class Pool:
    """``size`` worker processes; :meth:`job` runs one request on one of them."""

    def __init__(self, size: int, target: str = DEFAULT_TARGET):
        if size < 1:
            raise ValueError(f"a pool needs at least one worker, got {size}")
        self.size = size
        self.target = target
        self.ctx: Any = multiprocessing.get_context("spawn")
        self.workers: list[_Worker] = []
        self.idle: asyncio.Queue[_Worker] | None = None
        self.closed = False
        self.replaced = 0

    async def start(self) -> None:
        atexit.register(self.close)   # even when the server is not stopped by its lifespan
        self.idle = asyncio.Queue()
        for _ in range(self.size):
            self.idle.put_nowait(self._spawn())

    def _spawn(self) -> _Worker:
        ours, theirs = self.ctx.Pipe()
        proc = self.ctx.Process(target=_worker_main, args=(theirs, self.target, os.getpid()),
                                name="deduce-serve-worker", daemon=True)
        proc.start()
        theirs.close()
        worker = _Worker(proc, ours)
        self.workers.append(worker)
        return worker

    def pids(self) -> list[int]:
        return [w.pid for w in self.workers if w.proc.is_alive()]

    def _replace(self, worker: _Worker) -> None:
        """Kill ``worker`` and put a fresh one in the idle queue."""
        self.replaced += 1
        with contextlib.suppress(Exception):
            worker.conn.close()
        if worker.proc.is_alive():
            worker.proc.kill()
        worker.proc.join(2.0)
        if worker in self.workers:
            self.workers.remove(worker)
        if not self.closed and self.idle is not None:
            self.idle.put_nowait(self._spawn())

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

    async def job(self, endpoint: str, body: Any, seconds: float,
                  wait: float | None = None) -> AsyncGenerator[tuple[str, Any], None]:
        """Run one job; yields its messages.  The time limit counts from when
        a worker takes the job; past it plus :data:`GRACE` the worker is
        killed and replaced and :class:`WorkerTimeout` raised.  Waiting for
        a free worker takes at most ``wait`` seconds (:class:`PoolBusy`)."""
        assert self.idle is not None, "start() the pool first"
        getter = asyncio.ensure_future(self.idle.get())
        done, _ = await asyncio.wait({getter}, timeout=wait)
        if not done:
            getter.cancel()   # (a worker it took in the meantime is kept: it is awaited below)
        try:
            worker = await getter
        except asyncio.CancelledError:
            raise PoolBusy() from None
        finished = False
        try:
            if not worker.proc.is_alive():
                raise WorkerDied("the worker had ended")
            if not worker.ready:
                # a fresh worker imports the engine first: its start does not count against the request
                kind, _ = await self._recv(worker, time.monotonic() + STARTUP)
                worker.ready = kind == "ready"
            worker.conn.send((endpoint, body, seconds))
            until = time.monotonic() + seconds + GRACE
            while True:
                kind, payload = await self._recv(worker, until)
                if kind in ("end", "failed"):
                    finished = True   # before the yield: the caller may stop reading here
                yield kind, payload
                if finished:
                    return
        finally:
            if finished and worker.proc.is_alive() and not self.closed:
                self.idle.put_nowait(worker)
            else:
                self._replace(worker)

    def close(self) -> None:
        """Stop every worker now (SIGTERM, then SIGKILL after a second)."""
        self.closed = True
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
