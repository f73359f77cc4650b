"""Print sheets: pages of puzzles and pages of their answers, as PDF.

:func:`sheet_pdf` lays 1, 2, 4 or 6 puzzles on each page of A4 or US
Letter paper (:func:`layout`: one, one above the other, two by two, two by
three), each under a heading with its title, level and ER, and after them
the same pages of answers (the givens in black, the digits found in blue).
Regions are drawn as thick borders and cages as dashed outlines with their
sums, as on screen.

The PDF is written with ReportLab (the ``print`` extra: ``pip install
'deduce-sudoku[print]'``), a pure-Python PDF library drawing straight onto
the page, with PDF's own Helvetica (nothing to embed, no browser, no
system library); without it :class:`PrintError` says how to add it.

>>> boxes = layout(6, "a4")
>>> len(boxes), boxes[0].width == boxes[1].width
(6, True)
>>> layout(3, "letter")
Traceback (most recent call last):
...
deduce.render.sheet.PrintError: puzzles per page: 1, 2, 4, 6 (asked: 3)
"""

from __future__ import annotations

import io
from typing import Any, Sequence

import attrs

from ..errors import DeduceError
from ..puzzle import Puzzle

#: Points (1/72 inch) of each paper size, portrait: (width, height).
PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
#: Puzzles per page and how they are laid: (columns, rows).
PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
MARGIN = 42.0
#: Points above each grid for its heading.
HEADING = 22.0
GAP = 18.0
FOUND = (0.12, 0.31, 0.61)   # the answers' digits found (the pictures' placed colour, #1f4e9c)


class PrintError(DeduceError):
    """A sheet that cannot be made (the ``print`` extra missing, a bad option): one line."""


@attrs.frozen
class Sheet:
    """One puzzle on a sheet: its title, level and ER (None where unknown), and its solution for the answers."""

    puzzle: Puzzle
    solution: tuple[int, ...] | None
    title: str
    level: str | None = None
    er: float | None = None

    @property
    def heading(self) -> str:
        """The title, then the level and the ER, as printed above the grid.

        >>> Sheet(Puzzle.empty(4), None, "Puzzle 1", "Easy", 1.5).heading
        'Puzzle 1 · Easy · ER 1.5'
        """
        parts = [self.title]
        if self.level:
            parts.append(self.level)
        if self.er is not None:
            parts.append(f"ER {self.er:.1f}")
        return " · ".join(parts)


@attrs.frozen
class Box:
    """Where one grid goes on the page (points from the bottom left, as PDF counts)."""

    x: float
    y: float
    width: float


def layout(per_page: int, paper: str) -> list[Box]:
    """The grids' places on a page with ``per_page`` puzzles, in reading order."""
    if per_page not in PER_PAGE:
        raise PrintError(f"puzzles per page: {', '.join(map(str, PER_PAGE))} (asked: {per_page})")
    if paper not in PAPERS:
        raise PrintError(f"paper: {' or '.join(PAPERS)} (asked: {paper})")
    width, height = PAPERS[paper]
    cols, rows = PER_PAGE[per_page]
    top = height - MARGIN - 30.0   # (below the page's title)
    cell_w = (width - 2 * MARGIN - (cols - 1) * GAP) / cols
    cell_h = (top - MARGIN - (rows - 1) * GAP) / rows
    side = min(cell_w, cell_h - HEADING)
    out = []
    for r in range(rows):
        for c in range(cols):
            x = MARGIN + c * (cell_w + GAP) + (cell_w - side) / 2
            y = top - r * (cell_h + GAP) - HEADING - side
            out.append(Box(x, y, side))
    return out


