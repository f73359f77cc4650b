"""The learner's page: one self-contained, interactive HTML file of a solve.

:func:`result_html` writes the step log as JSON data (the start position,
each step's candidate changes, its three levels of text and its
:mod:`marks <deduce.render.marks>`) and inlines a small script and
stylesheet (``deduce/render/assets/page.js`` and ``page.css``) that draw
the grid of the current step in the browser.  Nothing is fetched: the page
reads offline and weighs a few kilobytes per step.

The page has a step list (runs of singles collapsed, technique counts, the
rating of the solve), previous/next buttons and the arrow keys, a link per
step (``#step-12``; ``#start`` and ``#end``), and reveals each step
progressively: the nudge, then the clue (the pattern drawn), then the full
explanation (candidates' roles and the chain's links), then the result on
the grid.  A legend names every colour in view.

:func:`result_fragment` is the static version notebooks show (a picture
and the text of every step), as scripts do not run there.

>>> import deduce
>>> page = result_html(deduce.solve(deduce.read_puzzle("1..." "3..2" "...3" "..2.")))
>>> page.count("<script") == 1 + len(SCRIPTS) and "http" not in page.replace("http://www.w3.org/2000/svg", "")
True
"""

from __future__ import annotations

import json
from collections import Counter
from html import escape
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..errors import Contradiction
from ..rating.scales import puzzle_scale, se_scale

if TYPE_CHECKING:
    from ..engine import SolveResult
    from ..puzzle import Puzzle
    from ..technique import Technique

from ..state import State
from .marks import ROLES, Marks
from .marks import marks as step_marks
from .svg import Layout, grid_svg
from .words import TextRenderer

#: Technique families whose runs of steps the step list folds together.
FOLDED_FAMILIES = ("singles",)
FOLDED_CODES = ("cage-single",)


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


def page_title(puzzle: Puzzle, extra: Any = None) -> str:
    """The page's title: the input's own ``title`` or ``name`` when it has one,
    else the kind of puzzle (``deduce: 9×9 killer``)."""
    if isinstance(extra, dict):
        for key in ("title", "name", "id"):
            if isinstance(extra.get(key), (str, int)) and str(extra[key]).strip():
                return str(extra[key]).strip()
    n = puzzle.size
    if puzzle.constraints:  # a variant: named by its constraints, as a setter would ("thermometer, anti-knight")
        kinds = list(dict.fromkeys(c.KIND for c in puzzle.constraints))
        return f"deduce: {n}×{n} {'killer ' if puzzle.cages else ''}sudoku with {', '.join(kinds)}"
    kind = "killer" if puzzle.cages else "jigsaw" if puzzle.geometry.is_jigsaw else (
        "sudoku" if puzzle.geometry.box_shape else "Latin square")
    return f"deduce: {n}×{n} {kind}"


def _compact_marks(m: Marks) -> dict[str, list]:
    return {"c": [list(x) for x in m.cells], "k": [list(x) for x in m.candidates],
            "h": [list(x) for x in m.houses], "g": [list(x) for x in m.cages],
            "l": [[k.start[0], k.start[1], k.end[0], k.end[1], int(k.strong), int(k.directed), k.via]
                  for k in m.links]}


def board_data(puzzle: Puzzle, title: str) -> dict[str, Any]:
    """The puzzle as the page's script draws it: geometry, symbols, cages,
    givens, the drawing's layout and the roles' colours (no steps); a
    variant's constraints as :func:`~deduce.render.variants.constraint_drawing`
    describes them (``drawing``, the same picture as the SVG's) and what the
    app checks digits against (``play``: :func:`~deduce.render.variants.play_rules`)."""
    from .variants import constraint_drawing, play_rules

    g = puzzle.geometry
    lay = Layout(puzzle)
    return {
        "title": title, "size": g.size, "symbols": puzzle.symbols, "regions": list(g.region_of),
        "houseNames": [g.house_name(h) for h in range(len(g.houses))],
        "cages": [[c.total, list(c.cells)] for c in puzzle.cages],
        "givens": list(puzzle.givens), "roles": {k: list(v) for k, v in ROLES.items()},
        "layout": {"cs": lay.cs, "margin": lay.margin, "sub": lay.sub, "top": lay.top, "side": lay.side,
                   "small": lay.small, "big": lay.big},
        "drawing": constraint_drawing(puzzle, lay), "play": play_rules(puzzle),
    }


