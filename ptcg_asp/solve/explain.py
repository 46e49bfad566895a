"""Turn the encodings' reason terms into sentences a judge can read.

Each sentence names the fact of the state that triggered it (your Bench has 5 Pokémon, your hand
is empty) and says what the principle makes of it; a term is cited under one principle, and a
principle that builds on another's reason wraps its term (`mandatory(K, Why)` for A6), so two
principles never print the same sentence (tests/test_scenarios.py checks both over the corpus).
"""
from __future__ import annotations

from clingo import Function, Symbol, SymbolType

ZONES = {
    "hand": "hand", "deck": "deck", "discard": "discard pile", "lost_zone": "Lost Zone",
    "prizes": "face-down Prize cards", "prizes_up": "face-up Prize cards", "looked": "cards looked at",
    "bench": "Bench", "attached": "attached cards", "stadium": "Stadium",
}
# Zones whose name is plural: "you have no face-down Prize cards", not "... is empty".
PLURAL = {"prizes", "prizes_up", "looked", "attached"}


_LOCK_KINDS = {"item": "Item", "tool": "Pokémon Tool", "supporter": "Supporter", "stadium": "Stadium"}


def text(sym: Symbol) -> str:
    """A symbol as plain text: strings unquoted, constants as written."""
    if sym.type == SymbolType.String:
        return sym.string
    if sym.type == SymbolType.Number:
        return str(sym.number)
    if sym.type == SymbolType.Function and sym.name == "anon" and not sym.arguments:
        return "unspecified card"
    return str(sym)


def whose(player: Symbol, zone: Symbol) -> str:
    owner = "your" if text(player) == "me" else "the opponent's"
    return f"{owner} {ZONES.get(text(zone), text(zone))}"


def _owner(player: Symbol) -> str:
    return "your" if text(player) == "me" else "the opponent's"


def _is_empty(player: Symbol, zone: Symbol) -> str:
    """your deck is empty; you have no face-down Prize cards."""
    z = text(zone)
    if z == "stadium":
        return f"{'you have' if text(player) == 'me' else 'the opponent has'} no Stadium in play"
    if z in PLURAL:
        return f"{'you have' if text(player) == 'me' else 'the opponent has'} no {ZONES.get(z, z)}"
    return f"{whose(player, zone)} is empty"


def _holds(player: Symbol, zone: Symbol) -> str:
    """your deck holds; your face-down Prize cards hold."""
    return f"{whose(player, zone)} {'hold' if text(zone) in PLURAL else 'holds'}"


def _mon(sym: Symbol) -> str:
    """m(me,bench(2)) -> bench.2 ; m(opp,active) -> opp.active."""
    if sym.type == SymbolType.Function and sym.name == "m" and len(sym.arguments) == 2:
        player, pos = sym.arguments
        slot = "active" if text(pos) == "active" else f"bench.{pos.arguments[0].number}"
        return slot if text(player) == "me" else f"opp.{slot}"
    if sym.type == SymbolType.Function and sym.name == "n":
        return f"new {text(sym.arguments[1])} on the Bench"
    return str(sym)


def _flip_cause(sym: Symbol) -> str:
    """What an ATK2 flip is for: confused, baby, effect("Smokescreen")."""
    if sym.type == SymbolType.Function and sym.name == "effect":
        return f"the effect {text(sym.arguments[0])}"
    return {"confused": "Confusion", "baby": "attacking a Baby Pokémon"}.get(text(sym), text(sym))


def coin_label(sym: Symbol) -> str:
    """A coin's name in an outcome: its number in the effect, or what an ATK2 or checkup flip is for."""
    if sym.type == SymbolType.Function and sym.name in ("burn", "sleep"):
        return f"{'Burned' if sym.name == 'burn' else 'Asleep'} {_mon(sym.arguments[0])}"
    if sym.type == SymbolType.Function and sym.name == "guard" and sym.arguments[0].name == "pas":
        return f"{text(sym.arguments[0].arguments[1])} (prevent that damage)"
    if sym.type == SymbolType.Function and sym.name == "endure" and sym.arguments[0].name == "pas":
        return f"{text(sym.arguments[0].arguments[1])} (not Knocked Out)"
    return text(sym) if sym.type == SymbolType.Number else _flip_cause(sym)


def _source(sym: Symbol) -> str:
    """tool("Choice Belt") -> the Tool Choice Belt; effect("Moonblast") -> the effect Moonblast."""
    if sym.name == "ability":
        return f"the Poké-Body (passive Ability) of {text(sym.arguments[0])}"
    if sym.name == "pas":  # a passive entry: pas(Origin, Card, J)
        origin, card = text(sym.arguments[0]), text(sym.arguments[1])
        if origin == "ability":
            return f"the Poké-Body (passive Ability) of {card}"
        return f"the {_ORIGINS.get(origin, origin)} {card}"
    kind = "Tool" if sym.name == "tool" else "lasting effect"
    return f"the {kind} {text(sym.arguments[0])}"


_ORIGINS = {"tool": "Tool", "energy": "Special Energy", "stadium": "Stadium"}


def _bench_has(a) -> str:
    """A full Bench: 5 Pokémon, or the limit an effect in play gives (the term's second argument, SU1 bench_size)."""
    if len(a) > 1:
        return f"{_owner(a[0])} Bench has {a[1].number} Pokémon, the most it can hold now"
    return f"{_owner(a[0])} Bench has 5 Pokémon"


def _why_bench_full(a) -> str:
    return f"{_bench_has(a)}, so the opponent can determine that no card can be put there"


def _why_stacked(a) -> str:
    if a[0].type == SymbolType.String:
        return f"{text(a[0])}: Poisoned and Burned are markers that stack with the other conditions"
    return f"{text(a[0])} is a marker: it stacks with the other conditions"


def _why_type_changed(a) -> str:
    source = {1: "an effect on it", 2: "its Poké-Body", 3: "its Tool"}.get(a[1].number, "an effect")
    return f"the attacker {text(a[0])} has the type(s) {source} gives it (a Tool ranks above a Poké-Body, which ranks above an effect)"


