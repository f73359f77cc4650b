"""An independent reference for variant sudoku rules: plain and obviously correct.

It shares no code with deduce.  A puzzle is read straight from an f-puzzles
document (a parsed JSON object); grids are lists of ints (0 blank, digits
1..N), cells are ints ``r * N + c`` (0-based).  Every constraint is a *rule*:
a tuple of cells and a test of their values that is exact on a complete
assignment and only ever says no to a partial one (0 = unknown) when no
completion can satisfy it.  Houses (rows, columns, regions, diagonals,
extra regions, disjoint groups) and anti-knight/anti-king moves are kept as
"peers": cells that must differ.

:meth:`Variant.broken` checks a full grid against every rule; the solver
(:meth:`Variant.solutions`) keeps a candidate bitmask per cell, narrows it
with the peers, hidden singles of full houses and each rule (by trying every
combination of the rule's candidates when there are few, by the partial
test otherwise), and tries each candidate of the emptiest cell.  Every
solution it returns is checked again with :meth:`Variant.broken`.

Conventions read from the f-puzzles format (documented where they matter):

* ``diagonal+`` is the bottom-left to top-right diagonal, ``diagonal-`` the
  top-left to bottom-right one;
* a thermometer's, a slow thermometer's and an arrow's line starts at its
  bulb (an arrow's line at one of its circle cells); a pill's digits read in
  reading order (row by row);
* ``difference`` (white dot) defaults to 1, ``ratio`` (black dot) to 2,
  ``xv`` is ``X`` (sum 10) or ``V`` (sum 5);
* ``negative`` lists ``difference``, ``ratio`` and/or ``xv``: no orthogonal
  pair without a dot of that family (any kropki dot for the first two, an X
  or V for ``xv``) has the relation of one of that family's dot values (the
  default value included); ``nonconsecutive`` likewise forbids a difference
  of 1 between orthogonal neighbours with no kropki dot;
* ``whispers`` take an optional ``value``, the least difference (default 5);
* little killers: ``cell`` is outside the grid, ``direction`` one of UL, UR,
  DL, DR; the sum is of the cells on that diagonal (digits may repeat); f-puzzles
  also lists them as ``cells``, which must then be that diagonal;
* sandwiches, X-sums and skyscrapers: ``cell`` outside the grid names the
  row (column 0 or N+1) or column (row 0 or N+1) and the side read from;
* a region-sum line's segments are the maximal runs of consecutive cells of
  the line in one region; each sums to the same total;
* a zipper line's cells equally far from its middle sum to the same total,
  which is the middle cell's digit when the line has odd length;
* an entropic line's every three consecutive cells hold one low, one middle
  and one high digit (thirds of 1..N);
* a killer cage without ``value`` only forbids repeats.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any, Callable, Iterable, Sequence

BOX = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4), 15: (3, 5), 16: (4, 4)}

#: keys of an f-puzzles document that carry no rule
META = {"size", "title", "author", "ruleset", "grid", "solution", "highlightConflicts", "disabledlogic",
        "truecandidatesoptions", "timer", "version", "id", "text", "line", "circle", "rectangle", "cage"}

#: the constraint kinds the reference knows (f-puzzles keys, and the negatives as ``negative:NAME``)
KINDS = ("diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive", "disjointgroups", "extraregion",
         "odd", "even", "thermometer", "slowthermometer", "arrow", "whispers", "renban", "palindrome",
         "betweenline", "regionsumline", "zipperline", "entropicline", "difference", "ratio", "xv",
         "negative:difference", "negative:ratio", "negative:xv", "littlekillersum", "sandwichsum", "xsum",
         "skyscraper", "killercage", "killercage:nototal")

DIRECTIONS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}

#: how many combinations of a rule's candidates are tried one by one before the partial test is used
ENUMERATE = 300

_CELL = re.compile(r"^[Rr](\d+)[Cc](\d+)$")


class ReferenceError(ValueError):
    """A document the reference does not read (names the place)."""


class SearchLimit(Exception):
    """The search tried more than its node budget."""


class Rule:
    """Some cells and a test of their values (0 = unknown)."""

    def __init__(self, kind: str, cells: Sequence[int], test: Callable[[Sequence[int]], bool]):
        self.kind, self.cells, self.test = kind, tuple(cells), test

    def __repr__(self) -> str:
        return f"Rule({self.kind!r}, {self.cells!r})"

    def pair_table(self, n: int) -> list[int]:
        """For a rule of two cells: the mask of second values its test allows beside each first value."""
        if getattr(self, "_table", None) is None:
            self._table = [sum(1 << (b - 1) for b in range(1, n + 1) if self.test((a, b))) for a in range(1, n + 1)]
        return self._table


# -- the tests, each exact when every value is known --------------------------------------------------

def _bounds_ok(vals: Sequence[int], lo_each: int, hi_each: int, target_lo: int, target_hi: int) -> bool:
    known = sum(v for v in vals if v)
    k = sum(1 for v in vals if not v)
    return known + k * lo_each <= target_hi and known + k * hi_each >= target_lo


def _sum_interval(vals: Sequence[int], n: int) -> tuple[int, int]:
    known = sum(v for v in vals if v)
    k = sum(1 for v in vals if not v)
    return known + k, known + k * n


def pair_test(relation: Callable[[int, int], bool]) -> Callable[[Sequence[int]], bool]:
    def test(vals: Sequence[int]) -> bool:
        a, b = vals
        return not a or not b or relation(a, b)
    return test


def thermo_test(n: int, slow: bool) -> Callable[[Sequence[int]], bool]:
    def test(vals: Sequence[int]) -> bool:
        length = len(vals)
        known = [(i, v) for i, v in enumerate(vals) if v]
        for i, v in known:
            if not slow and not (1 + i <= v <= n - (length - 1 - i)):
                return False
        for (i, a), (j, b) in itertools.combinations(known, 2):
            if slow and b < a:
                return False
            if not slow and b - a < j - i:
                return False
        return True
    return test


def arrow_test(n: int, circle_len: int) -> Callable[[Sequence[int]], bool]:
    def test(vals: Sequence[int]) -> bool:
        circle, shaft = vals[:circle_len], vals[circle_len:]
        lo = int("".join(str(v or 1) for v in circle))
        hi = int("".join(str(v or n) for v in circle))
        s_lo, s_hi = _sum_interval(shaft, n)
        return s_lo <= hi and s_hi >= lo
    return test


def renban_test(vals: Sequence[int]) -> bool:
    known = [v for v in vals if v]
    return len(set(known)) == len(known) and (not known or max(known) - min(known) <= len(vals) - 1)


def between_test(vals: Sequence[int]) -> bool:
    a, b, inner = vals[0], vals[-1], [v for v in vals[1:-1] if v]
    if a and b:
        lo, hi = min(a, b), max(a, b)
        return all(lo < v < hi for v in inner)
    end = a or b
    return not end or end not in inner


def segments_test(n: int, segments: Sequence[int]) -> Callable[[Sequence[int]], bool]:
    """Each group of consecutive values (lengths ``segments``) has the same sum."""
    def test(vals: Sequence[int]) -> bool:
        lo, hi, pos = 0, 10 ** 9, 0
        for length in segments:
            s_lo, s_hi = _sum_interval(vals[pos:pos + length], n)
            lo, hi, pos = max(lo, s_lo), min(hi, s_hi), pos + length
        return lo <= hi
    return test


def zipper_test(n: int) -> Callable[[Sequence[int]], bool]:
    def test(vals: Sequence[int]) -> bool:
        length = len(vals)
        lo, hi = 0, 10 ** 9
        for i in range(length // 2):
            s_lo, s_hi = _sum_interval((vals[i], vals[length - 1 - i]), n)
            lo, hi = max(lo, s_lo), min(hi, s_hi)
        if length % 2:
            mid = vals[length // 2]
            lo, hi = max(lo, mid or 1), min(hi, mid or n)
        return lo <= hi
    return test


def entropic_test(n: int) -> Callable[[Sequence[int]], bool]:
    third = n // 3

    def test(vals: Sequence[int]) -> bool:
        groups = [(v - 1) // third for v in vals if v]
        return len(set(groups)) == len(groups)
    return test


def sum_test(n: int, total: int, distinct: bool) -> Callable[[Sequence[int]], bool]:
    def test(vals: Sequence[int]) -> bool:
        known = [v for v in vals if v]
        if distinct and len(set(known)) != len(known):
            return False
        return _bounds_ok(vals, 1, n, total, total)
    return test


def distinct_test(vals: Sequence[int]) -> bool:
    known = [v for v in vals if v]
    return len(set(known)) == len(known)


def sandwich_test(n: int, total: int) -> Callable[[Sequence[int]], bool]:
    def test(vals: Sequence[int]) -> bool:
        if 1 not in vals or n not in vals:
            return True
        i, j = sorted((vals.index(1), vals.index(n)))
        inner = vals[i + 1:j]
        return _bounds_ok(inner, 2, n - 1, total, total)
    return test


def xsum_test(n: int, total: int) -> Callable[[Sequence[int]], bool]:
    def test(vals: Sequence[int]) -> bool:
        x = vals[0]
        return not x or _bounds_ok(vals[:x], 1, n, total, total)
    return test


def skyscraper_test(n: int, seen: int) -> Callable[[Sequence[int]], bool]:
    def test(vals: Sequence[int]) -> bool:
        count, top = 0, 0
        for v in vals:
            if not v:
                return count <= seen   # more buildings can only come into view
            if v > top:
                count, top = count + 1, v
            if v == n:
                return count == seen
        return count == seen
    return test


# -- the puzzle -------------------------------------------------------------------------------------

class Variant:
    """A variant puzzle: size, givens, regions, houses, peers and rules."""

    def __init__(self, n: int, givens: Sequence[int], region_of: Sequence[int]):
        self.n = n
        self.givens = list(givens)
        self.region_of = list(region_of)
        self.houses: list[tuple[int, ...]] = []
        for r in range(n):
            self.houses.append(tuple(r * n + c for c in range(n)))
        for c in range(n):
            self.houses.append(tuple(r * n + c for r in range(n)))
        for reg in range(n):
            self.houses.append(tuple(x for x in range(n * n) if self.region_of[x] == reg))
        self.pairs: set[tuple[int, int]] = set()   # must differ (anti-knight, anti-king)
        self.rules: list[Rule] = []
        self.kinds: set[str] = set()
        self._ready = False

    # -- building -----------------------------------------------------------------------------------
    def add_house(self, cells: Iterable[int]) -> None:
        self.houses.append(tuple(cells))
        self._ready = False

    def add_pair(self, a: int, b: int) -> None:
        self.pairs.add((min(a, b), max(a, b)))
        self._ready = False

    def add_rule(self, rule: Rule) -> None:
        self.rules.append(rule)
        self._ready = False

    def _prepare(self) -> None:
        if self._ready:
            return
        cells = self.n * self.n
        self.peers: list[set[int]] = [set() for _ in range(cells)]
        for house in self.houses:
            for a in house:
                self.peers[a].update(x for x in house if x != a)
        for a, b in self.pairs:
            self.peers[a].add(b)
            self.peers[b].add(a)
        self.rules_of: list[list[int]] = [[] for _ in range(cells)]
        for i, rule in enumerate(self.rules):
            for x in set(rule.cells):
                self.rules_of[x].append(i)
        self.full_houses = [h for h in self.houses if len(h) == self.n]
        self._ready = True

    # -- checking -----------------------------------------------------------------------------------
    def broken(self, grid: Sequence[int]) -> list[str]:
        """What a full grid breaks: '' kinds (empty when it is a solution of the puzzle)."""
        n = self.n
        out = []
        if len(grid) != n * n or any(not 1 <= v <= n for v in grid):
            return ["not a full grid of 1..N"]
        for i, v in enumerate(self.givens):
            if v and grid[i] != v:
                out.append(f"given r{i // n + 1}c{i % n + 1}")
        for house in self.houses:
            vals = [grid[x] for x in house]
            if len(set(vals)) != len(vals):
                out.append(f"house {cell_names(house, n)}")
        for a, b in sorted(self.pairs):
            if grid[a] == grid[b]:
                out.append(f"pair {cell_names((a, b), n)}")
        for rule in self.rules:
            if not rule.test([grid[x] for x in rule.cells]):
                out.append(f"{rule.kind} {cell_names(rule.cells, n)}")
        return out

    def check(self, grid: Sequence[int]) -> bool:
        return not self.broken(grid)

    # -- solving ------------------------------------------------------------------------------------
    def count(self, limit: int = 2, max_nodes: int | None = None) -> int:
        return len(self.solutions(limit, max_nodes=max_nodes))

    def solutions(self, limit: int = 2, rng: random.Random | None = None,
                  max_nodes: int | None = None) -> list[list[int]]:
        """Up to ``limit`` solutions (in random value order with ``rng``); SearchLimit past ``max_nodes``."""
        self._prepare()
        n = self.n
        full = (1 << n) - 1
        dom = [full] * (n * n)
        for i, v in enumerate(self.givens):
            if v:
                dom[i] = 1 << (v - 1)
        out: list[list[int]] = []
        nodes = [0]
        if self._propagate(dom, range(n * n), all_rules=True):
            self._search(dom, limit, out, rng, nodes, max_nodes)
        for grid in out:
            assert self.check(grid), self.broken(grid)
        return out

    def _search(self, dom: list[int], limit: int, out: list[list[int]], rng: random.Random | None,
                nodes: list[int], max_nodes: int | None) -> None:
        nodes[0] += 1
        if max_nodes is not None and nodes[0] > max_nodes:
            raise SearchLimit(f"more than {max_nodes} nodes")
        best, best_size = -1, 10 ** 9
        for cell, d in enumerate(dom):
            size = bin(d).count("1")
            if 1 < size < best_size:
                best, best_size = cell, size
                if size == 2:
                    break
        if best < 0:
            out.append([d.bit_length() for d in dom])
            return
        values = [v for v in range(1, self.n + 1) if dom[best] >> (v - 1) & 1]
        if rng is not None:
            rng.shuffle(values)
        for v in values:
            child = list(dom)
            child[best] = 1 << (v - 1)
            if self._propagate(child, (best,)):
                self._search(child, limit, out, rng, nodes, max_nodes)
                if len(out) >= limit:
                    return

    def _propagate(self, dom: list[int], changed: Iterable[int], all_rules: bool = False) -> bool:
        """Narrow ``dom`` in place; False on a contradiction."""
        cell_queue = list(changed)
        rule_queue: list[int] = list(range(len(self.rules))) if all_rules else []
        queued = set(rule_queue)
        while True:
            while cell_queue or rule_queue:
                if cell_queue:
                    cell = cell_queue.pop()
                    d = dom[cell]
                    if not d:
                        return False
                    if d & (d - 1) == 0:
                        for p in self.peers[cell]:
                            if dom[p] & d:
                                dom[p] &= ~d
                                if not dom[p]:
                                    return False
                                cell_queue.append(p)
                    for ri in self.rules_of[cell]:
                        if ri not in queued:
                            queued.add(ri)
                            rule_queue.append(ri)
                else:
                    ri = rule_queue.pop()
                    queued.discard(ri)
                    changed_cells = self._revise(self.rules[ri], dom)
                    if changed_cells is None:
                        return False
                    cell_queue.extend(changed_cells)
            # hidden singles (and values with no place) in full houses
            found = []
            full = (1 << self.n) - 1
            for house in self.full_houses:
                once = twice = 0
                for x in house:
                    twice |= once & dom[x]
                    once |= dom[x]
                if once != full:
                    return False
                singles = once & ~twice
                if singles:
                    for x in house:
                        if dom[x] & singles and dom[x] != dom[x] & singles:
                            dom[x] &= singles
                            if dom[x] & (dom[x] - 1):   # two values with their only place here
                                return False
                            found.append(x)
            if not found:
                return True
            cell_queue.extend(found)

    def _revise(self, rule: Rule, dom: list[int]) -> list[int] | None:
        """Remove the candidates of ``rule``'s cells it cannot allow; the cells changed, None if one empties."""
        cells = rule.cells
        if len(cells) == 2 and cells[0] != cells[1]:
            return self._revise_pair(rule, dom)
        options = [[v for v in range(1, self.n + 1) if dom[x] >> (v - 1) & 1] for x in cells]
        combos = 1
        for o in options:
            combos *= len(o)
        keep = [0] * len(cells)
        if combos <= ENUMERATE:
            for vals in itertools.product(*options):
                if _consistent(cells, vals) and rule.test(vals):
                    for i, v in enumerate(vals):
                        keep[i] |= 1 << (v - 1)
        else:
            known = [o[0] if len(o) == 1 else 0 for o in options]
            for i, o in enumerate(options):
                if len(o) == 1:
                    keep[i] = 1 << (o[0] - 1)
                    continue
                for v in o:
                    vals = list(known)
                    vals[i] = v
                    if rule.test(vals):
                        keep[i] |= 1 << (v - 1)
            if rule.test(known) is False:
                return None
        changed = []
        done: dict[int, int] = {}
        for i, x in enumerate(cells):   # a cell listed twice keeps what both places allow
            done[x] = done.get(x, dom[x]) & keep[i]
        for x, d in done.items():
            if d != dom[x]:
                if not d:
                    return None
                dom[x] = d
                changed.append(x)
        return changed


    def _revise_pair(self, rule: Rule, dom: list[int]) -> list[int] | None:
        """The same for a rule of two cells, from the table of value pairs its test allows."""
        table = rule.pair_table(self.n)
        a, b = rule.cells
        da, db = dom[a], dom[b]
        keep_a = keep_b = 0
        for v in range(self.n):
            if da >> v & 1 and table[v] & db:
                keep_a |= 1 << v
                keep_b |= table[v] & db
        changed = []
        for x, old, new in ((a, da, keep_a), (b, db, keep_b)):
            if not new:
                return None
            if new != old:
                dom[x] = new
                changed.append(x)
        return changed


