"""What every command shares: where output goes, exit codes, reading input,
the solver options and the loop over a file's puzzles.

Every input puzzle gives exactly one *record*: a line (or block) of text, or
one JSON object with a ``status``.  A bad entry's record is a comment line
``# line N: reason`` (so a text output still reads back as a puzzle file) or
``{"status": "invalid", ...}``; a timed-out one ``# line N: timeout: ...``
or ``{"status": "timeout", ...}``; an unexpected error ``# line N: internal
error: ...`` or ``{"status": "error", ...}``.  The run goes on.

Exit codes (one table, also in the README):

>>> [EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT, EXIT_MULTIPLE, EXIT_TIMEOUT, EXIT_LIMIT, EXIT_INTERNAL]
[0, 1, 2, 3, 4, 5, 70]

For several puzzles the most severe outcome wins, in the order of
:data:`SEVERITY`:

>>> combine([EXIT_OK, EXIT_MULTIPLE, EXIT_NO_SOLUTION]), combine([EXIT_TIMEOUT, EXIT_BAD_INPUT]), combine([])
(1, 2, 0)
"""

from __future__ import annotations

import argparse
import json
import traceback
from typing import Any, Callable, Iterable, TextIO

from .. import deadline
from ..engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, TIMEOUT, Solver, SolveResult
from ..errors import ParseError, SolveTimeout
from ..formats import CANDIDATES, Entry, entry_state
from ..render.schema import SCHEMA
from ..techniques import PROFILES, select

#: solved (a unique solution; or, for hint, a hint given)
EXIT_OK = 0
#: no solution (for hint: a mistake in the grid)
EXIT_NO_SOLUTION = 1
#: malformed input or options (one line names the place)
EXIT_BAD_INPUT = 2
#: several solutions
EXIT_MULTIPLE = 3
#: no answer within --timeout
EXIT_TIMEOUT = 4
#: count stopped at --limit (there are more solutions)
EXIT_LIMIT = 5
#: a bug: an unexpected exception (the traceback only with --debug)
EXIT_INTERNAL = 70

#: Most severe first: a batch exits with the first of these that any puzzle had.
SEVERITY = (EXIT_INTERNAL, EXIT_BAD_INPUT, EXIT_TIMEOUT, EXIT_NO_SOLUTION, EXIT_MULTIPLE, EXIT_LIMIT, EXIT_OK)

#: The exit codes in words, for ``--help``.
EXIT_HELP = ("exit status: 0 solved, 1 no solution, 2 malformed input or options, 3 several solutions, "
             "4 timeout, 5 count limit reached, 70 internal error; for several puzzles the most severe wins "
             "(70, 2, 4, 1, 3, 5, 0)")

INVALID = "invalid"
INTERNAL_ERROR = "error"
LIMIT_REACHED = "limit-reached"


def combine(codes: Iterable[int]) -> int:
    """The exit code of a batch: the most severe of its puzzles' codes."""
    seen = set(codes)
    return next((c for c in SEVERITY if c in seen), EXIT_OK)


