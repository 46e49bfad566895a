"""The Bench limit of a player in a given state (SU1; docs/vocabulary.md PASSIVE `bench_size`).

The encodings derive the limit at every time of an action (`encodings/state.lp` `bench_max`); this module reads the
same rule on a starting state, for what must be known before solving: whether a state's Benched Pokémon are more than
its limit allows (the loader's and the table's input error), and whether the `bench` action has a free slot for the
new Pokémon (the compiler). Up to 5 Benched Pokémon; a Stadium in play with `bench_size` entries gives each player
(who has a Pokémon in play whose card fits the entry's `if_in_play` filter, as printed) the entry's number; with
several, the smallest ("If more than one effect changes the number of Benched Pokémon allowed, use the smaller number").
"""
from __future__ import annotations

from typing import Optional, Sequence

from .vocabulary import NUMERIC, Filter
from ..read.model import MAX_BENCH

__all__ = ["bench_limit"]


def _fits(attrs: set, flt: Filter) -> Optional[bool]:
    """Whether a card with these (attribute, value) pairs fits the filter as printed; None: a bound on a number."""
    for alt in flt.alternatives:
        ok = True
        for attr, value in alt:
            values = value if isinstance(value, tuple) else (value,)
            if attr in NUMERIC:
                return None
            if attr.startswith("not_"):
                ok = ok and not any((attr[4:], v) in attrs for v in values)
            else:
                ok = ok and any((attr, v) in attrs for v in values)
        if ok:
            return True
    return False


def _unmarked(card, flt: Filter) -> bool:
    """The card's data may lack a tag the filter tests (`unmarked_tags`: a pool Pokémon ex that may be a Tera Pokémon):
    it may fit, so the larger limit is allowed here (an action with it in the scenario gets no verdict,
    cards/unsupported.py)."""
    tags = {v for alt in flt.alternatives for a, value in alt if a in ("tag", "not_tag")
            for v in (value if isinstance(value, tuple) else (value,))}
    unmarked = getattr(card, "unmarked_tags", ()) or ()
    return bool(tags) and (unmarked is True or bool(tags & set(unmarked)))


def bench_limit(library, stadium: Optional[str], in_play: Sequence[str]) -> int:
    """The most Pokémon a player whose Pokémon in play have these cards can have on the Bench while `stadium` (a card
    name, or None) is in play (SU1, `bench_size`). A condition with a bound on a number counts as met (the larger
    limit: the encodings read it exactly)."""
    if stadium is None:
        return MAX_BENCH
    limits = []
    for p in library.get(stadium).passive:
        if p.bench_size is None:
            continue
        n, cond = p.bench_size
        if cond is not None and not any(_fits(set(library.get(c).attributes()), cond) is not False
                                        or _unmarked(library.get(c), cond) for c in in_play):
            continue
        limits.append(n)
    return min(limits) if limits else MAX_BENCH
