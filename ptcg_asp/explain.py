"""Turn the encodings' reason terms into sentences a judge can read."""
from __future__ import annotations

from clingo import Symbol, SymbolType

ZONES = {
    "hand": "hand", "deck": "deck", "discard": "discard pile", "lost_zone": "Lost Zone",
    "prizes": "face-down Prize cards", "prizes_up": "face-up Prize cards", "looked": "cards looked at",
    "bench": "Bench",
}


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


def _why_bench_full(a) -> str:
    if not a:
        return "the Bench already holds 5 Pokémon"
    return f"{'your' if text(a[0]) == 'me' else 'the opponent' + chr(39) + 's'} Bench is full, so no card can be put there"


def _why_stacked(a) -> str:
    if a[0].type == SymbolType.String:
        return f"{text(a[0])}: Poisoned and Burned are markers that stack with the other conditions"
    return f"{text(a[0])} is a marker: it stacks with the other conditions"


def _why_type_changed(a) -> str:
    source = {1: "an effect on it", 2: "its Poké-Body", 3: "its Tool"}.get(a[1].number, "an effect")
    return f"the attacker {text(a[0])} has the type(s) {source} gives it (a Tool ranks above a Poké-Body, which ranks above an effect)"


# A reason term's name -> the English for its arguments `a` (None: no wording for this shape).
_WORDS = {
    "empty": lambda a: f"{whose(a[0], a[1])} is empty, so the opponent can determine that no card can move",
    "bench_full": _why_bench_full,
    "all_copies_visible": lambda a: f"every copy of {text(a[1])} a deck may hold is in a known zone, so the opponent knows none is in the deck",
    "cannot_pay": lambda a: f"the cost needs {text(a[2])} card(s) from {whose(a[0], a[1])}, and fewer are there",
    "none_in": lambda a: f"no fitting card is in {whose(a[0], a[1])}, so the part would move nothing",
    "no_target": lambda a: f"there is no Pokémon the {text(a[0])} step could change",
    "no_change": lambda a: "carried out, the effect would not change the game state",
    "extra_changes_nothing": lambda a: "the extra part would change nothing, so its extra cost may not be paid",
    "protected_player": lambda a: "the opponent is protected from this card's effects; without the protection it would change their cards",
    "protected": lambda a: f"{text(a[0])} is protected from this card's effects; without the protection it would be changed",
    "lasting": lambda a: f"the lasting effect \u201c{text(a[0])}\u201d counts as a change even with nothing to affect yet",
    "shuffled": lambda a: f"{whose(a[0], a[1])} is shuffled after the search",
    "paid": lambda a: f"the cost is paid exactly as printed: {text(a[2])} card(s) from {whose(a[0], a[1])}",
    "may_find_none": lambda a: f"the opponent cannot determine whether {whose(a[0], a[1])} holds a fitting card, so taking none is allowed",
    "found_none": lambda a: f"nothing was taken from {whose(a[0], a[1])} (a whiff); the rest of the effect still happens",
    "must_take": lambda a: f"any card fits and {whose(a[0], a[1])} is not empty, so the opponent knows a card exists: one must be taken",
    "no_face_down_prizes": lambda a: "every Prize card is face up, so there is no unknown Prize to search",
    "then_skipped": lambda a: f"the part after \u201cthen\u201d cannot be carried out ({describe(a[0])}); the card is still played",
    "not_done": lambda a: "the optional part was not done, so what follows \u201cif you do\u201d does not happen",
    "first_part_skipped": lambda a: f"the first part cannot be carried out ({describe(a[0])}); the independent extra part is judged on its own",
    "extra_part_done": lambda a: "the TAG TEAM extra part is done",
    "ability_declared": lambda a: "an Ability is declared and judged like a Trainer card is played",
    "effect_skipped": lambda a: f"a part of the effect is skipped ({describe(a[0])}); the card or attack still counts as used",
    "trigger_declined": lambda a: "the triggered \u201cyou may\u201d effect is declined",
    "put_into_play": lambda a: f"a {text(a[0]).replace('_', ' ')} can be put into play; its effect is judged when it is carried out",
    "supporter_already_played": lambda a: "a Supporter was already played this turn",
    "first_turn_supporter": lambda a: "the first player cannot play a Supporter on their first turn",
    "stadium_already_played": lambda a: "a Stadium was already played this turn",
    "same_stadium_in_play": lambda a: f"{text(a[0])} is already in play",
    "energy_already_attached": lambda a: "an Energy was already attached from the hand this turn",
    "already_has_tool": lambda a: f"{_mon(a[0])} already has a Tool attached",
    "passive_ability": lambda a: "a passive Ability is always on; it is not declared",
    "bench_no_weakness": lambda a: "damage to a Benched Pokémon: no Weakness or Resistance",
    "counters_not_damage": lambda a: "damage counters are put as written: no Weakness, Resistance or damage modifiers",
    "marker_used": lambda a: f"the {'GX' if text(a[0]) == 'gx' else 'VSTAR'} marker is already used: one per game",
    "marker_turned": lambda a: f"the {'GX' if text(a[0]) == 'gx' else 'VSTAR'} marker is turned over (one per game)",
    "prism_star_to_lost_zone": lambda a: f"{text(a[0])} is a Prism Star card: it goes to the Lost Zone instead of the discard pile, and still counts as discarded",
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
    "confused_may_retreat": lambda a: "a Confused Pokémon may retreat",
    "retreat_paid": lambda a: f"the Retreat Cost is paid with {text(a[0])} Energy",
    "size": lambda a: f"the deck has {text(a[0])} cards, not 60",
    "too_many": lambda a: f"{text(a[1])} cards count as {text(a[0])}: at most 4 with the same name (Basic Energy excepted)",
    "no_basic_pokemon": lambda a: "the deck has no Basic Pokémon",
    "one_per_deck": lambda a: f"{text(a[1])} {text(a[0]).replace('_', ' ')} cards: at most 1 per deck",
    "prism_star": lambda a: f"{text(a[1])} Prism Star cards named {text(a[0])}: at most 1 with the same name",
    "deck_size": lambda a: f"the deck has {text(a[0])} cards",
    "not_active": lambda a: "this Ability works only while the Pokémon is in the Active Spot",
    "no_abilities": lambda a: f"the Stadium {text(a[0])} is in play: this Pokémon has no Abilities",
    "recovered": lambda a: f"{text(a[0])} can't be affected by Special Conditions now, so it has recovered from {text(a[1])}",
    "more_counters": lambda a: f"{text(a[0])} is {text(a[1])}: a passive effect adds {text(a[2])} HP of damage counters in the Checkup",
    "hp_changed": lambda a: f"{text(a[0])} has {text(a[1])} HP: its printed HP as passive effects (a Tool, a Stadium) change it",
    "discarded_after_use": lambda a: f"{text(a[0])} applied, so it is discarded (its text says so)",
    "cost_changed": lambda a: f"{text(a[0])} changes the attack's cost by {text(a[1])} Energy",
    "retreat_cost_changed": lambda a: f"{text(a[0])} changes the Retreat Cost: {text(a[1])} printed, {text(a[2])} to pay",
    "prizes_changed": lambda a: f"a passive effect on {text(a[0])} changes the Prize cards taken for it by {text(a[1])}",
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
    "immune": lambda a: f"{text(a[0])} can't be affected by any Special Conditions (its own text, or a passive effect on it)",
    "cannot_attack": lambda a: f"the lasting effect \u201c{text(a[0])}\u201d on the attacker forbids this attack",
    "hand_face_up": lambda a: f"{'your' if text(a[0]) == 'me' else 'the opponent' + chr(39) + 's'} hand is played face up: its cards are seen",
    "no_weakness": lambda a: f"{text(a[0])}'s Poké-Body: its player's Pokémon in play have no Weakness",
    "halved": lambda a: f"{text(a[0])}'s Poké-Body halves the damage it takes (rounded down to the nearest 10)",
    "locked": lambda a: f"{text(a[0])}'s Ability forbids playing this card now",
    "lock_stopped": lambda a: f"{text(a[0])}'s Ability stops working while it is {text(a[1])}",
    "cured": lambda a: f"the effect removes {text(a[0])} (every Special Condition goes)",
    "placed_on": lambda a: f"the lasting effect \u201c{text(a[0])}\u201d is placed on {text(a[1])} ({_lasts(a[2])})",
    "delayed_knock_out": lambda a: ((f"{text(a[0])} is to be Knocked Out when the effect runs out ({_lasts(a[1])}), unless it goes to "
        "the Bench, evolves or devolves first")),
    "effect_ends": lambda a: f"the lasting effect \u201c{text(a[0])}\u201d on {text(a[1])} ends: it went to the Bench, evolved or devolved",
    "evolved_this_turn_from": lambda a: f"this Pokémon evolved from {text(a[0])} during this turn",
    "plus_if": lambda a: f"the attack's condition holds: it does {text(a[0])} more damage",
    "devolved_is_new": lambda a: f"after devolving, {text(a[0])} counts as new this turn: it cannot evolve again this turn",
    "type_changed": _why_type_changed,
    "type_change": lambda a: f"the Pokémon becomes {text(a[0])} type until the end of the turn: a lasting effect, a change",
    "endured": lambda a: f"the attack's damage would Knock the Pokémon Out, but {text(a[0])}'s passive effect leaves it {text(a[1])} HP",
    "level_up_not_active": lambda a: "only the Active Pokémon can level up",
    "attacker_change": lambda a: f"{_source(a[0])} changes the damage by {text(a[1])} (before Weakness)",
    "defender_change": lambda a: f"{_source(a[0])} changes the damage taken by {text(a[1])} (after Resistance)",
    "stopped": lambda a: f"the damage is 0 or less after the {text(a[0])} step, so the calculation stops",
    "weakness": lambda a: f"the Defending Pokémon is weak to {text(a[0])}",
    "resistance": lambda a: f"the Defending Pokémon resists {text(a[0])}",
    "prevented": lambda a: "an effect prevents all damage to the Defending Pokémon",
    "unmet_condition": lambda a: "the card's printed condition on the game state does not hold",
    "first_turn_allowed": lambda a: f"{text(a[0])} says it may be used during the first player's first turn",
    "hidden_count": lambda a: f"the opponent cannot determine how many fitting cards {whose(a[0], a[1])} holds: any number up to the one named",
    "exact": lambda a: f"the count in {whose(a[0], a[1])} is known: exactly min({text(a[2])}, the cards there) must move",
    "all_or_any": lambda a: f"\u201c{'all' if text(a[2]) == 'all' else 'any number'}\u201d from {whose(a[0], a[1])}: 0 is an allowed amount",
    "up_to": lambda a: f"\u201cup to {text(a[2])}\u201d from {whose(a[0], a[1])} with a known count: at least 1 must move",
    "random_pick": lambda a: ((f"{text(a[2])} card(s) of {whose(a[0], a[1])} are picked without looking: which ones is an outcome, "
        "not a choice")),
    "top_cards": lambda a: f"{text(a[1])} cards are named and {text(a[2])} come from the top of the deck: min(named, deck size)",
    "one_card_shuffled": lambda a: f"{whose(a[0], a[1])} holds one card, which counts as shuffled",
    "healed": lambda a: f"{text(a[0])} damage is healed: min(named amount, damage on the Pokémon)",
    "unknown_contents": lambda a: f"{whose(a[0], a[1])} is unknown: earlier plays or searches tell the opponent nothing about it",
    "not_ruled_out": lambda a: f"fewer than the allowed copies of {text(a[0])} are visible, so the deck may still hold one",
    "then_done": lambda a: "the part after \u201cthen\u201d is carried out as far as it can be",
    "not_choosable": lambda a: f"{text(a[1])} x {text(a[0])} were moved there by this card's own earlier step and cannot be chosen",
    "turn_ends": lambda a: "the player's turn ends after this effect (no further action this turn)",
    "parts": lambda a: f"a TAG TEAM Supporter whose two parts are {text(a[0])}",
    "skipped_stage1": lambda a: f"the effect evolves the Basic Pokémon into {text(a[0])}, skipping the Stage 1 (as Rare Candy)",
    "attack_used": lambda a: "the attack counts as used whatever its effects can do",
    "newest_text": lambda a: f"{text(a[0])} is read with its newest printed text, which applies to every print",
    "condition": lambda a: f"the Pokémon is {text(a[0])}",
    "energy_cost_not_met": lambda a: "the attached Energy does not meet the attack's cost (type and count)",
    "first_turn_attack": lambda a: "the first player cannot attack on their first turn",
    "no_active_pokemon": lambda a: "there is no Active Pokémon",
    "first_turn": lambda a: "it is the player's first turn",
    "new_this_turn": lambda a: f"{_mon(a[0])} was put into play or evolved this turn",
    "no_matching_evolution": lambda a: "the card does not evolve from that Pokémon (names must match)",
    "trigger_done": lambda a: "the triggered \u201cyou may\u201d effect is used",
}


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
