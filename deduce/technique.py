"""The technique record: one row of the technique table.

A :class:`Technique` says what a technique is called (``code``, ``name``,
``aliases``), where it belongs (``family``), how hard it is on both rating
scales (``se``, ``hodoku``, ``level``), where deduce tries it (``order``:
lower first), which profiles use it (``profiles``) and, for techniques the
built-in words do not know, how to say a step of it (``words``: nudge, clue
and full templates).  The built-in rows are in
:mod:`deduce.technique_table`; a plugin brings its own row on its strategy
(see :mod:`deduce.registry`).

>>> row = Technique("box-hs", "Box hidden single", "singles", 1.2, 14, EASY, order=15)
>>> row.code, row.profiles, row.in_profile("se")
('box-hs', ('deduce', 'full'), False)
"""

from __future__ import annotations

from typing import Iterable

import attrs

__all__ = [
    "ALS", "CAGES", "CHAINS", "DEFAULT_PROFILES", "EASY", "EXTREME", "FAMILY_TITLES", "FISH", "FORCING", "HARD",
    "INTERSECTIONS", "LAST_RESORT", "LEFTOVERS", "LEVELS", "LEVEL_CEILINGS", "MEDIUM", "ORDERED_PROFILES",
    "PROFILE_NAMES", "REFERENCE_PROFILES", "SINGLES", "SINGLE_DIGIT", "SUBSETS", "UNFAIR", "UNIQUENESS", "WINGS",
    "Technique", "family_title", "row",
]

EASY, MEDIUM, HARD, UNFAIR, EXTREME = "Easy", "Medium", "Hard", "Unfair", "Extreme"
LEVELS = (EASY, MEDIUM, HARD, UNFAIR, EXTREME)
#: HoDoKu's score ceilings: the level is raised while the score is above them.
LEVEL_CEILINGS = {EASY: 800, MEDIUM: 1000, HARD: 1600, UNFAIR: 1800}

# The built-in families.  A family is a plain string on each row, not a closed list: a plugin's technique may
# name a family of its own (``Technique(..., family="variants")``), and every listing (``deduce techniques``,
# ``--only FAMILY``, the documentation) is made from the rows themselves (:func:`deduce.techniques.families`).
SINGLES, INTERSECTIONS, SUBSETS, FISH, SINGLE_DIGIT = "singles", "intersections", "subsets", "fish", "single-digit"
WINGS, UNIQUENESS, CHAINS, ALS, FORCING = "wings", "uniqueness", "chains", "als", "forcing"
CAGES, LEFTOVERS, LAST_RESORT = "cages", "leftovers", "last-resort"

#: What the documentation calls the built-in families (another family is called by its own name).
FAMILY_TITLES = {SINGLES: "Singles", INTERSECTIONS: "Intersections", SUBSETS: "Subsets", FISH: "Fish",
                 SINGLE_DIGIT: "Single-digit patterns", WINGS: "Wings", UNIQUENESS: "Uniqueness", CHAINS: "Chains",
                 ALS: "Almost locked sets", FORCING: "Forcing chains", CAGES: "Killer cages",
                 LEFTOVERS: "Jigsaw", LAST_RESORT: "Last resort"}


def family_title(family: str) -> str:
    """The family's name in the documentation.

    >>> family_title("single-digit"), family_title("variants")
    ('Single-digit patterns', 'Variants')
    """
    return FAMILY_TITLES.get(family) or family.replace("-", " ").capitalize()


#: The profiles whose order of trial is the table's ``order`` key.
ORDERED_PROFILES = ("deduce", "full")
#: The profiles that copy a reference program's order and set.
REFERENCE_PROFILES = ("se", "hodoku")
PROFILE_NAMES = ORDERED_PROFILES + REFERENCE_PROFILES
#: A row's profiles unless it says otherwise: deduce's default set and ``full``.
DEFAULT_PROFILES = ORDERED_PROFILES