def page_data(result: SolveResult, title: str, start: State | None = None) -> dict[str, Any]:
    """Everything the page's script draws from, as plain JSON; ``start`` is
    the position the solve began from (default: the puzzle's givens)."""
    puzzle = result.puzzle
    g = puzzle.geometry
    renderer = TextRenderer(puzzle)
    data = board_data(puzzle, title)
    data.update({"status": result.status, "backtracking": result.backtracking, "steps": []})
    if start is not None:
        state = start.copy()
    else:
        try:
            state = State.from_puzzle(puzzle)
        except Contradiction:
            data["start"] = None
            return data
    data["start"] = {"v": list(state.value), "c": list(state.cand)}
    #: the start drawn clean, as printed (givens only, no candidates), where it is the puzzle's own
    data["clean_start"] = start is None
    for step in result.steps:
        levels = renderer.levels(step)
        m = step_marks(step, puzzle, state)
        before_v, before_c = list(state.value), list(state.cand)
        state.apply(step)
        changes = [[c, state.cand[c], state.value[c]] for c in range(g.ncells)
                   if state.cand[c] != before_c[c] or state.value[c] != before_v[c]]
        data["steps"].append({
            "name": step.technique.name, "code": step.code, "fold": step.technique.family in FOLDED_FAMILIES
            or step.code in FOLDED_CODES, "se": step.se, "nudge": levels["nudge"], "clue": levels["clue"],
            "text": levels["explanation"], "m": _compact_marks(m), "d": changes})
    return data


def _summary(result: SolveResult) -> str:
    steps = result.steps
    puzzle = result.puzzle
    er, ep, ed, hardest = se_scale(steps)
    score, level = puzzle_scale(steps, puzzle)
    status = {"solved": "solved by logic", "solved-with-backtracking": "solved with trial and error",
              "no-solution": "no solution", "multiple-solutions": "several solutions"}.get(result.status,
                                                                                      result.status)
    parts = [f'<p class="meta"><b>{escape(status)}</b> in {len(steps)} steps']
    if er is not None:
        parts.append(f'; hardest: <b>{escape(hardest or "")}</b>; Sudoku Explainer scale ER {er:.1f}, '
                     f'EP {ep:.1f}, ED {ed:.1f}; HoDoKu scale {score} ({escape(level or "")})')
    parts.append('.</p>')
    counts = Counter(s.technique.name for s in steps)
    order = {name: i for i, name in enumerate(dict.fromkeys(s.technique.name for s in
                                                            sorted(steps, key=lambda s: s.se or 0)))}
    items = "".join(f"<li>{escape(name)} <b>×{k}</b></li>" for name, k in
                    sorted(counts.items(), key=lambda kv: order[kv[0]]))
    parts.append(f'<details class="counts"><summary>Techniques used ({len(counts)})</summary>'
                 f'<ul>{items}</ul></details>')
    return "".join(parts)


_BODY = """<header><h1>{title}</h1>{summary}<p id="rules" class="rules" hidden></p></header>
<main>
<section id="board" aria-label="grid">
<div id="grid" class="grid" role="img" aria-label="the grid of the current step"></div>
<div class="controls">
<button id="prev" class="prev" type="button" title="previous step (left arrow)">&#9664; Prev</button>
<span id="where" class="where" aria-live="polite"></span>
<button id="next" class="next" type="button" title="next step (right arrow)">Next &#9654;</button></div>
</section>
<section id="panel" class="panel" aria-label="explanation">
<h2 id="step-title" class="step-title"></h2>
<pre id="definition" class="definition" hidden></pre>
<div class="reveal-row">
<button id="reveal" class="reveal" type="button" title="show more (down arrow or space)"></button>
<label><input id="show-all" class="show-all" type="checkbox"> show everything at once</label></div>
<div id="levels">
<p id="nudge" class="level nudge"></p>
<p id="clue" class="level clue" hidden></p>
<div id="full" class="level full" hidden></div>
</div>
<div id="legend" class="legend" aria-label="legend"></div>
</section>
<nav id="steps" aria-label="steps"><h2>Steps</h2><ol id="step-list" class="step-list"></ol></nav>
</main>
<noscript><p>This page needs JavaScript to draw the grid; the steps are in its data.</p></noscript>
"""

