"""``deduce rate``: difficulty ratings, streamed in input order."""

from __future__ import annotations

import argparse
from typing import Any

import time
from typing import TextIO

from .. import __version__
from ..engine import MULTIPLE_SOLUTIONS, NO_SOLUTION
from ..formats import Entry
from .common import EXIT_BAD_INPUT, EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK, Output, input_options


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("rate", help="difficulty: SE-style ER/EP/ED and HoDoKu-style score and level")
    input_options(p)
    p.add_argument("--csv", action="store_true", help="CSV output with a header row")
    p.add_argument("--jobs", type=int, default=0, help="worker processes (default: every core)")
    p.add_argument("--timeout", type=float, help="seconds per puzzle (checked between steps); status timeout after")
    p.add_argument("--no-uniqueness", action="store_true", help="never use uniqueness techniques")
    p.set_defaults(run=cmd_rate)


def cmd_rate(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Any) -> int:
    from ..rating import Rater, Rating, rate_all

    if args.jobs < 0 or (args.timeout is not None and args.timeout <= 0):
        io.warn("--jobs must be at least 1 and --timeout above 0")
        return EXIT_BAD_INPUT
    if args.csv and args.json:
        io.warn("choose one of --csv and --json")
        return EXIT_BAD_INPUT
    good = [e.puzzle for e in entries if e.puzzle is not None]
    settings = dict(Rater(uniqueness=not args.no_uniqueness, time_limit=args.timeout).settings)
    settings_text = ";".join(f"{k}={v}" for k, v in settings.items())
    table = RateTable(io, args, settings_text)
    progress = Progress(len(good), io.err)
    ratings = rate_all(good, jobs=args.jobs or None, uniqueness=not args.no_uniqueness, time_limit=args.timeout)
    bad = False
    last: Rating | None = None
    table.header()
    for entry in entries:
        if entry.error is not None:
            bad = True
            progress.clear()
            io.warn(str(entry.error))
            if args.json:
                io.json({"status": "invalid", "line": entry.line, "error": str(entry.error)})
            continue
        last = next(ratings)
        progress.clear()
        table.row(entry.line, last)
        progress.advance()
    progress.clear()
    if bad:
        return EXIT_BAD_INPUT
    if len(entries) == 1 and last is not None:
        return {NO_SOLUTION: EXIT_NO_SOLUTION, MULTIPLE_SOLUTIONS: EXIT_MULTIPLE}.get(last.status, EXIT_OK)
    return EXIT_OK


class RateTable:
    """Writes ratings as a table, CSV or JSON Lines, one row as each arrives."""

    CSV_FIELDS = ("line", "puzzle", "er", "ep", "ed", "score", "level", "hardest", "backtracking", "seconds",
                  "status", "deduce", "settings")

    def __init__(self, io: Output, args: argparse.Namespace, settings: str):
        import csv

        self.io = io
        self.mode = "csv" if args.csv else "json" if args.json else "table"
        self.settings = settings
        self.writer = csv.writer(io.out, lineterminator="\n")

    def header(self) -> None:
        if self.mode == "csv":
            self.writer.writerow(self.CSV_FIELDS)
        elif self.mode == "table":
            self.io.print(f"# deduce {__version__} rate ({self.settings})")
            self.io.print(f"{'line':>5} {'ER':>4} {'EP':>4} {'ED':>4} {'score':>6} {'level':8} {'bt':3} "
                          f"{'seconds':>7} {'status':25} {'hardest':28} puzzle")

    def row(self, line: int, r: Any) -> None:
        def num(x: float | None) -> str:
            return "-" if x is None else f"{x:.1f}"

        if self.mode == "json":
            doc = {"line": line, **r.as_dict()}
            self.io.json(doc)
            return
        if self.mode == "csv":
            doc = r.as_dict()
            doc["settings"] = self.settings
            self.writer.writerow([line if k == "line" else "" if doc[k] is None else doc[k]
                                  for k in self.CSV_FIELDS])
        else:
            self.io.print(f"{line:>5} {num(r.er):>4} {num(r.ep):>4} {num(r.ed):>4} "
                          f"{'-' if r.score is None else r.score:>6} {r.level or '-':8} "
                          f"{'yes' if r.backtracking else 'no':3} {r.seconds:7.2f} {r.status:25} "
                          f"{r.hardest or '-':28} {r.puzzle}")
        self.io.out.flush()


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


