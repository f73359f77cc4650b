"""``deduce generate``: puzzles made to order (see :mod:`deduce.generate`).

Each puzzle is written as soon as it is found: in the kind's usual format
(a line for classic puzzles, Janko's layouts for jigsaws and killers, the
Latin-square seed's format), in ``--to FORMAT``, or as JSON Lines
(``--json``).  ``--output OUT`` writes them to OUT; ``--resume`` continues
a stopped run (same options and seed) after OUT's complete records.

Exit status: 0 every puzzle made; 2 a request that cannot be met (one line
says why) or bad options; 4 ``--timeout`` passed first (the puzzles found
so far are written).
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from ..errors import DeduceError
from ..formats import WRITABLE
from ..techniques import PROFILES
from .common import EXIT_BAD_INPUT, EXIT_OK, EXIT_TIMEOUT, Output, debug_option, positive_float
from .printing import PICTURES, add_print_options
from .rate import Progress

#: Formats a puzzle spreads over several lines in (a blank line between puzzles).
MULTILINE = {"grid", "bordered", "candidates", "janko-jigsaw", "janko-killer", "latin"}


def add_parsers(sub: Any) -> None:
    from ..generate import KINDS, SYMMETRIES

    p = sub.add_parser("generate", help="make puzzles to order: a kind, a level, an ER range, a technique ...")
    p.add_argument("--kind", choices=KINDS, default="classic", help="classic (default), jigsaw, killer or latin")
    p.add_argument("--size", type=int, default=9, help="grid size N (default 9)")
    p.add_argument("--box", metavar="RxC", help="box shape where a size has several (e.g. 2x3 or 3x2 for 6)")
    p.add_argument("--symbols", help="alphabet (default 1-9 then A-Z; letters A... for latin)")
    p.add_argument("--level", help="HoDoKu's level: easy, medium, hard, unfair or extreme")
    p.add_argument("--er", metavar="MIN-MAX", help="Sudoku Explainer's ER range, e.g. 3.0-4.5")
    p.add_argument("--score", metavar="MIN-MAX", help="HoDoKu's score range, e.g. 400-900")
    p.add_argument("--technique", metavar="CODES",
                   help="techniques the solve uses (codes, names or families, comma-separated; each is used)")
    p.add_argument("--first", action="store_true",
                   help="with --technique: the first step beyond singles (from the givens) uses it")
    p.add_argument("--practice", action="store_true",
                   help="with --technique (classic): a puzzle that uses it, written solved up to where it is "
                        "first needed (givens, placed digits, candidates; a HoDoKu line for 9x9, marks-line "
                        "otherwise, --to candidates for a grid): its first step beyond singles is the technique")
    p.add_argument("--exclude", metavar="CODES", help="techniques the solve must not use")
    p.add_argument("--profile", choices=sorted(PROFILES),
                   help="whose solve decides the techniques: hodoku (default for classic), deduce (default "
                        "for the other kinds), se or full")
    p.add_argument("--allow-backtracking", action="store_true", help="accept puzzles logic alone cannot finish")
    # -- symmetry (genprint) --
    p.add_argument("--symmetry", choices=SYMMETRIES, default="none", metavar="NAME",
                   help="symmetry of the givens' pattern, Sudoku Explainer's ten: none, vertical, horizontal "
                        "(the axis mirrors), diagonal, anti-diagonal, bi-diagonal (both diagonals), orthogonal "
                        "(both axis mirrors), half-turn (or rotational), quarter-turn, full (all eight); "
                        "mirror is vertical")
    p.add_argument("--region-symmetry", choices=SYMMETRIES, default="none", metavar="NAME",
                   help="jigsaw (and latin): the regions themselves have this symmetry (the same names)")
    # -- end symmetry --
    p.add_argument("--givens", type=int, metavar="N",
                   help="at most N givens (a killer has none unless this allows some)")
    p.add_argument("--minimal", action="store_true", help="no given can be removed without losing uniqueness")
    p.add_argument("--sum-only", action="store_true", help="killer cages whose digits may repeat")
    # killer layouts (see deduce.generate.cages)
    p.add_argument("--cage-sizes", metavar="MIN-MAX", help="killer: cells per cage, e.g. 2-5")
    p.add_argument("--max-single-cages", type=int, metavar="N",
                   help="killer: at most N one-cell cages (default: a few at Easy, none from Hard on)")
    p.add_argument("--cages", type=int, metavar="N", help="killer: exactly N cages")
    p.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
    p.add_argument("--seed", type=int, help="the same seed gives the same puzzles (default: a random one, "
                                            "written in --json records)")
    p.add_argument("--to", choices=[*WRITABLE, *PICTURES], metavar="FORMAT",
                   help=f"output format: {', '.join(WRITABLE)}, or to print: svg (each clean grid), pdf (a sheet "
                        f"of puzzles and one of answers) (default: the kind's usual one)")
    p.add_argument("--json", action="store_true", help="JSON Lines: one record per puzzle with its ratings")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1); with --scheduler local, "
                                                       "Dask workers")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="make the puzzles on a Dask cluster: tcp://host:8786, a scheduler file, or 'local'")
    p.add_argument("--output", "-o", metavar="OUT", help="write the puzzles to OUT as they are found")
    p.add_argument("--resume", action="store_true", help="continue a stopped run after OUT's complete records")
    p.add_argument("--timeout", type=positive_float, metavar="SECONDS", help="seconds for the whole run (exit 4 after)")
    add_print_options(p)   # (genprint)
    debug_option(p)
    p.set_defaults(run=None, standalone=cmd_generate)


def cmd_generate(args: argparse.Namespace, io: Output) -> int:
    from ..generate import GenerateError, GenerateTimeout, generate

    problem = _usage_error(args, io)
    if problem:
        io.warn(problem)
        return EXIT_BAD_INPUT
    try:
        done = _resume(args)
    except DeduceError as exc:
        io.warn(str(exc))
        return EXIT_BAD_INPUT
    client, close = None, None
    watcher = _watcher(io, args)   # (genprint)
    try:
        options = _options(args, done, watcher)
        puzzles = generate(args.kind, args.size, **options)   # the request checked before a cluster is asked
        if args.scheduler:
            from ..rating.cluster import connect

            client, close = connect(args.scheduler, args.jobs)
            puzzles = generate(args.kind, args.size, client=client, **options)
    except DeduceError as exc:   # GenerateError, or a cluster that cannot be used
        if close is not None:
            close()
        io.warn(str(exc))
        return EXIT_BAD_INPUT
    out = io.out
    sheets: list[Any] | None = [] if args.to == "pdf" else None   # (genprint: the PDF is written at the end)
    if args.output and sheets is None:
        try:
            out = open(args.output, "a" if args.resume else "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            io.warn(f"{args.output}: {exc.strerror or exc}")
            return EXIT_BAD_INPUT
    progress = Progress(args.count - done, io.err)
    if watcher is not None:
        watcher.progress = progress
    written = done
    try:
        for record in puzzles:
            progress.clear()
            if sheets is not None:
                sheets.append(_sheet(record, args.title, len(sheets) + 1))
                written += 1
                progress.advance()
                continue
            text = json.dumps(record.to_json(), ensure_ascii=False) if args.json else _text(record, args.to)
            if written and _multiline(args):
                out.write("\n")
            out.write(text + "\n")
            out.flush()
            written += 1
            progress.advance()
        if sheets is not None:
            return _write_sheet(sheets, args, io)
    except GenerateTimeout as exc:
        progress.clear()
        if sheets:
            _write_sheet(sheets, args, io)   # (what was found, as the text formats keep it)
        hint = _practice_hint(args) if "attempts" not in str(exc) else ""
        io.warn(f"{exc} ({written} of {args.count} puzzles written)" if "attempts" in str(exc)
                else f"--timeout {args.timeout:g} s passed: {written} of {args.count} puzzles made{hint}")
        return EXIT_TIMEOUT
    except GenerateError as exc:
        progress.clear()
        io.warn(str(exc))
        return EXIT_BAD_INPUT
    finally:
        progress.clear()
        if out is not io.out:
            out.close()
        if close is not None:
            close()
    return EXIT_OK


def _resume(args: argparse.Namespace) -> int:
    """How many puzzles a resumed run has written (0 when not resumed), ``args.seed`` set to the run's
    seed (a new one when none is given); a DeduceError when OUT cannot be resumed."""
    done = 0
    if args.resume:
        done, args.seed = resumed(args.output, args.json, args.seed, _multiline(args))
    if args.seed is None:
        from ..generate.iterator import new_seed

        args.seed = new_seed()
    return done


def _options(args: argparse.Namespace, done: int, watcher: Any) -> dict[str, Any]:
    """:func:`deduce.generate.generate`'s options from the command line (``done``: puzzles a resumed run
    has written)."""
    options = dict(box=args.box, symbols=args.symbols, level=args.level, er=args.er, score=args.score,
                   techniques=args.technique or (), first=args.first, practice=args.practice,
                   exclude=args.exclude or (), profile=args.profile, symmetry=args.symmetry, givens=args.givens,
                   minimal=args.minimal, sum_only=args.sum_only, allow_backtracking=args.allow_backtracking,
                   count=args.count, seed=args.seed, timeout=args.timeout, jobs=args.jobs,
                   start=min(done, args.count), region_symmetry=args.region_symmetry,
                   watch=watcher)
    options.update(cage_sizes=args.cage_sizes, max_single_cages=args.max_single_cages, cages=args.cages)
    return options


def _practice_hint(args: argparse.Namespace) -> str:
    """The --practice advice, where --practice can be asked for instead (genprint)."""
    from ..generate.maker import PRACTICE_HINT
    from ..generate.practice import practice_problem

    usable = args.first and not args.practice and not practice_problem(args.kind, args.size, None, args.to)
    return PRACTICE_HINT if usable else ""


class _Watcher:
    """A slow target's progress on standard error, where it is a terminal (as ``deduce rate`` shows its own):
    the puzzle sought, the candidates tried for it, the closest to the targets so far (genprint).  The
    line is cleared as the run's :class:`Progress` clears its own."""

    def __init__(self, io: Output, count: int):
        import time

        self.stream, self.count, self.begun = io.err, count, time.monotonic()
        self.progress: Progress | None = None

    def __call__(self, index: int, tried: int, closest: str | None) -> None:
        import time

        near = f"; closest so far: {closest}" if closest else "; none rated yet"
        self.stream.write(f"\r\033[Kpuzzle {index + 1} of {self.count}: {tried} candidates tried{near} "
                          f"({time.monotonic() - self.begun:.0f} s)")
        self.stream.flush()
        if self.progress is not None:
            self.progress.shown = True   # (its clear() clears this line too)


