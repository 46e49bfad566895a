"""The effect vocabulary (docs/vocabulary.md): parse and validate EFFECT/ITEM/PRIM nodes.

Parsing turns YAML nodes into typed, immutable objects; every error names the file, the line
and the field. Nothing here decides a ruling: the encodings do.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional, Union

from ..read.errors import InputError
from ..read.model import MAX_BENCH_SIZE, TYPES
from ..read.yamlsrc import (Node, YList, YMap, YScalar, check_keys, describe, is_null, want_bool,
                            want_int, want_list, want_map, want_str)

KINDS = ("pokemon", "item", "tool", "supporter", "stadium", "basic_energy", "special_energy")
FILTER_KINDS = KINDS + ("trainer", "energy")
STAGES = ("basic", "stage1", "stage2", "vmax", "vstar", "evolution")
TAGS = ("ace_spec", "tag_team", "prism_star", "radiant", "fossil", "ex", "v", "gx", "vmax",
        "vstar", "tera", "ultra_beast", "rapid_strike", "single_strike", "fusion_strike",
        "galarian", "baby", "shining", "star", "lv_x", "mega", "pokemon_ex", "future", "ancient")
# Tags the TCGdex card data never marks (docs/importing.md): a pool card from it lists those its era can have in
# `unmarked_tags` (Tera Pokémon, each a Pokémon ex, and Ancient and Future Pokémon are Scarlet & Violet prints, marks
# G-J; Rapid, Single and Fusion Strike are Sword & Shield's, D-F; TAG TEAM, Ultra Beast and Prism Star Sun & Moon's).
UNMARKED_TAGS = ("tera", "ancient", "future", "rapid_strike", "single_strike", "fusion_strike", "tag_team",
                 "ultra_beast", "prism_star")
SPECIAL_CONDITIONS = ("asleep", "confused", "paralyzed", "poisoned", "burned")
PILES = ("hand", "deck", "discard", "lost_zone", "prizes", "looked", "stadium")
WHO = ("me", "opp", "each")
COVERS = ("benched_basic", "bench", "hand", "player", "self", "deck_discard")
SOURCES = ("supporter", "item", "trainer", "ability", "attack", "tool", "stadium")
NUMERIC = ("hp_max", "hp_min", "retreat_max", "retreat_min")  # numeric filter bounds (inclusive)
ITEM_MODIFIERS = ("player", "label", "if_done", "when", "unless", "if_possible")
COUNT_PER = ("prizes_left", "benched", "opponent_hand")  # counts computed from the state
# "This Pokémon" conditions of an attack or Ability (seed 001 刚出场 and 状态/事实): it came into play
# this turn (put into play, evolved or devolved), it was damaged by an attack during the opponent's last
# turn, it has no Special Condition, it moved from the Bench to the Active Spot this turn.
SELF_FACTS = ("new_this_turn", "damaged_last_turn", "no_special_conditions", "moved_to_active", "no_damage", "active",
              "benched")
# "This Pokémon" conditions with an argument: {evolved_from: NAME} it evolved from a card named NAME during
# this turn (Evolving Flare); {damage_min: N} it has at least N damage on it (Desperate Slap).
SELF_ARGS = ("evolved_from", "damage_min", "energy", "attached", "condition")
# {energy: {min: N, type: T}}: at least N Energy (of type T) attached to it, each Energy a card provides counted ("if this
# Pokémon has any {R} Energy attached"); {attached: tool | special_energy}: a card of that kind attached to it.
# Conditions a single step may be guarded by (`when:` / `unless:`): facts about "this Pokémon" or the last turn,
# and counts on the state when the step is reached (Prize cards left, cards in hand, Pokémon in play that fit).
STEP_CONDITIONS = ("self", "knocked_out_last_turn", "prizes", "hand", "lost_zone", "in_play", "stadium", "going",
                   "turn", "defender", "hands", "energy_in_play")
# `energy_in_play` is counted on the state the card is played in: as a step guard it is read only where that is the
# state the step is reached in (Reader._energy_guards).
# Conditions on the Defending Pokémon (an attack's: the opponent's Active Pokémon when the attack is used):
# {damage_min: N} it has at least N damage on it ("already has any damage counters on it"); {condition: C | any}
# it has that Special Condition ("is Poisoned"), or any ("is affected by a Special Condition").
DEFENDER_ARGS = ("damage_min", "condition")
# Conditions on a count of the state at a time: a player's Prize cards left, the cards in their hand (the card
# being played is not counted), their Pokémon in play that fit a filter.
COUNTED = ("prizes", "hand", "lost_zone")   # counted conditions: Prize cards left, cards in hand / in the Lost Zone

# The keys of a PASSIVE entry (one per list item), and the fields every general passive takes (Reach).
PASSIVE_KEYS = ("protect", "damage_bonus", "damage_reduction", "when_damaged", "no_abilities", "is_types", "endure",
                "lock", "prevent_damage", "no_weakness", "halve_damage", "hand_face_up", "damage_change", "hp_change",
                "retreat_change", "cost_change", "prize_change", "provides_if", "no_tool_effects", "checkup_change",
                "no_special_conditions", "prevent_counters", "when_knocked_out", "no_healing", "discard_at_end_of_turn",
                "returns_after_attack",
                "no_attack", "use_attacks", "use_abilities", "end_of_turn", "no_retreat",
                "early_evolution", "no_knock_out_abilities", "attack_despite", "evolve_when_played", "bench_size")
REACH_KEYS = ("scope", "holder", "holder_condition", "holder_hp_left_max", "holder_energy", "holder_no_energy",
              "holder_energy_type", "holder_attached", "reached", "while",
              "if", "once_each")
#: the passive kinds whose whole content is a REACH (one fact each, solve/passives.py).
_REACH_PASSIVES = ("no_healing", "no_attack", "no_retreat", "early_evolution")


def name_key(text: str) -> str:
    """A name or a part of one as `name_contains` compares it: trimmed, typographic apostrophes as '."""
    return text.replace("\u2019", "'").strip()


def name_parts(obj, attrs: tuple = ("name_has", "not_name_has")) -> set:
    """Every `name_contains` part (or the values of other `attrs`) in the filters of a vocabulary object (a card,
    an effect, ...), however nested."""
    found: set = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, Filter):
            found.update(v for alt in x.alternatives for a, v in alt if a in attrs)
        elif isinstance(x, (tuple, list)):
            stack.extend(x)
        elif hasattr(x, "__dataclass_fields__"):
            stack.extend(getattr(x, f) for f in x.__dataclass_fields__)
    return found


@dataclass(frozen=True)
class Filter:
    """Alternatives (OR) of conjunctions of (attribute, value) conditions; () = any card."""

    alternatives: tuple[tuple[tuple[str, str], ...], ...] = ((),)


@dataclass(frozen=True)
class Target:
    side: str = "me"          # me, opp, or any (either player's Pokémon)
    where: str = "any"
    filter: Filter = Filter()
    ref: Optional[str] = None
    ref_benched: Optional[str] = None
    damaged: bool = False     # only a Pokémon with damage on it
    hp_left_above: Optional[int] = None  # only a Pokémon with more HP left than this
    hp_left_max: Optional[int] = None    # only a Pokémon with at most this much HP left ("30 HP or less remaining")
    attached: Optional[tuple] = None     # (Filter, min): only a Pokémon with at least min attached cards that fit
    after: Optional[str] = None  # another Pokémon than the labelled step's, listed once (multisets)
    each: bool = False        # every fitting Pokémon, no choice ("to each of your opponent's Benched Pokémon")


@dataclass(frozen=True)
class Prim:
    """One primitive. `op` is the vocabulary name; `args` its validated fields."""

    op: str
    player: str = "me"
    label: Optional[str] = None
    if_done: Optional[str] = None  # T2 on one step: carried out only if the labelled step did something
    if_done_filter: Optional["Filter"] = None  # ... and moved a card that fits this filter ("if you discarded a Trainer")
    if_done_onto: Optional[str] = None  # ... and attached a card to a Pokémon there ("If you attached Energy to your Active Pokémon")
    if_done_either: bool = False   # ... the labelled "each player" step did something for either player
    args: tuple = ()               # sorted (key, value) pairs, values immutable
    when: tuple = ()               # (("prizes_left", 6),) or (("condition", Condition),): carried out only if this holds at the start
    unless: tuple = ()             # the same, negated
    if_possible: bool = False      # done as far as it can be: never blocks, still counts as a change
    line: int = 0

    def get(self, key: str, default=None):
        for k, v in self.args:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class May:
    items: tuple
    if_you_do: tuple = ()


@dataclass(frozen=True)
class Choose:
    low: int
    high: int
    options: tuple  # tuple of item tuples
    by: str = "me"  # who chooses: `opp` -- the opponent answers ("Ask your opponent if ... If yes, A. If no, B.")


@dataclass(frozen=True)
class Flip:
    heads: tuple
    tails: tuple
    coins: int = 1
    per_attached: Optional["Filter"] = None  # one coin for each card attached to this Pokémon that fits (Heavy Metal)
    all_heads: tuple = ()  # steps carried out only if every one of the coins is heads ("If both of them are heads")
    until_tails: bool = False  # "Flip a coin until you get tails": its heads are counted by an attack's damage_times
    # ... "For each heads, STEP": the steps done once for each heads, on the Pokémon the first heads' step chose
    each_heads: tuple = ()


Item = Union[Prim, May, Choose, Flip]


@dataclass(frozen=True)
class Extra:
    cost: tuple
    items: tuple
    linked: bool


@dataclass(frozen=True)
class Condition:
    """A printed condition on the game state.

    kind `in_play`: between low and high of a side's Pokémon in play fit the filter;
    kind `turn`: `value` first / not_first (the player's first turn);
    kind `prizes_remaining`: `value` more / fewer (than the opponent's);
    kind `hands`: `value` same / more / fewer: the player's hand against the opponent's, in cards;
    kind `self`: `value` one of SELF_FACTS, about the Pokémon whose attack or Ability it is, or one of
    SELF_ARGS with its argument in `filter` (evolved_from: the name) or `low` (damage_min: the damage);
    kind `knocked_out_last_turn`: one of the player's Pokémon that fits `filter` was Knocked Out by
    damage from an opponent's attack during the opponent's last turn (a fact, seed 001);
    kind `prizes` / `hand` / `lost_zone`: `side`'s Prize cards left / cards in hand / cards in the Lost Zone are
    between low and high;
    kind `going`: `value` first / second (the acting player went first or second);
    kind `played`: `value` supporter (the acting player has played a Supporter card this turn), or card (a card that
    fits `filter` is in the acting player's `played_this_turn`);
    kind `energy_in_play`: `side`'s Pokémon in play have at least `low` Energy of type `value` (or any) attached;
    kind `defender`: about the Defending Pokémon (an attack's), `value` damage_min (at least `low` damage on it) or
    condition (it has the Special Condition named in `side`, or any: `any`);
    kind `in_play` as a step guard (`timed`): counted on the state when the step is reached.
    """

    kind: str = "in_play"
    side: str = "me"
    filter: Filter = Filter()
    low: int = 0
    high: int = 6
    value: str = ""
    where: str = "any"   # in_play: the Pokémon counted are anywhere in play, Active, or on the Bench
    damaged: bool = False  # in_play: only Pokémon with damage counters on them are counted
    condition: str = ""    # in_play (a card's condition only): only Pokémon with this Special Condition (`any`: some)
    timed: bool = False  # an in_play condition guarding one step: judged when the step is reached


@dataclass(frozen=True)
class Effect:
    first_turn_allowed: bool = False  # "If you go first, you may use this card during your first turn" (lifts TU2)
    conditions: tuple = ()
    cost: tuple = ()
    items: tuple = ()
    then: tuple = ()
    extra: Optional[Extra] = None
    # "At the end of this turn, [if C,] B": steps done when the turn ends -- read and shown, never carried out here
    # (no action of this version is the end of a turn), so they are not among the effect's steps (prims_of)
    end_of_turn: tuple = ()


@dataclass(frozen=True)
class Protect:
    source: str
    covers: tuple
    while_: str
    holder: "Filter" = None       # only while the holder's top card fits ("the Water Pokémon this card is attached to")


@dataclass(frozen=True)
class Reach:
    """Which Pokémon a passive works on (docs/vocabulary.md PASSIVE, common fields).

    scope `holder`: the Pokémon the card is attached to, or whose Ability it is; `in_play`: each Pokémon in play
    (both players'; a Stadium, or an Ability "each Pokémon in play"); `active`: each Active Pokémon (while the
    holder is where `while_` says); `mine`: each Pokémon in play of the holder's player (an Ability's "your
    Pokémon"), once for each holder of the entry's card that works; `theirs`: likewise the holder's opponent's. Every affected Pokémon must fit `holder`, have the Special Condition
    `condition` (if any), and have at most `hp_left_max` HP left (if any); `if_` is a CONDITION as under EFFECT.
    """

    scope: str = "holder"
    holder: Filter = Filter()
    condition: Optional[str] = None
    hp_left_max: Optional[int] = None
    energy: bool = False          # only a Pokémon with any Energy attached ("Each Pokémon that has any Energy attached")
    no_energy: bool = False       # only a Pokémon with no Energy attached ("If this Pokémon has no Energy attached")
    energy_type: Optional[tuple] = None   # only a Pokémon with an attached card that provides one of these types of Energy
    attached: Optional[Filter] = None     # only a Pokémon with an attached card that fits ("has a Pokémon Tool attached")
    reached: Optional[str] = None  # scope mine / theirs: only the Pokémon reached that are there (active, bench)
    while_: str = "in_play"
    if_: Optional["Condition"] = None
    once_each: bool = False       # applies once to a Pokémon however many copies are attached (V Guard Energy)


@dataclass(frozen=True)
class DamageChange:
    """DMG1 step 2 (`attacker`: the holder's attacks, to the opponent's Active Pokémon) or step 5 (`defender`:
    damage attacks do to the holder) changes by `amount` (signed), or `prevent` (DMG4). `other` filters the
    Defending (attacker step) or Attacking (defender step) Pokémon; `from_` opp/any: whose attacks (defender step);
    `discard`: the card is discarded after it applies (a one-shot Berry)."""

    amount: Union[int, str]
    step: str
    reach: Reach = Reach()
    other: Filter = Filter()
    from_: str = "opp"
    discard: bool = False
    per: Optional[object] = None   # the amount is for each of these (`prizes_taken`, `opponent_benched`, ("discard", Filter))
    to: str = "active"   # attacker step: the hits it changes, on the opponent's Active Pokémon, Benched Pokémon or any
    coin: bool = False   # prevent only: a coin is flipped for each hit that would damage the holder; heads prevents it


@dataclass(frozen=True)
class Reaction:
    """When the Active holder is damaged by an attack from the opponent's Pokémon (ATK3): `counters` damage
    counters on the Attacking Pokémon, or its player draws `draw` cards, or the Attacking Pokémon gets the
    Special Condition `condition`; `discard`: then this card is discarded."""

    counters: Optional[int] = None
    draw: Optional[int] = None
    condition: Optional[str] = None
    reach: Reach = Reach()
    discard: bool = False
    opp_discards: Optional[int] = None   # the Attacking Pokémon's player discards N cards of their choice from their hand
    bounce_energy: Optional[int] = None  # N Energy attached to the Attacking Pokémon go to its player's hand
    shift_energy: Optional[int] = None   # N Energy attached to the Attacking Pokémon move to one of its player's Benched
    other: Optional[Filter] = None       # only when the Attacking Pokémon fits ("an attack from your opponent's Pokémon ex")