def _consistent(cells: Sequence[int], vals: Sequence[int]) -> bool:
    """A cell listed twice in a rule has one value."""
    if len(set(cells)) == len(cells):
        return True
    seen: dict[int, int] = {}
    return all(seen.setdefault(x, v) == v for x, v in zip(cells, vals))


def cell_names(cells: Iterable[int], n: int) -> str:
    return ",".join(f"r{x // n + 1}c{x % n + 1}" for x in cells)


# -- reading f-puzzles ------------------------------------------------------------------------------

def _cell(name: Any, n: int, where: str, outside: bool = False) -> tuple[int, int]:
    m = _CELL.match(name) if isinstance(name, str) else None
    if not m:
        raise ReferenceError(f"{where}: {json.dumps(name)} is not a cell like R1C1")
    r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
    inside = 0 <= r < n and 0 <= c < n
    if outside:
        if inside or not (-1 <= r <= n and -1 <= c <= n):
            raise ReferenceError(f"{where}: {name} is not just outside the grid")
    elif not inside:
        raise ReferenceError(f"{where}: {name} is outside the grid")
    return r, c


def _cells(names: Any, n: int, where: str) -> list[int]:
    if not isinstance(names, list) or not names:
        raise ReferenceError(f"{where}: expected a non-empty list of cells")
    out = []
    for name in names:
        r, c = _cell(name, n, where)
        out.append(r * n + c)
    if len(set(out)) != len(out):
        raise ReferenceError(f"{where}: a cell is listed twice")
    return out


