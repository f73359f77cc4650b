"""Words and pictures of chains of literals, shared by the chains' and the
forcing chains' homes (:mod:`strategies.chains`, :mod:`strategies.forcing`):
X-chains, AICs (grouped too), Nishio, cell/region forcing chains, dynamic
and nested forcing chains, and the XY-chain's and remote pair's pictures.

A chain record is ``(literal, reason, parents)``; a literal packs a cell, a
symbol and whether the cell holds it (:mod:`deduce.literal`).  Each line of
a chain is numbered and gives its reason, and the line(s) it follows from
when that is not the line just before.  The picture shows every literal of
the records as an ``on`` or ``off`` candidate, with a link from each parent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, TypedDict

from deduce.literal import lit_cell, lit_symbol, unpack
from deduce.render.marks import Builder, Marks, default_marks, numbered
from deduce.render.words.prose import Field, capitalize, prose, same_house, word

from .variants import _links

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.words import TextRenderer
    from deduce.state import State
    from deduce.step import Step

CODES = ("x-chain", "aic", "grouped-aic", "nishio", "cell-region-forcing", "dynamic-forcing",
         "dynamic-forcing-plus", "nested-forcing", "nested-forcing-3", "nested-forcing-4", "nested-forcing-5")


class _ChainDetails(TypedDict, total=False):
    #: a static chain whose links form one strand: (nodes, links, loop), see strategies._aic_shape
    aic: tuple[tuple[Any, ...], tuple[tuple[str, int], ...], bool]


class ForcingDetails(_ChainDetails):
    #: ``contradiction``, ``double``, ``cell`` or ``region``
    kind: str
    #: the assumption's (cell, symbol), the cell ``(cell,)`` or the (house, symbol)
    source: tuple[int, ...]
    #: (start literal, chain records, contradiction record or None) per branch
    branches: tuple[tuple[int, tuple[Any, ...], Any], ...]
    #: 0 static or dynamic, 1 with inner techniques, 2 to 5 with inner forcing chains
    nesting: int
    #: True when every link holds in the position itself
    static: bool
    #: the chain's size, for Sudoku Explainer's length bonus
    complexity: int


#: The nudge, clue and full templates of every chain of literals.
TEMPLATE = (
    "Look for {a_lname}{forcing_where}.",
    "{forcing_clue}",
    "{forcing_text}",
)


def lit_text(r: TextRenderer, x: int) -> str:
    """``r1c2 is 5``, ``r1c2 is not 5``."""
    cell, sym, on = unpack(x)
    return f"{r.cell(cell)} is {'' if on else 'not '}{r.sym(sym)}"


def _line_refs(refs: list[int]) -> str:
    return prose(["the assumption" if n == 0 else f"line {n}" for n in refs])


def _why_node(r: TextRenderer, x: int, reason: tuple, parents: tuple, number: dict[int, int], prev: int) -> str:
    kind = reason[0]
    cell, sym = lit_cell(x), lit_symbol(x)
    if kind in _links.REASONS:  # a variant constraint's link
        why = _links.record_words(r, x, reason, parents) or kind
    elif kind == "cell":
        why = f"it is {r.sym(lit_symbol(parents[0]))}"
    elif kind == "peer":
        why = peer_reason(r, cell, reason[1])
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
        why = (f"{r.cells(cells)} in {r.house(house)} hold one {word(r.puzzle)} more than they have cells; without "
               f"{r.sym(lost)} they are locked on the rest, so one of them is {r.sym(sym)}, and this cell sees "
               f"every {r.sym(sym)} among them")
    elif kind == "rule":
        houses = reason[2]
        where = f" in {prose([r.house(h) for h in houses])}" if houses else ""
        from deduce.techniques import TECHNIQUES

        name = TECHNIQUES[reason[1]].name.lower() if reason[1] in TECHNIQUES else reason[1]
        why = f"{name}{where}"
    else:
        why = kind
    refs = sorted(number[p] for p in parents if p in number)
    if refs and (len(refs) > 1 or refs[0] != prev):
        why += f", by {_line_refs(refs)}"
    return why


def peer_reason(r: TextRenderer, cell: int, other: int) -> str:
    """``same row as r1c2``; for peers by a variant constraint, ``same diagonal r1c1-r9c9 as r5c5``."""
    said = _links.peer_words(r, cell, other) if r.puzzle.constraints else None
    return said or same_house(r, cell, other)


def thread_order(start: int, chain: tuple) -> list[tuple]:
    """The chain's records, each after its parents, following one thread as
    far as it goes before taking up another (so an alternating chain reads
    link after link instead of interleaving with its sibling)."""
    records = [rec for rec in chain if rec[0] != start]
    inside = {rec[0] for rec in records}
    done = {start}
    out: list[tuple] = []
    last = start
    while records:
        ready = [i for i, (_, _, parents) in enumerate(records)
                 if all(p in done or p not in inside for p in parents)]
        if not ready:  # a cycle cannot happen in a chain record; keep the recorded order if it did
            out.extend(records)
            break
        i = next((i for i in ready if last in records[i][2]), ready[0])
        rec = records.pop(i)
        out.append(rec)
        done.add(rec[0])
        last = rec[0]
    return out


def _branch_lines(r: TextRenderer, start: int, chain: tuple, contradiction: tuple | None,
                  indent: str = " ") -> list[str]:
    lines = []
    number = {start: 0}
    k = 0
    for x, reason, parents in thread_order(start, chain):
        k += 1
        lines.append(f"{indent}{k}. then {lit_text(r, x)} ({_why_node(r, x, reason, parents, number, k - 1)})")
        number[x] = k
        if reason[0] == "rule" and len(reason) > 4:
            # a forcing chain applied inside the assumption: explained in turn, indented
            inner_kind, inner_source, inner_branches = reason[4]
            lines.append(f"{indent}    (in the position this assumption leaves:)")
            said = lit_text(r, x)
            proven = inner_branches[0][0] ^ 1 if inner_kind == "contradiction" else x
            if proven != x:
                # (the inner chain placed a symbol: the chain using it takes its cell's other candidates gone)
                said = f"{lit_text(r, proven)}, so {said}"
            lines.extend(forcing_lines(r, inner_kind, inner_source, inner_branches, said, indent + "    "))
    if contradiction is not None:
        x, reason, parents = contradiction
        if x < 0:
            what = (f"{r.cell(reason[1])} has no candidate left" if reason[0] == "empty"
                    else _links.no_place_words(r, reason) if reason[0] == _links.EXTRA_NO_PLACE
                    else f"{r.sym(reason[2])} has no place left in {r.house(reason[1])}")
            refs = sorted(number[p] for p in parents if p in number)
            lines.append(f"{indent}{k + 1}. then {what} (by {_line_refs(refs)}): impossible")
        else:
            why = _why_node(r, x, reason, parents, number, k)
            other = number.get(x ^ 1, 0)
            said = "the assumption" if other == 0 else f"line {other}"
            lines.append(f"{indent}{k + 1}. then {lit_text(r, x)} ({why}), but {said} says {lit_text(r, x ^ 1)}: "
                         f"impossible")
    return lines


def _gives_away(step: Step, cell: int, sym: int) -> bool:
    """True when naming (cell, symbol) as the chain's start would name its result."""
    return (cell, sym) in step.eliminations or (cell, sym) in step.placements


