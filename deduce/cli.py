"""The ``deduce`` command line tool.

    deduce solve   [FILE|-] [--all] [--json] [--format F]
    deduce explain [FILE|-] [--json] [--only CODES] [--exclude CODES]
    deduce count   [FILE|-] [--limit N] [--json]
    deduce hint    [FILE|-] [--level nudge|clue|full] [--json]
    deduce rate    [FILE|-] [--csv | --json] [--jobs N] [--timeout S] [--no-uniqueness]
    deduce techniques [NAME]

Exit status: 0 solved with a unique solution; 1 no solution; 2 malformed
input; 3 several solutions.  For a file of several puzzles: 2 if any entry
was malformed, else 0 (each puzzle's outcome is on its own output line).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Callable, Sequence, TextIO

from . import __version__, backtrack
from .engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, SOLVED_WITH_BACKTRACKING, SolveResult, Solver
from .errors import Contradiction, DeduceError
from .formats import CANDIDATES, Entry, entry_state, read_puzzles, write_solution
from .render.json import SCHEMA, result_to_json, step_to_json
from .render.text import TextRenderer
from .techniques import PROFILES, select

EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT, EXIT_MULTIPLE = 0, 1, 2, 3


class Output:
    """Where the command writes; kept apart so tests can capture it."""

    def __init__(self, out: TextIO, err: TextIO):
        self.out = out
        self.err = err

    def print(self, text: str = "") -> None:
        print(text, file=self.out)

    def warn(self, text: str) -> None:
        print(f"deduce: {text}", file=self.err)

    def json(self, doc: dict[str, Any]) -> None:
        print(json.dumps(doc, ensure_ascii=False), file=self.out)
        self.out.flush()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="deduce", description="Solve, explain and count Sudoku-family puzzles.")
    parser.add_argument("--version", action="version", version=f"deduce {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("file", nargs="?", default="-", help="puzzle file, or - for standard input (default)")
        p.add_argument("--format", dest="fmt", help="input format (detected when not given)")
        p.add_argument("--symbols", help="alphabet, e.g. ABCDEF (default 1-9 then A-Z)")
        p.add_argument("--json", action="store_true", help="JSON Lines output, one object per puzzle")

    def technique_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--only", help="use only these techniques (codes, names or families, comma-separated)")
        p.add_argument("--exclude", help="never use these techniques")
        p.add_argument("--no-uniqueness", action="store_true", help="never use uniqueness techniques")
        p.add_argument("--profile", choices=sorted(PROFILES), default="deduce",
                       help="technique set and order of trial: deduce (default), full (adds mutant fish and "
                            "nested forcing chains), se (Sudoku Explainer's), hodoku (HoDoKu's)")

    p = sub.add_parser("solve", help="print the solution in the input's own format")
    common(p)
    technique_options(p)
    p.add_argument("--all", action="store_true", help="print every solution")
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser("explain", help="print numbered, explained steps and the solution")
    common(p)
    technique_options(p)
    p.add_argument("--html", metavar="OUT.html", help="also write a standalone page with every step's picture")
    p.set_defaults(run=cmd_explain)

    p = sub.add_parser("hint", help="the next step only, from a partly filled or pencil-marked grid")
    common(p)
    technique_options(p)
    p.add_argument("--level", choices=["nudge", "clue", "full"], default="full", help="how much to say")
    p.set_defaults(run=cmd_hint)

    p = sub.add_parser("rate", help="difficulty: SE-style ER/EP/ED and HoDoKu-style score and level")
    common(p)
    p.add_argument("--csv", action="store_true", help="CSV output with a header row")
    p.add_argument("--jobs", type=int, default=0, help="worker processes (default: every core)")
    p.add_argument("--timeout", type=float, help="seconds per puzzle (checked between steps); status timeout after")
    p.add_argument("--no-uniqueness", action="store_true", help="never use uniqueness techniques")
    p.set_defaults(run=cmd_rate)

    p = sub.add_parser("techniques", help="the technique catalogue, or one technique with an example")
    p.add_argument("name", nargs="?", help="a technique code or name")
    p.set_defaults(run=None)

    p = sub.add_parser("count", help="count solutions, up to a limit")
    common(p)
    p.add_argument("--limit", type=int, default=1000, help="stop counting here (default 1000)")
    p.set_defaults(run=cmd_count)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    io = Output(out or sys.stdout, err or sys.stderr)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return EXIT_BAD_INPUT if exc.code else EXIT_OK
    if args.command == "techniques":
        from .catalogue import print_catalogue

        return print_catalogue(args.name, io.print, io.warn)
    try:
        text = _read_input(args.file)
    except OSError as exc:
        io.warn(f"{args.file}: {exc.strerror or exc}")
        return EXIT_BAD_INPUT
    except UnicodeDecodeError:
        io.warn(f"{args.file}: not a text file (UTF-8 expected)")
        return EXIT_BAD_INPUT
    try:
        entries = list(read_puzzles(text, args.fmt, symbols=args.symbols))
        solver = _solver(args) if hasattr(args, "only") else None
    except (DeduceError, KeyError) as exc:
        io.warn(str(exc).strip("'\""))
        return EXIT_BAD_INPUT
    if not entries:
        io.warn(f"{args.file}: no puzzle found")
        return EXIT_BAD_INPUT
    run: Callable[..., int] = args.run
    try:
        return run(args, entries, io, solver)
    except BrokenPipeError:
        return EXIT_OK


def _read_input(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    with open(name, encoding="utf-8") as fh:
        return fh.read()


def _solver(args: argparse.Namespace) -> Solver:
    only = select(args.only) if args.only else None
    exclude = select(args.exclude) if args.exclude else set()
    return Solver(profile=args.profile, only=only, exclude=exclude, uniqueness=not args.no_uniqueness)


def _each(entries: list[Entry], io: Output, args: argparse.Namespace,
          handle: Callable[[Entry], int]) -> int:
    """Run ``handle`` on every entry; report bad ones and carry on."""
    single = len(entries) == 1
    bad = False
    status = EXIT_OK
    for entry in entries:
        if entry.error is not None:
            bad = True
            io.warn(str(entry.error))
            if args.json:
                io.json({"schema": SCHEMA, "status": "invalid", "line": entry.line, "error": str(entry.error)})
            continue
        status = handle(entry)
    if bad:
        return EXIT_BAD_INPUT
    return status if single else EXIT_OK


def _exit_for(result: SolveResult) -> int:
    if result.status == NO_SOLUTION:
        return EXIT_NO_SOLUTION
    if result.status == MULTIPLE_SOLUTIONS:
        return EXIT_MULTIPLE
    return EXIT_OK


def _where(entry: Entry, many: bool) -> str:
    return f"line {entry.line}: " if many else ""


def cmd_solve(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Solver) -> int:
    many = len(entries) > 1

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        if args.all:
            return _solve_all(entry, io, args, many)
        result = _solve_entry(solver, entry)
        if args.json:
            io.json(result_to_json(result))
        elif result.solution is None:
            io.print("no solution")
        else:
            io.print(write_solution(puzzle, result.solution, entry.format, entry.extra))
        if result.status == NO_SOLUTION:
            io.warn(f"{_where(entry, many)}no solution: {result.reason}")
        elif result.status == MULTIPLE_SOLUTIONS:
            io.warn(f"{_where(entry, many)}the puzzle has several solutions; printed the first")
        return _exit_for(result)

    return _each(entries, io, args, handle)


def _solve_all(entry: Entry, io: Output, args: argparse.Namespace, many: bool) -> int:
    puzzle = entry.puzzle
    assert puzzle is not None
    count = 0
    try:
        for sol in backtrack.iter_solutions(puzzle):
            count += 1
            if args.json:
                io.json({"schema": SCHEMA, "puzzle": puzzle.givens_string(), "index": count,
                         "solution": "".join(puzzle.symbols[v] for v in sol)})
                continue
            text = write_solution(puzzle, sol, entry.format, entry.extra)
            if count > 1 and "\n" in text:
                io.print()
            io.print(text)
    except Contradiction as exc:
        io.warn(f"{_where(entry, many)}no solution: {exc.reason}")
        return EXIT_NO_SOLUTION
    if count == 0:
        if not args.json:
            io.print("no solution")
        io.warn(f"{_where(entry, many)}no solution")
        return EXIT_NO_SOLUTION
    return EXIT_OK if count == 1 else EXIT_MULTIPLE


def cmd_explain(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Solver) -> int:
    many = len(entries) > 1

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        result = _solve_entry(solver, entry)
        if args.html:
            _write_html(args.html, result, entry, io, many)
        if args.json:
            io.json(result_to_json(result, steps=True))
            return _exit_for(result)
        if many:
            io.print(f"# line {entry.line}: {puzzle.givens_string()}")
        renderer = TextRenderer(puzzle)
        for i, step in enumerate(result.steps, 1):
            io.print(f"{i}. {renderer.explain(step)}")
        if result.status == NO_SOLUTION:
            io.print(f"No solution: {result.reason}.")
        else:
            if result.status == MULTIPLE_SOLUTIONS:
                io.print("The puzzle has several solutions; the first found is:")
            elif result.backtracking:
                io.print("Solution (trial and error was needed):")
            else:
                io.print("Solution (by logic alone):")
            assert result.solution is not None
            io.print(write_solution(puzzle, result.solution, entry.format, entry.extra))
        if many:
            io.print()
        return _exit_for(result)

    return _each(entries, io, args, handle)


def _solve_entry(solver: Solver, entry: Entry) -> SolveResult:
    assert entry.puzzle is not None
    if entry.format == CANDIDATES:
        return solver.solve(entry_state(entry))
    return solver.solve(entry.puzzle)


def _write_html(path: str, result: SolveResult, entry: Entry, io: Output, many: bool) -> None:
    from .render.html import result_html

    if many:
        stem, dot, ext = path.rpartition(".")
        path = f"{stem}-line{entry.line}.{ext}" if dot else f"{path}-line{entry.line}"
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(result_html(result, title=f"deduce: {entry.puzzle.givens_string() if entry.puzzle else ''}"))
    except OSError as exc:
        io.warn(f"{path}: {exc.strerror or exc}")


def cmd_hint(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Solver) -> int:
    from .hint import hint, position

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        state = entry_state(entry) if entry.format == CANDIDATES else position(puzzle)
        h = hint(state, solver)
        if h.mistake:
            return _report_mistake(h.mistake, args, io, [puzzle.geometry.cell_name(c) for c in h.cells])
        if h.step is None:
            text = "No technique in the enabled set applies from here; trial and error is needed."
            if args.json:
                io.json({"schema": SCHEMA, "status": "stuck", "hint": text})
            else:
                io.print(text)
            return EXIT_OK
        renderer = TextRenderer(puzzle)
        if args.json:
            io.json({"schema": SCHEMA, "status": "hint", "step": step_to_json(h.step, puzzle, renderer)})
        elif args.level == "full":
            io.print(renderer.explain(h.step))
        else:
            io.print(renderer.text(h.step, args.level))
        return EXIT_OK

    return _each(entries, io, args, handle)


def _report_mistake(text: str, args: argparse.Namespace, io: Output, cells: list[str] | None = None) -> int:
    message = text[0].upper() + text[1:] + "."
    if args.json:
        io.json({"schema": SCHEMA, "status": "mistake", "mistake": message, "cells": cells or []})
    else:
        io.print(message)
    return EXIT_NO_SOLUTION


def cmd_count(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Any) -> int:
    if args.limit < 1:
        io.warn("--limit must be at least 1")
        return EXIT_BAD_INPUT

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        first, count = None, 0
        try:
            for sol in backtrack.iter_solutions(puzzle):
                first = first if first is not None else sol
                count += 1
                if count >= args.limit:
                    break
        except Contradiction:
            pass
        limit_reached = count >= args.limit
        if args.json:
            status = NO_SOLUTION if count == 0 else SOLVED_WITH_BACKTRACKING if count == 1 else MULTIPLE_SOLUTIONS
            io.json({"schema": SCHEMA, "puzzle": puzzle.givens_string(), "status": status,
                     "backtracking": True, "count": count, "limit_reached": limit_reached,
                     "solution": "".join(puzzle.symbols[v] for v in first) if first is not None else None})
        else:
            io.print(f"{count}+" if limit_reached else str(count))
        return EXIT_NO_SOLUTION if count == 0 else EXIT_OK if count == 1 else EXIT_MULTIPLE

    return _each(entries, io, args, handle)


def cmd_rate(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Any) -> int:
    from .rating import Rater, Rating, rate_all

    if args.jobs < 0 or (args.timeout is not None and args.timeout <= 0):
        io.warn("--jobs must be at least 1 and --timeout above 0")
        return EXIT_BAD_INPUT
    if args.csv and args.json:
        io.warn("choose one of --csv and --json")
        return EXIT_BAD_INPUT
    good = [e.puzzle for e in entries if e.puzzle is not None]
    settings = dict(Rater(uniqueness=not args.no_uniqueness, timeout=args.timeout).settings)
    settings_text = ";".join(f"{k}={v}" for k, v in settings.items())
    table = RateTable(io, args, settings_text)
    progress = Progress(len(good), io.err)
    ratings = rate_all(good, jobs=args.jobs or None, uniqueness=not args.no_uniqueness, timeout=args.timeout)
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


def entry_point() -> None:
    try:
        code = main()
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        # the reader went away (``deduce techniques | head``): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_OK
    sys.exit(code)
