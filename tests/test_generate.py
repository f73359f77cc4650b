"""``deduce.generate``: every puzzle unique, every target met, the same seed
the same puzzles; for each kind and the sizes it applies to.

Each property runs a few hypothesis examples by default (small grids mostly,
a couple of 9x9); ``fuzz`` runs many more, on bigger grids too.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import deduce
from deduce.backtrack import count_solutions, first_solutions
from deduce.engine import Solver
from deduce.generate import Generated, GenerateError, GenerateTimeout
from deduce.generate.regions import connected, spurs
from deduce.generate.symmetry import is_symmetric
from deduce.rating import HodokuSolver, Rater
from deduce.technique import LEVELS

FEW = settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
MANY = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
seeds = st.integers(0, 2 ** 32 - 1)


def profile_solver(profile: str, backtracking: bool = True) -> Solver:
    """The solve whose techniques a generated puzzle "uses": HoDoKu's path for
    the ``hodoku`` profile (as the rating takes it), the profile's otherwise."""
    if profile == "hodoku":
        return HodokuSolver(backtracking=backtracking)
    return Solver(profile=profile, backtracking=backtracking)


def check(g: Generated, **asked) -> None:
    """Every promise of the record, checked with deduce's public functions (not the generator's)."""
    p = g.puzzle
    sols = first_solutions(p, 2)
    assert len(sols) == 1, "exactly one solution, by search"
    assert sols[0] == g.solution
    rating = deduce.rate(p)
    assert (rating.er, rating.ep, rating.ed, rating.score, rating.level) == (g.er, g.ep, g.ed, g.score, g.level)
    assert rating.status == "solved" or asked.get("allow_backtracking")
    profile = asked.get("profile") or ("hodoku" if g.kind == "classic" else "deduce")
    steps = profile_solver(profile, bool(asked.get("allow_backtracking"))).solve(p).steps
    codes = [s.technique.code for s in steps]
    assert tuple(dict.fromkeys(codes)) == g.techniques
    if asked.get("level"):
        assert g.level == asked["level"].capitalize()
    if asked.get("er"):
        lo, hi = (float(x) for x in asked["er"].split("-"))
        assert lo <= g.er <= hi
    for item in asked.get("techniques", "").split(",") if asked.get("techniques") else ():
        named = deduce.select(item)
        assert named & set(codes), f"{item} used"
        if asked.get("first"):
            beyond = next((c for c, s in zip(codes, steps) if s.technique.family != "singles"), None)
            assert beyond in named or (beyond is None and named <= {"fh", "hs", "ns"})
    if asked.get("exclude"):
        assert not deduce.select(asked["exclude"]) & set(codes)
    symmetry = asked.get("symmetry", "none")
    assert is_symmetric(p.givens, p.size, symmetry)
    if asked.get("givens") is not None:
        assert sum(x >= 0 for x in p.givens) <= asked["givens"]
    if asked.get("minimal") or (symmetry == "none" and g.kind != "killer"):
        for c, v in enumerate(p.givens):
            if v >= 0:
                less = list(p.givens)
                less[c] = -1
                assert count_solutions(p.with_givens(less), 2) == 2, "minimal"
    if g.kind == "killer":
        check_cages(g, asked.get("sum_only", False))
    if g.kind in ("jigsaw", "latin"):
        check_regions(g, spur_free=asked.get("region_symmetry", "none") == "none")


def check_cages(g: Generated, sum_only: bool) -> None:
    p, n = g.puzzle, g.puzzle.size
    seen: list[int] = []
    for cage in p.cages:
        assert cage.total == sum(g.solution[c] + 1 for c in cage.cells)
        assert connected(set(cage.cells), n)
        assert cage.repeats == sum_only
        if not sum_only:
            assert len({g.solution[c] for c in cage.cells}) == len(cage.cells)
        seen.extend(cage.cells)
    assert sorted(seen) == list(range(n * n)), "every cell in exactly one cage"


def check_regions(g: Generated, spur_free: bool = True) -> None:
    geo, n = g.puzzle.geometry, g.puzzle.size
    regions = [geo.houses[2 * n + k] for k in range(n)]
    assert sorted(len(r) for r in regions) == [n] * n
    assert all(connected(set(r), n) for r in regions)
    assert not g.puzzle.warnings
    if spur_free and n >= 4:   # (a 3x3 has only lines: each has two spurs)
        assert spurs(geo.region_of, n) == [], "no spur"


