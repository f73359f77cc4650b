"""Layouts of public sets: the Latin-square seed's format, Janko's ``R C``
layouts of jigsaws and killers, and the one-line cage map (killer-line)."""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from ..errors import InvalidPuzzleError, ParseError
from ..geometry import Geometry
from ..puzzle import Cage, Puzzle, default_symbols, size_for_length
from .base import Entry, data_lines, entry_of, is_ascii_number, jigsaw_geometry

# -- the Latin-square seed's format -----------------------------------------

LATIN = "latin"
LETTERS = "ABCDEFGHIJ"


def _numbered(text: str) -> list[tuple[int, str]]:
    return [(i, "".join(ln.split())) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]


def _given_line(row: str) -> bool:
    """``02C``: a Latin-square file's given (row, column, letter)."""
    return len(row) == 3 and row.isascii() and row[:2].isdigit() and row[2].isalpha()


def looks_latin(lines: list[str]) -> bool:
    """The Latin-square layout: N rows of N region ids (digits first), a
    count, the givens ``rcL``.  A file that breaks one rule of it (a short
    region row, a count that is not a number) still looks like it when its
    givens follow (two lines or more of ``rcL`` after rows of ids), so it
    is reported in this format's terms rather than read as another format.

    >>> looks_latin(["000011", "022013", "221113", "243333", "244455", "445555", "²", "02C", "03B"])
    True
    >>> looks_latin(["400000805", "030000000", "000700000"])
    False
    """
    rows = ["".join(ln.split()) for ln in lines]
    n = len(rows[0])
    if not (3 <= n <= 10 and rows[0].isascii() and rows[0].isdigit()):
        return False
    if (len(rows) > n and all(len(r) == n and r.isascii() and r.isalnum() for r in rows[:n])
            and is_ascii_number(rows[n])):
        return True
    # one rule broken: the region rows (of about N ids), one line, then the givens
    first = next((i for i, r in enumerate(rows) if _given_line(r)), None)
    if first is None or first < n - 1 or sum(_given_line(r) for r in rows[first:]) < 2:
        return False
    ids = rows[:first - 1] if len(rows[first - 1]) <= 3 < n or not rows[first - 1].isalnum() else rows[:first]
    return all(r.isascii() and r.isalnum() and abs(len(r) - n) <= 2 for r in ids)


