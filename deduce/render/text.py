"""Words for steps: nudge, clue and full explanation.

Templates live in :data:`TEMPLATES`, one triple per technique code, apart
from the finding logic.  They are ``str.format`` strings over fields that
:func:`fields` reads off the step record (plus a few technique-specific
fields); the text says nothing the record does not hold.

>>> from deduce.puzzle import Puzzle
>>> from deduce.step import Step
>>> from deduce.techniques import TECHNIQUES
>>> p = Puzzle.empty(9)
>>> s = Step(TECHNIQUES["lc1"], eliminations=[(13, 2), (16, 2)], cells=[9, 11], houses=[18, 1], symbols=[2])
>>> TextRenderer(p).explain(s)
'Pointing: in box 1, every 3 lies in row 2 (r2c1 and r2c3). One of them is the 3 of row 2, so 3 is removed from the rest of row 2: r2c5 and r2c8.'
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from ..literal import lit_cell, lit_symbol, unpack

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from ..step import Step

NUDGE, CLUE, FULL = "nudge", "clue", "full"
LEVELS = (NUDGE, CLUE, FULL)

_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}

FISH_CODES = ("x-wing", "finned-x-wing", "sashimi-x-wing", "swordfish", "finned-swordfish", "sashimi-swordfish",
              "franken-x-wing", "finned-franken-x-wing", "jellyfish", "finned-jellyfish", "sashimi-jellyfish",
              "franken-swordfish", "finned-franken-swordfish", "franken-jellyfish", "finned-franken-jellyfish",
              "mutant-x-wing", "finned-mutant-x-wing", "mutant-swordfish", "finned-mutant-swordfish",
              "mutant-jellyfish", "finned-mutant-jellyfish")

#: code -> (nudge, clue, full)
TEMPLATES: dict[str, tuple[str, str, str]] = {
    "fh": (
        "Look for a full house in {house}.",
        "{House} has one empty cell, {cell}.",
        "{House} has one empty cell, {cell}; the only missing {word} is {sym}, so {cell} = {sym}.",
    ),
    "hs": (
        "Look for a hidden single in {house}.",
        "In {house}, where can {sym} go?",
        "In {house}, {sym} fits only in {cell}{blocked}. So {cell} = {sym}.",
    ),
    "ns": (
        "Look for a naked single in {row_house}.",
        "Which {word}s can {cell} still hold?",
        "{cell} can only be {sym}: {why_single}. So {cell} = {sym}.",
    ),
    "lc1": (
        "Look for pointing candidates in {house}.",
        "In {house}, where can the {sym}s go?",
        "In {house}, every {sym} lies in {house2} ({cells}). One of them is the {sym} of {house2}, "
        "so {sym} is removed from the rest of {house2}: {elim_cells}.",
    ),
    "lc2": (
        "Look for claiming candidates in {house}.",
        "In {house}, where can the {sym}s go?",
        "In {house}, every {sym} lies in {house2} ({cells}). One of them is the {sym} of {house2}, "
        "so {sym} is removed from the rest of {house2}: {elim_cells}.",
    ),
    **{code: (
        "Look for {a_lname} in {house}.",
        "In {house}, where can the {sym}s go?",
        "In {house}, every {sym} lies in {house2} ({cells}). One of them is the {sym} of {house2}, "
        "so {sym} is removed from the rest of {house2}: {direct_cells}. {direct_single}",
    ) for code in ("direct-pointing", "direct-claiming")},
    **{code: (
        "Look for {a_lname} in {house}.",
        "In {house}, where can {syms} go?",
        "In {house}, {syms} fit only in {cells}: these {k} cells take {syms} between them, "
        "so they hold nothing else: {direct_removed}. {direct_single}",
    ) for code in ("direct-hp", "direct-ht")},
    **{code: (
        "Look for {a_lname} where {house} meets {house2}.",
        "Which cells of {house} and {house2} hold only {symset}?",
        "{cells} lie in both {house} and {house2} and hold only {symset}: they take {syms} between them, so "
        "{syms} are removed from the other cells of both houses: {removed}.",
    ) for code in ("locked-pair", "locked-triple")},
    "np": (
        "Look for a naked pair in {house}.",
        "In {house}, look at {cells}.",
        "{cells} hold only {symset}: these {k} cells take {syms} between them, "
        "so {syms} are removed from the other cells of {house}: {removed}.",
    ),
    "nt": (
        "Look for a naked triple in {house}.",
        "In {house}, look at {cells}.",
        "{cells} hold only {symset}: these {k} cells take {syms} between them, "
        "so {syms} are removed from the other cells of {house}: {removed}.",
    ),
    "nq": (
        "Look for a naked quad in {house}.",
        "In {house}, look at {cells}.",
        "{cells} hold only {symset}: these {k} cells take {syms} between them, "
        "so {syms} are removed from the other cells of {house}: {removed}.",
    ),
    "hp": (
        "Look for a hidden pair in {house}.",
        "In {house}, where can {syms} go?",
        "In {house}, {syms} fit only in {cells}: these {k} cells take {syms} between them, "
        "so they hold nothing else: {removed}.",
    ),
    "ht": (
        "Look for a hidden triple in {house}.",
        "In {house}, where can {syms} go?",
        "In {house}, {syms} fit only in {cells}: these {k} cells take {syms} between them, "
        "so they hold nothing else: {removed}.",
    ),
    "hq": (
        "Look for a hidden quad in {house}.",
        "In {house}, where can {syms} go?",
        "In {house}, {syms} fit only in {cells}: these {k} cells take {syms} between them, "
        "so they hold nothing else: {removed}.",
    ),
    "leftovers": (
        "Try the law of leftovers on {lines} and {regions}.",
        "{Lines} and {regions} share all cells but {lines_only} ({lines_word} only) and {regions_only} "
        "(regions only). What does {sym} do there?",
        "{Lines} and {regions} share all cells but {lines_only} ({lines_word} only) and {regions_only} "
        "(regions only). Both groups hold every {word} {k_houses}, so the leftovers hold the same {word}s. "
        "{leftover_reason}",
    ),
    "cage-single": (
        "Look at the last empty cell of {cage}.",
        "{Cage} has one empty cell, {pcell}.",
        "{Cage} has one empty cell, {pcell}; the others add up to {cage_rest}, so {pcell} = {cage_total} - {cage_rest} = {sym}.",
    ),
    "cage-combo": (
        "Look at the combinations of {cage}.",
        "Which sets of {word}s add up to {cage_total} in {cage}?",
        "{Cage} has {cage_size} cells: {combos}{forced}. {combo_result}",
    ),
    "cage-pointing": (
        "Look for a {word} that {cage} must contain.",
        "{Cage} has {cage_size} cells and can be {combo_list}. Which {word} is in all of them?",
        "{Cage} has {cage_size} cells: {combos}{forced}. {sym} is in every combination, and its places in the cage "
        "({cells}) all lie in {house}, so {sym} is removed from the rest of {house}: {elim_cells}.",
    ),
    "innie": (
        "Try the 45 rule on {union}.",
        "Add up the cages covering {union}.",
        "45 rule on {union}: {rule45}",
    ),
    "innies-outies": (
        "Try the 45 rule on {union}.",
        "Add up the cages covering {union}.",
        "45 rule on {union}: {rule45}",
    ),
    **{code: (
        "Look for {a_name} on {sym}.",
        "{Base} hold {sym} only in {cover}{fin_clue}.",
        "In {base}, {sym} can only be in {cover}{fin_clue}. {fish_reason}",
    ) for code in FISH_CODES},
    **{code: (
        "Look for {a_name} on {sym}.",
        "Look at the strong links on {sym} in {house} and {house2}.",
        "{chain_text}",
    ) for code in ("skyscraper", "2-string-kite", "turbot-fish")},
    "empty-rectangle": (
        "Look for an empty rectangle on {sym} in {house}.",
        "In {house}, the {sym}s lie in one row and one column; look at {house2}.",
        "{er_text}",
    ),
    "simple-colours": (
        "Colour the strong links of {sym}.",
        "Follow the cells where {sym} has two places in a house, alternating two colours.",
        "{colour_text}",
    ),
    "multi-colours": (
        "Colour the strong links of {sym}: two clusters.",
        "Follow the cells where {sym} has two places in a house, alternating colours, and compare the clusters.",
        "{colour_text}",
    ),
    "xy-wing": (
        "Look for an XY-wing with pivot {pivot}.",
        "{pivot} {pivot_set} sees {pincers_text}.",
        "Pivot {pivot} {pivot_set} sees {pincers_text}. {xy_reason}",
    ),
    "xyz-wing": (
        "Look for an XYZ-wing with pivot {pivot}.",
        "{pivot} {pivot_set} sees {pincers_text}.",
        "Pivot {pivot} {pivot_set} sees {pincers_text}. Whatever the pivot holds, one of the three cells is {sym}, "
        "so the cells that see all three lose {sym}: {elim_cells}.",
    ),
    "w-wing": (
        "Look for a W-wing on {wsyms}.",
        "{wcells} hold only {wsyms}; look at {house}.",
        "{w_text}",
    ),
    "wxyz-wing": (
        "Look for a WXYZ-wing: four cells holding only four symbols between them.",
        "{wxyz_cells} hold only {wxyz_symbols} between them; which of those symbols can fill more than one of them?",
        "{wxyz_cands} hold only {wxyz_symbols} between them. Every symbol but {sym} has its places among them "
        "all seeing each other, so it fills at most one of the four cells; three symbols cannot fill four "
        "cells, so one of {wxyz_z} is {sym}. {wxyz_targets}, which {see_all} all of them, cannot be {sym}: "
        "{removed}.",
    ),
    **{f"ur{k}": (
        "Look for a unique rectangle on {ur_pair}.",
        "{ur_corners} all hold {ur_pair}.",
        "This puzzle has a unique solution, so {ur_corners} cannot be left holding only {ur_pair}: "
        "the two {word}s could be swapped. {ur_reason}",
    ) for k in (1, 2, 3, 4, 5, 6)},
    "hidden-rectangle": (
        "Look for a hidden rectangle on {ur_pair}.",
        "{ur_corners} all hold {ur_pair}; {hr_floor} holds nothing else.",
        "This puzzle has a unique solution, so {ur_corners} cannot be left holding only {ur_pair}. {hr_floor} "
        "holds only {ur_pair}, and in {houses_all}, {hr_a} can only go in the rectangle. If {hr_far} were "
        "{hr_b}, {hr_a} would fill the two corners beside it, {hr_floor} would be {hr_b}, and the four corners "
        "would hold only {ur_pair}. So {hr_far} is not {hr_b}: {removed}.",
    ),
    "avoidable-rectangle": (
        "Look for an avoidable rectangle: solved cells that were not given.",
        "{ur_corners}: which of them were given?",
        "{ar_text}",
    ),
    "unique-loop": (
        "Look for a unique loop on {ur_pair}.",
        "{ur_corners} all hold {ur_pair}, two in every house they touch.",
        "This puzzle has a unique solution, so {ur_corners}, which hold {ur_pair} and lie two to every house "
        "they touch, cannot be left holding only {ur_pair}: the two {word}s could be swapped along the loop. "
        "{ur_reason}",
    ),
    "bug+1": (
        "Look for a BUG+1.",
        "Every unsolved cell holds two candidates but {cell}.",
        "This puzzle has a unique solution. Every unsolved cell holds two candidates but {cell}; if {cell} were "
        "not {sym}, every {word} would have exactly two places in each house, and such a grid has no solution "
        "or several. {sym} appears three times in {houses_all}, so {cell} = {sym}.",
    ),
    "bug2": (
        "Look for a BUG with several extra candidates.",
        "Which cells hold more than two candidates?",
        "{bug_premise} Each of them has the same extra, {sym}, so one of them is {sym}: {elim_cells}, which "
        "{see_all} them all, cannot be {sym}: {removed}.",
    ),
    "bug3": (
        "Look for a BUG with several extra candidates in one house.",
        "Which cells hold more than two candidates?",
        "{bug_premise} They lie in {house}, so one cell of {house} holds one of {bug_union}; with "
        "{subset_cells} that makes a naked set on {symset}, so the rest of {house} loses them: {removed}.",
    ),
    "bug4": (
        "Look for a BUG with two extra candidates in one house.",
        "Which cells hold more than two candidates?",
        "{bug_premise} In {house}, {sym} lives only in {cells}, so one of them is {sym} and the other "
        "its extra: each is {sym} or its extra. {removed}.",
    ),
    "sue-de-coq": (
        "Look for a Sue de Coq where {house} meets {house2}.",
        "Which symbols do {sdc_core} hold, and which cells of {house} and {house2} hold only some of them?",
        "{sdc_text}",
    ),
    "als-xz": (
        "Look for two almost locked sets sharing a restricted common symbol.",
        "{als_sets_clue}",
        "{als_text}",
    ),
    "als-xy-wing": (
        "Look for three almost locked sets: a pivot and two wings.",
        "{als_sets_clue}",
        "{als_text}",
    ),
    "remote-pair": (
        "Look for a remote pair: a chain of cells holding only {wsyms}.",
        "Follow the cells holding only {wsyms} from {chain_start}: each sees the next.",
        "{remote_pair_text}",
    ),
    "als-chain": (
        "Look for a chain of almost locked sets, each joined to the next by a restricted common symbol.",
        "{als_sets_clue}",
        "{als_chain_text}",
    ),
    "xy-chain": (
        "Look for an XY-chain ending on {sym}.",
        "Follow the bivalue cells from {chain_start}.",
        "{xy_chain_text}",
    ),
    **{code: (
        "Look for {a_lname} starting from {forcing_source}.",
        "{forcing_clue}",
        "{forcing_text}",
    ) for code in ("x-chain", "aic", "grouped-aic", "nishio", "cell-region-forcing", "dynamic-forcing",
                   "dynamic-forcing-plus", "nested-forcing")},
    "bf": (
        "No technique in the enabled set applies from here.",
        "No technique in the enabled set applies from here; the rest needs trial and error.",
        "No technique in the enabled set applies from here (position {position}). "
        "The rest was found by trial and error{guesses}.",
    ),
}

_GENERIC = (
    "Look for a {name}.",
    "Look at {cells}.",
    "{result}.",
)


class TextRenderer:
    """Turns steps of one puzzle into sentences."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.g = puzzle.geometry

    # -- notation -----------------------------------------------------------

    def cell(self, cell: int) -> str:
        return self.g.cell_name(cell)

    def house(self, house: int) -> str:
        return self.g.house_name(house)

    def sym(self, sym: int) -> str:
        return self.puzzle.symbols[sym]

    def cells(self, cells: Iterable[int]) -> str:
        return prose([self.cell(c) for c in cells])

    def cells_or(self, cells: Iterable[int]) -> str:
        return prose([self.cell(c) for c in cells], "or")

    def cells_see(self, step: Step) -> str:
        return self.cells(sorted({c for c, _ in step.eliminations}))

    def symset(self, syms: Iterable[int]) -> str:
        return "{" + ",".join(self.sym(s) for s in sorted(syms)) + "}"

    def syms_prose(self, syms: Iterable[int]) -> str:
        return prose([self.sym(s) for s in sorted(syms)])

    def removed(self, eliminations: Sequence[tuple[int, int]]) -> str:
        """Grouped eliminations: ``r1c4<>4, r1c9<>49``."""
        by_cell: dict[int, list[int]] = defaultdict(list)
        for cell, sym in eliminations:
            by_cell[cell].append(sym)
        sep = "" if self.puzzle.size <= 9 else ","
        return ", ".join(f"{self.cell(c)}<>{sep.join(self.sym(s) for s in sorted(ss))}"
                         for c, ss in sorted(by_cell.items()))

    def placed(self, placements: Sequence[tuple[int, int]]) -> str:
        return prose([f"{self.cell(c)} = {self.sym(s)}" for c, s in placements])

    def result(self, step: Step) -> str:
        parts = []
        if step.placements:
            parts.append(self.placed(step.placements))
        if step.eliminations:
            parts.append(self.removed(step.eliminations))
        return "; ".join(parts)

    # -- rendering ----------------------------------------------------------

    def levels(self, step: Step) -> dict[str, str]:
        """All three levels: ``{"nudge": ..., "clue": ..., "explanation": ...}``."""
        return {"nudge": self.text(step, NUDGE), "clue": self.text(step, CLUE),
                "explanation": self.explain(step)}

    def text(self, step: Step, level: str = FULL) -> str:
        """The template text of one level, without the technique's name."""
        templates = TEMPLATES.get(step.code, _GENERIC)
        template = templates[LEVELS.index(level)]
        return capitalize(template.format_map(_Fields(self, step)))

    def explain(self, step: Step) -> str:
        """The full explanation, led by the technique's name."""
        return f"{step.technique.name}: {lcfirst(self.text(step, FULL))}"


