"""Words for almost locked sets: ALS-XZ, ALS-XY-wing, ALS chains, Sue de Coq."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .prose import Field, capitalize, prose, verb, word

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer

#: An almost locked set as a step records it: (cells, symbols, house)
AlsRecord = tuple[tuple[int, ...], tuple[int, ...], int]


class AlsXZDetails(TypedDict, total=False):
    #: the two sets
    sets: tuple[AlsRecord, ...]
    #: the restricted common symbol
    x: int
    #: the symbol eliminated (singly linked)
    z: int
    #: the second restricted common (doubly linked)
    x2: int


class AlsXYWingDetails(TypedDict):
    #: the two wings, then the pivot
    sets: tuple[AlsRecord, ...]
    #: the restricted common of the first wing and the pivot, then of the second and the pivot
    x: int
    y: int
    #: the symbol eliminated
    z: int


class AlsChainDetails(TypedDict):
    sets: tuple[AlsRecord, ...]
    #: the restricted commons joining each set to the next
    rccs: tuple[tuple[int, ...], ...]
    z: int


class SueDeCoqDetails(TypedDict):
    #: the cells where the line meets the box, and their symbols
    core: tuple[int, ...]
    core_symbols: tuple[int, ...]
    #: cells of the rest of the line, and of the rest of the box, with their symbols
    line_cells: tuple[int, ...]
    line_symbols: tuple[int, ...]
    box_cells: tuple[int, ...]
    box_symbols: tuple[int, ...]


DETAILS: dict[str, type] = {"als-xz": AlsXZDetails, "als-xy-wing": AlsXYWingDetails, "als-chain": AlsChainDetails,
                            "sue-de-coq": SueDeCoqDetails}

TEMPLATES = {
    "sue-de-coq": (
        "Look for a Sue de Coq where {house} meets {house2}.",
        "Which {word}s do {core_cells} hold, and which cells of {house} and {house2} hold only some of them?",
        "{sdc_text}",
    ),
    "als-xz": (
        "Look for two almost locked sets sharing a restricted common {word}.",
        "{als_sets_clue}",
        "{als_text}",
    ),
    "als-xy-wing": (
        "Look for three almost locked sets: a pivot and two wings.",
        "{als_sets_clue}",
        "{als_text}",
    ),
    "als-chain": (
        "Look for a chain of almost locked sets, each joined to the next by a restricted common {word}.",
        "{als_sets_clue}",
        "{als_chain_text}",
    ),
}


def _sdc_text(r: TextRenderer, step: Step) -> str:
    line, box = (r.house(h) for h in step.houses)
    core, a, d = step.detail("core"), step.detail("line_cells"), step.detail("box_cells")
    v, va, vd = step.detail("core_symbols"), step.detail("line_symbols"), step.detail("box_symbols")
    n = len(core) + len(a) + len(d)
    w = word(r.puzzle)
    return (f"{capitalize(r.cells(core))}, where {line} meets {box}, hold {r.symset(v)}. {capitalize(r.cells(a))} "
            f"in the rest of {line} {verb(len(a), 'holds', 'hold')} {r.symset(va)}, and {r.cells(d)} in the "
            f"rest of {box} {verb(len(d), 'holds', 'hold')} {r.symset(vd)}; those two share no {w}. "
            f"These {n} cells hold {n} {w}s between them, so each {w} is in one of them: the rest of {line} "
            f"loses {r.symset(set(va) | (set(v) - set(vd)))} and the rest of {box} loses "
            f"{r.symset(set(vd) | (set(v) - set(va)))}: {r.removed(step.eliminations)}.")


def _als_place(r: TextRenderer, als: AlsRecord) -> str:
    cells, _, house = als
    return f"{r.cells(cells)} in {r.house(house)}"


def _als_name(r: TextRenderer, als: AlsRecord) -> str:
    cells, syms, _ = als
    return f"{_als_place(r, als)} ({len(cells)} cell{'s' if len(cells) > 1 else ''}, {r.symset(syms)})"


_ALS_HEAD = ("Each of {names} holds one more {w} than it has cells (an almost locked set): without any one "
             "of its {w}s, it is locked on the rest.")


def _als_text(r: TextRenderer, step: Step) -> str:
    sets = step.detail("sets")
    head = _ALS_HEAD.format(names=prose([_als_name(r, a) for a in sets]), w=word(r.puzzle))
    removed = r.removed(step.eliminations)
    x = r.sym(step.detail("x"))
    w = word(r.puzzle)
    if step.code == "als-xz" and step.variant == "double":
        x2 = r.sym(step.detail("x2"))
        return (f"{head} {x} and {x2} are restricted commons: every {x} (and every {x2}) of the first set sees "
                f"those of the second, so each goes in at most one set; with two such {w}s each set loses "
                f"one of them and is locked on the rest. So {x} and {x2} each lie in one of the sets, every "
                f"other {w} lies in its own set, and cells seeing all its places lose it: {removed}.")
    z = r.sym(step.detail("z"))
    if step.code == "als-xz":
        return (f"{head} {x} is their restricted common: every {x} of the first sees every {x} of the second, so "
                f"{x} is missing from one of them, which is then locked and holds its {z}. "
                f"So {z} lies in one of the two sets, and cells seeing every {z} of both lose it: {removed}.")
    y = r.sym(step.detail("y"))
    return (f"{head} The pivot, the third set, shares restricted common {x} with the first and {y} with the "
            f"second; it cannot hold both, so the first lacks {x} or the second lacks {y}, and that set is "
            f"locked and holds its {z}. Cells seeing every {z} of the first two sets lose it: {removed}.")


def _als_chain_text(r: TextRenderer, step: Step) -> str:
    sets = step.detail("sets")
    rccs = step.detail("rccs")
    z = r.sym(step.detail("z"))
    lines = [_ALS_HEAD.format(names=prose([_als_name(r, a) for a in sets]), w=word(r.puzzle))
             + f" Suppose the first set holds no {z}.",
             f" 1. then it is locked on its other {word(r.puzzle)}s and holds {r.syms_prose(rccs[0])}"]
    for k, (als, arc, nxt) in enumerate(zip(sets[1:], rccs, rccs[1:] + ((),)), 2):
        syms = [r.sym(x) for x in arc]
        lacks = f"no {syms[0]}" if len(syms) == 1 else "neither " + " nor ".join(syms)
        holds = f"holds {r.syms_prose(nxt)}" if nxt else f"holds its {z}"
        lines.append(f" {k}. then the set {_als_place(r, als)} holds {lacks} (each such candidate sees those of the "
                     f"set before), so it is locked and {holds}")
    lines.append(f"So {z} lies in the first or the last set, and cells seeing every {z} of both lose it: "
                 f"{r.removed(step.eliminations)}.")
    return "\n".join(lines)


FIELDS: dict[str, Field] = {
    "core_cells": lambda r, s: r.cells(s.detail("core")),
    "sdc_text": _sdc_text,
    "als_sets_clue": lambda r, s: "Look at " + prose([_als_name(r, a) for a in s.detail("sets")]) + ".",
    "als_text": _als_text,
    "als_chain_text": _als_chain_text,
}