@dataclass(frozen=True)
class Passive:
    protect: Optional[Protect] = None
    damage_change: Optional[DamageChange] = None  # damage_bonus / damage_reduction / prevent_damage are shorthands
    hp_change: Optional[tuple] = None            # (amount, Reach): "gets +100 HP"
    retreat_change: Optional[tuple] = None       # (amount or "none", Reach): "Retreat Cost is {C}{C} less"
    cost_change: Optional[tuple] = None          # (amount, type colorless/any, Reach, per): "attacks cost {C} less"
    prize_change: Optional[tuple] = None         # (amount, Reach, once_per_game, other): "that player takes 1 fewer Prize card"
    provides_if: Optional[tuple] = None          # (Filter, provides): a Special Energy's provision on a fitting holder
    no_tool_effects: bool = False                # a Stadium: Pokémon Tools attached to Pokémon have no effect
    tool_jam: Optional[tuple] = None             # (Reach, except Filter or None): Tools on the Pokémon reached have no effect
    reaction: Optional[Reaction] = None          # when_damaged: the Active holder's reaction to an attack's damage
    checkup_change: Optional[tuple] = None       # (condition, counters, Reach): "During Pokémon Checkup, put N more counters"
    no_special_conditions: Optional[Reach] = None  # the Pokémon reached recovers from and can't be affected by Special Conditions
    only_conditions: tuple = ()                  # ... only these ones (no_special_conditions `conditions`; empty: all)
    no_weakness_reach: Optional[Reach] = None    # the Pokémon reached has no Weakness (no_weakness with REACH fields)
    no_healing: Optional[Reach] = None           # the Pokémon reached can't be healed (Dyna Tree Hill)
    no_attack: Optional[Reach] = None            # the Pokémon reached can't attack (Slaking ex's Born to Slack, with `if`)
    attack_despite: Optional[tuple] = None       # (conditions, Reach): the Pokémon reached can attack while Asleep/Paralyzed
    no_retreat: Optional[Reach] = None           # the Pokémon reached can't retreat (Snorlax's Block)
    early_evolution: Optional[Reach] = None      # the Pokémon reached may evolve on its first turn / the turn it came
    evolve_when_played: Optional[tuple] = None   # (Reach, into Filter): the Pokémon reached may evolve, into a card that
                                                 # fits, the turn it was played (not its player's first turn; EV1)
    end_of_turn_discard: bool = False            # the card is discarded at the end of its player's turn (Ignition Energy)
    returns_after_attack: bool = False           # discarded by its holder's attack, it is attached back after it
    use_attacks: Optional[Reach] = None          # a Tool: its holder (that fits) can use the attacks on this card (TMs)
    use_abilities: Optional[Reach] = None        # a Tool: its holder (that fits) can use the Abilities on this card
    end_of_turn: Optional[tuple] = None          # (turn, heal/None, recover, discard None/always/if_healed, damage_min, hp_left_max, Reach, attach_from_discard kind/None)
    ko_reaction: Optional[tuple] = None          # (kind counters/draw_until, N, Reach): when_knocked_out
    ko_move: Optional[tuple] = None              # when_knocked_out move_energy: (Energy filter, to, up_to, may)
    ko_retreat: Optional[int] = None             # when_knocked_out: only if the holder's Retreat Cost is exactly N
    prevent_counters: Optional[tuple] = None     # (sources, Reach): no damage counters from the opponent's attacks / Abilities
    no_abilities: Optional[Filter] = None        # a Stadium: Pokémon in play that fit have no Abilities
    is_types: tuple = ()                         # the holder's type is these types (Kecleon's Colorful Body)
    endure: Optional[tuple] = None               # (min_damage, hp_left, full_hp, from, discard, Reach, coin): not Knocked Out (Focus Wall)
    lock: Optional[tuple] = None                 # (plays, players, while, stops_while): cards that can't be played
    no_weakness: bool = False                    # the holder's player's Pokémon in play have no Weakness (Blooming Garden)
    halve_damage: Optional[tuple] = None         # (stops_while,): damage by attacks to the holder is halved (Kabuto Armor)
    hand_face_up: Optional[tuple] = None         # (stops_while,): the holder's opponent plays with the hand face up
    no_knock_out_abilities: bool = False         # Pokémon in play lose the Abilities that Knock Out their own Pokémon
    bench_size: Optional[tuple] = None           # (N, Filter or None): a Stadium: each player (who has a Pokémon in play
                                                 # that fits the filter) can have up to N Pokémon on the Bench (SU1)


def prims_of(effect: Optional[Effect]):
    """Every primitive of an effect, in order, however deeply nested (costs, may, options, flips, extra)."""
    if effect is None:
        return

    def walk(items):
        for it in items:
            if isinstance(it, Prim):
                yield it
            elif isinstance(it, May):
                yield from walk(it.items)
                yield from walk(it.if_you_do)
            elif isinstance(it, Choose):
                for option in it.options:
                    yield from walk(option)
            elif isinstance(it, Flip):
                yield from walk(it.heads)
                yield from walk(it.tails)
                yield from walk(it.all_heads)
                yield from walk(it.each_heads)

    yield from walk(effect.cost)
    yield from walk(effect.items)
    yield from walk(effect.then)
    if effect.extra is not None:
        yield from walk(effect.extra.cost)
        yield from walk(effect.extra.items)


