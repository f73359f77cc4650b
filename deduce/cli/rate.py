"""``deduce rate``: difficulty ratings, streamed in input order.

Every input puzzle gives exactly one record, in input order: its rating, or
for a line that is not a puzzle a comment ``# line N: reason`` (table), a
row with status ``invalid`` and the reason in the ``error`` column (CSV),
or an object with status ``invalid`` (JSON, with ``schema``, the deduce
version and the settings like every row).

``--output OUT`` writes the records to OUT as they arrive; ``--resume``
continues a run that was stopped: it keeps OUT's complete records (they
must be this input's first ones, rated with the same settings), drops a
half-written last line, and rates the rest, so that OUT ends as an
uninterrupted run's would, apart from timings.

SIGTERM, SIGINT (Ctrl-C) and SIGHUP stop the workers at once and end the
run with one line on standard error; every record written so far is
complete.

Exit status: 2 if any line was malformed, else 70 if any puzzle's rating
failed inside deduce (status ``error``), else 4 if any timed out, else 0;
for one puzzle also 1 (no solution) and 3 (several solutions); 128 plus
the signal's number when stopped by a signal.
"""

from __future__ import annotations

import argparse
import csv
import io as _io
import json
import os
import re
import signal
import time
from typing import Any, Generator, Iterator, TextIO

from .. import __version__
from ..engine import MULTIPLE_SOLUTIONS, NO_SOLUTION
from ..formats import Entry
from ..render.json import SCHEMA
from ..techniques import NESTED_LEVELS
from .common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_MULTIPLE,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    EXIT_TIMEOUT,
    Output,
    combine,
    input_options,
)

INVALID, ERROR, TIMEOUT = "invalid", "error", "timeout"


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("rate", help="difficulty: SE-style ER/EP/ED and HoDoKu-style score and level")
    input_options(p)
    p.add_argument("--csv", action="store_true", help="CSV output with a header row")
    p.add_argument("--jobs", type=int, default=0,
                   help="worker processes (default: every core); with --scheduler local, Dask workers")
    p.add_argument("--timeout", type=float,
                   help="seconds per puzzle, for its whole rating; status timeout after (exit status 4)")
    p.add_argument("--no-uniqueness", action="store_true", help="never use uniqueness techniques")
    p.add_argument("--nested", type=int, default=0, metavar="LEVEL",
                   help="also try nested forcing chains up to LEVEL (2-5, Sudoku Explainer's nested levels: "
                        "ER 9.5-11.0) before trial and error; slow (minutes to hours on the hardest puzzles), "
                        "so best with --timeout")
    p.add_argument("--output", "-o", metavar="OUT", help="write the records to OUT as they arrive")
    p.add_argument("--resume", action="store_true",
                   help="continue a stopped run from the records already in OUT (needs --output)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="rate on a Dask cluster: tcp://host:8786, a scheduler file, or 'local' "
                        "(a local cluster of --jobs workers); needs deduce-sudoku[dask]")
    p.add_argument("--batch-size", type=int, help="puzzles per Dask task (default: deduce.rating.cluster.BATCH_SIZE)")
    p.set_defaults(run=cmd_rate)


def _usage_error(args: argparse.Namespace) -> str | None:
    if args.jobs < 0:
        return "--jobs must be at least 1"
    if args.timeout is not None and not args.timeout > 0:
        return "--timeout must be above 0 seconds"
    if args.csv and args.json:
        return "choose one of --csv and --json"
    if args.resume and not args.output:
        return "--resume needs --output OUT (the file to continue)"
    if args.nested and args.nested not in NESTED_LEVELS:
        return f"--nested must be a nesting level from {min(NESTED_LEVELS)} to {max(NESTED_LEVELS)}"
    if args.batch_size is not None and (args.batch_size < 1 or not args.scheduler):
        return "--batch-size needs --scheduler and must be at least 1"
    return None