# A reason term's name -> the English for its arguments `a` (None: no wording for this shape).
_WORDS = {
    "empty": lambda a: f"{_is_empty(a[0], a[1])}, so the opponent can determine that no card can move",
    "bench_full": _why_bench_full,
    "none_left": lambda a: f"the opponent can determine that {_holds(a[0], a[1])} no {text(a[2])}, so no card can move",
    "all_copies_visible": lambda a: ((f"all {text(a[2])} copies of {text(a[1])} a deck may hold are in known zones: the "
        "deck-building limit tells the opponent that none is in the deck")),
    "cannot_pay": lambda a: ((f"the cost needs {text(a[2])} card(s) from {whose(a[0], a[1])}"
        + (f", which {'hold' if text(a[1]) in PLURAL else 'holds'} {text(a[3])} that fit" if len(a) > 3 else ", and fewer are there"))),
    "none_in": lambda a: f"{_holds(a[0], a[1])} no fitting card: min(the number named, 0) is 0, so the part cannot be done",
    "nothing_to_move": lambda a: f"{_holds(a[0], a[1])} no fitting card, so you can determine that the part would change nothing",
    "no_room": lambda a: f"{_bench_has(a)}, so you can determine that putting a card there would change nothing",
    "no_target": lambda a: f"{_no_target(a[0])}, so you can determine that the step would change nothing",
    "nowhere_to_attach": lambda a: ("no Pokémon in play may take the cards the step would attach, so the opponent can "
                                    "determine that no card can move"),
    "no_holder": lambda a: ("no Pokémon in play may take the cards the step would attach, so you can determine that the step "
                            "would change nothing"),
    "no_change": lambda a: (f"{fact(a[0])}: carried out, the effect would change nothing" if a
                            else "carried out, the effect would not change the game state"),
    "mandatory": lambda a: f"{fact(a[1])}: a mandatory part cannot be carried out, so {_cannot_activate(a[0])}",
    "before_then": lambda a: ((f"{fact(a[0])}: the part before \u201cthen\u201d cannot be carried out, so the card cannot be "
        "played (only what follows \u201cthen\u201d may fail)")),
    "before_then_changes_nothing": lambda a: ((
        "the part before \u201cthen\u201d would change nothing, and what follows \u201cthen\u201d does not count")),
    "linked_first_part": lambda a: ((f"{fact(a[0])}: the first part cannot be carried out, and the second part builds on "
        "its result, so the card cannot be played")),
    "neither_part_changes": lambda a: "neither of the TAG TEAM Supporter's independent parts would change anything",
    "same_limits": lambda a: f"{fact(a[0])}: Rare Candy's evolution has the same limits as evolving from the hand",
    "extra_changes_nothing": lambda a: "the extra part would change nothing, so its extra cost may not be paid",
    "protected_player": lambda a: "the opponent is protected from this card's effects; without the protection it would change their cards",
    "deck_protected": lambda a: f"a protection keeps {text(a[0])} from discarding cards of the attacking player's deck",
    "protected": lambda a: f"{text(a[0])} is protected from this card's effects; without the protection it would be changed",
    "lasting": lambda a: f"the lasting effect \u201c{text(a[0])}\u201d counts as a change even with nothing to affect yet",
    "shuffled": lambda a: f"{whose(a[0], a[1])} {'are' if text(a[1]) in PLURAL else 'is'} shuffled after the search",
    "paid": lambda a: f"the cost is paid exactly as printed: {text(a[2])} card(s) from {whose(a[0], a[1])}",
    "may_find_none": lambda a: f"the opponent cannot determine whether {_holds(a[0], a[1])} a fitting card, so taking none is allowed",
    "found_none": lambda a: f"nothing was taken from {whose(a[0], a[1])} (a whiff); the rest of the effect still happens",
    "must_take": lambda a: ((f"any card fits and {_holds(a[0], a[1])} at least one card, so the opponent knows a card exists: "
        "one must be taken")),
    "no_face_down_prizes": lambda a: "every Prize card is face up, so there is no unknown Prize to search",
    "then_skipped": lambda a: f"the part after \u201cthen\u201d cannot be carried out ({fact(a[0])}); the card is still played",
    "ifdone_skipped": lambda a: f"the part after \u201cif you do\u201d cannot be carried out ({fact(a[0])}); the card is still played",
    "not_done": lambda a: "the optional part was not done, so what follows \u201cif you do\u201d does not happen",
    "first_part_not_done": lambda a: "the part it depends on did nothing, so what follows \u201cif you do\u201d does not happen",
    "first_part_skipped": lambda a: f"the first part cannot be carried out ({fact(a[0])}); the independent extra part is judged on its own",
    "extra_part_done": lambda a: "the TAG TEAM extra part is done",
    "ability_declared": lambda a: "an Ability is declared and judged like a Trainer card is played",
    "energy_part_skipped": lambda a: f"{fact(a[0])}: that part of the Special Energy's effect is skipped; the Energy is still attached",
    "attack_part_skipped": lambda a: f"{fact(a[0])}: that part of the attack's effect is skipped; the attack still counts as used",
    "trigger_declined": lambda a: "the triggered \u201cyou may\u201d effect is declined",
    "end_of_turn_attach_declined": lambda a: (f"{text(a[0])}'s \u201cyou may attach\u201d at the end of the turn is "
                                              "declined: no card is attached"),
    "put_into_play": lambda a: f"{text(a[1])} is a {_kind(a[0])}: it can be put into play whatever its effect could do now",
    "judged_later": lambda a: f"the {_kind(a[0])}'s effect follows the same principles when it is carried out",
    "not_from_hand": lambda a: (f"{text(a[0])} was put onto the Pokémon from the deck, not played from the hand: its "
                                "Ability \u201cwhen you play this Pokémon from your hand to evolve\u201d does not happen"),
    "supporter_already_played": lambda a: "a Supporter was already played this turn",
    "first_turn_supporter": lambda a: "the first player cannot play a Supporter on their first turn",
    "stadium_already_played": lambda a: "a Stadium was already played this turn",
    "stadium_effect_already_used": lambda a: "the player already used the effect of the Stadium in play this turn",
    "same_stadium_in_play": lambda a: f"{text(a[0])} is already in play",
    "energy_already_attached": lambda a: "an Energy was already attached from the hand this turn",
    "already_has_tool": lambda a: f"{_mon(a[0])} already has a Tool attached",
    "energy_to_opponents_pokemon": lambda a: (f"{_mon(a[0])} is one of the opponent's Pokémon: an Energy from the hand "
                                              "is attached only to one of the player's own Pokémon"),
    "tool_on_opponents_pokemon": lambda a: (f"{_mon(a[0])} is one of the opponent's Pokémon: a Tool from the hand is "
                                            "attached only to one of the player's own Pokémon"),
    "opponents_ability": lambda a: (f"{_mon(a[0])} is one of the opponent's Pokémon: a player declares only the "
                                    "Abilities of their own Pokémon"),
    "passive_ability": lambda a: "a passive Ability is always on; it is not declared",
    "ability_name_already_used": lambda a: f"{text(a[1])} already used {text(a[0])} this turn: no more than 1 "
                                           f"{text(a[0])} Ability can be used each turn",
    "ability_already_used": lambda a: f"this Pokémon already used {text(a[0])} this turn: it can be used once during each turn",
    "trigger_not_met": lambda a: (f"{text(a[0])}'s effect starts only when it is attached to a Pokémon its text names, "
                                  f"and {text(a[1])} is not one: the card is attached, its effect does not happen"),
    "attach_trigger_silenced": lambda a: (f"{text(a[0])} has no Abilities now (a Stadium takes them away): its Ability "
                                          "triggered by attaching an Energy card does not happen; the Energy is attached"),
    "attach_trigger_not_active": lambda a: (f"{text(a[0])}'s Ability triggered by attaching works only while it is in the "
                                            "Active Spot, and it is not: the Energy is attached, the Ability does not happen"),
    "attach_trigger_not_met": lambda a: (f"the Ability triggered by attaching reacts only to an Energy attached to a "
                                         f"Pokémon its text names, and {text(a[0])} is not one: the Energy is attached, "
                                         "the Ability does not happen"),
    "bench_trigger_not_met": lambda a: (f"the Stadium {text(a[0])} reacts only to a Pokémon its text names put onto the "
                                        f"Bench, and {text(a[1])} is not one: it is put onto the Bench, the Stadium's "
                                        "effect does not happen"),
    "bench_triggered": lambda a: (f"the Stadium {text(a[0])} reacts to the Pokémon put onto the Bench: its effect is "
                                  "carried out on that Pokémon"),
    "bench_trigger_hit": lambda a: (f"the Stadium {text(a[0])} reacts to {text(a[1])} put onto the Bench: "
                                    f"{a[2].number // 10} damage counter(s) are placed on it"),
    "stadium_trigger_not_met": lambda a: (f"the Stadium {text(a[0])} reacts only to an Energy attached to a Pokémon its "
                                          f"text names, and {text(a[1])} is not one: the Energy is attached, the "
                                          "Stadium's effect does not happen"),
    "bench_discard_down": lambda a: (f"{_owner(a[0])} Bench holds more than {a[1].number} Pokémon, the most it can hold "
                                     f"now: that player discards Benched Pokémon of their choice until it holds "
                                     f"{a[1].number}"),
    "discards_first": lambda a: (f"{'you discard' if text(a[0]) == 'me' else 'the opponent discards'} first (the player "
                                 "who played the Stadium); each player discards from their own Bench"),
    "stadium_evolve_triggered": lambda a: (f"the Stadium {text(a[0])} reacts to the evolution its text names: its "
                                           f"effect happens to the evolved Pokémon"),
    "stadium_triggered": lambda a: (f"the Stadium {text(a[0])} reacts to the Energy attached from the hand: its effect "
                                    "happens to that Pokémon"),
    "only_attach_to": lambda a: (f"{text(a[0])} can only be attached to a Pokémon its text names, and {text(a[1])} "
                                 "is not one: its own text forbids the attachment"),
    "bench_no_weakness": lambda a: "damage to a Benched Pokémon: no Weakness or Resistance",
    "counters_not_damage": lambda a: "damage counters are put as written: no Weakness, Resistance or damage modifiers",
    "attack_marker_used": lambda a: f"the {_marker(a[0])} marker is already used, so no {_marker(a[0])} attack can be used (one per game)",
    "power_marker_used": lambda a: f"the {_marker(a[0])} marker is already used, so no {_marker(a[0])} Power can be used (one per game)",
    "attack_marker_turned": lambda a: f"this attack turns the {_marker(a[0])} marker over (one per game)",
    "power_marker_turned": lambda a: f"this Ability turns the {_marker(a[0])} marker over (one per game)",
    "prism_star_to_lost_zone": lambda a: f"{text(a[0])} is a Prism Star card: it goes to the Lost Zone instead of the discard pile, and still counts as discarded",
    "decided_by_hidden_hand": lambda a: ("the part takes cards from the opponent's hand, which the player cannot see when the card "
                                         "is played: what it finds cannot decide whether the card can be played, and it is done "
                                         "as far as it can be"),
    "decided_after_looking": lambda a: "the part uses cards the effect looks at: it cannot decide whether the card can be played, and is done as far as it can be",
    "took_last_prize": lambda a: "a player has taken their last Prize card",
    "no_pokemon_in_play": lambda a: f"{'you have' if text(a[0]) == 'me' else 'the opponent has'} no Pokémon in play",
    "cannot_draw": lambda a: "the opponent's deck is empty: they cannot draw at the start of their turn",
    "more_conditions": lambda a: "both players meet winning conditions; the one who meets more wins",
    "sudden_death": lambda a: "both players meet as many winning conditions: Sudden Death (one Prize card each)",
    "no_active": lambda a: "a player has no Active Pokémon",
    "not_basic": lambda a: f"{text(a[0])} cannot be put into play during setup (not a Basic Pokémon)",
    "evolved_in_setup": lambda a: "nothing evolves during setup",
    "attached_in_setup": lambda a: "nothing is attached during setup",
    "damage_in_setup": lambda a: "no Pokémon has damage at setup",
    "prizes": lambda a: f"a player has {text(a[0])} Prize cards, not 6",
    "face_up_prizes": lambda a: "Prize cards are set face down",
    "cards_in": lambda a: f"the {ZONES.get(text(a[0]), text(a[0]))} is not empty at setup",
    "opening_hand": lambda a: f"{text(a[0])} cards in hand and in play: 7, plus at most one per mulligan of the opponent",
    "total_cards": lambda a: f"{text(a[0])} cards in all, not 60",
    "extra_draws": lambda a: f"{'you' if text(a[0]) == 'me' else 'the opponent'} drew {text(a[1])} extra card(s) for the other player's mulligans",
    "setup_ok": lambda a: "setup: 7 cards, a Basic Active Pokémon, up to 5 Benched, 6 Prize cards",
    "order": lambda a: "the checkup goes Poisoned, Burned, Asleep, Paralyzed",
    "poisoned": lambda a: f"{text(a[0])} is Poisoned: 1 damage counter",
    "burned": lambda a: f"{text(a[0])} is Burned: damage counters and a flip (the era's numbers)",
    "asleep": lambda a: f"{text(a[0])} is Asleep: heads, it wakes up",
    "paralysis_ends": lambda a: f"{text(a[0])} recovers from Paralysis at the end of its owner's turn",
    "stacked": _why_stacked,
    "replaced": lambda a: f"{text(a[1])} replaces {text(a[0])} (Asleep, Paralyzed and Confused replace each other)",
    "retreat_cost_unpaid": lambda a: f"the Retreat Cost is {text(a[0])} but the attached Energy provides {text(a[1])}",
    "already_retreated": lambda a: "the player already retreated this turn",
    "cannot_retreat": lambda a: f"the Active Pokémon is {text(a[0])} and cannot retreat",
    "conditions_removed": lambda a: f"moving to the Bench removes {text(a[0])}",
    "conditions_removed_evolve": lambda a: f"evolving removes {text(a[0])}",
    "conditions_removed_devolve": lambda a: f"devolving removes {text(a[0])}",
    "confused_may_retreat": lambda a: "a Confused Pokémon may retreat",
    "retreat_paid": lambda a: f"the Retreat Cost is paid with {text(a[0])} Energy",
    "size": lambda a: f"the deck has {text(a[0])} cards, not 60",
    "too_many": lambda a: f"{text(a[1])} cards count as {text(a[0])}: at most 4 with the same name (Basic Energy excepted)",
    "no_basic_pokemon": lambda a: "the deck has no Basic Pokémon",
    "too_few_pokemon": lambda a: f"the deck has {text(a[0])} Pokémon cards: seed 001's era asks for at least 6",
    "one_per_deck": lambda a: f"{text(a[1])} {text(a[0]).replace('_', ' ')} cards: at most 1 per deck",
    "prism_star": lambda a: f"{text(a[1])} Prism Star cards named {text(a[0])}: at most 1 with the same name",
    "deck_size": lambda a: f"the deck has {text(a[0])} cards",
    "not_active": lambda a: "this Ability works only while the Pokémon is in the Active Spot",
    "not_benched": lambda a: "this Ability works only while the Pokémon is on the Bench",
    "no_abilities": lambda a: f"the Stadium {text(a[0])} is in play: this Pokémon has no Abilities",
    "trigger_name_used": lambda a: f"an Ability named {text(a[0])} was already used this turn, so the new Pokémon's does not happen",
    "ability_lost": lambda a: f"{text(a[0])} is in play: Pokémon lose the Abilities that Knock Out their own Pokémon",
    "trigger_silenced": lambda a: f"the Stadium {text(a[0])} is in play: the evolving Pokémon has no Abilities, so its triggered Ability does not happen",
    "bench_trigger_silenced": lambda a: f"the Stadium {text(a[0])} is in play: the Pokémon put onto the Bench has no Abilities, so its triggered Ability does not happen",
    "no_bench_space": lambda a: (f"your Bench already has {a[0].number if a else 5} Pokémon, the most it can hold"
                                 f"{' now' if a else ''}, so no Pokémon can be put onto it"),
    "recovered": lambda a: f"{text(a[0])} can't be affected by {text(a[1])} now, so it has recovered from it",
    "more_counters": lambda a: f"{text(a[0])} is {text(a[1])}: a passive effect adds {text(a[2])} HP of damage counters in the Checkup",
    "hp_changed": lambda a: f"{text(a[0])} has {text(a[1])} HP: its printed HP as passive effects (a Tool, a Stadium) change it",
    "hp_after_effects": lambda a: (f"{text(a[0])} has {text(a[2])} HP when Knock Outs are checked, after the action's "
                                   f"effects ({text(a[1])} before them)"),
    "discarded_after_use": lambda a: f"{text(a[0])} applied, so it is discarded (its text says so)",
    "discarded_after_reducing": lambda a: f"{text(a[0])} changed the damage, so it is discarded (its text says so)",
    "cost_changed": lambda a: f"{text(a[0])} changes the attack's cost by {text(a[1])} Energy",
    "retreat_cost_changed": lambda a: f"{text(a[0])} changes the Retreat Cost: {text(a[1])} printed, {text(a[2])} to pay",
    "prizes_changed": lambda a: f"a passive effect on {text(a[0])} changes the Prize cards taken for it by {text(a[1])}",
    "discarded_at_end_of_turn": lambda a: f"{text(a[0])} is discarded at the end of this turn (its text says so; not shown as a move: the turn does not end in this action)",
    "at_end_of_turn": lambda a: f"{text(a[0])} more step(s) of the effect happen at the end of this turn (not carried out: the turn does not end in this action)",
    "prizes_effect": lambda a: f"the lasting effect {text(a[0])} gives {text(a[2])} more Prize card(s) for Knocking Out {text(a[1])}",
    "when_knocked_out": lambda a: f"the Defending Pokémon is Knocked Out by the attack: its {text(a[0])} reacts",
    "when_active_knocked_out": lambda a: f"the Defending Pokémon is Knocked Out by the attack: {text(a[0])} on another "
                                         f"Pokémon of its player reacts",
    "strong_poison": lambda a: f"a lasting effect on {text(a[0])}: Poisoned puts {a[1].number // 10} damage counters on it instead of 1",
    "when_damaged_effect": lambda a: f"the Defending Pokémon was damaged by the attack: the lasting effect \u201c{text(a[0])}\u201d on it reacts (after the attack's effects)",
    "when_damaged": lambda a: f"the Defending Pokémon was damaged by the attack: its {text(a[0])} reacts (after the attack's effects)",
    "flip_for": lambda a: f"before the attack, a coin is flipped for {_flip_cause(a[0])}",
    "attack_failed": lambda a: f"the coin for {_flip_cause(a[0])} came up tails: the attack does not happen",
    "confused_attack": lambda a: "a Confused Pokémon may attack, but must flip a coin first",
    "knocked_out": lambda a: f"{text(a[0])} is Knocked Out: {text(a[1])} Prize card(s)",
    "base": lambda a: f"base damage {text(a[0])}",
    "base_instead": lambda a: f"the attack's condition holds: its base damage is {text(a[0])} instead of the printed number",
    "came_into_play_this_turn": lambda a: f"{text(a[0])} came into play this turn (put into play, evolved or devolved this turn; switching does not change that)",
    "not_the_same_pokemon": lambda a: ((f"{text(a[0])} evolved or devolved this turn: it is not the Pokémon that was damaged last turn, "
        "so that fact is not about it")),
    "no_retreat_rule": lambda a: f"{text(a[0])} can't retreat (its own text)",
    "immune": lambda a: f"{text(a[0])} can't be affected by that Special Condition (its own text, or a passive effect on it)",
    "cannot_be_healed": lambda a: f"{text(a[0])} can't be healed now (a passive effect on it): healing it changes nothing",
    "cannot_retreat_effect": lambda a: f"the lasting effect \u201c{text(a[0])}\u201d on the Active Pokémon forbids it to retreat",
    "cannot_attack": lambda a: f"the lasting effect \u201c{text(a[0])}\u201d on the attacker forbids this attack",
    "tool_ability_off": lambda a: f"the Ability is {text(a[0])}'s, whose effect does not reach this Pokémon now (Tools "
                                  f"have no effect, or its text excludes this holder): it cannot be used",
    "tool_attack_off": lambda a: f"the attack is {text(a[0])}'s, whose effect does not reach this Pokémon now (Tools have "
                                 f"no effect, or its text excludes this holder): it cannot use the attack",
    "end_of_turn": lambda a: f"{text(a[0])} acts at the end of the turn, before the Pokémon Checkup",
    "tool_attack": lambda a: f"the attack is printed on the attached {text(a[0])}, which lets its holder use it",
    "tool_ability": lambda a: f"the Ability is printed on the attached {text(a[0])}, which lets its holder use it",
    "returned_after_attack": lambda a: f"{text(a[0])}, discarded by the attack from the Attacking Pokémon, is attached to "
                                       f"it again after the attack",
    "tool_switched_off": lambda a: f"{text(a[1])} says the Pokémon Tool {text(a[0])} has no effect",
    "cannot_attack_by": lambda a: f"{text(a[0])}'s passive effect says the attacker can't attack now",
    "cannot_retreat_by": lambda a: f"{text(a[0])}'s passive effect says the Active Pokémon can't retreat now",
    "hand_face_up": lambda a: f"{'your' if text(a[0]) == 'me' else 'the opponent' + chr(39) + 's'} hand is played face up: its cards are seen",
    "no_weakness": lambda a: f"{text(a[0])}'s Poké-Body: its player's Pokémon in play have no Weakness",
    "no_weakness_passive": lambda a: f"{text(a[0])}: the Defending Pokémon has no Weakness",
    "attacks_despite": lambda a: f"{text(a[0])}: the attacking Pokémon can attack even though it is {text(a[1])}",
    "tera_bench": lambda a: f"{text(a[0])} is a Tera Pok\u00e9mon on the Bench: its rule prevents all damage done to it by "
                            f"attacks (both players')",
    "no_weakness_effect": lambda a: f"{text(a[0])}: a lasting effect on the Defending Pokémon: it has no Weakness",
    "halved": lambda a: f"{text(a[0])}'s Poké-Body halves the damage it takes (rounded down to the nearest 10)",
    "trainer_lock": lambda a: f"{text(a[0])}'s Ability forbids playing Trainer cards now",
    "card_lock": lambda a: f"{text(a[1])}'s Ability forbids playing {_LOCK_KINDS.get(text(a[0]), text(a[0]))} cards now",
    "effect_lock": lambda a: f"the lasting effect \u201c{text(a[1])}\u201d on this player forbids playing {_LOCK_KINDS.get(text(a[0]), text(a[0]))} cards now",
    "evolution_lock": lambda a: f"{text(a[0])}'s Ability forbids playing Evolution cards now",
    "trainer_lock_stopped": lambda a: f"{text(a[0])} is {text(a[1])}, so its Ability stops working: Trainer cards can be played",
    "evolution_lock_stopped": lambda a: f"{text(a[0])} is {text(a[1])}, so its Ability stops working: Evolution cards can be played",
    "cured": lambda a: f"the effect removes {text(a[0])} (every Special Condition goes)",
    "placed_on": lambda a: f"the lasting effect \u201c{text(a[0])}\u201d is placed on {text(a[1])} ({_lasts(a[2])})",
    "delayed_knock_out": lambda a: ((f"{text(a[0])} is to be Knocked Out when the effect runs out ({_lasts(a[1])}), unless it goes to "
        "the Bench, evolves or devolves first")),
    "effect_ends": lambda a: f"the lasting effect \u201c{text(a[0])}\u201d on {text(a[1])} ends: it went to the Bench, evolved or devolved",
    "evolved_this_turn_from": lambda a: f"this Pokémon evolved from {text(a[0])} during this turn",
    "plus_if": lambda a: f"the attack's condition holds: it does {text(a[0])} more damage",
    "first_turn_attack_allowed": lambda a: "the attack's text lets it be used during the first player's first turn",
    "before_damage": lambda a: "the attack's steps before its damage are done first; the damage is calculated on the "
                               "state they leave",
    "until_stopped": lambda a: f"the coins are counted up to {text(a[0])} heads: with that many the damage is settled "
                               "(the Defending Pokémon is Knocked Out or takes no damage), so that outcome stands for "
                               "every way the later flips go, with their whole probability",
    "until_settled": lambda a: "whatever the coins flipped until tails show, the damage is settled (the Defending Pokémon "
                               "is Knocked Out or takes no damage): one outcome stands for all of them",
    "until_capped": lambda a: f"the coins are counted up to {text(a[0])} heads only: that outcome stands for every longer "
                              "run of heads (a lower bound on its damage)",
    "attack_does_nothing": lambda a: "the attack does nothing (its text says so): no damage and none of its other effects",
    "weakness_ignored": lambda a: "the attack's damage isn't affected by Weakness (its text): that step is skipped",
    "resistance_ignored": lambda a: "the attack's damage isn't affected by Resistance (its text): that step is skipped",
    "defender_effects_ignored": lambda a: "the attack's damage isn't affected by any effects on the Pokémon it "
                                          "damages (its text): those steps are skipped",
    "early_evolution": lambda a: f"{text(a[0])}'s passive effect lets this Pokémon evolve during the first turn or the turn it came into play",
    "evolve_when_played": lambda a: f"{text(a[0])}'s passive effect lets a Pokémon played this turn evolve (not during its player's first turn)",
    "devolved_is_new": lambda a: f"after devolving, {text(a[0])} counts as new this turn: it cannot evolve again this turn",
    "type_changed": _why_type_changed,
    "type_change": lambda a: f"the Pokémon becomes {text(a[0])} type until the end of the turn: a lasting effect, a change",
    "endured": lambda a: f"the attack's damage would Knock the Pokémon Out, but {text(a[0])}'s passive effect leaves it {text(a[1])} HP",
    "level_up_not_active": lambda a: "only the Active Pokémon can level up",
    "evolve_opponents_pokemon": lambda a: (f"{_mon(a[0])} is one of the opponent's Pokémon: a player evolves only "
                                           "their own Pokémon"),
    "attacker_change": lambda a: f"{_source(a[0])} changes the damage by {text(a[1])} (before Weakness)",
    "defender_change": lambda a: f"{_source(a[0])} changes the damage taken by {text(a[1])} (after Resistance)",
    "stopped": lambda a: f"the damage is 0 or less after the {text(a[0])} step, so the calculation stops",
    "weakness": lambda a: f"the Defending Pokémon is weak to {text(a[0])}",
    "resistance": lambda a: f"the Defending Pokémon resists {text(a[0])}",
    "prevented": lambda a: "an effect prevents all damage to the Defending Pokémon",
    "guard_flip": lambda a: f"{text(a[0])}'s Ability flips a coin for the damage: heads, that damage is prevented",
    "too_few_fitting": lambda a: f"{_has(a[0])} {text(a[1])} Pokémon in play that fit the card's condition; it needs at least {text(a[2])}",
    "too_many_fitting": lambda a: f"{_has(a[0])} {text(a[1])} Pokémon in play that fit the card's condition; it allows at most {text(a[2])}",
    "needs_first_turn": lambda a: "it is not your first turn, and the card can be used only during your first turn",
    "needs_later_turn": lambda a: "it is your first turn, and the card cannot be used during your first turn",
    "prizes_remaining": lambda a: ((f"you have {text(a[0])} Prize cards left and the opponent {text(a[1])}; the card needs you to "
        f"have {text(a[2])} than the opponent")),
    "unmet_count": lambda a: (f"{_has(a[1])} {a[2].number} {_COUNTED.get(text(a[0]), text(a[0]))}, and the card needs "
                              f"{_bounds(a[3].number, a[4].number)}"),
    "unmet_fact": lambda a: _UNMET_FACTS.get(text(a[0]), f"the card's printed condition ({text(a[0])}) does not hold"),
    "hidden_count": lambda a: f"the opponent cannot determine how many fitting cards {_holds(a[0], a[1])}: any number up to the one named",
    "unmet_condition": lambda a: "the card's printed condition on the game state does not hold",
    "first_turn_allowed": lambda a: f"{text(a[0])} says it may be used during the first player's first turn",
    "exact": lambda a: f"the count in {whose(a[0], a[1])} is known: exactly min({text(a[2])}, the cards there) must move",
    "exact_each": lambda a: f"the count on each Pokémon is known ({whose(a[0], a[1])}): exactly min({text(a[2])}, the cards "
                            "on it) must move off each",
    "up_to_each": lambda a: f"\u201cup to {text(a[2])}\u201d off each Pokémon ({whose(a[0], a[1])}) with a known count: "
                            "at least 1 must move in all",
    "all_or_any": lambda a: f"\u201c{'all' if text(a[2]) == 'all' else 'any number'}\u201d from {whose(a[0], a[1])}: 0 is an allowed amount",
    "left_behind": lambda a: f"the count in {whose(a[0], a[1])} is known: exactly min({text(a[2])}, the cards there) must move, "
                             "and this leaves a fitting card behind",
    "none_of_known": lambda a: f"\u201cup to {text(a[2])}\u201d from {whose(a[0], a[1])} with a known count: taking none is not allowed",
    "cost_not_exact": lambda a: f"the cost is {text(a[0])} cards, paid exactly as printed, not {text(a[1])}",
    "up_to": lambda a: f"\u201cup to {text(a[2])}\u201d from {whose(a[0], a[1])} with a known count: at least 1 must move",
    "random_pick": lambda a: ((f"{text(a[2])} card(s) of {whose(a[0], a[1])} are picked without looking: which ones is an outcome, "
        "not a choice")),
    "deck_order_kept": lambda a: (f"{whose(a[0], Function('deck', []))} is not shuffled: the cards put on its bottom "
                                  "stay under the others, and the cards come from the top"),
    "from_bottom_group": lambda a: (f"the cards above them run out: {text(a[2])} x {text(a[1])} put on the bottom of "
                                    f"{whose(a[0], Function('deck', []))} are taken for certain"),
    "into_bottom_group": lambda a: (f"the cards above them run out: {text(a[1])} card(s) come from those put on the bottom "
                                    f"of {whose(a[0], Function('deck', []))}; which ones is an outcome"),
    "top_cards": lambda a: f"{text(a[1])} cards are named and {text(a[2])} come from the top of the deck: min(named, deck size)",
    "one_card_shuffled": lambda a: f"{_holds(a[0], a[1])} one card, which counts as shuffled",
    "healed": lambda a: f"{text(a[0])} damage is healed: min(named amount, damage on the Pokémon)",
    "unknown_contents": lambda a: ((f"{whose(a[0], a[1])} {'are' if text(a[1]) in PLURAL else 'is'} unknown: earlier plays or "
        "searches tell the opponent nothing about it")),
    "nothing_printed_evolves": lambda a: (f"no card printed that the search may take evolves from {text(a[0])}, and the "
                                          "opponent knows it: that Pokémon cannot be evolved this way"),
    "not_ruled_out": lambda a: f"fewer than the allowed copies of {text(a[0])} are visible, so the deck may still hold one",
    "looked_at_prizes": lambda a: (f"{'you look' if text(a[0]) == 'me' else 'the opponent looks'} at "
                                   f"{text(a[1])} face-down Prize card(s): nothing moves, and they stay unknown"),
    "chain_heads": lambda a: (f"{text(a[0])} heads before the coins stopped (tails, or no further heads could change "
                              "anything: this outcome stands for every way the later coins fall)"),
    "chain_capped": lambda a: f"the chain of coins is cut after {text(a[0])} heads (a longer run is not followed)",
    "opponent_picks": lambda a: f"the opponent picks which {text(a[1])} of the revealed cards the step moves (their choice)",
    "opponent_chose": lambda a: f"the opponent chose answer {text(a[0])} (a choice of the opponent, not the player's)",
    "opponent_answer_impossible": lambda a: (f"the opponent may choose answer {text(a[0])}, which cannot be carried out: "
                                             "the card can be played only if every answer of the opponent can be"),
    "then_done": lambda a: "the part after \u201cthen\u201d is carried out as far as it can be",
    "ifdone_done": lambda a: "the first part was done, so the part after \u201cif you do\u201d is carried out as far as it can be",
    "not_choosable": lambda a: f"{text(a[1])} x {text(a[0])} were moved there by this card's own earlier step and cannot be chosen",
    "turn_ends": lambda a: "the player's turn ends after this effect (no further action this turn)",
    "parts": lambda a: f"a TAG TEAM Supporter whose two parts are {text(a[0])}",
    "skipped_stage1": lambda a: f"the effect evolves the Basic Pokémon into {text(a[0])}, skipping the Stage 1 (as Rare Candy)",
    "attack_used": lambda a: "the attack counts as used whatever its effects can do",
    "newest_text": lambda a: f"{text(a[0])} is read with its newest printed text, which applies to every print",
    "condition": lambda a: f"the attacking Pokémon is {text(a[0])}, so it cannot declare an attack",
    "cannot_attack_while": lambda a: f"{_a(text(a[0]).capitalize())} Pokémon can neither attack nor retreat",
    "energy_cost_not_met": lambda a: ((f"the attack costs {text(a[0])} Energy and the attached cards provide {text(a[1])}, "
        "which cannot pay it (type and count)")),
    "first_turn_attack": lambda a: "the first player cannot attack on their first turn",
    "no_active_pokemon": lambda a: "there is no Active Pokémon",
    "first_turn": lambda a: f"it is {_owner(a[0]) if a else 'the player' + chr(39) + 's'} first turn: no Pokémon evolves on it",
    "new_this_turn": lambda a: f"{_new_this_turn(a)}, so it cannot evolve this turn",
    "no_matching_evolution": lambda a: "the card does not evolve from that Pokémon (names must match)",
    "trigger_done": lambda a: "the triggered \u201cyou may\u201d effect is used",
}


