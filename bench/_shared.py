"""Where the shared data lives: ``../shared`` beside the repository (as
the tests look for it), or beside a folder of worktrees holding it
(``/work/wt/NAME`` finds ``/work/shared``)."""

from __future__ import annotations

import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def shared_dir() -> pathlib.Path:
    """The first ``shared`` folder with corpora in it, walking up from the
    repository's parent (``ROOT.parent / "shared"`` when none exists)."""
    for up in (ROOT.parent, *ROOT.parent.parents):
        if (up / "shared" / "corpora").is_dir():
            return up / "shared"
    return ROOT.parent / "shared"


SHARED = shared_dir()
CORPORA = SHARED / "corpora"
