"""Reading and writing puzzles in the formats people already use.

Formats:

``line``
    One puzzle per line, N² characters, ``.`` or ``0`` for blanks (most
    public sets).  Blank lines and ``#`` comments are skipped.
``grid``
    N lines of N whitespace-separated symbols, ``0`` (or ``.``) for blanks;
    several grids may follow each other, separated by blank lines.
``latin``
    The Latin-square seed's format: N lines of region ids, an integer n,
    then n lines ``<row><col><letter>`` (0-based row and column, so N <= 10);
    letters ``A``... are the alphabet.  Solutions are written as N lines of
    N letters separated by spaces.
``line`` (jigsaw)
    One line of N² givens followed by N² region ids (2N² characters).
``janko-jigsaw`` / ``janko-killer``
    The text layout of public jigsaw and killer sets: ``R C``, R lines of
    givens (or, for killers, each cage's sum at one of its cells) with
    ``-`` for blanks, then R lines of region (or cage) ids.  Chosen with
    ``--format`` since both share the layout.
``killer-line``
    N² cage letters, a space, then the cage sums separated by commas in the
    order of the letters (``A``-``Z`` then ``a``-``z``).
``candidates``
    A pencil-mark grid: N lines of N whitespace-separated cells, each the
    string of its candidates (a solved cell is one symbol); box separators
    ``|``, ``-``, ``+`` and ``.`` are ignored.  This is the layout Sudoku
    Explainer and HoDoKu print.  Its entry carries the candidate masks in
    ``extra``; :func:`entry_state` turns an entry into a position.
``json``
    A JSON document ``{"size": 9, "symbols": "...", "givens": "...",
    "regions": [...], "cages": [{"sum": 11, "cells": ["r1c1", "r1c2"],
    "repeats": false}]}`` where only ``size`` is required; several
    documents may be given one per line (JSON Lines).

:func:`read_puzzles` detects the format when it is not given and yields one
:class:`Entry` per puzzle, carrying either the puzzle or the error found at
that place, so a batch run can report a bad line and carry on.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

import attrs

from .errors import DeduceError, InvalidPuzzleError, ParseError
from .geometry import Geometry
from .puzzle import Cage, Puzzle, default_symbols, parse_symbol, size_for_length

if TYPE_CHECKING:
    from .state import State

LINE, GRID, JSON = "line", "grid", "json"


@attrs.frozen
class Entry:
    """One puzzle read from an input: ``puzzle`` or ``error``, with the
    1-based ``line`` where it starts and the ``format`` it was read as."""

    line: int
    format: str
    puzzle: Puzzle | None = None
    error: DeduceError | None = None
    source: str = ""
    #: Format-specific data needed to write the solution back the same way.
    extra: Any = None


# -- detection ---------------------------------------------------------------

def detect_format(text: str) -> str:
    """The format of ``text``: json, grid or line.

    Raises :class:`ParseError` when nothing fits.
    """
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise ParseError("the input is empty")
    first = lines[0].strip()
    if first.startswith("{") or first.startswith("["):
        return JSON
    for fmt, probe in DETECTORS:
        if probe(lines):
            return fmt
    if looks_janko(lines):
        raise ParseError("this looks like the 'R C' jigsaw/killer layout; "
                         "choose it with --format janko-jigsaw or --format janko-killer", line=1)
    if len(first.split()) > 1:
        return GRID
    return LINE


#: Extra format detectors (format name, predicate over the non-empty lines),
#: tried in order before the grid/line fallback.
DETECTORS: list[tuple[str, Callable[[list[str]], bool]]] = []

READERS: dict[str, Callable[[str, dict[str, Any]], Iterator[Entry]]] = {}
WRITERS: dict[str, Callable[[Puzzle, Sequence[int], Any], str]] = {}


def read_puzzles(text: str, fmt: str | None = None, *, symbols: str | None = None) -> Iterator[Entry]:
    """Every puzzle in ``text``, as entries (puzzle or error)."""
    if fmt is None:
        try:
            fmt = detect_format(text)
        except ParseError as exc:
            yield Entry(1, "unknown", error=exc)
            return
    if fmt not in READERS:
        yield Entry(1, fmt, error=ParseError(f"unknown format {fmt!r}; known: {', '.join(READERS)}"))
        return
    yield from READERS[fmt](text, {"symbols": symbols})


def read_puzzle(text: str, fmt: str | None = None, *, symbols: str | None = None) -> Puzzle:
    """Exactly one puzzle from ``text``; raises the entry's error if any."""
    entries = list(read_puzzles(text, fmt, symbols=symbols))
    if not entries:
        raise ParseError("no puzzle found")
    if entries[0].error is not None:
        raise entries[0].error
    assert entries[0].puzzle is not None
    return entries[0].puzzle