def _a(word: str) -> str:
    """"an Asleep", "a Paralyzed"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _has(player: Symbol) -> str:
    return {"me": "you have", "opp": "the opponent has"}.get(text(player), "there are")


_COUNTED = {"prizes": "Prize cards remaining", "hand": "cards in hand", "lost_zone": "cards in the Lost Zone",
            "hand_cards": "fitting cards in hand"}


def _bounds(low: int, high: int) -> str:
    """A count condition's bounds: "exactly 2", "3 or more", "3 or fewer", "2 to 4"."""
    if low == high:
        return f"exactly {low}"
    if high >= 60:
        return f"{low} or more"
    if low <= 0:
        return f"{high} or fewer"
    return f"{low} to {high}"


# A printed condition about a fact (lasting.lp `fcond`) that does not hold, in words.
_UNMET_FACTS = {
    "self_new_this_turn": "this Pokémon did not come into play this turn",
    "self_damaged_last_turn": "this Pokémon was not damaged by an attack during the opponent's last turn (or it has evolved or devolved since)",
    "self_no_special_conditions": "this Pokémon has a Special Condition",
    "self_moved_to_active": "this Pokémon did not move from the Bench to the Active Spot this turn",
    "self_active": "this Pokémon is not in the Active Spot",
    "self_energy_min": "this Pokémon has less Energy of the type the card names attached than it needs",
    "self_attached_kind": "this Pokémon has no card of the kind the card names attached",
    "knocked_out_last_turn": "none of your Pokémon that fit the card was Knocked Out during the opponent's last turn",
    "self_evolved_from": "this Pokémon did not evolve this turn from the Pokémon the card names",
    "self_damage_min": "this Pokémon has less damage on it than the card needs",
    "defender_damage_min": "the Defending Pokémon has less damage on it than the card needs",
    "defender_condition": "the Defending Pokémon does not have the Special Condition the card needs",
    "energy_in_play": "there is less Energy in play than the card needs",
    "knocked_out_any": ("none of your Pokémon that fit the card was Knocked Out during the opponent's last turn "
                        "(in any way: by damage or by damage counters)"),
    "going_first": "you went second, and the card can be used only by the player who took the first turn",
    "going_second": "you went first, and the card can be used only by the player who did not take the first turn",
    "prizes_more": "you do not have more Prize cards remaining than the opponent",
    "prizes_fewer": "you do not have fewer Prize cards remaining than the opponent",
    "hands_same": "you do not have the same number of cards in your hand as the opponent",
    "hands_more": "you do not have more cards in your hand than the opponent",
    "hands_fewer": "you do not have fewer cards in your hand than the opponent",
    "lost_zone": "the Lost Zone does not hold as many cards as the card needs",
    "played_supporter": "you have not played a Supporter card from your hand this turn",
    "played_card": "you have not played the card the text names from your hand this turn",
}