def same(kwargs: dict, seed: int, count: int = 2) -> list[Generated]:
    """The run twice with one seed: the same puzzles (and the first ``count`` of them)."""
    a = list(deduce.generate(seed=seed, count=count, **kwargs))
    b = list(deduce.generate(seed=seed, count=count, **kwargs))
    assert [x.puzzle.givens_string() for x in a] == [x.puzzle.givens_string() for x in b]
    assert [x.puzzle.cages for x in a] == [x.puzzle.cages for x in b]
    assert [x.puzzle.geometry for x in a] == [x.puzzle.geometry for x in b]
    assert [x.index for x in a] == list(range(count))
    return a


@FEW
@given(seed=seeds, size=st.sampled_from([4, 6]), symmetry=st.sampled_from(
    ["none", "half-turn", "quarter-turn", "diagonal", "anti-diagonal", "mirror"]))
def test_classic_small(seed, size, symmetry):
    kwargs = {"size": size, "symmetry": symmetry}
    for g in same(kwargs, seed):
        check(g, **kwargs)


@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=seeds, level=st.sampled_from(["easy", "medium"]))
def test_classic_9x9_level(seed, level):
    kwargs = {"level": level}
    for g in same(kwargs, seed, 1):
        check(g, **kwargs)


@FEW
@given(seed=seeds, size=st.sampled_from([4, 5, 6]))
def test_jigsaw(seed, size):
    kwargs = {"kind": "jigsaw", "size": size}
    for g in same(kwargs, seed):
        check(g, **kwargs)
        assert g.puzzle.geometry.is_jigsaw


@FEW
@given(seed=seeds, size=st.sampled_from([4, 6]), sum_only=st.booleans())
def test_killer(seed, size, sum_only):
    kwargs = {"kind": "killer", "size": size, "sum_only": sum_only}
    for g in same(kwargs, seed):
        check(g, **kwargs)
        assert all(x < 0 for x in g.puzzle.givens), "no givens by default"


def test_killer_with_givens_symmetric_and_minimal():
    asked = {"kind": "killer", "size": 6, "givens": 4, "symmetry": "half-turn", "minimal": True}
    for g in same(asked, 4):
        check(g, **asked)


@FEW
@given(seed=seeds, size=st.sampled_from([3, 4, 5, 6]))
def test_latin_reads_back_in_the_seeds_format(seed, size):
    from deduce.formats import write_solution

    from .test_cli import run

    kwargs = {"kind": "latin", "size": size}
    for g in same(kwargs, seed, 1):
        check(g, **kwargs)
        assert g.puzzle.symbols == "ABCDEFGHIJ"[:size]
        text = g.text()
        assert text == g.text("latin")
        code, out, err = run(["solve", "--format", "latin"], text)
        assert (code, err) == (0, "")
        assert out.rstrip("\n") == write_solution(g.puzzle, g.solution, "latin")


@FEW
@given(seed=seeds)
def test_boxes_of_another_shape(seed):
    [g] = deduce.generate(size=6, box="3x2", seed=seed)
    assert g.puzzle.geometry.box_shape == (3, 2)
    check(g, size=6)
    back = deduce.read_puzzle(g.text())     # written as JSON with its regions: reads back with the same houses
    assert sorted(map(sorted, back.geometry.houses)) == sorted(map(sorted, g.puzzle.geometry.houses))


@pytest.mark.parametrize("asked", [
    {"size": 6, "level": "hard", "er": "3.0-5.0", "givens": 14},
    {"size": 6, "level": "hard", "exclude": "np", "symmetry": "mirror"},
    {"level": "easy", "er": "1.0-1.5", "givens": 30, "symmetry": "half-turn"},
])
def test_targets_combined(asked):
    for g in deduce.generate(seed=11, count=2, **asked):
        check(g, **asked)


def test_technique_first_and_minimal_9x9():
    asked = {"techniques": "lc1", "first": True, "minimal": True}
    [g] = deduce.generate(seed=5, **asked)
    check(g, **asked)