class _Fields(dict):
    """Lazily computed template fields of one step."""

    def __init__(self, renderer: TextRenderer, step: Step):
        super().__init__()
        self.r = renderer
        self.step = step

    def __missing__(self, key: str) -> Any:
        fn = FIELDS.get(key)
        if fn is None:
            raise KeyError(f"template field {key!r} is unknown")
        value = fn(self.r, self.step)
        self[key] = value
        return value


def _first(seq: Sequence[int], default: int = -1) -> int:
    return seq[0] if seq else default


def _blocked(r: TextRenderer, step: Step) -> str:
    blockers = step.detail("blockers", ())
    if not blockers or any(b < 0 for _, b in blockers):
        return ""
    sources = sorted({b for _, b in blockers})
    sym = r.sym(step.symbols[0])
    return f": the {sym}{'s' if len(sources) > 1 else ''} in {r.cells(sources)} rule{'' if len(sources) > 1 else 's'} out its other cells"


def _why_single(r: TextRenderer, step: Step) -> str:
    p = r.puzzle
    if step.detail("all_seen", False):
        return f"its row, column and {p.geometry.block_kind} already hold every other {_word(p)}"
    return f"every other {_word(p)} has been ruled out"


def _house_run(r: TextRenderer, houses: Sequence[int]) -> str:
    """``rows 1-2``, ``row 3``, ``regions 1, 4 and 5``."""
    g = r.g
    kind = g.house_kind(houses[0])
    nums = [g.house_number(h) for h in houses]
    if len(nums) == 1:
        return f"{kind} {nums[0]}"
    if nums == list(range(nums[0], nums[0] + len(nums))):
        return f"{kind}s {nums[0]}-{nums[-1]}"
    return f"{kind}s " + prose([str(x) for x in nums])