def _kind(sym: Symbol) -> str:
    return {"special_energy": "Special Energy", "tool": "Tool", "stadium": "Stadium"}.get(text(sym), text(sym))


def _marker(sym: Symbol) -> str:
    return "GX" if text(sym) == "gx" else "VSTAR"


def _cannot_activate(kind: Symbol) -> str:
    return {"ability": "the Ability cannot be used", "trigger": "the triggered Ability cannot be used",
            "evolve": "the Pokémon cannot evolve"}.get(text(kind), "the card cannot be played")


def _new_this_turn(a) -> str:
    where = _mon(a[0])
    return f"{text(a[1])} ({where}) was put into play or evolved this turn" if len(a) > 1 else \
        f"{where} was put into play or evolved this turn"


# The fact alone of a reason term, for reasons that wrap another's (A6's `mandatory(K, Why)`):
# the wrapped principle's own conclusion is left to its own line.
_FACTS = {
    "empty": lambda a: _is_empty(a[0], a[1]),
    "bench_full": _bench_has,
    "no_room": _bench_has,
    "none_left": lambda a: f"the opponent can determine that {_holds(a[0], a[1])} no {text(a[2])}",
    "all_copies_visible": lambda a: f"all {text(a[2])} copies of {text(a[1])} a deck may hold are in known zones",
    "none_in": lambda a: f"{_holds(a[0], a[1])} no fitting card",
    "nothing_to_move": lambda a: f"{_holds(a[0], a[1])} no fitting card",
    "no_target": lambda a: _no_target(a[0]),
    "nowhere_to_attach": lambda a: "no Pokémon in play may take the cards the step would attach",
    "no_holder": lambda a: "no Pokémon in play may take the cards the step would attach",
    "no_face_down_prizes": lambda a: "every Prize card is face up",
    "first_turn": lambda a: f"it is {_owner(a[0])} first turn" if a else "it is the player's first turn",
    "new_this_turn": _new_this_turn,
    "no_matching_evolution": lambda a: "nothing in the hand evolves from that Pokémon (names must match)",
    "hand_face_up": lambda a: f"{_owner(a[0])} hand is played face up",
    "hand_holds": lambda a: f"{_owner(a[0])} hand already holds {text(a[1])} cards, and the card draws until it holds {text(a[2])}",
    "holds_at_most": lambda a: (f"{_holds(a[0], a[1])} {text(a[2])} cards, and the card moves cards only until it holds "
                                f"{text(a[3])}"),
    "already_has": lambda a: f"the Pokémon it would affect already has that Special Condition ({text(a[0])})",
    "none_in_play_to_count": lambda a: "no Pokémon in play fits what the card counts (\u201cfor each ... in play\u201d)",
    "none_fits": lambda a: f"no Pokémon in play fits the {text(a[0])} step's \u201ceach\u201d, or none it could change",
}