class Reader:
    """Reads vocabulary nodes of one file."""

    def __init__(self, path: str):
        self.path = path
        self.per_ok = False   # reading the steps of an attack with `damage_times` (a step's `per` counts with it)

    def per_count(self, m: YMap, where: str) -> bool:
        """A step's `per: true`: only in an attack that has `damage_times` (what it counts), else refused."""
        per = self.flag(m, "per", where)
        if per and not self.per_ok:
            raise InputError(self.path, m.line, f"{where}.per", "an attack step with the attack's damage_times",
                             "no damage_times")
        return per

    # ---- effects ---------------------------------------------------------------------------

    def effect(self, node: Node, where: str) -> Effect:
        if isinstance(node, YList):
            return Effect(items=self.items(node, f"{where}", top=True))
        m = want_map(node, self.path, where)
        check_keys(m, self.path, where, ("condition", "cost", "do", "then", "extra", "first_turn_allowed",
                                         "at_end_of_turn"))
        extra = None
        if m.get("extra") is not None:
            x = want_map(m.get("extra"), self.path, f"{where}.extra")
            check_keys(x, self.path, f"{where}.extra", ("cost", "do", "linked"), ("do", "linked"))
            extra = Extra(
                cost=self.prims(x.get("cost"), f"{where}.extra.cost") if x.get("cost") is not None else (),
                items=self.items(x.get("do"), f"{where}.extra.do"),
                linked=want_bool(x.get("linked"), self.path, f"{where}.extra.linked"),
            )
        conditions = ()
        if m.get("condition") is not None:
            conditions = tuple(self.condition(c, f"{where}.condition.{i}", card_condition=True) for i, c in
                               enumerate(want_list(m.get("condition"), self.path, f"{where}.condition").items))
        eff = Effect(
            first_turn_allowed=want_bool(m.get("first_turn_allowed"), self.path, f"{where}.first_turn_allowed")
            if m.get("first_turn_allowed") is not None else False,
            conditions=conditions,
            cost=self.prims(m.get("cost"), f"{where}.cost") if m.get("cost") is not None else (),
            items=self.items(m.get("do"), f"{where}.do", top=m.get("cost") is None) if m.get("do") is not None else (),
            then=self.items(m.get("then"), f"{where}.then") if m.get("then") is not None else (),
            extra=extra,
            end_of_turn=self.items(m.get("at_end_of_turn"), f"{where}.at_end_of_turn")
            if m.get("at_end_of_turn") is not None else (),
        )
        if not eff.items and not eff.cost and not eff.then and extra is None and not conditions \
                and not eff.first_turn_allowed:
            raise InputError(self.path, m.line, where, "at least one of cost, do, then, extra", "none")
        return eff

    def condition(self, node: Node, where: str, card_condition: bool = False) -> Condition:
        m = want_map(node, self.path, where)
        kinds = ("in_play", "turn", "prizes_remaining", "self", "knocked_out_last_turn", "going", "stadium",
                 "played", "defender", "energy_in_play", "hands") + COUNTED
        check_keys(m, self.path, where, kinds)
        if len(m.pairs) != 1:
            raise InputError(self.path, m.line, where, "exactly one of " + ", ".join(kinds),
                             ", ".join(m.keys()) or "none")
        counted = next((k for k in COUNTED if m.get(k) is not None), None)
        if counted is not None:
            # "if your opponent has 3 or fewer Prize cards remaining", "only when it is the last card in your hand"
            c = want_map(m.get(counted), self.path, f"{where}.{counted}")
            check_keys(c, self.path, f"{where}.{counted}", ("side", "min", "max", "filter") if counted == "hand"
                       else ("side", "min", "max"))
            top = 6 if counted == "prizes" else 60
            low = want_int(c.get("min"), self.path, f"{where}.{counted}.min", 0, top) if c.get("min") is not None else 0
            high = want_int(c.get("max"), self.path, f"{where}.{counted}.max", 0, top) \
                if c.get("max") is not None else top
            if low > high or (c.get("min") is None and c.get("max") is None):
                raise InputError(self.path, c.line, f"{where}.{counted}", "min and/or max, with min <= max",
                                 f"min {low}, max {high}" if low > high else "neither")
            side = self.choice(c.get("side"), f"{where}.{counted}.side", ("me", "opp")) if c.get("side") is not None \
                else "me"
            if c.get("filter") is not None:
                # "a Pokémon in your hand" (Tyme): only the cards of the player's own hand that fit are counted
                if side != "me":
                    raise InputError(self.path, c.key_line("filter"), f"{where}.hand.filter",
                                     "a filter on the player's own hand (side: me)", "side: opp")
                return Condition("hand_cards", side=side, low=low, high=high,
                                 filter=self.filter(c.get("filter"), f"{where}.hand.filter"))
            return Condition(counted, side=side, low=low, high=high)
        if m.get("stadium") is not None:
            # "if Community Center is in play": a Stadium in play (either player's) fits the filter; `side: me | opp`
            # in it: only that player's ("if you have a Stadium in play")
            st = m.get("stadium")
            side = "any"
            if isinstance(st, YMap) and st.get("side") is not None:
                side = self.choice(st.get("side"), f"{where}.stadium.side", ("me", "opp"))
                st = YMap([pr for pr in st.pairs if pr[0] != "side"], st.line)
            return Condition("stadium", side=side, filter=self.filter(st, f"{where}.stadium"))
        if m.get("played") is not None:
            if isinstance(m.get("played"), YMap):
                # "if you played Canari from your hand this turn": a card that fits, in the state's played_this_turn
                return Condition("played", value="card", filter=self.filter(m.get("played"), f"{where}.played"))
            # "if they played a Supporter card from their hand this turn" (Community Center)
            return Condition("played", value=self.choice(m.get("played"), f"{where}.played", ("supporter",)))
        if m.get("going") is not None:
            # "only if you go second" / "if you go first"
            return Condition("going", value=self.choice(m.get("going"), f"{where}.going", ("first", "second")))
        if m.get("energy_in_play") is not None:
            # "if you have at least 3 {D} Energy in play": the Energy a player's Pokémon in play have attached
            e = want_map(m.get("energy_in_play"), self.path, f"{where}.energy_in_play")
            # `max`: at most that many ("if none of your Pokémon have any Energy attached" is {max: 0})
            check_keys(e, self.path, f"{where}.energy_in_play", ("side", "type", "min", "max"))
            if e.get("min") is None and e.get("max") is None:
                raise InputError(self.path, e.line, f"{where}.energy_in_play", "min and/or max", "neither")
            low = want_int(e.get("min"), self.path, f"{where}.energy_in_play.min", 1, 60) if e.get("min") is not None \
                else 0
            high = want_int(e.get("max"), self.path, f"{where}.energy_in_play.max", 0, 60) \
                if e.get("max") is not None else 999
            if low > high:
                raise InputError(self.path, e.line, f"{where}.energy_in_play", "min <= max", f"{low} > {high}")
            return Condition("energy_in_play",
                             side=self.choice(e.get("side"), f"{where}.energy_in_play.side", ("me", "opp"))
                             if e.get("side") is not None else "me",
                             value=self.choice(e.get("type"), f"{where}.energy_in_play.type", TYPES)
                             if e.get("type") is not None else "any",
                             low=low, high=high)
        if m.get("defender") is not None:
            return self.defender_arg(want_map(m.get("defender"), self.path, f"{where}.defender"), f"{where}.defender")
        if m.get("self") is not None:
            node = m.get("self")
            if isinstance(node, YMap):
                return self.self_arg(node, f"{where}.self")
            return Condition("self", value=self.choice(node, f"{where}.self", SELF_FACTS))
        if m.get("knocked_out_last_turn") is not None:
            k = want_map(m.get("knocked_out_last_turn"), self.path, f"{where}.knocked_out_last_turn")
            check_keys(k, self.path, f"{where}.knocked_out_last_turn", ("filter", "by"))
            # by: attack (default) "Knocked Out by damage from an attack"; any: "were Knocked Out" (any cause)
            by = self.choice(k.get("by"), f"{where}.knocked_out_last_turn.by", ("attack", "any")) \
                if k.get("by") is not None else "attack"
            return Condition("knocked_out_last_turn", value="" if by == "attack" else "any",
                             filter=self.filter(k.get("filter"), f"{where}.knocked_out_last_turn.filter"))
        if m.get("turn") is not None:
            return Condition("turn", value=self.choice(m.get("turn"), f"{where}.turn", ("first", "not_first")))
        if m.get("hands") is not None:
            # "if you have the same number of cards in your hand as your opponent" / more / fewer cards than they have
            return Condition("hands", value=self.choice(m.get("hands"), f"{where}.hands", ("same", "more", "fewer")))
        if m.get("prizes_remaining") is not None:
            return Condition("prizes_remaining", value=self.choice(
                m.get("prizes_remaining"), f"{where}.prizes_remaining", ("more", "fewer")))
        c = want_map(m.get("in_play"), self.path, f"{where}.in_play")
        check_keys(c, self.path, f"{where}.in_play", ("side", "where", "filter", "min", "max", "damaged", "condition"))
        sc = ""
        if c.get("condition") is not None:
            # "only if your opponent's Active Pokémon is Poisoned": only Pokémon with that Special Condition (`any`:
            # some Special Condition) count; judged on the state the card is played in (A1), so only in a card's
            # own `condition` list (a step guard or a passive would need the Special Conditions at a later time)
            if not card_condition:
                raise InputError(self.path, c.line, f"{where}.in_play.condition",
                                 "a Special Condition only in an effect's `condition` list", "a step guard or passive")
            sc = self.choice(c.get("condition"), f"{where}.in_play.condition", SPECIAL_CONDITIONS + ("any",))
        low = want_int(c.get("min"), self.path, f"{where}.in_play.min", 0, 6) if c.get("min") is not None else 0
        high = want_int(c.get("max"), self.path, f"{where}.in_play.max", 0, 6) if c.get("max") is not None else 6
        if low > high:
            raise InputError(self.path, c.line, f"{where}.in_play", "min <= max", f"{low} > {high}")
        return Condition("in_play", self.choice(c.get("side"), f"{where}.in_play.side", ("me", "opp"))
                         if c.get("side") is not None else "me",
                         self.filter(c.get("filter"), f"{where}.in_play.filter"), low, high,
                         where=self.choice(c.get("where"), f"{where}.in_play.where", ("any", "active", "bench"))
                         if c.get("where") is not None else "any",
                         damaged=self.flag(c, "damaged", f"{where}.in_play"), condition=sc)

    def defender_arg(self, m: YMap, where: str) -> Condition:
        """{damage_min: N} or {condition: C | any}: a condition on the Defending Pokémon (an attack's)."""
        check_keys(m, self.path, where, DEFENDER_ARGS)
        if len(m.pairs) != 1:
            raise InputError(self.path, m.line, where, "exactly one of " + ", ".join(DEFENDER_ARGS),
                             ", ".join(m.keys()) or "none")
        if m.get("condition") is not None:
            return Condition("defender", value="condition",
                             side=self.choice(m.get("condition"), f"{where}.condition", SPECIAL_CONDITIONS + ("any",)))
        low = want_int(m.get("damage_min"), self.path, f"{where}.damage_min", 10, 990)
        if low % 10:
            raise InputError(self.path, m.get("damage_min").line, f"{where}.damage_min", "a multiple of 10", str(low))
        return Condition("defender", value="damage_min", low=low)

    def self_arg(self, m: YMap, where: str) -> Condition:
        """{evolved_from: NAME} or {damage_min: N}: a condition on "this Pokémon" with an argument."""
        check_keys(m, self.path, where, SELF_ARGS)
        if len(m.pairs) != 1:
            raise InputError(self.path, m.line, where, "exactly one of " + ", ".join(SELF_ARGS),
                             ", ".join(m.keys()) or "none")
        if m.get("energy") is not None:
            e = want_map(m.get("energy"), self.path, f"{where}.energy")
            check_keys(e, self.path, f"{where}.energy", ("min", "type"), ("min",))
            return Condition("self", value="energy_min",
                             low=want_int(e.get("min"), self.path, f"{where}.energy.min", 1, 60),
                             side=self.choice(e.get("type"), f"{where}.energy.type", TYPES)
                             if e.get("type") is not None else "any")
        if m.get("condition") is not None:
            # "if this Pokémon is Poisoned" / "... is affected by a Special Condition" (any)
            return Condition("self", value="condition",
                             side=self.choice(m.get("condition"), f"{where}.condition", SPECIAL_CONDITIONS + ("any",)))
        if m.get("attached") is not None:
            return Condition("self", value="attached_kind",
                             side=self.choice(m.get("attached"), f"{where}.attached", ("tool", "special_energy")))
        if m.get("evolved_from") is not None:
            name = want_str(m.get("evolved_from"), self.path, f"{where}.evolved_from").strip()
            if not name:
                raise InputError(self.path, m.line, f"{where}.evolved_from", "a Pokémon name", "an empty name")
            return Condition("self", value="evolved_from", filter=Filter(((("name", name),),)))
        low = want_int(m.get("damage_min"), self.path, f"{where}.damage_min", 10, 990)
        if low % 10:
            raise InputError(self.path, m.get("damage_min").line, f"{where}.damage_min", "a multiple of 10", str(low))
        return Condition("self", value="damage_min", low=low)

    def prims(self, node: Node, where: str) -> tuple:
        out = []
        for i, item in enumerate(want_list(node, self.path, where).items):
            p = self.item(item, f"{where}.{i}")
            # a cost moves cards: between piles (`move`), or off the Pokémon whose Ability or attack it is
            # (`discard_attached` on `{ref: self}`: "You must discard a Basic {L} Energy from this Pokémon in order to
            # use this Ability", A1)
            own = isinstance(p, Prim) and p.op == "discard_attached" and p.get("target") is not None \
                and p.get("target").ref == "self" and not p.get("up_to") and not p.get("spread") \
                and isinstance(p.get("count"), int)
            if not isinstance(p, Prim) or (p.op not in ("move",) and not own):
                raise InputError(self.path, item.line, f"{where}.{i}", "a `move` primitive (a cost moves cards), or "
                                 "`discard_attached` of a number of cards from `{ref: self}`", describe(item))
            out.append(p)
        return tuple(out)

    def items(self, node: Node, where: str, top: bool = False) -> tuple:
        lst = want_list(node, self.path, where)
        if not lst.items:
            raise InputError(self.path, lst.line, where, "a non-empty list of effect steps", "an empty list")
        out = tuple(self.item(item, f"{where}.{i}") for i, item in enumerate(lst.items))
        self._energy_guards(out, lst, where, top)
        return out

    def _energy_guards(self, items: tuple, lst: YList, where: str, top: bool) -> None:
        """A step guarded by `energy_in_play` ("If none of your Pokémon have any Energy attached, draw cards until you
        have 7 cards in your hand instead", Grusha): the condition is counted on the state the card is played in, so it
        is read only where no step can have run before the guarded one -- a step of a card's own `do` list (no cost)
        whose every earlier step carries the opposite guard on the same condition (`when: C` after `unless: C`)."""
        for i, it in enumerate(items):
            guards = [(pol, c) for pol, g in (("when", getattr(it, "when", ())), ("unless", getattr(it, "unless", ())))
                      for what, c in g if what == "condition" and c.kind == "energy_in_play"]
            if not guards:
                continue
            line = getattr(it, "line", None) or lst.line
            if not top:
                raise InputError(self.path, line, f"{where}.{i}", "an energy_in_play step guard only on a step of "
                                 "an effect's own do list with no cost", "a guard elsewhere")
            pol, cond = guards[0]
            if len(guards) != 1 or len(it.when) + len(it.unless) != 1:
                raise InputError(self.path, line, f"{where}.{i}", "an energy_in_play guard alone", "more guards")
            other = "unless" if pol == "when" else "when"
            for j in range(i):
                before = items[j]
                if not isinstance(before, Prim) or getattr(before, other) != (("condition", cond),):
                    raise InputError(self.path, line, f"{where}.{i}", f"every step before an energy_in_play guard "
                                     f"guarded `{other}` by the same condition (no step may run before it)",
                                     f"step {j} without it")

    def item(self, node: Node, where: str) -> Item:
        m = want_map(node, self.path, where)
        keys = [k for k in m.keys() if k not in ITEM_MODIFIERS and not (k == "if_you_do" and m.get("may") is not None)]
        if len(keys) != 1:
            raise InputError(self.path, m.line, where, "exactly one primitive or composition key "
                             "(with optional player/label)", ", ".join(m.keys()) or "none")
        key = keys[0]
        body = m.get(key)
        sub = f"{where}.{key}"
        if key == "may":
            check_keys(m, self.path, where, ("may", "if_you_do"))
            return May(self.items(body, sub),
                       self.items(m.get("if_you_do"), f"{where}.if_you_do") if m.get("if_you_do") is not None else ())
        if key == "if_you_do":
            raise InputError(self.path, m.line, where, "`if_you_do` next to a `may`", "a lone if_you_do")
        if key == "choose":
            # player/label/if_done/when/unless/if_possible belong on the primitives inside, never on the choice.
            check_keys(m, self.path, where, ("choose",))
            c = want_map(body, self.path, sub)
            check_keys(c, self.path, sub, ("min", "max", "options", "by"), ("options",))
            opts = want_list(c.get("options"), self.path, f"{sub}.options")
            options = tuple(self.items(o, f"{sub}.options.{i}") for i, o in enumerate(opts.items))
            low = want_int(c.get("min"), self.path, f"{sub}.min", 0, len(options)) if c.get("min") else 1
            high = want_int(c.get("max"), self.path, f"{sub}.max", 1, len(options)) if c.get("max") else 1
            if low > high or len(options) < 2:
                raise InputError(self.path, c.line, sub, "at least 2 options and min <= max", f"{len(options)} options")
            by = self.choice(c.get("by"), f"{sub}.by", ("me", "opp")) if c.get("by") is not None else "me"
            if by == "opp" and (low, high) != (1, 1):
                raise InputError(self.path, c.line, sub, "min 1 and max 1 with `by: opp` (the opponent picks one answer)",
                                 f"min {low}, max {high}")
            return Choose(low, high, options, by)
        if key == "flip":
            check_keys(m, self.path, where, ("flip",))  # modifiers go on the primitives inside (as for choose)
            f = want_map(body, self.path, sub)
            check_keys(f, self.path, sub, ("coins", "heads", "tails", "all_heads", "until", "each_heads"))
            if f.get("until") is not None and f.get("each_heads") is not None:
                # "Flip a coin until you get tails. For each heads, heal 40 damage from that Pokémon." (Sweet Honey):
                # one step done for each heads (structure.lp `chain_coin`)
                self.choice(f.get("until"), f"{sub}.until", ("tails",))
                if len(f.pairs) != 2:
                    raise InputError(self.path, f.line, sub, "`until: tails` with `each_heads` alone",
                                     ", ".join(f.keys()))
                steps = self.items(f.get("each_heads"), f"{sub}.each_heads")
                if len(steps) != 1 or not isinstance(steps[0], Prim) or steps[0].label or steps[0].if_done \
                        or steps[0].when or steps[0].unless or steps[0].if_possible \
                        or (isinstance(steps[0].get("target"), Target) and (steps[0].get("target").each or (
                            steps[0].op != "heal" and steps[0].get("target").ref is None
                            and steps[0].get("target").where != "active"))):
                    # a chosen Pokémon (the first heads' copy chooses it, the others follow) only for a heal, whose
                    # copies stop once it has no damage left (structure.lp chain_live)
                    raise InputError(self.path, f.line, f"{sub}.each_heads", "one primitive with no label, guard or "
                                     "`each` target, and a chosen Pokémon only for a heal (it is done once for each "
                                     "heads)", "something else")
                return Flip((), (), 0, None, (), True, steps)
            if f.get("until") is not None:
                # "Flip a coin until you get tails": as many coins as it takes, their heads counted by damage_times.
                self.choice(f.get("until"), f"{sub}.until", ("tails",))
                if len(f.pairs) != 1:
                    raise InputError(self.path, f.line, sub, "`until: tails` alone (its heads are counted by an attack's "
                                     "damage_times)", ", ".join(f.keys()))
                return Flip((), (), 0, None, (), True)
            heads = self.items(f.get("heads"), f"{sub}.heads") if f.get("heads") is not None else ()
            tails = self.items(f.get("tails"), f"{sub}.tails") if f.get("tails") is not None else ()
            if f.get("all_heads") is not None:
                # "Flip 2 coins. If both of them are heads, ...": the steps need every coin to be heads.
                if heads or tails or isinstance(f.get("coins"), YMap):
                    raise InputError(self.path, f.line, sub, "all_heads alone, with a number of coins",
                                     "heads/tails steps or coins per attached card")
                coins = want_int(f.get("coins"), self.path, f"{sub}.coins", 2, 10) if f.get("coins") is not None else 0
                if not coins:
                    raise InputError(self.path, f.line, f"{sub}.coins", "a number of coins (2 or more) with all_heads",
                                     "none")
                return Flip((), (), coins, None, self.items(f.get("all_heads"), f"{sub}.all_heads"))
            if isinstance(f.get("coins"), YMap):
                # "Flip a coin for each Metal Energy attached to this Pokémon": the number comes from the state.
                c = f.get("coins")
                check_keys(c, self.path, f"{sub}.coins", ("per_attached",), ("per_attached",))
                if heads or tails:
                    raise InputError(self.path, f.line, sub, "no heads/tails steps with coins per attached card "
                                     "(their heads are counted by an attack's damage_times)", "steps")
                per = self.filter(c.get("per_attached"), f"{sub}.coins.per_attached")
                if any(a.startswith("not_") or a in NUMERIC for alt in per.alternatives for a, _ in alt):
                    raise InputError(self.path, c.line, f"{sub}.coins.per_attached",
                                     "name, kind, stage, type, tag or has conditions", "a negated or numeric condition")
                return Flip((), (), 0, per)
            coins = want_int(f.get("coins"), self.path, f"{sub}.coins", 1, 10) if f.get("coins") is not None else 1
            if coins == 1 and not heads and not tails and f.get("coins") is None:
                raise InputError(self.path, f.line, sub, "heads or tails steps (or `coins: N`, whose heads an attack's "
                                 "damage_times counts)", "neither")
            if coins > 1 and (heads or tails):
                raise InputError(self.path, f.line, sub, "no heads/tails steps with several coins (their heads are "
                                 "counted by an attack's damage_times)", "steps")
            return Flip(heads, tails, coins)
        return self.prim(key, body, m, where)

    # ---- primitives ------------------------------------------------------------------------

    def prim(self, op: str, body: Node, outer: YMap, where: str) -> Prim:
        sub = f"{where}.{op}"
        player = "me"
        if outer.get("player") is not None:
            player = self.choice(outer.get("player"), f"{where}.player", WHO)
        label = want_str(outer.get("label"), self.path, f"{where}.label") if outer.get("label") is not None else None
        parse = _PRIMS.get(op)
        if parse is None:
            raise InputError(self.path, outer.key_line(op), where, "a primitive: " + ", ".join(sorted(_PRIMS))
                             + ", or may / choose / flip", f"the unknown key {op!r}")
        args = parse(self, body, sub)
        if_done, if_done_filter, if_done_onto, if_done_either = None, None, None, False
        if isinstance(outer.get("if_done"), YMap):
            # {step: LABEL, filter: FILTER}: only if the labelled step moved a card that fits (Baleful Wind).
            d = outer.get("if_done")
            check_keys(d, self.path, f"{where}.if_done", ("step", "filter", "onto", "either"), ("step",))
            # either: "If either player put any cards ... in this way" (Marnie, Iono): the labelled step is an "each
            # player" step, and B follows if either player's side of it did something.
            if_done_either = d.get("either") is not None and want_bool(d.get("either"), self.path,
                                                                         f"{where}.if_done.either")
            if d.get("filter") is None and d.get("onto") is None and not if_done_either:
                raise InputError(self.path, d.line, f"{where}.if_done", "a filter, onto or either: true (or a bare "
                                 "label)", "none of them")
            if if_done_either and (d.get("filter") is not None or d.get("onto") is not None):
                raise InputError(self.path, d.line, f"{where}.if_done", "either: true alone (with step)",
                                 "either with a filter or onto")
            if_done = want_str(d.get("step"), self.path, f"{where}.if_done.step")
            # onto: "If you attached Energy to your Active Pokémon in this way" (Janine's Secret Art).
            if_done_onto = self.choice(d.get("onto"), f"{where}.if_done.onto", ("active", "bench")) \
                if d.get("onto") is not None else None
            if_done_filter = self.filter(d.get("filter"), f"{where}.if_done.filter") if d.get("filter") is not None \
                else None
            if if_done_filter is not None and any(a.startswith("not_") or a in NUMERIC
                                                  for alt in if_done_filter.alternatives for a, _ in alt):
                raise InputError(self.path, d.line, f"{where}.if_done.filter",
                                 "name, kind, stage, type, tag or has conditions (no `not`, no numeric bounds)",
                                 "a negated or numeric condition")
        elif outer.get("if_done") is not None:
            if_done = want_str(outer.get("if_done"), self.path, f"{where}.if_done")
        when = self.guard(outer.get("when"), f"{where}.when") if outer.get("when") is not None else ()
        unless = self.guard(outer.get("unless"), f"{where}.unless") if outer.get("unless") is not None else ()
        if_possible = want_bool(outer.get("if_possible"), self.path, f"{where}.if_possible") \
            if outer.get("if_possible") is not None else False
        return Prim(op, player, label, if_done, if_done_filter, if_done_onto, if_done_either, tuple(sorted(args.items())),
                    when=when, unless=unless, if_possible=if_possible, line=outer.line)

    def guard(self, node: Node, where: str) -> tuple:
        """`when`/`unless` on a step: {prizes_left: N} (the step's player has exactly N Prize cards left), or a
        condition on "this Pokémon" or the last turn (`self: ...`, `knocked_out_last_turn: ...`, as under EFFECT);
        a list of conditions: all of them ("If you go second and it's your first turn": `[{going: second}, {turn:
        first}]`; `unless` a list: unless all of them hold)."""
        if isinstance(node, YList):
            if len(node.items) < 2:
                raise InputError(self.path, node.line, where, "a list of 2 or more conditions", "fewer")
            out = []
            for i, item in enumerate(node.items):
                one = self.guard(item, f"{where}.{i}")
                if one[0][0] != "condition":
                    raise InputError(self.path, item.line, f"{where}.{i}", "a condition (not prizes_left) in a list",
                                     "prizes_left")
                out.extend(one)
            return tuple(out)
        m = want_map(node, self.path, where)
        check_keys(m, self.path, where, ("prizes_left",) + STEP_CONDITIONS)
        if len(m.pairs) != 1:
            raise InputError(self.path, m.line, where, "exactly one of prizes_left, " + ", ".join(STEP_CONDITIONS),
                             ", ".join(m.keys()) or "none")
        if m.get("prizes_left") is None:
            cond = self.condition(m, where)
            if cond.kind == "in_play":
                cond = replace(cond, timed=True)
            return (("condition", cond),)
        return (("prizes_left", want_int(m.get("prizes_left"), self.path, f"{where}.prizes_left", 0, 6)),)

    def stops_while(self, node: YMap, where: str) -> tuple:
        """`stops_while: [CONDITION, ...]` of a passive: the Special Conditions that switch it off."""
        if node.get("stops_while") is None:
            return ()
        items = want_list(node.get("stops_while"), self.path, f"{where}.stops_while").items
        return tuple(self.choice(x, f"{where}.stops_while.{i}", SPECIAL_CONDITIONS) for i, x in enumerate(items))

    def choice(self, node: Node, where: str, allowed: tuple) -> str:
        value = want_str(node, self.path, where)
        if value not in allowed:
            raise InputError(self.path, node.line, where, "one of " + ", ".join(allowed), repr(value))
        return value

    def count(self, node: Optional[Node], where: str, words: tuple = ("all", "any")):
        if node is None:
            return 1
        if isinstance(node, YScalar) and not node.quoted and node.value in words:
            return node.value
        return want_int(node, self.path, where, 1, 60)

    def flag(self, m: YMap, key: str, where: str) -> bool:
        value = want_bool(m.get(key), self.path, f"{where}.{key}") if m.get(key) is not None else False
        if key == "up_to" and value and isinstance(m.get("count"), YScalar) and m.get("count").value in ("all", "any"):
            raise InputError(self.path, m.key_line("up_to"), f"{where}.up_to",
                             "`up_to` only with a number (\"up to all\" / \"up to any number\" mean nothing more)",
                             f"up_to with count {m.get('count').value}")
        return value

    def filter(self, node: Optional[Node], where: str) -> Filter:
        if node is None or is_null(node):
            return Filter()
        m = want_map(node, self.path, where)
        if m.get("any_of") is not None:
            check_keys(m, self.path, where, ("any_of",))
            alts = []
            for i, sub in enumerate(want_list(m.get("any_of"), self.path, f"{where}.any_of").items):
                alts.extend(self.filter(sub, f"{where}.any_of.{i}").alternatives)
            return Filter(tuple(alts))
        check_keys(m, self.path, where, ("name", "kind", "stage", "type", "tag", "has", "not", "evolves_from",
                                         "name_contains", "same_name_in_play") + NUMERIC)
        common: list = []
        names: list = []
        parts: list = []
        for key, _, value in m:
            if key == "name_contains":
                # "Team Rocket's Pokémon", "that has 'Ogerpon' in its name": a part of the card's name.
                parts = self._name_parts(value, f"{where}.name_contains")
            elif key == "same_name_in_play":
                # "a Pokémon with the same name as 1 of your opponent's Pokémon in play" (Love Ball).
                common.append(("name_in_play", self.choice(value, f"{where}.same_name_in_play", ("me", "opp"))))
            elif key == "evolves_from":
                # "cards that evolve from Eevee": the card's printed "evolves from" name (C3: names only).
                common.append(("evo_from", want_str(value, self.path, f"{where}.evolves_from").strip()))
            elif key == "name":
                names = [want_str(n, self.path, f"{where}.name").strip()
                         for n in (value.items if isinstance(value, YList) else [value])]
            elif key == "not":
                common.extend(self._negated(value, f"{where}.not"))
            elif key in NUMERIC:
                common.append((key, want_int(value, self.path, f"{where}.{key}", 0, 990)))
            else:
                common.extend(self._conds(key, value, where))
        if names and parts:
            raise InputError(self.path, m.line, where, "`name` or `name_contains`, not both", "both")
        if parts:
            # A list of name parts is a choice between them: one alternative per part.
            return Filter(tuple((("name_has", n),) + tuple(common) for n in parts))
        if not names:
            return Filter((tuple(common),))
        # A list of names is a choice between them: one alternative per name.
        return Filter(tuple((("name", n),) + tuple(common) for n in names))

    def _name_parts(self, value: Node, where: str) -> list:
        """`name_contains: STR` or a list of them: non-empty parts of a name (typographic apostrophes as ')."""
        out = []
        for n in (value.items if isinstance(value, YList) else [value]):
            part = name_key(want_str(n, self.path, where))
            if not part:
                raise InputError(self.path, n.line, where, "a non-empty part of a name", "an empty string")
            out.append(part)
        return out

    def _negated(self, node: Node, where: str) -> list:
        neg = want_map(node, self.path, where)
        check_keys(neg, self.path, where, ("name", "kind", "stage", "type", "tag", "has", "name_contains"))
        out = []
        for key, _, value in neg:
            if key == "name_contains":
                out.extend(("not_name_has", n) for n in self._name_parts(value, f"{where}.name_contains"))
            elif key == "name":
                out.extend(("not_name", want_str(n, self.path, f"{where}.name").strip())
                           for n in (value.items if isinstance(value, YList) else [value]))
            elif isinstance(value, YList):
                # `not: {tag: [v, gx]}`: none of these ("that isn't a Pokémon V or a Pokémon-GX")
                for i, item in enumerate(value.items):
                    out.extend(("not_" + k, v) for k, v in self._conds(key, item, f"{where}.{i}"))
            else:
                out.extend(("not_" + k, v) for k, v in self._conds(key, value, where))
        return out

    def _conds(self, key: str, value: Node, where: str) -> list:
        allowed = {"kind": FILTER_KINDS, "stage": STAGES, "type": TYPES, "tag": TAGS, "has": ("ability", "rule_box")}[key]
        return [(key, self.choice(value, f"{where}.{key}", allowed))]

    def target(self, node: Optional[Node], where: str, side: str = "me", place: str = "any",
               each_ok: bool = False) -> Target:
        if node is None:
            return Target(side=side, where=place)
        m = want_map(node, self.path, where)
        check_keys(m, self.path, where, ("side", "where", "filter", "ref", "ref_benched", "damaged", "after",
                                         "hp_left_above", "hp_left_max", "attached", "each"))
        each = self.flag(m, "each", where)
        if each and not each_ok:
            raise InputError(self.path, m.key_line("each"), f"{where}.each",
                             "`each` only in a `damage`, `damage_counters`, `heal` or `discard_attached` target", "each: true")
        if each and (m.get("ref") is not None or m.get("ref_benched") is not None or m.get("after") is not None):
            raise InputError(self.path, m.key_line("each"), f"{where}.each",
                             "`each` without ref, ref_benched or after (it hits every fitting Pokémon)", "each: true")
        if m.get("ref") is not None:
            return Target(ref=want_str(m.get("ref"), self.path, f"{where}.ref"))
        if m.get("ref_benched") is not None:
            return Target(ref_benched=want_str(m.get("ref_benched"), self.path, f"{where}.ref_benched"))
        return Target(
            side=self.choice(m.get("side"), f"{where}.side", ("me", "opp", "any")) if m.get("side") is not None else side,
            where=self.choice(m.get("where"), f"{where}.where", ("any", "active", "bench"))
            if m.get("where") is not None else place,
            filter=self.filter(m.get("filter"), f"{where}.filter"),
            damaged=self.flag(m, "damaged", where),
            after=want_str(m.get("after"), self.path, f"{where}.after") if m.get("after") is not None else None,
            hp_left_above=want_int(m.get("hp_left_above"), self.path, f"{where}.hp_left_above", 0, 990)
            if m.get("hp_left_above") is not None else None,
            hp_left_max=want_int(m.get("hp_left_max"), self.path, f"{where}.hp_left_max", 10, 990)
            if m.get("hp_left_max") is not None else None,
            attached=self._attached_bound(m.get("attached"), f"{where}.attached")
            if m.get("attached") is not None else None,
            each=each,
        )

    def _attached_bound(self, node: Node, where: str) -> tuple:
        """`attached: {filter: FILTER, min: N}`: "that has 3 or more Energy attached"."""
        a = want_map(node, self.path, where)
        check_keys(a, self.path, where, ("filter", "min"), ("min",))
        flt = self.filter(a.get("filter"), f"{where}.filter")
        if any(attr in NUMERIC for alt in flt.alternatives for attr, _ in alt):
            raise InputError(self.path, a.line, f"{where}.filter", "conditions on attached cards (no HP or Retreat bounds)",
                             "a numeric bound")
        return (flt, want_int(a.get("min"), self.path, f"{where}.min", 1, 60))

    def passive(self, node: Node, where: str) -> Passive:
        m = want_map(node, self.path, where)
        check_keys(m, self.path, where, PASSIVE_KEYS)
        if len(m.pairs) != 1:
            raise InputError(self.path, m.line, where, "exactly one passive entry per list item",
                             ", ".join(m.keys()) or "none")
        if m.get("is_types") is not None:
            types = want_list(m.get("is_types"), self.path, f"{where}.is_types")
            if not types.items:
                raise InputError(self.path, types.line, f"{where}.is_types", "at least one type", "an empty list")
            return Passive(is_types=tuple(self.choice(t, f"{where}.is_types.{i}", TYPES)
                                          for i, t in enumerate(types.items)))
        if m.get("no_weakness") is not None:
            # "Your Pokémon in play have no Weakness" (DMG2).
            nw = want_map(m.get("no_weakness"), self.path, f"{where}.no_weakness")
            if nw.get("side") is None:
                # The general form: "The Basic Pokémon this card is attached to has no Weakness" (REACH fields).
                check_keys(nw, self.path, f"{where}.no_weakness", REACH_KEYS)
                return Passive(no_weakness_reach=self.reach(nw, f"{where}.no_weakness"))
            check_keys(nw, self.path, f"{where}.no_weakness", ("side",), ("side",))
            self.choice(nw.get("side"), f"{where}.no_weakness.side", ("me",))
            return Passive(no_weakness=True)
        if m.get("no_knock_out_abilities") is not None:
            # Damp: "Pokémon in play (both yours and your opponent's) lose all Abilities that require those Pokémon to
            # be Knocked Out": an Ability whose effect Knocks Out its own Pokémon (`knock_out` on `{ref: self}`)
            # cannot be used while the holder is in play with its Abilities (X1).
            if not want_bool(m.get("no_knock_out_abilities"), self.path, f"{where}.no_knock_out_abilities"):
                raise InputError(self.path, m.line, f"{where}.no_knock_out_abilities", "true", "false")
            return Passive(no_knock_out_abilities=True)
        if m.get("hand_face_up") is not None:
            # "Your opponent plays with his or her hand face up" (Clairvoyance): the opponent's hand is a known zone.
            hu = want_map(m.get("hand_face_up"), self.path, f"{where}.hand_face_up")
            check_keys(hu, self.path, f"{where}.hand_face_up", ("player", "stops_while"), ("player",))
            self.choice(hu.get("player"), f"{where}.hand_face_up.player", ("opp",))
            stops = self.stops_while(hu, f"{where}.hand_face_up")
            return Passive(hand_face_up=(stops,))
        if m.get("halve_damage") is not None:
            # "that attack does half the damage to Kabuto (rounded down to the nearest 10)"; `stops_while` as for `lock`.
            hd = want_map(m.get("halve_damage"), self.path, f"{where}.halve_damage")
            check_keys(hd, self.path, f"{where}.halve_damage", ("stops_while",))
            stops = self.stops_while(hd, f"{where}.halve_damage")
            return Passive(halve_damage=(stops,))
        if m.get("prevent_damage") is not None:
            # Shorthand: "As long as Old Amber is on your Bench, prevent all damage done to Old Amber by attacks
            # (both yours and your opponent's)" = damage_change {amount: prevent, step: defender, from: any, while: W}.
            pd = want_map(m.get("prevent_damage"), self.path, f"{where}.prevent_damage")
            check_keys(pd, self.path, f"{where}.prevent_damage", ("while",), ("while",))
            w = self.choice(pd.get("while"), f"{where}.prevent_damage.while", ("bench", "active", "in_play"))
            return Passive(damage_change=DamageChange("prevent", "defender", Reach(while_=w), from_="any"))
        for key, reader in (("damage_change", self.damage_change), ("hp_change", self.hp_change),
                            ("checkup_change", self.checkup_change), ("no_special_conditions", self.no_conditions),
                            ("attack_despite", self.attack_despite),
                            ("prevent_counters", self.prevent_counters),
                            ("retreat_change", self.retreat_change), ("cost_change", self.cost_change),
                            ("prize_change", self.prize_change), ("provides_if", self.provides_if),
                            ("evolve_when_played", self.evolve_when_played)):
            if m.get(key) is not None:
                return reader(want_map(m.get(key), self.path, f"{where}.{key}"), f"{where}.{key}")
        if m.get("no_tool_effects") is not None:
            node = m.get("no_tool_effects")
            if isinstance(node, YMap) and node.pairs:
                # "[As long as the Pokémon this card is attached to is in the Active Spot,] Pokémon Tools attached to your
                # opponent's Active Pokémon have no effect, except for Tool Jammer." (X2): the Tools attached to each
                # Pokémon the REACH names (`scope: mine / theirs`, `reached`) have no effect, but those that fit `except`
                w = f"{where}.no_tool_effects"
                check_keys(node, self.path, w, REACH_KEYS + ("except",), ("scope",))
                body = YMap([pr for pr in node.pairs if pr[0] != "except"], node.line)
                reach = self.reach(body, w, scopes=("mine", "theirs"))
                exc = self.filter(node.get("except"), f"{w}.except") if node.get("except") is not None else None
                return Passive(tool_jam=(reach, exc))
            self.empty_map(node, f"{where}.no_tool_effects")
            return Passive(no_tool_effects=True)
        if m.get("bench_size") is not None:
            # SU1 (card text, Area Zero Underdepths: "Each player who has any Tera Pokémon in play can have up to 8
            # Pokémon on their Bench"; Collapsed Stadium: "Each player can't have more than 4 Benched Pokémon"): the
            # Bench limit of each player (who has a Pokémon in play that fits `if_in_play`) is `max`.
            b = want_map(m.get("bench_size"), self.path, f"{where}.bench_size")
            check_keys(b, self.path, f"{where}.bench_size", ("max", "if_in_play"), ("max",))
            n = want_int(b.get("max"), self.path, f"{where}.bench_size.max", 1, MAX_BENCH_SIZE)
            cond = self.filter(b.get("if_in_play"), f"{where}.bench_size.if_in_play") \
                if b.get("if_in_play") is not None else None
            return Passive(bench_size=(n, cond))
        if m.get("lock") is not None:
            # "Your opponent can't play any Trainer cards from his or her hand" / "No more Evolution cards can be played".
            k = want_map(m.get("lock"), self.path, f"{where}.lock")
            check_keys(k, self.path, f"{where}.lock", ("plays", "players", "while", "stops_while"), ("plays", "players"))
            stops = self.stops_while(k, f"{where}.lock")
            return Passive(lock=(self.choice(k.get("plays"), f"{where}.lock.plays",
                                             ("trainer", "evolution", "item", "tool", "supporter", "stadium")),
                                 self.choice(k.get("players"), f"{where}.lock.players", ("opp", "both")),
                                 self.choice(k.get("while"), f"{where}.lock.while", ("active", "in_play", "bench"))
                                 if k.get("while") is not None else "in_play",
                                 stops))
        if m.get("endure") is not None:
            # "If ... would be Knocked Out by damage from an attack (that does 70 or more damage), it is not Knocked Out,
            # and its remaining HP becomes 10" (Focus Wall; Survival Brace: "has full HP", "Then, discard this card").
            e = want_map(m.get("endure"), self.path, f"{where}.endure")
            check_keys(e, self.path, f"{where}.endure", ("min_damage", "hp_left", "full_hp", "from", "discard", "holder",
                                                          "coin"), ("hp_left",))
            low = self.tens(e.get("min_damage"), f"{where}.endure.min_damage") if e.get("min_damage") is not None else 10
            left = self.tens(e.get("hp_left"), f"{where}.endure.hp_left")
            flag = lambda k: want_bool(e.get(k), self.path, f"{where}.endure.{k}") if e.get(k) is not None else False
            return Passive(endure=(low, left, flag("full_hp"),
                                   self.choice(e.get("from"), f"{where}.endure.from", ("opp", "any"))
                                   if e.get("from") is not None else "any",
                                   flag("discard"), Reach(holder=self.filter(e.get("holder"), f"{where}.endure.holder")),
                                   # coin: "flip a coin. If heads, this Pokémon is not Knocked Out ..." (Tenacious Body)
                                   flag("coin")))
        if m.get("no_abilities") is not None:
            n = want_map(m.get("no_abilities"), self.path, f"{where}.no_abilities")
            check_keys(n, self.path, f"{where}.no_abilities", ("filter",))
            return Passive(no_abilities=self.filter(n.get("filter"), f"{where}.no_abilities.filter"))
        if m.get("returns_after_attack") is not None:
            # "If this card is discarded by an effect of an attack used by the Pokémon this card is attached to, attach
            # this card from your discard pile to that Pokémon after attacking." (Boomerang Energy; attack.lp)
            n = want_map(m.get("returns_after_attack"), self.path, f"{where}.returns_after_attack")
            check_keys(n, self.path, f"{where}.returns_after_attack", ())
            return Passive(returns_after_attack=True)
        if m.get("discard_at_end_of_turn") is not None:
            # "If this card is attached to 1 of your Pokémon, discard it at the end of your turn." (Ignition Energy)
            n = want_map(m.get("discard_at_end_of_turn"), self.path, f"{where}.discard_at_end_of_turn")
            check_keys(n, self.path, f"{where}.discard_at_end_of_turn", ())
            return Passive(end_of_turn_discard=True)
        if m.get("end_of_turn") is not None:
            # "At the end of your turn / each turn, if the Pokémon this card is attached to ..., heal N damage from it
            # [and discard this card] / it recovers from all of them" (Leftovers, Sitrus Berry, Lum Berry): applied in
            # the end-of-turn phase before the Pokémon Checkup (checkup.lp, seed 001).
            w = f"{where}.end_of_turn"
            n = want_map(m.get("end_of_turn"), self.path, w)
            check_keys(n, self.path, w, ("turn", "heal", "recover", "attach_from_discard", "discard",
                                         "discard_if_healed", "damage_min", "hp_left_max", "holder", "while"), ("turn",))
            heal = want_int(n.get("heal"), self.path, f"{w}.heal", 10, 990) if n.get("heal") is not None else None
            recover = want_bool(n.get("recover"), self.path, f"{w}.recover") if n.get("recover") is not None else False
            # "you may attach a Basic Energy card from your discard pile to it" (Powerglass): that kind of card
            attach = self.choice(n.get("attach_from_discard"), f"{w}.attach_from_discard", ("basic_energy",)) \
                if n.get("attach_from_discard") is not None else None
            if [heal is not None, recover, attach is not None].count(True) != 1:
                raise InputError(self.path, n.line, w, "exactly one of heal, recover, attach_from_discard",
                                 "several" if recover or heal is not None else "none")
            if attach is not None and n.get("discard") is not None:
                raise InputError(self.path, n.key_line("discard"), f"{w}.discard", "no discard with attach_from_discard",
                                 "discard")
            discard = "always" if n.get("discard") is not None and want_bool(n.get("discard"), self.path,
                                                                              f"{w}.discard") else None
            if n.get("discard_if_healed") is not None and want_bool(n.get("discard_if_healed"), self.path,
                                                                    f"{w}.discard_if_healed"):
                if discard or heal is None:
                    raise InputError(self.path, n.line, f"{w}.discard_if_healed", "a heal, and no discard", "discard")
                discard = "if_healed"
            return Passive(end_of_turn=(
                self.choice(n.get("turn"), f"{w}.turn", ("yours", "each")), heal, recover, discard,
                want_int(n.get("damage_min"), self.path, f"{w}.damage_min", 10, 990)
                if n.get("damage_min") is not None else None,
                want_int(n.get("hp_left_max"), self.path, f"{w}.hp_left_max", 10, 990)
                if n.get("hp_left_max") is not None else None,
                Reach(holder=self.filter(n.get("holder"), f"{w}.holder"),
                      while_=self.choice(n.get("while"), f"{w}.while", ("active", "bench")) if n.get("while") is not None
                      else "in_play"), attach))
        if m.get("use_attacks") is not None:
            # "The Pokémon this card is attached to can use the attack on this card." (Technical Machines): the card's
            # own `attacks` are attacks of its holder (compiler: the attack action, encodings/attack.lp ATK1).
            n = want_map(m.get("use_attacks"), self.path, f"{where}.use_attacks")
            check_keys(n, self.path, f"{where}.use_attacks", ("holder",))
            return Passive(use_attacks=Reach(holder=self.filter(n.get("holder"), f"{where}.use_attacks.holder")))
        if m.get("use_abilities") is not None:
            # "The Pokémon V this card is attached to can use the VSTAR Power on this card." (Seal Stones): the card's own
            # `abilities` are Abilities of its holder (compiler: the Ability action, encodings/elsewhere.lp X1).
            n = want_map(m.get("use_abilities"), self.path, f"{where}.use_abilities")
            check_keys(n, self.path, f"{where}.use_abilities", ("holder",))
            return Passive(use_abilities=Reach(holder=self.filter(n.get("holder"), f"{where}.use_abilities.holder")))
        for key in _REACH_PASSIVES:
            # the passives that are a REACH and nothing else: "Pokémon (both yours and your opponent's) can't be
            # healed" (no_healing, Dyna Tree Hill); "If C, this Pokémon can't attack." (no_attack, ATK1, with `if`);
            # "As long as this Pokémon is in the Active Spot, your opponent's Active Pokémon can't retreat."
            # (no_retreat, TU1); "[If C,] this Pokémon can evolve during your first turn or the turn you play it."
            # (early_evolution, EV1's exception)
            if m.get(key) is not None:
                n = want_map(m.get(key), self.path, f"{where}.{key}")
                check_keys(n, self.path, f"{where}.{key}", REACH_KEYS)
                return Passive(**{key: self.reach(n, f"{where}.{key}")})
        if m.get("when_knocked_out") is not None:
            # "If the Pokémon this card is attached to is Knocked Out by damage from an attack from your opponent's
            # Pokémon, put 4 damage counters on the Attacking Pokémon / draw cards until you have 7 cards in your hand".
            k = want_map(m.get("when_knocked_out"), self.path, f"{where}.when_knocked_out")
            w = f"{where}.when_knocked_out"
            kinds = {"counters_on_attacker": "counters", "draw_until": "draw_until",
                     "discard_opp_hand_random": "opp_hand_random", "discard_opp_deck_top": "opp_deck_top",
                     "search_deck": "search_deck", "draw": "draw", "move_energy": "move_energy"}
            check_keys(k, self.path, w, tuple(kinds) + ("holder", "full_hp", "up_to", "active", "other", "energy", "to",
                                                        "retreat", "may", "scope", "reached"))
            said = [x for x in kinds if k.get(x) is not None]
            if len(said) != 1:
                raise InputError(self.path, k.line, w, "exactly one of " + ", ".join(kinds), ", ".join(said) or "none")
            n = want_int(k.get(said[0]), self.path, f"{w}.{said[0]}", 1, 99)
            full = want_bool(k.get("full_hp"), self.path, f"{w}.full_hp") if k.get("full_hp") is not None else False
            kind = kinds[said[0]]
            move, reached = None, None
            if kind == "move_energy":
                # "move up to 3 Basic Energy cards from that Pokémon to your Benched Pokémon in any way you like" (Heavy
                # Baton): the Knocked Out holder's attached cards that fit `energy` (an Energy card filter), to its
                # player's Benched Pokémon (`to`: bench, spread in any way; bench_one, all to one of them)
                if k.get("energy") is None or k.get("to") is None:
                    raise InputError(self.path, k.line, w, "energy and to with move_energy", "none")
                energy = self.filter(k.get("energy"), f"{w}.energy")
                to = self.choice(k.get("to"), f"{w}.to", ("bench", "bench_one", "holder"))
                up = want_bool(k.get("up_to"), self.path, f"{w}.up_to") if k.get("up_to") is not None else False
                may = want_bool(k.get("may"), self.path, f"{w}.may") if k.get("may") is not None else False
                # `to: holder` with `scope: mine, reached: active` (Exp. Share: "When your Active Pokémon is Knocked Out
                # ..., you may move a basic Energy from that Pokémon to the Pokémon this card is attached to"): each
                # holder of the card takes from the Knocked Out Active Pokémon of its player, at its player's choice
                # (`may`: none or up to N; several holders share the cards, so only "you may" is read)
                sided = k.get("scope") is not None
                if sided != (to == "holder") or (to == "holder" and not may):
                    raise InputError(self.path, k.line, w, "to: holder with scope: mine, reached: active and may: true",
                                     f"to: {to}")
                reached = None
                if sided:
                    self.choice(k.get("scope"), f"{w}.scope", ("mine",))
                    if k.get("reached") is not None:
                        reached = self.choice(k.get("reached"), f"{w}.reached", ("active", "bench"))
                move = (energy, to, up, may)
            else:
                for key in ("energy", "to", "may", "scope", "reached"):
                    if k.get(key) is not None:
                        raise InputError(self.path, k.get(key).line, f"{w}.{key}", f"{key} only with move_energy", said[0])
            if k.get("up_to") is not None and kind != "move_energy":
                # "search your deck for up to 3 cards" (Amulet of Hope): any number from none to N (W1, Q)
                if kind != "search_deck":
                    raise InputError(self.path, k.line, f"{w}.up_to", "up_to only with search_deck or move_energy",
                                     said[0])
                if want_bool(k.get("up_to"), self.path, f"{w}.up_to"):
                    kind = "search_deck_up_to"
            # `retreat`: "has a Retreat Cost of exactly 4" -- the holder's Retreat Cost (TU1) when Knock Outs are checked
            retreat = want_int(k.get("retreat"), self.path, f"{w}.retreat", 0, 9) if k.get("retreat") is not None else None
            # `active`: "is in the Active Spot and is Knocked Out" -- only a holder Knocked Out in the Active Spot
            active = want_bool(k.get("active"), self.path, f"{w}.active") if k.get("active") is not None else False
            # `other`: "Knocked Out by damage from an attack from your opponent's Pokémon ex" -- the Attacking Pokémon fits
            other = self.filter(k.get("other"), f"{w}.other") if k.get("other") is not None else None
            sided = move is not None and move[1] == "holder"
            return Passive(ko_reaction=(kind, n, Reach(holder=self.filter(k.get("holder"), f"{w}.holder"),
                                                       while_="active" if active else "in_play",
                                                       scope="mine" if sided else "holder",
                                                       reached=reached if sided else None), full, other),
                           ko_move=move, ko_retreat=retreat)
        if m.get("when_damaged") is not None:
            return Passive(reaction=self.reaction(want_map(m.get("when_damaged"), self.path, f"{where}.when_damaged"),
                                                  f"{where}.when_damaged"))
        if m.get("protect") is not None:
            p = want_map(m.get("protect"), self.path, f"{where}.protect")
            check_keys(p, self.path, f"{where}.protect", ("from", "covers", "while", "holder"), ("from", "covers"))
            covers = tuple(self.choice(c, f"{where}.protect.covers", COVERS)
                           for c in want_list(p.get("covers"), self.path, f"{where}.protect.covers").items)
            holder = self.filter(p.get("holder"), f"{where}.protect.holder") if p.get("holder") is not None else None
            if holder is not None and any(a in NUMERIC or a.startswith("not_") for alt in holder.alternatives
                                          for a, _ in alt):
                raise InputError(self.path, p.get("holder").line, f"{where}.protect.holder",
                                 "conditions a card has (no `not`, no HP or Retreat bounds)", "a negated or numeric bound")
            return Passive(protect=Protect(
                self.choice(p.get("from"), f"{where}.protect.from", SOURCES), covers,
                self.choice(p.get("while"), f"{where}.protect.while", ("active", "bench", "in_play"))
                if p.get("while") is not None else "in_play", holder))
        if m.get("damage_bonus") is not None:
            # Shorthand: damage_change {amount: +N, step: attacker, other: AGAINST, if: CONDITION}.
            b = want_map(m.get("damage_bonus"), self.path, f"{where}.damage_bonus")
            check_keys(b, self.path, f"{where}.damage_bonus", ("amount", "against", "if"), ("amount",))
            return Passive(damage_change=DamageChange(
                self.tens(b.get("amount"), f"{where}.damage_bonus.amount"), "attacker",
                Reach(if_=self.condition(b.get("if"), f"{where}.damage_bonus.if") if b.get("if") is not None else None),
                other=self.filter(b.get("against"), f"{where}.damage_bonus.against")))
        # Shorthand: damage_change {amount: -N, step: defender, holder: HOLDER} (from the opponent's Pokémon).
        r = want_map(m.get("damage_reduction"), self.path, f"{where}.damage_reduction")
        check_keys(r, self.path, f"{where}.damage_reduction", ("amount", "holder"), ("amount",))
        return Passive(damage_change=DamageChange(
            -self.tens(r.get("amount"), f"{where}.damage_reduction.amount"), "defender",
            Reach(holder=self.filter(r.get("holder"), f"{where}.damage_reduction.holder"))))

    # ---- the general passives (docs/vocabulary.md PASSIVE) -------------------------------------

    def tens(self, node: Node, where: str, low: int = 10) -> int:
        """A positive multiple of 10 (damage, HP)."""
        value = want_int(node, self.path, where, low, 990)
        if value % 10:
            raise InputError(self.path, node.line, where, "a multiple of 10", str(value))
        return value

    def empty_map(self, node: Node, where: str) -> None:
        if not is_null(node) and not (isinstance(node, YMap) and not node.pairs):
            raise InputError(self.path, node.line, where, "no fields ({})", describe(node))

    def reach(self, m: YMap, where: str, scopes: tuple = ("holder", "in_play", "mine", "theirs"), hp_left: bool = False) -> Reach:
        """The common fields: scope, holder, holder_condition, holder_hp_left_max (only where `hp_left`), while, if."""
        if m.get("holder_hp_left_max") is not None and not hp_left:
            raise InputError(self.path, m.key_line("holder_hp_left_max"), f"{where}.holder_hp_left_max",
                             "holder_hp_left_max only in a retreat_change", "holder_hp_left_max")
        return Reach(
            scope=self.choice(m.get("scope"), f"{where}.scope", scopes) if m.get("scope") is not None else "holder",
            holder=self.filter(m.get("holder"), f"{where}.holder"),
            condition=self.choice(m.get("holder_condition"), f"{where}.holder_condition", SPECIAL_CONDITIONS)
            if m.get("holder_condition") is not None else None,
            hp_left_max=self.tens(m.get("holder_hp_left_max"), f"{where}.holder_hp_left_max")
            if m.get("holder_hp_left_max") is not None else None,
            energy=want_bool(m.get("holder_energy"), self.path, f"{where}.holder_energy")
            if m.get("holder_energy") is not None else False,
            no_energy=want_bool(m.get("holder_no_energy"), self.path, f"{where}.holder_no_energy")
            if m.get("holder_no_energy") is not None else False,
            energy_type=self.energy_types(m.get("holder_energy_type"), f"{where}.holder_energy_type")
            if m.get("holder_energy_type") is not None else None,
            attached=self.filter(m.get("holder_attached"), f"{where}.holder_attached")
            if m.get("holder_attached") is not None else None,
            reached=self.reached(m, where),
            while_=self.choice(m.get("while"), f"{where}.while", ("in_play", "active", "bench"))
            if m.get("while") is not None else "in_play",
            if_=self.condition(m.get("if"), f"{where}.if") if m.get("if") is not None else None,
            once_each=want_bool(m.get("once_each"), self.path, f"{where}.once_each")
            if m.get("once_each") is not None else False)

    def energy_types(self, node, where: str) -> tuple:
        """`holder_energy_type: T` or `[T, U, ...]` (distinct types): a card attached provides one of them ("that have any
        Water or Fighting Energy attached", Lake Acuity)."""
        if isinstance(node, YList):
            types = tuple(self.choice(t, where, TYPES) for t in node.items)
            if len(types) < 2 or len(set(types)) != len(types):
                raise InputError(self.path, node.line, where, "one type, or a list of two or more distinct types",
                                 describe(node))
            return types
        return (self.choice(node, where, TYPES),)

    def reached(self, m: YMap, where: str) -> Optional[str]:
        """`reached: active | bench` (only with `scope: mine` or `theirs`): the Pokémon reached must be there ("your
        Benched Pokémon", "your Active Pokémon's Retreat Cost")."""
        if m.get("reached") is None:
            return None
        scope = m.get("scope")
        if not isinstance(scope, YScalar) or scope.value not in ("mine", "theirs"):
            raise InputError(self.path, m.key_line("reached"), f"{where}.reached", "reached only with scope mine or theirs",
                             describe(scope) if scope is not None else "no scope")
        return self.choice(m.get("reached"), f"{where}.reached", ("active", "bench"))

    def signed(self, node: Node, where: str, words: tuple = ()) -> Union[int, str]:
        """A signed whole number (-2, 1), or one of `words` (prevent, none)."""
        if isinstance(node, YScalar) and not node.quoted and node.value in words:
            return node.value
        if isinstance(node, YScalar) and node.value and node.value.startswith("-") and not node.quoted:
            value = -want_int(YScalar(node.value[1:], node.line, False), self.path, where, 1, 990)
        else:
            value = want_int(node, self.path, where, 1, 990)
        return value

    def damage_change(self, m: YMap, where: str) -> Passive:
        check_keys(m, self.path, where, ("amount", "step", "other", "from", "discard", "per", "to", "coin") + REACH_KEYS,
                   ("amount", "step"))
        amount = self.signed(m.get("amount"), f"{where}.amount", ("prevent",))
        if amount != "prevent" and amount % 10:
            raise InputError(self.path, m.get("amount").line, f"{where}.amount", "a multiple of 10", str(amount))
        step = self.choice(m.get("step"), f"{where}.step", ("attacker", "defender"))
        if amount == "prevent" and step != "defender":
            raise InputError(self.path, m.get("step").line, f"{where}.step", "defender (prevent: damage done to the holder)",
                             step)
        for key in ("from", "discard"):
            # Whose attacks and the one-shot discard are read for damage the holder takes (step defender) only.
            if m.get(key) is not None and step != "defender":
                raise InputError(self.path, m.key_line(key), f"{where}.{key}", f"`{key}` only with step: defender", key)
        for key in ("per", "to"):
            if m.get(key) is not None and step != "attacker":
                raise InputError(self.path, m.key_line(key), f"{where}.{key}", f"`{key}` only with step: attacker", key)
        coin = want_bool(m.get("coin"), self.path, f"{where}.coin") if m.get("coin") is not None else False
        if coin and (amount != "prevent" or m.get("discard") is not None):
            # "If any damage is done to this Pokémon by attacks, flip a coin. If heads, prevent that damage."
            raise InputError(self.path, m.key_line("coin"), f"{where}.coin", "`coin` only with amount: prevent (no discard)",
                             str(amount))
        return Passive(damage_change=DamageChange(
            amount, step, self.reach(m, where), other=self.filter(m.get("other"), f"{where}.other"),
            from_=self.choice(m.get("from"), f"{where}.from", ("opp", "any")) if m.get("from") is not None else "opp",
            discard=want_bool(m.get("discard"), self.path, f"{where}.discard") if m.get("discard") is not None else False,
            per=self.per(m, where),
            to=self.choice(m.get("to"), f"{where}.to", ("active", "bench", "any")) if m.get("to") is not None else "active",
            coin=coin))

    def per(self, m: YMap, where: str):
        """`per: prizes_taken`: the amount is for each Prize card the opponent of the reached Pokémon's player has
        taken ("for each Prize card your opponent has taken"); `per: opponent_benched`: for each Benched Pokémon of
        that opponent ("for each of your opponent's Benched Pokémon"); `per: {discard: FILTER}`: for each card in the
        reached Pokémon's player's discard pile that fits (a filter that names something: "for each Kofu card in your
        discard pile") -- then ("discard", Filter); `per: {energy_attached: TYPE}`: for each Energy of that type
        attached to the reached Pokémon ("for each {F} Energy attached to it") -- then ("energy", TYPE)."""
        node = m.get("per")
        if node is None:
            return None
        if isinstance(node, YMap) and node.get("energy_attached") is not None:
            check_keys(node, self.path, f"{where}.per", ("energy_attached",), ("energy_attached",))
            return ("energy", self.choice(node.get("energy_attached"), f"{where}.per.energy_attached",
                                          tuple(t for t in TYPES if t != "colorless")))
        if isinstance(node, YMap):
            check_keys(node, self.path, f"{where}.per", ("discard",), ("discard",))
            flt = self.filter(node.get("discard"), f"{where}.per.discard")
            if not flt.alternatives or not all(flt.alternatives):
                raise InputError(self.path, node.line, f"{where}.per.discard", "a filter that names something",
                                 "an empty filter")
            return ("discard", flt)
        return self.choice(node, f"{where}.per", ("prizes_taken", "opponent_benched"))

    def hp_change(self, m: YMap, where: str) -> Passive:
        check_keys(m, self.path, where, ("amount", "per") + REACH_KEYS, ("amount",))
        amount = self.signed(m.get("amount"), f"{where}.amount")
        if amount % 10:
            raise InputError(self.path, m.get("amount").line, f"{where}.amount", "a multiple of 10", str(amount))
        return Passive(hp_change=(amount, self.reach(m, where), self.per(m, where)))

    def retreat_change(self, m: YMap, where: str) -> Passive:
        check_keys(m, self.path, where, ("amount",) + REACH_KEYS, ("amount",))
        amount = self.signed(m.get("amount"), f"{where}.amount", ("none",))
        return Passive(retreat_change=(amount, self.reach(m, where, ("holder", "in_play", "active", "mine", "theirs"), hp_left=True)))

    def cost_change(self, m: YMap, where: str) -> Passive:
        check_keys(m, self.path, where, ("amount", "type", "per") + REACH_KEYS, ("amount",))
        amount = self.signed(m.get("amount"), f"{where}.amount")
        kind = self.choice(m.get("type"), f"{where}.type", ("colorless", "any")) if m.get("type") is not None \
            else "colorless"
        if kind == "any" and amount > 0:
            raise InputError(self.path, m.get("type").line, f"{where}.type", "colorless (a cost grows by Colorless)", kind)
        per = self.per(m, where)
        if per is not None and kind != "colorless":
            raise InputError(self.path, m.get("per").line, f"{where}.per", "a count on a Colorless change", kind)
        return Passive(cost_change=(amount, kind, self.reach(m, where), per))

    def prize_change(self, m: YMap, where: str) -> Passive:
        check_keys(m, self.path, where, ("amount", "once_per_game", "other") + REACH_KEYS, ("amount",))
        # amount: N more / -N fewer, or `none` ("your opponent can't take any Prize cards for it")
        amount = self.signed(m.get("amount"), f"{where}.amount", ("none",))
        once = want_bool(m.get("once_per_game"), self.path, f"{where}.once_per_game") \
            if m.get("once_per_game") is not None else False
        # other: only a Knock Out by an attack from a Pokémon that fits ("from your opponent's Pokémon ex")
        other = self.filter(m.get("other"), f"{where}.other") if m.get("other") is not None else Filter()
        return Passive(prize_change=(amount, self.reach(m, where), once, other))

    def checkup_change(self, m: YMap, where: str) -> Passive:
        """"During Pokémon Checkup, put 2 more damage counters on each Poisoned ... Pokémon" (Perilous Jungle)."""
        check_keys(m, self.path, where, ("condition", "counters") + REACH_KEYS, ("condition", "counters"))
        return Passive(checkup_change=(self.choice(m.get("condition"), f"{where}.condition", ("poisoned", "burned")),
                                       want_int(m.get("counters"), self.path, f"{where}.counters", 1, 99),
                                       self.reach(m, where)))

    def attack_despite(self, m: YMap, where: str) -> Passive:
        """"The Pokémon this card is attached to can attack even if it's Asleep or Paralyzed" (Windup Arm): the Pokémon
        reached is not stopped from attacking by these Special Conditions (ATK1; `conditions`: asleep and/or paralyzed)."""
        check_keys(m, self.path, where, ("conditions",) + REACH_KEYS, ("conditions",))
        items = want_list(m.get("conditions"), self.path, f"{where}.conditions").items
        if not items:
            raise InputError(self.path, m.get("conditions").line, f"{where}.conditions", "asleep and/or paralyzed",
                             "an empty list")
        conds = tuple(sorted({self.choice(x, f"{where}.conditions.{i}", ("asleep", "paralyzed"))
                              for i, x in enumerate(items)}))
        return Passive(attack_despite=(conds, self.reach(m, where)))

    def evolve_when_played(self, m: YMap, where: str) -> Passive:
        """"Each player's {G} Pokémon can evolve into {G} Pokémon during the turn they play those Pokémon, except during
        their first turn." (Forest of Vitality): EV1's "put into play this turn" limit lifted, for an evolution card
        that fits `into`; the first-turn limit stays."""
        check_keys(m, self.path, where, ("into",) + REACH_KEYS)
        into = self.filter(m.get("into"), f"{where}.into") if m.get("into") is not None else Filter()
        return Passive(evolve_when_played=(self.reach(m, where), into))

    def no_conditions(self, m: YMap, where: str) -> Passive:
        """"... recovers from all Special Conditions and can't be affected by any Special Conditions" (Festival Grounds)."""
        check_keys(m, self.path, where, ("conditions",) + REACH_KEYS)
        only: tuple = ()
        if m.get("conditions") is not None:
            # "can't be Paralyzed, and if it is already Paralyzed, it recovers from that Special Condition": only these.
            items = want_list(m.get("conditions"), self.path, f"{where}.conditions").items
            if not items:
                raise InputError(self.path, m.get("conditions").line, f"{where}.conditions", "at least one Special Condition",
                                 "an empty list")
            only = tuple(sorted({self.choice(x, f"{where}.conditions.{i}", SPECIAL_CONDITIONS) for i, x in enumerate(items)}))
        return Passive(no_special_conditions=self.reach(m, where), only_conditions=only)

    def prevent_counters(self, m: YMap, where: str) -> Passive:
        """"Prevent all damage counters from being placed on Benched Pokémon ... by effects of attacks and Abilities from
        the opponent's Pokémon" (Battle Cage): `from` the effects of which sources."""
        check_keys(m, self.path, where, ("from",) + REACH_KEYS, ("from",))
        sources = want_list(m.get("from"), self.path, f"{where}.from").items
        if not sources:
            raise InputError(self.path, m.get("from").line, f"{where}.from", "attack and/or ability", "an empty list")
        return Passive(prevent_counters=(tuple(sorted({self.choice(x, f"{where}.from.{i}", ("attack", "ability"))
                                                       for i, x in enumerate(sources)})), self.reach(m, where)))

    def provides_if(self, m: YMap, where: str) -> Passive:
        check_keys(m, self.path, where, ("holder", "provides", "if"), ("holder", "provides"))
        provides = self.provides(m.get("provides"), f"{where}.provides")
        cond = self.condition(m.get("if"), f"{where}.if") if m.get("if") is not None else None
        return Passive(provides_if=(self.filter(m.get("holder"), f"{where}.holder"), provides, cond))

    def provides(self, node: Node, where: str) -> tuple:
        """A list of Energy units: a type, `any` (every type), or a list of types (any one of them)."""
        items = want_list(node, self.path, where).items
        if not items:
            raise InputError(self.path, node.line, where, "at least one Energy", "an empty list")
        out = []
        for i, x in enumerate(items):
            if isinstance(x, YList):
                alts = tuple(self.choice(t, f"{where}.{i}.{j}", TYPES) for j, t in enumerate(x.items))
                if len(alts) < 2:
                    raise InputError(self.path, x.line, f"{where}.{i}", "two or more types", str(len(alts)))
                out.append(alts)
            else:
                out.append(self.choice(x, f"{where}.{i}", TYPES + ("any",)))
        return tuple(out)

    def reaction(self, m: YMap, where: str) -> Reaction:
        check_keys(m, self.path, where, ("counters_on_attacker", "draw", "attacker_condition", "discard", "holder",
                                         "opp_discards_hand", "attacker_energy_to_hand", "attacker_energy_to_bench",
                                         "other", "scope", "reached"))
        # `scope: mine, reached: active` (an Ability's "If your Active [F] Pokémon is damaged by an attack ..."): every
        # Active Pokémon of the holder's player that fits `holder` reacts, not the holder only
        sided = m.get("scope") is not None or m.get("reached") is not None
        if sided:
            self.choice(m.get("scope"), f"{where}.scope", ("mine",))
            self.choice(m.get("reached"), f"{where}.reached", ("active",))
        said = [k for k in ("counters_on_attacker", "draw", "attacker_condition", "opp_discards_hand",
                            "attacker_energy_to_hand", "attacker_energy_to_bench") if m.get(k) is not None]
        if len(said) != 1:
            raise InputError(self.path, m.line, where, "exactly one of counters_on_attacker, draw, attacker_condition, "
                             "opp_discards_hand, attacker_energy_to_hand, attacker_energy_to_bench",
                             ", ".join(said) or "none")
        return Reaction(
            counters=want_int(m.get("counters_on_attacker"), self.path, f"{where}.counters_on_attacker", 1, 99)
            if m.get("counters_on_attacker") is not None else None,
            draw=want_int(m.get("draw"), self.path, f"{where}.draw", 1, 60) if m.get("draw") is not None else None,
            condition=self.choice(m.get("attacker_condition"), f"{where}.attacker_condition", SPECIAL_CONDITIONS)
            if m.get("attacker_condition") is not None else None,
            reach=Reach(holder=self.filter(m.get("holder"), f"{where}.holder"),
                        **({"scope": "mine", "reached": "active"} if sided else {})),
            discard=want_bool(m.get("discard"), self.path, f"{where}.discard") if m.get("discard") is not None else False,
            # "your opponent discards a card from their hand" (Spirit Mask)
            opp_discards=want_int(m.get("opp_discards_hand"), self.path, f"{where}.opp_discards_hand", 1, 60)
            if m.get("opp_discards_hand") is not None else None,
            # "put an Energy attached to the Attacking Pokémon into your opponent's hand" (Rugged Helmet)
            bounce_energy=want_int(m.get("attacker_energy_to_hand"), self.path, f"{where}.attacker_energy_to_hand", 1, 60)
            if m.get("attacker_energy_to_hand") is not None else None,
            # "move an Energy from the Attacking Pokémon to 1 of your opponent's Benched Pokémon" (Handheld Fan)
            shift_energy=want_int(m.get("attacker_energy_to_bench"), self.path, f"{where}.attacker_energy_to_bench",
                                  1, 60) if m.get("attacker_energy_to_bench") is not None else None,
            # "damaged by an attack from your opponent's Pokémon ex": only an Attacking Pokémon that fits
            other=self.filter(m.get("other"), f"{where}.other") if m.get("other") is not None else None)

