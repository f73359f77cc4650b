"""What was asked for: :class:`Request`, checked up front.

Every request that can be known to be impossible before any work is
refused with :class:`GenerateError` (a :class:`~deduce.errors.DeduceError`,
so a ``ValueError``) whose message is one line: a minimum above the
maximum, a technique the size or kind cannot have, a symmetry a kind
cannot have, an ER range no technique of the set reaches...

>>> Request.make(level="Hard", er="3-4.5").er
(3.0, 4.5)
>>> Request.make(er="5-4")
Traceback (most recent call last):
...
deduce.generate.request.GenerateError: --er 5-4: the minimum is above the maximum
>>> Request.make(size=4, techniques="x-wing")
Traceback (most recent call last):
...
deduce.generate.request.GenerateError: --technique x-wing: X-wing needs a grid of at least 6x6 (asked: 4x4)
"""

from __future__ import annotations

from typing import Any, Iterable

import attrs

from ..errors import DeduceError, SolveTimeout
from ..geometry import BOX_SHAPES, MAX_SIZE, MIN_SIZE
from ..puzzle import default_symbols
from ..technique import CAGES, FISH, LEFTOVERS, LEVELS, SINGLES
from ..techniques import NESTED_LEVELS, PROFILES, TECHNIQUES, UnknownTechniqueError, lookup
from .reach import CANDIDATES, HIGHEST_SCORE, first_seen, measured_for
from .symmetry import SYMMETRIES

KINDS = ("classic", "jigsaw", "killer", "latin")
#: The Latin-square seed's letters (its format holds 3x3 to 10x10).
LATIN_LETTERS = "ABCDEFGHIJ"
#: Sizes each kind is made in.
KILLER_SIZES = (4, 6, 8, 9)
LATIN_SIZES = range(3, 11)
#: The fewest givens a puzzle of these sizes can have and stay unique (17 for 9x9).
FEWEST_GIVENS = {4: 4, 6: 8, 9: 17}
#: The smallest grid on which a technique (by code, else by family) can be needed.
SMALLEST_GRID = {FISH: 6, "jellyfish": 8, "finned-jellyfish": 8, "sashimi-jellyfish": 8, "nq": 8, "hq": 8,
                 "nt": 6, "ht": 6, "locked-triple": 6, "wxyz-wing": 8, "wings": 6, "single-digit": 6,
                 "uniqueness": 6, "chains": 6, "als": 6, "forcing": 6}
#: The hardest HoDoKu level a 4x4 can reach (its techniques stop at subsets).
SMALL_LEVELS = {4: "Medium"}
#: The ER above which only trial and error (or nested chains) remains.
LOGIC_ER = 9.0


class GenerateError(DeduceError):
    """A request that cannot be met, known before any work (one line)."""


class GenerateTimeout(SolveTimeout):
    """The run's ``timeout`` passed (or its attempts ran out) before
    ``count`` puzzles were found; ``found`` says how many were."""

    def __init__(self, seconds: float, found: int, why: str = ""):
        super().__init__(seconds)
        self.found = found
        self.args = (why or f"no more puzzles within {seconds:g} s: {found} found",)

    def __str__(self) -> str:
        return str(self.args[0])


def _range(text: Any, option: str, cast: type) -> tuple[Any, Any] | None:
    """``"3-4.5"``, ``"4"`` (exactly), ``(3, 4.5)`` or None as (min, max)."""
    if text is None:
        return None
    try:
        if isinstance(text, (tuple, list)):
            lo, hi = (cast(x) for x in text)
        elif isinstance(text, (int, float)):
            lo = hi = cast(text)
        else:
            parts = str(text).strip().split("-")
            if len(parts) == 1:
                lo = hi = cast(parts[0])
            elif len(parts) == 2:
                lo, hi = cast(parts[0]), cast(parts[1])
            else:
                raise ValueError
    except (ValueError, TypeError):
        raise GenerateError(f"{option} {text}: expected MIN-MAX (e.g. {'3.0-4.5' if cast is float else '400-900'})")\
            from None
    if lo > hi:
        shown = text if isinstance(text, str) else f"{lo}-{hi}"
        raise GenerateError(f"{option} {shown}: the minimum is above the maximum")
    if lo < 0:
        raise GenerateError(f"{option} {text}: ratings are not negative")
    return lo, hi


