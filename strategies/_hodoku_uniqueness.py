"""Unique and hidden rectangles as HoDoKu 2.2.0 finds them (the ``hodoku``
profile's reading, ``UniqueRectangle(missing=True)`` and
``HiddenRectangle(missing=True)``; 9x9 grids).

HoDoKu allows *missing candidates* by default: a corner may have lost a
rectangle digit to logic, as long as no placed digit keeps the digit out
of it.  The argument does not need the candidates: four empty cells in two
rows, two columns and two boxes that ended holding a, b / b, a could be
swapped, and the swapped grid keeps every given, so a unique puzzle cannot
have it; every type concludes from "if the corners held only a and b", so
which candidates logic removed before does not enter.

HoDoKu's order (learned from its ``UniquenessSolver``; nothing copied):
from each bivalue cell in cell order, its two digits a < b, a second
corner in the same box and the same row (or column), then the far side in
the parallel lines, line by line; each rectangle once (the first time it
is met).  In each rectangle the types in turn: 1, 2 or 5, 3 (the roof's
row, column, box; each house's subsets depth first), 4, 6, hidden
rectangle (from each corner holding only the pair, a then b).  HoDoKu
takes, for a type, the first step of that type in this order.

Its readings differ from deduce's own in places: type 4 asks that no cell
seeing both roof corners hold a (every house they share, not one); type 6
that a lies in the rectangle alone along both its rows *and* both its
columns; type 3 takes subsets of any size, and a subset in a line and a box
empties both.
"""

from __future__ import annotations

from typing import Iterator

from deduce.geometry import bits_of
from deduce.state import State

from ._accel import hodoku_ur_rectangles
from ._houses import per_position

