"""Trainer leads composed with bodies, filters and places the grammar reads elsewhere (issue 13): invented variants a new
set could print, each locked as its exact translated effect, and the near variants that must stay unsupported. The
expected fields are read from the words (docs/vocabulary.md), not from the program."""
import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.read import yamlsrc
from ptcg_asp.cards.library import parse_cards
from ptcg_asp.cards.text.yamlout import flow

HOLDER = "the Pokémon this card is attached to"
KO = "is Knocked Out by damage from an attack from your opponent's Pokémon"
DAMAGED = ("is in the Active Spot and is damaged by an attack from your opponent's Pokémon (even if this Pokémon is "
           "Knocked Out)")


@pytest.mark.parametrize("kind,text,fields", [
    # a Knock Out lead with "more" Prize cards, as the lasting form reads it after a holder subject
    ("tool", f"If {HOLDER} {KO}, that player takes 1 more Prize card.",
     {"passive": [{"prize_change": {"amount": 1}}]}),
    ("tool", f"If the Pokémon ex this card is attached to {KO}, that player takes 1 fewer Prize card.",
     {"passive": [{"prize_change": {"amount": -1, "holder": {"tag": "ex"}}}]}),
    # the damaged-by-an-attack reaction with its one-shot discard in the same sentence ("Then, discard this card.")
    ("tool", f"If {HOLDER} {DAMAGED}, put 6 damage counters on the Attacking Pokémon, and discard this card.",
     {"passive": [{"when_damaged": {"counters_on_attacker": 6, "discard": True}}]}),
    ("tool", f"If {HOLDER} {DAMAGED}, draw 2 cards, and discard this card.",
     {"passive": [{"when_damaged": {"draw": 2, "discard": True}}]}),
    # the end-of-turn lead with the other place, and with the comma before its discard
    ("tool", f"At the end of your turn, if {HOLDER} is on your Bench, heal 30 damage from it.",
     {"passive": [{"end_of_turn": {"turn": "yours", "while": "bench", "heal": 30}}]}),
    ("tool", f"At the end of each turn, if {HOLDER} has 4 or more damage counters on it, heal 40 damage from it, and "
             "discard this card.",
     {"passive": [{"end_of_turn": {"turn": "each", "damage_min": 40, "heal": 40, "discard": True}}]}),
    # "takes N less damage" without the reminder: an effect on the damaged Pokémon is after W/R either way (DMG1)
    ("tool", f"The Pokémon ex this card is attached to takes 30 less damage from attacks from your opponent's Pokémon.",
     {"passive": [{"damage_change": {"amount": -30, "step": "defender", "holder": {"tag": "ex"}}}]}),
    ("stadium", "Benched Pokémon (both yours and your opponent's) take 30 less damage from attacks from the opponent's "
                "Pokémon.",
     {"passive": [{"damage_change": {"amount": -30, "step": "defender", "scope": "in_play", "while": "bench"}}]}),
    ("tool", "If the Pokémon this card is attached to is damaged by an attack from your opponent's {W} Pokémon, it takes "
             "60 less damage, and discard this card.",
     {"passive": [{"damage_change": {"amount": -60, "step": "defender", "other": {"type": "water"},
                                     "discard": True}}]}),
    # damage and effects prevented at once: the two protections the grammar reads one at a time (DMG4, A5)
    ("tool", f"Prevent all damage from and effects of attacks from your opponent's Pokémon done to the Basic Pokémon this "
             "card is attached to.",
     {"passive": [{"damage_change": {"amount": "prevent", "step": "defender", "holder": {"stage": "basic"}}},
                  {"protect": {"from": "attack", "covers": ["self"], "holder": {"stage": "basic"}}}]}),
    ("tool", f"As long as {HOLDER} is on your Bench, prevent all damage from and effects of attacks from your opponent's "
             "Pokémon done to it.",
     {"passive": [{"damage_change": {"amount": "prevent", "step": "defender", "while": "bench"}},
                  {"protect": {"from": "attack", "covers": ["self"], "while": "bench"}}]}),
    # an Energy condition of either of two types (Lake Acuity's words on other subjects)
    ("tool", f"If {HOLDER} has any {{W}} or {{F}} Energy attached, it gets +30 HP.",
     {"passive": [{"hp_change": {"amount": 30, "holder_energy_type": ["water", "fighting"]}}]}),
    ("stadium", "All Pokémon that have any Water or Fighting Energy attached (both yours and your opponent's) take 20 "
                "less damage from attacks from the opponent's Pokémon (after applying Weakness and Resistance).",
     {"passive": [{"damage_change": {"amount": -20, "step": "defender", "scope": "in_play",
                                     "holder_energy_type": ["water", "fighting"]}}]}),
    # "for each Prize card your opponent has taken" after an HP predicate (the `per` Brambleghast's Ability has)
    ("tool", f"The Basic Pokémon this card is attached to gets +20 HP for each Prize card your opponent has taken, and "
             "has no Retreat Cost.",
     {"passive": [{"hp_change": {"amount": 20, "per": "prizes_taken", "holder": {"stage": "basic"}}},
                  {"retreat_change": {"amount": "none", "holder": {"stage": "basic"}}}]}),
    # the lasting effect on all of the player's Pokémon with the other wording of its reminder (Fantina)
    ("supporter", "During your opponent's next turn, all of your Pokémon take 120 less damage from attacks from your "
                  "opponent's Pokémon V (after applying Weakness and Resistance). (This includes Pokémon that come into "
                  "play during that turn.)",
     {"effect": {"do": [{"modifier": {"name": "Test Card", "lasts": "opponents_next_turn", "reach": "player",
                                      "damage_change": -120, "step": "defender", "attacker": {"tag": "v"}}}]}}),
    # a count of one player's Prize cards as a Tool's lead (the holder's player is "you")
    ("tool", "If your opponent has 3 or fewer Prize cards remaining, the Pokémon this card is attached to takes 30 less "
             "damage from attacks from your opponent's Pokémon (after applying Weakness and Resistance).",
     {"passive": [{"damage_change": {"amount": -30, "step": "defender", "if": {"prizes": {"side": "opp", "max": 3}}}}]}),
    ("tool", "If you have exactly 1 Prize card remaining, the Pokémon this card is attached to gets +50 HP.",
     {"passive": [{"hp_change": {"amount": 50, "if": {"prizes": {"side": "me", "min": 1, "max": 1}}}}]}),
    # the Rule Box and Energy reminders with another list: reminders all the same
    ("tool", "If the Pokémon this card is attached to doesn't have a Rule Box, it gets +50 HP. (Pokémon ex, Mega "
             "Evolution Pokémon ex, etc. have Rule Boxes.)",
     {"passive": [{"hp_change": {"amount": 50, "holder": {"not": {"has": "rule_box"}}}}]}),
    # a number of attached cards off a group of Pokémon together (as "from your Benched Pokémon" is read elsewhere)
    ("supporter", "Discard up to 2 Pokémon Tools from your opponent's Pokémon.",
     {"effect": {"do": [{"discard_attached": {"target": {"side": "opp", "each": True}, "filter": {"kind": "tool"},
                                              "count": 2, "spread": True, "up_to": True}}]}}),
    ("item", "Discard up to 2 Special Energy from your opponent's Benched Pokémon.",
     {"effect": {"do": [{"discard_attached": {"target": {"side": "opp", "where": "bench", "each": True},
                                              "filter": {"kind": "special_energy"}, "count": 2, "spread": True,
                                              "up_to": True}}]}}),
    # a Stadium's plural subject with "recover from all Special Conditions"
    ("stadium", "Basic Pokémon in play (both yours and your opponent's) recover from all Special Conditions and can't be "
                "affected by any Special Conditions.",
     {"passive": [{"no_special_conditions": {"scope": "in_play", "holder": {"stage": "basic"}}}]}),
    # a Stadium in play as a condition of playing the card and as a step guard
    ("supporter", "You can use this card only if a Stadium is in play. Draw 3 cards.",
     {"effect": {"condition": [{"stadium": {}}], "do": [{"draw": 3}]}}),
    ("item", "You can use this card only if your opponent has a Stadium in play. Draw 2 cards.",
     {"effect": {"condition": [{"stadium": {"side": "opp"}}], "do": [{"draw": 2}]}}),
    ("item", "Draw 2 cards. If you have a Stadium in play, draw 2 more cards.",
     {"effect": {"do": [{"draw": 2}, {"draw": 2, "if_possible": True, "when": {"stadium": {"side": "me"}}}]}}),
])
def test_composed_trainer_variant_reads_as_printed(kind, text, fields):
    t = translate(kind, text, "Test Card")
    assert t.supported and t.fields == fields, t