def _forcing_where(r: TextRenderer, step: Step) -> str:
    """Where to look, without the answer: the cell or house tried, never the result."""
    kind, source = step.detail("kind"), step.detail("source")
    aic = step.detail("aic")
    if aic is not None and not step.placements:
        return f" starting from {_node_where(r, aic[0][0])}"
    if kind == "cell":
        return f" starting from {r.cell(source[0])}"
    if kind == "region":
        return f" starting from the {r.sym(source[1])}s of {r.house(source[0])}"
    if _gives_away(step, source[0], source[1]):
        syms = {s for _, s in step.eliminations + step.placements}
        return f" on {r.sym(source[1])}" if len(syms) == 1 and step.code in ("x-chain", "nishio") else ""
    return f" starting from {r.sym(source[1])} in {r.cell(source[0])}"


def _forcing_clue(r: TextRenderer, step: Step) -> str:
    kind, source = step.detail("kind"), step.detail("source")
    aic = step.detail("aic")
    if aic is not None and step.placements:  # (the chain's ends are the answer: name the symbol only)
        sym = r.sym(aic[0][0][0])
        return f"Follow strong and weak links from one of the {sym}s until the chain comes back to where it started."
    if aic is not None:
        first = _face(r, aic[0][0], True)
        return (f"If {_statement(r, first, False)}, what must be true? Follow strong and weak links in turn "
                "to the other end of the chain.")
    if kind == "cell":
        return f"Try each candidate of {r.cell(source[0])} in turn and follow the consequences."
    if kind == "region":
        return f"Try each place of {r.sym(source[1])} in {r.house(source[0])} and follow the consequences."
    if kind == "double":
        return f"Follow what happens if {r.cell(source[0])} is {r.sym(source[1])}, and if it is not."
    start = step.detail("branches")[0][0]
    return f"Suppose {lit_text(r, start)} and follow the consequences."