def cmd_rate(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Any) -> int:
    from ..rating import Rater

    problem = _usage_error(args)
    if problem:
        io.warn(problem)
        return EXIT_BAD_INPUT
    settings = dict(Rater(uniqueness=not args.no_uniqueness, time_limit=args.timeout, nested=args.nested).settings)
    mode = "csv" if args.csv else "json" if args.json else "table"
    statuses: list[str] = []
    out = io.out
    if args.output:
        if args.file != "-" and os.path.exists(args.output) and os.path.samefile(args.file, args.output):
            io.warn(f"--output {args.output} is the input file: choose another")
            return EXIT_BAD_INPUT
        try:
            if args.resume and os.path.exists(args.output):
                statuses = resume(args.output, entries, mode, settings)
            # kept open for the whole run (closed below), so not a with block
            out = open(args.output, "a" if statuses or args.resume else "w", encoding="utf-8")  # noqa: SIM115
        except ResumeError as exc:
            io.warn(str(exc))
            return EXIT_BAD_INPUT
        except OSError as exc:
            io.warn(f"{args.output}: {exc.strerror or exc}")
            return EXIT_BAD_INPUT
    try:
        return _rate(args, entries, Output(out, io.err), settings, mode, statuses)
    finally:
        if out is not io.out:
            out.close()


def _rate(args: argparse.Namespace, entries: list[Entry], io: Output, settings: dict[str, Any],
          mode: str, statuses: list[str]) -> int:
    """Rate the entries after the ``statuses`` already written (resumed) and
    write their records; the exit status covers all of them."""
    from ..errors import DeduceError

    table = RateTable(io, mode, settings)
    todo = entries[len(statuses):]
    good = [e.puzzle for e in todo if e.puzzle is not None]
    progress = Progress(len(good), io.err)
    close = None
    with Signals() as signals:
        try:
            if args.scheduler and good:
                from ..rating.cluster import connect

                client, close = connect(args.scheduler, args.jobs or None)
                ratings = _ratings(args, good, client=client)
            else:
                ratings = _ratings(args, good, jobs=args.jobs or None)
            try:
                if not statuses:
                    with signals.deferred():
                        table.header()
                for entry in todo:
                    if entry.error is not None:
                        progress.clear()
                        io.warn(str(entry.error))
                        with signals.deferred():
                            table.invalid(entry.line, str(entry.error))
                        statuses.append(INVALID)
                        continue
                    rating = next(ratings)
                    progress.clear()
                    with signals.deferred():
                        table.row(entry.line, rating)
                    statuses.append(rating.status)
                    progress.advance()
            finally:
                ratings.close()
        except Interrupted as stop:
            progress.clear()
            name = signal.Signals(stop.signum).name
            rest = "; continue with --resume" if args.output else ""
            io.warn(f"stopped by {name} after {len(statuses)} of {len(entries)} records{rest}")
            return 128 + stop.signum
        except DeduceError as exc:   # the cluster cannot be used
            progress.clear()
            io.warn(str(exc))
            return EXIT_BAD_INPUT
        finally:
            progress.clear()
            if close is not None:
                close()
    return exit_status(statuses)


def _ratings(args: argparse.Namespace, puzzles: list[Any], **where: Any) -> Generator[Any, None, None]:
    from ..rating import rate_all

    return rate_all(puzzles, uniqueness=not args.no_uniqueness, time_limit=args.timeout,
                    batch_size=args.batch_size, nested=args.nested, **where)


def exit_status(statuses: list[str]) -> int:
    """The exit status of a run whose records have ``statuses``: the most
    severe outcome wins, as for every command (:func:`.common.combine`)."""
    codes = {INVALID: EXIT_BAD_INPUT, ERROR: EXIT_INTERNAL, TIMEOUT: EXIT_TIMEOUT,
             NO_SOLUTION: EXIT_NO_SOLUTION, MULTIPLE_SOLUTIONS: EXIT_MULTIPLE}
    return combine([codes.get(s, EXIT_OK) for s in statuses])


# -- signals -----------------------------------------------------------------------

class Interrupted(BaseException):
    """SIGTERM, SIGINT or SIGHUP arrived.

    A :class:`BaseException`, as :class:`KeyboardInterrupt` is: it may be
    raised anywhere in the main thread, and the ``except Exception`` that
    turns a failed rating into a record with status ``error`` (in-process
    with ``--jobs 1``, or while waiting on a Dask future) must not catch it.
    """

    def __init__(self, signum: int):
        self.signum = signum
        super().__init__(signum)


