"""The Strategy protocol, and the base of the built-in producers.

A strategy is a small object with a ``technique`` (a row of the technique
table) and a ``find(state)`` method that yields :class:`~deduce.step.Step`
records, easiest or most natural first.  It never changes the state.

Strategies may set two class attributes:

* ``requires_unique = True``: valid only when the puzzle is known to have
  exactly one solution (uniqueness techniques); the engine skips it
  otherwise.
* ``allows_cages = False``: unsound when cages are present (a cage sum can
  break a deadly-pattern argument).

The built-in strategies are :class:`Producer` subclasses: frozen values
whose parameters are attrs fields, whose repr rebuilds them, and whose
``CODES`` table maps parameters to technique codes (the built-in list is
derived from those tables):

>>> import attrs
>>> @attrs.frozen
... class Subset(Producer):
...     size: int
...     CODES = {2: "np", 3: "nt"}
...     def find(self, state):
...         return iter(())
>>> Subset(3), Subset(3).technique, Subset.variants()
(Subset(size=3), technique('nt'), [Subset(size=2), Subset(size=3)])
>>> Subset(5)
Traceback (most recent call last):
...
deduce.strategy.ParameterError: Subset(size=5): size must be one of 2, 3
>>> from strategies.singles import NakedSingle
>>> isinstance(NakedSingle(), Strategy)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Mapping, Protocol, runtime_checkable

import attrs

from .technique import Technique
from .techniques import TECHNIQUES

if TYPE_CHECKING:
    from .state import State
    from .step import Step


@runtime_checkable
class Strategy(Protocol):
    technique: Technique

    def find(self, state: State) -> Iterator[Step]:
        """Yield the steps this technique finds in ``state``."""
        ...


def requires_unique(strategy: Strategy) -> bool:
    return bool(getattr(strategy, "requires_unique", False))


def allows_cages(strategy: Strategy) -> bool:
    return bool(getattr(strategy, "allows_cages", True))


class ParameterError(ValueError):
    """A producer was given parameters it does not take."""


@attrs.frozen
class Producer:
    """Base of parameterised producers (technique finders).

    A subclass is decorated with ``@attrs.frozen``, declares its parameters
    as fields and either names its one technique in ``CODE`` or maps its
    parameter values (one value, or a tuple of all of them in field order)
    to technique codes in ``CODES``; the order of ``CODES`` is the order in
    which instances of one technique are tried.  ``technique`` is looked up
    once, at construction; parameters outside ``CODES`` raise
    :class:`ParameterError`.
    """

    CODE: ClassVar[str] = ""
    CODES: ClassVar[Mapping[Any, str]] = {}
    requires_unique: ClassVar[bool] = False
    allows_cages: ClassVar[bool] = True
    technique: Technique = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "technique", TECHNIQUES[self._code()])

    def parameters(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f.name) for f in attrs.fields(type(self)) if f.init)

    def _code(self) -> str:
        if not self.CODES:
            return self.CODE
        params = self.parameters()
        key = params[0] if len(params) == 1 else params
        code = self.CODES.get(key)
        if code is None:
            names = " and ".join(f.name for f in attrs.fields(type(self)) if f.init)
            accepted = ", ".join(str(k) if not isinstance(k, str) else repr(k) for k in self.CODES)
            raise ParameterError(f"{self!r}: {names} must be one of {accepted}")
        return code

    @classmethod
    def variants(cls) -> list[Producer]:
        """One instance per entry of ``CODES`` (or the one instance)."""
        make: Any = cls  # the subclass's own fields make the signature
        if not cls.CODES:
            return [make()]
        return [make(*key) if isinstance(key, tuple) else make(key) for key in cls.CODES]

    def find(self, state: State) -> Iterator[Step]:
        raise NotImplementedError
