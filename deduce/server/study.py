"""The app's strategy pages, practice positions and exports (``POST /app/technique``,
``/app/practice``, ``/app/export``), answered inside a worker process.

``technique``: one technique's page (its definition, ratings, other programs'
names and the catalogue's stored example: the position, the step drawn and
its words at the three levels), or, without a technique, the list of them.
``practice``: a position where the technique asked for is the first step of
deduce's own solve (the one the hints follow; where deduce's order always
finds another technique first, HoDoKu's or Sudoku Explainer's, and the
``full`` profile's for the opt-in ones; the answer names the ``profile``,
deduce.generate.practice.PRACTICE_PROFILES): one of the
practice bank's (``deduce/data/practice.json``, made by
``bench/make_practice.py``: positions on solve paths just before the
technique is taken), chosen at random; with a ``seed``, a new one from
the generator (``deduce generate --technique X --practice``) within the
request's time, else the bank's; failing both, the catalogue's stored
example when the technique is the first step there.  The answer's
``source`` says which (``bank``, ``generated``, ``stored``).  ``export``: the player's grid
(digits, pencil marks, cell colours) as an f-puzzles or SudokuPad link.
"""

from __future__ import annotations

import json
import time
import types
from typing import Any, Callable

from ..errors import DeduceError

Emit = Callable[[str, Any], None]

#: The endpoints of this module (``POST /app/<name>``).
STUDY = ("technique", "practice", "export")
#: The share of a request's time the generator may take before the stored example is used instead.
GENERATOR_SHARE = 0.6
#: The export formats (``to``).
EXPORTS = ("fpuzzles", "sudokupad")


class StudyError(DeduceError):
    """A request of this module that cannot be answered (400), as one line."""


def answer(endpoint: str, options: dict[str, Any], seconds: float | None, emit: Emit, *,
           board: Callable[[Any], dict[str, Any]], one_entry: Callable[..., Any]) -> int:
    """Write the one record of ``endpoint``; the exit status (0).  ``board`` and
    ``one_entry`` are the server's (deduce/server/jobs.py: what the app draws a
    puzzle from, and a request's one puzzle), passed in so that this module
    never imports the one that calls it."""
    if endpoint == "technique":
        doc = technique_page(options.get("technique"), board)
    elif endpoint == "practice":
        doc = practice(_technique(options.get("technique")).code, seconds, options.get("seed"))
    else:
        puzzle = one_entry(options["puzzle"], options.get("format"), None).puzzle
        doc = export(puzzle, options.get("position", ""), options.get("marks", ""), options.get("colours", ""),
                     options.get("to", "fpuzzles"))
    emit("line", json.dumps(doc, ensure_ascii=False))
    return 0


def _technique(name: Any) -> Any:
    from ..catalogue import resolve

    if not isinstance(name, str) or not name.strip():
        raise StudyError("practice: 'technique' must be a technique's code or name, e.g. x-wing")
    try:
        found = resolve(name.strip())
    except KeyError as exc:   # the catalogue's own line: unknown, and the names it might have meant
        raise StudyError(str(exc).strip("'\"")) from None
    if len(found) != 1:
        raise StudyError(f"technique {name!r}: " + ("no such technique" if not found else
                                                    "names a group: " + ", ".join(t.code for t in found)))
    return found[0]


def _board(board: Callable[[Any], dict[str, Any]], puzzle: Any) -> dict[str, Any]:
    return board(types.SimpleNamespace(puzzle=puzzle, extra=None, format="json"))


