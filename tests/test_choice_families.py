"""Trainer sentence families built around choices (issue 13, generalisation): each family is fed INVENTED sentences --
other numbers, filters, verbs -- and locked as its exact translated fields, read from the words (docs/vocabulary.md),
not from the program; near variants whose reading would be a guess must stay unsupported.

Families: "If you do" inside a menu option ("Choose 1: • A. If you do, B. • C"); the opponent's answer ("Ask your
opponent if ... If yes, A. If no, B."); keeping N cards of the hand ("Choose a card in your hand, and discard the other
cards"); "draw that many cards plus N"; "from it" after a revealed hand; a search split between the hand and the rest
("... and put 1 of them into your hand. Attach the other to ..."); taking a Prize card. And the solver's side: the
opponent's answer is listed as the opponent's choice, and an answer that cannot be carried out stops the card (A6)."""
import pytest

from ptcg_asp.cards.text import translate


def fields(kind: str, text: str, name: str = "Test Card") -> dict:
    t = translate(kind, text, name)
    assert t.supported, t.unsupported
    return t.fields


def refused(kind: str, text: str, name: str = "Test Card") -> bool:
    return not translate(kind, text, name).supported


# ---- "If you do" inside a menu option -------------------------------------------------------------------------------

def test_if_you_do_after_a_mandatory_step_in_an_option():
    got = fields("supporter", "Choose 1: • Discard 2 cards from your hand. If you do, draw 3 cards. • Heal 30 damage "
                              "from your Active Pokémon.")
    assert got == {"effect": {"do": [{"choose": {"options": [
        [{"move": {"from": "hand", "to": "discard", "count": 2}, "label": "step1"},
         {"draw": 3, "if_done": "step1", "if_possible": True}],
        [{"heal": {"amount": 30, "target": {"side": "me", "where": "active"}}}]]}}]}}


def test_if_you_do_after_an_optional_step_in_an_option():
    got = fields("item", "Choose 1: • Draw a card. • You may discard a card from your hand. If you do, draw 2 cards.")
    assert got["effect"]["do"][0]["choose"]["options"][1] == [
        {"may": [{"move": {"from": "hand", "to": "discard", "count": 1}}], "if_you_do": [{"draw": 2}]}]


@pytest.mark.parametrize("text", [
    # two steps before "If you do" in the option: which one it refers to is not said
    "Choose 1: • Discard a card from your hand and draw a card. If you do, draw 2 cards. • Draw a card.",
    # "If you do" right after the menu's line, before any option
    "Choose 1: If you do, draw 2 cards. • Draw a card. • Draw 2 cards.",
])
def test_if_you_do_in_an_option_near_variants_refused(text):
    assert refused("supporter", text)


# ---- the opponent's answer ------------------------------------------------------------------------------------------

def test_the_opponents_answer_is_a_choice_of_the_opponent():
    got = fields("supporter", "Ask your opponent if you may draw 3 cards. If yes, draw 3 cards. If no, each player "
                              "takes 2 Prize cards.")
    assert got == {"effect": {"do": [{"choose": {"by": "opp", "options": [
        [{"draw": 3}],
        [{"move": {"from": "prizes", "to": "hand", "count": 2, "random": True}, "player": "each"}]]}}]}}


@pytest.mark.parametrize("text", [
    "Ask your opponent if you may draw 3 cards. If yes, draw 3 cards.",                          # no answer "no"
    "Ask your opponent if you may draw 3 cards. If no, draw 3 cards. If yes, draw a card.",      # not in order
    "If yes, draw 3 cards. If no, draw a card.",                                                 # nothing asked
    "Choose 1: • Draw 3 cards. If yes, draw a card. • Draw a card.",                             # an answer in a menu
    "Ask your opponent if you may draw 3 cards. If yes, draw 3 cards. If no, draw a card. • Draw 2 cards.",
])
def test_the_opponents_answer_near_variants_refused(text):
    assert refused("supporter", text)


# ---- keeping N cards of the hand ------------------------------------------------------------------------------------

def test_keep_one_card_and_discard_the_others_each_as_far_as_it_can_be():
    # no cost: the discard is the first part (T1, seed 000 Q7), so an empty deck does not stop the card
    got = fields("supporter", "Choose a card in your hand, and discard the other cards. If you do, draw 5 cards. (If "
                              "you have no other cards in your hand, you can't use this card.)")
    assert got == {"effect": {"condition": [{"hand": {"side": "me", "min": 1}}],
                              "do": [{"move": {"from": "hand", "to": "discard", "count": {"down_to": 1}},
                                      "if_possible": True},
                                     {"draw": 5, "if_possible": True}]}}


