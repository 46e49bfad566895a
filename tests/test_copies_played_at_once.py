"""An activation cost of more copies of the card itself (issue 13; A1): "You must play N THIS cards at once. (This
effect works one time for N cards.)" (Cross Switcher, Crossceiver) is a cost of N-1 other copies from the hand, which
leave it for the discard pile with the card; the effect is carried out once. Another card's name, a mismatched number,
or "You may use ..." (Quad Stone's menu) stays unsupported."""
import pytest

from ptcg_asp.cards.text import translate

BODY = "\n\nPut a Pokémon from your discard pile into your hand."


@pytest.mark.parametrize("n", [2, 3])
def test_the_other_copies_are_the_cost(n):
    t = translate("item", f"You must play {n} Test Card cards at once. (This effect works one time for {n} cards.)"
                  + BODY, "Test Card")
    assert t.supported, t.unsupported
    assert t.fields["effect"]["cost"] == [{"move": {"from": "hand", "to": "discard", "filter": {"name": "Test Card"},
                                                    "count": n - 1}}]


@pytest.mark.parametrize("text", [
    "You must play 2 Other Card cards at once. (This effect works one time for 2 cards.)",
    "You must play 2 Test Card cards at once. (This effect works one time for 3 cards.)",
    "You must play 1 Test Card cards at once. (This effect works one time for 1 cards.)",
    "You must play 2 Test Card cards at once.",
    "You may use 4 Test Card cards at once.",
])
def test_near_variants_are_refused(text):
    assert not translate("item", text + BODY, "Test Card").supported
