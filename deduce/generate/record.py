"""The record of one generated puzzle: :class:`Generated`."""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

import attrs

from ..backtrack import Solution
from ..formats import write_puzzle
from ..formats.jsonfmt import puzzle_to_json
from ..geometry import BOX_SHAPES
from ..puzzle import Puzzle
from ..rating import Rater, Rating, path_status
from ..rating.scales import puzzle_scale
from ..render.json import SCHEMA
from ..step import Step
from ..tables import table
from .practice import Position


def document(puzzle: Puzzle) -> dict[str, Any]:
    """The JSON format's object for ``puzzle`` (regions written out for boxes of an unusual shape)."""
    doc = puzzle_to_json(puzzle)
    g = puzzle.geometry
    if g.box_shape is not None and g.box_shape != BOX_SHAPES.get(puzzle.size):
        doc["regions"] = g.region_rows()
    return doc


def default_format(puzzle: Puzzle, kind: str) -> str:
    """The kind's usual text format: a line (classic), Janko's layouts (jigsaw,
    killer), the seed's (Latin squares); JSON when those cannot hold it."""
    g = puzzle.geometry
    if kind == "latin":
        return "latin"
    if kind == "classic" and (g.box_shape is None or g.box_shape == BOX_SHAPES.get(puzzle.size)):
        return "line"
    if kind == "jigsaw" and puzzle.is_digits:
        return "janko-jigsaw"
    if kind == "killer":
        from ..formats.layouts import fits_killer

        if fits_killer(puzzle) is None:
            return "killer-line"
    return "json"


def _rater() -> Rater:
    return table(("deduce.generate.record._rater",), _make_rater)


def _make_rater() -> Rater:
    return Rater()


@attrs.frozen
class PendingRating:
    """A rating whose HoDoKu path (``paths``, by the rating's profile) is
    made already: its score, level and status are known; the rest (the ER
    solve) is made by :meth:`rate` when first asked for.  (The generator's
    judge needs the ER solve only for an ``er`` target: a level target
    needs HoDoKu's path alone, and so does a record written without its
    ratings.)"""

    puzzle: Puzzle
    solution: Solution
    paths: tuple[tuple[str, tuple[Step, ...]], ...]
    status: str
    score: int | None
    level: str | None
    #: unknown until rated (only an ``er`` target asks, and it has the rating made at once)
    er = None

    @classmethod
    def of(cls, puzzle: Puzzle, solution: Solution, paths: Mapping[str, Sequence[Step]]) -> PendingRating:
        steps = paths["hodoku"]
        status = path_status(steps)
        score, level = puzzle_scale(steps, puzzle)
        return cls(puzzle, tuple(solution), tuple((k, tuple(v)) for k, v in paths.items()), status, score, level)

    def rate(self) -> Rating:
        """The whole rating (as :meth:`Rater.rate` makes it, with the paths made)."""
        return _rater().rate(self.puzzle, solution=self.solution, paths=dict(self.paths))


@attrs.frozen(repr=False)
class Generated:
    """One generated puzzle: the puzzle and its solution, its ratings, the
    techniques its solve uses (codes, in first-use order), the seconds it
    took, and the run's ``seed`` and its ``index`` in the run (the same
    seed and index give the same puzzle).  The ER solve of the rating is
    made when first asked for, where the request did not need it (see
    :class:`PendingRating`): ``seconds`` is the time to make the puzzle."""

    index: int
    seed: int
    kind: str
    puzzle: Puzzle
    solution: Solution
    _rating: Rating | PendingRating = attrs.field(eq=False)
    techniques: tuple[str, ...]
    seconds: float
    #: with ``--practice``: the position written (where the technique asked for comes first)
    position: Position | None = None

    @property
    def rating(self) -> Rating:
        """The ratings, made in full on first use."""
        pending = self._rating
        if isinstance(pending, PendingRating):
            object.__setattr__(self, "_rating", pending.rate())
        return self._rating   # type: ignore[return-value]

    er = property(lambda self: self.rating.er)
    ep = property(lambda self: self.rating.ep)
    ed = property(lambda self: self.rating.ed)
    score = property(lambda self: self._rating.score)   # (known without the ER solve)
    level = property(lambda self: self._rating.level)

    def __repr__(self) -> str:
        return (f"<Generated {self.kind} #{self.index} (seed {self.seed}): ER {self.er}, {self.level}, "
                f"{self.puzzle.givens_string()}>")

    @property
    def solution_string(self) -> str:
        return "".join(self.puzzle.symbols[v] for v in self.solution)

    def text(self, fmt: str | None = None) -> str:
        """The puzzle in ``fmt`` (default: the kind's usual format); a practice position in its own."""
        if self.position is not None:
            return self.position.text(self.puzzle, fmt)
        fmt = fmt or default_format(self.puzzle, self.kind)
        if fmt == "json":
            return json.dumps(document(self.puzzle), ensure_ascii=False)
        return write_puzzle(self.puzzle, fmt)

    def to_json(self) -> dict[str, Any]:
        """The JSON Lines record; a practice position adds ``practice`` (the
        code of its first step beyond singles), ``position`` (its text, read
        back by deduce's pencil-mark formats) and ``placed`` (the digits
        placed before it)."""
        record = {"schema": SCHEMA, "index": self.index, "seed": self.seed, "kind": self.kind,
                "puzzle": self.puzzle.givens_string(), "document": document(self.puzzle),
                "solution": self.solution_string, "er": self.er, "ep": self.ep, "ed": self.ed,
                "score": self.score, "level": self.level, "techniques": list(self.techniques),
                "seconds": round(self.seconds, 3)}
        if self.position is not None:
            record.update(practice=self.position.code, position=self.position.text(self.puzzle),
                          placed=len(self.position.placed))
        return record
