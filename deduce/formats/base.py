"""What every reader and writer shares: the :class:`Entry` record, the
registries, input limits, reading a file or standard input, and the rules
for alphabets and blanks."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

import attrs

from ..errors import DeduceError, InvalidPuzzleError, ParseError
from ..puzzle import Puzzle, default_symbols
from ..tables import table

if TYPE_CHECKING:
    from ..geometry import Geometry

#: The longest line any format needs: a 25×25 f-puzzles document with a
#: cage on every cell written on one line stays far below this.
MAX_LINE = 1 << 20
#: The largest input read at once (about 800,000 classic puzzles, one a line).
MAX_INPUT = 64 << 20
#: Characters that may stand for an empty cell, when they are not symbols.
BLANK_CHARS = ".0-*_xX"
LETTERS_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
HEX_ALPHABET = "0123456789ABCDEF"


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
    #: Things worth saying about the puzzle that do not stop the solve
    #: (a jigsaw region in two pieces, a cosmetic f-puzzles element ignored).
    warnings: tuple[str, ...] = ()


Reader = Callable[[str, dict[str, Any]], Iterator[Entry]]
#: Format name -> reader of a whole text (yields entries).
READERS: dict[str, Reader] = {}
#: Format name -> writer of a solution in that format (``solve`` output).
WRITERS: dict[str, Callable[[Puzzle, Sequence[int], Any], str]] = {}
#: Format name -> writer of a puzzle (``convert`` output).
PUZZLE_WRITERS: dict[str, Callable[[Puzzle], str]] = {}
#: Format name -> why a puzzle does not fit it (None when it fits).
FITS: dict[str, Callable[[Puzzle], str | None]] = {}


def entry_of(fmt: str, lineno: int, parse: Callable[..., Puzzle], *args: Any, source: str = "",
             extra: Any = None) -> Entry:
    """An entry from ``parse(*args)``, or the error it raised placed at ``lineno``."""
    try:
        puzzle = parse(*args)
    except DeduceError as exc:
        return Entry(lineno, fmt, error=at_line(exc, lineno), source=source)
    except RecursionError:
        return Entry(lineno, fmt, error=ParseError("the input is nested too deeply", line=lineno), source=source)
    return Entry(lineno, fmt, puzzle=puzzle, source=source, extra=extra, warnings=puzzle.warnings)


def at_line(exc: DeduceError, lineno: int) -> DeduceError:
    """``exc`` as a ParseError placed at ``lineno`` (unless it already has a line)."""
    if isinstance(exc, ParseError):
        return exc.at_line(lineno) if exc.line is None else exc
    return ParseError(str(exc), line=lineno)


def data_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, stripped line) for every line that is not blank or a ``#`` comment."""
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line and not line.startswith("#"):
            yield lineno, line


def is_ascii_number(tok: str) -> bool:
    """``tok`` is a whole number written in ASCII digits (``²`` and ``٣`` are not)."""
    return tok.isascii() and tok.isdigit() and len(tok) <= 6