def _move(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("from", "to", "filter", "count", "up_to", "bottom", "random", "distinct", "exclude",
                                  "chooser", "among"), ("from", "to"))
    _among_ok(r, m, where)
    if m.get("chooser") is not None and (r.choice(m.get("chooser"), f"{where}.chooser", ("opp",)) != "opp" or
                                         r.choice(m.get("from"), f"{where}.from", PILES) != "looked"):
        # the opponent picks cards only among cards revealed to both players ("have your opponent choose 2 of them")
        raise InputError(r.path, m.key_line("chooser"), f"{where}.chooser", "chooser: opp on a move from: looked",
                         "another pile")
    if r.flag(m, "random", where) and m.get("filter") is not None:
        raise InputError(r.path, m.line, f"{where}.filter", "no filter on a random pick (it takes any card)", "a filter")
    c = m.get("count")
    if isinstance(c, YMap) and c.get("down_to") is None:
        count = _computed_count(r, c, f"{where}.count", ("moved", "per_in_play"))
    elif isinstance(c, YMap):
        # "until the pile holds N cards": {down_to: N} moves (size - N) cards, none if it holds N or fewer (Chip Off).
        check_keys(c, r.path, f"{where}.count", ("down_to",), ("down_to",))
        if r.flag(m, "up_to", where):
            raise InputError(r.path, m.key_line("up_to"), f"{where}.up_to", "no up_to with count down_to", "up_to")
        count = ("down_to", want_int(c.get("down_to"), r.path, f"{where}.count.down_to", 0, 60))
    else:
        count = r.count(c, f"{where}.count")
    return {
        "random": r.flag(m, "random", where),
        "from": r.choice(m.get("from"), f"{where}.from", PILES),
        "to": r.choice(m.get("to"), f"{where}.to", PILES + ("bench",)),
        "filter": r.filter(m.get("filter"), f"{where}.filter"),
        "count": count,
        "up_to": r.flag(m, "up_to", where),
        "bottom": r.flag(m, "bottom", where),
        "distinct": _distinct(r, m, where),
        # "(You can't choose a card you discarded with the effect of this card.)": not the cards step LABEL moved.
        "exclude": want_str(m.get("exclude"), r.path, f"{where}.exclude") if m.get("exclude") is not None else None,
        # "have your opponent choose 2 of them. Discard the chosen cards": the opponent picks which (Riley)
        "chooser": "opp" if m.get("chooser") is not None else None,
        # "attach / put any Energy cards you discarded in this way ...": only the cards step LABEL moved there.
        "among": want_str(m.get("among"), r.path, f"{where}.among") if m.get("among") is not None else None,
    }