class Signals:
    """Turns SIGTERM, SIGINT and SIGHUP into :class:`Interrupted`, but never
    in the middle of writing a record (:meth:`deferred`)."""

    NAMES = ("SIGTERM", "SIGINT", "SIGHUP")

    def __init__(self) -> None:
        self.writing = False
        self.fired = False
        self.pending: int | None = None
        self.saved: dict[int, Any] = {}

    def __enter__(self) -> Signals:
        try:
            for name in self.NAMES:
                if hasattr(signal, name):
                    sig = getattr(signal, name)
                    self.saved[sig] = signal.signal(sig, self._handle)
        except ValueError:   # not the main thread: leave signals alone
            self.__exit__()
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self.saved.items():
            signal.signal(sig, handler)
        self.saved.clear()

    def _handle(self, signum: int, frame: Any) -> None:
        if self.fired:          # already stopping: let the cleanup finish
            return
        if self.writing:
            self.pending = signum
        else:
            self.fired = True
            raise Interrupted(signum)

    def deferred(self) -> _Deferred:
        return _Deferred(self)


class _Deferred:
    def __init__(self, signals: Signals):
        self.signals = signals

    def __enter__(self) -> None:
        self.signals.writing = True

    def __exit__(self, *exc: object) -> None:
        self.signals.writing = False
        if self.signals.pending is not None and not exc[0] and not self.signals.fired:
            self.signals.fired = True
            raise Interrupted(self.signals.pending)


# -- output ------------------------------------------------------------------------

class RateTable:
    """Writes ratings as a table, CSV or JSON Lines, one record as each arrives."""

    CSV_FIELDS = ("line", "puzzle", "er", "ep", "ed", "score", "level", "hardest", "backtracking", "seconds",
                  "status", "deduce", "settings", "error")

    def __init__(self, io: Output, mode: str, settings: dict[str, Any]):
        self.io = io
        self.mode = mode
        self.settings = settings
        self.settings_text = settings_text(settings)
        self.writer = csv.writer(io.out, lineterminator="\n")

    def header(self) -> None:
        if self.mode == "csv":
            self.writer.writerow(self.CSV_FIELDS)
        elif self.mode == "table":
            self.io.print(table_header(self.settings_text))
            self.io.print(f"{'line':>5} {'ER':>4} {'EP':>4} {'ED':>4} {'score':>6} {'level':8} {'bt':3} "
                          f"{'seconds':>7} {'status':25} {'hardest':28} puzzle")
        self.io.out.flush()

    def invalid(self, line: int, reason: str) -> None:
        """The record of an input line that is not a puzzle."""
        if self.mode == "json":
            self.io.json({"schema": SCHEMA, "line": line, "status": INVALID, "error": reason,
                          "deduce": __version__, "settings": self.settings})
            return
        if self.mode == "csv":
            self.writer.writerow([line] + [""] * 9 + [INVALID, __version__, self.settings_text, reason])
        else:
            said = _TABLE_INVALID.match(f"# {reason}")    # the reason names its line already
            self.io.print(f"# {reason}" if said and int(said.group(1)) == line else f"# line {line}: {reason}")
        self.io.out.flush()

    def row(self, line: int, r: Any) -> None:
        def num(x: float | None) -> str:
            return "-" if x is None else f"{x:.1f}"

        if self.mode == "json":
            doc = r.as_dict()
            self.io.json({"schema": doc.pop("schema"), "line": line, **doc})
            return
        if self.mode == "csv":
            doc = r.as_dict()
            doc["settings"] = self.settings_text
            self.writer.writerow([line if k == "line" else "" if doc.get(k) is None else doc[k]
                                  for k in self.CSV_FIELDS])
        else:
            self.io.print(f"{line:>5} {num(r.er):>4} {num(r.ep):>4} {num(r.ed):>4} "
                          f"{'-' if r.score is None else r.score:>6} {r.level or '-':8} "
                          f"{'yes' if r.backtracking else 'no':3} {r.seconds:7.2f} {r.status:25} "
                          f"{r.hardest or '-':28} {r.puzzle}")
            if r.error:
                self.io.print(f"# error on line {line}: {r.error}")
        self.io.out.flush()


def settings_text(settings: dict[str, Any]) -> str:
    return ";".join(f"{k}={v}" for k, v in settings.items())


def table_header(text: str) -> str:
    return f"# deduce {__version__} rate ({text})"


# -- resume ------------------------------------------------------------------------

class ResumeError(ValueError):
    """OUT cannot be continued with this input and these settings."""