def _forcing_text(r: TextRenderer, step: Step) -> str:
    if step.detail("aic") is not None:
        return aic_text(r, step)
    kind, branches = step.detail("kind"), step.detail("branches")
    result = r.result(step) if step.eliminations else r.placed(step.placements)
    out = forcing_lines(r, kind, step.detail("source"), branches, result, "")
    nesting = step.detail("nesting", 0)
    if nesting == 1:
        out.append("(Nesting level 1: the chain also uses techniques inside the assumption.)")
    elif nesting:
        out.append(f"(Nesting level {nesting}: the chain also uses techniques, {_INNER_CHAINS[nesting]} among them, "
                   "inside the assumption.)")
    return "\n".join(out)


#: The inner chains that give a chain its nesting level (2 to 5).
_INNER_CHAINS = {2: "alternating inference chains", 3: "cell or region forcing chains",
                 4: "dynamic forcing chains", 5: "nested forcing chains"}


def forcing_lines(r: TextRenderer, kind: str, source: tuple, branches: tuple, result: str,
                  indent: str) -> list[str]:
    """A forcing chain's lines, link by link; ``indent`` for one applied inside another."""
    out: list[str] = []
    if kind == "contradiction":
        start, chain, contradiction = branches[0]
        out.append(f"{indent}Suppose {lit_text(r, start)}.")
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
    elif kind == "double":
        short = [b for b in branches if len([rec for rec in b[1] if rec[0] != b[0]]) == 1]
        if len(branches) == 2 and short:
            # one side reaches the result in one link: tell the other as one chain, then that link
            quick = short[0]
            long = branches[1] if quick is branches[0] else branches[0]
            out.append(f"{indent}Suppose {lit_text(r, long[0])}.")
            out.extend(_branch_lines(r, long[0], long[1], None, indent=indent + " "))
            x, reason, parents = next(rec for rec in quick[1] if rec[0] != quick[0])
            why = _why_node(r, x, reason, parents, {quick[0]: 0}, 0)
            out.append(f"{indent}And if {lit_text(r, quick[0])}, then {lit_text(r, x)} at once ({why}).")
            out.append(f"{indent}Either way, {result}.")
            return out
        out.append(f"{indent}{capitalize(r.cell(source[0]))} either is {r.sym(source[1])} or is not.")
    for start, chain, contradiction in branches:
        out.append(f"{indent}If {lit_text(r, start)}:")
        out.extend(_branch_lines(r, start, chain, contradiction, indent=indent + "   "))
    if any(b[2] is not None for b in branches):
        # (HoDoKu's forcing net verities: a branch that cannot be true leaves the others)
        out.append(f"{indent}Every case that can be true leads to the same result, so {result}.")
    else:
        out.append(f"{indent}Every case leads to the same result, so {result}.")
    return out


# -- an alternating inference chain (a step's ``aic`` detail: see strategies._aic_shape) ----------

#: One side of a node: (symbol, cells one of which holds it when the side is true)
Face = tuple[int, tuple[int, ...]]


def _face(r: TextRenderer, node: tuple, way_in: bool) -> Face:
    """The side of ``node`` a link touches: a set's way in (the symbol it
    loses) or out (the symbol then locked in it: its places in the set)."""
    if node[2] < 0:
        return node[0], tuple(node[1])
    return (node[0], tuple(node[3])) if way_in else (node[2], tuple(node[4]))


def _node_where(r: TextRenderer, node: tuple) -> str:
    sym, cells, out = node[:3]
    if out >= 0:  # an almost locked set, entered by losing sym: its places of sym
        return f"the {r.sym(sym)}{'' if len(node[3]) == 1 else 's'} of {r.cells(node[3])}"
    return f"{r.sym(sym)} in {r.cell(cells[0]) if len(cells) == 1 else r.cells_or(cells)}"


def _statement(r: TextRenderer, face: Face, true: bool) -> str:
    """``r1c2 is 5``, ``r1c2 is not 5``, ``5 is in r1c2 or r1c3``, ``5 is in neither r1c2 nor r1c3``."""
    sym, cells = face
    if len(cells) == 1:
        return f"{r.cell(cells[0])} is {'' if true else 'not '}{r.sym(sym)}"
    if true:
        return f"{r.sym(sym)} is in {r.cells_or(cells)}"
    if len(cells) == 2:
        return f"{r.sym(sym)} is in neither {r.cell(cells[0])} nor {r.cell(cells[1])}"
    return f"{r.sym(sym)} is in none of {r.cells(cells)}"