def _among_ok(r: Reader, m: YMap, where: str) -> None:
    """`among: LABEL` (on `move` and `attach`): the step chooses only among the cards the labelled step put into its
    source pile -- a pile of public cards (the discard pile), with neither `exclude` nor `random`."""
    if m.get("among") is None:
        return
    if m.get("exclude") is not None or (m.get("random") is not None and r.flag(m, "random", where)):
        raise InputError(r.path, m.key_line("among"), f"{where}.among", "among without exclude or random",
                         "both")
    if r.choice(m.get("from"), f"{where}.from", PILES + ("bench",)) != "discard":
        raise InputError(r.path, m.key_line("among"), f"{where}.among", "among on a step from: discard",
                         "another pile")


def _distinct(r: Reader, m: YMap, where: str) -> Optional[str]:
    """`distinct: type`: "cards of different types": no two cards moved share a type."""
    return r.choice(m.get("distinct"), f"{where}.distinct", ("type",)) if m.get("distinct") is not None else None


def _draw(r: Reader, node: Node, where: str) -> dict:
    if isinstance(node, YScalar):
        return {"count": want_int(node, r.path, where, 1, 60), "up_to": False}
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("count", "up_to"), ("count",))
    c = m.get("count")
    if isinstance(c, YMap):
        return {"count": _computed_count(r, c, f"{where}.count", times_ok=True), "up_to": r.flag(m, "up_to", where)}
    return {"count": want_int(c, r.path, f"{where}.count", 1, 60), "up_to": r.flag(m, "up_to", where)}