def _no_target(kind: Symbol) -> str:
    """Why no Pokémon fits an aimed step, as the encodings' target test (`target_ok`) reads for its kind."""
    k = text(kind)
    return {"heal": "no Pokémon the heal step may choose has damage counters on it that can be healed",
            "take": "no Pokémon the step may choose has a fitting card attached",
            "evolve": "no Pokémon the evolve step may choose has a card to evolve into",
            "cure": "no Pokémon the step may choose has a Special Condition",
            "devolve": "no Pokémon the devolve step may choose is an evolved Pokémon",
            "swapin": "no Pokémon the step may choose can be switched with a fitting card from the discard pile"}.get(
                k, f"there is no Pokémon the {k} step may choose")


def fact(why: Symbol) -> str:
    """The fact a reason term names, without its principle's conclusion (a wrapper adds its own)."""
    words = _FACTS.get(why.name) if why.type == SymbolType.Function else None
    said = words(why.arguments) if words is not None else None
    return describe(why) if said is None else said


def describe(why: Symbol) -> str:
    """English for one reason term (`_WORDS`: a reason's name -> its wording; anything else: its text)."""
    words = _WORDS.get(why.name) if why.type == SymbolType.Function else None
    said = words(why.arguments) if words is not None else None
    return str(why) if said is None else said


def _lasts(sym) -> str:
    """How long a lasting effect lasts, in words."""
    return {"turn": "until the end of this turn", "opponents_next_turn": "until the end of the opponent's next turn",
            "next_turn": "during the player's next turn",
            "game": "for the rest of the game"}.get(str(sym), str(sym))