def sheet_pdf(sheets: Sequence[Sheet], *, per_page: int = 4, paper: str = "a4", title: str = "",
              answers: bool = True) -> bytes:
    """The PDF: pages of the puzzles, then (``answers``) pages of their answers."""
    boxes = layout(per_page, paper)
    try:
        from reportlab.pdfgen.canvas import Canvas
    except ImportError:
        raise PrintError("--to pdf needs the print extra: pip install 'deduce-sudoku[print]' (ReportLab)") from None
    if not sheets:
        raise PrintError("no puzzle to print")
    if answers and any(s.solution is None for s in sheets):
        raise PrintError("an answer sheet needs every puzzle's solution")
    out = io.BytesIO()
    pdf = Canvas(out, pagesize=PAPERS[paper], invariant=True)
    pdf.setTitle(title or "deduce puzzles")
    pdf.setCreator("deduce")
    passes = [False, True] if answers else [False]
    for answer in passes:
        for start in range(0, len(sheets), per_page):
            _page_title(pdf, paper, (title or "Puzzles") + (": answers" if answer else ""),
                        start // per_page + 1, -(-len(sheets) // per_page))
            for sheet, box in zip(sheets[start:start + per_page], boxes):
                _grid(pdf, sheet, box, answer)
            pdf.showPage()
    pdf.save()
    return out.getvalue()


def _page_title(pdf: Any, paper: str, text: str, page: int, pages: int) -> None:
    width, height = PAPERS[paper]
    pdf.setFont("Helvetica-Bold", 15)
    pdf.drawString(MARGIN, height - MARGIN - 12, text)
    pdf.setFont("Helvetica", 9)
    pdf.drawRightString(width - MARGIN, height - MARGIN - 12, f"page {page} of {pages}")


def _grid(pdf: Any, sheet: Sheet, box: Box, answer: bool) -> None:
    """One puzzle (or its answer) with its heading, in ``box``."""
    c = pdf   # (a reportlab Canvas, typed Any: the extra is optional)
    puzzle = sheet.puzzle
    g = puzzle.geometry
    n = puzzle.size
    cs = box.width / n
    top = box.y + box.width

    def corner(cell: int) -> tuple[float, float]:   # a cell's top left corner
        r, k = divmod(cell, n)
        return box.x + k * cs, top - r * cs

    c.setFont("Helvetica-Bold", 11)
    c.setFillColorRGB(0, 0, 0)
    c.drawString(box.x, top + 7, sheet.heading)
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.5)
    for i in range(1, n):
        c.line(box.x + i * cs, box.y, box.x + i * cs, top)
        c.line(box.x, top - i * cs, box.x + box.width, top - i * cs)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(max(1.2, cs / 14))
    region = g.region_of
    for cell in range(g.ncells):
        r, k = divmod(cell, n)
        x, y = corner(cell)
        if k + 1 < n and region[cell] != region[cell + 1]:
            c.line(x + cs, y, x + cs, y - cs)
        if r + 1 < n and region[cell] != region[cell + n]:
            c.line(x, y - cs, x + cs, y - cs)
    c.rect(box.x, box.y, box.width, box.width)
    if puzzle.cages:
        _cages(c, puzzle, corner, cs)
    size = cs * (0.5 if puzzle.cages else 0.6)
    values = sheet.solution if answer and sheet.solution is not None else puzzle.givens
    for cell, v in enumerate(values):
        if v < 0:
            continue
        given = puzzle.givens[cell] >= 0
        x, y = corner(cell)
        c.setFont("Helvetica-Bold" if given else "Helvetica", size)
        if given:
            c.setFillColorRGB(0, 0, 0)
        else:
            c.setFillColorRGB(*FOUND)
        shift = cs * 0.06 if puzzle.cages else 0.0
        c.drawCentredString(x + cs / 2, y - cs / 2 - size * 0.35 - shift, puzzle.symbols[v])
    c.setFillColorRGB(0, 0, 0)


def _cages(c: Any, puzzle: Puzzle, corner: Any, cs: float) -> None:
    """Dashed outlines just inside each cage, its sum in its first cell's corner."""
    n = puzzle.size
    inset = cs * 0.08
    c.setLineWidth(0.6)
    c.setDash(2, 2)
    c.setStrokeColorRGB(0.25, 0.25, 0.25)
    for cage in puzzle.cages:
        cells = set(cage.cells)
        for cell in cage.cells:
            r, k = divmod(cell, n)
            x, y = corner(cell)
            up, down = r > 0 and cell - n in cells, r + 1 < n and cell + n in cells
            left, right = k > 0 and cell - 1 in cells, k + 1 < n and cell + 1 in cells
            x0, x1 = x + (-inset if left else inset), x + cs + (inset if right else -inset)
            y0, y1 = y - (-inset if up else inset), y - cs - (inset if down else -inset)
            if not up:
                c.line(x0, y0, x1, y0)
            if not down:
                c.line(x0, y1, x1, y1)
            if not left:
                c.line(x0, y0, x0, y1)
            if not right:
                c.line(x1, y0, x1, y1)
        x, y = corner(min(cage.cells))
        label = str(cage.total)
        font = max(5.0, cs * 0.22)
        c.setFillColorRGB(1, 1, 1)
        c.rect(x + 1, y - font - 1.5, font * 0.6 * len(label) + 2, font + 0.5, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont("Helvetica", font)
        c.drawString(x + 2, y - font, label)
    c.setDash()
