"""Pictures of grids and steps as SVG (no dependencies).

:func:`grid_svg` draws a position: givens, placed symbols, candidates,
region borders (thick lines wherever two cells belong to different boxes
or jigsaw regions), variant constraints (each drawn by its own class:
thermometers, dots, diagonals) and cages (dashed outlines with their sums, clear of
the candidates).  Given a step, it draws the step's :mod:`marks
<deduce.render.marks>`: a colour per role on cells, houses and single
candidates (fish base, cover and fins, wing pivot and pincers, each almost
locked set, each colour of a cluster, innies and outies, the true and
false candidates of a chain), highlighted cages, eliminated candidates
struck out in red, placements in green, and a chain's links between
candidates (strong solid, weak dashed, through an almost locked set or a
group dotted, arrows in the chain's direction).

>>> from deduce.puzzle import Puzzle
>>> from deduce.state import State
>>> svg = grid_svg(State.from_puzzle(Puzzle.from_string("1..." "3..2" "...3" "..2.")))
>>> svg.startswith("<svg") and svg.count('class="given"') == 5
True
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .marks import ROLES, Marks
from .marks import marks as step_marks

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from ..state import State
    from ..step import Step

GIVEN = "#000000"
PLACED = "#1f4e9c"
CANDIDATE = "#555555"
ELIMINATED = "#d62728"
PLACEMENT = "#2b8a3e"
CAGE_LINE = "#666666"
LINK = "#c2255c"
#: A link's dashes by kind (see :attr:`~deduce.render.marks.Link.kind`): strong solid, weak dashed, through
#: an almost locked set or a group dotted.
DASHES = {"strong": "", "weak": ' stroke-dasharray="5 4"', "als": ' stroke-dasharray="1.5 3"',
          "group": ' stroke-dasharray="1.5 3"'}


def _cell_size(n: int, caged: bool = False) -> int:
    return (64 if caged else 52) if n <= 9 else 44 if n <= 16 else 40


class Layout:
    """Where things go: cell corners and candidate centres (shared by every
    part of the picture, so links end on the candidates they join)."""

    def __init__(self, puzzle: Puzzle):
        n = puzzle.size
        self.n = n
        self.caged = bool(puzzle.cages)
        self.cs = _cell_size(n, self.caged)
        # clues outside the grid (little killers, sandwiches, X-sums, skyscrapers) get a band a cell wide
        self.margin = self.cs if any(getattr(c, "OUTSIDE", False) for c in puzzle.constraints) else 6
        self.size = n * self.cs + 2 * self.margin
        self.sub = math.ceil(math.sqrt(n))
        # caged cells keep a band at the top for the cage sum, clear of the candidates
        self.top = 17 if self.caged else 2
        self.side = 6 if self.caged else 2
        width = self.cs - 2 * self.side
        self.small = max(7, int(min(width, self.cs - self.top - self.side) / self.sub * 0.78))
        self.big = int(self.cs * 0.6)

    def xy(self, cell: int) -> tuple[int, int]:
        return self.margin + (cell % self.n) * self.cs, self.margin + (cell // self.n) * self.cs

    def cand_xy(self, cell: int, s: int) -> tuple[float, float]:
        """Centre of candidate ``s`` in ``cell``."""
        x, y = self.xy(cell)
        width, height = self.cs - 2 * self.side, self.cs - self.top - self.side
        return (x + self.side + (s % self.sub + 0.5) * width / self.sub,
                y + self.top + (s // self.sub + 0.5) * height / self.sub)


def grid_svg(state: State, step: Step | None = None, *, givens: Sequence[int] | None = None,
             show_candidates: bool = True, title: str = "", marks: Marks | None = None) -> str:
    """An SVG picture of ``state`` (and of ``step`` applied to it, if given).

    ``marks`` overrides the step's own :func:`~deduce.render.marks.marks`."""
    puzzle: Puzzle = state.puzzle
    g = puzzle.geometry
    lay = Layout(puzzle)
    size = lay.size
    givens = puzzle.givens if givens is None else givens
    m = marks if marks is not None else step_marks(step, puzzle, state) if step is not None else Marks()
    cand_roles: dict[tuple[int, int], list[str]] = {}  # a candidate with several roles is split
    for cell, sym, kind in m.candidates:
        if kind not in ("eliminated", "placed") and kind not in cand_roles.get((cell, sym), []):
            cand_roles.setdefault((cell, sym), []).append(kind)
    eliminated = {(c, s) for c, s, kind in m.candidates if kind == "eliminated"}  # struck out whatever its roles
    placed = {c: s for c, s, kind in m.candidates if kind == "placed"}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="deduce-grid" width="{size}" height="{size}" '
           f'viewBox="0 0 {size} {size}" font-family="Helvetica, Arial, sans-serif">']
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect x="0" y="0" width="{size}" height="{size}" fill="white"/>')
    # a variant's lines and shading go under a step's colours, which are then see-through (as grid.js draws)
    out.extend(constraints_svg(puzzle, lay, "under"))
    out.extend(_shading(m, g, lay, bool(puzzle.constraints)))
    out.extend(_grid_lines(puzzle, lay))
    cage_role = dict(m.cages)
    for i in range(len(puzzle.cages)):
        out.append(_cage_outline(puzzle, i, lay, cage_role.get(i)))
    out.extend(constraints_svg(puzzle, lay, "over"))
    for cell in range(g.ncells):
        out.extend(_cell_svg(state, cell, lay, givens, placed, cand_roles, eliminated, show_candidates))
    if m.links:
        discs = [(c, s) for c, s in (*cand_roles, *eliminated)
                 if state.value[c] < 0 and c not in placed and state.cand[c] >> s & 1]
        out.append(_links_svg(m, lay, discs))
    out.append("</svg>")
    return "\n".join(out)


