"""Time limits that long searches check from inside.

A command or API call sets a deadline for the work it starts; the engine
loop, the backtracking search and the chain engines call :func:`check` in
their loops (cheaply: a clock read every few hundred iterations is enough),
and :class:`~deduce.errors.SolveTimeout` ends the work wherever it is.
Deadlines are per thread and nest: an inner :func:`limit` can only make the
time shorter.

>>> import time
>>> with limit(0.01):
...     time.sleep(0.02)
...     try:
...         check()
...     except SolveTimeout as exc:
...         print("timed out")
timed out
>>> check()   # no deadline outside the block
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator

from .errors import SolveTimeout

__all__ = ["SolveTimeout", "check", "expired", "limit", "remaining"]

_local = threading.local()


def _current() -> tuple[float, float] | None:
    """(monotonic expiry, the seconds asked for) of this thread, or None."""
    return getattr(_local, "deadline", None)


@contextmanager
def limit(seconds: float | None) -> Iterator[None]:
    """Run the block with at most ``seconds`` (None: no new limit)."""
    outer = _current()
    if seconds is not None:
        expiry = time.monotonic() + seconds
        if outer is None or expiry < outer[0]:
            _local.deadline = (expiry, seconds)
    try:
        yield
    finally:
        _local.deadline = outer


def expired() -> bool:
    """Whether this thread's deadline has passed."""
    d = _current()
    return d is not None and time.monotonic() > d[0]


def check() -> None:
    """Raise :class:`SolveTimeout` if this thread's deadline has passed."""
    d = getattr(_local, "deadline", None)  # (_current, inline: asked once per strategy per position)
    if d is not None and time.monotonic() > d[0]:
        raise SolveTimeout(d[1])


def remaining() -> float | None:
    """Seconds left before the deadline (None without one, 0.0 when past)."""
    d = _current()
    return None if d is None else max(0.0, d[0] - time.monotonic())