def _lines(item: Any, n: int, where: str) -> list[list[int]]:
    if not isinstance(item, dict) or not isinstance(item.get("lines"), list) or not item["lines"]:
        raise ReferenceError(f"{where}: expected an object with 'lines'")
    lines = [_cells(line, n, where) for line in item["lines"]]
    for line in lines:
        for a, b in itertools.pairwise(line):
            if max(abs(a // n - b // n), abs(a % n - b % n)) != 1:
                raise ReferenceError(f"{where}: {cell_names((a, b), n)} do not touch")
    return lines


def _number(value: Any, where: str, default: int | None = None) -> int:
    if value is None or value == "":
        if default is None:
            raise ReferenceError(f"{where}: a value is needed")
        return default
    if isinstance(value, bool):
        raise ReferenceError(f"{where}: {value!r} is not a number")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ReferenceError(f"{where}: {json.dumps(value)} is not a number") from None


def orthogonal_pairs(n: int) -> list[tuple[int, int]]:
    out = []
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                out.append((r * n + c, r * n + c + 1))
            if r + 1 < n:
                out.append((r * n + c, (r + 1) * n + c))
    return out


def outside_line(n: int, r: int, c: int) -> list[int]:
    """The row or column a clue just outside the grid looks along, nearest cell first."""
    if r == -1:
        return [i * n + c for i in range(n)]
    if r == n:
        return [i * n + c for i in reversed(range(n))]
    if c == -1:
        return [r * n + i for i in range(n)]
    if c == n:
        return [r * n + i for i in reversed(range(n))]
    raise ReferenceError("a corner is not beside a row or column")


def diagonal_from(n: int, r: int, c: int, direction: str) -> list[int]:
    dr, dc = DIRECTIONS[direction]
    out = []
    r, c = r + dr, c + dc
    while 0 <= r < n and 0 <= c < n:
        out.append(r * n + c)
        r, c = r + dr, c + dc
    return out


def read(doc: Any) -> Variant:
    """The :class:`Variant` of an f-puzzles document (raises ReferenceError on what it does not know)."""
    if isinstance(doc, str):
        doc = json.loads(doc)
    if not isinstance(doc, dict):
        raise ReferenceError("an f-puzzles document is a JSON object")
    n = doc.get("size")
    if not isinstance(n, int) or not 3 <= n <= 16:
        raise ReferenceError(f"size {n!r} is not 3..16")
    grid = doc.get("grid")
    if not isinstance(grid, list) or len(grid) != n or any(not isinstance(r, list) or len(r) != n for r in grid):
        raise ReferenceError(f"'grid' must be {n} rows of {n} cells")
    givens, regions = [], []
    for r, row in enumerate(grid):
        for c, item in enumerate(row):
            item = item or {}
            v = item.get("value")
            givens.append(v if item.get("given") and isinstance(v, int) and 1 <= v <= n else 0)
            reg = item.get("region")
            if reg is None:
                if n not in BOX:
                    raise ReferenceError(f"r{r + 1}c{c + 1}: a {n}x{n} grid needs regions")
                br, bc = BOX[n]
                reg = (r // br) * (n // bc) + c // bc
            regions.append(reg)
    if sorted(regions) != sorted(list(range(n)) * n):
        raise ReferenceError("regions are not N regions of N cells")
    p = Variant(n, givens, regions)
    for key in doc:
        if key not in META and key not in _READERS:
            raise ReferenceError(f"constraint '{key}' is not known to the reference")
    kropki = {frozenset(_cells(d.get("cells"), n, key)) for key in ("difference", "ratio")
              for d in (doc.get(key) or [])}
    for key, reader in _READERS.items():
        value = doc.get(key)
        if value in (None, False, [], ""):
            continue
        reader(p, value, doc, kropki)
    p.kinds = set(kinds_of(doc))
    return p


def _flag(p: Variant, value: Any, key: str) -> None:
    if value is not True:
        raise ReferenceError(f"'{key}' must be true or absent")


def _diagonal(sign: str) -> Callable[..., None]:
    def reader(p: Variant, value: Any, doc: dict, kropki: set) -> None:
        _flag(p, value, "diagonal" + sign)
        n = p.n
        p.add_house(i * n + (n - 1 - i if sign == "+" else i) for i in range(n))
    return reader


def _moves(steps: Sequence[tuple[int, int]], key: str) -> Callable[..., None]:
    def reader(p: Variant, value: Any, doc: dict, kropki: set) -> None:
        _flag(p, value, key)
        n = p.n
        for r in range(n):
            for c in range(n):
                for dr, dc in steps:
                    if 0 <= r + dr < n and 0 <= c + dc < n:
                        p.add_pair(r * n + c, (r + dr) * n + c + dc)
    return reader


KNIGHT = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
KING = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]


def _nonconsecutive(p: Variant, value: Any, doc: dict, kropki: set) -> None:
    _flag(p, value, "nonconsecutive")
    for a, b in orthogonal_pairs(p.n):
        if frozenset((a, b)) not in kropki:
            p.add_rule(Rule("nonconsecutive", (a, b), pair_test(lambda x, y: abs(x - y) != 1)))


def _disjoint(p: Variant, value: Any, doc: dict, kropki: set) -> None:
    _flag(p, value, "disjointgroups")
    n = p.n
    if n not in BOX or any(p.region_of[x] != (x // n // BOX[n][0]) * (n // BOX[n][1]) + x % n // BOX[n][1]
                           for x in range(n * n)):
        raise ReferenceError("disjointgroups needs the grid's boxes")
    br, bc = BOX[n]
    for i in range(br):
        for j in range(bc):
            p.add_house(r * n + c for r in range(n) for c in range(n) if r % br == i and c % bc == j)


def _extraregion(p: Variant, value: Any, doc: dict, kropki: set) -> None:
    for k, item in enumerate(value, 1):
        cells = _cells((item or {}).get("cells"), p.n, f"extraregion {k}")
        if len(cells) > p.n:
            raise ReferenceError(f"extraregion {k}: more than {p.n} cells")
        p.add_house(cells)


def _parity(odd: bool) -> Callable[..., None]:
    def reader(p: Variant, value: Any, doc: dict, kropki: set) -> None:
        key = "odd" if odd else "even"
        for k, item in enumerate(value, 1):
            r, c = _cell((item or {}).get("cell"), p.n, f"{key} {k}")
            p.add_rule(Rule(key, (r * p.n + c,), lambda vals: not vals[0] or vals[0] % 2 == int(odd)))
    return reader


def _thermo(slow: bool) -> Callable[..., None]:
    def reader(p: Variant, value: Any, doc: dict, kropki: set) -> None:
        key = "slowthermometer" if slow else "thermometer"
        for k, item in enumerate(value, 1):
            for line in _lines(item, p.n, f"{key} {k}"):
                for a, b in itertools.pairwise(line):   # consecutive pairs: the same rule, and full propagation
                    p.add_rule(Rule(key, (a, b), pair_test((lambda x, y: x <= y) if slow else (lambda x, y: x < y))))
                p.add_rule(Rule(key, line, thermo_test(p.n, slow)))
    return reader


def _arrow(p: Variant, value: Any, doc: dict, kropki: set) -> None:
    n = p.n
    for k, item in enumerate(value, 1):
        where = f"arrow {k}"
        circle = sorted(_cells((item or {}).get("cells"), n, where))
        if len(circle) > 1 and n > 9:
            raise ReferenceError(f"{where}: a pill needs digits 1-9")
        shaft: list[int] = []
        for line in _lines(item, n, where):
            if line[0] not in circle:
                raise ReferenceError(f"{where}: a line starts outside the circle")
            shaft += [x for x in line if x not in circle and x not in shaft]
        if not shaft:
            raise ReferenceError(f"{where}: no shaft")
        p.add_rule(Rule("arrow", circle + shaft, arrow_test(n, len(circle))))


def _line_rule(key: str, make: Callable[[Variant, list[int], dict], None]) -> Callable[..., None]:
    def reader(p: Variant, value: Any, doc: dict, kropki: set) -> None:
        for k, item in enumerate(value, 1):
            for line in _lines(item, p.n, f"{key} {k}"):
                make(p, line, item)
    return reader


def _whispers(p: Variant, line: list[int], item: dict) -> None:
    d = _number(item.get("value"), "whispers", 5)
    for a, b in itertools.pairwise(line):
        p.add_rule(Rule("whispers", (a, b), pair_test(lambda x, y, d=d: abs(x - y) >= d)))


def _renban(p: Variant, line: list[int], item: dict) -> None:
    p.add_rule(Rule("renban", line, renban_test))


def _palindrome(p: Variant, line: list[int], item: dict) -> None:
    for i in range(len(line) // 2):
        p.add_rule(Rule("palindrome", (line[i], line[-1 - i]), pair_test(lambda x, y: x == y)))


def _between(p: Variant, line: list[int], item: dict) -> None:
    if len(line) < 3:
        raise ReferenceError("betweenline: a line needs cells between its ends")
    p.add_rule(Rule("betweenline", line, between_test))


def _regionsum(p: Variant, line: list[int], item: dict) -> None:
    segments = [len(list(g)) for _, g in itertools.groupby(line, key=lambda x: p.region_of[x])]
    if len(segments) < 2:
        raise ReferenceError("regionsumline: the line stays in one region")
    p.add_rule(Rule("regionsumline", line, segments_test(p.n, segments)))


def _zipper(p: Variant, line: list[int], item: dict) -> None:
    if len(line) < 3:
        raise ReferenceError("zipperline: a line needs at least three cells")
    p.add_rule(Rule("zipperline", line, zipper_test(p.n)))


def _entropic(p: Variant, line: list[int], item: dict) -> None:
    if p.n % 3:
        raise ReferenceError("entropicline: the size must be a multiple of 3")
    for i in range(len(line) - 2):
        p.add_rule(Rule("entropicline", line[i:i + 3], entropic_test(p.n)))
    if len(line) == 2:
        p.add_rule(Rule("entropicline", line, entropic_test(p.n)))


def _dots(key: str) -> Callable[..., None]:
    def reader(p: Variant, value: Any, doc: dict, kropki: set) -> None:
        n = p.n
        for k, item in enumerate(value, 1):
            where = f"{key} {k}"
            cells = _cells((item or {}).get("cells"), n, where)
            if len(cells) != 2 or abs(cells[0] // n - cells[1] // n) + abs(cells[0] % n - cells[1] % n) != 1:
                raise ReferenceError(f"{where}: a dot joins two orthogonally adjacent cells")
            p.add_rule(Rule(key, cells, pair_test(_relation(key, item.get("value"), where))))
    return reader


def _relation(key: str, value: Any, where: str) -> Callable[[int, int], bool]:
    if key == "difference":
        d = _number(value, where, 1)
        return lambda x, y: abs(x - y) == d
    if key == "ratio":
        q = _number(value, where, 2)
        return lambda x, y: x == q * y or y == q * x
    if not isinstance(value, str) or value.upper() not in ("X", "V"):
        raise ReferenceError(f"{where}: an xv value is X or V")
    s = 10 if value.upper() == "X" else 5
    return lambda x, y: x + y == s


def _negative(p: Variant, value: Any, doc: dict, kropki: set) -> None:
    if not isinstance(value, list):
        raise ReferenceError("'negative' must be a list")
    n = p.n
    for name in value:
        if name not in ("difference", "ratio", "xv"):
            raise ReferenceError(f"negative '{name}' is not known to the reference")
        if name == "xv":
            marked = {frozenset(_cells(d.get("cells"), n, "xv")) for d in doc.get("xv") or []}
            sums = {5, 10}
            forbidden: Callable[[int, int], bool] = lambda x, y, s=sums: x + y in s   # noqa: E731
        else:
            marked = kropki
            default = 1 if name == "difference" else 2
            values = {_number(d.get("value"), name, default) for d in doc.get(name) or []} | {default}
            if name == "difference":
                forbidden = lambda x, y, vs=values: abs(x - y) in vs   # noqa: E731
            else:
                forbidden = lambda x, y, vs=values: any(x == q * y or y == q * x for q in vs)   # noqa: E731
        for a, b in orthogonal_pairs(n):
            if frozenset((a, b)) not in marked:
                p.add_rule(Rule("negative:" + name, (a, b), pair_test(lambda x, y, f=forbidden: not f(x, y))))


def _outside(key: str) -> Callable[..., None]:
    def reader(p: Variant, value: Any, doc: dict, kropki: set) -> None:
        n = p.n
        for k, item in enumerate(value, 1):
            where = f"{key} {k}"
            item = item or {}
            r, c = _cell(item.get("cell"), n, where, outside=True)
            total = _number(item.get("value"), where)
            if key == "littlekillersum":
                direction = item.get("direction")
                if direction not in DIRECTIONS:
                    raise ReferenceError(f"{where}: direction {direction!r} is not UL, UR, DL or DR")
                cells = diagonal_from(n, r, c, direction)
                if not cells:
                    raise ReferenceError(f"{where}: the diagonal misses the grid")
                if "cells" in item and sorted(_cells(item["cells"], n, where)) != sorted(cells):
                    raise ReferenceError(f"{where}: 'cells' is not the diagonal from {item['cell']} {direction}")
                p.add_rule(Rule(key, cells, sum_test(n, total, distinct=False)))
                continue
            cells = outside_line(n, r, c)
            test = {"sandwichsum": sandwich_test, "xsum": xsum_test, "skyscraper": skyscraper_test}[key](n, total)
            p.add_rule(Rule(key, cells, test))
    return reader


def _killer(p: Variant, value: Any, doc: dict, kropki: set) -> None:
    for k, item in enumerate(value, 1):
        where = f"killercage {k}"
        cells = _cells((item or {}).get("cells"), p.n, where)
        total = item.get("value")
        if total in (None, ""):
            p.add_rule(Rule("killercage", cells, distinct_test))
        else:
            p.add_rule(Rule("killercage", cells, sum_test(p.n, _number(total, where), distinct=True)))


_READERS: dict[str, Callable[..., None]] = {
    "diagonal+": _diagonal("+"),
    "diagonal-": _diagonal("-"),
    "antiknight": _moves(KNIGHT, "antiknight"),
    "antiking": _moves(KING, "antiking"),
    "nonconsecutive": _nonconsecutive,
    "disjointgroups": _disjoint,
    "extraregion": _extraregion,
    "odd": _parity(True),
    "even": _parity(False),
    "thermometer": _thermo(False),
    "slowthermometer": _thermo(True),
    "arrow": _arrow,
    "whispers": _line_rule("whispers", _whispers),
    "renban": _line_rule("renban", _renban),
    "palindrome": _line_rule("palindrome", _palindrome),
    "betweenline": _line_rule("betweenline", _between),
    "regionsumline": _line_rule("regionsumline", _regionsum),
    "zipperline": _line_rule("zipperline", _zipper),
    "entropicline": _line_rule("entropicline", _entropic),
    "difference": _dots("difference"),
    "ratio": _dots("ratio"),
    "xv": _dots("xv"),
    "negative": _negative,
    "littlekillersum": _outside("littlekillersum"),
    "sandwichsum": _outside("sandwichsum"),
    "xsum": _outside("xsum"),
    "skyscraper": _outside("skyscraper"),
    "killercage": _killer,
}


def kinds_of(doc: dict) -> list[str]:
    """The constraint kinds of a document, as :data:`KINDS` names them (a cage without a total is
    ``killercage:nototal``)."""
    out = {key for key in doc if key in _READERS and key != "negative" and doc[key] not in (None, False, [], "")}
    out |= {"negative:" + name for name in doc.get("negative") or []}
    if any((c or {}).get("value") in (None, "") for c in doc.get("killercage") or []):
        out.add("killercage:nototal")
    return sorted(out)


def grid_string(grid: Sequence[int]) -> str:
    return "".join(str(v) if v < 10 else chr(ord("A") + v - 10) for v in grid)
