"""Words for steps: a thin re-export of :mod:`deduce.render.words`, where
each family's templates, fields and declared step details live beside the
family (the CLI and older code import :class:`TextRenderer` from here)."""

from __future__ import annotations

from .words import (
                    CLUE,
                    DETAILS,
                    FULL,
                    LEVELS,
                    NUDGE,
                    TEMPLATES,
                    TextRenderer,
                    capitalize,
                    explain,
                    lcfirst,
                    prose,
                    templates_of,
)

__all__ = [
                    "CLUE",
                    "DETAILS",
                    "FULL",
                    "LEVELS",
                    "NUDGE",
                    "TEMPLATES",
                    "TextRenderer",
                    "capitalize",
                    "explain",
                    "lcfirst",
                    "prose",
                    "templates_of",
]
