"""Pencil marks: candidate grids as Sudoku Explainer and HoDoKu print them,
N³-character candidate strings, HoDoKu library lines (a position: placed
digits and deleted candidates), and :func:`entry_state`.

All three are read as a puzzle (the cells known for sure as givens) plus
:class:`Marks`, the candidate masks, in the entry's ``extra``; their entry
format is ``candidates`` and ``Marks.layout`` says how to write them back.

A cell of a printed grid written ``+5`` is *placed* (as ``+`` says in a
HoDoKu library line): :func:`player_position`, the reading ``deduce hint``
and the server's hints use, takes a cell with one candidate as a candidate
(a naked single still to be seen) unless it is placed.  The other commands
read every one-candidate cell as solved, as Sudoku Explainer and HoDoKu do.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence

from ..errors import DeduceError, ParseError
from ..geometry import BOX_SHAPES, Geometry
from ..puzzle import Puzzle, size_for_length
from .base import Entry, at_line, data_lines, infer_symbols, is_ascii_number, symbol_index

if TYPE_CHECKING:
    from ..state import State

CANDIDATES = "candidates"
MARKS_LINE, HODOKU = "marks-line", "hodoku"
GRID_LAYOUT = "grid"
_SEPARATORS = str.maketrans({ch: " " for ch in "|+-.:'*"})
#: A cell of a printed grid, ``+`` before it when it is placed: separators
#: (``|+-.:'*=``) and spaces end it; a ``+`` on a border line (``+---+``) starts none.
_CELL = re.compile(r"\+?[^\s|+\-.:'*=]+")
PLACED_MARK = "+"


class Marks(list):
    """Candidate masks (one int per cell), with the ``layout`` they were
    written in (``grid``, ``marks-line``, ``hodoku``) and the cells
    ``placed`` in the position without being givens."""

    def __init__(self, masks: Iterable[int], layout: str = GRID_LAYOUT, placed: Iterable[int] = ()):
        super().__init__(masks)
        self.layout = layout
        self.placed = tuple(placed)


# -- the printed grid -------------------------------------------------------------------------

def _candidate_rows(text: str) -> list[tuple[int, list[str]]]:
    rows = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        if raw.lstrip().startswith("#"):
            continue
        tokens = _CELL.findall(raw)
        if tokens:
            rows.append((lineno, tokens))
    return rows


def looks_candidates(lines: list[str]) -> bool:
    """A first row of N cells, some holding several candidates (``569``, not a value like ``12`` of a 16×16)."""
    rows = _candidate_rows("\n".join(lines))
    if not rows or size_for_length(len(rows[0][1]) ** 2) is None:
        return False
    n = len(rows[0][1])
    if n not in BOX_SHAPES or len(rows) < n - 1 or sum(len(toks) != n for _, toks in rows[:n]) > 1:
        return False
    tokens = [tok.removeprefix(PLACED_MARK) for _, toks in rows[:n] for tok in toks]
    return any(len(tok) > 1 and not (is_ascii_number(tok) and int(tok) <= n) for tok in tokens) and \
        all(tok.isascii() and tok.isalnum() and not set(tok) & set("0x") for tok in tokens)


def read_candidates(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    """Every pencil-mark grid in ``text``: N rows each (N the cells of a grid's first row)."""
    rows = _candidate_rows(text)
    if not rows:
        yield Entry(1, CANDIDATES, error=ParseError("the input is empty"))
        return
    i = 0
    while i < len(rows):
        block = rows[i:i + len(rows[i][1])]
        try:
            puzzle, masks = parse_candidate_rows(block, options.get("symbols"))
        except DeduceError as exc:
            yield Entry(block[0][0], CANDIDATES, error=at_line(exc, block[0][0]))
            return
        placed = [k for k, tok in enumerate(tok for _, toks in block for tok in toks) if tok.startswith(PLACED_MARK)]
        yield Entry(block[0][0], CANDIDATES, puzzle=puzzle, extra=Marks(masks, placed=placed))
        i += len(block)


def parse_candidates(text: str, symbols: str | None = None) -> tuple[Puzzle, list[int]]:
    """A pencil-mark grid: the puzzle (its one-candidate cells as givens) and the candidate masks."""
    rows = _candidate_rows(text)
    if not rows:
        raise ParseError("the input is empty")
    if len(rows) > len(rows[0][1]):
        raise ParseError(f"expected {len(rows[0][1])} rows of candidates, found {len(rows)}", line=rows[-1][0])
    return parse_candidate_rows(rows, symbols)


def parse_candidate_rows(rows: list[tuple[int, list[str]]], symbols: str | None = None) -> tuple[Puzzle, list[int]]:
    """N rows of N cells' candidates (line number, tokens)."""
    n = len(rows[0][1])
    if size_for_length(n * n) is None:
        raise ParseError(f"a row of {n} cells is not a supported size", line=rows[0][0])
    if len(rows) != n:
        raise ParseError(f"expected {n} rows of candidates, found {len(rows)}", line=rows[-1][0])
    syms = infer_symbols({ch for _, toks in rows for tok in toks for ch in tok.removeprefix(PLACED_MARK)}, n,
                         symbols)
    masks = []
    for lineno, tokens in rows:
        if len(tokens) != n:
            raise ParseError(f"expected {n} cells in this row, got {len(tokens)}", line=lineno)
        for col, tok in enumerate(tokens, 1):
            if tok.startswith(PLACED_MARK) and len(tok) != 2:
                raise ParseError(f"cell {col}: a placed cell is '+' and one symbol, got {tok!r}", line=lineno)
            masks.append(_mask(tok.removeprefix(PLACED_MARK), syms, f"cell {col}", lineno))
    return _position(n, syms, masks), masks


def _mask(chars: str, syms: str, where: str, lineno: int | None) -> int:
    m = 0
    for ch in chars:
        i = syms.find(ch.upper() if ch.upper() in syms else ch)
        if i < 0:
            try:
                i = symbol_index(ch, syms)
            except DeduceError:
                raise ParseError(f"{where}: {ch!r} is not a symbol of {syms}", line=lineno) from None
            if i < 0:
                continue
        m |= 1 << i
    return m


def _position(n: int, syms: str, masks: Sequence[int], given: Sequence[bool] | None = None) -> Puzzle:
    givens = tuple(m.bit_length() - 1 if m.bit_count() == 1 and (given is None or given[i]) else -1
                   for i, m in enumerate(masks))
    return Puzzle(Geometry.boxes(n), syms, givens)


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


# -- N³ characters on one line ------------------------------------------------------------------

def parse_marks_line(token: str, lineno: int, symbols: str | None = None) -> Entry:
    """An entry from N³ characters: N per cell, each a candidate symbol or a blank."""
    try:
        n = round(len(token) ** (1 / 3))
        syms = infer_symbols(token, n, symbols)
        masks = [_mask(token[i * n:(i + 1) * n], syms, f"cell {i + 1}", None) for i in range(n * n)]
        puzzle = _position(n, syms, masks)
    except DeduceError as exc:
        return Entry(lineno, CANDIDATES, error=at_line(exc, lineno), source=token)
    return Entry(lineno, CANDIDATES, puzzle=puzzle, source=token, extra=Marks(masks, MARKS_LINE))


def write_marks_line(puzzle: Puzzle, masks: Sequence[int]) -> str:
    """N characters per cell: the symbol where it is a candidate, ``.`` where not."""
    n = puzzle.size
    return "".join(puzzle.symbols[s] if m >> s & 1 else "." for m in masks for s in range(n))


# -- HoDoKu library lines --------------------------------------------------------------------

def looks_hodoku(lines: list[str]) -> bool:
    return lines[0].startswith(":") and lines[0].count(":") >= 4


def read_hodoku(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    for lineno, line in data_lines(text):
        try:
            puzzle, masks = parse_hodoku(line)
        except DeduceError as exc:
            yield Entry(lineno, CANDIDATES, error=at_line(exc, lineno), source=line)
            continue
        yield Entry(lineno, CANDIDATES, puzzle=puzzle, source=line, extra=masks)


def parse_hodoku(line: str) -> tuple[Puzzle, Marks]:
    """``:code:candidates:givens:deleted:...`` as a position: ``+`` digits
    are placed (not given), deleted candidates ``<digit><row><col>`` are removed."""
    parts = line.split(":")
    if len(parts) < 5 or parts[0]:
        raise ParseError("a HoDoKu library line is ':code:candidates:givens:deleted:...'")
    grid, deleted = parts[3], parts[4]
    column = len(parts[1]) + len(parts[2]) + 4
    values: list[int] = []
    placed: list[int] = []
    plus = False
    for i, ch in enumerate(grid):
        if ch == "+":
            if plus:
                raise ParseError("'++' in the givens", column=column + i)
            plus = True
            continue
        try:
            v = symbol_index(ch, "123456789")
        except DeduceError:
            raise ParseError(f"givens: {ch!r} is not a digit or '.'", column=column + i) from None
        if plus and v < 0:
            raise ParseError("'+' before an empty cell", column=column + i)
        if plus:
            placed.append(len(values))
        values.append(v)
        plus = False
    if len(values) != 81:
        raise ParseError(f"the givens hold {len(values)} cells, expected 81", column=column)
    masks = [(1 << v) if v >= 0 else 0x1FF for v in values]
    geometry = Geometry.boxes(9)
    for cell, v in enumerate(values):
        if v >= 0:
            for p in geometry.peers[cell]:
                if values[p] < 0:
                    masks[p] &= ~(1 << v)
    column += len(grid) + 1
    for item in deleted.split():
        if len(item) != 3 or not item.isascii() or not item.isdigit() or "0" in item:
            raise ParseError(f"deleted candidate {item!r} is not <digit><row><col>", column=column)
        d, r, c = (int(x) for x in item)
        masks[(r - 1) * 9 + c - 1] &= ~(1 << (d - 1))
    placed_set = set(placed)
    puzzle = Puzzle(geometry, "123456789", tuple(v if i not in placed_set else -1 for i, v in enumerate(values)))
    return puzzle, Marks(masks, HODOKU, placed)


def write_hodoku(puzzle: Puzzle, values: Sequence[int], placed: Iterable[int] = (),
                 masks: Sequence[int] | None = None) -> str:
    """A HoDoKu library line holding the grid (``+`` before placed cells)
    and, given the position's ``masks``, the candidates it has lost beyond
    what the placed digits rule out.

    >>> p, marks = parse_hodoku(":0000:x:+1" + "." * 80 + ":212 299::")
    >>> write_hodoku(p, [m.bit_length() - 1 if i in marks.placed else -1 for i, m in enumerate(marks)],
    ...              marks.placed, marks)[-12:]
    '..:212 299::'
    """
    placed_set = set(placed)
    grid = "".join(("+" if i in placed_set and v >= 0 else "") + (puzzle.symbols[v] if v >= 0 else ".")
                   for i, v in enumerate(values))
    deleted = []
    if masks is not None:
        g = puzzle.geometry
        for cell, mask in enumerate(masks):
            if values[cell] >= 0:
                continue
            possible = (1 << puzzle.size) - 1
            for p in g.peers[cell]:
                if values[p] >= 0:
                    possible &= ~(1 << values[p])
            for d in range(puzzle.size):
                if possible >> d & 1 and not mask >> d & 1:
                    deleted.append(f"{d + 1}{cell // 9 + 1}{cell % 9 + 1}")
    return f":0000:x:{grid}:{' '.join(deleted)}::"


# -- writing a solution back, and the position an entry describes ---------------------------------

def write_candidates(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    """A solution (or position) in the layout the marks were read in."""
    layout = getattr(extra, "layout", GRID_LAYOUT)
    if layout == HODOKU:
        given = {i for i, g in enumerate(puzzle.givens) if g >= 0}
        return write_hodoku(puzzle, values, [i for i in range(puzzle.ncells) if i not in given])
    masks = [1 << v if v >= 0 else (1 << puzzle.size) - 1 for v in values]
    if layout == MARKS_LINE:
        return write_marks_line(puzzle, masks)
    return write_candidates_grid(puzzle, masks)


def entry_state(entry: Entry) -> State:
    """The position an entry describes: the givens' position, or the pencil
    marks of a candidate grid (solved cells' symbols taken out of their peers)."""
    from ..state import State

    assert entry.puzzle is not None
    if entry.format != CANDIDATES:
        return State.from_puzzle(entry.puzzle)
    puzzle = entry.puzzle
    masks = list(entry.extra)
    values = [-1] * puzzle.ncells
    for cell, g in enumerate(puzzle.givens):
        if g >= 0:
            values[cell] = g
    for cell in getattr(entry.extra, "placed", ()):
        values[cell] = masks[cell].bit_length() - 1
    state = State.from_candidates(puzzle, masks, values)
    for cell, v in enumerate(values):
        if v >= 0:
            keep = ~(1 << v)
            for p in puzzle.peers[cell]:
                state.cand[p] &= keep
    return state


# -- the player's position: one candidate is a candidate -------------------------------------------

def player_position(entry: Entry, original: Puzzle | None = None) -> State:
    """The position a player's pencil-mark entry describes, as ``deduce
    hint`` reads it: a cell with one candidate is a candidate (a single
    still to be found), not a placed symbol, unless the entry says it is
    placed (``+5`` in a printed grid, ``+`` or a given in a HoDoKu line, a
    given of the ``original`` puzzle written as its one candidate).  The
    placed symbols are taken out of their peers' candidates.

    >>> from deduce.formats import read_puzzles
    >>> grid = "\\n".join(["+1 2 34 34", "34 34 12 12", "2 1 34 34", "34 34 12 12"])
    >>> state = player_position(next(read_puzzles(grid)))
    >>> state.value[:2], state.cand[1], state.puzzle.givens[:2]
    ([0, -1], 2, (0, -1))
    """
    assert entry.puzzle is not None and entry.format == CANDIDATES
    puzzle, masks = entry.puzzle, list(entry.extra)
    placed = set(getattr(entry.extra, "placed", ()))
    if getattr(entry.extra, "layout", GRID_LAYOUT) == HODOKU:
        placed |= {c for c, v in enumerate(puzzle.givens) if v >= 0}
    values = [masks[c].bit_length() - 1 if c in placed and masks[c] else -1 for c in range(puzzle.ncells)]
    if original is not None and original.ncells == puzzle.ncells:
        values = givens_placed(original, values, masks)
    puzzle = puzzle.with_givens(values)
    return placed_state(puzzle, values, masks)


def givens_placed(puzzle: Puzzle, values: Sequence[int], masks: Sequence[int]) -> list[int]:
    """``values`` with each given of ``puzzle`` placed where its cell's one candidate is that given
    (Sudoku Explainer and HoDoKu print a given as its one symbol)."""
    return [g if v < 0 and g >= 0 and m == 1 << g else v for v, g, m in zip(values, puzzle.givens, masks)]


def placed_state(puzzle: Puzzle, values: Sequence[int], masks: Sequence[int]) -> State:
    """The state of placed ``values`` and candidate ``masks`` (a placed cell's
    own mask is its symbol; a placed symbol leaves its peers' candidates)."""
    from ..state import State

    cand = [1 << v if v >= 0 else m for v, m in zip(values, masks)]
    for cell, v in enumerate(values):
        if v >= 0:
            for p in puzzle.peers[cell]:
                if values[p] < 0:
                    cand[p] &= ~(1 << v)
    return State(puzzle, cand, list(values))


def marks_on_grid(puzzle: Puzzle, text: str) -> tuple[list[int], list[int]]:
    """(placed values, candidate masks) of a pencil-mark grid read on
    ``puzzle``'s own grid (so a jigsaw's regions or a size without boxes
    need nothing else): N rows of N cells separated by spaces, each cell
    its candidates, ``+`` and one symbol for a placed cell, ``|`` and border
    lines ignored.  A cell with one candidate is a candidate, not placed.

    >>> from deduce import read_puzzle
    >>> p = read_puzzle("1..." "...." "...." "....")
    >>> marks_on_grid(p, "+1 2 34 34\\n34 34 12 12\\n2 1 34 34\\n34 34 12 12")[0][:3]
    [0, -1, -1]
    """
    n = puzzle.size
    rows = []
    for lineno, line in enumerate(text.splitlines(), 1):
        cells = _CELL.findall(line)
        if cells:
            rows.append((lineno, cells))
    if len(rows) != n or any(len(r) != n for _, r in rows):
        bad = next((i for i, (_, r) in enumerate(rows) if len(r) != n), len(rows))
        have = f"{len(rows[bad][1])} cells" if bad < len(rows) else "no cells"
        raise ParseError(f"position: expected {puzzle.ncells} symbols, or a pencil-mark grid of {n} rows of {n} "
                         f"cells (row {bad + 1} has {have})")
    values, masks = [], []
    for r, (_, cells) in enumerate(rows):
        for c, token in enumerate(cells):
            where = puzzle.geometry.cell_name(r * n + c)
            placed = token.startswith(PLACED_MARK)
            chars = token.removeprefix(PLACED_MARK)
            if placed and len(chars) != 1:
                raise ParseError(f"position: {where}: a placed cell is '+' and one symbol, got {token!r}")
            masks.append(symbol_mask(chars, puzzle.symbols, f"position: {where}"))
            values.append(puzzle.symbols.index(chars) if placed else -1)
    return values, masks


def symbol_mask(chars: str, symbols: str, where: str) -> int:
    """The mask of ``chars``, each one of ``symbols`` (else a :class:`ParseError` naming ``where``)."""
    mask = 0
    for ch in chars:
        i = symbols.find(ch)
        if i < 0:
            i = symbols.find(ch.upper())
        if i < 0:
            raise ParseError(f"{where}: {ch!r} is not a symbol of this puzzle ({symbols})")
        mask |= 1 << i
    return mask