def positive_float(text: str) -> float:
    """An option value in seconds, above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be above 0 (and finite), got {text!r}")
    return value


def input_options(p: argparse.ArgumentParser) -> None:
    """The input file and how to read it, plus JSON output."""
    p.add_argument("file", nargs="?", default="-", help="puzzle file, or - for standard input (default)")
    p.add_argument("--format", dest="fmt", help="input format (detected when not given)")
    p.add_argument("--symbols", help="alphabet, e.g. ABCDEF (default 1-9 then A-Z)")
    p.add_argument("--json", action="store_true", help="JSON Lines output, one object per puzzle")
    debug_option(p)


def debug_option(p: argparse.ArgumentParser) -> None:
    """``--debug``: show the traceback of an internal error."""
    p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                   help="on an internal error, print the traceback too")


def timeout_option(p: argparse.ArgumentParser) -> None:
    """``--timeout SECONDS`` per puzzle (status timeout, exit 4 after)."""
    p.add_argument("--timeout", type=positive_float, metavar="SECONDS",
                   help="seconds per puzzle, checked inside the search too; status timeout (exit 4) after")


def technique_options(p: argparse.ArgumentParser) -> None:
    """Which techniques a logical solve may use, and its time limit."""
    p.add_argument("--only", help="use only these techniques (codes, names or families, comma-separated)")
    p.add_argument("--exclude", help="never use these techniques")
    p.add_argument("--no-uniqueness", action="store_true", help="never use uniqueness techniques")
    p.add_argument("--profile", choices=sorted(PROFILES), default="deduce",
                   help="technique set and order of trial: deduce (default), full (adds mutant fish, "
                        "3D Medusa, nested forcing chains and templates), se (Sudoku Explainer's), hodoku (HoDoKu's)")
    timeout_option(p)


class Output:
    """Where the command writes; kept apart so tests can capture it.

    Every line is flushed as written, so an interrupted run leaves only
    complete lines behind.  While :func:`_each` runs a puzzle, ``line`` is
    its input line, added to every JSON object that does not name one.
    """

    def __init__(self, out: TextIO, err: TextIO, debug: bool = False):
        self.out = out
        self.err = err
        self.debug = debug
        self.line: int | None = None

    def print(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def warn(self, text: str) -> None:
        self.error_line(f"deduce: {text}")

    def error_line(self, text: str) -> None:
        """One line on standard error as it is (nothing if it is closed)."""
        if self.err is not None:
            print(text, file=self.err, flush=True)

    def json(self, doc: dict[str, Any]) -> None:
        if self.line is not None and "line" not in doc:
            doc = {**doc, "line": self.line}
        print(json.dumps(doc, ensure_ascii=False), file=self.out, flush=True)

    def internal(self, exc: BaseException, where: str = "") -> None:
        """One line for a bug; the traceback too under ``--debug``."""
        if self.debug and self.err is not None:
            self.err.write("".join(traceback.format_exception(exc)))
        self.warn(f"{where}{internal_message(exc)}")


def internal_message(exc: BaseException) -> str:
    """``internal error: <type>: <message>, please report`` on one line."""
    text = " ".join(str(exc).split())
    return f"internal error: {type(exc).__name__}{': ' + text if text else ''}, please report"


def _read_input(name: str) -> str:
    """The text of ``name`` or ``-`` (bounded, BOM and CRLF taken away);
    an input too large to be a puzzle file is an OSError naming the line."""
    from ..errors import DeduceError
    from ..formats import read_source

    try:
        return read_source(name)
    except DeduceError as exc:
        raise OSError(str(exc)) from None


def _solver(args: argparse.Namespace) -> Solver:
    only = select(args.only) if args.only else None
    exclude = select(args.exclude) if args.exclude else set()
    from ..rating import path_solver  # (the hodoku profile on HoDoKu's own path, as its score counts it)

    return path_solver(args.profile, only=only, exclude=exclude, uniqueness=not args.no_uniqueness)


def _each(entries: list[Entry], io: Output, args: argparse.Namespace,
          handle: Callable[[Entry], int], separator: str | None = None) -> int:
    """Run ``handle`` on every entry, each within ``--timeout``; give bad,
    timed-out and failed entries their record, and carry on.  The exit code
    is :func:`combine` of every entry's.  ``separator`` (a line) ends every
    entry's record, whatever its outcome."""
    many = len(entries) > 1
    codes = []
    seconds = getattr(args, "timeout", None)
    for entry in entries:
        if entry.error is not None:
            io.warn(_error_text(entry))
            record(io, args, entry, INVALID, str(entry.error), comment=_error_text(entry))
            codes.append(EXIT_BAD_INPUT)
        else:
            codes.append(_run_one(entry, io, args, handle, seconds, many))
        if separator is not None:
            io.print(separator)
    return combine(codes)


def _run_one(entry: Entry, io: Output, args: argparse.Namespace, handle: Callable[[Entry], int],
             seconds: float | None, many: bool) -> int:
    """One good entry's exit code; a timeout or a bug gets its record here."""
    io.line = entry.line
    try:
        with deadline.limit(seconds):
            return handle(entry)
    except SolveTimeout as exc:
        io.warn(f"{_where(entry, many)}timeout: {exc}")
        record(io, args, entry, TIMEOUT, str(exc))
        return EXIT_TIMEOUT
    except (BrokenPipeError, KeyboardInterrupt):
        raise
    except Exception as exc:  # a bug: report it, keep the batch going
        io.internal(exc, _where(entry, many))
        record(io, args, entry, INTERNAL_ERROR, internal_message(exc),
               comment=f"line {entry.line}: {internal_message(exc)}")
        return EXIT_INTERNAL
    finally:
        io.line = None


def record(io: Output, args: argparse.Namespace, entry: Entry, status: str, reason: str,
           comment: str | None = None, **fields: Any) -> None:
    """The record of an entry without an answer: a JSON object, or a comment
    line ``# line N: <status>: <reason>`` (``comment`` replaces the text
    after ``# ``)."""
    if getattr(args, "json", False):
        doc: dict[str, Any] = {"schema": SCHEMA, "line": entry.line, "status": status}
        if entry.puzzle is not None:
            doc["puzzle"] = entry.puzzle.givens_string()
        doc["error" if status == INVALID else "reason"] = reason
        doc.update(fields)
        io.json(doc)
    else:
        text = comment if comment is not None else f"line {entry.line}: {status.replace('-', ' ')}: {reason}"
        io.print("# " + " ".join(text.split()))


def _error_text(entry: Entry) -> str:
    """A bad entry's error, placed at its line."""
    error = entry.error
    if isinstance(error, ParseError) and error.line is not None:
        return str(error)
    return f"line {entry.line}: {error}"


def _warn_outcome(io: Output, result: SolveResult, entry: Entry, many: bool) -> None:
    """One line on standard error when a puzzle has no solution (and why)
    or several (the first found is shown)."""
    if result.status == NO_SOLUTION:
        io.warn(f"{_where(entry, many)}no solution: {result.reason}")
    elif result.status == MULTIPLE_SOLUTIONS:
        io.warn(f"{_where(entry, many)}the puzzle has several solutions; the first found is shown")


def _exit_for(result: SolveResult) -> int:
    if result.status == NO_SOLUTION:
        return EXIT_NO_SOLUTION
    if result.status == MULTIPLE_SOLUTIONS:
        return EXIT_MULTIPLE
    return EXIT_OK


def _where(entry: Entry, many: bool) -> str:
    return f"line {entry.line}: " if many else ""


def _target(entry: Entry) -> Any:
    """What to solve: the puzzle, or the pencil-mark position."""
    assert entry.puzzle is not None
    return entry_state(entry) if entry.format == CANDIDATES else entry.puzzle