def _codes(spec: Any, option: str) -> tuple[frozenset[str], ...]:
    """Each comma-separated item (code, name, family) as the set of codes it names."""
    if spec is None:
        return ()
    items = spec.split(",") if isinstance(spec, str) else list(spec)
    out = []
    for item in items:
        if not str(item).strip():
            continue
        try:
            out.append(frozenset(t.code for t in lookup(str(item))))
        except UnknownTechniqueError as exc:
            raise GenerateError(f"{option}: {str(exc).strip(chr(34) + chr(39))}") from None
    return tuple(out)


def _box(box: Any, size: int) -> tuple[int, int] | None:
    if box is None:
        return None
    try:
        br, bc = (int(x) for x in (box.lower().split("x") if isinstance(box, str) else box))
    except (ValueError, TypeError, AttributeError):
        raise GenerateError(f"--box {box}: expected ROWSxCOLUMNS, e.g. 2x3") from None
    if br < 2 or bc < 2 or br * bc != size:
        raise GenerateError(f"--box {box}: boxes of {br}x{bc} do not tile a {size}x{size} grid "
                            f"(both sides at least 2, product {size})")
    return br, bc


@attrs.frozen
class Request:
    """A checked request (build it with :meth:`make`)."""

    kind: str = "classic"
    size: int = 9
    box: tuple[int, int] | None = None
    symbols: str = ""
    level: str | None = None
    er: tuple[float, float] | None = None
    score: tuple[int, int] | None = None
    techniques: tuple[frozenset[str], ...] = ()
    first: bool = False
    exclude: frozenset[str] = frozenset()
    profile: str = "hodoku"
    symmetry: str = "none"
    givens: int | None = None
    minimal: bool = False
    sum_only: bool = False
    allow_backtracking: bool = False
    count: int = 1
    timeout: float | None = None
    #: written as the position where the technique asked for is first needed (:mod:`.practice`)
    practice: bool = False
    #: the symmetry of a jigsaw's (or Latin square's) regions themselves (:mod:`.regions`)
    region_symmetry: str = "none"
    #: killers: the cage sizes allowed (smallest, largest), at most this many one-cell cages, exactly this many cages
    cage_sizes: tuple[int, int] | None = None
    max_single_cages: int | None = None
    cages: int | None = None

    @property
    def classic_rating(self) -> bool:
        """Rated on the reference scales (SE, HoDoKu): classic puzzles with boxes."""
        return self.kind == "classic"

    @classmethod
    def make(cls, kind: str = "classic", size: int = 9, *, box: Any = None, symbols: str | None = None,
             level: str | None = None, er: Any = None, score: Any = None, techniques: Any = (),
             first: bool = False, exclude: Any = (), profile: str | None = None, symmetry: str = "none",
             givens: int | None = None, minimal: bool = False, sum_only: bool = False,
             allow_backtracking: bool = False, count: int = 1, timeout: float | None = None,
             practice: bool = False, region_symmetry: str = "none", cage_sizes: Any = None,
             max_single_cages: int | None = None, cages: int | None = None) -> Request:
        """Check every option and build the request, or raise :class:`GenerateError`."""
        if kind not in KINDS:
            raise GenerateError(f"--kind {kind}: unknown kind; known: {', '.join(KINDS)}")
        if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
            raise GenerateError(f"--size {size}: sizes go from {MIN_SIZE} to {MAX_SIZE}")
        box_shape = _box(box, size)
        if box_shape is not None and kind not in ("classic", "killer"):
            raise GenerateError(f"--box: a {kind} has regions, not boxes")
        _check_size(kind, size, box_shape)
        symbols = _symbols(kind, size, symbols)
        if level is not None:
            match = [x for x in LEVELS if x.lower() == str(level).strip().lower()]
            if not match:
                raise GenerateError(f"--level {level}: unknown level; known: "
                                    f"{', '.join(x.lower() for x in LEVELS)}")
            level = match[0]
        er_range = _range(er, "--er", float)
        score_range = _range(score, "--score", int)
        wanted = _codes(techniques, "--technique")
        excluded = frozenset().union(*_codes(exclude, "--exclude"))
        if profile is None:
            profile = "hodoku" if kind == "classic" else "deduce"
        if profile not in PROFILES:
            raise GenerateError(f"--profile {profile}: unknown profile; known: {', '.join(PROFILES)}")
        if kind != "classic" and profile in ("se", "hodoku"):
            raise GenerateError(f"--profile {profile}: {profile}'s technique set is for classic puzzles; "
                                f"a {kind} is solved with deduce or full")
        if symmetry not in SYMMETRIES:
            raise GenerateError(f"--symmetry {symmetry}: unknown symmetry; known: {', '.join(SYMMETRIES)}")
        if kind == "killer" and not givens and symmetry != "none":
            raise GenerateError(f"--symmetry {symmetry}: a killer has no givens (without --givens N), "
                                f"so no pattern to make symmetric")
        _check_region_symmetry(kind, size, region_symmetry)
        if sum_only and kind != "killer":
            raise GenerateError("--sum-only is for killer cages (--kind killer)")
        if first and not wanted:
            raise GenerateError("--first needs --technique: the technique the first step beyond singles uses")
        if first and len(wanted) > 1:
            raise GenerateError("--first takes one technique (or one family)")
        if practice:
            _check_practice(kind, size, box_shape, wanted)
            first = False   # the puzzle uses it somewhere; the position written has it first
        if not isinstance(count, int) or count < 1:
            raise GenerateError(f"--count {count}: at least 1")
        if timeout is not None and not timeout > 0:
            raise GenerateError(f"--timeout {timeout}: must be above 0 seconds")
        if givens is not None:
            _check_givens(kind, size, givens)
        sizes = _check_cages(kind, size, cage_sizes, max_single_cages, cages, givens)
        request = cls(kind, size, box_shape, symbols, level, er_range, score_range, wanted, first, excluded,
                      profile, symmetry, givens, minimal, sum_only, allow_backtracking, count, timeout, practice,
                      region_symmetry, sizes, max_single_cages, cages)
        request._check_reachable()
        return request

    # -- what the targets allow ------------------------------------------------

    def _check_reachable(self) -> None:
        codes = PROFILES[self.profile]
        for item in self.techniques:
            name = _item_name(item)
            families = {TECHNIQUES[c].family for c in item}
            if families == {CAGES} and self.kind != "killer":
                raise GenerateError(f"--technique {name}: cage techniques need cages (--kind killer)")
            if families == {LEFTOVERS} and self.kind not in ("killer", "jigsaw", "latin"):
                raise GenerateError(f"--technique {name}: the law of leftovers needs irregular regions or cages "
                                    f"(--kind jigsaw or killer)")
            usable = [c for c in item if c in codes and c not in self.exclude]
            if not usable:
                if item & self.exclude:
                    raise GenerateError(f"--technique {name}: also excluded with --exclude")
                full = [c for c in item if c in PROFILES["full"] and c not in self.exclude]
                raise GenerateError(f"--technique {name}: not in the {self.profile} profile's technique set"
                                    + (" (try --profile full)" if full and self.profile != "full" else ""))
            smallest = min(_smallest(c) for c in item)
            if self.size < smallest:
                raise GenerateError(f"--technique {name}: {_item_title(item)} needs a grid of at least "
                                    f"{smallest}x{smallest} (asked: {self.size}x{self.size})")
            if self.level is not None:
                easiest = min(LEVELS.index(TECHNIQUES[c].level) for c in item)
                if easiest > LEVELS.index(self.level):
                    raise GenerateError(f"--technique {name}: {_item_title(item)} is "
                                        f"{LEVELS[easiest]}, above the level asked ({self.level})")
            if self.er is not None and self.classic_rating:
                least = min((TECHNIQUES[c].se or 0.0) for c in item)
                if least > self.er[1] + 1e-9:
                    raise GenerateError(f"--technique {name}: rated {least} on SE's scale, above --er's "
                                        f"maximum {self.er[1]}")
        if self.level is not None and self.size in SMALL_LEVELS and \
                LEVELS.index(self.level) > LEVELS.index(SMALL_LEVELS[self.size]):
            raise GenerateError(f"--level {self.level.lower()}: a {self.size}x{self.size} puzzle is at most "
                                f"{SMALL_LEVELS[self.size]}")
        if self.level == "Extreme" and not self.allow_backtracking and self.size < 9 and self.kind != "killer":
            pass  # reachable in principle (forcing chains); --timeout bounds the search
        if self.er is not None:
            top = self._top_er()
            if self.er[0] > top:
                raise GenerateError(f"--er {self.er[0]}-{self.er[1]}: above what the technique set reaches "
                                    f"({top} at most{self._er_advice()})")
            if self.er[1] < 1.0:
                raise GenerateError(f"--er {self.er[0]}-{self.er[1]}: every puzzle rates at least 1.0")
        self._check_first_reach()
        if self.score is not None and self.classic_rating and self.score[0] > HIGHEST_SCORE:
            raise GenerateError(f"--score {self.score[0]}-{self.score[1]}: above the highest HoDoKu score seen "
                                f"({HIGHEST_SCORE:,}, a puzzle of the forum's hardest list); no puzzle the "
                                f"generator makes comes near it")
        if self.score is not None and self.score[1] < 1:
            raise GenerateError(f"--score {self.score[0]}-{self.score[1]}: every puzzle scores above 0")

    def _er_advice(self) -> str:
        """What would let the ER range in, where something would: only advice that works."""
        if self.er is None:
            return ""
        if not self.allow_backtracking and attrs.evolve(self, allow_backtracking=True)._top_er() >= self.er[0]:
            return "; add --allow-backtracking"
        if self.level is not None and attrs.evolve(self, level=None)._top_er() >= self.er[0]:
            return f" at {self.level}: ask for a harder --level, or none"
        if self.exclude and attrs.evolve(self, exclude=frozenset())._top_er() >= self.er[0]:
            return " with --exclude's techniques left out"
        return ""

    def _check_first_reach(self) -> None:
        """``--first`` with a technique no measured candidate had first (:mod:`.reach`)."""
        if not self.first or not self.techniques or not measured_for(self.kind, self.size, self.profile):
            return
        item = self.techniques[0]
        if all(TECHNIQUES[c].family == SINGLES for c in item) or first_seen(item):
            return
        raise GenerateError(f"--technique {_item_name(item)} --first: out of the generator's reach: none of "
                            f"{CANDIDATES:,} candidates had {_item_title(item)} as its first step beyond singles "
                            f"from the givens; --practice instead of --first writes a puzzle that uses it, solved "
                            f"up to where it comes first")

    def _top_er(self) -> float:
        """The highest ER the allowed techniques give: chains with SE's length
        bonus, but below the first nested level (ER 9.5) unless
        nested chains or trial and error are allowed."""
        top = 0.0
        nested_floor = TECHNIQUES[NESTED_LEVELS[2]].se or 9.5
        for code in self.allowed():
            t = TECHNIQUES[code]
            se = nested_floor if code == "bf" else (t.se or 0.0)
            if t.family in ("chains", "forcing", "als") and se < nested_floor:
                se = min(se + 2.0, nested_floor - 0.1)   # the length bonus, short of nesting
            top = max(top, se)
        return round(top, 1)

    def allowed(self, cut: bool = False) -> tuple[str, ...]:
        """The profile's codes the targets allow, in its order of trial:
        none above the level, none rated above the ER maximum, none
        excluded; trial and error only with ``allow_backtracking``.  With
        ``cut``, also none after the last technique asked for (a solve with
        these that gets stuck before it used them all never will: the
        generator's first, cheap test)."""
        codes = list(PROFILES[self.profile])
        if "bf" not in codes:
            codes.append("bf")
        if self.techniques and cut:
            wanted = set().union(*self.techniques)
            last = max(i for i, c in enumerate(codes) if c in wanted)
            codes = codes[: last + 1] + (["bf"] if self.allow_backtracking and "bf" not in codes[: last + 1] else [])
        out = []
        for c in codes:
            t = TECHNIQUES[c]
            if c in self.exclude or (c == "bf" and not self.allow_backtracking):
                continue
            if self.level is not None and LEVELS.index(t.level) > LEVELS.index(self.level):
                continue
            if self.er is not None and self.classic_rating and (9.5 if c == "bf" else t.se or 0.0) > self.er[1]:
                continue
            if t.family == CAGES and self.kind != "killer":
                continue
            out.append(c)
        return tuple(out)

    def describe(self) -> str:
        """The targets in words, for messages."""
        parts = [f"{self.size}x{self.size} {self.kind}"]
        if self.level:
            parts.append(self.level)
        if self.er:
            parts.append(f"ER {self.er[0]}-{self.er[1]}")
        if self.score:
            parts.append(f"score {self.score[0]}-{self.score[1]}")
        for item in self.techniques:
            parts.append(("first " if self.first else "") + _item_name(item))
        return ", ".join(parts)