def test_keep_two_cards_and_shuffle_the_others_into_the_deck():
    got = fields("item", "Choose 2 cards in your hand, and shuffle the other cards into your deck.")
    assert got == {"effect": {"do": [{"move": {"from": "hand", "to": "deck", "count": {"down_to": 2}}},
                                     {"shuffle": "deck"}]}}


@pytest.mark.parametrize("text", [
    # keeping 2 with the reminder "no other cards": with 1 other card the reminder does not say
    "Choose 2 cards in your hand, and discard the other cards. If you do, draw 5 cards. (If you have no other cards "
    "in your hand, you can't use this card.)",
    "Choose up to 2 cards in your hand, and discard the other cards.",            # no exact number kept
    "Choose a card in your opponent's hand, and discard the other cards.",       # another player's hand
])
def test_keep_near_variants_refused(text):
    assert refused("supporter", text)


# ---- "that many cards plus N" ---------------------------------------------------------------------------------------

def test_that_many_plus_n():
    got = fields("supporter", "Count the cards in your hand, shuffle those cards into your deck, then draw that many "
                              "cards plus 2.")
    assert got == {"effect": {"do": [{"move": {"from": "hand", "to": "deck", "count": "all"}, "label": "step1"},
                                     {"shuffle": "deck"}],
                              "then": [{"draw": {"count": {"moved": "step1", "plus": 2}}}]}}


def test_that_many_plus_n_near_variant_refused():
    assert refused("supporter", "Draw that many cards plus 2.")   # no step before it to count


# ---- "from it" after a revealed hand --------------------------------------------------------------------------------

def test_from_it_after_a_revealed_hand():
    got = fields("supporter", "Your opponent reveals their hand. Discard up to 3 in any combination of Item cards and "
                              "Supporter cards from it.")
    assert got == {"effect": {"do": [
        {"reveal": "hand", "player": "opp"},
        {"move": {"from": "hand", "to": "discard", "filter": {"any_of": [{"kind": "item"}, {"kind": "supporter"}]},
                  "count": 3, "up_to": True}, "player": "opp"}]}}


@pytest.mark.parametrize("text", [
    "Look at the top 5 cards of your deck. Discard an Item card from it.",   # cards looked at: not "it"
    "Discard an Item card from it.",                                         # nothing revealed
])
def test_from_it_near_variants_refused(text):
    assert refused("supporter", text)


# ---- a search split between the hand and the rest -------------------------------------------------------------------

def test_search_put_one_into_the_hand_attach_the_other():
    got = fields("supporter", "Search your deck for up to 3 Basic Energy cards of different types, reveal them, and "
                              "put 1 of them into your hand. Attach the others to your Pokémon in any way you like. "
                              "Then, shuffle your deck.")
    do = got["effect"]["do"]
    assert do[0] == {"search": {"zone": "deck", "filter": {"kind": "basic_energy"}, "count": 3, "up_to": True,
                                "to": "looked", "distinct": "type"}}
    assert do[1] == {"move": {"from": "looked", "to": "hand", "count": 1}}
    assert do[2]["attach"]["from"] == "looked" and do[2]["attach"]["count"] == "all"
    assert do[2]["attach"]["spread"] is True
    assert "then" not in got["effect"]   # "Then, shuffle your deck." is the search's own shuffle (A8)


@pytest.mark.parametrize("text", [
    # "the other" with no search that set cards aside
    "Search your deck for a Basic Energy card, reveal it, and put it into your hand. Attach the other to 1 of your "
    "Pokémon.",
    # putting as many as were searched for into the hand: nothing is "the other"
    "Search your deck for up to 2 Basic Energy cards, reveal them, and put 2 of them into your hand.",
    "Attach the other to 1 of your Pokémon.",
])
def test_split_search_near_variants_refused(text):
    assert refused("supporter", text)


# ---- the solver: the opponent's answer ------------------------------------------------------------------------------