def _link_reason(r: TextRenderer, kind: str, house: int, a: Face, b: Face) -> str:
    """Why side ``a`` of one node decides side ``b`` of the next."""
    if house <= -2:  # a link a variant constraint gives (its number: strategies/variants/_links.py)
        return _links.link_words(r, house, a, b, kind == "=")
    if kind == "=":
        if a[0] != b[0]:
            return "its only other candidate"
        places = "place" if len(b[1]) == 1 else "places"
        where = f" in {r.house(house)}" if house >= 0 else ""
        return f"the only other {places} for {r.sym(b[0])}{where}"
    if a[0] != b[0]:
        return f"it is {r.sym(a[0])}"
    if len(a[1]) == 1 and len(b[1]) == 1:
        return peer_reason(r, b[1][0], a[1][0])
    seen = r.cell(a[1][0]) if len(a[1]) == 1 else r.cells(a[1])
    return f"{'it sees' if len(b[1]) == 1 else 'they all see'} {seen}"


def _set_reason(r: TextRenderer, node: tuple) -> str:
    sym, cells = node[:2]
    houses = r.g.common_houses(*cells)
    where = f" in {r.house(houses[0])}" if houses else ""
    return (f"{r.cells(cells)}{where} hold one {word(r.puzzle)} more than they have cells; without "
            f"{r.sym(sym)} they are locked on the rest")


def aic_text(r: TextRenderer, step: Step) -> str:
    """An AIC's full explanation: the chain in Eureka notation, then
    "if ... then ..." link by link, then what its two ends remove."""
    from deduce.render.eureka import eureka

    nodes, links, loop = step.detail("aic")
    lines = [eureka(r.puzzle, nodes, links) + "  (= strong link, - weak link)"]
    first = _face(r, nodes[0], True)
    lines.append(f"If {_statement(r, first, False)}:")
    k = 0
    if nodes[0][2] >= 0:
        k += 1
        lines.append(f" {k}. then {_statement(r, _face(r, nodes[0], False), True)} ({_set_reason(r, nodes[0])})")
    true = True  # the exit side of the current node
    for (kind, house), a, b in zip(links, nodes, nodes[1:]):
        true = kind == "="
        k += 1
        a_out, b_in = _face(r, a, False), _face(r, b, True)
        lines.append(f" {k}. then {_statement(r, b_in, true)} ({_link_reason(r, kind, house, a_out, b_in)})")
        if b[2] >= 0:
            k += 1
            true = True
            lines.append(f" {k}. then {_statement(r, _face(r, b, False), True)} ({_set_reason(r, b)})")
    last = _face(r, nodes[-1], False)
    ends = f"either {_statement(r, first, True)}, or {_statement(r, last, True)}"
    if first == last:
        lines.append(f"So the chain that starts from {r.cell(first[1][0])} without {r.sym(first[0])} puts it back: "
                     f"{r.placed(step.placements)}.")
    elif loop:
        lines.append(f"So {ends}; and they cannot both be true (they see each other), so the chain closes into a "
                     "continuous loop: each of its weak links has exactly one true side, and whatever sees both "
                     f"sides of one goes: {r.removed(step.eliminations)}.")
    else:
        lines.append(f"So {ends} (one end of the chain is true), and whatever sees both ends goes: "
                     f"{r.removed(step.eliminations)}.")
    return "\n".join(lines)


