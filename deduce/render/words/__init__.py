"""Words for steps: nudge, clue and full explanation, family by family.

A technique's words live in its home (see :mod:`deduce.registry`): the
module of ``strategies/`` that finds it (or a plugin's module); trial and
error's, the engine's own, are here (:mod:`.last_resort`).  Each declares,
for the techniques of its family:

* ``TEMPLATES``: code -> (nudge, clue, full) ``str.format`` strings;
* ``FIELDS``: the fields its templates use beyond the common ones of
  :mod:`.prose` (each reads the step record into words);
* ``DETAILS``: code -> a ``TypedDict`` naming the ``Step.details`` keys the
  family's strategies write and its fields read (optional keys are those a
  variant adds).  ``tests/test_words.py`` checks every step the strategies
  produce on the showcase positions against it.

The text says nothing the record does not hold.  A technique with no
template (a plugin's) gets words from its table row: its own
``words`` (nudge, clue, full) when the row carries them, else its name
and description, said once.

>>> from deduce.puzzle import Puzzle
>>> from deduce.step import Step
>>> from deduce.techniques import TECHNIQUES
>>> p = Puzzle.empty(9)
>>> s = Step(TECHNIQUES["lc1"], eliminations=[(13, 2), (16, 2)], cells=[9, 11], houses=[18, 1], symbols=[2])
>>> for sentence in TextRenderer(p).explain(s).split(". "):
...     print(sentence)
Pointing: in box 1, every 3 lies in row 2 (r2c1 and r2c3)
One of them is the 3 of row 2, so 3 is removed from the rest of row 2: r2c5 and r2c8.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Sequence, overload

from ...geometry import Geometry
from ...puzzle import Puzzle
from ...tables import table as shape_table
from . import (
    last_resort,
)
from .prose import COMMON, Field, by_cell, capitalize, lcfirst, prose

if TYPE_CHECKING:
    from ...step import Step

NUDGE, CLUE, FULL = "nudge", "clue", "full"
LEVELS = (NUDGE, CLUE, FULL)

#: The word modules kept here: trial and error's (the engine's own technique).
CORE_FAMILIES: tuple[ModuleType, ...] = (last_resort,)


def families() -> tuple[ModuleType, ...]:
    """Every module with words: those kept here, then the technique homes
    that declare ``TEMPLATES`` (found by :func:`deduce.registry.homes`)."""
    from ... import registry  # (not at import: the homes are the strategies' modules)

    return CORE_FAMILIES + tuple(m for m in registry.homes() if hasattr(m, "TEMPLATES"))


def _index() -> tuple[dict[str, tuple[str, str, str]], dict[str, ModuleType], dict[str, type]]:
    """(code -> templates, code -> module, code -> details), over :func:`families` (a table of
    :mod:`deduce.tables` per tuple of families)."""
    modules = families()
    return shape_table(("deduce.render.words.index", modules), lambda: _make_index(modules))


def _make_index(modules: tuple[ModuleType, ...]) -> tuple[dict[str, tuple[str, str, str]], dict[str, ModuleType],
                                                         dict[str, type]]:
    templates: dict[str, tuple[str, str, str]] = {}
    family: dict[str, ModuleType] = {}
    details: dict[str, type] = {}
    for module in modules:
        for code, triple in module.TEMPLATES.items():
            if code in templates:
                raise ValueError(f"technique {code!r} has words in two families")
            templates[code] = triple
            family[code] = module
        details.update(module.DETAILS)
        clash = set(getattr(module, "FIELDS", {})) & set(COMMON)
        if clash:
            raise ValueError(f"{module.__name__} redefines common fields {sorted(clash)}")
    return templates, family, details


class _View(Mapping[str, Any]):
    """A live view of one of :func:`_index`'s tables."""

    def __init__(self, which: int, name: str):
        self._which, self._name = which, name

    def _table(self) -> dict[str, Any]:
        return _index()[self._which]

    def __getitem__(self, code: str) -> Any:
        return self._table()[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __repr__(self) -> str:
        return f"deduce.render.words.{self._name}"


class _Families(Sequence[ModuleType]):
    """A live view of :func:`families`."""

    @overload
    def __getitem__(self, index: int) -> ModuleType: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[ModuleType]: ...

    def __getitem__(self, index: int | slice) -> ModuleType | Sequence[ModuleType]:
        return families()[index]

    def __len__(self) -> int:
        return len(families())

    def __repr__(self) -> str:
        return "deduce.render.words.FAMILIES"


#: Every module with words (derived: :func:`families`).
FAMILIES: Sequence[ModuleType] = _Families()
#: code -> (nudge, clue, full), every family's
TEMPLATES: Mapping[str, tuple[str, str, str]] = _View(0, "TEMPLATES")
#: code -> the module whose words say it
FAMILY_OF: Mapping[str, ModuleType] = _View(1, "FAMILY_OF")
#: code -> the TypedDict of its step details
DETAILS: Mapping[str, type] = _View(2, "DETAILS")

#: A technique without templates: its name and description, said once.
GENERIC = (
    "Look for {a_lname}{where}.",
    "Look at {cells}.",
    "{generic_full}",
)


def _generic_full(r: TextRenderer, s: Step) -> str:
    parts = []
    if s.technique.description:
        parts.append(capitalize(s.technique.description.rstrip(".")) + ".")
    if s.cells:
        parts.append(f"Here: {r.cells(s.cells)}{r.where(s)}.")
    parts.append(f"So {r.result(s)}.")
    return " ".join(parts)


_GENERIC_FIELDS: dict[str, Field] = {"generic_full": _generic_full}


def templates_of(technique: Any) -> tuple[str, str, str]:
    """The (nudge, clue, full) templates of a technique: its family's, the
    table row's own (a plugin row's ``words``), or the generic ones."""
    own = getattr(technique, "words", None)
    if own:
        return (own[0], own[1], own[2])
    return TEMPLATES.get(technique.code, GENERIC)


class TextRenderer:
    """Turns steps of one puzzle into sentences."""

    puzzle: Puzzle
    g: Geometry

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.g = puzzle.geometry

    # -- notation -----------------------------------------------------------

    def cell(self, cell: int) -> str:
        return self.g.cell_name(cell)

    def house(self, house: int) -> str:
        return self.g.house_name(house)

    def sym(self, sym: int) -> str:
        return self.puzzle.symbols[sym]

    def cells(self, cells: Iterable[int]) -> str:
        return prose([self.cell(c) for c in cells])

    def cells_or(self, cells: Iterable[int]) -> str:
        return prose([self.cell(c) for c in cells], "or")

    def cells_see(self, step: Step) -> str:
        return self.cells(sorted({c for c, _ in step.eliminations}))

    def symset(self, syms: Iterable[int]) -> str:
        return "{" + ",".join(self.sym(s) for s in sorted(syms)) + "}"

    def syms_prose(self, syms: Iterable[int]) -> str:
        return prose([self.sym(s) for s in sorted(syms)])

    def cage(self, index: int) -> str:
        return self.puzzle.cage_name(index)

    def removed(self, eliminations: Sequence[tuple[int, int]]) -> str:
        """Grouped eliminations: ``r1c4<>4, r1c9<>49``."""
        sep = "" if self.puzzle.size <= 9 else ","
        return ", ".join(f"{self.cell(c)}<>{sep.join(self.sym(s) for s in sorted(ss))}"
                         for c, ss in sorted(by_cell(eliminations).items()))

    def placed(self, placements: Sequence[tuple[int, int]]) -> str:
        return prose([f"{self.cell(c)} = {self.sym(s)}" for c, s in placements])

    def result(self, step: Step) -> str:
        parts = []
        if step.placements:
            parts.append(self.placed(step.placements))
        if step.eliminations:
            parts.append(self.removed(step.eliminations))
        return "; ".join(parts)

    def where(self, step: Step) -> str:
        """`` in row 3 and box 1`` (the step's houses), or nothing."""
        return f" in {prose([self.house(h) for h in step.houses])}" if step.houses else ""

    # -- rendering ----------------------------------------------------------

    def levels(self, step: Step) -> dict[str, str]:
        """All three levels: ``{"nudge": ..., "clue": ..., "explanation": ...}``."""
        return {"nudge": self.text(step, NUDGE), "clue": self.text(step, CLUE),
                "explanation": self.explain(step)}

    def text(self, step: Step, level: str = FULL) -> str:
        """The template text of one level, without the technique's name."""
        template = templates_of(step.technique)[LEVELS.index(level)]
        return capitalize(template.format_map(_Fields(self, step)))

    def explain(self, step: Step) -> str:
        """The full explanation, led by the technique's name."""
        return f"{step.technique.name}: {lcfirst(self.text(step, FULL))}"


class _Fields(dict):
    """Lazily computed template fields of one step: its family's, then the
    common ones."""

    def __init__(self, renderer: TextRenderer, step: Step):
        super().__init__()
        self.r = renderer
        self.step = step
        module = FAMILY_OF.get(step.code)
        self.own: dict[str, Field] = getattr(module, "FIELDS", {}) if module is not None else _GENERIC_FIELDS

    def __missing__(self, key: str) -> Any:
        fn = self.own.get(key) or COMMON.get(key)
        if fn is None:
            raise KeyError(f"template field {key!r} is unknown for {self.step.code}")
        value = fn(self.r, self.step)
        self[key] = value
        return value


def explain(step: Step, puzzle: Puzzle, level: str = FULL) -> str:
    """Shortcut: the text of ``step`` at ``level`` (full includes the name)."""
    r = TextRenderer(puzzle)
    return r.explain(step) if level == FULL else r.text(step, level)


__all__ = [
    "CLUE",
    "DETAILS",
    "FAMILIES",
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