def _computed_count(r: Reader, c: YMap, where: str, allowed: tuple = ("per", "per_in_play", "until_hand",
                                                                      "until_hand_over_opp",
                                                                      "until_hand_per_in_play", "moved"),
                    times_ok: bool = False) -> tuple:
    """A count computed from the state when the step is reached: "draw a card for each ...", "draw cards
    until you have N cards in your hand", or "that many" (as many cards as a labelled step moved). `times_ok` (a draw):
    `times: N` with `moved` or `per_in_play` counts N for each ("draw 2 cards for each card you discarded in this way"):
    ("times", N, the count)."""
    if times_ok and c.get("plus") is not None:
        # "draw that many cards plus 1" (Brassius): K more than the labelled step moved ("plus", K, the count)
        plus = want_int(c.get("plus"), r.path, f"{where}.plus", 1, 10)
        check_keys(c, r.path, where, ("moved", "plus"), ("moved", "plus"))
        return ("plus", plus, _computed_one(r, c, where))
    if times_ok and c.get("times") is not None:
        times = want_int(c.get("times"), r.path, f"{where}.times", 2, 10)
        counted = tuple(a for a in allowed if a in ("moved", "per_in_play"))
        check_keys(c, r.path, where, counted + ("times",))
        if len(c.pairs) != 2:
            raise InputError(r.path, c.line, where, "`times` with exactly one of " + ", ".join(counted),
                             ", ".join(c.keys()))
        return ("times", times, _computed_one(r, c, where))
    check_keys(c, r.path, where, allowed)
    if len(c.pairs) != 1:
        raise InputError(r.path, c.line, where, "exactly one of " + ", ".join(allowed), ", ".join(c.keys()) or "none")
    return _computed_one(r, c, where)


