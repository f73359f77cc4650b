"""The Strategy protocol: how the engine talks to a technique.

A strategy is a small object with a ``technique`` (a row of the technique
table) and a ``find(state)`` method that yields :class:`~deduce.step.Step`
records, easiest or most natural first.  It never changes the state.

Strategies may set two class attributes:

* ``requires_unique = True``: valid only when the puzzle is known to have
  exactly one solution (uniqueness techniques); the engine skips it
  otherwise.
* ``allows_cages = False``: unsound when cages are present (a cage sum can
  break a deadly-pattern argument).

>>> from strategies.singles import NakedSingle
>>> isinstance(NakedSingle(), Strategy)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Protocol, runtime_checkable

from .techniques import Technique

if TYPE_CHECKING:
    from .state import State
    from .step import Step


@runtime_checkable
class Strategy(Protocol):
    technique: Technique

    def find(self, state: "State") -> Iterator["Step"]:
        """Yield the steps this technique finds in ``state``."""
        ...


def requires_unique(strategy: Strategy) -> bool:
    return bool(getattr(strategy, "requires_unique", False))


def allows_cages(strategy: Strategy) -> bool:
    return bool(getattr(strategy, "allows_cages", True))