@pytest.mark.parametrize("kind,text", [
    # a condition alone, or a Colorless "Energy type", or a type twice, is no Energy condition the vocabulary has
    ("tool", f"If {HOLDER} has any {{C}} or {{W}} Energy attached, it gets +30 HP."),
    ("tool", f"If {HOLDER} has any {{W}} or {{W}} Energy attached, it gets +30 HP."),
    # a Prize condition on a protection, and a protection with a negated holder: not read
    ("tool", "If you have more Prize cards remaining than your opponent, prevent all damage from and effects of attacks "
             "from your opponent's Pokémon done to the Pokémon this card is attached to."),
    ("tool", "Prevent all damage from and effects of attacks from your opponent's Pokémon done to the non-{W} Pokémon "
             "this card is attached to."),
    # a Stadium's "your opponent" is nobody's in particular: its Pokémon are both players'
    ("stadium", "Each Basic Pokémon in play (both yours and your opponent's) gets +20 HP for each Prize card your "
                "opponent has taken."),
    # another condition as a Tool's lead (evaluated for the acting player, not the holder's: not read), and a Prize
    # count as a Stadium's (whose "you"?)
    ("tool", "If you have any Tera Pokémon in play, the Pokémon this card is attached to gets +50 HP."),
    ("stadium", "If you have 3 or fewer Prize cards remaining, each Basic Pokémon in play (both yours and your "
                "opponent's) gets +30 HP."),
    # a parenthetical that only looks like the Rule Box reminder
    ("tool", "If the Pokémon this card is attached to doesn't have a Rule Box, it gets +50 HP. (Trainers etc. have Rule "
             "Boxes.)"),
    # one card off each of several Pokémon is read now (discard_attached `from_each`,
    # tests/test_trainer_families_wave2.py); a typed Energy off each is still not
    ("supporter", "Discard a {R} Energy from each of your opponent's Pokémon."),
    # "can't be affected by any Special Conditions" without "recovers": the vocabulary's entry says both
    ("tool", f"The Pokémon this card is attached to can't be affected by any Special Conditions."),
])
def test_near_variants_stay_unsupported(kind, text):
    assert not translate(kind, text, "Test Card").supported


def test_holder_energy_type_reader_takes_one_type_or_distinct_types():
    from ptcg_asp.read.errors import InputError

    def card(value):
        doc = flow([{"name": "Test Stadium", "kind": "stadium",
                     "passive": [{"damage_change": {"amount": -20, "step": "defender", "scope": "in_play",
                                                    "holder_energy_type": value}}]}])
        return parse_cards(yamlsrc.parse(doc, "<t>"), "<t>", "cards")

    assert card("water")
    assert card(["water", "fighting"])
    for bad in (["water"], ["water", "water"], ["water", "plasma"]):
        with pytest.raises(InputError):
            card(bad)


def test_rule_box_reminder_with_another_list_is_reported_as_skipped():
    text = ("If the Pokémon this card is attached to doesn't have a Rule Box, it gets +50 HP. (Pokémon ex, Mega Evolution "
            "Pokémon ex, etc. have Rule Boxes.)")
    assert translate("tool", text, "Test Card").skipped == ("(Pokémon ex, Mega Evolution Pokémon ex, etc. have Rule Boxes.)",)