def _watcher(io: Output, args: argparse.Namespace) -> _Watcher | None:
    stream = io.err
    if args.jobs > 1 or args.scheduler or not (hasattr(stream, "isatty") and stream.isatty()):
        return None
    return _Watcher(io, args.count)


def _sheet(record: Any, title: str, k: int) -> Any:
    """A generated puzzle for the print sheet (genprint)."""
    from ..render.sheet import Sheet
    from .printing import heading

    return Sheet(record.puzzle, tuple(record.solution), heading(title, k), record.level, record.er)


def _write_sheet(sheets: list[Any], args: argparse.Namespace, io: Output) -> int:
    from .printing import write_pdf

    try:
        write_pdf(sheets, args, args.output, io.out)
    except DeduceError as exc:
        io.warn(str(exc))
        return EXIT_BAD_INPUT
    except OSError as exc:
        io.warn(f"{args.output}: {exc.strerror or exc}")
        return EXIT_BAD_INPUT
    return EXIT_OK


def _text(record: Any, to: str | None) -> str:
    from ..generate import GenerateError

    if to == "svg":   # (genprint: the clean grid, as printed)
        from ..render.printed import puzzle_svg

        return puzzle_svg(record.puzzle)
    try:
        return str(record.text(to))
    except DeduceError as exc:
        raise GenerateError(f"--to {to}: {exc}") from None