def _check_region_symmetry(kind: str, size: int, symmetry: str) -> None:
    from .regions import symmetric_start

    if symmetry not in SYMMETRIES:
        raise GenerateError(f"--region-symmetry {symmetry}: unknown symmetry; known: {', '.join(SYMMETRIES)}")
    if symmetry == "none":
        return
    if kind not in ("jigsaw", "latin"):
        raise GenerateError(f"--region-symmetry {symmetry}: a {kind} has no regions of its own to make symmetric "
                            f"(--kind jigsaw or latin)")
    if symmetric_start(size, symmetry) is None:
        have = [s for s in SYMMETRIES if s != "none" and symmetric_start(size, s) is not None]
        raise GenerateError(f"--region-symmetry {symmetry}: no {size}x{size} layout to start from has it "
                            f"(neither the boxes nor the rows); {size}x{size} regions can have "
                            f"{', '.join(have) or 'none'}")


def _check_practice(kind: str, size: int, box: tuple[int, int] | None, wanted: tuple[frozenset[str], ...]) -> None:
    from .practice import practice_problem

    if not wanted:
        raise GenerateError("--practice needs --technique: the technique the position is for")
    if len(wanted) > 1:
        raise GenerateError("--practice takes one technique (or one family)")
    if all(TECHNIQUES[c].family == SINGLES for c in wanted[0]):
        raise GenerateError("--practice is for a technique beyond singles (singles come first in any position)")
    problem = practice_problem(kind, size, box)
    if problem:
        raise GenerateError(problem)