def _computed_one(r: Reader, c: YMap, where: str) -> tuple:
    if c.get("moved") is not None:
        # "search your deck for up to that many Pokémon" / "they draw that many cards" (Perrin, Meddling Memo).
        return ("moved", want_str(c.get("moved"), r.path, f"{where}.moved"))
    if c.get("until_hand_over_opp") is not None:
        # "Draw cards until you have 1 more card in your hand than your opponent" (Zisu): until the hand holds N more
        # than the opponent's hand when the step is reached (a public count)
        return ("until_hand_over_opp", want_int(c.get("until_hand_over_opp"), r.path, f"{where}.until_hand_over_opp",
                                                1, 60))
    if c.get("until_hand") is not None:
        # "Draw cards until you have 6 cards in your hand" (Iris's Fighting Spirit, Surfer).
        return ("until_hand", want_int(c.get("until_hand"), r.path, f"{where}.until_hand", 1, 60))
    for key in ("per_in_play", "until_hand_per_in_play"):
        if c.get(key) is None:
            continue
        # "Draw a card for each of your Ancient Pokémon in play" / "... of your opponent's Benched Pokémon";
        # `until_hand_per_in_play`: "draw cards until you have as many cards in your hand as you have {P} Pokémon in
        # play" (Mystery Garden): the hand's target size is that count, both counted when the step is reached
        p = want_map(c.get(key), r.path, f"{where}.{key}")
        check_keys(p, r.path, f"{where}.{key}", ("side", "where", "filter"), ("side",))
        return (key, r.choice(p.get("side"), f"{where}.{key}.side", ("me", "opp", "any")),
                r.choice(p.get("where"), f"{where}.{key}.where", ("any", "active", "bench"))
                if p.get("where") is not None else "any",
                r.filter(p.get("filter"), f"{where}.{key}.filter"))
    per = r.choice(c.get("per"), f"{where}.per", COUNT_PER)
    if per == "benched":
        # "for each of your Benched Pokémon and your opponent's Benched Pokémon": the general count in play.
        return ("per_in_play", "any", "bench", Filter())
    return ("per", per)


def _search(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("zone", "filter", "count", "up_to", "to", "target", "spread", "shuffle", "distinct",
                                  "per_target"), ("zone", "to"))
    if m.get("per_target") is not None and not r.flag(m, "spread", where):
        raise InputError(r.path, m.key_line("per_target"), f"{where}.per_target", "per_target with spread: true",
                         "no spread")
    zone = r.choice(m.get("zone"), f"{where}.zone", ("deck", "prizes"))
    return {
        "zone": zone,
        "filter": r.filter(m.get("filter"), f"{where}.filter"),
        # `per_in_play`: "For each of your Benched Pokémon, search your deck for a ... and attach it to that Pokémon"
        "count": _computed_count(r, m.get("count"), f"{where}.count", ("moved", "per_in_play"))
        if isinstance(m.get("count"), YMap)
        else r.count(m.get("count"), f"{where}.count", ("any",)),
        "up_to": r.flag(m, "up_to", where),
        # deck_top: the found cards go back on top of the deck (the deck's order is not tracked: its contents stay).
        "to": r.choice(m.get("to"), f"{where}.to", ("hand", "bench", "attach", "discard", "lost_zone", "deck_top",
                                                                     "looked")),
        "target": r.target(m.get("target"), f"{where}.target"),
        "spread": r.flag(m, "spread", where),
        "shuffle": want_bool(m.get("shuffle"), r.path, f"{where}.shuffle") if m.get("shuffle") is not None
        else zone == "deck",
        "distinct": _distinct(r, m, where),
        # "For each of those Pokémon, search your deck for a ... card and attach it to that Pokémon": at most N each.
        "per_target": want_int(m.get("per_target"), r.path, f"{where}.per_target", 1, 60)
        if m.get("per_target") is not None else None,
    }


def _inflict(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("condition", "target"), ("condition",))
    return {"condition": r.choice(m.get("condition"), f"{where}.condition",
                                  ("asleep", "paralyzed", "confused", "poisoned", "burned")),
            "target": r.target(m.get("target"), f"{where}.target", side="opp", place="active")}


def _reveal_until(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("filter", "to"), ("filter",))
    flt = r.filter(m.get("filter"), f"{where}.filter")
    if flt.alternatives == ((),):
        raise InputError(r.path, m.line, f"{where}.filter", "a filter (what the reveal stops at)", "any card")
    return {"filter": flt, "to": r.choice(m.get("to"), f"{where}.to", ("hand",)) if m.get("to") is not None else "hand"}


def _look_top(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("count", "bottom", "revealed"), ("count",))
    # bottom: "Look at the bottom 7 cards of your deck" (Dusk Ball): the order of a deck is not tracked, so the
    # bottom cards are as unknown as the top ones; the step is shown as looking at the bottom.
    # revealed: "Reveal the top 5 cards" -- both players see them (knowledge.lp looked_unseen).
    return {"count": want_int(m.get("count"), r.path, f"{where}.count", 1, 60), "bottom": r.flag(m, "bottom", where),
            "revealed": r.flag(m, "revealed", where)}


def _shuffle(r: Reader, node: Node, where: str) -> dict:
    if isinstance(node, YScalar):
        return {"zone": r.choice(node, where, ("deck", "hand", "prizes"))}
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("zone",), ("zone",))
    return {"zone": r.choice(m.get("zone"), f"{where}.zone", ("deck", "hand", "prizes"))}


def _heal(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("amount", "target"), ("amount",))
    a = m.get("amount")
    # dealt: as much as the attack's damage; half_dealt: half of it, rounded up to the nearest 10 (Absorb).
    amount = a.value if isinstance(a, YScalar) and a.value in ("all", "dealt", "half_dealt") and not a.quoted else \
        want_int(a, r.path, f"{where}.amount", 10, 990)
    if amount not in ("all", "dealt", "half_dealt") and amount % 10:
        raise InputError(r.path, a.line, f"{where}.amount", "a multiple of 10", str(amount))
    return {"amount": amount, "target": r.target(m.get("target"), f"{where}.target", each_ok=True)}


def _discard_attached(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("target", "filter", "count", "up_to", "to", "spread", "from_each"), ("target",))
    target = r.target(m.get("target"), f"{where}.target", each_ok=True)
    count = r.count(m.get("count"), f"{where}.count")
    spread = r.flag(m, "spread", where)
    from_each = r.flag(m, "from_each", where)
    if from_each and (not target.each or spread or not isinstance(count, int)):
        # "Discard a Special Energy from each of your opponent's Pokémon": N fitting cards off each fitting Pokémon
        raise InputError(r.path, m.line, f"{where}.from_each", "an `each` target and a number of cards (no spread)",
                         "no each target" if not target.each else "spread" if spread else str(count))
    if spread and (not target.each or count == "all" or isinstance(count, tuple)):
        # "Discard up to 2 Energy from your Benched Pokémon": up to N fitting cards off the fitting Pokémon together
        raise InputError(r.path, m.line, f"{where}.spread", "an `each` target and a number (or any) of cards",
                         "no each target" if not target.each else str(count))
    if target.each and count != "all" and not spread and not from_each:
        # "Discard all Pokémon Tools and Special Energy from all of your opponent's Pokémon" (Megaton Blower).
        raise InputError(r.path, m.line, f"{where}.count", "count: all with an `each` target (from every fitting "
                         "Pokémon, all fitting cards)", str(count))
    return {"target": target,
            "filter": r.filter(m.get("filter"), f"{where}.filter"),
            "count": count,
            "up_to": r.flag(m, "up_to", where),
            "spread": spread,
            "from_each": from_each,
            "to": r.choice(m.get("to"), f"{where}.to", ("discard", "lost_zone", "hand", "deck"))
            if m.get("to") is not None else "discard"}


def _pick_up(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    if m.get("bench_down_to") is not None:
        # SU1 (card text, Avery: "your opponent discards Pokémon from their Bench until they have 3"): the step's
        # player puts Benched Pokémon of their own choice, with every card under and attached to them, into the pile
        # `to` until N are left on the Bench (none when N or fewer are there)
        check_keys(m, r.path, where, ("bench_down_to", "to"), ("bench_down_to", "to"))
        return {"bench_down_to": want_int(m.get("bench_down_to"), r.path, f"{where}.bench_down_to", 0, MAX_BENCH_SIZE),
                "to": r.choice(m.get("to"), f"{where}.to", ("discard",))}
    check_keys(m, r.path, where, ("target", "attached", "to"), ("target",))
    # attached: hand (default, Acerola: "and all attached cards") | discard ("(Discard all cards attached to that
    # Pokémon.)", Professor Turo's Scenario): where the cards attached to the Pokémon go
    return {"target": r.target(m.get("target"), f"{where}.target"),
            "attached": r.choice(m.get("attached"), f"{where}.attached", ("hand", "discard"))
            if m.get("attached") is not None else "hand",
            # to: hand (default) | deck ("Shuffle this Pokémon and all attached cards into your deck"): the owner's
            # pile the Pokémon (and the cards that go with it) is put into
            "to": r.choice(m.get("to"), f"{where}.to", ("hand", "deck", "discard")) if m.get("to") is not None
            else "hand"}


def _knock_out(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("target",), ("target",))
    # "If you use this Ability, this Pokémon is Knocked Out" (Cursed Blast): the Pokémon is Knocked Out by the effect,
    # not by damage -- it and every card under and attached to it go to its owner's discard pile, and that owner's
    # opponent takes its Prize cards (ATK3; `encodings/effects.lp` `ko_step`)
    return {"target": r.target(m.get("target"), f"{where}.target")}


def _reveal(r: Reader, node: Node, where: str) -> dict:
    if isinstance(node, YScalar):
        return {"zone": r.choice(node, where, ("hand",))}
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("zone",), ("zone",))
    return {"zone": r.choice(m.get("zone"), f"{where}.zone", ("hand",))}


def _look(r: Reader, node: Node, where: str) -> dict:
    """"Look at your face-down Prize cards" (`look: prizes`): the player sees the cards, nothing moves."""
    if isinstance(node, YScalar):
        return {"zone": r.choice(node, where, ("prizes",))}
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("zone",), ("zone",))
    return {"zone": r.choice(m.get("zone"), f"{where}.zone", ("prizes",))}


def _attach(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("from", "filter", "count", "up_to", "target", "spread", "per_target", "among"),
               ("from",))
    _among_ok(r, m, where)
    count = m.get("count")
    if isinstance(count, YMap):
        # "to each of your Future Pokémon": one card for each Pokémon in play that fits (with per_target: 1).
        count = _computed_count(r, count, f"{where}.count", ("per_in_play", "moved"))
    else:
        count = r.count(count, f"{where}.count")
    per_target = None
    if m.get("per_target") is not None:
        # "attach a Basic Energy card ... to each of them": at most N cards onto each Pokémon of a spread attachment.
        if not r.flag(m, "spread", where):
            raise InputError(r.path, m.key_line("per_target"), f"{where}.per_target", "per_target with spread: true",
                             "no spread")
        per_target = want_int(m.get("per_target"), r.path, f"{where}.per_target", 1, 60)
    return {"from": r.choice(m.get("from"), f"{where}.from", ("hand", "discard", "looked")),
            "filter": r.filter(m.get("filter"), f"{where}.filter"),
            "count": count,
            "up_to": r.flag(m, "up_to", where),
            "target": r.target(m.get("target"), f"{where}.target"),
            "spread": r.flag(m, "spread", where),
            "per_target": per_target,
            "among": want_str(m.get("among"), r.path, f"{where}.among") if m.get("among") is not None else None}


def _empty(r: Reader, node: Node, where: str) -> dict:
    if node is not None and not is_null(node) and not (isinstance(node, YMap) and not node.pairs):
        raise InputError(r.path, node.line, where, "no fields ({})", describe(node))
    return {}


def _switch(r: Reader, node: Node, where: str) -> dict:
    """`switch: {}` or `{filter: FILTER}`: "Switch your Active Team Rocket's Pokémon with 1 of your Benched Team
    Rocket's Pokémon" (both must fit); `gust: {filter: FILTER}`: "1 of your opponent's Benched Basic Pokémon";
    `switch: {benched: self}`: the Benched Pokémon is the Ability's own ("switch it with your Active Pokémon")."""
    if node is None or is_null(node) or (isinstance(node, YMap) and not node.pairs):
        return {"filter": Filter()}
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("filter", "benched", "bench_filter", "active_filter"))
    if sum(m.get(k) is not None for k in ("filter", "benched", "bench_filter")) > 1 or (
            m.get("active_filter") is not None and (m.get("filter") is not None or m.get("benched") is not None)):
        raise InputError(r.path, m.line, where, "one of `filter`, `benched`, `bench_filter` (`active_filter` only "
                         "alone or with `bench_filter`)", "more")
    benched = r.choice(m.get("benched"), f"{where}.benched", ("self",)) if m.get("benched") is not None else None
    if m.get("active_filter") is not None:
        # "Switch your Active Basic Pokémon with 1 of your Benched [F] Pokémon": the Active Pokémon must fit its filter
        out = {"filter": Filter(), "active_filter": r.filter(m.get("active_filter"), f"{where}.active_filter")}
        if m.get("bench_filter") is not None:
            out["bench_filter"] = r.filter(m.get("bench_filter"), f"{where}.bench_filter")
        return out
    if m.get("bench_filter") is not None:
        # "Switch this Pokémon with 1 of your Benched {L} Pokémon": only the Benched Pokémon must fit
        return {"filter": Filter(), "bench_filter": r.filter(m.get("bench_filter"), f"{where}.bench_filter")}
    return {"filter": r.filter(m.get("filter"), f"{where}.filter"), **({"benched": benched} if benched else {})}


