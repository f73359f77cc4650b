"""deduce's built-in technique library.

One module per family; each strategy is a small class implementing
:class:`deduce.strategy.Strategy`.  :func:`builtin_strategies` is the
entry point registered under ``deduce.strategies``.
"""

from __future__ import annotations

from deduce.strategy import Strategy


def builtin_strategies() -> list[Strategy]:
    """One instance of every built-in strategy (the registry orders them)."""
    from .als import AlsChain, AlsXYWing, AlsXZ, SueDeCoq
    from .cages import CageCombinations, CageSingle
    from .chains import Chains, RemotePair, XYChain
    from .colouring import MultiColours, SimpleColours
    from .direct import Direct
    from .fish import Fish
    from .forcing import ForcingChains
    from .single_digit import EmptyRectangle, TurbotFish
    from .uniqueness import AvoidableRectangle, BugPlusOne, BugType, HiddenRectangle, UniqueLoop, UniqueRectangle
    from .wings import WWing, WXYZWing, XYWing, XYZWing
    from .innies_outies import InniesOuties
    from .intersections import LockedCandidates
    from .leftovers import LawOfLeftovers
    from .singles import FullHouse, HiddenSingle, NakedSingle
    from .subsets import HiddenSubset, LockedSubset, NakedSubset

    return [
        FullHouse(), HiddenSingle(), NakedSingle(),
        Direct("pointing"), Direct("claiming"), Direct(2), Direct(3),
        LockedCandidates("pointing"), LockedCandidates("claiming"),
        LockedSubset(2), LockedSubset(3), NakedSubset(2), HiddenSubset(2), NakedSubset(3), HiddenSubset(3), NakedSubset(4), HiddenSubset(4),
        LawOfLeftovers(),
        CageSingle(), CageCombinations("combinations"), CageCombinations("pointing"),
        InniesOuties("single"), InniesOuties("multi"),
        *(Fish(n, kind) for n in (2, 3, 4) for kind in ("basic", "finned", "sashimi")),
        Fish(2, "basic", "franken"), Fish(3, "basic", "franken"),
        Fish(2, "finned", "franken"), Fish(3, "finned", "franken"),
        Fish(4, "basic", "franken"), Fish(4, "finned", "franken"),
        *(Fish(n, kind, "mutant") for n in (2, 3, 4) for kind in ("basic", "finned")),
        TurbotFish("skyscraper"), TurbotFish("kite"), TurbotFish("turbot"), EmptyRectangle(),
        SimpleColours("trap"), SimpleColours("wrap"), MultiColours(1), MultiColours(2),
        XYWing(), XYZWing(), WWing(), WXYZWing(4),
        *(UniqueRectangle(k) for k in (1, 2, 3, 4, 5, 6)), BugPlusOne(),
        HiddenRectangle(), AvoidableRectangle(1), AvoidableRectangle(2), *(UniqueLoop(k) for k in (1, 2, 4, 3)), BugType(2), BugType(3), BugType(4),
        RemotePair(), XYChain(), SueDeCoq(), AlsXZ(), AlsXYWing(), AlsChain(),
        *(Chains(kind) for kind in ("x-chain", "aic", "grouped-aic")),
        *(ForcingChains(kind) for kind in ("nishio", "cell-region", "dynamic", "dynamic+", "nested")),
    ]
