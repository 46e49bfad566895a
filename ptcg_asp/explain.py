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
    kind = "Tool" if sym.name == "tool" else "lasting effect"
    return f"the {kind} {text(sym.arguments[0])}"


def describe(why: Symbol) -> str:
    """English for one reason term."""
    name = why.name if why.type == SymbolType.Function else ""
    a = why.arguments if why.type == SymbolType.Function else []
    if name == "empty":
        return f"{whose(a[0], a[1])} is empty, so the opponent can determine that no card can move"
    if name == "bench_full" and not a:
        return "the Bench already holds 5 Pokémon"
    if name == "bench_full":
        return f"{'your' if text(a[0]) == 'me' else 'the opponent' + chr(39) + 's'} Bench is full, so no card can be put there"
    if name == "all_copies_visible":
        return f"every copy of {text(a[1])} a deck may hold is in a known zone, so the opponent knows none is in the deck"
    if name == "cannot_pay":
        return f"the cost needs {text(a[2])} card(s) from {whose(a[0], a[1])}, and fewer are there"
    if name == "none_in":
        return f"no fitting card is in {whose(a[0], a[1])}, so the part would move nothing"
    if name == "no_target":
        return f"there is no Pokémon the {text(a[0])} step could change"
    if name == "no_change":
        return "carried out, the effect would not change the game state"
    if name == "extra_changes_nothing":
        return "the extra part would change nothing, so its extra cost may not be paid"
    if name == "protected_player":
        return "the opponent is protected from this card's effects; without the protection it would change their cards"
    if name == "protected":
        return f"{text(a[0])} is protected from this card's effects; without the protection it would be changed"
    if name == "lasting":
        return f"the lasting effect \u201c{text(a[0])}\u201d counts as a change even with nothing to affect yet"
    if name == "shuffled":
        return f"{whose(a[0], a[1])} is shuffled after the search"
    if name == "paid":
        return f"the cost is paid exactly as printed: {text(a[2])} card(s) from {whose(a[0], a[1])}"
    if name == "may_find_none":
        return f"the opponent cannot determine whether {whose(a[0], a[1])} holds a fitting card, so taking none is allowed"
    if name == "found_none":
        return f"nothing was taken from {whose(a[0], a[1])} (a whiff); the rest of the effect still happens"
    if name == "must_take":
        return f"any card fits and {whose(a[0], a[1])} is not empty, so the opponent knows a card exists: one must be taken"
    if name == "no_face_down_prizes":
        return "every Prize card is face up, so there is no unknown Prize to search"
    if name == "then_skipped":
        return f"the part after \u201cthen\u201d cannot be carried out ({describe(a[0])}); the card is still played"
    if name == "not_done":
        return "the optional part was not done, so what follows \u201cif you do\u201d does not happen"
    if name == "first_part_skipped":
        return f"the first part cannot be carried out ({describe(a[0])}); the independent extra part is judged on its own"
    if name == "extra_part_done":
        return "the TAG TEAM extra part is done"
    if name == "ability_declared":
        return "an Ability is declared and judged like a Trainer card is played"
    if name == "effect_skipped":
        return f"a part of the effect is skipped ({describe(a[0])}); the card or attack still counts as used"
    if name == "trigger_declined":
        return "the triggered \u201cyou may\u201d effect is declined"
    if name == "put_into_play":
        return f"a {text(a[0]).replace('_', ' ')} can be put into play; its effect is judged when it is carried out"
    if name == "supporter_already_played":
        return "a Supporter was already played this turn"
    if name == "first_turn_supporter":
        return "the first player cannot play a Supporter on their first turn"
    if name == "stadium_already_played":
        return "a Stadium was already played this turn"
    if name == "same_stadium_in_play":
        return f"{text(a[0])} is already in play"
    if name == "energy_already_attached":
        return "an Energy was already attached from the hand this turn"
    if name == "already_has_tool":
        return f"{_mon(a[0])} already has a Tool attached"
    if name == "passive_ability":
        return "a passive Ability is always on; it is not declared"
    if name == "bench_no_weakness":
        return "damage to a Benched Pokémon: no Weakness or Resistance"
    if name == "counters_not_damage":
        return "damage counters are put as written: no Weakness, Resistance or damage modifiers"
    if name == "marker_used":
        return f"the {'GX' if text(a[0]) == 'gx' else 'VSTAR'} marker is already used: one per game"
    if name == "marker_turned":
        return f"the {'GX' if text(a[0]) == 'gx' else 'VSTAR'} marker is turned over (one per game)"
    if name == "prism_star_to_lost_zone":
        return f"{text(a[0])} is a Prism Star card: it goes to the Lost Zone instead of the discard pile, and still counts as discarded"
    if name == "decided_after_looking":
        return "the part uses cards the effect looks at: it cannot decide whether the card can be played, and is done as far as it can be"
    if name == "took_last_prize":
        return "a player has taken their last Prize card"
    if name == "no_pokemon_in_play":
        return f"{'you have' if text(a[0]) == 'me' else 'the opponent has'} no Pokémon in play"
    if name == "cannot_draw":
        return "the opponent's deck is empty: they cannot draw at the start of their turn"
    if name == "more_conditions":
        return "both players meet winning conditions; the one who meets more wins"
    if name == "sudden_death":
        return "both players meet as many winning conditions: Sudden Death (one Prize card each)"
    if name == "no_active":
        return "a player has no Active Pokémon"
    if name == "not_basic":
        return f"{text(a[0])} cannot be put into play during setup (not a Basic Pokémon)"
    if name == "evolved_in_setup":
        return "nothing evolves during setup"
    if name == "attached_in_setup":
        return "nothing is attached during setup"
    if name == "damage_in_setup":
        return "no Pokémon has damage at setup"
    if name == "prizes":
        return f"a player has {text(a[0])} Prize cards, not 6"
    if name == "face_up_prizes":
        return "Prize cards are set face down"
    if name == "cards_in":
        return f"the {ZONES.get(text(a[0]), text(a[0]))} is not empty at setup"
    if name == "opening_hand":
        return f"{text(a[0])} cards in hand and in play: 7, plus at most one per mulligan of the opponent"
    if name == "total_cards":
        return f"{text(a[0])} cards in all, not 60"
    if name == "extra_draws":
        return f"{'you' if text(a[0]) == 'me' else 'the opponent'} drew {text(a[1])} extra card(s) for the other player's mulligans"
    if name == "setup_ok":
        return "setup: 7 cards, a Basic Active Pokémon, up to 5 Benched, 6 Prize cards"
    if name == "order":
        return "the checkup goes Poisoned, Burned, Asleep, Paralyzed"
    if name == "poisoned":
        return f"{text(a[0])} is Poisoned: 1 damage counter"
    if name == "burned":
        return f"{text(a[0])} is Burned: damage counters and a flip (the era's numbers)"
    if name == "asleep":
        return f"{text(a[0])} is Asleep: heads, it wakes up"
    if name == "paralysis_ends":
        return f"{text(a[0])} recovers from Paralysis at the end of its owner's turn"
    if name == "stacked" and a[0].type == SymbolType.String:
        return f"{text(a[0])}: Poisoned and Burned are markers that stack with the other conditions"
    if name == "stacked":
        return f"{text(a[0])} is a marker: it stacks with the other conditions"
    if name == "replaced":
        return f"{text(a[1])} replaces {text(a[0])} (Asleep, Paralyzed and Confused replace each other)"
    if name == "bench_full" and not a:
        return "the Bench already holds 5 Pokémon"
    if name == "retreat_cost_unpaid":
        return f"the Retreat Cost is {text(a[0])} but the attached Energy provides {text(a[1])}"
    if name == "already_retreated":
        return "the player already retreated this turn"
    if name == "cannot_retreat":
        return f"the Active Pokémon is {text(a[0])} and cannot retreat"
    if name == "conditions_removed":
        return f"moving to the Bench removes {text(a[0])}"
    if name == "confused_may_retreat":
        return "a Confused Pokémon may retreat"
    if name == "retreat_paid":
        return f"the Retreat Cost is paid with {text(a[0])} Energy"
    if name == "size":
        return f"the deck has {text(a[0])} cards, not 60"
    if name == "too_many":
        return f"{text(a[1])} cards count as {text(a[0])}: at most 4 with the same name (Basic Energy excepted)"
    if name == "no_basic_pokemon":
        return "the deck has no Basic Pokémon"
    if name == "one_per_deck":
        return f"{text(a[1])} {text(a[0]).replace('_', ' ')} cards: at most 1 per deck"
    if name == "prism_star":
        return f"{text(a[1])} Prism Star cards named {text(a[0])}: at most 1 with the same name"
    if name == "deck_size":
        return f"the deck has {text(a[0])} cards"
    if name == "not_active":
        return "this Ability works only while the Pokémon is in the Active Spot"
    if name == "no_abilities":
        return f"the Stadium {text(a[0])} is in play: this Pokémon has no Abilities"
    if name == "when_damaged":
        return f"the Defending Pokémon was damaged by the attack: its {text(a[0])} puts damage counters on the attacker"
    if name == "flip_for":
        return f"before the attack, a coin is flipped for {_flip_cause(a[0])}"
    if name == "attack_failed":
        return f"the coin for {_flip_cause(a[0])} came up tails: the attack does not happen"
    if name == "confused_attack":
        return "a Confused Pokémon may attack, but must flip a coin first"
    if name == "knocked_out":
        return f"{text(a[0])} is Knocked Out: {text(a[1])} Prize card(s)"
    if name == "base":
        return f"base damage {text(a[0])}"
    if name == "base_instead":
        return f"the attack's condition holds: its base damage is {text(a[0])} instead of the printed number"
    if name == "came_into_play_this_turn":
        return f"{text(a[0])} came into play this turn (put into play, evolved or devolved this turn; switching does not change that)"
    if name == "not_the_same_pokemon":
        return (f"{text(a[0])} evolved or devolved this turn: it is not the Pokémon that was damaged last turn, "
                "so that fact is not about it")
    if name == "no_retreat_rule":
        return f"{text(a[0])} can't retreat (its own text)"
    if name == "immune":
        return f"{text(a[0])} can't be affected by any Special Conditions (its own text)"
    if name == "cannot_attack":
        return f"the lasting effect \u201c{text(a[0])}\u201d on the attacker forbids this attack"
    if name == "hand_face_up":
        return f"{'your' if text(a[0]) == 'me' else 'the opponent' + chr(39) + 's'} hand is played face up: its cards are seen"
    if name == "no_weakness":
        return f"{text(a[0])}'s Poké-Body: its player's Pokémon in play have no Weakness"
    if name == "halved":
        return f"{text(a[0])}'s Poké-Body halves the damage it takes (rounded down to the nearest 10)"
    if name == "locked":
        return f"{text(a[0])}'s Ability forbids playing this card now"
    if name == "lock_stopped":
        return f"{text(a[0])}'s Ability stops working while it is {text(a[1])}"
    if name == "cured":
        return f"the effect removes {text(a[0])} (every Special Condition goes)"
    if name == "placed_on":
        return f"the lasting effect \u201c{text(a[0])}\u201d is placed on {text(a[1])} ({_lasts(a[2])})"
    if name == "delayed_knock_out":
        return (f"{text(a[0])} is to be Knocked Out when the effect runs out ({_lasts(a[1])}), unless it goes to "
                "the Bench, evolves or devolves first")
    if name == "effect_ends":
        return f"the lasting effect \u201c{text(a[0])}\u201d on {text(a[1])} ends: it went to the Bench, evolved or devolved"
    if name == "evolved_this_turn_from":
        return f"this Pokémon evolved from {text(a[0])} during this turn"
    if name == "plus_if":
        return f"the attack's condition holds: it does {text(a[0])} more damage"
    if name == "devolved_is_new":
        return f"after devolving, {text(a[0])} counts as new this turn: it cannot evolve again this turn"
    if name == "type_changed":
        source = {1: "an effect on it", 2: "its Poké-Body", 3: "its Tool"}.get(a[1].number, "an effect")
        return f"the attacker {text(a[0])} has the type(s) {source} gives it (a Tool ranks above a Poké-Body, which ranks above an effect)"
    if name == "type_change":
        return f"the Pokémon becomes {text(a[0])} type until the end of the turn: a lasting effect, a change"
    if name == "endured":
        return f"{text(a[0])} would be Knocked Out by the attack's damage, but its Poké-Body leaves it {text(a[1])} HP"
    if name == "level_up_not_active":
        return "only the Active Pokémon can level up"
    if name == "attacker_change":
        return f"{_source(a[0])} changes the damage by {text(a[1])} (before Weakness)"
    if name == "defender_change":
        return f"{_source(a[0])} changes the damage taken by {text(a[1])} (after Resistance)"
    if name == "stopped":
        return f"the damage is 0 or less after the {text(a[0])} step, so the calculation stops"
    if name == "weakness":
        return f"the Defending Pokémon is weak to {text(a[0])}"
    if name == "resistance":
        return f"the Defending Pokémon resists {text(a[0])}"
    if name == "prevented":
        return "an effect prevents all damage to the Defending Pokémon"
    if name == "unmet_condition":
        return "the card's printed condition on the Pokémon in play does not hold"
    if name == "hidden_count":
        return f"the opponent cannot determine how many fitting cards {whose(a[0], a[1])} holds: any number up to the one named"
    if name == "exact":
        return f"the count in {whose(a[0], a[1])} is known: exactly min({text(a[2])}, the cards there) must move"
    if name == "all_or_any":
        return f"\u201c{'all' if text(a[2]) == 'all' else 'any number'}\u201d from {whose(a[0], a[1])}: 0 is an allowed amount"
    if name == "up_to":
        return f"\u201cup to {text(a[2])}\u201d from {whose(a[0], a[1])} with a known count: at least 1 must move"
    if name == "random_pick":
        return (f"{text(a[2])} card(s) of {whose(a[0], a[1])} are picked without looking: which ones is an outcome, "
                "not a choice")
    if name == "top_cards":
        return f"{text(a[1])} cards are named and {text(a[2])} come from the top of the deck: min(named, deck size)"
    if name == "one_card_shuffled":
        return f"{whose(a[0], a[1])} holds one card, which counts as shuffled"
    if name == "healed":
        return f"{text(a[0])} damage is healed: min(named amount, damage on the Pokémon)"
    if name == "unknown_contents":
        return f"{whose(a[0], a[1])} is unknown: earlier plays or searches tell the opponent nothing about it"
    if name == "not_ruled_out":
        return f"fewer than the allowed copies of {text(a[0])} are visible, so the deck may still hold one"
    if name == "then_done":
        return "the part after \u201cthen\u201d is carried out as far as it can be"
    if name == "parts":
        return f"a TAG TEAM Supporter whose two parts are {text(a[0])}"
    if name == "skipped_stage1":
        return f"the effect evolves the Basic Pokémon into {text(a[0])}, skipping the Stage 1 (as Rare Candy)"
    if name == "attack_used":
        return "the attack counts as used whatever its effects can do"
    if name == "newest_text":
        return f"{text(a[0])} is read with its newest printed text, which applies to every print"
    if name == "condition":
        return f"the Pokémon is {text(a[0])}"
    if name == "energy_cost_not_met":
        return "the attached Energy does not meet the attack's cost (type and count)"
    if name == "first_turn_attack":
        return "the first player cannot attack on their first turn"
    if name == "no_active_pokemon":
        return "there is no Active Pokémon"
    if name == "first_turn":
        return "it is the player's first turn"
    if name == "new_this_turn":
        return f"{_mon(a[0])} was put into play or evolved this turn"
    if name == "no_matching_evolution":
        return "the card does not evolve from that Pokémon (names must match)"
    if name == "trigger_done":
        return "the triggered \u201cyou may\u201d effect is used"
    return str(why)


def _lasts(sym) -> str:
    """How long a lasting effect lasts, in words."""
    return {"turn": "until the end of this turn", "opponents_next_turn": "until the end of the opponent's next turn",
            "next_turn": "during the player's next turn",
            "game": "for the rest of the game"}.get(str(sym), str(sym))
