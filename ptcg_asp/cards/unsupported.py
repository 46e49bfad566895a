"""Never a silent guess: refuse an action whose outcome depends on card text the vocabulary does not
express (a card, attack or Ability with `unsupported` sentences). docs/errors.md, exit status 5.

What is refused (conservatively):
* the action's own text: playing a Trainer, attaching a Special Energy, using an Ability or an
  attack, putting a Pokémon onto the Bench or evolving into one whose Abilities are unsupported
  (they may trigger on it); an effect that evolves (Rare Candy) while a Pokémon in the hand or
  deck that it could evolve into has unsupported Abilities ("when you play this Pokémon from your
  hand to evolve" triggers on Rare Candy too);
* any action while a card in play (either side) has unsupported text: a Pokémon's Abilities, a Tool,
  an attached Energy, the Stadium; its passive could change any verdict, so none is given. Not an
  untranslated Ability whose opening says it is activated (it does nothing until declared: only the
  `ability` action using it is refused) or triggered on playing its card from the hand (it does
  something only then: the `bench` / `evolve` action of that card, and Rare Candy, are refused).
A card with unsupported text elsewhere (hand, deck, discard pile, Prizes) is only a card of its kind,
stage, HP and types, which the state needs, and does not stop a verdict.
"""
from __future__ import annotations

from typing import Optional

from ..read.errors import UnsupportedError
from .library import attacks_of, named
from ..read.model import PLAYERS, Scenario
from .vocabulary import prims_of


def _own(card, in_play: bool = False) -> Optional[str]:
    """The first unsupported sentence of a card's own text or of its Abilities (`in_play`: what
    matters while it is in play; `unsupported_scope: from_hand` sentences do not)."""
    if card.unsupported and not (in_play and card.unsupported_scope == "from_hand"):
        return card.unsupported[0]
    for ability in card.abilities:
        if ability.unsupported and not (in_play and _idle_in_play(ability)):
            return ability.unsupported[0]
    return None


def _idle_in_play(ability) -> bool:
    """An Ability that does nothing while its Pokémon merely is in play: an activated one (until declared) or one
    triggered by playing its card from the hand (abilities.opening)."""
    return ability.kind == "activated" or (ability.kind == "triggered"
                                             and ability.trigger in ("evolve_from_hand", "bench_from_hand"))


def refusal(scn: Scenario) -> Optional[UnsupportedError]:
    """The refusal for this scenario's action, or None when every text it needs is expressed."""
    lib, action = scn.library, scn.action
    line = action.where.line if action.where else None

    def refuse(key: str, sentence: str) -> UnsupportedError:
        return UnsupportedError(scn.path, key, sentence, line)

    me = scn.state.me
    if action.kind in ("play", "attach", "bench", "evolve") and action.card:
        card = lib.get(action.card)
        sentence = _own(card)
        if sentence:
            return refuse(card.key, sentence)
    if action.kind == "ability" and action.pokemon:
        holder = me.active if action.pokemon == "active" else None
        if holder is None and action.pokemon.startswith("bench."):
            i = int(action.pokemon.split(".")[1])
            holder = me.bench[i] if i < len(me.bench) else None
        if holder is not None:
            card = lib.get(holder.card)
            ability = named(card.abilities, action.name)
            if ability is not None and (ability.unsupported or card.unsupported):
                return refuse(card.key, (ability.unsupported or card.unsupported)[0])
    effect = None
    if action.kind == "play" and action.card:
        effect = lib.get(action.card).effect
    if any(p.op == "evolve" for p in prims_of(effect)):
        for entry in tuple(me.hand) + tuple(me.deck):
            if entry.name and lib.get(entry.name).is_pokemon:
                sentence = _own(lib.get(entry.name))
                if sentence:
                    return refuse(entry.name, sentence)
    if action.kind == "attack" and me.active is not None:
        usable = attacks_of(lib, me.active)
        attack = named([a for a, _ in usable], action.name)
        if attack is not None and attack.unsupported:
            return refuse(next(key for a, key in usable if a is attack), attack.unsupported[0])
    for player in PLAYERS:
        ps = scn.state.side(player)
        for mon in ([ps.active] if ps.active is not None else []) + list(ps.bench):
            keys = [mon.card] + ([mon.tool] if mon.tool else []) + [e.name for e in mon.energy if e.name]
            for key in keys:
                sentence = _own(lib.get(key), in_play=True)
                if sentence:
                    return refuse(key, sentence)
    if scn.state.stadium is not None:
        sentence = _own(lib.get(scn.state.stadium.card), in_play=True)
        if sentence:
            return refuse(scn.state.stadium.card, sentence)
    return None