SCENARIO = """
id: opp-answer
title: the opponent's answer
source: test
cards:
  - name: Test Question
    kind: supporter
    text: "Ask your opponent if you may draw 3 cards. If yes, draw 3 cards. If no, heal 30 damage from your Active Pokémon."
state:
  me:
    active: {{card: Pikachu, damage: {damage}}}
    hand: [Test Question]
    deck: 10
    prizes: 6
  opp:
    active: Snorlax
    deck: 20
    prizes: 6
action:
  play: {{card: Test Question}}
"""


def _result(damage: int):
    import ptcg_asp
    return ptcg_asp.check(SCENARIO.format(damage=damage), timeout=60.0)


def test_each_answer_of_the_opponent_is_a_resolution_said_to_be_theirs():
    # 30 damage on the Active Pokémon: "yes" draws 3 cards, "no" heals 30 -- both can be carried out
    r = _result(30)
    assert r.verdict == "legal" and r.resolution_count == 2
    answers = sorted((c.amount, c.player, c.text) for res in r.resolutions for c in res.choices
                     if c.kind == "opponent_choice")
    assert answers == [(1, "opp", "the opponent chooses answer 1"), (2, "opp", "the opponent chooses answer 2")]


def test_an_answer_that_changes_nothing_stops_the_card():
    # no damage on the Active Pokémon: the answer "no" would change nothing (A3), and the player cannot choose the
    # answer, so the card cannot be played (A6)
    r = _result(0)
    assert r.verdict == "illegal"
    assert [b.principle for b in r.because] == ["A6"]
    assert "answer 2" in r.because[0].detail


# ---- the opponent picks cards among the revealed ones ----------------------------------------------------------------

def test_the_opponent_chooses_revealed_cards():
    got = fields("supporter", "Reveal the top 6 cards of your deck and have your opponent choose 3 of them. Put the "
                              "chosen cards into your hand and discard the remaining cards.")
    # "Reveal the top 6": the cards are shown to both players (look_top revealed, seed 000 conclusion 2)
    assert got == {"effect": {"do": [{"look_top": {"count": 6, "revealed": True}},
                                     {"move": {"from": "looked", "to": "hand", "count": 3, "chooser": "opp"}},
                                     {"move": {"from": "looked", "to": "discard", "count": "all"}}]}}


@pytest.mark.parametrize("text", [
    # nothing said of the chosen cards
    "Reveal the top 5 cards of your deck and have your opponent choose 2 of them.",
    # the chosen and the remaining cards to the same place: not two groups
    "Reveal the top 5 cards of your deck and have your opponent choose 2 of them. Discard the chosen cards and discard "
    "the remaining cards.",
    # no choice of the opponent's before "the chosen cards"
    "Reveal the top 5 cards of your deck. Discard the chosen cards and put the remaining cards into your hand.",
    # as many chosen as revealed
    "Reveal the top 2 cards of your deck and have your opponent choose 2 of them. Discard the chosen cards and put the "
    "remaining cards into your hand.",
])
def test_the_opponent_chooses_near_variants_refused(text):
    assert refused("supporter", text)


def test_the_opponents_pick_is_said_to_be_theirs():
    import ptcg_asp
    case = """
id: opp-pick
title: the opponent's pick
source: test
cards:
  - name: Test Pick
    kind: supporter
    text: "Reveal the top 5 cards of your deck and have your opponent choose 2 of them. Discard the chosen cards and put the remaining cards into your hand."
state:
  me:
    active: Pikachu
    hand: [Test Pick]
    deck: [Potion, Potion, Switch]
    prizes: 6
  opp:
    active: Snorlax
    deck: 20
    prizes: 6
action:
  play: {card: Test Pick}
"""
    r = ptcg_asp.check(case, timeout=60.0)
    # by hand: 3 cards revealed (Q5); the opponent discards 2 Potion or Potion and Switch: 2 resolutions
    assert r.verdict == "legal" and r.resolution_count == 2
    picks = [c for res in r.resolutions for c in res.choices if c.kind == "take"]
    assert picks and all("the opponent chooses" in c.text for c in picks)


# ---- looking at the face-down Prize cards ---------------------------------------------------------------------------

def test_look_at_your_face_down_prize_cards():
    assert fields("supporter", "Draw 3 cards. Look at your face-down Prize cards.") == {
        "effect": {"do": [{"draw": 3}, {"look": "prizes"}]}}