def test_technique_cut_only_until_used():
    """--technique X: the capped solve stops at X in the profile's order only
    until X was used; after that the rest of what the targets allow goes on
    (HoDoKu's /sc: the solve uses X, anywhere)."""
    from deduce.generate.request import Request
    from deduce.generate.targets import Judge

    r = Request.make("classic", 9, techniques="xy-wing")
    cut, every = r.allowed(cut=True), r.allowed()
    assert cut[-1] == "xy-wing" and every[: len(cut)] == cut and "aic" in every and "aic" not in cut
    judge = Judge(r)
    assert judge.rest is not None and judge.prefix
    hard = Request.make("classic", 9, techniques="xy-wing", level="hard")
    assert "aic" not in hard.allowed()   # a level still caps the whole solve
    assert Judge(Request.make("classic", 9, level="easy")).rest is None


def test_a_path_cut_at_the_technique_goes_on_as_hodokus():
    """Where the solve cut at the technique asked for gets stuck after using
    it, the rest goes on along the same path (HoDoKu's singles queues with
    it): the whole path is HoDoKu's, which the rating then takes."""
    from deduce.generate.request import Request
    from deduce.generate.targets import Judge

    request = Request.make("classic", 9, techniques="xy-wing")
    judge, cut = Judge(request), set(request.allowed(cut=True))
    went_on = 0
    for seed in range(4):
        [g] = deduce.generate(techniques="xy-wing", seed=seed)
        path, solved = judge.capped_path(g.puzzle, g.solution)
        assert solved and list(path) == list(HodokuSolver().solve(g.puzzle).steps)
        went_on += any(s.technique.code not in cut for s in path)
    assert went_on


def test_a_known_solution_skips_the_second_solution_search(monkeypatch):
    """The generator rates a puzzle it proved unique with ``solution=``: the
    same steps and rating as without, and no search for a second solution
    (for a killer that search, in Python, took most of the time)."""
    import deduce.engine

    [g] = deduce.generate("killer", 6, level="medium", seed=4)
    plain = Solver(profile="deduce").solve(g.puzzle)
    rating = Rater().rate(g.puzzle)

    def no_search(*_args, **_kwargs):
        raise AssertionError("searched for a second solution")

    monkeypatch.setattr(deduce.engine.backtrack, "first_solutions", no_search)
    known = Solver(profile="deduce").solve(g.puzzle, solution=g.solution)
    assert (known.status, known.steps, known.solution) == (plain.status, plain.steps, plain.solution)
    again = Rater().rate(g.puzzle, solution=g.solution)
    fields = ("status", "er", "ep", "ed", "score", "level", "hardest")
    assert [getattr(again, f) for f in fields] == [getattr(rating, f) for f in fields]
    assert rating.status == "solved" and rating.level == "Medium"


def test_the_judges_path_is_the_ratings_and_the_er_solve_waits(monkeypatch):
    """The judge follows HoDoKu's own path (as the rating does) and the
    rating takes it instead of solving again; the ER solve, which a level
    target does not need, is made when the record's rating is first read:
    the same rating as :func:`deduce.rate`'s."""
    from deduce.generate.record import PendingRating

    [g] = deduce.generate(level="hard", seed=5)
    assert isinstance(g._rating, PendingRating) and g._rating.er is None
    path = HodokuSolver().solve(g.puzzle).steps
    assert (g.score, g.level) == (sum(s.technique.hodoku for s in path), "Hard")   # (known, not rated yet)
    assert g.techniques == tuple(dict.fromkeys(s.technique.code for s in path))
    fields = ("status", "er", "ep", "ed", "score", "level", "hardest", "backtracking")
    rating = deduce.rate(g.puzzle)
    assert [getattr(g.rating, f) for f in fields] == [getattr(rating, f) for f in fields]
    assert not isinstance(g._rating, PendingRating) and g.to_json()["er"] == rating.er
    # the rating's HoDoKu solve is the path given (never solved again), the ER solve its own
    import deduce.rating.hodoku as hodoku

    def no_solve(*_args, **_kwargs):
        raise AssertionError("HoDoKu's path solved again")

    taken = Rater().rate(g.puzzle, solution=g.solution, paths={"hodoku": path})
    monkeypatch.setattr(hodoku.HodokuSolver, "iter_solve", no_solve)
    again = Rater().rate(g.puzzle, solution=g.solution, paths={"hodoku": path})
    assert [getattr(again, f) for f in fields] == [getattr(taken, f) for f in fields] == \
        [getattr(rating, f) for f in fields]
    with pytest.raises(ValueError, match="solution"):
        Rater().rate(g.puzzle, paths={"hodoku": path})
    # an ER target needs the ER solve: rated at once
    [e] = deduce.generate(er="2-4", seed=5)
    assert not isinstance(e._rating, PendingRating) and 2 <= e.er <= 4


