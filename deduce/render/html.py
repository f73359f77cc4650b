"""A standalone HTML page of a solve: every step's picture and text.

The page has no external resources (pictures are inline SVG), so it reads
offline.  Each step is an ``<section class="step">`` holding one SVG and
its nudge, clue and full explanation.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..state import State
from .svg import grid_svg
from .text import TextRenderer

if TYPE_CHECKING:
    from ..engine import SolveResult

_STYLE = """
body { font-family: Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 980px; color: #222; }
h1 { font-size: 1.5em; } .meta { color: #555; }
section.step { display: flex; gap: 1.5em; align-items: flex-start; border-top: 1px solid #ddd; padding: 1em 0; }
section.step .text { flex: 1; } .nudge, .clue { color: #555; margin: 0.2em 0; }
.explanation { margin: 0.6em 0; line-height: 1.4; } .technique { font-weight: bold; }
.legend span { margin-right: 1.2em; } .red { color: #d62728; } .green { color: #2ca02c; }
"""


def result_html(result: SolveResult, title: str = "deduce") -> str:
    """The whole page for ``result``."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>"
            f"<h1>{escape(title)}</h1>{result_fragment(result)}</body></html>\n")


def result_fragment(result: SolveResult) -> str:
    """The page body: status, start position, one section per step, solution."""
    puzzle = result.puzzle
    renderer = TextRenderer(puzzle)
    parts = [f'<p class="meta">Status: <b>{escape(result.status)}</b>'
             f'{" (trial and error was needed)" if result.backtracking else ""}; {len(result.steps)} steps.</p>',
             '<p class="legend"><span>highlighted: the pattern</span><span class="red">red: removed</span>'
             '<span class="green">green: placed</span></p>']
    try:
        state = State.from_puzzle(puzzle)
    except Exception:  # clashing givens: nothing to draw step by step
        return "".join(parts)
    parts.append(f'<section class="start"><h2>Start</h2>{grid_svg(state)}</section>')
    for i, step in enumerate(result.steps, 1):
        levels = renderer.levels(step)
        parts.append(
            f'<section class="step" id="step-{i}"><div class="picture">{grid_svg(state, step, title=f"Step {i}")}</div>'
            f'<div class="text"><p class="technique">{i}. {escape(step.technique.name)}</p>'
            f'<p class="nudge">Nudge: {escape(levels["nudge"])}</p><p class="clue">Clue: {escape(levels["clue"])}</p>'
            f'<p class="explanation">{escape(levels["explanation"])}</p></div></section>')
        state.apply(step)
    if result.solution is not None:
        final = State.from_candidates(puzzle, [1 << v for v in result.solution], list(result.solution))
        parts.append(f'<section class="solution"><h2>Solution</h2>{grid_svg(final)}</section>')
    return "".join(parts)