_TABLE_ROW = re.compile(r"\s*(\d+)\s")
_TABLE_INVALID = re.compile(r"# line (\d+)[:,] ")


def resume(path: str, entries: list[Entry], mode: str, settings: dict[str, Any]) -> list[str]:
    """The statuses of the complete records at the start of OUT (``path``),
    after checking that they are this input's first entries rated with these
    settings; OUT is cut after the last complete record (a half-written line
    is dropped)."""
    with open(path, "rb") as fh:
        data = fh.read()
    keep = data.rfind(b"\n") + 1
    try:
        lines = data[:keep].decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise ResumeError(f"{path}: not a deduce rate output (not UTF-8); cannot resume") from None
    records = list(_records(path, lines, mode, settings))
    if len(records) > len(entries):
        raise ResumeError(f"{path}: holds {len(records)} records, more than the input's {len(entries)} "
                          f"puzzles; cannot resume")
    for number, ((line, puzzle, status), entry) in enumerate(zip(records, entries), 1):
        expected = entry.puzzle.givens_string() if entry.puzzle is not None else None
        if line != entry.line or (puzzle is not None and status != INVALID and puzzle != expected):
            raise ResumeError(f"{path}: record {number} is line {line} ({puzzle or status}), but the input's "
                              f"puzzle {number} is line {entry.line}: not this input's output; cannot resume")
    if not records:
        keep = 0    # no record yet: the header is written again, whole
    if keep < len(data):
        with open(path, "r+b") as fh:
            fh.truncate(keep)
    return [status for _, _, status in records]


def _records(path: str, lines: list[str], mode: str, settings: dict[str, Any]) -> Iterator[tuple[int, str | None, str]]:
    """(input line, puzzle, status) of each record of an output."""
    expect = json.loads(json.dumps(settings))
    text = settings_text(settings)

    def mismatch(where: int) -> ResumeError:
        return ResumeError(f"{path}, line {where}: rated with other settings or another deduce version "
                           f"(this run: deduce {__version__}, {text}); cannot resume")

    def unreadable(where: int) -> ResumeError:
        return ResumeError(f"{path}, line {where}: not a record of deduce rate in {mode} form; cannot resume")

    if mode == "csv":
        rows = list(csv.reader(_io.StringIO("\n".join(lines) + "\n"))) if lines else []
        if rows and tuple(rows[0]) != RateTable.CSV_FIELDS:
            raise unreadable(1)
        for where, row in enumerate(rows[1:], 2):
            doc = dict(zip(RateTable.CSV_FIELDS, row))
            if len(row) != len(RateTable.CSV_FIELDS) or not doc["line"].isdigit():
                raise unreadable(where)
            if doc["settings"] != text or doc["deduce"] != __version__:
                raise mismatch(where)
            yield int(doc["line"]), doc["puzzle"] or None, doc["status"]
        return
    for where, line in enumerate(lines, 1):
        if mode == "json":
            try:
                doc = json.loads(line)
                number, status = int(doc["line"]), str(doc["status"])
            except (ValueError, KeyError, TypeError):
                raise unreadable(where) from None
            if doc.get("settings") != expect or doc.get("deduce") != __version__:
                raise mismatch(where)
            yield number, doc.get("puzzle"), status
            continue
        if where == 1:
            if line != table_header(text):
                raise mismatch(where) if line.startswith("# deduce ") else unreadable(where)
            continue
        invalid = _TABLE_INVALID.match(line)
        if invalid:
            yield int(invalid.group(1)), None, INVALID
        elif line.startswith("#") or line.split()[:1] == ["line"]:
            continue    # the column header, or the reason after an error row
        elif _TABLE_ROW.match(line) and len(line.split()) >= 10:
            fields = line.split()
            yield int(fields[0]), fields[-1], fields[8]
        else:
            raise unreadable(where)


class Progress:
    """A one-line progress bar on standard error, only when it is a terminal."""

    def __init__(self, total: int, stream: TextIO):
        self.total = total
        self.done = 0
        self.stream = stream
        self.active = total > 1 and hasattr(stream, "isatty") and stream.isatty()
        self.start = time.monotonic()
        self.shown = False

    def advance(self) -> None:
        self.done += 1
        if not self.active:
            return
        width = 30
        filled = width * self.done // self.total
        elapsed = time.monotonic() - self.start
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                          f"{elapsed:.0f} s")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False