def write_solution(puzzle: Puzzle, values: Sequence[int], fmt: str, extra: Any = None) -> str:
    """``values`` written in format ``fmt`` (the input's own)."""
    return WRITERS[fmt](puzzle, values, extra)


# -- line format -------------------------------------------------------------

def read_line(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            yield Entry(lineno, LINE, puzzle=parse_line(line, options.get("symbols")), source=line)
        except DeduceError as exc:
            yield Entry(lineno, LINE, error=_at_line(exc, lineno), source=line)


def parse_line(line: str, symbols: str | None = None) -> Puzzle:
    """A puzzle from one line of N² characters (or, jigsaw, N² givens then N² region ids)."""
    n = size_for_length(len(line))
    if n is None and len(line) % 2 == 0 and size_for_length(len(line) // 2):
        return parse_jigsaw_line(line, symbols)
    if n is None:
        raise ParseError(
            f"expected N*N characters for a grid (81 for 9x9, 16, 36, 64, 144, 256, 625 ...), got {len(line)}")
    syms = symbols or default_symbols(n)
    geometry = Geometry.boxes(n)
    givens = []
    for i, ch in enumerate(line):
        try:
            givens.append(parse_symbol(ch, syms))
        except InvalidPuzzleError:
            raise ParseError(f"unknown symbol {ch!r} (alphabet {syms})", column=i + 1) from None
    return Puzzle(geometry, syms, tuple(givens))


def parse_jigsaw_line(line: str, symbols: str | None = None) -> Puzzle:
    half = len(line) // 2
    n = size_for_length(half)
    assert n is not None
    syms = symbols or default_symbols(n)
    givens = []
    for i, ch in enumerate(line[:half]):
        try:
            givens.append(parse_symbol(ch, syms))
        except InvalidPuzzleError:
            raise ParseError(f"unknown symbol {ch!r} (alphabet {syms})", column=i + 1) from None
    try:
        geometry = Geometry.jigsaw(list(line[half:]))
    except InvalidPuzzleError as exc:
        raise ParseError(f"region ids (columns {half + 1}-{len(line)}): {exc}") from None
    return Puzzle(geometry, syms, tuple(givens))


def write_line(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    text = "".join(puzzle.symbols[v] if v >= 0 else "." for v in values)
    if puzzle.geometry.is_jigsaw:
        text += "".join(puzzle.geometry.region_rows())
    return text


# -- grid format --------------------------------------------------------------

def read_grid(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    block: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines() + [""], 1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if line:
            block.append((lineno, line))
            continue
        if not block:
            continue
        start = block[0][0]
        try:
            yield Entry(start, GRID, puzzle=parse_grid_block(block, options.get("symbols")),
                        source="\n".join(ln for _, ln in block))
        except DeduceError as exc:
            yield Entry(start, GRID, error=exc if isinstance(exc, ParseError) and exc.line else _at_line(exc, start))
        block = []


def parse_grid_block(block: list[tuple[int, str]], symbols: str | None = None) -> Puzzle:
    """N lines of N whitespace-separated symbols (0 or . blank)."""
    n = len(block)
    if size_for_length(n * n) is None:
        raise ParseError(f"a grid of {n} lines is not a supported size", line=block[0][0])
    syms = symbols or default_symbols(n)
    givens = []
    for lineno, line in block:
        tokens = line.split()
        if len(tokens) != n:
            raise ParseError(f"expected {n} values in this row, got {len(tokens)}", line=lineno)
        col = 0
        for tok in tokens:
            col = line.index(tok, col) + 1
            if tok in ("0", ".") and tok not in syms:
                givens.append(-1)
                continue
            idx = syms.find(tok) if len(tok) == 1 else -1
            if idx < 0 and tok.isdigit() and syms == default_symbols(n) and 1 <= int(tok) <= n:
                idx = int(tok) - 1  # 10, 11 ... in grids of size 10 and more
            if idx < 0:
                raise ParseError(f"unknown symbol {tok!r} (alphabet {syms})", line=lineno, column=col)
            givens.append(idx)
    return Puzzle(Geometry.boxes(n), syms, tuple(givens))


def write_grid(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    n = puzzle.size
    syms = puzzle.symbols
    return "\n".join(" ".join(syms[values[r * n + c]] if values[r * n + c] >= 0 else "0" for c in range(n))
                     for r in range(n))


# -- the Latin-square seed's format -----------------------------------------

LATIN = "latin"
LETTERS = "ABCDEFGHIJ"


def _numbered(text: str) -> list[tuple[int, str]]:
    return [(i, "".join(ln.split())) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]


def looks_latin(lines: list[str]) -> bool:
    rows = ["".join(ln.split()) for ln in lines]
    n = len(rows[0])
    return (3 <= n <= 10 and rows[0].isdigit() and len(rows) > n
            and all(len(r) == n and r.isalnum() for r in rows[:n]) and rows[n].isdigit())


def read_latin(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    try:
        puzzle = parse_latin(text)
    except ParseError as exc:
        yield Entry(exc.line or 1, LATIN, error=exc)
        return
    yield Entry(1, LATIN, puzzle=puzzle, source=text)


def parse_latin(text: str) -> Puzzle:
    """The seed's format: N lines of region ids, a count n, n lines ``rcL``."""
    lines = _numbered(text)
    if not lines:
        raise ParseError("the input is empty")
    n = len(lines[0][1])
    if not 3 <= n <= 10:
        raise ParseError(f"the first region line has {n} ids; this format holds grids of 3 to 10", line=lines[0][0])
    if len(lines) <= n:
        raise ParseError(f"expected {n} lines of region ids and then the number of given letters",
                         line=lines[-1][0])
    for lineno, row in lines[:n]:
        if len(row) != n:
            raise ParseError(f"region map row has {len(row)} ids, expected {n}", line=lineno)
    try:
        geometry = Geometry.jigsaw([list(row) for _, row in lines[:n]])
    except InvalidPuzzleError as exc:
        raise ParseError(f"region map: {exc}", line=lines[0][0]) from None
    count_line, count_text = lines[n]
    if not count_text.isdigit():
        raise ParseError(f"expected the number of given letters, got {count_text!r}", line=count_line)
    count = int(count_text)
    givens_lines = lines[n + 1:]
    if len(givens_lines) < count:
        raise ParseError(f"{count} given letters announced, {len(givens_lines)} found", line=count_line)
    if len(givens_lines) > count:
        raise ParseError(f"{count} given letters announced, but more lines follow", line=givens_lines[count][0])
    symbols = LETTERS[:n]
    givens = [-1] * (n * n)
    for lineno, item in givens_lines:
        if len(item) != 3 or not item[:2].isdigit():
            raise ParseError(f"expected <row><col><letter> such as 02C, got {item!r}", line=lineno)
        r, c, letter = int(item[0]), int(item[1]), item[2].upper()
        if r >= n or c >= n:
            raise ParseError(f"row {r}, column {c} is outside the {n}x{n} grid (rows and columns count from 0)",
                             line=lineno)
        if letter not in symbols:
            raise ParseError(f"{item[2]!r} is not one of {symbols[0]}-{symbols[-1]}", line=lineno)
        cell = r * n + c
        if givens[cell] >= 0 and givens[cell] != symbols.index(letter):
            raise ParseError(f"{geometry.cell_name(cell)} is given twice with different letters", line=lineno)
        givens[cell] = symbols.index(letter)
    return Puzzle(geometry, symbols, tuple(givens))


def write_latin(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    n = puzzle.size
    return "\n".join(" ".join(puzzle.symbols[values[r * n + c]] for c in range(n)) for r in range(n))


# -- Janko layouts (jigsaw and killer) ---------------------------------------

JANKO_JIGSAW, JANKO_KILLER = "janko-jigsaw", "janko-killer"


def looks_janko(lines: list[str]) -> bool:
    parts = lines[0].split()
    return len(parts) == 2 and all(p.isdigit() for p in parts) and len(lines) > 1


def read_janko_jigsaw(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    yield _janko_entry(text, JANKO_JIGSAW, parse_janko_jigsaw)


def read_janko_killer(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    yield _janko_entry(text, JANKO_KILLER, parse_janko_killer)


def _janko_entry(text: str, fmt: str, parse: Callable[[str], Puzzle]) -> Entry:
    try:
        return Entry(1, fmt, puzzle=parse(text), source=text)
    except ParseError as exc:
        return Entry(exc.line or 1, fmt, error=exc)


def _janko_blocks(text: str) -> tuple[int, list[tuple[int, list[str]]], list[tuple[int, list[str]]]]:
    lines = [(i, ln.split()) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    if not lines:
        raise ParseError("the input is empty")
    head_line, head = lines[0]
    if len(head) != 2 or not all(x.isdigit() for x in head):
        raise ParseError("expected 'R C' (rows and columns) on the first line", line=head_line)
    r, c = int(head[0]), int(head[1])
    if r != c:
        raise ParseError(f"the grid must be square, got {r}x{c}", line=head_line)
    if len(lines) < 1 + 2 * r:
        raise ParseError(f"expected {r} lines of values and {r} lines of ids after 'R C', found {len(lines) - 1}",
                         line=lines[-1][0])
    top, bottom = lines[1:1 + r], lines[1 + r:1 + 2 * r]
    for lineno, toks in top + bottom:
        if len(toks) != r:
            raise ParseError(f"expected {r} entries, got {len(toks)}", line=lineno)
    if len(lines) > 1 + 2 * r:
        raise ParseError("unexpected extra line", line=lines[1 + 2 * r][0])
    return r, top, bottom


def parse_janko_jigsaw(text: str) -> Puzzle:
    n, top, bottom = _janko_blocks(text)
    try:
        geometry = Geometry.jigsaw([toks for _, toks in bottom])
    except InvalidPuzzleError as exc:
        raise ParseError(f"region ids: {exc}", line=bottom[0][0]) from None
    symbols = default_symbols(n)
    givens = []
    for lineno, toks in top:
        for col, tok in enumerate(toks, 1):
            if tok in ("-", ".", "0"):
                givens.append(-1)
            elif tok.isdigit() and 1 <= int(tok) <= n:
                givens.append(int(tok) - 1)
            else:
                raise ParseError(f"value {tok!r} in column {col} is not 1-{n} or -", line=lineno)
    return Puzzle(geometry, symbols, tuple(givens))


def parse_janko_killer(text: str) -> Puzzle:
    n, top, bottom = _janko_blocks(text)
    cells_of_cage: dict[str, list[int]] = {}
    for r, (_, toks) in enumerate(bottom):
        for c, tok in enumerate(toks):
            cells_of_cage.setdefault(tok, []).append(r * n + c)
    sums: dict[str, int] = {}
    for r, (lineno, toks) in enumerate(top):
        for c, tok in enumerate(toks):
            if tok in ("-", "."):
                continue
            if not tok.isdigit():
                raise ParseError(f"cage sum {tok!r} in column {c + 1} is not a number", line=lineno)
            cage_id = bottom[r][1][c]
            if cage_id in sums:
                raise ParseError(f"cage {cage_id} has two sums ({sums[cage_id]} and {tok})", line=lineno)
            sums[cage_id] = int(tok)
    missing = [k for k in cells_of_cage if k not in sums]
    if missing:
        raise ParseError(f"cage {missing[0]} has no sum", line=top[0][0])
    cages = tuple(Cage(sums[k], tuple(cells)) for k, cells in cells_of_cage.items())
    try:
        return Puzzle(Geometry.boxes(n), default_symbols(n), (-1,) * (n * n), cages)
    except InvalidPuzzleError as exc:
        raise ParseError(str(exc), line=top[0][0]) from None


def write_janko(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    n = puzzle.size
    rows = [" ".join(str(values[r * n + c] + 1) for c in range(n)) for r in range(n)]
    return "\n".join([f"{n} {n}"] + rows)


# -- one-line cage map (krazydad) --------------------------------------------

KILLER_LINE = "killer-line"
CAGE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def looks_killer_line(lines: list[str]) -> bool:
    parts = lines[0].split()
    return len(parts) == 2 and parts[0].isalpha() and size_for_length(len(parts[0])) is not None


def read_killer_line(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            yield Entry(lineno, KILLER_LINE, puzzle=parse_killer_line(line), source=line)
        except DeduceError as exc:
            yield Entry(lineno, KILLER_LINE, error=_at_line(exc, lineno), source=line)


def parse_killer_line(line: str) -> Puzzle:
    """N² cage letters, a space, the cage sums in letter order."""
    parts = line.split()
    if len(parts) != 2:
        raise ParseError("expected the cage letters, a space, then the sums separated by commas")
    letters, sums_text = parts
    n = size_for_length(len(letters))
    if n is None:
        raise ParseError(f"{len(letters)} cage letters is not N*N for an allowed size", column=1)
    for i, ch in enumerate(letters):
        if ch not in CAGE_LETTERS:
            raise ParseError(f"cage letter {ch!r} is not A-Z or a-z", column=i + 1)
    try:
        sums = [int(x) for x in sums_text.split(",")]
    except ValueError:
        raise ParseError(f"cage sums must be whole numbers separated by commas, got {sums_text!r}",
                         column=len(letters) + 2) from None
    used = sorted(set(letters), key=CAGE_LETTERS.index)
    if len(sums) != len(used):
        raise ParseError(f"{len(used)} cages but {len(sums)} sums", column=len(letters) + 2)
    cages = []
    for letter, total in zip(used, sums):
        cells = tuple(i for i, ch in enumerate(letters) if ch == letter)
        cages.append(Cage(total, cells))
    return Puzzle(Geometry.boxes(n), default_symbols(n), (-1,) * (n * n), tuple(cages))


# -- candidate grids (pencil marks) -------------------------------------------

CANDIDATES = "candidates"
_SEPARATORS = str.maketrans({ch: " " for ch in "|+-.:'"})


def _candidate_rows(text: str) -> list[tuple[int, list[str]]]:
    rows = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        if raw.lstrip().startswith("#"):
            continue
        tokens = raw.translate(_SEPARATORS).split()
        if tokens:
            rows.append((lineno, tokens))
    return rows


def looks_candidates(lines: list[str]) -> bool:
    rows = _candidate_rows("\n".join(lines))
    if not rows or size_for_length(len(rows[0][1]) ** 2) is None:
        return False
    n = len(rows[0][1])
    return len(rows) == n and any(len(tok) > 1 for _, toks in rows for tok in toks) and \
        all(tok.isalnum() for _, toks in rows for tok in toks)


def read_candidates(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    try:
        puzzle, masks = parse_candidates(text, options.get("symbols"))
    except ParseError as exc:
        yield Entry(exc.line or 1, CANDIDATES, error=exc)
        return
    yield Entry(1, CANDIDATES, puzzle=puzzle, source=text, extra=masks)


def parse_candidates(text: str, symbols: str | None = None) -> tuple[Puzzle, list[int]]:
    """A pencil-mark grid: the puzzle (its one-candidate cells as givens) and the candidate masks."""
    rows = _candidate_rows(text)
    if not rows:
        raise ParseError("the input is empty")
    n = len(rows[0][1])
    if size_for_length(n * n) is None:
        raise ParseError(f"a row of {n} cells is not a supported size", line=rows[0][0])
    if len(rows) != n:
        raise ParseError(f"expected {n} rows of candidates, found {len(rows)}", line=rows[-1][0])
    syms = symbols or default_symbols(n)
    masks = []
    for lineno, tokens in rows:
        if len(tokens) != n:
            raise ParseError(f"expected {n} cells in this row, got {len(tokens)}", line=lineno)
        for col, tok in enumerate(tokens, 1):
            m = 0
            for ch in tok:
                i = syms.find(ch.upper() if ch.upper() in syms else ch)
                if i < 0:
                    raise ParseError(f"cell {col}: {ch!r} is not a symbol of {syms}", line=lineno)
                m |= 1 << i
            masks.append(m)
    givens = tuple(m.bit_length() - 1 if m.bit_count() == 1 else -1 for m in masks)
    return Puzzle(Geometry.boxes(n), syms, givens), masks


def write_candidates_grid(puzzle: Puzzle, masks: Sequence[int], extra: Any = None) -> str:
    """A pencil-mark grid, columns aligned, with box separators for box grids."""
    g = puzzle.geometry
    n = g.size
    texts = ["".join(puzzle.symbols[s] for s in range(n) if m >> s & 1) or "-" for m in masks]
    widths = [max(len(texts[r * n + c]) for r in range(n)) for c in range(n)]
    bc = g.box_shape[1] if g.box_shape else n
    br = g.box_shape[0] if g.box_shape else n
    lines = []
    sep = "+".join("-" * (sum(widths[c] + 1 for c in range(b, b + bc)) + 1) for b in range(0, n, bc))
    for r in range(n):
        if r and r % br == 0:
            lines.append(sep)
        cells = []
        for c in range(n):
            if c and c % bc == 0:
                cells.append("|")
            cells.append(texts[r * n + c].ljust(widths[c]))
        lines.append(" ".join(cells).rstrip())
    return "\n".join(lines)


def write_candidates(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    return write_candidates_grid(puzzle, [1 << v if v >= 0 else (1 << puzzle.size) - 1 for v in values])


def entry_state(entry: Entry) -> "State":
    """The position an entry describes: the givens' position, or the pencil
    marks of a candidate grid (solved cells' symbols taken out of their peers)."""
    from .state import State

    assert entry.puzzle is not None
    if entry.format != CANDIDATES:
        return State.from_puzzle(entry.puzzle)
    puzzle = entry.puzzle
    masks = list(entry.extra)
    values = [-1] * puzzle.ncells
    for cell, g in enumerate(puzzle.givens):
        if g >= 0:
            values[cell] = g
    state = State.from_candidates(puzzle, masks, values)
    for cell, v in enumerate(values):
        if v >= 0:
            keep = ~(1 << v)
            for p in puzzle.peers[cell]:
                state.cand[p] &= keep
    return state


# -- JSON ---------------------------------------------------------------------

def read_json(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    stripped = text.strip()
    docs: list[tuple[int, str]]
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        whole = None
        docs = [(i, ln) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    else:
        first_line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.strip())
        if isinstance(whole, list):
            for k, doc in enumerate(whole):
                yield _json_entry(doc, first_line, f"item {k + 1}")
            return
        yield _json_entry(whole, first_line, "")
        return
    for lineno, line in docs:
        try:
            doc = json.loads(line)
        except json.JSONDecodeError as exc:
            yield Entry(lineno, JSON, error=ParseError(f"invalid JSON: {exc.msg}", line=lineno, column=exc.colno))
            continue
        yield _json_entry(doc, lineno, "")


def _json_entry(doc: Any, lineno: int, where: str) -> Entry:
    try:
        puzzle = puzzle_from_json(doc)
    except DeduceError as exc:
        msg = f"{where}: {exc}" if where else str(exc)
        return Entry(lineno, JSON, error=ParseError(msg, line=lineno))
    return Entry(lineno, JSON, puzzle=puzzle, source=json.dumps(doc), extra=doc)


def puzzle_from_json(doc: Any) -> Puzzle:
    """A puzzle from a parsed JSON document (see the module docstring)."""
    if not isinstance(doc, dict):
        raise InvalidPuzzleError("a puzzle document must be a JSON object")
    unknown = set(doc) - {"size", "symbols", "givens", "regions", "cages", "solution", "name", "id", "title"}
    if unknown:
        raise InvalidPuzzleError(f"unknown field(s) {', '.join(sorted(unknown))}")
    size = doc.get("size")
    if not isinstance(size, int) or isinstance(size, bool):
        raise InvalidPuzzleError("'size' is required and must be an integer")
    symbols = doc.get("symbols") or default_symbols(size)
    if not isinstance(symbols, str):
        raise InvalidPuzzleError("'symbols' must be a string")
    regions = doc.get("regions")
    if regions is not None:
        if not isinstance(regions, list) or len(regions) != size:
            raise InvalidPuzzleError(f"'regions' must be a list of {size} rows")
        rows = []
        for i, row in enumerate(regions):
            if isinstance(row, str):
                row = list(row.replace(" ", ""))
            if not isinstance(row, list) or len(row) != size:
                raise InvalidPuzzleError(f"'regions' row {i + 1} must have {size} region ids")
            rows.append(row)
        geometry = Geometry.jigsaw(rows)
        if geometry.size != size:
            raise InvalidPuzzleError(f"'regions' describe a {geometry.size}x{geometry.size} grid, not {size}")
    else:
        geometry = Geometry.boxes(size)
    if len(symbols) != size:
        raise InvalidPuzzleError(f"'symbols' must have {size} characters, got {len(symbols)}")
    givens_text = doc.get("givens", "." * size * size)
    if not isinstance(givens_text, str):
        raise InvalidPuzzleError("'givens' must be a string")
    givens_text = "".join(givens_text.split())
    if len(givens_text) != size * size:
        raise InvalidPuzzleError(f"'givens' must have {size * size} characters, got {len(givens_text)}")
    givens = []
    for i, ch in enumerate(givens_text):
        try:
            givens.append(parse_symbol(ch, symbols))
        except InvalidPuzzleError:
            raise InvalidPuzzleError(
                f"'givens' position {i + 1} ({geometry.cell_name(i)}): unknown symbol {ch!r} (alphabet {symbols})"
            ) from None
    cages = []
    for k, c in enumerate(doc.get("cages") or []):
        if not isinstance(c, dict) or "sum" not in c or "cells" not in c:
            raise InvalidPuzzleError(f"cage {k + 1} must be an object with 'sum' and 'cells'")
        total = c["sum"]
        if not isinstance(total, int) or isinstance(total, bool):
            raise InvalidPuzzleError(f"cage {k + 1}: 'sum' must be an integer")
        try:
            cells = [geometry.parse_cell(x) if isinstance(x, str) else _cell_from_pair(x, geometry)
                     for x in c["cells"]]
        except InvalidPuzzleError as exc:
            raise InvalidPuzzleError(f"cage {k + 1} (sum {total}): {exc}") from None
        if len(set(cells)) != len(cells):
            raise InvalidPuzzleError(f"cage {k + 1} (sum {total}) lists a cell twice")
        cages.append(Cage(total, tuple(cells), bool(c.get("repeats", False))))
    return Puzzle(geometry, symbols, tuple(givens), tuple(cages))


def _cell_from_pair(x: Any, g: Geometry) -> int:
    if isinstance(x, list) and len(x) == 2 and all(isinstance(v, int) for v in x):
        return g.parse_cell(f"r{x[0]}c{x[1]}")
    raise InvalidPuzzleError(f"{x!r} is not a cell (use 'r1c2' or [1, 2])")


def puzzle_to_json(puzzle: Puzzle, values: Sequence[int] | None = None) -> dict[str, Any]:
    """A JSON document for ``puzzle`` (givens replaced by ``values`` if given)."""
    g = puzzle.geometry
    cells = values if values is not None else puzzle.givens
    doc: dict[str, Any] = {"size": puzzle.size}
    if puzzle.symbols != default_symbols(puzzle.size):
        doc["symbols"] = puzzle.symbols
    doc["givens"] = "".join(puzzle.symbols[v] if v >= 0 else "." for v in cells)
    if g.is_jigsaw:
        doc["regions"] = g.region_rows()
    if puzzle.cages:
        doc["cages"] = [{"sum": c.total, "cells": [g.cell_name(x) for x in c.cells], "repeats": c.repeats}
                        for c in puzzle.cages]
    return doc


def write_json(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    return json.dumps(puzzle_to_json(puzzle, values))


def _at_line(exc: DeduceError, lineno: int) -> DeduceError:
    if isinstance(exc, ParseError):
        return exc.at_line(lineno) if exc.line is None else exc
    return ParseError(str(exc), line=lineno)


READERS.update({LINE: read_line, GRID: read_grid, JSON: read_json, LATIN: read_latin,
                JANKO_JIGSAW: read_janko_jigsaw, JANKO_KILLER: read_janko_killer, KILLER_LINE: read_killer_line,
                CANDIDATES: read_candidates})
WRITERS.update({LINE: write_line, GRID: write_grid, JSON: write_json, LATIN: write_latin,
                JANKO_JIGSAW: write_janko, JANKO_KILLER: write_janko, KILLER_LINE: write_line,
                CANDIDATES: write_candidates})
DETECTORS.extend([(LATIN, looks_latin), (KILLER_LINE, looks_killer_line), (CANDIDATES, looks_candidates)])
