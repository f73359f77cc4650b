"""Practice positions (``--practice``), as HoDoKu's practising mode makes them.

A puzzle that uses the technique asked for is solved (the request's
profile) up to its first step of that technique, and written as that
position: the givens, the digits placed so far and the candidates left.
Its first step beyond singles is the technique (the solve took it there,
and the profile tries singles first), and it has the puzzle's one
solution (every step before it was checked against that solution).  The
position is read back from the text written and its first step beyond
singles found again before it is kept: what users load is what was judged.

Formats: a HoDoKu library line for 9x9 puzzles (placed digits marked
``+``, deleted candidates listed; HoDoKu loads it too), N³ candidate
characters (``marks-line``) for other sizes, or a pencil-mark grid
(``--to candidates``).  These hold boxes only: jigsaws, killers and Latin
squares are refused (:func:`practice_problem`).
"""

from __future__ import annotations

from typing import Any, Sequence

import attrs

from ..formats import read_puzzles
from ..formats.marks import (
    CANDIDATES,
    HODOKU,
    MARKS_LINE,
    entry_state,
    write_candidates_grid,
    write_hodoku,
    write_marks_line,
)
from ..geometry import BOX_SHAPES
from ..puzzle import Puzzle
from ..state import State
from ..tables import table
from ..technique import SINGLES

#: The formats a practice position can be written in.
POSITION_FORMATS = (HODOKU, MARKS_LINE, CANDIDATES)


@attrs.frozen
class Position:
    """A practice position: candidate masks and values (givens and placed
    digits, -1 elsewhere) of every cell, the cells ``placed`` by the solve
    (not givens), and the ``code`` of the technique its first step beyond
    singles uses."""

    cand: tuple[int, ...]
    value: tuple[int, ...]
    placed: tuple[int, ...]
    code: str

    def text(self, puzzle: Puzzle, fmt: str | None = None) -> str:
        """The position in ``fmt`` (default: a HoDoKu line for 9x9, ``marks-line`` otherwise)."""
        fmt = fmt or default_position_format(puzzle)
        if fmt == HODOKU:
            return write_hodoku(puzzle, self.value, self.placed, self.cand)
        masks = [1 << v if v >= 0 else m for v, m in zip(self.value, self.cand)]
        if fmt == MARKS_LINE:
            return write_marks_line(puzzle, masks)
        return write_candidates_grid(puzzle, masks)


#: Sizes whose marks-line (N³ characters: 64, 512) reads back as another grid (an 8x8 line, a 16x16 jigsaw).
NO_MARKS_LINE = (4, 8)


def default_position_format(puzzle: Puzzle) -> str:
    """A HoDoKu line for 9x9, marks-line for other sizes, a pencil-mark grid where marks-line does not read back."""
    if puzzle.size == 9:
        return HODOKU
    return CANDIDATES if puzzle.size in NO_MARKS_LINE else MARKS_LINE


def practice_problem(kind: str, size: int, box: tuple[int, int] | None, to: str | None = None) -> str | None:
    """Why ``--practice`` cannot be written for this request, or None."""
    if kind != "classic":
        held = {"jigsaw": "a jigsaw's regions", "killer": "a killer's cages", "latin": "a Latin square's layout"}
        return f"--practice: the pencil-mark formats cannot carry {held.get(kind, kind)} (classic puzzles only)"
    if box is not None and box != BOX_SHAPES.get(size):
        return f"--practice: the pencil-mark formats hold {size}x{size} grids with the usual boxes only"
    if to is not None and to not in POSITION_FORMATS:
        return f"--to {to}: a practice position is written as {', '.join(POSITION_FORMATS)}"
    if to == HODOKU and size != 9:
        return (f"--to {HODOKU}: HoDoKu's lines hold 9x9 grids (use "
                f"{'candidates' if size in NO_MARKS_LINE else 'marks-line or candidates'})")
    if to == MARKS_LINE and size in NO_MARKS_LINE:
        return f"--to {MARKS_LINE}: a {size}x{size} marks-line reads back as another grid (use candidates)"
    return None


def practice_position(solver: Any, item: frozenset[str], puzzle: Puzzle, solution: Sequence[int]) -> Position | None:
    """The position before the first step of a technique of ``item`` in
    ``solver``'s solve of ``puzzle`` (unique, with ``solution``), or None
    when the solve never takes one or the position read back does not
    have it as its first step beyond singles."""
    state = State.from_puzzle(puzzle)
    cand, value = state.cand.copy(), state.value.copy()
    for step in solver.steps(state, solution, unique=True):
        if step.technique.code in item:
            break
        cand, value = state.cand.copy(), state.value.copy()
    else:
        return None
    placed = tuple(i for i, v in enumerate(value) if v >= 0 and puzzle.givens[i] < 0)
    position = Position(tuple(cand), tuple(value), placed, step.technique.code)
    formats = {default_position_format(puzzle)} | ({MARKS_LINE} if puzzle.size not in NO_MARKS_LINE else set())
    for fmt in sorted(formats):
        if first_beyond_singles(solver, read_position(position.text(puzzle, fmt), fmt), solution) not in item:
            return None
    return position


