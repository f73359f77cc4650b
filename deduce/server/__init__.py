"""``deduce serve``: the web app (play with deduce as the coach) and the JSON API.

Needs the ``web`` extra (``pip install 'deduce-sudoku[web]'``: Starlette and
uvicorn).  :func:`create_app` is the ASGI application; the engine runs in a
bounded pool of worker processes (:mod:`.pool`), each request's work is
:mod:`.jobs`, and :mod:`.openapi` describes the API.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(name)
