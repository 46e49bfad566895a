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
* an action in a scenario where a card from data that marks no Tera, Ancient, Future, ... Pokémon (`unmarked_tags`,
  TCGdex) meets a card whose text tells such Pokémon apart ("for each of your Ancient Pokémon in play");
* an action whose own effect takes a Prize card ("take a Prize card", a random `move` from the face-down Prize cards
  into the hand) while a player has face-up Prize cards (one of those could be taken);
* playing a card that needs a fitting card in the hand ("a Pokémon in your hand": a `hand` condition with a `filter`)
  while the state leaves some cards of the player's hand unnamed;
* an action whose own effect picks attached Energy by the type it provides ("discard 2 {L} Energy from this
  Pokémon") while an Energy whose provision depends on its holder (`provides_if`) is attached in play: a filter
  reads the printed type.
A card with unsupported text elsewhere (hand, deck, discard pile, Prizes) is only a card of its kind,
stage, HP and types, which the state needs, and does not stop a verdict.
"""
from __future__ import annotations

import weakref
from typing import Optional

from ..read.errors import UnsupportedError
from .library import attacks_of, named
from ..read.model import PLAYERS, Scenario
from .vocabulary import UNMARKED_TAGS, Choose, Effect, Filter, Flip, May, Prim, Target, prims_of


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


# (library id, path, action, Stadium, per player: Pokémon in play, the player's named lasting effects (`_working_text`
# reads them) and the names in each pile) -> (a weak reference to
# the library, whether it refuses): all
# that `refusal` reads of a scenario (the counts of cards are not read). The states of a table or a generated run
# differ mostly in counts, so most of them find their answer here. Bounded: a full memo starts again.
_REFUSAL_MEMO: dict = {}
_REFUSAL_MEMO_MAX = 1 << 14


def _refusal_key(scn: Scenario) -> tuple:
    sides = []
    for player in PLAYERS:
        ps = scn.state.side(player)
        sides.append((ps.active, ps.bench, ps.effects, tuple(c.name for c in ps.hand), tuple(c.name for c in ps.deck),
                      tuple(c.name for c in ps.discard), tuple(c.name for c in ps.lost_zone),
                      tuple(p.name for p in ps.prizes)))
    return (id(scn.library), scn.path, scn.action, scn.state.stadium, *sides)


def refusal(scn: Scenario) -> Optional[UnsupportedError]:
    """The refusal for this scenario's action, or None when every text it needs is expressed (`_REFUSAL_MEMO`:
    once per library, action, Pokémon in play and card names in the piles)."""
    key = _refusal_key(scn)
    hit = _REFUSAL_MEMO.get(key)
    if hit is not None and hit[0]() is scn.library and not hit[1]:
        return None
    found = _refusal(scn)     # a refusal is made anew each time: an error object is raised, never shared
    if len(_REFUSAL_MEMO) >= _REFUSAL_MEMO_MAX:
        _REFUSAL_MEMO.clear()
    _REFUSAL_MEMO[key] = (weakref.ref(scn.library), found is not None)
    return found


def _refusal(scn: Scenario) -> Optional[UnsupportedError]:
    """`refusal`, worked out."""
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
        for mon in _in_play(ps):
            keys = [mon.card] + ([mon.tool] if mon.tool else []) + [e.name for e in mon.energy if e.name]
            for key in keys:
                sentence = _own(lib.get(key), in_play=True)
                if sentence:
                    return refuse(key, sentence)
    if scn.state.stadium is not None:
        sentence = _own(lib.get(scn.state.stadium.card), in_play=True)
        if sentence:
            return refuse(scn.state.stadium.card, sentence)
    if action.kind == "play" and action.card and any(c.kind == "hand_cards" for e in _action_items(scn)
                                                     for c in e.conditions) \
            and any(entry.name is None for entry in me.hand):
        # "a Pokémon in your hand" (Tyme): whether a card the state does not name fits would be a guess
        return refuse(action.card, "the card needs a fitting card in the hand, and the state leaves some cards of the "
                                   "hand unnamed")
    takes = [p for e in _action_items(scn) for p in prims_of(e) if p.op == "move" and p.get("from") == "prizes"
             and p.get("to") == "hand" and p.get("random")]
    if takes and any(prize.face_up for player in PLAYERS for prize in scn.state.side(player).prizes):
        # "take a Prize card": a face-up Prize card could be the one taken, which the step (a face-down card, taken
        # without looking) does not say
        return refuse(action.card or action.name or "the action", "it takes a Prize card, and a player has face-up "
                                                                   "Prize cards: which one is taken is not said")
    switching = _switching_energy(scn) if _typed_energy_filter(_action_items(scn)) else None
    if switching is not None:
        return refuse(switching, "its provided type depends on its holder, and the action picks attached Energy "
                                 "by the type it provides")
    tested = _tested_unmarked_tags(_working_text(scn))
    for key in _scenario_cards(scn):
        unknown = [t for t in lib.get(key).unmarked_tags if t in tested]
        if unknown:
            return refuse(key, f"its card data does not say whether it is {_words(unknown)} Pokémon, which the "
                               f"action or a card in play tells apart")
    tera = _unmarked_tera_hit(scn)
    if tera is not None:
        return refuse(tera, "its card data does not say whether it is a Tera Pokémon, whose rule prevents all damage "
                            "attacks do to it on the Bench (DMG5), and the attack can damage it there")
    ignoring = _tera_rule_ignored(scn)
    if ignoring is not None:
        return refuse(ignoring, "the attack's damage isn't affected by any effects on the Pokémon it damages, and "
                                "whether that includes the rule of a Benched Tera Pokémon (DMG5) is not settled here")
    return None


_TAG_NAMES = {"tera": "Tera", "ancient": "Ancient", "future": "Future", "rapid_strike": "Rapid Strike",
              "single_strike": "Single Strike", "fusion_strike": "Fusion Strike", "tag_team": "TAG TEAM",
              "ultra_beast": "Ultra Beast", "prism_star": "Prism Star"}


def _words(tags: list) -> str:
    """"a Tera", "an Ancient or Future": the tags as the refusal names them, with the article."""
    names = [_TAG_NAMES[t] for t in tags]
    words = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return ("an " if words[0] in "AEIOU" else "a ") + words


def _used_attack(scn: Scenario):
    """The attack the action uses (None: not an attack, or none of that name)."""
    me = scn.state.me
    if scn.action.kind != "attack" or me.active is None:
        return None
    return named([a for a, _ in attacks_of(scn.library, me.active)], scn.action.name)


def _bench_damage_sides(attack) -> set:
    """The sides (me: the attacker's, opp) whose Benched Pokémon a damage step of the attack can hit: a `damage` step
    whose target is not the Active Pokémon only (a labelled step's target can be any Pokémon)."""
    sides: set = set()
    for effect in (attack.effect, Effect(items=tuple(attack.before_damage))):
        for prim in prims_of(effect):
            target = prim.get("target") if prim.op == "damage" else None
            if not isinstance(target, Target):
                continue
            if target.ref is not None or target.ref_benched is not None:
                sides |= {"me", "opp"}
            elif target.where != "active":
                sides |= {"me", "opp"} if target.side == "any" else {target.side}
    return sides


def _moved_actives(attack) -> set:
    """The sides whose Active Pokémon the attack's text can send to the Bench before damage is done: a gust (the
    opponent's), a switch (its player's; either side if that is not one player)."""
    sides: set = set()
    for effect in (attack.effect, Effect(items=tuple(attack.before_damage))):
        for prim in prims_of(effect):
            if prim.op == "gust":
                sides.add("opp")
            elif prim.op == "switch":
                sides |= {prim.player} if prim.player in PLAYERS else set(PLAYERS)
    return sides


def _bench_candidates(scn: Scenario, sides: set, moved: set) -> list:
    """The cards of the Pokémon in play on those sides that may be on the Bench when the attack does damage."""
    out: list = []
    for player in PLAYERS:
        if player not in sides:
            continue
        ps = scn.state.side(player)
        out += [mon.card for mon in ([ps.active] if player in moved and ps.active is not None else []) + list(ps.bench)]
    return out


def _unmarked_tera_hit(scn: Scenario) -> Optional[str]:
    """A pool Pokémon whose data may lack the `tera` tag (`unmarked_tags`), in play where the attack used can damage it
    on the Bench: whether DMG5 prevents that damage is unknown (never a silent guess)."""
    attack = _used_attack(scn)
    if attack is None:
        return None
    sides = _bench_damage_sides(attack)
    return next((k for k in _bench_candidates(scn, sides, _moved_actives(attack))
                 if "tera" in scn.library.get(k).unmarked_tags), None)


def _tera_rule_ignored(scn: Scenario) -> Optional[str]:
    """A Tera Pokémon in play where the attack used can damage it on the Bench, when the attack's damage "isn't
    affected by any effects on those Pokémon" (`ignores: target_effects`)."""
    attack = _used_attack(scn)
    if attack is None or "target_effects" not in (attack.ignores or ()):
        return None
    sides = _bench_damage_sides(attack)
    return next((k for k in _bench_candidates(scn, sides, _moved_actives(attack))
                 if "tera" in scn.library.get(k).tags), None)


def _scenario_cards(scn: Scenario) -> list:
    """Every card the scenario names: the action's, the Stadium, and each zone of both players (in play with what is
    attached and under it, hand, deck, discard pile, Lost Zone, Prizes)."""
    out: list = []
    if scn.action.card:
        out.append(scn.action.card)
    if scn.state.stadium is not None:
        out.append(scn.state.stadium.card)
    for player in PLAYERS:
        ps = scn.state.side(player)
        for mon in _in_play(ps):
            out += [mon.card, *mon.evolved_from] + ([mon.tool] if mon.tool else []) + [e.name for e in mon.energy]
        for pile in (ps.hand, ps.deck, ps.discard, ps.lost_zone):
            out += [c.name for c in pile]
        out += [p.name for p in ps.prizes]
    return sorted({k for k in out if k})


def _working_text(scn: Scenario) -> list:
    """What can take effect during the action: the action's own text (the Trainer played or Energy attached with its
    rules, the attack used, the Ability declared, the card benched or evolved into with its Abilities) and the
    passive text in play (Abilities of the Pokémon in play, Tools, attached Energy, the Stadium)."""
    lib, action, me = scn.library, scn.action, scn.state.me
    out: list = []
    if action.card:
        card = lib.get(action.card)
        out += [card.effect, card.passive, card.only_attach_to, card.trigger_filter, card.abilities, card.play_as]
    if action.kind == "attack" and me.active is not None:
        out.append(named([a for a, _ in attacks_of(lib, me.active)], action.name))
    if action.kind == "ability" and action.pokemon:
        for mon in _in_play(me):
            out.append(named(lib.get(mon.card).abilities, action.name))
    for player in PLAYERS:
        ps = scn.state.side(player)
        for mon in _in_play(ps):
            out += [a.passive for a in lib.get(mon.card).abilities]
            out += [lib.get(k).passive for k in ([mon.tool] if mon.tool else []) + [e.name for e in mon.energy if e.name]]
    if scn.state.stadium is not None:
        stadium = lib.get(scn.state.stadium.card)
        out += [stadium.passive, stadium.effect if action.kind == "use_stadium" else None, stadium.bench_trigger,
                stadium.evolve_trigger]
    named_effects = {name for player in PLAYERS for name in scn.state.side(player).effects} | {
        name for player in PLAYERS for mon in _in_play(scn.state.side(player)) for name in mon.effects}
    if named_effects:
        # the lasting effects the state names, as the card data defines them (their `attacker` / `against` filters:
        # Snow Mirage's "attacks from Pokémon that have an Ability", Iron Defender's "your {M} Pokémon")
        out += [d for name, d in _lasting_effects(lib).items() if name in named_effects]
    return out


def _in_play(ps) -> list:
    """A player's Pokémon in play: the Active Pokémon, then the Bench."""
    return ([ps.active] if ps.active is not None else []) + list(ps.bench)


def _lasting_effects(lib) -> dict:
    """Every `modifier` step of the library's cards by its name, as a tuple of the steps so named (read once per
    library: `memo`)."""
    def build() -> dict:
        found: dict = {}
        for card in lib.modifier_cards():
            for eff in [card.effect] + [a.effect for a in card.attacks] + [a.effect for a in card.abilities]:
                for prim in prims_of(eff):
                    if prim.op == "modifier":
                        found[prim.get("name")] = found.get(prim.get("name"), ()) + (prim,)
        return found
    return lib.memo(("unsupported", "lasting effects"), build)


# id(value) -> (value, its tested UNMARKED_TAGS): the values are the library's card parts, the same objects for
# every scenario that names the card (the library reads each card once), so the many states of a table or a
# generated run walk each of them once. The value is kept with its result, so its id is never reused while the entry
# lives; a full memo starts again.
_TESTED_MEMO: dict = {}
_TESTED_MEMO_MAX = 1 << 16


def _tested_unmarked_tags(values: list) -> set:
    """The UNMARKED_TAGS a filter of these fields is on ("Draw a card for each of your Ancient Pokémon in play",
    "the Tera Pokémon this card is attached to", "Search your deck for up to 3 Basic Rapid Strike Pokémon");
    each field's own set is read once (`_TESTED_MEMO`)."""
    found: set = set()
    for value in values:
        if not _lasting(value):
            found |= _tested_in(value)
            continue
        hit = _TESTED_MEMO.get(id(value))
        if hit is None or hit[0] is not value:
            if len(_TESTED_MEMO) >= _TESTED_MEMO_MAX:
                _TESTED_MEMO.clear()
            hit = _TESTED_MEMO[id(value)] = (value, frozenset(_tested_in(value)))
        found |= hit[1]
    return found


def _lasting(value) -> bool:
    """A value the memo may hold: None, a tuple, or a frozen dataclass (a card part; never a list made for one call)."""
    params = getattr(type(value), "__dataclass_params__", None)
    return value is None or type(value) is tuple or (params is not None and params.frozen)


def _tested_in(values) -> set:
    """`_tested_unmarked_tags` of one field, walked."""
    found: set = set()

    def walk(value) -> None:
        if isinstance(value, Filter):
            for alt in value.alternatives:
                for a, v in alt:
                    if a in ("tag", "not_tag"):
                        found.update(set(v if isinstance(v, tuple) else (v,)) & set(UNMARKED_TAGS))
        elif isinstance(value, (tuple, list)):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif hasattr(value, "__dataclass_fields__"):
            for f in value.__dataclass_fields__:
                walk(getattr(value, f))
    walk(values)
    return found


def _action_items(scn: Scenario) -> list:
    """The effect items of the action's own text: the Trainer played, the attack used, the Ability declared."""
    lib, action, me = scn.library, scn.action, scn.state.me
    out: list = []
    if action.kind == "play" and action.card:
        out.append(lib.get(action.card).effect)
    elif action.kind == "attack" and me.active is not None:
        attack = named([a for a, _ in attacks_of(lib, me.active)], action.name)
        if attack is not None:
            out += [attack.effect, Effect(items=tuple(attack.before_damage))]
    elif action.kind == "ability" and action.pokemon:
        for mon in _in_play(me):
            ability = named(lib.get(mon.card).abilities, action.name)
            if ability is not None:
                out.append(ability.effect)
    return [e for e in out if e is not None]


def _typed_energy_filter(effects: list) -> bool:
    """A step of these effects picks attached Energy by a provided type (`{kind: energy, type: T}`): "discard a {R}
    Energy from this Pokémon", "move a {M} Energy from 1 of your Pokémon ...", a target "that has at least 1 {P} Energy
    attached", "flip a coin for each {M} Energy attached to this Pokémon"."""
    def typed(flt) -> bool:
        return isinstance(flt, Filter) and any(("kind", "energy") in alt and any(a == "type" for a, _ in alt)
                                               for alt in flt.alternatives)

    def walk(items) -> bool:
        for it in items:
            if isinstance(it, Prim):
                if it.op in ("discard_attached", "move_attached") and typed(it.get("filter")):
                    return True
                if any(isinstance(v, Target) and v.attached is not None and typed(v.attached[0]) for _, v in it.args):
                    return True
            elif isinstance(it, May):
                if walk(it.items) or walk(it.if_you_do):
                    return True
            elif isinstance(it, Choose):
                if any(walk(option) for option in it.options):
                    return True
            elif isinstance(it, Flip):
                if typed(it.per_attached) or walk(it.heads) or walk(it.tails) or walk(it.all_heads) or \
                        walk(it.each_heads):
                    return True
        return False

    for effect in effects:
        parts = [effect.cost, effect.items, effect.then] + \
            ([effect.extra.cost, effect.extra.items] if effect.extra is not None else [])
        if any(walk(part) for part in parts):
            return True
    return False


def _switching_energy(scn: Scenario) -> Optional[str]:
    """An Energy card attached to a Pokémon in play whose provision changes with its holder (`provides_if`: Prism
    Energy, Neo Upper Energy, Reversal Energy): a filter reads the type a card prints (cards.library attributes),
    not the one it provides on that holder, so such a step could pick wrongly -- never a silent guess."""
    lib = scn.library
    for player in PLAYERS:
        ps = scn.state.side(player)
        for mon in _in_play(ps):
            for e in mon.energy:
                if e.name and any(p.provides_if is not None for p in lib.get(e.name).passive):
                    return e.name
    return None