def _gust(r: Reader, node: Node, where: str) -> dict:
    """`gust: {}` or `{filter: FILTER}` (no `benched`: the opponent's Benched Pokémon is chosen); `hp_left_max: N` /
    `damaged: true`: only a Benched Pokémon with at most N HP left ("that has 50 HP or less remaining") / with damage
    counters on it ("that has any damage counters on it"), as a TARGET's."""
    if isinstance(node, YMap) and (node.get("benched") is not None or node.get("bench_filter") is not None
                                   or node.get("active_filter") is not None):
        raise InputError(r.path, node.line, where, "`filter` only (a gust chooses the opponent's Benched Pokémon)",
                         "benched")
    bounds: dict = {}
    if isinstance(node, YMap) and (node.get("hp_left_max") is not None or node.get("damaged") is not None):
        check_keys(node, r.path, where, ("filter", "hp_left_max", "damaged"))
        if node.get("hp_left_max") is not None:
            n = want_int(node.get("hp_left_max"), r.path, f"{where}.hp_left_max", 10, 990)
            if n % 10:
                raise InputError(r.path, node.key_line("hp_left_max"), f"{where}.hp_left_max", "a multiple of 10",
                                 str(n))
            bounds["hp_left_max"] = n
        if r.flag(node, "damaged", where):
            bounds["damaged"] = True
        flt = r.filter(node.get("filter"), f"{where}.filter") if node.get("filter") is not None else Filter()
        return {"filter": flt, **bounds}
    return {"filter": _switch(r, node, where)["filter"]}


def _evolve(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("from", "skip_stage1", "hand_limits", "target", "filter"))
    source = r.choice(m.get("from"), f"{where}.from", ("hand", "deck")) if m.get("from") is not None else "hand"
    # filter: what the evolution card must be ("a card that has no Abilities and evolves from ...", Salvatore).
    return {"from": source, "skip_stage1": r.flag(m, "skip_stage1", where), "hand_limits": r.flag(m, "hand_limits", where),
            "target": r.target(m.get("target"), f"{where}.target"), "filter": r.filter(m.get("filter"), f"{where}.filter")}


def _modifier(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("name", "lasts", "damage_change", "step", "attacker", "against",
                                  "attack_fails_on_tails", "prevents_damage", "prevents_effects", "target", "knocks_out",
                                  "forbids_attack", "forbids_retreat", "prize_change", "reach", "attack", "lock",
                                  "counters_on_attacker", "poison_counters", "no_weakness", "prevents_max"),
               ("name",))
    prevents_max = None
    if m.get("prevents_max") is not None:
        # "prevent all damage done to this Pokémon by attacks if that damage is 60 or less": only a hit whose damage
        # (after every other step) is at most N
        prevents_max = want_int(m.get("prevents_max"), r.path, f"{where}.prevents_max", 10, 990)
        if prevents_max % 10 or not r.flag(m, "prevents_damage", where) or m.get("attacker") is not None:
            raise InputError(r.path, m.key_line("prevents_max"), f"{where}.prevents_max",
                             "a multiple of 10, with `prevents_damage: true` and no `attacker`", str(prevents_max))
    if m.get("attack") is not None and (m.get("damage_change") is None or (
            m.get("step") is not None and r.choice(m.get("step"), f"{where}.step", ("attacker", "defender")) != "attacker")):
        raise InputError(r.path, m.key_line("attack"), f"{where}.attack",
                         "an attacker's `damage_change` (the named attack does N more damage)", "none")
    if (m.get("lock") is not None) != (m.get("reach") is not None and r.choice(
            m.get("reach"), f"{where}.reach", ("player", "opponent")) == "opponent"):
        raise InputError(r.path, m.line, f"{where}.lock",
                         "`lock` together with `reach: opponent` (a lasting effect on the opponent that forbids playing "
                         "cards)", "one without the other")
    if m.get("poison_counters") is not None and m.get("target") is None:
        raise InputError(r.path, m.key_line("poison_counters"), f"{where}.poison_counters",
                         "a `target` (the Poisoned Pokémon)", "no target")
    if m.get("counters_on_attacker") is not None and m.get("target") is None:
        raise InputError(r.path, m.key_line("counters_on_attacker"), f"{where}.counters_on_attacker",
                         "a `target` (the Pokémon that reacts when damaged)", "no target")
    if m.get("reach") is not None and m.get("target") is not None:
        raise InputError(r.path, m.key_line("reach"), f"{where}.reach",
                         "either `reach: player` (each of the player's Pokémon) or a `target` (one Pokémon)", "both")
    if r.flag(m, "no_weakness", where) and m.get("target") is None:
        raise InputError(r.path, m.key_line("no_weakness"), f"{where}.no_weakness",
                         "a `target` (the Pokémon that has no Weakness)", "no target")
    if r.flag(m, "knocks_out", where) and m.get("target") is None:
        raise InputError(r.path, m.key_line("knocks_out"), f"{where}.knocks_out",
                         "a `target` (the Pokémon the delayed Knock Out is placed on)", "no target")
    change = 0
    if m.get("damage_change") is not None:
        change = _signed_tens(r, m.get("damage_change"), f"{where}.damage_change")
    return {"name": want_str(m.get("name"), r.path, f"{where}.name"),
            "lasts": r.choice(m.get("lasts"), f"{where}.lasts", ("turn", "opponents_next_turn", "next_turn", "game"))
            if m.get("lasts") is not None else "turn",
            "damage_change": change,
            "step": r.choice(m.get("step"), f"{where}.step", ("attacker", "defender"))
            if m.get("step") is not None else "attacker",
            "attacker": r.filter(m.get("attacker"), f"{where}.attacker"),
            "against": r.filter(m.get("against"), f"{where}.against"),
            "attack_fails_on_tails": r.flag(m, "attack_fails_on_tails", where),
            "prevents_damage": r.flag(m, "prevents_damage", where),
            # The Pokémon carrying it is protected from the effects of the opponent's attacks (A5: "prevent all
            # damage from and effects of attacks done to this Pokémon").
            "prevents_effects": r.flag(m, "prevents_effects", where),
            # The lasting effect is placed on one Pokémon (seed 001 状态 on a Pokémon), e.g. the Defending Pokémon.
            "target": r.target(m.get("target"), f"{where}.target") if m.get("target") is not None else None,
            # The Pokémon carrying it is Knocked Out when the effect's time runs out (Doom Desire).
            "knocks_out": r.flag(m, "knocks_out", where),
            # The Pokémon carrying it has no Weakness (DMG2: "During your opponent's next turn, this Pokémon has no
            # Weakness").
            "no_weakness": r.flag(m, "no_weakness", where),
            "prevents_max": prevents_max,
            # The Pokémon carrying it can't attack ("all") or can't use the named attack (Brave Blade, Sacred Sword).
            "forbids_attack": want_str(m.get("forbids_attack"), r.path, f"{where}.forbids_attack")
            if m.get("forbids_attack") is not None else None,
            # The Pokémon carrying it can't retreat ("the Defending Pokémon can't retreat", TU1).
            "forbids_retreat": r.flag(m, "forbids_retreat", where),
            # "take N more Prize cards" when the attack of the Pokémon carrying it Knocks Out the opponent's Active (ATK3).
            "prize_change": _prize_change(r, m.get("prize_change"), f"{where}.prize_change")
            if m.get("prize_change") is not None else 0,
            # `player`: the effect belongs to the player, each of whose Pokémon it reaches ("all of your Pokémon").
            # `opponent`: the effect is on the opponent (the player), with a `lock`.
            "reach": r.choice(m.get("reach"), f"{where}.reach", ("player", "opponent"))
            if m.get("reach") is not None else None,
            # The player it is on can't play cards of this kind from their hand ("During your opponent's next turn,
            # they can't play any Item cards from their hand": A1).
            "lock": r.choice(m.get("lock"), f"{where}.lock", ("trainer", "item", "tool", "supporter", "stadium"))
            if m.get("lock") is not None else None,
            # When the Pokémon carrying it is damaged by an attack while Active (even if it is Knocked Out), N damage
            # counters go on the Attacking Pokémon, after the attack's effects (ATK3, as the `when_damaged` passive).
            # While the Pokémon carrying it is Poisoned, the Checkup puts N damage counters on it instead of 1 (SC3).
            "poison_counters": want_int(m.get("poison_counters"), r.path, f"{where}.poison_counters", 2, 30)
            if m.get("poison_counters") is not None else 0,
            "counters_on_attacker": want_int(m.get("counters_on_attacker"), r.path, f"{where}.counters_on_attacker", 1,
                                             30) if m.get("counters_on_attacker") is not None else 0,
            # The attacker's `damage_change` works only for the attack of this name ("this Pokémon's Meteor Mash attack
            # does 60 more damage", DMG1 step 2).
            "attack": want_str(m.get("attack"), r.path, f"{where}.attack") if m.get("attack") is not None else None}


def _prize_change(r: Reader, node: Node, where: str) -> int:
    """A change of the Prize cards taken: a whole number from -3 to 3, not 0."""
    if isinstance(node, YScalar) and node.value and node.value.startswith("-") and not node.quoted:
        value = -want_int(YScalar(node.value[1:], node.line, False), r.path, where, 1, 3)
    else:
        value = want_int(node, r.path, where, 1, 3)
    return value


def _signed_tens(r: Reader, node: Node, where: str) -> int:
    """A damage change: a whole number of tens, negative or positive (e.g. -30, 30)."""
    if isinstance(node, YScalar) and node.value and node.value.startswith("-") and not node.quoted:
        value = -want_int(YScalar(node.value[1:], node.line, False), r.path, where, 10, 990)
    else:
        value = want_int(node, r.path, where, 10, 990)
    if value % 10:
        raise InputError(r.path, node.line, where, "a multiple of 10", str(value))
    return value


def _move_attached(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("target", "filter", "count", "up_to", "to", "spread"))
    # `spread`: "Move all Energy from this Pokémon to your Benched Pokémon in any way you like" -- the cards split over
    # the destinations (`count: all` off one Pokémon, a destination `where` other than its own)
    if r.flag(m, "spread", where) and (m.get("to") is None or r.count(m.get("count"), f"{where}.count") != "all"):
        raise InputError(r.path, m.key_line("spread"), f"{where}.spread", "spread with count: all and a `to`",
                         "spread without them")
    dest = None
    if m.get("to") is not None:
        # "... to the new Active Pokémon" (Scramble Switch): where the destination is, and what it must be.
        d = want_map(m.get("to"), r.path, f"{where}.to")
        check_keys(d, r.path, f"{where}.to", ("where", "filter"))
        # `where: self`: onto the Pokémon whose Ability or attack it is ("from 1 of your other Pokémon to this Pokémon")
        dest = (r.choice(d.get("where"), f"{where}.to.where", ("any", "active", "bench", "self"))
                if d.get("where") is not None else "any", r.filter(d.get("filter"), f"{where}.to.filter"))
    return {"target": r.target(m.get("target"), f"{where}.target"),
            "filter": r.filter(m.get("filter"), f"{where}.filter"),
            "count": r.count(m.get("count"), f"{where}.count"),
            "up_to": r.flag(m, "up_to", where),
            "to": dest,
            "spread": r.flag(m, "spread", where)}


def _devolve(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("target", "to", "cards"))
    # `cards: any`: "by putting any number of Evolution cards on it" -- the player chooses how many levels (1 up to
    # every Evolution card on it); without it, the highest Stage Evolution card only
    return {"target": r.target(m.get("target"), f"{where}.target"),
            "to": r.choice(m.get("to"), f"{where}.to", ("hand", "deck", "discard"))
            if m.get("to") is not None else "hand",
            "cards": r.choice(m.get("cards"), f"{where}.cards", ("any",)) if m.get("cards") is not None else None}


def _swap_in(r: Reader, node: Node, where: str) -> dict:
    """"Choose a F in your discard pile and switch it with 1 of your G in play. Any attached cards, damage counters,
    Special Conditions, turns in play, and any other effects remain on the new Pokémon." (Thorton, Ogre's Mask): the
    chosen card takes the place of the target's top card, which goes to the pile the card came from."""
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("from", "filter", "target"), ("target",))
    return {"from": r.choice(m.get("from"), f"{where}.from", ("discard",)) if m.get("from") is not None else "discard",
            "filter": r.filter(m.get("filter"), f"{where}.filter"),
            "target": r.target(m.get("target"), f"{where}.target")}


def _set_type(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("target", "like", "type"))
    if (m.get("like") is None) == (m.get("type") is None):
        raise InputError(r.path, m.line, where, "exactly one of like (a step's label) or type", "both or neither")
    return {"target": r.target(m.get("target"), f"{where}.target"),
            "like": want_str(m.get("like"), r.path, f"{where}.like") if m.get("like") is not None else None,
            "type": r.choice(m.get("type"), f"{where}.type", TYPES) if m.get("type") is not None else None}


def _self_to(r: Reader, node: Node, where: str) -> dict:
    if isinstance(node, YScalar):
        return {"zone": r.choice(node, where, ("prizes", "deck", "discard", "hand", "lost_zone"))}
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("zone",), ("zone",))
    return {"zone": r.choice(m.get("zone"), f"{where}.zone", ("prizes", "deck", "discard", "hand", "lost_zone"))}


def _damage(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("amount", "target", "per"), ("amount", "target"))
    amount = want_int(m.get("amount"), r.path, f"{where}.amount", 10, 990)
    if amount % 10:
        raise InputError(r.path, m.get("amount").line, f"{where}.amount", "a multiple of 10", str(amount))
    # per: the amount for each of what the attack's `damage_times` counts (the attack's reader refuses it without one)
    return {"amount": amount, "target": r.target(m.get("target"), f"{where}.target", side="opp", each_ok=True),
            "per": r.per_count(m, where)}


def _cure(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("target",), ("target",))
    return {"target": r.target(m.get("target"), f"{where}.target")}


def _counters(r: Reader, node: Node, where: str) -> dict:
    m = want_map(node, r.path, where)
    check_keys(m, r.path, where, ("count", "target", "spread", "per"), ("count", "target"))
    target = r.target(m.get("target"), f"{where}.target", side="opp", each_ok=True)
    spread = r.flag(m, "spread", where)   # "in any way you like": split over the Pokémon that fit
    if spread and (target.each or target.ref is not None or target.ref_benched is not None):
        raise InputError(r.path, m.line, f"{where}.spread", "a target that chooses among Pokémon (no each / ref)",
                         "each or ref")
    per = r.per_count(m, where)
    if isinstance(m.get("count"), YMap):
        # `count: {until_hp: N}`: as many counters as leave the Pokémon N HP ("until its remaining HP is N"), none when
        # it has N or less; one Pokémon chosen or each that fits, never split (`spread`) nor counted (`per`)
        cm = m.get("count")
        check_keys(cm, r.path, f"{where}.count", ("until_hp",), ("until_hp",))
        left = want_int(cm.get("until_hp"), r.path, f"{where}.count.until_hp", 10, 990)
        if left % 10:
            raise InputError(r.path, cm.line, f"{where}.count.until_hp", "a multiple of 10", str(left))
        if spread or per:
            raise InputError(r.path, m.line, f"{where}.count", "a number with `spread` or `per`", "until_hp")
        return {"count": ("until_hp", left), "target": target, "spread": False, "per": False}
    return {"count": want_int(m.get("count"), r.path, f"{where}.count", 1, 99), "target": target, "spread": spread,
            "per": per}


_PRIMS = {
    "move": _move, "draw": _draw, "search": _search, "look_top": _look_top, "shuffle": _shuffle,
    "heal": _heal, "discard_attached": _discard_attached, "attach": _attach, "switch": _switch,
    "gust": _gust, "evolve": _evolve, "modifier": _modifier, "self_to": _self_to,
    "damage": _damage, "damage_counters": _counters, "pick_up": _pick_up, "reveal": _reveal, "look": _look,
    "knock_out": _knock_out, "reveal_until": _reveal_until, "inflict": _inflict, "devolve": _devolve, "swap_in": _swap_in,
    "set_type": _set_type,
    "move_attached": _move_attached, "cure": _cure, "end_turn": _empty, "nothing": _empty,
}
# Every primitive of the vocabulary: the one list. The compiler has one fact builder per entry
# (compiler._PRIM_FACTS) and docs/vocabulary.md one row (PRIM); tests/test_primitives.py checks both.
PRIMITIVES = tuple(_PRIMS)