def _item_name(item: frozenset[str]) -> str:
    return ",".join(sorted(item)) if len(item) < 4 else TECHNIQUES[min(item)].family


def _item_title(item: frozenset[str]) -> str:
    return TECHNIQUES[next(iter(item))].name if len(item) == 1 else f"the {TECHNIQUES[min(item)].family} family"


def _smallest(code: str) -> int:
    t = TECHNIQUES[code]
    return SMALLEST_GRID.get(code, SMALLEST_GRID.get(t.family, 4 if t.family != SINGLES else 3))


def _check_size(kind: str, size: int, box: tuple[int, int] | None) -> None:
    if kind == "classic" and box is None and size not in BOX_SHAPES:
        raise GenerateError(f"--size {size}: a classic {size}x{size} has no box shape "
                            f"(sizes with boxes: {', '.join(map(str, BOX_SHAPES))})"
                            + ("; try --kind jigsaw" if size >= 4 else "; try --kind latin"))
    if kind == "killer" and size not in KILLER_SIZES:
        raise GenerateError(f"--size {size}: killers are made in sizes {', '.join(map(str, KILLER_SIZES))}")
    if kind == "latin" and size not in LATIN_SIZES:
        raise GenerateError(f"--size {size}: the Latin-square format holds {LATIN_SIZES[0]}x{LATIN_SIZES[0]} "
                            f"to {LATIN_SIZES[-1]}x{LATIN_SIZES[-1]}")
    if kind == "jigsaw" and size < 4:
        raise GenerateError(f"--size {size}: a jigsaw needs at least 4x4 (a 3x3 has one layout: rows)")