def technique_page(name: str | None, board: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """A technique's page, or (``name`` None) every technique's code, name and family."""
    from ..catalogue import ordered_table, stored
    from ..render.json import SCHEMA, step_to_json
    from ..render.words import TextRenderer
    from ..techniques import other_names

    if name is None:
        examples = stored()
        return {"schema": SCHEMA, "status": "techniques",
                "techniques": [{"code": t.code, "name": t.name, "family": t.family, "example": t.code in examples}
                               for t in ordered_table()]}
    t = _technique(name)
    doc: dict[str, Any] = {
        "schema": SCHEMA, "status": "technique", "code": t.code, "name": t.name, "family": t.family,
        "description": t.description, "se": t.se, "hodoku": t.hodoku or None, "level": t.level,
        "rating_note": t.rating_note or None,
        "other_names": sorted(k for k, codes in other_names().items() if t.code in codes and k != t.name),
        "example": None,
    }
    ex = stored().get(t.code)
    if ex is not None:
        state = ex.state()
        doc["example"] = {"board": _board(board, ex.puzzle), "values": list(state.value),
                          "candidates": list(state.cand), "easiest": ex.easiest, "also": list(ex.also),
                          "step": step_to_json(ex.step, ex.puzzle, TextRenderer(ex.puzzle), state)}
    return doc


def first_step_code(state: Any, profile: str = "deduce") -> str | None:
    """The technique of the first step ``profile``'s solve takes from ``state`` (deduce's own: the hints')."""
    from ..generate.practice import first_step

    return first_step(state, profile)


def _position(code: str, profile: str, source: str, puzzle: str, state: Any, start: float,
              **more: Any) -> dict[str, Any]:
    from ..render.json import SCHEMA

    return {"schema": SCHEMA, "status": "practice", "code": code, "profile": profile, "source": source,
            "puzzle": puzzle, "values": list(state.value), "candidates": list(state.cand), **more,
            "seconds": round(time.monotonic() - start, 2)}


def _generated(code: str, profile: str, seconds: float | None, seed: int | None,
               start: float) -> tuple[dict[str, Any] | None, str]:
    """A position the generator makes within its share of the request's time, or None and why not."""
    from ..errors import SolveTimeout

    budget = None if seconds is None else max(0.5, seconds * GENERATOR_SHARE)
    try:
        from ..generate import generate
        from ..state import State

        for made in generate("classic", 9, techniques=code, practice=True, profile=profile, timeout=budget,
                             seed=seed):
            pos = made.position
            if pos is not None:
                state = State(made.puzzle, list(pos.cand), list(pos.value))
                return _position(code, profile, "generated", made.puzzle.givens_string(), state, start,
                                 seed=made.seed), ""
    except SolveTimeout:
        return None, f"the generator found none within {budget:g} s"
    except (ValueError, ImportError) as exc:   # a technique the generator cannot target
        return None, " ".join(str(exc).split())
    return None, "the generator found none"


def practice(code: str, seconds: float | None, seed: int | None = None) -> dict[str, Any]:
    """A position where ``code`` is the first step (see the module's docstring): without a
    seed, one of the bank's (chosen at random); with one, the generator's, else the bank's."""
    import random

    from ..catalogue import stored
    from ..formats import puzzle_to_json
    from ..generate.practice import bank, profile_for, record_state

    start = time.monotonic()
    profile = profile_for(code)
    note = ""
    if seed is not None:
        doc, note = _generated(code, profile, seconds, seed, start)
        if doc is not None:
            return doc
    held = bank().get(code, [])
    if held:
        record = held[random.Random(seed).randrange(len(held))]
        return _position(code, record["profile"], "bank", record["puzzle"], record_state(record), start,
                         **({"note": note} if note else {}))
    ex = stored().get(code)
    if ex is not None:
        state = ex.state()
        if first_step_code(state, profile) == code:
            return _position(code, profile, "stored", json.dumps(puzzle_to_json(ex.puzzle)), state, start,
                             note=note)
    from ..render.json import SCHEMA

    return {"schema": SCHEMA, "status": "no-practice", "code": code,
            "reason": (note + "; " if note else "") + "the practice bank and the catalogue hold no position "
                                                     "where it comes first"}


def _digits_and_marks(puzzle: Any, position: Any, marks: str) -> tuple[str, list[str]]:
    """The placed symbols (a line) and each cell's pencil marks ('.' for none) of
    an export's ``position``: the app's ``{"digits", "marks"}`` (as ``hint`` and
    ``steps`` take it, a single mark kept a mark), or a line of symbols with
    ``marks`` as the cells' marks separated by spaces."""
    if isinstance(position, dict):
        unknown = sorted(set(position) - {"digits", "marks"})
        if unknown:
            raise StudyError(f"export: position: unknown key {unknown[0]!r}; a position is {{\"digits\", \"marks\"}}")
        digits, cells = position.get("digits", ""), position.get("marks", [])
        if not isinstance(digits, str):
            raise StudyError(f"export: position: 'digits' must be a string of {puzzle.ncells} symbols (. for empty)")
        if not isinstance(cells, list) or not all(c is None or isinstance(c, str) for c in cells) or \
                (cells and len(cells) != puzzle.ncells):
            raise StudyError(f"export: position: 'marks' must be a list of {puzzle.ncells} strings ('' for none)")
        return digits, [c or "." for c in cells]
    if not isinstance(position, str):
        raise StudyError('export: \'position\' must be {"digits", "marks"} or a line of symbols')
    return position, marks.split() if marks.strip() else []


def export(puzzle: Any, position: Any, marks: str, colours: str, to: str) -> dict[str, Any]:
    """The player's grid as an f-puzzles or SudokuPad link: givens as givens, the
    player's digits as values, pencil marks as centre marks (one mark too: a mark,
    never a digit), colours as highlights."""
    from ..formats.fpuzzles import FPUZZLES_URL, SUDOKUPAD_URL, fits_fpuzzles, fpuzzles_doc
    from ..formats.lzstring import compress_to_base64
    from ..render.json import SCHEMA
    if to not in EXPORTS:
        raise StudyError(f"export: 'to' must be one of {', '.join(EXPORTS)}, got {to!r}")
    problem = fits_fpuzzles(puzzle)
    if problem:
        raise StudyError(f"export: {problem}")
    n = puzzle.size
    values = list(puzzle.givens)
    digits, cell_marks = _digits_and_marks(puzzle, position, marks)
    line = "".join(digits.split())
    if line:
        if len(line) != puzzle.ncells:
            raise StudyError(f"export: 'position' must be a line of {puzzle.ncells} symbols ('.' for empty)")
        for k, ch in enumerate(line):
            if puzzle.givens[k] < 0 and ch in puzzle.symbols:
                values[k] = puzzle.symbols.index(ch)
    doc = fpuzzles_doc(puzzle)
    cell_colours = colours.split() if colours.strip() else []
    for where, items in (("marks", cell_marks), ("colours", cell_colours)):
        if items and len(items) != puzzle.ncells:
            raise StudyError(f"export: '{where}' must hold {puzzle.ncells} cells separated by spaces "
                             f"('.' for none), got {len(items)}")
    for k in range(puzzle.ncells):
        item = doc["grid"][k // n][k % n]
        if puzzle.givens[k] < 0 and values[k] >= 0:
            item["value"] = values[k] + 1
        if cell_marks and values[k] < 0 and cell_marks[k] != ".":
            try:
                item["centerPencilMarks"] = sorted(puzzle.symbols.index(ch) + 1 for ch in cell_marks[k])
            except ValueError:
                raise StudyError(f"export: marks of {puzzle.geometry.cell_name(k)}: {cell_marks[k]!r} holds a "
                                 f"symbol not of this puzzle ({puzzle.symbols})") from None
        if cell_colours and cell_colours[k] != ".":
            colour = cell_colours[k]
            if not (len(colour) == 7 and colour[0] == "#" and all(ch in "0123456789abcdefABCDEF" for ch in colour[1:])):
                raise StudyError(f"export: colour of {puzzle.geometry.cell_name(k)}: {colour!r} is not #rrggbb")
            item["highlight"] = colour
    payload = compress_to_base64(json.dumps(doc, separators=(",", ":")))
    link = (FPUZZLES_URL if to == "fpuzzles" else SUDOKUPAD_URL) + payload
    return {"schema": SCHEMA, "status": "exported", "to": to, "link": link}
