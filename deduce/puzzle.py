"""Puzzles: a geometry, an alphabet, givens and cages.

Symbols are held as indices ``0..N-1`` into the puzzle's alphabet.  In cage
arithmetic, symbol index ``i`` counts as the number ``i + 1`` (so the default
alphabet ``123456789`` reads naturally, and letter alphabets count A=1, B=2...).

>>> p = Puzzle.from_string("1..." "3..2" "...3" "..2.")
>>> p.size, p.symbols, p.givens[:4]
(4, '1234', (0, -1, -1, -1))
>>> p
Puzzle.from_string('1...3..2...3..2.')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

import attrs

from .constraint import Constraint, Relation
from .errors import InvalidPuzzleError
from .geometry import MAX_SIZE, MIN_SIZE, Geometry, bits_of, mask_of

#: Default alphabet: 1-9 then A-Z (so 16 uses 123456789ABCDEFG).
DEFAULT_ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

BLANKS = ".0"


def default_symbols(size: int) -> str:
    """The default alphabet for ``size``: ``1``-``9`` then ``A``-``Z``."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidPuzzleError(f"size {size} is outside {MIN_SIZE}..{MAX_SIZE}")
    return DEFAULT_ALPHABET[:size]


def size_for_length(length: int) -> int | None:
    """The size N of a grid with ``length`` = N² cells, if N is allowed."""
    n = round(length ** 0.5)
    if n * n == length and MIN_SIZE <= n <= MAX_SIZE:
        return n
    return None


def _sorted_cells(cells: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(cells))


@attrs.frozen
class Cage:
    """A killer cage: its cells add up to ``total``.

    Digits are distinct within a cage unless ``repeats`` is true (a
    "sum-only" cage).
    """

    total: int
    cells: tuple[int, ...] = attrs.field(converter=_sorted_cells)
    repeats: bool = False

    @property
    def mask(self) -> int:
        return mask_of(self.cells)


def cage_sum_range(ncells: int, size: int, repeats: bool) -> tuple[int, int]:
    """Smallest and largest sums of a cage of ``ncells`` cells."""
    if repeats:
        return ncells, ncells * size
    return ncells * (ncells + 1) // 2, sum(range(size - ncells + 1, size + 1))