def _symbols(kind: str, size: int, symbols: str | None) -> str:
    if kind == "latin":
        if symbols not in (None, LATIN_LETTERS[:size]):
            raise GenerateError(f"--symbols: the Latin-square format uses the letters {LATIN_LETTERS[:size]}")
        return LATIN_LETTERS[:size]
    if symbols is None:
        return default_symbols(size)
    if len(symbols) != size or len(set(symbols)) != size or any(ch in ".0 " for ch in symbols):
        raise GenerateError(f"--symbols {symbols}: expected {size} distinct symbols (no '.', '0' or space)")
    if kind == "killer" and symbols != default_symbols(size):
        raise GenerateError("--symbols: killer cages add digits; use the digits 1-N")
    return symbols


#: The most cages a killer is made with: what the killer formats hold (killer-line's letters A-Z, a-z).
MOST_CAGES = 52


def _whole(value: Any, option: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise GenerateError(f"{option} {value}: a whole number")
    return value


def _check_cages(kind: str, size: int, cage_sizes: Any, singles: Any, cages: Any,
                 givens: int | None) -> tuple[int, int] | None:
    """The killer layout options checked (one line each); the cage sizes as (smallest, largest)."""
    given = [name for name, v in (("--cage-sizes", cage_sizes), ("--max-single-cages", singles),
                                  ("--cages", cages)) if v is not None]
    if given and kind != "killer":
        raise GenerateError(f"{given[0]} is for killer cages (--kind killer)")
    cells = size * size
    sizes = None
    if cage_sizes is not None:
        if isinstance(cage_sizes, str) and "." in cage_sizes:
            raise GenerateError(f"--cage-sizes {cage_sizes}: expected MIN-MAX in cells, e.g. 2-5")
        try:
            sizes = _range(cage_sizes, "--cage-sizes", int)
        except GenerateError as exc:
            raise GenerateError(str(exc).replace("400-900", "2-5").replace("ratings are", "sizes are")) from None
        assert sizes is not None
        if sizes[0] < 1 or sizes[1] > size:
            raise GenerateError(f"--cage-sizes {cage_sizes}: a cage holds 1 to {size} cells (no digit twice)")
        if sizes[1] < 2:
            raise GenerateError(f"--cage-sizes {cage_sizes}: one-cell cages only is a grid of givens; "
                                f"allow at least 2 cells")
    if singles is not None and not 0 <= _whole(singles, "--max-single-cages") <= cells:
        raise GenerateError(f"--max-single-cages {singles}: between 0 and {cells}")
    if cages is not None:
        _whole(cages, "--cages")
        lo, hi = sizes or (1, size)
        most_singles = cells if singles is None else singles
        if givens is not None:
            most_singles = min(most_singles, givens)
        if lo > 1:
            most_singles = 0
        least = -(-cells // hi)
        most = min(MOST_CAGES, most_singles + (cells - most_singles) // max(lo, 2) if most_singles < cells
                   else cells)
        if not least <= cages <= most:
            why = (f"cages of at most {hi} cells need at least {least}" if cages < least else
                   f"the killer formats hold at most {MOST_CAGES}" if most == MOST_CAGES else
                   f"cages of at least {max(lo, 2)} cells (one-cell cages: at most {most_singles}) "
                   f"make at most {most}")
            raise GenerateError(f"--cages {cages}: {why} on a {size}x{size}")
    return sizes


def _check_givens(kind: str, size: int, givens: int) -> None:
    if not isinstance(givens, int) or isinstance(givens, bool):
        raise GenerateError(f"--givens {givens}: a whole number")
    if givens < 0 or givens > size * size:
        raise GenerateError(f"--givens {givens}: between 0 and {size * size}")
    fewest = 0 if kind == "killer" else FEWEST_GIVENS.get(size, size - 1)
    if givens < fewest:
        raise GenerateError(f"--givens {givens}: a {size}x{size} {kind} needs at least {fewest} givens "
                            f"to have one solution")


def codes_of(items: Iterable[frozenset[str]]) -> set[str]:
    return set().union(*items) if items else set()