#: The page's scripts, in order: the shared drawing, the shared stepping, the page's own start.
SCRIPTS = ("grid.js", "steps.js", "page.js")


def definition(t: Technique) -> str:
    """A technique's definition, as ``deduce techniques NAME`` begins it (that
    command adds a worked example)."""
    se = f"{t.se:.1f}" if t.se is not None else "-"
    lines = [f"{t.name} ({t.code}), family {t.family}", f"  {t.description}",
             f"  Sudoku Explainer-style rating {se}; HoDoKu-style score {t.hodoku or '-'}, level {t.level}."]
    if t.rating_note:
        lines.append(f"  Rating: {t.rating_note}")
    lines.append(f"  (deduce techniques {t.code} shows an example.)")
    return "\n".join(lines)


def definitions(steps: Any) -> dict[str, str]:
    """The definition of each technique the steps use, by code."""
    return {step.code: definition(step.technique) for step in steps}


def result_html(result: SolveResult, title: str | None = None, *, extra: Any = None) -> str:
    """The whole interactive page for ``result`` (one file, nothing fetched).

    ``title`` defaults to :func:`page_title` (``extra`` is the input's own
    record, e.g. a JSON puzzle's fields)."""
    title = title or page_title(result.puzzle, extra)
    doc = page_data(result, title)
    doc["definitions"] = definitions(result.steps)
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    data = data.replace("</", "<\\/")  # never close the script element early
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<link rel=\"icon\" href=\"data:,\">"
            f"<title>{escape(title)}</title><style>{_asset('page.css')}</style></head><body>"
            + _BODY.format(title=escape(title), summary=_summary(result))
            + f'<script type="application/json" id="deduce-data">{data}</script>'
            + "".join(f"<script>{_asset(name)}</script>" for name in SCRIPTS) + "</body></html>\n")


def result_fragment(result: SolveResult) -> str:
    """A static body for notebooks: status, start position, each step's
    picture and text (line breaks kept), solution."""
    puzzle = result.puzzle
    renderer = TextRenderer(puzzle)
    pre = 'style="white-space: pre-wrap; margin: 0.4em 0"'
    parts = [f'<p class="meta">Status: <b>{escape(result.status)}</b>'
             f'{" (trial and error was needed)" if result.backtracking else ""}; {len(result.steps)} steps.</p>']
    try:
        state = State.from_puzzle(puzzle)
    except Contradiction:  # clashing givens: nothing to draw step by step
        return "".join(parts)
    parts.append(f'<section class="start"><h3>Start</h3>{grid_svg(state, show_candidates=False)}</section>')
    for i, step in enumerate(result.steps, 1):
        levels = renderer.levels(step)
        parts.append(
            f'<section class="step" id="step-{i}"><h3>{i}. {escape(step.technique.name)}</h3>'
            f'<div>{grid_svg(state, step, title=f"Step {i}")}</div>'
            f'<details><summary>Nudge</summary><p {pre}>{escape(levels["nudge"])}</p></details>'
            f'<details><summary>Clue</summary><p {pre}>{escape(levels["clue"])}</p></details>'
            f'<details><summary>Explanation</summary><div {pre}>{escape(levels["explanation"])}</div></details>'
            '</section>')
        state.apply(step)
    if result.solution is not None:
        final = State.from_candidates(puzzle, [1 << v for v in result.solution], list(result.solution))
        parts.append(f'<section class="solution"><h3>Solution</h3>{grid_svg(final)}</section>')
    return "".join(parts)
