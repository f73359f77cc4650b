"""Pictures of grids and steps as SVG (no dependencies).

:func:`grid_svg` draws a position: givens, placed symbols, candidates,
region borders (thick lines wherever two cells belong to different boxes
or jigsaw regions) and cages (dashed outlines with their sums).  Given a
step, it also highlights the step's houses and pattern cells, shows
eliminated candidates in red and placements in green.

>>> from deduce.puzzle import Puzzle
>>> from deduce.state import State
>>> svg = grid_svg(State.from_puzzle(Puzzle.from_string("1..." "3..2" "...3" "..2.")))
>>> svg.startswith("<svg") and svg.count('class="given"') == 5
True
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Callable, Sequence

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from ..state import State
    from ..step import Step

GIVEN = "#000000"
PLACED = "#1f4e9c"
CANDIDATE = "#666666"
ELIMINATED = "#d62728"
PLACEMENT = "#2ca02c"
PATTERN_FILL = "#fff3b0"
HOUSE_FILL = "#e3f0ff"
CAGE_LINE = "#555555"


def _cell_size(n: int, caged: bool = False) -> int:
    return (60 if caged else 52) if n <= 9 else 44 if n <= 16 else 40


def grid_svg(state: State, step: Step | None = None, *, givens: Sequence[int] | None = None,
             show_candidates: bool = True, title: str = "") -> str:
    """An SVG picture of ``state`` (and of ``step`` applied to it, if given)."""
    puzzle: Puzzle = state.puzzle
    g = puzzle.geometry
    n = g.size
    cs = _cell_size(n, bool(puzzle.cages))
    margin = 6
    size = n * cs + 2 * margin
    givens = puzzle.givens if givens is None else givens
    eliminated = {(c, s) for c, s in step.eliminations} if step else set()
    placed = {(c, s) for c, s in step.placements} if step else set()
    pattern = set(step.cells) if step else set()
    houses = set(step.houses) if step else set()
    sub = math.ceil(math.sqrt(n))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="deduce-grid" width="{size}" height="{size}" '
           f'viewBox="0 0 {size} {size}" font-family="Helvetica, Arial, sans-serif">']
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect x="0" y="0" width="{size}" height="{size}" fill="white"/>')

    def xy(cell: int) -> tuple[int, int]:
        return margin + (cell % n) * cs, margin + (cell // n) * cs

    # house and pattern highlights
    house_cells = {c for h in houses for c in g.houses[h]}
    for cell in range(g.ncells):
        x, y = xy(cell)
        if cell in pattern:
            out.append(f'<rect class="pattern" x="{x}" y="{y}" width="{cs}" height="{cs}" fill="{PATTERN_FILL}"/>')
        elif cell in house_cells:
            out.append(f'<rect class="house" x="{x}" y="{y}" width="{cs}" height="{cs}" fill="{HOUSE_FILL}"/>')
    # thin grid lines
    for i in range(n + 1):
        p = margin + i * cs
        out.append(f'<line x1="{margin}" y1="{p}" x2="{size - margin}" y2="{p}" stroke="#bbbbbb" stroke-width="1"/>')
        out.append(f'<line x1="{p}" y1="{margin}" x2="{p}" y2="{size - margin}" stroke="#bbbbbb" stroke-width="1"/>')
    # thick region borders
    region = g.region_of
    for cell in range(g.ncells):
        r, c = divmod(cell, n)
        x, y = xy(cell)
        if c + 1 < n and region[cell] != region[cell + 1]:
            out.append(f'<line class="region-border" x1="{x + cs}" y1="{y}" x2="{x + cs}" y2="{y + cs}" '
                       f'stroke="black" stroke-width="3"/>')
        if r + 1 < n and region[cell] != region[cell + n]:
            out.append(f'<line class="region-border" x1="{x}" y1="{y + cs}" x2="{x + cs}" y2="{y + cs}" '
                       f'stroke="black" stroke-width="3"/>')
    out.append(f'<rect x="{margin}" y="{margin}" width="{n * cs}" height="{n * cs}" fill="none" stroke="black" '
               f'stroke-width="3"/>')
    # cages
    for i, cage in enumerate(puzzle.cages):
        out.append(_cage_outline(puzzle, i, xy, cs, highlighted=step is not None and i in step.cages))
    # symbols and candidates
    big = int(cs * 0.6)
    small = max(7, int((cs - 14) / sub * 0.8)) if puzzle.cages else max(8, int(cs / sub * 0.75))
    for cell in range(g.ncells):
        x, y = xy(cell)
        v = state.value[cell]
        place = next((s for (c, s) in placed if c == cell), None)
        if v >= 0:
            cls, colour = ("given", GIVEN) if givens[cell] >= 0 else ("placed", PLACED)
            out.append(_text(x + cs / 2, y + cs / 2 + big * 0.35, puzzle.symbols[v], big, colour, cls))
            continue
        if place is not None:
            out.append(_text(x + cs / 2, y + cs / 2 + big * 0.35, puzzle.symbols[place], big, PLACEMENT,
                             "placement"))
            continue
        if not show_candidates:
            continue
        m = state.cand[cell]
        caged = bool(puzzle.cages) and puzzle.cage_of[cell] >= 0
        top = 12 if caged else 2
        side = 5 if caged else 2
        width, height = cs - 2 * side, cs - top - side
        for s in range(n):
            if not m >> s & 1:
                continue
            sx = x + side + (s % sub + 0.5) * width / sub
            sy = y + top + (s // sub + 0.5) * height / sub + small * 0.35
            if (cell, s) in eliminated:
                out.append(f'<circle class="eliminated-mark" cx="{sx:.1f}" cy="{sy - small * 0.35:.1f}" '
                           f'r="{small * 0.62:.1f}" fill="{ELIMINATED}" fill-opacity="0.18"/>')
                out.append(_text(sx, sy, puzzle.symbols[s], small, ELIMINATED, "eliminated"))
            else:
                out.append(_text(sx, sy, puzzle.symbols[s], small, CANDIDATE, "candidate"))
    out.append("</svg>")
    return "\n".join(out)


def _text(x: float, y: float, text: str, size: int, colour: str, cls: str) -> str:
    weight = ' font-weight="bold"' if cls in ("placement", "eliminated") else ""
    return (f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{colour}" '
            f'text-anchor="middle"{weight}>{escape(text)}</text>')


def _cage_outline(puzzle: Puzzle, index: int, xy: Callable[[int], tuple[int, int]], cs: int, highlighted: bool) -> str:
    cage = puzzle.cages[index]
    n = puzzle.size
    cells = set(cage.cells)
    inset = 4
    parts = []
    colour = "#c2410c" if highlighted else CAGE_LINE
    width = 2 if highlighted else 1.2
    for cell in cage.cells:
        x, y = xy(cell)
        r, c = divmod(cell, n)
        left, right, top, bottom = x + inset, x + cs - inset, y + inset, y + cs - inset
        # extend edges towards neighbours inside the cage so outlines join
        if c > 0 and cell - 1 in cells:
            left = x - inset
        if c + 1 < n and cell + 1 in cells:
            right = x + cs + inset
        if r > 0 and cell - n in cells:
            top = y - inset
        if r + 1 < n and cell + n in cells:
            bottom = y + cs + inset
        if not (r > 0 and cell - n in cells):
            parts.append((left, top, right, top))
        if not (r + 1 < n and cell + n in cells):
            parts.append((left, bottom, right, bottom))
        if not (c > 0 and cell - 1 in cells):
            parts.append((left, top, left, bottom))
        if not (c + 1 < n and cell + 1 in cells):
            parts.append((right, top, right, bottom))
    lines = "".join(f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}"/>' for a, b, c, d in parts)
    x0, y0 = xy(cage.cells[0])
    label = (f'<rect x="{x0 + 2}" y="{y0 + 2}" width="{7 * len(str(cage.total)) + 4}" height="12" fill="white"/>'
             f'<text class="cage-sum" x="{x0 + 4}" y="{y0 + 12}" font-size="11" fill="{colour}">{cage.total}</text>')
    return (f'<g class="cage" data-sum="{cage.total}" stroke="{colour}" stroke-width="{width}" '
            f'stroke-dasharray="4 3" fill="none">{lines}</g>{label}')