#: The fields of :data:`TEMPLATE`.
CHAIN_FIELDS: dict[str, Field] = {
    "forcing_where": _forcing_where,
    "forcing_clue": _forcing_clue,
    "forcing_text": _forcing_text,
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------


def _chain_links(b: Builder, records: Iterable[tuple], puzzle: Puzzle | None = None) -> None:
    """Roles and links of chain records ``(literal, reason, parents)``: a
    link from each parent, strong where "parent false" forces "this true";
    the cells of a variant constraint that carries a link, as the pattern."""
    for x, reason, parents in records:
        if puzzle is not None and reason and reason[0] in _links.REASONS + (_links.EXTRA_NO_PLACE,):
            b.cell_roles(_links.link_cells(puzzle, reason), "pattern")
        if x < 0:
            continue
        cell, sym, on = unpack(x)
        # true in one branch and false in another (or assumed, then disproved): both shown
        b.cands((cell,), (sym,), "on" if on else "off", beside=("on", "off"))
        if reason and reason[0] == "als":  # an almost locked set used as a node: a colour per set
            b.cell_roles(reason[1], numbered("set", b.als_nodes.setdefault(tuple(reason[1]), len(b.als_nodes))))
        elif reason and reason[0] == "group":  # a group of places in a house
            b.cell_roles(reason[2], "pattern")
        via = reason[0] if reason and reason[0] in ("als", "group") else ""
        for p in parents:
            pc, ps, pon = unpack(p)
            b.link((pc, ps), (cell, sym), strong=on and not pon, via=via)


def _nearest(a: Iterable[tuple[int, int]], b: Iterable[tuple[int, int]], n: int) -> tuple[tuple[int, int], ...]:
    """The closest pair of candidates between two nodes (one strand, not a fan of lines)."""
    return min(((x, y) for x in a for y in b if x != y),
               key=lambda p: ((p[0][0] // n - p[1][0] // n) ** 2 + (p[0][0] % n - p[1][0] % n) ** 2, p),
               default=())


def _aic_marks(b: Builder, aic: tuple, puzzle: Puzzle) -> None:
    """An AIC drawn as one strand: its first node false, then true and false
    in turn as the links say; each link drawn as what it is (strong solid,
    weak dashed, through an almost locked set dotted)."""
    nodes, links, _loop = aic

    def cands(face: tuple) -> list[tuple[int, int]]:
        return [(c, face[0]) for c in face[1]]

    def show(face: tuple, true: bool) -> None:
        for c, s in cands(face):
            b.cands((c,), (s,), "on" if true else "off", beside=("on", "off"))

    last: list[tuple[int, int]] = []  # where the strand arrived: it goes on from there

    def join(a: tuple, z: tuple, strong: bool, via: str = "") -> None:
        start = [x for x in cands(a) if x in last] or cands(a)
        pair = _nearest(start, cands(z), puzzle.size)
        if pair:
            b.link(pair[0], pair[1], strong=strong, via=via)
            last[:] = [pair[1]]

    def node(k: int, entry_true: bool) -> tuple:
        """Show node ``k`` entered as ``entry_true``; its exit side (a set's is true)."""
        nd = nodes[k]
        entry = _face(None, nd, True)  # type: ignore[arg-type]
        show(entry, entry_true)
        if nd[2] < 0:
            if len(nd[1]) > 1:
                b.cell_roles(nd[1], "pattern")
            return entry
        b.cell_roles(nd[1], numbered("set", b.als_nodes.setdefault(tuple(nd[1]), len(b.als_nodes))))
        out = _face(None, nd, False)  # type: ignore[arg-type]
        show(out, True)
        join(entry, out, False, "als")
        return out

    exit_face = node(0, False)
    for (kind, house), k in zip(links, range(1, len(nodes))):
        strong = kind == "="
        if house <= -2:  # a variant constraint's link: its cells as the pattern
            b.cell_roles(_links.code_cells(puzzle, house), "pattern")
        entry = _face(None, nodes[k], True)  # type: ignore[arg-type]
        join(exit_face, entry, strong)
        exit_face = node(k, strong)


def chain_marks(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    path = step.detail("path")
    branches = step.detail("branches")
    aic = step.detail("aic")
    if aic is not None:
        if path is not None:
            b.cell_roles(path, "pattern")
        _aic_marks(b, aic, puzzle)
        return b.done()
    if path is not None:
        values = step.detail("values")
        x = step.symbols[0]
        if values is None:  # remote pair: the two symbols alternate
            a, c = step.symbols[:2]
            values = tuple(c if i % 2 else a for i in range(len(path)))
            x = c
        b.cell_roles(path, "pattern")
        # the first cell is not x, so it holds values[0]; each next cell loses the held symbol...
        prev = (path[0], x)
        b.cands((path[0],), (x,), "off")
        for i, cell in enumerate(path):
            if i:
                b.cands((cell,), (values[i - 1],), "off")
                b.link(prev, (cell, values[i - 1]), strong=False)
                prev = (cell, values[i - 1])
            b.cands((cell,), (values[i],), "on")
            b.link(prev, (cell, values[i]), strong=True)
            prev = (cell, values[i])
        return b.done()
    if branches is not None:
        kind, source = step.detail("kind"), step.detail("source")
        if kind == "cell":
            b.cell_roles(source[:1], "pattern")
        elif kind == "region":
            b.house_roles(source[:1], "house")
        for _start, chain, contradiction in branches:
            _chain_links(b, chain, puzzle)
            if contradiction is not None:
                _chain_links(b, (contradiction,), puzzle)
                x, reason, _ = contradiction
                if x < 0 and reason and reason[0] == "empty":
                    b.cell_roles((reason[1],), "eliminated")
                elif x < 0 and len(reason) > 1:
                    b.house_roles((reason[1],), "house")
        return b.done()
    return default_marks(step, puzzle, state)