N = 9
_ROWS = tuple(tuple(r * N + c for c in range(N)) for r in range(N))
_COLS = tuple(tuple(r * N + c for r in range(N)) for c in range(N))
_BOXES = tuple(tuple(r * N + c for r in range(b // 3 * 3, b // 3 * 3 + 3) for c in range(b % 3 * 3, b % 3 * 3 + 3))
               for b in range(N))


def _box(cell: int) -> int:
    return cell // N // 3 * 3 + cell % N // 3


#: A found step: (kind, eliminations, details); kind is 1-6 or "hr".
Found = tuple[object, list[tuple[int, int]], tuple[tuple[str, object], ...]]


def hodoku_rectangles(state: State) -> list[tuple[Found, tuple[int, int, int, int], int]]:
    """Every unique rectangle and hidden rectangle step at ``state``, in
    HoDoKu's order (computed once per position): (found, corners, pair)."""
    return per_position(state, "hodoku-rectangles", lambda: list(_search(state)))


def _rectangles(state: State) -> Iterator[tuple[tuple[int, int, int, int], int, int]]:
    """(corners, a, b) of each rectangle to look at, in HoDoKu's order (the
    C module's ``hodoku_ur_rectangles`` when there is one)."""
    found = hodoku_ur_rectangles(state)
    return iter(found) if found is not None else _python_rectangles(state)


def _python_rectangles(state: State) -> Iterator[tuple[tuple[int, int, int, int], int, int]]:
    cand, value = state.cand, state.value
    peers = state.puzzle.peers
    # the digits placed among each cell's peers: those the cell cannot hold
    seen = [0] * (N * N)
    for cell in range(N * N):
        if value[cell] < 0:
            m = 0
            for p in peers[cell]:
                if value[p] >= 0:
                    m |= 1 << value[p]
            seen[cell] = m
    done: set[tuple[int, ...]] = set()
    for i11 in range(N * N):
        m = cand[i11]
        if value[i11] >= 0 or m.bit_count() != 2:
            continue
        a, b = bits_of(m)
        both = m
        for i12 in _BOXES[_box(i11)]:
            if i12 == i11 or (i12 // N != i11 // N and i12 % N != i11 % N):
                continue
            if value[i12] >= 0 or seen[i12] & both:
                continue
            if i12 // N == i11 // N:  # a row side: the far side in the columns
                unit11, unit12 = _COLS[i11 % N], _COLS[i12 % N]
            else:
                unit11, unit12 = _ROWS[i11 // N], _ROWS[i12 // N]
            for i21, i22 in zip(unit11, unit12):
                if _box(i21) == _box(i11) or value[i21] >= 0 or value[i22] >= 0:
                    continue
                if seen[i21] >> a & 1 or seen[i22] & both:
                    continue
                key = tuple(sorted((i11, i12, i21, i22)))
                if key in done:
                    continue
                done.add(key)
                yield (i11, i12, i21, i22), a, b


def _search(state: State) -> Iterator[tuple[Found, tuple[int, int, int, int], int]]:
    for corners, a, b in _rectangles(state):
        pair = 1 << a | 1 << b
        for found in _check(state, corners, a, b):
            yield found, corners, pair


def _check(state: State, corners: tuple[int, int, int, int], a: int, b: int) -> Iterator[Found]:
    cand, value = state.cand, state.value
    pm = state.puzzle.peer_masks
    pair = 1 << a | 1 << b
    floor = sorted(c for c in corners if not cand[c] & ~pair)
    roof = sorted(c for c in corners if cand[c] & ~pair)
    base = (("corners", corners), ("pair", (a, b)), ("roof", tuple(roof)))
    if len(floor) == 3:
        elims = [(roof[0], d) for d in (a, b) if cand[roof[0]] >> d & 1]
        if elims:
            yield 1, elims, base
    if len(floor) in (1, 2):
        extra = 0
        for c in roof:
            extra |= cand[c] & ~pair
        if extra.bit_count() == 1:
            x = extra.bit_length() - 1
            sees = ~0
            for c in roof:
                sees &= pm[c]
            targets = [c for c in bits_of(sees) if value[c] < 0 and cand[c] >> x & 1]
            if targets:
                i1, i2 = roof[0], roof[1]
                kind = 5 if len(roof) == 3 or (i1 // N != i2 // N and i1 % N != i2 % N) else 2
                yield kind, [(c, x) for c in targets], base + (("extra", x),)
    if len(floor) == 2:
        i1, i2 = roof
        yield from _type3(state, corners, roof, pair, base)
        if i1 // N == i2 // N or i1 % N == i2 % N:
            seeing = bits_of(pm[i1] & pm[i2])
            for lock, other in ((a, b), (b, a)):
                if not any(cand[c] >> lock & 1 for c in seeing):
                    elims = [(c, other) for c in roof if cand[c] >> other & 1]
                    if elims:
                        house = i1 // N if i1 // N == i2 // N else N + i1 % N
                        yield 4, elims, base + (("locked", lock), ("house", house))
                    break
        else:
            lines = {c // N for c in corners} | {N + c % N for c in corners}
            cells = {x for h in lines for x in (_ROWS[h] if h < N else _COLS[h - N])} - set(corners)
            for lock in (a, b):
                if not any(cand[c] >> lock & 1 for c in cells):
                    elims = [(c, lock) for c in roof if cand[c] >> lock & 1]
                    if elims:
                        yield 6, elims, base + (("locked", lock), ("lines", tuple(sorted(lines))))
                    break
    if len(floor) == 1 or (len(floor) == 2 and floor[0] // N != floor[1] // N and floor[0] % N != floor[1] % N):
        for corner in floor:
            yield from _hidden(state, corners, corner, roof, a, b)


def _hidden(state: State, corners: tuple[int, ...], corner: int, roof: list[int], a: int,
            b: int) -> Iterator[Found]:
    cand = state.cand
    i1, i2 = roof[0], roof[1]
    line = i1 // N if i1 // N != corner // N else i2 // N
    col = i1 % N if i1 % N != corner % N else i2 % N
    far = line * N + col
    rect = set(corners)
    for lock, other in ((a, b), (b, a)):
        if any(cand[c] >> lock & 1 for c in _ROWS[line] + _COLS[col] if c not in rect):
            continue
        if cand[far] >> other & 1:
            yield "hr", [(far, other)], (("corners", corners), ("pair", (a, b)), ("floor", corner), ("far", far),
                                         ("locked", lock), ("houses", (line, N + col)))


def _type3(state: State, corners: tuple[int, ...], roof: list[int], pair: int,
           base: tuple[tuple[str, object], ...]) -> Iterator[Found]:
    cand, value = state.cand, state.value
    i1, i2 = roof
    extra = (cand[i1] | cand[i2]) & ~pair
    houses = []
    if i1 // N == i2 // N:
        houses.append(("row", i1 // N, _ROWS[i1 // N]))
    if i1 % N == i2 % N:
        houses.append(("col", N + i1 % N, _COLS[i1 % N]))
    if _box(i1) == _box(i2):
        houses.append(("box", 2 * N + _box(i1), _BOXES[_box(i1)]))
    rect = set(corners)
    for kind, house, unit in houses:
        pool = [c for c in unit if value[c] < 0 and not cand[c] & pair and c not in rect]
        yield from _subsets(state, kind, house, unit, pool, 0, extra, list(roof), base)


def _subsets(state: State, kind: str, house: int, unit: tuple[int, ...], pool: list[int], start: int,
             have: int, cells: list[int], base: tuple[tuple[str, object], ...]) -> Iterator[Found]:
    """HoDoKu's depth-first walk of the subsets of ``pool`` with the roof
    (its two cells one virtual cell): k cells and the roof holding k + 1
    digits are a naked subset of the house."""
    cand, value = state.cand, state.value
    for i in range(start, len(pool)):
        now = cells + [pool[i]]
        digits = have | cand[pool[i]]
        same_line = len({c // N for c in now}) == 1 or len({c % N for c in now}) == 1
        if (kind != "box" or not same_line) and digits.bit_count() == len(now) - 1:
            taken = set(now)
            elims = [(c, d) for c in unit if value[c] < 0 and c not in taken for d in bits_of(cand[c] & digits)]
            if elims:
                if kind != "box" and len({_box(c) for c in now}) == 1:
                    elims += [(c, d) for c in _BOXES[_box(now[0])] if value[c] < 0 and c not in taken
                              for d in bits_of(cand[c] & digits)]
                group = tuple(now[2:])
                yield 3, elims, base + (("subset", group), ("subset_symbols", tuple(bits_of(digits))),
                                        ("house", house))
        yield from _subsets(state, kind, house, unit, pool, i + 1, digits, now, base)


def hodoku_avoidable(state: State) -> list[tuple[int, list[tuple[int, int]], tuple[tuple[str, object], ...]]]:
    """Every avoidable rectangle step at ``state`` in HoDoKu's order
    (computed once per position): (kind 1 or 2, eliminations, details).

    From each placed cell that is not a given (in cell order, its digit a),
    a placed non-given cell of its box in its row or column (its digit b),
    the far side in the parallel lines; HoDoKu reads the far corners as
    placed (b beside a, a beside b), or empty holding two candidates, the
    one that would complete the pattern among them."""
    return per_position(state, "hodoku-avoidable", lambda: list(_avoidable(state)))


def _avoidable(state: State) -> Iterator[tuple[int, list[tuple[int, int]], tuple[tuple[str, object], ...]]]:
    cand, value, givens = state.cand, state.value, state.puzzle.givens
    pm = state.puzzle.peer_masks

    def placed(c: int, d: int) -> bool:
        return value[c] == d and givens[c] < 0

    def pair_with(c: int, d: int) -> bool:
        return value[c] < 0 and bool(cand[c] >> d & 1) and cand[c].bit_count() == 2

    done: set[tuple[int, ...]] = set()
    for i11 in range(N * N):
        if value[i11] < 0 or givens[i11] >= 0:
            continue
        a = value[i11]
        for i12 in _BOXES[_box(i11)]:
            if i12 == i11 or (i12 // N != i11 // N and i12 % N != i11 % N):
                continue
            if value[i12] < 0 or givens[i12] >= 0:
                continue
            b = value[i12]
            if i12 // N == i11 // N:
                unit11, unit12 = _COLS[i11 % N], _COLS[i12 % N]
            else:
                unit11, unit12 = _ROWS[i11 // N], _ROWS[i12 // N]
            for i21, i22 in zip(unit11, unit12):
                if _box(i21) == _box(i11):
                    continue
                if not ((placed(i21, b) and pair_with(i22, a)) or (placed(i22, a) and pair_with(i21, b))
                        or (pair_with(i21, b) and pair_with(i22, a))):
                    continue
                corners = (i11, i12, i21, i22)
                key = tuple(sorted(corners))
                if key in done:
                    continue
                done.add(key)
                solved = tuple(c for c in corners if value[c] >= 0)
                free = tuple(c for c in corners if value[c] < 0)
                base = (("corners", corners), ("placed", solved), ("free", free))
                if value[i21] >= 0 or value[i22] >= 0:
                    elims = [(i22, a)] if value[i21] >= 0 else [(i21, b)]
                    if cand[elims[0][0]] >> elims[0][1] & 1:
                        yield 1, elims, base
                    continue
                x = bits_of(cand[i21] & ~(1 << b))[0]
                if not cand[i22] >> x & 1:
                    continue
                targets = [c for c in bits_of(pm[i21] & pm[i22]) if value[c] < 0 and cand[c] >> x & 1]
                if targets:
                    yield 2, [(c, x) for c in targets], base + (("extra", x),)