def check_text(text: str) -> str:
    """``text`` without a leading byte-order mark; refuses overlong inputs and lines."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > MAX_INPUT:
        raise ParseError(f"the input has {len(text)} characters; at most {MAX_INPUT} are read at once")
    if len(text) > MAX_LINE:
        for lineno, line in enumerate(text.splitlines(), 1):
            if len(line) > MAX_LINE:
                raise ParseError(f"the line is longer than {MAX_LINE} characters, more than any puzzle needs",
                                 line=lineno)
    return text


def read_source(name: str) -> str:
    """The text of file ``name`` (``-``: standard input), read line by line.

    A byte-order mark and CRLF line ends are taken away.  A line longer
    than :data:`MAX_LINE` or an input longer than :data:`MAX_INPUT` is
    refused (:class:`ParseError`) as soon as it is seen, so a huge file is
    never held whole.  A closed standard input raises :class:`OSError`.
    """
    if name == "-":
        stdin = sys.stdin
        if stdin is None or getattr(stdin, "closed", False):
            raise OSError(errno.EBADF, "standard input is closed")
        buffer = getattr(stdin, "buffer", None)
        if buffer is None:
            return _read_limited(stdin, "standard input")
        wrapper = io.TextIOWrapper(buffer, encoding="utf-8-sig", newline=None)
        try:
            return _read_limited(wrapper, "standard input")
        finally:
            wrapper.detach()
    with open(name, encoding="utf-8-sig", newline=None) as fh:
        return _read_limited(fh, name)


def _read_limited(fh: Any, what: str) -> str:
    parts: list[str] = []
    total = 0
    lineno = 0
    while True:
        line = fh.readline(MAX_LINE + 1)
        if not line:
            break
        lineno += 1
        if len(line) > MAX_LINE:
            raise ParseError(f"the line is longer than {MAX_LINE} characters, more than any puzzle needs",
                             line=lineno)
        total += len(line)
        if total > MAX_INPUT:
            raise ParseError(f"{what} is longer than {MAX_INPUT} characters; split it into smaller files",
                             line=lineno)
        parts.append(line)
    text = "".join(parts)
    return text[1:] if text.startswith("\ufeff") else text


# -- alphabets and blanks ------------------------------------------------------------------

def infer_symbols(chars: Iterable[str], n: int, symbols: str | None = None) -> str:
    """The alphabet of an N×N puzzle whose cells are written with ``chars``.

    The default (``1``-``9`` then ``A``-``Z``) unless the characters say
    otherwise: letters only (``A``-``F`` for a 6×6), or ``0``-``F`` for a
    16×16 that uses ``0`` beside another blank character.

    >>> infer_symbols("A.BF.E", 6)
    'ABCDEF'
    >>> infer_symbols("1.2.0", 9)
    '123456789'
    >>> infer_symbols("0.F1", 16)
    '0123456789ABCDEF'
    """
    if symbols:
        return symbols
    used = set(chars)
    default = default_symbols(n)
    options = [default]
    if n <= 26:
        letters = LETTERS_ALPHABET[:n]
        if not used & set("123456789") and used & set(letters + letters.lower()):
            options.insert(0, letters)
        else:
            options.append(letters)
    if n == 16:
        options.append(HEX_ALPHABET)
    fallback = None
    for alphabet in options:
        blanks = _blank_chars_used(used, alphabet)
        if blanks is None:
            continue
        if len(blanks) <= 1:
            return alphabet
        fallback = fallback or alphabet
    return fallback or default


def _blank_chars_used(used: set[str], alphabet: str) -> set[str] | None:
    blanks = set()
    for ch in used:
        if ch in alphabet or (ch.upper() in alphabet and ch.lower() not in alphabet and ch.upper() != ch):
            continue
        if ch in BLANK_CHARS:
            blanks.add(ch)
            continue
        return None
    return blanks


def symbol_index(ch: str, symbols: str) -> int:
    """Index of ``ch`` in ``symbols``, -1 for a blank character that is not a
    symbol; raises :class:`InvalidPuzzleError` for anything else.

    >>> symbol_index("x", "123456789"), symbol_index("c", "ABCDEF")
    (-1, 2)
    """
    i = symbols.find(ch) if len(ch) == 1 else -1
    if i >= 0:
        return i
    if len(ch) == 1:
        up = ch.upper()
        if up != ch and ch.lower() not in symbols and up in symbols:
            return symbols.index(up)
        if ch in BLANK_CHARS:
            return -1
    raise InvalidPuzzleError(f"unknown symbol {ch!r} (alphabet {symbols})")


def parse_cells(chars: str, symbols: str, first_column: int = 1) -> list[int]:
    """Indices of ``chars``; an unknown character raises ParseError naming its column.

    >>> parse_cells("1.a", "123456789ABCDEFG")
    [0, -1, 9]
    """
    table = _index_table(symbols)
    try:
        return [table[ch] for ch in chars]
    except KeyError:
        pass  # a character the table leaves out: read one at a time
    out = []
    for i, ch in enumerate(chars):
        try:
            out.append(symbol_index(ch, symbols))
        except InvalidPuzzleError as exc:
            raise ParseError(str(exc), column=first_column + i) from None
    return out


def _index_table(symbols: str) -> dict[str, int]:
    """:func:`symbol_index` of the characters most lines use (the symbols, (a table of :mod:`deduce.tables`)."""
    return table(("deduce.formats.base._index_table", symbols), lambda: _make_index_table(symbols))


def _make_index_table(symbols: str) -> dict[str, int]:
    """:func:`symbol_index` of the characters most lines use (the symbols,
    their lower case, the blanks), looked up at once."""
    table = {}
    for ch in (*symbols, *symbols.lower(), *BLANK_CHARS):
        with contextlib.suppress(InvalidPuzzleError):  # (a blank that is also a symbol's lower case)
            table[ch] = symbol_index(ch, symbols)
    return table


def jigsaw_geometry(region_map: Sequence[Any], lines: Sequence[int] | None = None) -> Geometry:
    """``Geometry.jigsaw`` after checking every id is an ASCII letter or digit
    (or a whole number), so ``²`` or ``٣`` is named rather than crashing
    ``int()``; ``lines`` (the line of each row) places the error."""
    from ..geometry import Geometry

    for i, row in enumerate(region_map):
        for k, x in enumerate(row if isinstance(row, (list, tuple)) else [row]):
            if isinstance(x, str) and not (x.isascii() and x.isalnum()):
                if lines is not None:
                    raise ParseError(f"region id {x!r} in column {k + 1} is not a letter or a digit", line=lines[i])
                raise InvalidPuzzleError(f"region id {x!r} is not a letter or a digit")
    return Geometry.jigsaw(region_map)


def loads(text: str) -> Any:
    """``json.loads`` whose every failure is a ParseError naming line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"invalid JSON: {exc.msg}", line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise ParseError("invalid JSON: nested too deeply") from None
    except ValueError as exc:  # a number of more than 4300 digits
        raise ParseError(f"invalid JSON: {exc}") from None