def constraints_svg(puzzle: Puzzle, lay: Layout, layer: str) -> list[str]:
    """The variant constraints of ``layer`` ("under" the grid lines: lines,
    diagonals; "over" them: dots), each drawn by its own class
    (:meth:`deduce.constraint.Constraint.svg`), as SudokuPad draws them."""
    if not puzzle.constraints:
        return []
    from .variants import constraint_drawing  # the one description the page and the app draw too

    return [item["svg"] for item in constraint_drawing(puzzle, lay)["items"] if item["layer"] == layer]


def _shading(m: Marks, g: Any, lay: Layout, see_through: bool = False) -> list[str]:
    """House roles, then cell roles (a cell with several roles is striped; ``see_through`` over a variant's
    constraints)."""
    cs = lay.cs
    out = []
    for h, role in m.houses:
        for cell in g.houses[h]:
            x, y = lay.xy(cell)
            out.append(f'<rect class="{role}" x="{x}" y="{y}" width="{cs}" height="{cs}" '
                       f'fill="{ROLES[role][0]}" fill-opacity="0.6"/>')
    alpha = ' fill-opacity="0.65"' if see_through else ""
    by_cell: dict[int, list[str]] = {}
    for c, role in m.cells:
        by_cell.setdefault(c, []).append(role)
    for cell, roles in by_cell.items():
        x, y = lay.xy(cell)
        w = cs / len(roles)
        for i, role in enumerate(roles):
            out.append(f'<rect class="{role}" x="{x + i * w:.1f}" y="{y}" width="{w:.1f}" height="{cs}" '
                       f'fill="{ROLES[role][0]}"{alpha}/>')
    return out


def _grid_lines(puzzle: Puzzle, lay: Layout) -> list[str]:
    """Thin grid lines, thick region borders, the outer frame."""
    g = puzzle.geometry
    n, cs, size = g.size, lay.cs, lay.size
    out = []
    for i in range(n + 1):
        p = lay.margin + i * cs
        out.append(f'<line x1="{lay.margin}" y1="{p}" x2="{size - lay.margin}" y2="{p}" stroke="#bbbbbb" '
                   f'stroke-width="1"/>')
        out.append(f'<line x1="{p}" y1="{lay.margin}" x2="{p}" y2="{size - lay.margin}" stroke="#bbbbbb" '
                   f'stroke-width="1"/>')
    region = g.region_of
    for cell in range(g.ncells):
        r, c = divmod(cell, n)
        x, y = lay.xy(cell)
        if c + 1 < n and region[cell] != region[cell + 1]:
            out.append(f'<line class="region-border" x1="{x + cs}" y1="{y}" x2="{x + cs}" y2="{y + cs}" '
                       f'stroke="black" stroke-width="3"/>')
        if r + 1 < n and region[cell] != region[cell + n]:
            out.append(f'<line class="region-border" x1="{x}" y1="{y + cs}" x2="{x + cs}" y2="{y + cs}" '
                       f'stroke="black" stroke-width="3"/>')
    out.append(f'<rect x="{lay.margin}" y="{lay.margin}" width="{n * cs}" height="{n * cs}" fill="none" '
               f'stroke="black" stroke-width="3"/>')
    return out