def read_position(text: str, fmt: str | None = None) -> State:
    """The position a practice text describes (read as deduce reads pencil marks)."""
    entry = next(iter(read_puzzles(text, fmt)))
    if entry.error is not None:
        raise entry.error
    return entry_state(entry)


def first_beyond_singles(solver: Any, state: State, solution: Sequence[int] | None = None) -> str | None:
    """The code of the first step beyond singles ``solver`` takes from ``state`` (None: none; ``state`` is kept)."""
    for step in solver.steps(state.copy(), solution, unique=True):
        if step.technique.family != SINGLES:
            return str(step.technique.code)
    return None


# -- the practice bank (deduce/data/practice.json, made by bench/make_practice.py) ----------------------

#: The bank file's format number.
BANK_FORMAT = 1


def bank_path() -> str:
    """The bank's file inside the package."""
    return "data/practice.json"


#: The profiles a practice position may be judged with, the preferred first: deduce's own (the hints'), then
#: HoDoKu's and Sudoku Explainer's (where deduce's order always finds another technique first: a skyscraper is
#: a sashimi X-wing too), then every technique's (``full``: the opt-in ones).
PRACTICE_PROFILES = ("deduce", "hodoku", "se", "full")


def practice_profiles(code: str) -> tuple[str, ...]:
    """The profiles holding technique ``code``, in the order of :data:`PRACTICE_PROFILES`."""
    from ..techniques import profile_codes

    return tuple(p for p in PRACTICE_PROFILES if code in profile_codes(p))


def profile_for(code: str) -> str:
    """The preferred profile of ``code``'s practice positions (see :data:`PRACTICE_PROFILES`)."""
    return (practice_profiles(code) or ("full",))[0]


def first_step(state: State, profile: str = "deduce") -> str | None:
    """The code of the first step ``profile``'s solve takes from ``state`` (None: none; ``state`` is kept)."""
    from ..engine import Solver

    step = next(iter(Solver(profile=profile).steps(state.copy(), None, unique=True)), None)
    return None if step is None else str(step.technique.code)


def puzzle_text(puzzle: Puzzle) -> str:
    """The puzzle as a line of givens when that reads back as the same puzzle, else as deduce's JSON."""
    from ..formats import puzzle_to_json, read_puzzle

    doc = puzzle_to_json(puzzle)
    line = puzzle.givens_string()
    try:
        if puzzle_to_json(read_puzzle(line)) == doc:
            return line
    except ValueError:
        pass
    import json

    return json.dumps(doc, separators=(",", ":"))


def position_record(code: str, profile: str, puzzle: Puzzle, state: State, source: str) -> dict[str, Any]:
    """A bank record of ``state`` (a position of ``puzzle`` where ``code`` comes first in ``profile``)."""
    symbols = puzzle.symbols
    return {"code": code, "profile": profile, "puzzle": puzzle_text(puzzle),
            "values": "".join(symbols[v] if v >= 0 else "." for v in state.value),
            "candidates": [0 if v >= 0 else m for v, m in zip(state.value, state.cand)], "source": source}


def record_state(record: dict[str, Any]) -> State:
    """The position a bank record holds (a placed cell's candidates are its digit alone)."""
    from ..formats import read_puzzle

    puzzle = read_puzzle(record["puzzle"])
    value = [puzzle.symbols.index(ch) if ch != "." else -1 for ch in record["values"]]
    cand = [1 << v if v >= 0 else m for v, m in zip(value, record["candidates"])]
    return State(puzzle, cand, value)


def bank() -> dict[str, list[dict[str, Any]]]:
    """The bank's positions by technique code (empty when the file is missing), read once (a table of
    :mod:`deduce.tables`): not to be changed by the caller."""
    return table(("deduce.generate.practice.bank",), _read_bank)


def _read_bank() -> dict[str, list[dict[str, Any]]]:
    import json
    from importlib import resources

    try:
        text = resources.files("deduce").joinpath(bank_path()).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    doc = json.loads(text)
    return dict(doc["positions"]) if doc.get("format") == BANK_FORMAT else {}
