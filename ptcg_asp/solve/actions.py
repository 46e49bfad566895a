"""`actions: {}`: every action the acting player could take in the state, each judged by the encodings.

The candidates come from the state (each card in hand, each Energy attachment and evolution per
Pokémon, each retreat, each declared Ability, each attack); each is compiled and solved like a
scenario of its own, so the verdict and its reasons come from the same principles.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Optional

from .compiler import compile_scenario
from ..read.errors import InputError, UnsupportedError
from ..read.model import Action, Scenario
from ..cards.library import abilities_of, attacks_of
from .session import Session
from .verdict import Reason


@dataclass
class Judged:
    line: str          # e.g. "attach Basic Fire Energy -> bench.0"
    legal: bool
    reasons: list      # Reason objects (why it is legal, or why not)
    complete: bool = True
    unsupported: str = ""   # the refusal when the action needs unexpressed card text: not judged
    decided: bool = True   # False: not judged (the time limit was reached first)
    action: Optional[Action] = field(default=None, compare=False)   # the candidate (for wording it in a language)

    @property
    def word(self) -> str:
        """legal, illegal or unknown (not judged), as every verdict is spelled."""
        if self.unsupported:
            return "unsupported"
        return "unknown" if not self.decided else ("legal" if self.legal else "illegal")


def positions(scn: Scenario) -> list:
    me = scn.state.me
    return (["active"] if me.active is not None else []) + [f"bench.{i}" for i in range(len(me.bench))]


def candidates(scn: Scenario) -> list:
    """(line, Action) for every action worth judging in the state, in a stable order."""
    library = scn.library
    me = scn.state.me
    out: list = []
    places = positions(scn)
    for key in sorted({e.name for e in me.hand if e.name is not None}):
        card = library.get(key)
        name = card.name
        if card.kind in ("item", "supporter", "stadium"):   # a fossil too: played as an Item, onto the Bench
            out.append((f"play {name}", Action("play", card=key)))
        elif card.kind == "pokemon" and card.stage == "basic":
            out.append((f"bench {name}", Action("bench", card=key)))
        elif card.kind == "tool":
            out.extend((f"play {name} -> {p}", Action("play", card=key, to=p)) for p in places)
        elif card.kind in ("basic_energy", "special_energy"):
            out.extend((f"attach {name} -> {p}", Action("attach", card=key, to=p)) for p in places)
        elif card.kind == "pokemon":
            out.extend((f"evolve {p} -> {name}", Action("evolve", card=key, onto=p)) for p in places)
    for i in range(len(me.bench)):
        out.append((f"retreat -> bench.{i}", Action("retreat", to=f"bench.{i}")))
    for p in places:
        mon = me.active if p == "active" else me.bench[int(p.split(".")[1])]
        for ability, _ in abilities_of(library, mon):   # its own, then an attached Tool's (Seal Stones)
            if ability.kind == "activated":
                out.append((f"ability {ability.name} ({p})", Action("ability", pokemon=p, name=ability.name)))
    if me.active is not None:
        for attack, _ in attacks_of(library, me.active):
            out.append((f"attack {attack.name}", Action("attack", name=attack.name)))
    stadium = scn.state.stadium
    if stadium is not None and library.get(stadium.card).effect is not None:
        # Either player's Stadium: "Once during each player's turn, that player may ..." (TU1 limits it).
        out.append((f"use_stadium {library.get(stadium.card).name}", Action("use_stadium", card=stadium.card)))
    return out


def judge_all(scn: Scenario, session: Session) -> list:
    """Every candidate action with its verdict, all solved on one grounding (`Session.analyse_batch`);
    the session's timeout bounds the whole listing, not each action."""
    judged: dict = {}
    todo = []   # (index, line, problem)
    listed = candidates(scn)
    for i, (line, action) in enumerate(listed):
        variant = replace(scn, action=replace(action, where=scn.action.where))
        try:
            todo.append((i, line, compile_scenario(variant)))
        except UnsupportedError as exc:
            judged[i] = Judged(line, False, [Reason("-", f"unsupported: {exc.card}: '{exc.sentence}'")],
                               unsupported=f"unsupported: {exc.card}: '{exc.sentence}'", action=action)
        except InputError as exc:
            judged[i] = Judged(line, False, [Reason("-", f"not resolved: {exc.expected}; {exc.got}")],
                               action=action)
    verdicts = session.analyse_batch([p for _, _, p in todo], shared_budget=True)
    for (i, line, _), verdict in zip(todo, verdicts):
        action = listed[i][1]
        if not verdict.complete and not verdict.legal and not verdict.reasons and verdict.limit == "timeout":
            judged[i] = Judged(line, False, [Reason("-", "not judged: the time limit was reached")], False,
                               decided=False, action=action)
        else:
            judged[i] = Judged(line, verdict.legal, verdict.reasons, verdict.complete, decided=verdict.decided,
                               action=action)
    return [judged[i] for i in range(len(listed))]
