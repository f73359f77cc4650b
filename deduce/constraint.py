"""Variant constraints: the protocol, and the registry that finds them.

A *constraint* is one rule of a variant puzzle beyond rows, columns, boxes
and cages: a diagonal, a thermometer, a kropki dot.  Each family has one
home, a module of ``strategies/variants/`` (or a plugin's module), holding
its value class (a frozen :class:`Constraint` subclass whose repr rebuilds
it), its f-puzzles keys (reading and writing), its rule on a full grid, its
narrowing for the search, its logical steps (strategies with their
technique rows and words) and its drawing.  The core never imports those
modules: it finds the constraint kinds through the entry-point group
``deduce.constraints`` (:func:`kinds`), as it finds strategies through
``deduce.strategies``.

What the core asks of a constraint (every method has a default that says
"nothing", so a family overrides only what its rule needs):

* :meth:`Constraint.validate`: raise :class:`ConstraintError` (one line,
  naming the constraint) when it does not fit the grid;
* :meth:`Constraint.distinct`: groups of cells whose symbols differ (they
  join :attr:`deduce.puzzle.Puzzle.peer_masks`, as a killer cage's cells do);
* :meth:`Constraint.houses`: groups of N cells that hold every symbol once
  (a diagonal, an extra region); their own techniques find singles there;
* :meth:`Constraint.relations`: binary relations between two cells (a dot,
  each step of a thermometer): which pairs of symbols they allow;
* :meth:`Constraint.unary`: the symbols a cell may hold at all (odd, even);
* :meth:`Constraint.narrow`: any other narrowing of candidate masks;
* :meth:`Constraint.sums`: equations over cells (an arrow's cells add up
  to its circle) that join the killer's 45-rule equations;
* :meth:`Constraint.broken`: the rule on a full grid (None when it holds);
* :meth:`Constraint.svg`: its picture.

>>> r = Relation.of(0, 1, 4, lambda a, b: a < b)
>>> [bin(m) for m in r.allowed]
['0b1110', '0b1100', '0b1000', '0b0']
>>> r.reverse().a, [bin(m) for m in r.reverse().allowed]
(1, ['0b0', '0b1', '0b11', '0b111'])
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Sequence

import attrs

from .errors import InvalidPuzzleError

if TYPE_CHECKING:
    from .cagemath import LinearSum
    from .puzzle import Puzzle

GROUP = "deduce.constraints"
BUILTIN_PROVIDER = "strategies.variants:builtin_constraints"


class ConstraintError(InvalidPuzzleError):
    """A constraint that does not fit its puzzle (a cell outside the grid,
    a dot between cells that do not touch); the message names it."""


@attrs.frozen
class Relation:
    """Cells ``a`` and ``b`` may hold symbols ``x`` and ``y`` only when bit
    ``y`` of ``allowed[x]`` is set (symbols as indices: value ``x + 1``)."""

    a: int
    b: int
    allowed: tuple[int, ...]

    @classmethod
    def of(cls, a: int, b: int, size: int, rule: Callable[[int, int], bool]) -> Relation:
        """The relation of ``rule(value_a, value_b)`` over values 1..size."""
        return cls(a, b, tuple(sum(1 << (y - 1) for y in range(1, size + 1) if rule(x, y))
                               for x in range(1, size + 1)))

    def reverse(self) -> Relation:
        n = len(self.allowed)
        return Relation(self.b, self.a, tuple(sum(1 << x for x in range(n) if self.allowed[x] >> y & 1)
                                              for y in range(n)))

    def support(self, mask_a: int, mask_b: int) -> int:
        """The symbols of ``mask_a`` that some symbol of ``mask_b`` allows."""
        out = 0
        allowed = self.allowed
        m = mask_a
        while m:
            low = m & -m
            if allowed[low.bit_length() - 1] & mask_b:
                out |= low
            m ^= low
        return out


@attrs.frozen
class Constraint:
    """Base of the constraint value classes (subclasses are ``@attrs.frozen``).

    ``KIND`` names the family in words and in the registry
    (``"thermometer"``); ``KEYS`` are the f-puzzles keys it reads (each key
    belongs to one class); ``NEGATES`` the keys whose "negative" (every
    such dot is given) it stands for, read from f-puzzles' ``negative``
    list.  ``OPTIONS`` lists the f-puzzles keys it reads beside its own
    but does not own (none by default).
    """

    KIND: ClassVar[str] = ""
    KEYS: ClassVar[tuple[str, ...]] = ()
    NEGATES: ClassVar[tuple[str, ...]] = ()

    # -- reading and writing ---------------------------------------------------------------

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        """The constraints of f-puzzles key ``key`` (one of ``KEYS``);
        :class:`ConstraintError` names what does not read."""
        raise ConstraintError(f"constraint '{key}' is not supported")

    @classmethod
    def from_negative(cls, key: str, size: int) -> Constraint:
        """The constraint of ``key`` in f-puzzles' ``negative`` list (one of ``NEGATES``)."""
        raise ConstraintError(f"negative constraint '{key}' is not supported")

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        """This constraint as f-puzzles keys: a list value is appended to the
        document's list of that key, any other value set."""
        raise NotImplementedError

    # -- the rule ----------------------------------------------------------------------------

    def covered(self) -> tuple[int, ...]:
        """The cells the constraint is about (none for a global one)."""
        return ()

    def label(self, puzzle: Puzzle) -> str:
        """Its name in words: ``thermometer r1c1-r1c4``, ``white dot r4c4-r4c5``."""
        name = puzzle.geometry.cell_name
        cells = self.covered()
        return f"{self.KIND} {'-'.join(name(c) for c in cells)}" if cells else self.KIND

    def validate(self, puzzle: Puzzle) -> None:
        """Raise :class:`ConstraintError` when the constraint does not fit the puzzle."""
        for c in self.covered():
            if not 0 <= c < puzzle.ncells:
                raise ConstraintError(f"{self.KIND}: a cell is outside the {puzzle.size}x{puzzle.size} grid")

    def distinct(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        """Groups of cells whose symbols all differ."""
        return ()

    def houses(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        """Groups of N cells that hold every symbol once."""
        return ()

    def house_label(self, puzzle: Puzzle, index: int) -> str:
        """The name in words of its house ``index`` (of :meth:`houses`)."""
        return self.label(puzzle)

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        """Binary relations the constraint puts on pairs of cells."""
        return ()

    def unary(self, puzzle: Puzzle) -> tuple[tuple[int, int], ...]:
        """``(cell, mask)`` pairs: the symbols each cell may hold at all (an odd cell: 1, 3, 5...)."""
        return ()

    def narrow(self, puzzle: Puzzle, cand: list[int]) -> bool:
        """Narrow ``cand`` (candidate masks, changed in place) by what the
        rule allows beyond its :meth:`relations`; False when no candidate
        filling satisfies it.  The default narrows nothing."""
        return True

    def sums(self, puzzle: Puzzle) -> tuple[LinearSum, ...]:
        """Equations ``sum(plus) - sum(minus) == total`` the rule implies (see
        :class:`deduce.cagemath.LinearSum`): the 45 rule counts them with the cages."""
        return ()

    #: Whether :meth:`narrow` does anything (the search calls it only then).
    NARROWS: ClassVar[bool] = False

    def broken(self, puzzle: Puzzle, values: Sequence[int]) -> str | None:
        """Why a full grid ``values`` (symbol indices) breaks the rule, or None.
        The default checks :meth:`distinct`, :meth:`houses` and :meth:`relations`."""
        name = puzzle.geometry.cell_name
        for group in self.distinct(puzzle) + self.houses(puzzle):
            seen: dict[int, int] = {}
            for c in group:
                if values[c] in seen:
                    return f"{name(seen[values[c]])} and {name(c)} hold the same symbol"
                seen[values[c]] = c
        for rel in self.relations(puzzle):
            if not rel.allowed[values[rel.a]] >> values[rel.b] & 1:
                return f"{name(rel.a)} and {name(rel.b)} break it"
        for cell, mask in self.unary(puzzle):
            if not mask >> values[cell] & 1:
                return f"{name(cell)} breaks it"
        return None

    # -- the picture -------------------------------------------------------------------------

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        """SVG elements drawing the constraint (``layout``: :class:`deduce.render.svg.Layout`)."""
        return []

    #: Drawn under the grid's digits (lines, shading) or over the grid lines (dots): "under" or "over".
    LAYER: ClassVar[str] = "under"


# -- the registry ------------------------------------------------------------------------------


def _sources() -> list[tuple[str, str]]:
    from importlib.metadata import entry_points

    eps = sorted(entry_points(group=GROUP), key=lambda e: e.name)
    out = [(ep.name, ep.value) for ep in eps]
    if not any(value == BUILTIN_PROVIDER for _, value in out):
        out.insert(0, ("builtin", BUILTIN_PROVIDER))
    return out


def _expand(obj: Any) -> list[type[Constraint]]:
    if isinstance(obj, type) and issubclass(obj, Constraint):
        return [obj]
    if callable(obj) and not isinstance(obj, type):
        obj = obj()
    out: list[type[Constraint]] = []
    for item in obj:
        if not (isinstance(item, type) and issubclass(item, Constraint)):
            raise ValueError(f"{item!r} is not a Constraint class")
        out.append(item)
    return out


@functools.cache
def kinds() -> tuple[type[Constraint], ...]:
    """Every constraint class of the entry-point group ``deduce.constraints``
    (the built-in ones first).  A plugin that fails to load is left out with
    a :class:`deduce.registry.PluginWarning`."""
    import importlib

    from .registry import _warn

    found: list[type[Constraint]] = []
    keys: dict[str, type[Constraint]] = {}
    for name, value in _sources():
        builtin = value == BUILTIN_PROVIDER
        try:
            module_name, _, attr = value.partition(":")
            obj: Any = importlib.import_module(module_name.strip())
            for part in attr.strip().split(".") if attr.strip() else ():
                obj = getattr(obj, part)
            classes = _expand(obj)
            for cls in classes:
                for key in cls.KEYS + tuple(f"negative:{k}" for k in cls.NEGATES):
                    if key in keys and keys[key] is not cls:
                        raise ValueError(f"f-puzzles key {key!r} already belongs to {keys[key].__name__}")
        except Exception as exc:
            if builtin:
                raise
            _warn(f"constraint plugin {name!r} ({value}) left out: {type(exc).__name__}: {exc}")
            continue
        for cls in classes:
            if cls not in found:
                found.append(cls)
                for key in cls.KEYS + tuple(f"negative:{k}" for k in cls.NEGATES):
                    keys[key] = cls
    return tuple(found)


def kind_for_key(key: str) -> type[Constraint] | None:
    """The class that reads f-puzzles key ``key`` (``negative:ratio`` for an
    entry of the ``negative`` list), or None."""
    for cls in kinds():
        if key in cls.KEYS or (key.startswith("negative:") and key[9:] in cls.NEGATES):
            return cls
    return None


def reset() -> None:
    """Forget the classes found (after installing or removing a plugin)."""
    kinds.cache_clear()