@attrs.frozen(eq=False)
class Puzzle:
    """A puzzle: geometry, alphabet, givens (-1 for blank) and cages."""

    geometry: Geometry
    symbols: str
    givens: tuple[int, ...]
    cages: tuple[Cage, ...] = ()
    #: Variant constraints (:mod:`deduce.constraint`): diagonals, thermometers, dots...
    constraints: tuple[Constraint, ...] = ()
    # The layout's tables: each made the first time it is read, then kept as the field (``__getattr__``).
    #: Index of each cell's cage, or -1.
    cage_of: tuple[int, ...] = attrs.field(init=False, repr=False)
    #: Per cell, the mask of cells that must hold a different symbol: house
    #: peers, plus cage-mates in cages whose digits are distinct, plus the
    #: constraints' distinct groups and houses.
    peer_masks: tuple[int, ...] = attrs.field(init=False, repr=False)
    #: The constraints' houses beyond rows, columns and boxes (a diagonal, an
    #: extra region): N cells holding every symbol once.
    extra_houses: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False)
    #: Every binary relation the constraints put on two cells.
    relations: tuple[Relation, ...] = attrs.field(init=False, repr=False)
    #: Per cell that a constraint restricts by itself (odd, even), the symbols it may hold.
    unary: dict[int, int] = attrs.field(init=False, repr=False)
    #: Per cell, its peers (:attr:`peer_masks` as cell tuples).
    peers: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        n = self.geometry.size
        if len(self.symbols) != n or len(set(self.symbols)) != n:
            raise InvalidPuzzleError(f"the alphabet must be {n} distinct symbols, got {self.symbols!r}")
        if len(self.givens) != n * n:
            raise InvalidPuzzleError(f"expected {n * n} givens, got {len(self.givens)}")
        for cell, g in enumerate(self.givens):
            if not -1 <= g < n:
                raise InvalidPuzzleError(f"given at {self.geometry.cell_name(cell)} is out of range")
        self._check_cages()
        for constraint in self.constraints:
            constraint.validate(self)

    if not TYPE_CHECKING:   # (mypy reads the fields' types above)
        def __getattr__(self, name: str) -> Any:
            """A table of the layout (a field after ``constraints``), made the
            first time it is read and kept with the puzzle as its field."""
            build = _LAYOUT.get(name)
            if build is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            value = build(self)
            object.__setattr__(self, name, value)
            return value

    def _unary(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for c in self.constraints:
            for cell, mask in c.unary(self):
                out[cell] = out.get(cell, (1 << self.size) - 1) & mask
        return out

    def _peers(self) -> tuple[tuple[int, ...], ...]:
        if self.peer_masks is self.geometry.peer_masks:
            return self.geometry.peers
        return tuple(tuple(bits_of(m)) for m in self.peer_masks)

    def _check_cages(self) -> None:
        n = self.geometry.size
        owner: dict[int, int] = {}
        for i, cage in enumerate(self.cages):
            if not cage.cells:
                raise InvalidPuzzleError(f"cage {i + 1} has no cells")
            for cell in cage.cells:
                if not 0 <= cell < n * n:
                    raise InvalidPuzzleError(f"cage {i + 1} (sum {cage.total}) has a cell outside the grid")
                if cell in owner:
                    raise InvalidPuzzleError(
                        f"{self.geometry.cell_name(cell)} is in two cages: {self.cage_name(owner[cell])} and "
                        f"{self.cage_name(i)}")
                owner[cell] = i
            if not cage.repeats and len(cage.cells) > n:
                raise InvalidPuzzleError(
                    f"{self.cage_name(i)} has {len(cage.cells)} cells but only {n} distinct symbols exist")
            lo, hi = cage_sum_range(len(cage.cells), n, cage.repeats)
            if not lo <= cage.total <= hi:
                raise InvalidPuzzleError(
                    f"{self.cage_name(i)}: {len(cage.cells)} cells cannot add up to {cage.total} (possible: {lo}-{hi})")
        if self.cages and len(owner) == n * n:
            expected = n * n * (n + 1) // 2
            total = sum(c.total for c in self.cages)
            if total != expected:
                raise InvalidPuzzleError(
                    f"every cell is caged, so the cage sums must add up to {expected}, but they add up to {total}")

    # -- constructors -------------------------------------------------------

    @classmethod
    def from_string(cls, text: str, *, symbols: str | None = None,
                    geometry: Geometry | None = None) -> Puzzle:
        """A puzzle from N² characters, ``.`` or ``0`` for blanks
        (``0`` is a blank only when it is not in the alphabet)."""
        text = "".join(text.split())
        if geometry is None:
            n = size_for_length(len(text))
            if n is None:
                raise InvalidPuzzleError(f"{len(text)} characters is not N×N for any allowed size")
            geometry = Geometry.boxes(n)
        n = geometry.size
        if len(text) != n * n:
            raise InvalidPuzzleError(f"expected {n * n} characters, got {len(text)}")
        symbols = symbols or default_symbols(n)
        givens = [parse_symbol(ch, symbols, i) for i, ch in enumerate(text)]
        return cls(geometry, symbols, tuple(givens))

    @classmethod
    def empty(cls, geometry: Geometry | int, symbols: str | None = None,
              cages: Iterable[Cage] = (), constraints: Iterable[Constraint] = ()) -> Puzzle:
        g = geometry if isinstance(geometry, Geometry) else Geometry.boxes(geometry)
        return cls(g, symbols or default_symbols(g.size), (-1,) * g.ncells, tuple(cages), tuple(constraints))

    # -- derived tables ---------------------------------------------------

    @property
    def size(self) -> int:
        return self.geometry.size

    @property
    def ncells(self) -> int:
        return self.geometry.ncells

    def _peer_masks(self) -> tuple[int, ...]:
        """The table :attr:`peer_masks` (the geometry's own when nothing adds a peer)."""
        base = self.geometry.peer_masks
        groups = [cage.cells for cage in self.cages if not cage.repeats]
        for constraint in self.constraints:
            groups.extend(constraint.distinct(self))
            groups.extend(constraint.houses(self))
        if not groups:
            return base
        masks = list(base)
        for group in groups:
            m = mask_of(group)
            for cell in group:
                masks[cell] |= m & ~(1 << cell)
        return tuple(masks)

    def extra_house_name(self, index: int) -> str:
        """``diagonal r1c1-r9c9``: the name of extra house ``index``."""
        for constraint in self.constraints:
            houses = constraint.houses(self)
            if index < len(houses):
                return constraint.house_label(self, index)
            index -= len(houses)
        raise IndexError(index)

    # -- names ------------------------------------------------------------

    def symbol(self, index: int) -> str:
        return self.symbols[index]

    def cage_name(self, index: int) -> str:
        """``cage r1c1 (11)``: a cage named by its first cell and sum."""
        cage = self.cages[index]
        return f"cage {self.geometry.cell_name(cage.cells[0])} ({cage.total})"

    @property
    def is_digits(self) -> bool:
        """True when the alphabet is the usual digits (text says "digit")."""
        return self.symbols == DEFAULT_ALPHABET[: self.size] and self.size <= 9

    def givens_string(self, blank: str = ".") -> str:
        return "".join(self.symbols[g] if g >= 0 else blank for g in self.givens)

    def __repr__(self) -> str:
        g = self.geometry
        args = [repr(self.givens_string())]
        if self.symbols != default_symbols(self.size) or g.is_jigsaw:
            args.append(f"symbols={self.symbols!r}")
        if g.is_jigsaw:
            args.append(f"geometry={g!r}")
        text = f"Puzzle.from_string({', '.join(args)})"
        extra = []
        if self.cages:
            extra.append(f"cages={self.cages!r}")
        if self.constraints:
            extra.append(f"constraints={self.constraints!r}")
        if extra:
            text = f"attrs.evolve({text}, {', '.join(extra)})"
        return text

    def with_givens(self, givens: Sequence[int]) -> Puzzle:
        return attrs.evolve(self, givens=tuple(givens))

    @property
    def warnings(self) -> tuple[str, ...]:
        """What is odd about the puzzle but does not stop a solve: a jigsaw
        region in several pieces.

        >>> from deduce.geometry import Geometry
        >>> g = Geometry.jigsaw(["1112", "1222", "3334", "3444"])
        >>> Puzzle.empty(g).warnings
        ()
        >>> g = Geometry.jigsaw(["1122", "2211", "3344", "3344"])
        >>> Puzzle.empty(g).warnings
        ('region 1 is in 2 pieces (r1c1, r2c3)', 'region 2 is in 2 pieces (r1c3, r2c1)')
        """
        g = self.geometry
        out = []
        if g.is_jigsaw:
            for k in range(g.size):
                parts = pieces(g.houses[2 * g.size + k], g.size)
                if len(parts) > 1:
                    out.append(f"region {k + 1} is in {len(parts)} pieces "
                               f"({', '.join(g.cell_name(p[0]) for p in parts)})")
        return tuple(out)

    @property
    def has_cages(self) -> bool:
        return bool(self.cages)

    def _repr_svg_(self) -> str:
        """The puzzle as printed, for notebooks: givens (and cages, regions), no candidates."""
        from .render.printed import puzzle_svg

        return puzzle_svg(self)


def _cage_of(puzzle: Puzzle) -> tuple[int, ...]:
    owner = [-1] * puzzle.ncells
    for i, cage in enumerate(puzzle.cages):
        for cell in cage.cells:
            owner[cell] = i
    return tuple(owner)


#: field -> how a puzzle makes it (:meth:`Puzzle.__getattr__`).
_LAYOUT: dict[str, Callable[[Puzzle], Any]] = {
    "cage_of": _cage_of,
    "peer_masks": Puzzle._peer_masks,
    "extra_houses": lambda p: tuple(h for c in p.constraints for h in c.houses(p)),
    "relations": lambda p: tuple(r for c in p.constraints for r in c.relations(p)),
    "unary": Puzzle._unary,
    "peers": Puzzle._peers,
}


def parse_symbol(ch: str, symbols: str, position: int | None = None) -> int:
    """Index of ``ch`` in ``symbols``; ``.`` (and ``0`` when not a symbol) is -1."""
    i = symbols.find(ch)
    if i >= 0 and ch:
        return i
    if ch in BLANKS:
        return -1
    up = symbols.find(ch.upper())
    if up >= 0 and ch.upper() != ch and ch.lower() not in symbols:
        return up
    where = f" at position {position + 1}" if position is not None else ""
    raise InvalidPuzzleError(f"unknown symbol {ch!r}{where} (alphabet {symbols})")


def pieces(cells: Iterable[int], n: int) -> list[list[int]]:
    """The orthogonally connected pieces of ``cells``, each from its first cell.

    >>> pieces([0, 1, 3, 6, 7], 4)
    [[0, 1], [3, 6, 7]]
    """
    left = set(cells)
    out = []
    for start in sorted(left):
        if start not in left:
            continue
        left.discard(start)
        piece, todo = [start], [start]
        while todo:
            c = todo.pop()
            r, k = divmod(c, n)
            for nb, ok in ((c - n, r > 0), (c + n, r < n - 1), (c - 1, k > 0), (c + 1, k < n - 1)):
                if ok and nb in left:
                    left.discard(nb)
                    piece.append(nb)
                    todo.append(nb)
        out.append(sorted(piece))
    return out