@pytest.mark.parametrize("text", [
    "Draw 3 cards. Look at your opponent's face-down Prize cards.",   # another player's Prize cards: not read
    # a card taken from the Prize cards looked at: a search of the Prize cards, not a look (not read)
    "Look at your face-down Prize cards. Put a card you find there into your hand.",
])
def test_look_near_variants_refused(text):
    assert refused("supporter", text)


# ---- the opponent's guess -------------------------------------------------------------------------------------------

TYME_LIKE = ("Tell your opponent the name of a Pokémon in your hand and put that Pokémon face down in front of you. "
             "Your opponent guesses that Pokémon's HP, and then you reveal it. If your opponent guessed right, they "
             "draw {right} cards. If they guessed wrong, you draw {wrong} cards. Then, return the Pokémon to your "
             "hand.")


def test_the_opponents_guess_is_a_choice_of_the_opponent():
    got = fields("supporter", TYME_LIKE.format(right=2, wrong=5))
    assert got == {"effect": {"condition": [{"hand": {"side": "me", "min": 1, "filter": {"kind": "pokemon"}}}],
                              "do": [{"choose": {"by": "opp", "options": [[{"draw": 2, "player": "opp"}],
                                                                          [{"draw": 5}]]}}]}}


@pytest.mark.parametrize("text", [
    TYME_LIKE.replace(" Then, return the Pokémon to your hand.", ""),              # the Pokémon never comes back
    TYME_LIKE.replace("If your opponent guessed right, they draw {right} cards. ", ""),   # one answer only
    TYME_LIKE.replace("a Pokémon in your hand", "a Trainer card in your hand"),    # not a Pokémon: no HP to guess
])
def test_the_opponents_guess_near_variants_refused(text):
    assert refused("supporter", text.format(right=2, wrong=5))


def test_a_hand_condition_with_a_filter_needs_every_card_of_the_hand_named():
    import ptcg_asp
    case = """
id: guess
title: the opponent's guess with an unnamed hand
source: test
cards:
  - name: Test Guess
    kind: supporter
    text: "Tell your opponent the name of a Pokémon in your hand and put that Pokémon face down in front of you. Your opponent guesses that Pokémon's HP, and then you reveal it. If your opponent guessed right, they draw 2 cards. If they guessed wrong, you draw 5 cards. Then, return the Pokémon to your hand."
state:
  me:
    active: Pikachu
    hand: [Test Guess, HAND]
    deck: 10
    prizes: 6
  opp:
    active: Snorlax
    deck: 20
    prizes: 6
action:
  play: {card: Test Guess}
"""
    assert ptcg_asp.check(case.replace("HAND", "Charmander"), timeout=60.0).verdict == "legal"
    # by hand: no Pokémon in the hand, so nothing to name (A1)
    assert ptcg_asp.check(case.replace("HAND", "Potion"), timeout=60.0).verdict == "illegal"
    # unnamed cards: whether one is a Pokémon is not said -- no verdict
    with pytest.raises(ptcg_asp.UnsupportedError):
        ptcg_asp.check(case.replace("HAND", "3"), timeout=60.0)


def test_taking_a_prize_card_with_face_up_prize_cards_gets_no_verdict():
    import ptcg_asp
    case = """
id: take-prize
title: take a Prize card
source: test
cards:
  - name: Test Take
    kind: supporter
    text: "Each player takes a Prize card."
state:
  me:
    active: Pikachu
    hand: [Test Take]
    deck: 10
    prizes: PRIZES
  opp:
    active: Snorlax
    deck: 20
    prizes: 3
action:
  play: {card: Test Take}
"""
    # by hand: each player takes one of their face-down Prize cards without looking (an outcome): 1 resolution
    r = ptcg_asp.check(case.replace("PRIZES", "4"), timeout=60.0)
    assert r.verdict == "legal" and r.resolution_count == 1
    assert r.moved == {"prizes>hand": [1], "opp.prizes>opp.hand": [1]}
    # a face-up Prize card could be the one taken: not said, no verdict
    with pytest.raises(ptcg_asp.UnsupportedError):
        ptcg_asp.check(case.replace("PRIZES", "[{card: Potion, face_up: true}, 3]"), timeout=60.0)


# ---- "flip a coin until you get tails. For each heads, STEP" ---------------------------------------------------------

def test_choose_then_flip_until_tails_for_each_heads():
    got = fields("item", "Choose 1 of your Benched Pokémon, and then flip a coin until you get tails. For each heads, "
                         "heal 20 damage from that Pokémon.")
    assert got == {"effect": {"do": [{"flip": {"until": "tails", "each_heads": [
        {"heal": {"amount": 20, "target": {"side": "me", "where": "bench"}}}]}}]}}