def _cell_svg(state: State, cell: int, lay: Layout, givens: Sequence[int], placed: dict[int, int],
              cand_roles: dict[tuple[int, int], list[str]], eliminated: set[tuple[int, int]],
              show_candidates: bool) -> list[str]:
    """One cell's symbol (given, placed, or placed by the step) or its candidates."""
    puzzle: Puzzle = state.puzzle
    cs = lay.cs
    x, y = lay.xy(cell)
    v = state.value[cell]
    if v >= 0:
        cls, colour = ("given", GIVEN) if givens[cell] >= 0 else ("placed", PLACED)
        return [_text(x + cs / 2, y + cs / 2 + lay.big * 0.35, puzzle.symbols[v], lay.big, colour, cls)]
    if cell in placed:
        return [f'<rect class="placed-mark" x="{x + 2}" y="{y + 2}" width="{cs - 4}" height="{cs - 4}" '
                f'rx="4" fill="{ROLES["placed"][0]}" fill-opacity="0.7"/>',
                _text(x + cs / 2, y + cs / 2 + lay.big * 0.35, puzzle.symbols[placed[cell]], lay.big,
                      PLACEMENT, "placement")]
    if not show_candidates:
        return []
    out = []
    m_cell = state.cand[cell]
    for s in range(puzzle.size):
        if not m_cell >> s & 1:
            continue
        sx, sy = lay.cand_xy(cell, s)
        croles = cand_roles.get((cell, s), [])
        if (cell, s) in eliminated:
            out.append(f'<circle class="eliminated-mark" cx="{sx:.1f}" cy="{sy:.1f}" r="{lay.small * 0.62:.1f}" '
                       f'fill="{ELIMINATED}" fill-opacity="0.2" stroke="{ELIMINATED}" stroke-width="1.2"/>')
            out.append(_text(sx, sy + lay.small * 0.35, puzzle.symbols[s], lay.small, ELIMINATED, "eliminated"))
            out.append(f'<line class="strike" x1="{sx - lay.small * 0.45:.1f}" y1="{sy + lay.small * 0.45:.1f}" '
                       f'x2="{sx + lay.small * 0.45:.1f}" y2="{sy - lay.small * 0.45:.1f}" '
                       f'stroke="{ELIMINATED}" stroke-width="1.5"/>')
            continue
        out.extend(disc(sx, sy, lay.small * 0.62, croles, f"{cell}:{s}"))
        out.append(_text(sx, sy + lay.small * 0.35, puzzle.symbols[s], lay.small,
                         "#111111" if croles else CANDIDATE, "candidate"))
    return out


def disc(x: float, y: float, r: float, roles: Sequence[str], key: str) -> list[str]:
    """The disc behind a candidate: one colour, or one slice per role (the
    page's script draws the same, see ``assets/page.js``).

    >>> [e.split()[1] for e in disc(10, 10, 5, ["on", "off"], "0:4")]
    ['class="cand-on"', 'class="cand-off"', 'class="cand-split"']
    """
    if len(roles) == 1:
        return [f'<circle class="cand-{roles[0]}" data-cand="{key}" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" '
                f'fill="{ROLES[roles[0]][0]}" stroke="#444444" stroke-width="0.5"/>']
    out = []
    k = len(roles)
    for i, role in enumerate(roles):  # slices from the top, clockwise: two roles split left | right
        a0, a1 = 2 * math.pi * i / k - math.pi / 2, 2 * math.pi * (i + 1) / k - math.pi / 2
        if k == 2:
            a0, a1 = a0 + math.pi, a1 + math.pi  # the first role on the left
        x0, y0, x1, y1 = x + r * math.cos(a0), y + r * math.sin(a0), x + r * math.cos(a1), y + r * math.sin(a1)
        out.append(f'<path class="cand-{role}" data-cand="{key}" d="M{x:.1f},{y:.1f} L{x0:.1f},{y0:.1f} '
                   f'A{r:.1f},{r:.1f} 0 {int(a1 - a0 > math.pi)},1 {x1:.1f},{y1:.1f} Z" fill="{ROLES[role][0]}"/>')
    if out:
        out.append(f'<circle class="cand-split" data-cand="{key}" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" '
                   f'fill="none" stroke="#444444" stroke-width="0.8"/>')
    return out


