"""``--to svg`` and ``--to pdf`` for ``deduce generate`` and ``deduce convert``:
the puzzles as printed (:func:`deduce.render.printed.puzzle_svg`,
:mod:`deduce.render.sheet`).

``--to svg`` writes each puzzle's clean grid (givens, regions, cages; no
candidates), one SVG document after another (a blank line between them).
``--to pdf`` writes one PDF: the puzzles, ``--per-page`` 1, 2, 4 or 6 on
each ``--paper`` page (a4 or letter), each under its title, level and ER,
then the answers (``--no-answers`` leaves them out); to ``--output OUT``,
or to standard output when that is not a terminal.  The PDF needs the
``print`` extra (ReportLab): without it, one line says so (exit 2).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Sequence

#: The picture formats, besides the text formats of :data:`deduce.formats.WRITABLE`.
PICTURES = ("svg", "pdf")


def add_print_options(p: argparse.ArgumentParser, output: bool = False) -> None:
    """The sheet's options (and, for ``convert``, ``--output``)."""
    g = p.add_argument_group("print (--to svg, --to pdf)")
    g.add_argument("--per-page", type=int, choices=(1, 2, 4, 6), default=4, help="--to pdf: puzzles per page "
                                                                                 "(default 4)")
    g.add_argument("--paper", choices=("a4", "letter"), default="a4", help="--to pdf: paper size (default a4)")
    g.add_argument("--title", default="", help="--to pdf: the sheet's title; each puzzle is headed "
                                               "'TITLE N' (default 'Puzzle N')")
    g.add_argument("--no-answers", action="store_true", help="--to pdf: no pages of answers")
    if output:
        g.add_argument("--output", "-o", metavar="OUT", help="--to pdf: the PDF file to write")


def heading(title: str, k: int) -> str:
    """Puzzle ``k``'s title on the sheet (counted from 1)."""
    return f"{title or 'Puzzle'} {k}"


def check_pdf_ready() -> str | None:
    """Why a PDF cannot be written here (the extra missing), or None."""
    try:
        import reportlab  # noqa: F401
    except ImportError:
        return "--to pdf needs the print extra: pip install 'deduce-sudoku[print]' (ReportLab)"
    return None


def check_pdf_output(output: str | None, stdout: Any) -> str | None:
    """A PDF goes to a file, or to a standard output that is not a terminal."""
    if output:
        return None
    if getattr(stdout, "isatty", lambda: False)() or not hasattr(stdout, "buffer"):
        return "--to pdf writes a binary file: give --output OUT (or redirect standard output)"
    return None


def write_pdf(sheets: Sequence[Any], args: argparse.Namespace, output: str | None, stdout: Any) -> None:
    """The sheet's PDF written to ``output`` (or ``stdout``'s bytes); raises PrintError or OSError."""
    from ..render.sheet import sheet_pdf

    data = sheet_pdf(sheets, per_page=args.per_page, paper=args.paper, title=args.title,
                     answers=not args.no_answers)
    if output:
        with open(output, "wb") as fh:
            fh.write(data)
        return
    stdout.flush()
    buffer = getattr(stdout, "buffer", None) or sys.stdout.buffer
    buffer.write(data)
    buffer.flush()