def _strings(value: str | Iterable[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _profiles(value: str | Iterable[str]) -> tuple[str, ...]:
    names = _strings(value)
    unknown = [p for p in names if p not in PROFILE_NAMES]
    if unknown:
        raise ValueError(f"unknown profile {unknown[0]!r}; known: {', '.join(PROFILE_NAMES)}")
    return tuple(p for p in PROFILE_NAMES if p in names)


def _words(value: Iterable[str]) -> tuple[str, ...]:
    words = tuple(value)
    if words and len(words) != 3:
        raise ValueError("words are three templates: (nudge, clue, full)")
    return words


def _level(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in LEVELS:
        raise ValueError(f"{attribute.name} {value!r} is not one of {', '.join(LEVELS)}")


def _code(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not value or value != value.strip() or "," in value:
        raise ValueError(f"technique code {value!r} must be non-empty, without commas or outer spaces")


@attrs.frozen
class Technique:
    """One row of the technique table.

    ``order`` places the technique in deduce's order of trial (lower
    first; the built-in rows use multiples of 10, so a plugin slots in
    between).  ``profiles`` lists the profiles that use it: ``deduce``
    (the default set), ``full`` (everything), and ``se``/``hodoku`` only
    when the row says so (those copy the reference programs; a plugin that
    joins one is tried there before the first of its techniques with a
    higher ``order``).  ``aliases`` are other names lookups accept (other
    programs' names, spellings).  ``words`` are the nudge, clue and full
    templates for a technique the built-in words do not know, over the
    text renderer's fields (``{cell}``, ``{house}``, ``{sym}``,
    ``{result}``...).
    """

    code: str = attrs.field(validator=_code)
    name: str
    family: str
    se: float | None
    hodoku: int | None
    level: str = attrs.field(validator=_level)
    hodoku_id: str = ""
    description: str = ""
    #: SE difficulty of named variants (e.g. a hidden single in a row: 1.5).
    se_variants: tuple[tuple[str, float], ...] = ()
    rating_note: str = ""
    order: float = attrs.field(default=0.0, kw_only=True, converter=float)
    profiles: tuple[str, ...] = attrs.field(default=DEFAULT_PROFILES, kw_only=True, converter=_profiles)
    aliases: tuple[str, ...] = attrs.field(default=(), kw_only=True, converter=_strings)
    words: tuple[str, ...] = attrs.field(default=(), kw_only=True, converter=_words)
    #: Where Sudoku Explainer tries it (rows of the ``se`` profile, lower first), if it does.
    se_order: float | None = attrs.field(default=None, kw_only=True)
    #: Where HoDoKu tries it (rows of the ``hodoku`` profile, lower first), if it does.
    hodoku_order: float | None = attrs.field(default=None, kw_only=True)

    def se_for(self, variant: str = "") -> float | None:
        """The SE difficulty of ``variant`` (the row's own when it has none)."""
        for name, value in self.se_variants:
            if name == variant:
                return value
        return self.se

    @property
    def lower_name(self) -> str:
        """The name inside a sentence: ``Hidden single`` -> ``hidden single``;
        ``XY-wing``, ``ALS-XZ`` and ``Nishio forcing chain`` keep their capitals."""
        first = self.name.split()[0] if self.name.split() else self.name
        if first == "Nishio" or not first[1:2].islower():
            return self.name
        return self.name[0].lower() + self.name[1:]

    def in_profile(self, profile: str) -> bool:
        return profile in self.profiles

    @property
    def opt_in(self) -> bool:
        """In the ``full`` profile (and usable with ``--only``) but not the default set."""
        return "full" in self.profiles and "deduce" not in self.profiles

    def __repr__(self) -> str:
        return f"technique({self.code!r})"


def row(order: float, code: str, name: str, family: str, se: float | None, hodoku: int | None, level: str,
        hodoku_id: str = "", description: str = "", se_variants: tuple[tuple[str, float], ...] = (),
        rating_note: str = "", *, profiles: Iterable[str] = DEFAULT_PROFILES, se_order: float | None = None,
        hodoku_order: float | None = None, words: Iterable[str] = ()) -> Technique:
    """A built-in row, written as the table writes them: ``order`` first,
    then the row's fields in order; a row with a place in Sudoku Explainer's
    order (``se_order``) or HoDoKu's (``hodoku_order``) joins that profile.

    >>> t = row(435, "demo-wing", "Demo wing", WINGS, 4.3, 170, HARD, se_order=165)
    >>> t.profiles, t.se_order
    (('deduce', 'full', 'se'), 165)
    """
    joined = tuple(profiles) + (("se",) if se_order is not None else ()) + (
        ("hodoku",) if hodoku_order is not None else ())
    return Technique(code, name, family, se, hodoku, level, hodoku_id, description, se_variants, rating_note,
                     order=order, profiles=joined, se_order=se_order, hodoku_order=hodoku_order, words=words)