def link_bend(ax: float, ay: float, bx: float, by: float, side: int, bend: float,
              obstacles: Iterable[tuple[float, float]], r: float, most: float) -> float:
    """How far a link's curve bends (its control point's distance from the
    chord): ``bend``, or more where a marked candidate would sit on the
    curve, so the link passes beside it, not through it (at most ``most``).
    The page's script computes the same (``linkBend`` in ``assets/page.js``).

    >>> link_bend(0, 0, 100, 0, 1, 10, [(80, 0)], 5, 200) > 10
    True
    >>> link_bend(0, 0, 100, 0, 1, 10, [(50, 40)], 5, 200)
    10
    """
    dx, dy = bx - ax, by - ay
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    nx, ny = -side * uy, side * ux  # the control point lies this way from the chord
    for px, py in obstacles:
        t = ((px - ax) * ux + (py - ay) * uy) / d
        if not 0.02 < t < 0.98:
            continue
        off = (px - ax) * nx + (py - ay) * ny
        if abs(off) >= 1.5 * r:
            continue
        # the curve sits 2t(1-t)·bend from the chord at t: pass the candidate on the bending side
        bend = max(bend, (off + 1.5 * r) / (2 * t * (1 - t)))
    return min(bend, most)


def _links_svg(m: Marks, lay: Layout, discs: Sequence[tuple[int, int]] = ()) -> str:
    """Chain links as gently curved arrows from candidate to candidate,
    bending around the marked candidates ``discs`` they would cross."""
    r = lay.small * 0.62
    parts = [f'<defs><marker id="deduce-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
             f'markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{LINK}"/></marker>'
             f'</defs><g class="links" fill="none" stroke="{LINK}" stroke-width="1.6">']
    for link in m.links:
        (x1, y1), (x2, y2) = lay.cand_xy(*link.start), lay.cand_xy(*link.end)
        dx, dy = x2 - x1, y2 - y1
        d = math.hypot(dx, dy) or 1.0
        ux, uy = dx / d, dy / d
        # start and end on the candidates' discs, bend a little to clear the candidates in between
        ax, ay, bx, by = x1 + ux * r, y1 + uy * r, x2 - ux * r, y2 - uy * r
        bend = min(0.2 * d, 3 * lay.cs / 4)
        mx, my, mid = (ax + bx) / 2, (ay + by) / 2, lay.size / 2
        side = 1 if (mid - mx) * -uy + (mid - my) * ux >= 0 else -1  # bend towards the centre: stay on the grid
        others = [lay.cand_xy(c, s) for c, s in discs if (c, s) not in (link.start, link.end)]
        most = max(bend, 1.2 * lay.cs)
        here, there = (link_bend(ax, ay, bx, by, k, bend, others, r, most) for k in (side, -side))
        apex = mx + side * uy * there / 2, my - side * ux * there / 2  # the curve's middle, bent the other way
        if there < here and all(lay.margin <= v <= lay.size - lay.margin for v in apex):
            side, bend = -side, there  # the other side is clear sooner, and still on the grid
        else:
            bend = here
        cx, cy = mx - side * uy * bend, my + side * ux * bend
        dash = DASHES[link.kind]
        arrow = ' marker-end="url(#deduce-arrow)"' if link.directed else ""
        parts.append(f'<path class="link {link.kind}" '
                     f'd="M{ax:.1f},{ay:.1f} Q{cx:.1f},{cy:.1f} {bx:.1f},{by:.1f}"{dash}{arrow}/>')
    parts.append("</g>")
    return "".join(parts)


def _text(x: float, y: float, text: str, size: int, colour: str, cls: str) -> str:
    weight = ' font-weight="bold"' if cls in ("placement", "eliminated") else ""
    return (f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{colour}" '
            f'text-anchor="middle"{weight}>{escape(text)}</text>')


def _cage_outline(puzzle: Puzzle, index: int, lay: Layout, role: str | None) -> str:
    cage = puzzle.cages[index]
    n, cs = puzzle.size, lay.cs
    cells = set(cage.cells)
    inset = 3
    parts = []
    colour = ROLES[role][0] if role else CAGE_LINE
    width = 2.4 if role else 1.1
    for cell in cage.cells:
        x, y = lay.xy(cell)
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
    x0, y0 = lay.xy(min(cage.cells))
    bold = ' font-weight="bold"' if role else ""
    label = (f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{7 * len(str(cage.total)) + 4}" height="13" fill="white"/>'
             f'<text class="cage-sum" x="{x0 + 3}" y="{y0 + 12}" font-size="11" fill="{colour}"{bold}>'
             f'{cage.total}</text>')
    data = f' data-role="{role}"' if role else ""
    return (f'<g class="cage"{data} data-sum="{cage.total}" stroke="{colour}" stroke-width="{width}" '
            f'stroke-dasharray="{"5 2" if role else "4 3"}" fill="none">{lines}</g>{label}')