def test_flip_until_tails_then_draw_for_each_heads():
    assert fields("item", "Flip a coin until you get tails. For each heads, draw a card.") == {
        "effect": {"do": [{"flip": {"until": "tails", "each_heads": [{"draw": 1}]}}]}}


@pytest.mark.parametrize("text", [
    "Flip a coin until you get tails.",                                             # nothing for each heads
    "Choose 1 of your Pokémon, and then flip a coin until you get tails. Draw a card.",
    # "that Pokémon" with no Pokémon chosen
    "Flip a coin until you get tails. For each heads, heal 20 damage from that Pokémon.",
    # a Pokémon chosen and never used
    "Choose 1 of your Pokémon, and then flip a coin until you get tails. For each heads, draw a card.",
])
def test_flip_until_tails_near_variants_refused(text):
    assert refused("item", text)


def test_the_chain_of_coins_stops_once_nothing_more_can_be_healed():
    import ptcg_asp
    from fractions import Fraction
    case = """
id: honey
title: heal for each heads
source: test
cards:
  - name: Test Honey
    kind: item
    text: "Choose 1 of your Pokémon, and then flip a coin until you get tails. For each heads, heal 40 damage from that Pokémon."
state:
  me:
    active: {card: Pikachu, damage: 50}
    hand: [Test Honey]
    deck: 10
    prizes: 6
  opp:
    active: Snorlax
    deck: 20
    prizes: 6
action:
  play: {card: Test Honey}
"""
    r = ptcg_asp.check(case, timeout=60.0)
    assert r.verdict == "legal"
    # by hand: tails first (1/2) heals nothing; heads, tails (1/4) heals 40; heads, heads (1/4) heals all 50, and
    # that outcome stands for every later coin (nothing more can be healed): exactly 1 in all
    got = sorted((sum(hp for _pos, hp in o.healed), o.probability) for res in r.resolutions for o in res.outcomes)
    assert got == [(0, Fraction(1, 2)), (40, Fraction(1, 4)), (50, Fraction(1, 4))]


def test_an_attack_flips_until_tails_and_steps_for_each_heads():
    from ptcg_asp.cards.text.attacks import translate_attack
    t = translate_attack("Flip a coin until you get tails. For each heads, discard the top 3 cards of your opponent's "
                         "deck.", "Test Mill", 0, None)
    assert t.supported, t.unsupported
    assert t.fields == {"effect": [{"flip": {"until": "tails", "each_heads": [
        {"move": {"from": "deck", "to": "discard", "count": 3, "random": True}, "player": "opp"}]}}]}
    # two steps for each heads: not one copy of one step (refused)
    assert not translate_attack("Flip a coin until you get tails. For each heads, shuffle an Energy attached to your "
                                "opponent's Active Pokémon into their deck.", "Test Mill", 0, None).supported


def test_an_attacks_chain_of_coins_stops_once_no_energy_is_left():
    import ptcg_asp
    from fractions import Fraction
    case = """
id: chain
title: discard an Energy for each heads
source: test
cards:
  - name: Test Flipper
    kind: pokemon
    stage: basic
    hp: 100
    types: [colorless]
    retreat: 1
    attacks:
      - name: Test Spin
        cost: [colorless]
        damage: 0
        text: "Flip a coin until you get tails. For each heads, discard an Energy from your opponent's Active Pokémon."
state:
  me:
    active: {card: Test Flipper, energy: [Basic Fire Energy]}
    deck: 10
    prizes: 6
  opp:
    active: {card: Snorlax, energy: [Basic Water Energy, Basic Water Energy]}
    deck: 20
    prizes: 6
action:
  attack: {name: Test Spin}
"""
    r = ptcg_asp.check(case, timeout=60.0)
    # by hand: tails first (1/2) discards nothing; heads, tails (1/4) one Energy; two heads (1/4) both, and no later
    # coin could discard more: that outcome stands for them all
    got = sorted((o.moved.get("opp.attached>opp.discard", 0), o.probability)
                 for res in r.resolutions for o in res.outcomes)
    assert r.verdict == "legal" and got == [(0, Fraction(1, 2)), (1, Fraction(1, 4)), (2, Fraction(1, 4))]