def test_records_and_json():
    [g] = deduce.generate(size=4, seed=9)
    doc = g.to_json()
    assert set(doc) >= {"schema", "index", "seed", "puzzle", "document", "solution", "er", "ep", "ed", "score",
                        "level", "techniques", "seconds"}
    assert (doc["seed"], doc["index"], doc["puzzle"]) == (9, 0, g.puzzle.givens_string())
    assert deduce.read_puzzle(__import__("json").dumps(doc["document"])).givens == g.puzzle.givens
    assert doc["solution"] == g.solution_string and doc["techniques"] == list(g.techniques)


def test_the_same_puzzle_whatever_came_before():
    """Puzzle k depends on the seed and k only: a resumed run goes on with the same puzzles."""
    run = list(deduce.generate(size=6, seed=21, count=3))
    rest = list(deduce.generate(size=6, seed=21, count=3, start=1))
    assert [g.puzzle.givens for g in rest] == [g.puzzle.givens for g in run[1:]]


@pytest.mark.parametrize("kwargs, message", [
    ({"er": "5-4"}, "--er 5-4: the minimum is above the maximum"),
    ({"size": 4, "techniques": "x-wing"}, "X-wing needs a grid of at least 6x6"),
    ({"kind": "killer", "symmetry": "half-turn"}, "a killer has no givens"),
    ({"er": "9.8-10", "level": "hard"}, "above what the technique set reaches"),
    ({"level": "easy", "techniques": "xy-wing"}, "XY-wing is Hard, above the level asked"),
    ({"techniques": "np", "exclude": "np"}, "also excluded"),
    ({"size": 7}, "has no box shape"),
    ({"givens": 12}, "needs at least 17 givens"),
    ({"first": True}, "--first needs --technique"),
    ({"techniques": "no-such"}, "unknown technique"),
    ({"kind": "latin", "size": 12}, "3x3 to 10x10"),
    ({"box": "2x2"}, "do not tile"),
    ({"size": 4, "level": "extreme"}, "at most Medium"),
    ({"techniques": "cage-combo"}, "need cages"),
])
def test_bad_requests_are_refused_up_front(kwargs, message):
    with pytest.raises(GenerateError, match=message.replace("+", r"\+")) as info:
        deduce.generate(**kwargs)
    assert "\n" not in str(info.value)


def test_timeout_ends_with_what_was_found():
    got = []
    with pytest.raises(GenerateTimeout) as info:
        for g in deduce.generate(level="extreme", count=10_000, seed=1, timeout=1.5):
            got.append(g)
    assert info.value.found == len(got)


def test_levels_are_the_hodoku_levels():
    assert [x.lower() for x in LEVELS] == ["easy", "medium", "hard", "unfair", "extreme"]


@pytest.mark.fuzz
@MANY
@given(seed=seeds, size=st.sampled_from([4, 6, 8, 9]), symmetry=st.sampled_from(
    ["none", "rotational", "quarter-turn", "diagonal", "anti-diagonal", "mirror"]), minimal=st.booleans())
def test_classic_fuzz(seed, size, symmetry, minimal):
    kwargs = {"size": size, "symmetry": symmetry, "minimal": minimal}
    for g in same(kwargs, seed):
        check(g, **kwargs)


@pytest.mark.fuzz
@MANY
@given(seed=seeds, kind=st.sampled_from(["jigsaw", "latin", "killer"]), size=st.sampled_from([4, 6, 8, 9]))
def test_other_kinds_fuzz(seed, kind, size):
    kwargs = {"kind": kind, "size": size}
    for g in same(kwargs, seed, 1):
        check(g, **kwargs)