def read_latin(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    first = next((i for i, _ in data_lines(text)), 1)
    yield entry_of(LATIN, first, parse_latin, text, source=text)


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
    for k, (lineno, row) in enumerate(lines[:n]):
        if len(row) != n and k and is_ascii_number(row) and len(row) < 3 and _given_line(lines[k + 1][1]):
            raise ParseError(f"expected {n} lines of region ids before the number of given letters, got {k}",
                             line=lineno)
        if len(row) != n:
            raise ParseError(f"region map row has {len(row)} ids, expected {n}", line=lineno)
    try:
        geometry = jigsaw_geometry([list(row) for _, row in lines[:n]], [i for i, _ in lines[:n]])
    except InvalidPuzzleError as exc:
        raise ParseError(f"region map: {exc}", line=lines[0][0]) from None
    count_line, count_text = lines[n]
    if not is_ascii_number(count_text):
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
        if len(item) != 3 or not is_ascii_number(item[:2]):
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
    return len(parts) == 2 and all(is_ascii_number(p) for p in parts) and len(lines) > 1


def read_janko_jigsaw(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    yield _janko_entry(text, JANKO_JIGSAW, parse_janko_jigsaw)


def read_janko_killer(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    yield _janko_entry(text, JANKO_KILLER, parse_janko_killer)


def _janko_entry(text: str, fmt: str, parse: Callable[[str], Puzzle]) -> Entry:
    first = next((i for i, _ in data_lines(text)), 1)
    return entry_of(fmt, first, parse, text, source=text)


Rows = list[tuple[int, list[str]]]


def _janko_blocks(text: str) -> tuple[int, Rows, Rows]:
    lines = [(i, ln.split()) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    if not lines:
        raise ParseError("the input is empty")
    head_line, head = lines[0]
    if len(head) != 2 or not all(is_ascii_number(x) for x in head):
        raise ParseError("expected 'R C' (rows and columns) on the first line", line=head_line)
    r, c = int(head[0]), int(head[1])
    if r != c:
        raise ParseError(f"the grid must be square, got {r}x{c}", line=head_line)
    if not 3 <= r <= 25:
        raise ParseError(f"a {r}x{c} grid is outside the sizes 3 to 25", line=head_line)
    if len(lines) == 1 + r:
        return r, lines[1:], []  # a solution: values only
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


def _janko_values(n: int, top: Rows, geometry: Geometry) -> Puzzle:
    givens = []
    for lineno, toks in top:
        for col, tok in enumerate(toks, 1):
            if tok in ("-", ".", "0"):
                givens.append(-1)
            elif is_ascii_number(tok) and 1 <= int(tok) <= n:
                givens.append(int(tok) - 1)
            else:
                raise ParseError(f"value {tok!r} in column {col} is not 1-{n} or -", line=lineno)
    return Puzzle(geometry, default_symbols(n), tuple(givens))


def parse_janko_jigsaw(text: str) -> Puzzle:
    """``R C``, R rows of givens (``-`` blank), R rows of region ids; or,
    as Janko writes a solution, ``R C`` and R rows of values (read as a grid with boxes)."""
    n, top, bottom = _janko_blocks(text)
    if not bottom:
        return _janko_values(n, top, Geometry.boxes(n))
    try:
        geometry = jigsaw_geometry([toks for _, toks in bottom], [i for i, _ in bottom])
    except InvalidPuzzleError as exc:
        raise ParseError(f"region ids: {exc}", line=bottom[0][0]) from None
    return _janko_values(n, top, geometry)


def parse_janko_killer(text: str) -> Puzzle:
    """``R C``, R rows with each cage's sum at one of its cells, R rows of cage ids."""
    n, top, bottom = _janko_blocks(text)
    if not bottom:
        return _janko_values(n, top, Geometry.boxes(n))
    cells_of_cage: dict[str, list[int]] = {}
    for r, (_, toks) in enumerate(bottom):
        for c, tok in enumerate(toks):
            cells_of_cage.setdefault(tok, []).append(r * n + c)
    sums: dict[str, int] = {}
    for r, (lineno, toks) in enumerate(top):
        for c, tok in enumerate(toks):
            if tok in ("-", "."):
                continue
            if not is_ascii_number(tok):
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
    for lineno, line in data_lines(text):
        yield entry_of(KILLER_LINE, lineno, parse_killer_line, line, source=line)


def parse_killer_line(line: str) -> Puzzle:
    """N² cage letters, a space, the cage sums in letter order."""
    parts = line.split()
    if len(parts) > 2 and parts[2].startswith(("#", ";")):
        parts = parts[:2]
    if len(parts) != 2:
        raise ParseError("expected the cage letters, a space, then the sums separated by commas")
    letters, sums_text = parts
    n = size_for_length(len(letters))
    if n is None:
        raise ParseError(f"{len(letters)} cage letters is not N*N for an allowed size", column=1)
    if not (letters.isascii() and letters.isalpha()):
        i = next(i for i, ch in enumerate(letters) if ch not in CAGE_LETTERS)
        raise ParseError(f"cage letter {letters[i]!r} is not A-Z or a-z", column=i + 1)
    if not all(is_ascii_number(x) for x in sums_text.split(",")):
        raise ParseError(f"cage sums must be whole numbers separated by commas, got {sums_text!r}",
                         column=len(letters) + 2)
    sums = [int(x) for x in sums_text.split(",")]
    used = sorted(set(letters), key=CAGE_LETTERS.index)
    if len(sums) != len(used):
        raise ParseError(f"{len(used)} cages but {len(sums)} sums", column=len(letters) + 2)
    cells_of: dict[str, list[int]] = {}
    for i, ch in enumerate(letters):
        cells_of.setdefault(ch, []).append(i)
    cages = [Cage(total, tuple(cells_of[letter])) for letter, total in zip(used, sums)]
    return Puzzle(Geometry.boxes(n), default_symbols(n), (-1,) * (n * n), tuple(cages))


def _cage_ids(puzzle: Puzzle, alphabet: str) -> str:
    order = sorted(range(len(puzzle.cages)), key=lambda i: puzzle.cages[i].cells[0])
    ids = [""] * puzzle.ncells
    for k, i in enumerate(order):
        for cell in puzzle.cages[i].cells:
            ids[cell] = alphabet[k]
    return "".join(ids)


def write_killer_line(puzzle: Puzzle) -> str:
    """The cage letters (A-Z, a-z by first cell) and the sums in letter order.

    >>> print(write_killer_line(parse_killer_line("AABBCCDDEEFFGGHH 3,7,3,7,5,5,4,6")))
    AABBCCDDEEFFGGHH 3,7,3,7,5,5,4,6
    """
    cages = sorted(puzzle.cages, key=lambda c: c.cells[0])
    return f"{_cage_ids(puzzle, CAGE_LETTERS)} {','.join(str(c.total) for c in cages)}"


def fits_killer(puzzle: Puzzle, most: int = len(CAGE_LETTERS)) -> str | None:
    """Why a killer layout cannot hold ``puzzle`` (None when it can)."""
    if not puzzle.cages:
        return "it holds killer cages only"
    if puzzle.geometry.is_jigsaw or any(g >= 0 for g in puzzle.givens):
        return "it holds cages on a grid with boxes, without givens"
    if any(c.repeats for c in puzzle.cages) or sum(len(c.cells) for c in puzzle.cages) != puzzle.ncells:
        return "every cell must be in a cage of distinct digits"
    if puzzle.symbols != default_symbols(puzzle.size):
        return "it holds the digits 1-N only"
    if len(puzzle.cages) > most:
        return f"it holds at most {most} cages"
    return None


def write_janko_killer(puzzle: Puzzle) -> str:
    """``R C``, each cage's sum at its first cell, the cage ids (1, 2, ... by first cell)."""
    n = puzzle.size
    top = ["-"] * puzzle.ncells
    for cage in puzzle.cages:
        top[cage.cells[0]] = str(cage.total)
    order = sorted(range(len(puzzle.cages)), key=lambda i: puzzle.cages[i].cells[0])
    ids = [0] * puzzle.ncells
    for k, i in enumerate(order, 1):
        for cell in puzzle.cages[i].cells:
            ids[cell] = k
    return "\n".join([f"{n} {n}"] + [" ".join(top[r * n:(r + 1) * n]) for r in range(n)]
                     + [" ".join(str(x) for x in ids[r * n:(r + 1) * n]) for r in range(n)])


def write_janko_jigsaw(puzzle: Puzzle) -> str:
    """``R C``, the givens (``-`` blank), the region ids (1 to N)."""
    n = puzzle.size
    g = puzzle.geometry
    vals = [str(v + 1) if v >= 0 else "-" for v in puzzle.givens]
    return "\n".join([f"{n} {n}"] + [" ".join(vals[r * n:(r + 1) * n]) for r in range(n)]
                     + [" ".join(str(g.region_of[r * n + c] + 1) for c in range(n)) for r in range(n)])


def fits_janko_jigsaw(puzzle: Puzzle) -> str | None:
    if puzzle.cages or not puzzle.geometry.is_jigsaw:
        return "it holds jigsaws only"
    if puzzle.symbols != default_symbols(puzzle.size):
        return "it holds the digits 1-N only"
    return None


def write_latin_puzzle(puzzle: Puzzle) -> str:
    """The seed's input: N rows of region ids, the count, ``<row><col><letter>`` lines."""
    n = puzzle.size
    g = puzzle.geometry
    given = [(c, v) for c, v in enumerate(puzzle.givens) if v >= 0]
    return "\n".join([" ".join(row) for row in g.region_rows()]
                     + [str(len(given))] + [f"{c // n}{c % n}{LETTERS[v]}" for c, v in given])


def fits_latin(puzzle: Puzzle) -> str | None:
    if puzzle.cages or puzzle.size > 10 or puzzle.symbols != LETTERS[:puzzle.size] \
            or not puzzle.geometry.is_jigsaw:
        return "it holds jigsaw letter puzzles of up to 10x10 without cages (alphabet A...)"
    return None