def _leftover_reason(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    lines_only = step.detail("lines_only")
    regions_only = step.detail("regions_only")
    side_lines = step.detail("limit_side") == "regions_only"  # the changed side is the lines' side
    this, other = (lines_only, regions_only) if side_lines else (regions_only, lines_only)
    count = step.detail("count")
    if step.detail("kind") == "eliminate":
        if count == 0:
            return (f"{sym} cannot go in {r.cells_or(other)}, so it cannot go in {r.cells_or(this)} either: "
                    f"{r.removed(step.eliminations)}.")
        return (f"{r.cells(other)} can hold {sym} at most {_times(count)} and {r.cells(this)} already "
                f"{'holds' if len(this) == 1 else 'hold'} it {_times(count)}, so {sym} goes nowhere else there: "
                f"{r.removed(step.eliminations)}.")
    return (f"{r.cells(other)} {'holds' if len(other) == 1 else 'hold'} {sym} {_times(count)}, so "
            f"{r.cells(this)} must too, and only {r.cells([c for c, _ in step.placements])} can. "
            f"So {r.placed(step.placements)}.")


def _times(k: int) -> str:
    return {1: "once", 2: "twice"}.get(k, f"{k} times")


def _cage(r: TextRenderer, step: Step) -> str:
    return r.puzzle.cage_name(step.cages[0])


def _fillings_text(r: TextRenderer, step: Step, limit: int = 6) -> tuple[str, int]:
    fillings = step.detail("fillings", ())
    sets = []
    for f in fillings:
        if isinstance(f, int):
            sets.append("{" + ",".join(r.sym(s) for s in range(f.bit_length()) if f >> s & 1) + "}")
        else:
            sets.append("{" + ",".join(r.sym(v - 1) for v in sorted(f)) + "}")
    sets = list(dict.fromkeys(sets))
    if len(sets) > limit:
        return f"one of {len(sets)} combinations ({', '.join(sets[:3])}, ...)", len(sets)
    return prose(sets, "or"), len(sets)


def _combos(r: TextRenderer, step: Step) -> str:
    cage = r.puzzle.cages[step.cages[0]]
    text, count = _fillings_text(r, step)
    kind = "" if not cage.repeats else " (digits may repeat)" if r.puzzle.is_digits else " (symbols may repeat)"
    if count == 1:
        return f"only {text} adds up to {cage.total}{kind}"
    return f"with what is left in its cells, it can be {text}{kind}"


def _forced(r: TextRenderer, step: Step) -> str:
    why = step.detail("forced", ())
    if not why:
        return ""
    parts = [f"{r.house(h)} has its only {r.sym(s)}s inside the cage" for s, h in why]
    return " (" + "; ".join(parts) + ")"


def _combo_result(r: TextRenderer, step: Step) -> str:
    by_cell: dict[int, set[int]] = defaultdict(set)
    for c, s in step.eliminations:
        by_cell[c].add(s)
    sets = {frozenset(v) for v in by_cell.values()}
    if len(sets) == 1:
        syms = sorted(next(iter(sets)))
        if r.puzzle.is_digits:
            from ..cagemath import value_range_text
            what = value_range_text([s + 1 for s in syms])
        else:
            what = prose([r.sym(s) for s in syms])
        verb = "is" if len(syms) == 1 else "are"
        return f"So {what} {verb} removed from {r.cells(sorted(by_cell))}."
    return f"So: {r.removed(step.eliminations)}."


def _union_name(r: TextRenderer, houses: Sequence[int]) -> str:
    g = r.g
    kinds = {g.house_kind(h) for h in houses}
    if len(kinds) == 1:
        return _house_run(r, list(houses))
    return prose([r.house(h) for h in houses])


def _expr(r: TextRenderer, innies: Sequence[int], outies: Sequence[int]) -> str:
    text = " + ".join(r.cell(c) for c in innies)
    if outies:
        minus = " - ".join(r.cell(c) for c in outies)
        text = f"{text} - {minus}" if text else f"-({' + '.join(r.cell(c) for c in outies)})"
    return text


def _sum_terms(values: Sequence[int]) -> str:
    if len(values) == 1:
        return str(values[0])
    if len(values) > 9:
        return str(sum(values))
    return " + ".join(str(v) for v in values) + f" = {sum(values)}"


def _rule45(r: TextRenderer, step: Step) -> str:
    eq = step.detail("equation")
    p = r.puzzle
    n = p.size
    house_total = n * (n + 1) // 2
    k = len(eq.houses)
    total = k * house_total
    name = _union_name(r, eq.houses)
    it = "it" if k == 1 else "them"
    holds = f"{name} holds {total}." if k == 1 else f"{name} hold {k} × {house_total} = {total}."
    inside = [p.cages[i].total for i in eq.inside]
    out_cages = [p.cages[i].total for i in eq.outie_cages]
    parts = [holds]
    if eq.outies and not eq.innies:
        covering = inside + out_cages
        s = sum(covering)
        few = len(eq.outie_cages) == 1
        parts.append(f"The cages covering {name} add up to {_sum_terms(covering)}, and "
                     f"{'one of them also covers' if few else f'{len(eq.outie_cages)} of them also cover'} "
                     f"{r.cells(eq.outies)}, outside {it}. So {' + '.join(r.cell(c) for c in eq.outies)} "
                     f"= {s} - {total} = {s - total}.")
    elif eq.innies and not eq.outies:
        s_in = sum(inside)
        if inside:
            parts.append(f"The cages wholly inside {it} add up to {_sum_terms(inside)}, so the cells outside those "
                         f"cages, {r.cells(eq.innies)}, add up to {total} - {s_in} = {total - s_in}.")
        else:
            parts.append(f"No cage lies wholly inside {it}, so {r.cells(eq.innies)} add up to {total}.")
    else:
        s_in, s_out = sum(inside), sum(out_cages)
        parts.append(f"The cages wholly inside {it} add up to {s_in}; the cages sticking out on the other side add up "
                     f"to {s_out}, with {r.cells(eq.outies)} outside {it}. So {_expr(r, eq.innies, eq.outies)} "
                     f"= {total} - {s_in} - {s_out} = {eq.target}.")
    innies, outies = step.detail("innies"), step.detail("outies")
    target = step.detail("target")
    known = step.detail("known", ())
    if known:
        held = prose([f"{r.cell(c)} = {v + 1}" for c, v in known])
        parts.append(f"With {held} already placed, {_expr(r, innies, outies)} = {target}.")
    if step.placements:
        cell, sym = step.placements[0]
        if known or len(eq.innies) + len(eq.outies) > 1:
            parts.append(f"So {r.cell(cell)} = {r.sym(sym)}.")
        return " ".join(parts)
    fill_text, count = _fillings_text(r, step)
    if step.variant == "derived-cage":
        cells = innies or outies
        parts.append(f"{' + '.join(r.cell(c) for c in cells)} = {abs(target)} acts as a new {len(cells)}-cell cage"
                     f"{'' if _all_see(p, cells) else ' (cells that do not see each other may repeat)'}; "
                     f"with what is left in its cells it can be {fill_text}.")
    else:
        parts.append(f"With what is left in these cells, only {count} way{'s' if count != 1 else ''} fit.")
    parts.append(f"So: {r.removed(step.eliminations)}.")
    return " ".join(parts)


def _all_see(p: Puzzle, cells: Sequence[int]) -> bool:
    return all(p.peer_masks[a] >> b & 1 for a in cells for b in cells if a != b)


def _houses_prose(r: TextRenderer, houses: Sequence[int]) -> str:
    """``rows 2 and 8``, ``row 2 and box 5``."""
    g = r.g
    kinds = {g.house_kind(h) for h in houses}
    if len(kinds) == 1:
        kind = next(iter(kinds))
        return f"{kind}s " + prose([str(g.house_number(h)) for h in houses]) if len(houses) > 1 \
            else r.house(houses[0])
    return prose([r.house(h) for h in houses])


def _fin_clue(r: TextRenderer, step: Step) -> str:
    fins = step.detail("fins", ())
    if not fins:
        return ""
    return f", apart from the fin{'s' if len(fins) > 1 else ''} {r.cells(fins)}"


def _fish_reason(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    base = _houses_prose(r, step.detail("base"))
    cover = _houses_prose(r, step.detail("cover"))
    cells = r.cells(sorted({c for c, _ in step.eliminations}))
    if not step.detail("fins", ()):
        return (f"Whichever way it falls, {cover} each get their {sym} from {base}, so {sym} is removed from "
                f"the rest of {cover}: {cells}.")
    fins = step.detail("fins")
    return (f"Either {'the fin holds' if len(fins) == 1 else 'a fin holds'} {sym}, or {cover} each get their "
            f"{sym} from {base}; so the cells of {cover} that see {'the fin' if len(fins) == 1 else 'every fin'} "
            f"lose {sym}: {cells}.")


def _chain_text(r: TextRenderer, step: Step) -> str:
    a, b, c, d = step.detail("chain")
    sym = r.sym(step.symbols[0])
    h1, h2 = r.house(step.houses[0]), r.house(step.houses[1])
    g = r.g
    why = next((g.house_kind(h) for h in g.cell_houses[b] if h in g.cell_houses[c]), "cage")
    lines = [
        f"The {sym} of {h1} is in {r.cell(a)} or {r.cell(b)}, and the {sym} of "
        f"{h2} is in {r.cell(c)} or {r.cell(d)}; {r.cell(b)} and {r.cell(c)} see each other.",
        f"Suppose {r.cell(a)} is not {sym}.",
        f" 1. then {r.cell(b)} is {sym} (the only other {sym} in {h1})",
        f" 2. then {r.cell(c)} is not {sym} (same {why})",
        f" 3. then {r.cell(d)} is {sym} (the only other {sym} in {h2})",
        f"Either {r.cell(a)} or {r.cell(d)} is {sym}, so {r.cells_see(step)}, which "
        f"{'sees' if len(step.eliminations) == 1 else 'see'} both, cannot be {sym}.",
    ]
    return "\n".join(lines)


def _er_text(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    box = step.detail("box")
    row, col = step.detail("cross")
    near, far = step.detail("link")
    target = step.eliminations[0][0]
    link = r.house(step.houses[1])
    return (f"In {r.house(box)}, every {sym} lies in row {row + 1} or column {col + 1}. "
            f"The {sym} of {link} is in {r.cell(near)} or {r.cell(far)}. If {r.cell(target)} were {sym}, "
            f"{r.cell(far)} would not be (it sees {r.cell(target)}), so {r.cell(near)} would be; then {r.house(box)} "
            f"could hold {sym} neither in row {row + 1} nor in column {col + 1}. So {r.cell(target)}<>{sym}.")


def _xy_reason(r: TextRenderer, step: Step) -> str:
    pivot = step.detail("pivot")
    a, b = step.detail("pincers")
    z = r.sym(step.symbols[0])
    shared = dict(step.detail("shared"))
    return (f"If {r.cell(pivot)} is {r.sym(shared[a])}, {r.cell(a)} is {z}; if it is {r.sym(shared[b])}, "
            f"{r.cell(b)} is {z}. Either way one of {r.cell(a)} and {r.cell(b)} is {z}, so the cells "
            f"that see both lose {z}: {r.cells_see(step)}.")


def _w_text(r: TextRenderer, step: Step) -> str:
    a, b = step.cells[:2]
    p, q = step.detail("link")
    y, x = step.symbols
    h = r.house(step.houses[0])
    ys, xs = r.sym(y), r.sym(x)
    return (f"{r.cell(a)} and {r.cell(b)} hold only {{{','.join(sorted([xs, ys]))}}}. In {h}, {xs} can only "
            f"go in {r.cell(p)} or {r.cell(q)}; {r.cell(p)} sees {r.cell(a)} and {r.cell(q)} sees {r.cell(b)}. If "
            f"neither {r.cell(a)} nor {r.cell(b)} were {ys}, both would be {xs}, and {h} would have no place for "
            f"{xs}. So one of them is {ys}, and the cells that see both lose {ys}: "
            f"{r.cells(sorted({c for c, _ in step.eliminations}))}.")


def _ur_reason(r: TextRenderer, step: Step) -> str:
    roof = step.detail("roof")
    a, b = (r.sym(x) for x in step.detail("pair"))
    removed = r.removed(step.eliminations)
    kind = step.code[-1] if step.code.startswith("ur") else step.variant
    if kind == "1":
        return f"So {r.cell(roof[0])} must hold something else: {removed}."
    if kind in ("2", "5"):
        x = r.sym(step.detail("extra"))
        both = "both" if len(roof) == 2 else "all of them"
        return (f"So one of {r.cells(roof)} is {x}, and the cells that see {both} lose {x}: {removed}.")
    if kind == "6":
        locked = r.sym(step.detail("locked"))
        other = b if locked == a else a
        floor = [c for c in step.detail("corners") if c not in roof]
        lines = prose([r.house(h) for h in step.houses])
        return (f"In {lines}, {locked} can only go in the rectangle's corners: either in {r.cells(floor)} or in "
                f"{r.cells(roof)}. In {r.cells(roof)}, it would leave {r.cells(floor)} both {other}, and the four "
                f"corners holding only {a} and {b}. So {locked} fills {r.cells(floor)}: {removed}.")
    if kind == "3":
        group = step.detail("subset")
        syms = r.symset(step.detail("subset_symbols"))
        return (f"So {r.cells(roof)} hold one of their extra {r.puzzle.is_digits and 'digits' or 'symbols'}; "
                f"together with {r.cells(group)} they take {syms} in {r.house(step.houses[0])}, so the rest of "
                f"it loses them: {removed}.")
    locked = r.sym(step.detail("locked"))
    other = b if locked == a else a
    return (f"In {r.house(step.houses[0])}, {locked} can only go in {r.cells(roof)}, so one of them is {locked}; "
            f"neither can then be {other}: {removed}.")


def _xy_chain_text(r: TextRenderer, step: Step) -> str:
    path = step.detail("path")
    values = step.detail("values")
    x = r.sym(step.symbols[0])
    lines = [f"Suppose {r.cell(path[0])} is not {x}."]
    k = 1
    lines.append(f" {k}. then {r.cell(path[0])} is {r.sym(values[0])} (its only other candidate)")
    for prev, cell, held_prev, held in zip(path, path[1:], values, values[1:]):
        k += 1
        lines.append(f" {k}. then {r.cell(cell)} is not {r.sym(held_prev)} ({_same_house(r, cell, prev)}), "
                     f"so it is {r.sym(held)}")
    lines.append(f"Either {r.cell(path[0])} or {r.cell(path[-1])} is {x}, so {r.cells_see(step)}, which "
                 f"{'sees' if len(step.eliminations) == 1 else 'see'} both, cannot be {x}.")
    return "\n".join(lines)



def _remote_pair_text(r: TextRenderer, step: Step) -> str:
    path = step.detail("path")
    a, b = (r.sym(x) for x in step.symbols)
    lines = [f"{r.cells(path)} each hold only {{{a},{b}}}, and each sees the next. Suppose {r.cell(path[0])} is {a}."]
    held = [a, b]
    for k, (prev, cell) in enumerate(zip(path, path[1:]), 1):
        lines.append(f" {k}. then {r.cell(cell)} is not {held[(k - 1) % 2]} ({_same_house(r, cell, prev)}), "
                     f"so it is {held[k % 2]}")
    lines.append(f"Starting from {b} instead swaps every value, so {r.cell(path[0])} and {r.cell(path[-1])} hold "
                 f"{a} and {b} in some order: {r.cells_see(step)}, which "
                 f"{'sees' if len({c for c, _ in step.eliminations}) == 1 else 'see'} both, can hold neither: "
                 f"{r.removed(step.eliminations)}.")
    return "\n".join(lines)


# -- forcing chains ------------------------------------------------------------
# A chain record is ``(literal, reason, parents)``; a literal packs a cell, a
# symbol and whether the cell holds it (see strategies.forcing, which the core
# does not import: the packing is restated here as data, not logic).


def _lit(r: TextRenderer, x: int) -> str:
    cell, sym, on = unpack(x)
    return f"{r.cell(cell)} is {'' if on else 'not '}{r.sym(sym)}"


def _same_house(r: TextRenderer, a: int, b: int) -> str:
    g = r.g
    kind = next((g.house_kind(h) for h in g.cell_houses[a] if h in g.cell_houses[b]), "cage")
    return f"same {kind} as {r.cell(b)}"


def _why_node(r: TextRenderer, x: int, reason: tuple, parents: tuple, number: dict[int, int], prev: int) -> str:
    kind = reason[0]
    cell, sym = lit_cell(x), lit_symbol(x)
    if kind == "cell":
        parent = parents[0]
        why = f"it is {r.sym(lit_symbol(parent))}"
    elif kind == "peer":
        why = _same_house(r, cell, reason[1])
    elif kind == "naked":
        why = "its only candidate left"
    elif kind == "hidden":
        why = f"the only place left for {r.sym(sym)} in {r.house(reason[1])}"
    elif kind == "group":
        _, house, group, other = reason
        why = (f"{r.sym(sym)} in {r.house(house)} is left in {r.cells_or(group)}, "
               f"{'both' if len(group) == 2 else 'all'} in {r.house(other)}")
    elif kind == "als":
        _, cells, house, lost = reason
        why = (f"{r.cells(cells)} in {r.house(house)} hold one symbol more than they have cells; without "
               f"{r.sym(lost)} they are locked on the rest, so one of them is {r.sym(sym)}, and this cell sees "
               f"every {r.sym(sym)} among them")
    elif kind == "rule":
        houses = reason[2]
        where = f" in {prose([r.house(h) for h in houses])}" if houses else ""
        from ..techniques import TECHNIQUES

        name = TECHNIQUES[reason[1]].name.lower() if reason[1] in TECHNIQUES else reason[1]
        why = f"{name}{where}"
    else:
        why = kind
    refs = sorted(number[p] for p in parents if p in number)
    if refs and (len(refs) > 1 or refs[0] != prev) and kind != "cell":
        why += f", by {prose([str(n) if n else 'the assumption' for n in refs])}"
    return why


def _branch_lines(r: TextRenderer, start: int, chain: tuple, contradiction: tuple | None,
                  indent: str = " ") -> list[str]:
    lines = []
    number = {start: 0}
    k = 0
    for x, reason, parents in chain:
        if x == start:
            continue
        k += 1
        lines.append(f"{indent}{k}. then {_lit(r, x)} ({_why_node(r, x, reason, parents, number, k - 1)})")
        number[x] = k
        if reason[0] == "rule" and len(reason) > 4:
            # a forcing chain applied inside the assumption: explained in turn, indented
            inner_kind, inner_source, inner_branches = reason[4]
            lines.append(f"{indent}    (in the position this assumption leaves:)")
            lines.extend(_forcing_lines(r, inner_kind, inner_source, inner_branches, _lit(r, x),
                                        indent + "    "))
    if contradiction is not None:
        x, reason, parents = contradiction
        if x < 0:
            what = (f"{r.cell(reason[1])} has no candidate left" if reason[0] == "empty"
                    else f"{r.sym(reason[2])} has no place left in {r.house(reason[1])}")
            refs = sorted(number[p] for p in parents if p in number)
            lines.append(f"{indent}{k + 1}. then {what} "
                         f"(by {prose([str(n) if n else 'the assumption' for n in refs])}): impossible")
        else:
            why = _why_node(r, x, reason, parents, number, k)
            other = number.get(x ^ 1, 0)
            said = "the assumption" if other == 0 else f"step {other}"
            lines.append(f"{indent}{k + 1}. then {_lit(r, x)} ({why}), but {said} says {_lit(r, x ^ 1)}: impossible")
    return lines


def _forcing_source(r: TextRenderer, step: Step) -> str:
    kind, source = step.detail("kind"), step.detail("source")
    if kind == "cell":
        return r.cell(source[0])
    if kind == "region":
        return f"the {r.sym(source[1])}s of {r.house(source[0])}"
    return f"{r.sym(source[1])} in {r.cell(source[0])}"


def _forcing_clue(r: TextRenderer, step: Step) -> str:
    kind, source = step.detail("kind"), step.detail("source")
    if kind == "cell":
        return f"Try each candidate of {r.cell(source[0])} in turn and follow the consequences."
    if kind == "region":
        return f"Try each place of {r.sym(source[1])} in {r.house(source[0])} and follow the consequences."
    if kind == "double":
        return f"Follow what happens if {r.cell(source[0])} is {r.sym(source[1])}, and if it is not."
    start = step.detail("branches")[0][0]
    return f"Suppose {_lit(r, start)} and follow the consequences."


def _forcing_text(r: TextRenderer, step: Step) -> str:
    kind, branches = step.detail("kind"), step.detail("branches")
    result = r.result(step) if step.eliminations else r.placed(step.placements)
    out = _forcing_lines(r, kind, step.detail("source"), branches, result, "")
    nesting = step.detail("nesting", 0)
    if nesting == 1:
        out.append("(Nesting level 1: the chain also uses techniques inside the assumption.)")
    elif nesting:
        out.append(f"(Nesting level {nesting}: the chain also uses techniques, forcing chains among them, inside "
                   "the assumption.)")
    return "\n".join(out)


def _forcing_lines(r: TextRenderer, kind: str, source: tuple, branches: tuple, result: str,
                   indent: str) -> list[str]:
    """A forcing chain's lines, link by link; ``indent`` for one applied inside another."""
    out: list[str] = []
    if kind == "contradiction":
        start, chain, contradiction = branches[0]
        out.append(f"{indent}Suppose {_lit(r, start)}.")
        out.extend(_branch_lines(r, start, chain, contradiction, indent=indent + " "))
        out.append(f"{indent}The assumption fails, so {result}.")
        return out
    if kind == "cell":
        out.append(f"{indent}{capitalize(r.cell(source[0]))} holds "
                   f"{prose([r.sym(lit_symbol(b[0])) for b in branches], 'or')}.")
    elif kind == "region":
        house, sym = source
        out.append(f"{indent}In {r.house(house)}, {r.sym(sym)} goes in "
                   f"{prose([r.cell(lit_cell(b[0])) for b in branches], 'or')}.")
    for start, chain, _ in branches:
        out.append(f"{indent}If {_lit(r, start)}:")
        out.extend(_branch_lines(r, start, chain, None, indent=indent + "   "))
    out.append(f"{indent}Every case leads to the same result, so {result}.")
    return out


def _ar_text(r: TextRenderer, step: Step) -> str:
    corners, placed, free = step.detail("corners"), step.detail("placed"), step.detail("free")
    head = (f"This puzzle has a unique solution, and none of {r.cells(corners)} was given: if they ended holding "
            f"two symbols crosswise, those could be swapped, giving a second solution. "
            f"{capitalize(r.cells(placed))} {'was' if len(placed) == 1 else 'were'} placed by the solver.")
    removed = r.removed(step.eliminations)
    if step.variant == "1":
        return f"{head} So {r.cell(free[0])} cannot complete the pattern: {removed}."
    x = r.sym(step.detail("extra"))
    return (f"{head} {capitalize(r.cells(free))} would complete it with their other candidates, so one of them is "
            f"{x}, and the cells that see both lose {x}: {removed}.")


def _sdc_text(r: TextRenderer, step: Step) -> str:
    line, box = (r.house(h) for h in step.houses)
    core, a, d = step.detail("core"), step.detail("line_cells"), step.detail("box_cells")
    v, va, vd = step.detail("core_symbols"), step.detail("line_symbols"), step.detail("box_symbols")
    n = len(core) + len(a) + len(d)
    return (f"{capitalize(r.cells(core))}, where {line} meets {box}, hold {r.symset(v)}. {capitalize(r.cells(a))} "
            f"in the rest of {line} {'holds' if len(a) == 1 else 'hold'} {r.symset(va)}, and {r.cells(d)} in the "
            f"rest of {box} {'holds' if len(d) == 1 else 'hold'} {r.symset(vd)}; those two share no symbol. "
            f"These {n} cells hold {n} symbols between them, so each symbol is in one of them: the rest of {line} "
            f"loses {r.symset(set(va) | (set(v) - set(vd)))} and the rest of {box} loses "
            f"{r.symset(set(vd) | (set(v) - set(va)))}: {r.removed(step.eliminations)}.")


def _als_place(r: TextRenderer, als: tuple) -> str:
    cells, _, house = als
    return f"{r.cells(cells)} in {r.house(house)}"


def _als_name(r: TextRenderer, als: tuple) -> str:
    cells, syms, _ = als
    return f"{_als_place(r, als)} ({len(cells)} cell{'s' if len(cells) > 1 else ''}, {r.symset(syms)})"


def _als_text(r: TextRenderer, step: Step) -> str:
    sets = step.detail("sets")
    names = [_als_name(r, a) for a in sets]
    removed = r.removed(step.eliminations)
    head = ("Each of " + prose(names) + " holds one more symbol than it has cells (an almost locked set): "
            "without any one of its symbols, it is locked on the rest.")
    x = r.sym(step.detail("x"))
    if step.code == "als-xz" and step.variant == "double":
        x2 = r.sym(step.detail("x2"))
        return (f"{head} {x} and {x2} are restricted commons: every {x} (and every {x2}) of the first set sees "
                f"those of the second, so each goes in at most one set; with two such symbols each set loses "
                f"one of them and is locked on the rest. So {x} and {x2} each lie in one of the sets, every "
                f"other symbol lies in its own set, and cells seeing all its places lose it: {removed}.")
    z = r.sym(step.detail("z"))
    if step.code == "als-xz":
        return (f"{head} Every {x} of the first sees every {x} of the second, so {x} is missing from one of "
                f"them, which is then locked and holds its {z}. So {z} lies in one of the two sets, and cells "
                f"seeing every {z} of both lose it: {removed}.")
    y = r.sym(step.detail("y"))
    return (f"{head} The pivot, the third set, shares restricted common {x} with the first and {y} with the "
            f"second; it cannot hold both, so the first lacks {x} or the second lacks {y}, and that set is "
            f"locked and holds its {z}. Cells seeing every {z} of the first two sets lose it: {removed}.")


def _als_chain_text(r: TextRenderer, step: Step) -> str:
    sets = step.detail("sets")
    names = [_als_name(r, a) for a in sets]
    rccs = step.detail("rccs")
    z = r.sym(step.detail("z"))
    lines = ["Each of " + prose(names) + " holds one more symbol than it has cells (an almost locked set): "
             f"without any one of its symbols, it is locked on the rest. Suppose the first set holds no {z}."]
    first = rccs[0]
    lines.append(f" 1. then it is locked on its other symbols and holds {r.syms_prose(first)}")
    for k, (als, arc, nxt) in enumerate(zip(sets[1:], rccs, rccs[1:] + ((),)), 2):
        syms = [r.sym(x) for x in arc]
        lacks = f"no {syms[0]}" if len(syms) == 1 else "neither " + " nor ".join(syms)
        holds = f"holds {r.syms_prose(nxt)}" if nxt else f"holds its {z}"
        lines.append(f" {k}. then the set {_als_place(r, als)} holds {lacks} (each such candidate sees those of the set "
                     f"before), so it is locked and {holds}")
    lines.append(f"So {z} lies in the first or the last set, and cells seeing every {z} of both lose it: "
                 f"{r.removed(step.eliminations)}.")
    return "\n".join(lines)


def _colour_text(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    colours = step.detail("colours")
    names = ("blue", "green", "orange", "purple")
    listed = "; ".join(f"{names[i]}: {r.cells(cells)}" for i, cells in enumerate(colours))
    head = (f"Where {sym} has two places in a house, one of them holds it. Coloured along those links "
            f"({listed}), each cluster has one colour holding {sym} in every cell and the other in none.")
    removed = r.removed(step.eliminations)
    named = {tuple(cells): names[i] for i, cells in enumerate(colours)}
    if step.variant == "trap":
        return f"{head} {capitalize(r.cells_see(step))} {_see(step)} both colours, so {removed}."
    if step.variant == "wrap" or step.variant == "2":
        false = named[step.detail("false")]
        why = ("two of its cells see each other" if step.variant == "wrap"
               else "it sees both colours of the other cluster")
        return f"{head} {capitalize(false)} cannot hold {sym}: {why}. So {removed}."
    x1, y1 = (named[c] for c in step.detail("linked"))
    x2, y2 = (named[c] for c in step.detail("either"))
    return (f"{head} A {x1} cell sees a {y1} cell, so {x1} and {y1} are not both true: {x2} or {y2} holds "
            f"{sym}. {capitalize(r.cells_see(step))}, seeing both, {'loses' if len(step.eliminations) == 1 else 'lose'} "
            f"it: {removed}.")


def _see(step: Step) -> str:
    return "sees" if len({c for c, _ in step.eliminations}) == 1 else "see"


def _bug_premise(r: TextRenderer, step: Step) -> str:
    extras = step.detail("extras")
    listed = "; ".join(f"{r.cell(c)}: {r.syms_prose(xs)}" for c, xs in extras)
    return (f"This puzzle has a unique solution. Without their extra candidates ({listed}), every unsolved cell "
            f"would hold two candidates and every {_word(r.puzzle)} two places in each house: a BUG, which has "
            f"no solution or several. So at least one of {r.cells([c for c, _ in extras])} holds its extra.")


def _direct_single(r: TextRenderer, step: Step) -> str:
    cell, sym, house = step.detail("single")
    return f"Now {r.sym(sym)} fits only in {r.cell(cell)} in {r.house(house)}, so {r.cell(cell)} = {r.sym(sym)}."


def _lower_name(name: str) -> str:
    """``Alternating inference chain`` -> ``alternating ...``; ``X-chain`` and names stay."""
    first = name.split()[0]
    return name if first in ("Nishio",) or not first[1:2].islower() else name[0].lower() + name[1:]


def _a(name: str) -> str:
    return ("an " if name[0].lower() in "aeiox" else "a ") + name


def _word(p: Puzzle) -> str:
    return "digit" if p.is_digits else "symbol"


def _guesses(r: TextRenderer, step: Step) -> str:
    guesses = step.detail("guesses", ())
    if not guesses:
        return ""
    parts = []
    for cell, sym, outcome, nodes in guesses:
        what = {"contradiction": f"leads to a contradiction after {nodes} search node{'s' if nodes != 1 else ''}",
                "solution": "leads to the solution",
                "solutions": "leads to more than one solution"}[outcome]
        parts.append(f"trying {r.sym(sym)} in {r.cell(cell)} {what}")
    return ": " + "; ".join(parts)


def _lines(s: Step, g: Any) -> list[int]:
    return [h for h in s.houses if h < 2 * g.size]


def _regions(s: Step, g: Any) -> list[int]:
    return [h for h in s.houses if h >= 2 * g.size]


FIELDS: dict[str, Callable[[TextRenderer, Step], Any]] = {
    "forcing_source": _forcing_source,
    "als_text": _als_text,
    "als_chain_text": _als_chain_text,
    "ar_text": _ar_text,
    "hr_floor": lambda r, s: r.cell(s.detail("floor")),
    "hr_far": lambda r, s: r.cell(s.detail("far")),
    "hr_a": lambda r, s: r.sym(s.detail("locked")),
    "hr_b": lambda r, s: r.sym(next(x for x in s.detail("pair") if x != s.detail("locked"))),
    "sdc_core": lambda r, s: r.cells(s.detail("core")),
    "sdc_text": _sdc_text,
    "als_sets_clue": lambda r, s: "Look at " + prose([_als_name(r, a) for a in s.detail("sets")]) + ".",
    "colour_text": _colour_text,
    "bug_premise": _bug_premise,
    "bug_union": lambda r, s: r.syms_prose(sorted({x for _, xs in s.detail("extras") for x in xs})),
    "subset_cells": lambda r, s: r.cells(s.detail("subset")),
    "see_all": lambda r, s: "sees" if len({c for c, _ in s.eliminations}) == 1 else "see",
    "direct_single": _direct_single,
    "direct_cells": lambda r, s: r.cells(sorted({c for c, _ in s.detail("removed")})),
    "direct_removed": lambda r, s: r.removed(s.detail("removed")),
    "forcing_clue": _forcing_clue,
    "forcing_text": _forcing_text,
    "xy_chain_text": _xy_chain_text,
    "wxyz_cells": lambda r, s: r.cells([c for c, _ in s.detail("cands")]),
    "wxyz_cands": lambda r, s: prose([f"{r.cell(c)} {r.symset(xs)}" for c, xs in s.detail("cands")]),
    "wxyz_symbols": lambda r, s: r.symset(sorted({x for _, xs in s.detail("cands") for x in xs})),
    "wxyz_z": lambda r, s: r.cells(s.detail("z_cells")),
    "wxyz_targets": lambda r, s: capitalize(r.cells(sorted({c for c, _ in s.eliminations}))),
    "remote_pair_text": _remote_pair_text,
    "chain_start": lambda r, s: r.cell(s.detail("path")[0]),
    "ur_pair": lambda r, s: r.symset(s.detail("pair")),
    "houses_all": lambda r, s: prose([r.house(h) for h in s.houses]),
    "ur_corners": lambda r, s: r.cells(s.detail("corners")),
    "ur_reason": _ur_reason,
    "chain_text": _chain_text,
    "er_text": _er_text,
    "xy_reason": _xy_reason,
    "w_text": _w_text,
    "pivot": lambda r, s: r.cell(s.detail("pivot")),
    "pivot_set": lambda r, s: "{" + ",".join(r.sym(v) for v in s.detail("pivot_cands")) + "}",
    "pincers_text": lambda r, s: " and ".join(
        f"{r.cell(c)} {{{','.join(r.sym(v) for v in cands)}}}" for c, cands in s.detail("pincer_cands")),
    "wcells": lambda r, s: r.cells(s.cells[:2]),
    "wsyms": lambda r, s: "{" + ",".join(r.sym(v) for v in sorted(s.symbols)) + "}",
    "Name": lambda r, s: s.technique.name,
    "a_name": lambda r, s: _a(s.technique.name),
    "a_lname": lambda r, s: _a(_lower_name(s.technique.name)),
    "base": lambda r, s: _houses_prose(r, s.detail("base")),
    "Base": lambda r, s: capitalize(_houses_prose(r, s.detail("base"))),
    "cover": lambda r, s: _houses_prose(r, s.detail("cover")),
    "fin_clue": _fin_clue,
    "fish_reason": _fish_reason,
    "cage": _cage,
    "Cage": lambda r, s: capitalize(_cage(r, s)),
    "cage_total": lambda r, s: r.puzzle.cages[s.cages[0]].total,
    "cage_size": lambda r, s: len(r.puzzle.cages[s.cages[0]].cells),
    "cage_rest": lambda r, s: s.detail("rest"),
    "pcell": lambda r, s: r.cell(s.placements[0][0]),
    "combos": _combos,
    "combo_list": lambda r, s: _fillings_text(r, s)[0],
    "forced": _forced,
    "combo_result": _combo_result,
    "union": lambda r, s: _union_name(r, s.detail("equation").houses),
    "rule45": _rule45,
    "lines": lambda r, s: _house_run(r, _lines(s, r.g)),
    "Lines": lambda r, s: capitalize(_house_run(r, _lines(s, r.g))),
    "lines_word": lambda r, s: r.g.house_kind(s.houses[0]) + "s",
    "regions": lambda r, s: _house_run(r, _regions(s, r.g)),
    "lines_only": lambda r, s: r.cells(s.detail("lines_only", ())),
    "regions_only": lambda r, s: r.cells(s.detail("regions_only", ())),
    "k_houses": lambda r, s: _times(len(_lines(s, r.g))),
    "leftover_reason": _leftover_reason,
    "name": lambda r, s: s.technique.name.lower(),
    "word": lambda r, s: _word(r.puzzle),
    "house": lambda r, s: r.house(s.houses[0]),
    "House": lambda r, s: capitalize(r.house(s.houses[0])),
    "house2": lambda r, s: r.house(s.houses[1]),
    "row_house": lambda r, s: r.house(r.g.cell_houses[s.cells[0]][0]),
    "cell": lambda r, s: r.cell(_first(s.cells) if s.cells else s.placements[0][0]),
    "cells": lambda r, s: r.cells(s.cells),
    "k": lambda r, s: _COUNT_WORDS.get(len(s.cells), str(len(s.cells))),
    "sym": lambda r, s: r.sym(s.symbols[0] if s.symbols else s.placements[0][1]),
    "syms": lambda r, s: r.syms_prose(s.symbols),
    "symset": lambda r, s: r.symset(s.symbols),
    "elim_cells": lambda r, s: r.cells(sorted({c for c, _ in s.eliminations})),
    "removed": lambda r, s: r.removed(s.eliminations),
    "result": lambda r, s: r.result(s),
    "blocked": _blocked,
    "why_single": _why_single,
    "position": lambda r, s: s.detail("position", ""),
    "guesses": _guesses,
}


def prose(items: Sequence[str], conjunction: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (or with ``or``)."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def capitalize(text: str) -> str:
    """Upper-case the first letter unless the text starts with a cell name."""
    if not text or _starts_with_cell(text):
        return text
    return text[0].upper() + text[1:]


def lcfirst(text: str) -> str:
    if not text or _starts_with_cell(text):
        return text
    return text[0].lower() + text[1:]


def _starts_with_cell(text: str) -> bool:
    return len(text) > 1 and text[0] == "r" and text[1].isdigit()


def explain(step: Step, puzzle: Puzzle, level: str = FULL) -> str:
    """Shortcut: the text of ``step`` at ``level`` (full includes the name)."""
    r = TextRenderer(puzzle)
    return r.explain(step) if level == FULL else r.text(step, level)
