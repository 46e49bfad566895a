""""Look at the top N cards of either player's deck and put them back in any order." (Future Sight and its reprints,
issue 13/14): a choice of whose deck (`choose` with two options), each the reading "of your deck" / "of your
opponent's deck" already has (`look_top`, the move back, `player: opp` on the opponent's). Near variants stay
unsupported."""
import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.cards.text.attacks import translate_attack


def test_either_players_deck_is_a_choice_of_two_looks():
    t = translate_attack("Look at the top 4 cards of either player's deck and put them back in any order.",
                         "Future Sight", 0, None)
    assert t.supported, t.unsupported
    back = {"move": {"from": "looked", "to": "deck", "count": "all"}}
    assert t.fields == {"effect": [{"choose": {"options": [
        [{"look_top": {"count": 4}}, back],
        [{"look_top": {"count": 4}, "player": "opp"}, {**back, "player": "opp"}]]}}]}


def test_each_option_is_the_one_sided_reading():
    either = translate("item", "Look at the top 3 cards of either player's deck and put them back in any order.")
    mine = translate("item", "Look at the top 3 cards of your deck and put them back in any order.")
    theirs = translate("item", "Look at the top 3 cards of your opponent's deck and put them back in any order.")
    assert either.supported and mine.supported and theirs.supported
    assert either.fields["effect"]["do"][0]["choose"]["options"] == [mine.fields["effect"]["do"],
                                                                    theirs.fields["effect"]["do"]]


@pytest.mark.parametrize("text", [
    # "the top card ... them": number and pronoun disagree
    "Look at the top card of either player's deck and put them back in any order.",
    # something else done with them
    "Look at the top 3 cards of either player's deck and put 1 of them into your hand.",
])
def test_near_variants_are_refused(text):
    assert not translate("item", text, "Test Card").supported