def _multiline(args: argparse.Namespace) -> bool:
    if args.json:
        return False
    if args.to == "svg":
        return True
    if args.to:
        return args.to in MULTILINE
    return args.kind in ("jigsaw", "latin") or (args.kind == "killer" and args.sum_only)


def _usage_error(args: argparse.Namespace, io: Output) -> str | None:
    if args.jobs < 1:
        return "--jobs must be at least 1"
    if args.resume and not args.output:
        return "--resume needs --output OUT (the file to continue)"
    if args.json and args.to:
        return "choose one of --json and --to"
    if args.to in PICTURES:   # (genprint)
        from .printing import check_pdf_output, check_pdf_ready

        if args.practice:
            return f"--to {args.to} draws puzzles; a --practice position is written as text (a HoDoKu line, " \
                   f"marks-line or --to candidates)"
        if args.to == "pdf":
            if args.resume:
                return "--to pdf writes one sheet at the end: it cannot --resume"
            return check_pdf_ready() or check_pdf_output(args.output, io.out)
    if args.first and not args.technique:
        return "--first needs --technique"
    if args.practice:
        from ..generate.practice import practice_problem

        if not args.technique:
            return "--practice needs --technique"
        return practice_problem(args.kind, args.size, None, args.to)
    return None


def resumed(path: str, as_json: bool, seed: int | None, multiline: bool) -> tuple[int, int]:
    """How many complete records OUT holds (a half-written last one is cut
    off) and the run's seed (from the JSON records, or ``--seed``)."""
    from ..generate import GenerateError

    if not os.path.exists(path):
        if seed is None:
            raise GenerateError("--resume needs the run's --seed when OUT does not exist yet")
        return 0, seed
    with open(path, "rb") as fh:
        data = fh.read()
    keep = data.rfind(b"\n") + 1
    text = data[:keep].decode("utf-8", errors="replace")
    if as_json:
        records = [json.loads(line) for line in text.splitlines() if line.strip()]
        seeds = {r.get("seed") for r in records}
        if len(seeds) > 1 or (seeds and seed is not None and seed not in seeds):
            raise GenerateError(f"{path}: made with another seed than --seed {seed}; cannot resume")
        seed = seeds.pop() if seeds else seed
        count = len(records)
    else:
        count = len([b for b in text.split("\n\n") if b.strip()]) if multiline else \
            len([line for line in text.splitlines() if line.strip()])
    if seed is None:
        raise GenerateError("--resume of a text output needs the run's --seed")
    if keep < len(data):
        with open(path, "r+b") as fh:
            fh.truncate(keep)
    return count, seed
