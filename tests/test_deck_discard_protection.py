"""`protect` covering `deck_discard` (A5): "[As long as the Pokémon this card is attached to is in the Active Spot,] cards
in your deck can't be discarded by effects of your opponent's attacks, Abilities, Item cards, Pokémon Tool cards, or
Supporter cards" -- one entry per kind of card named, read from a Tool's text (Patrol Cap) and, through the same
sentence, from a passive Ability's (Bibarel's Reassuring Dam); the near shapes that must stay unsupported."""
import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.cards.text.abilities import translate_ability

_TAIL = "cards in your deck can't be discarded by effects of your opponent's "


def _entries(kinds, **extra):
    return [{"protect": {"from": k, "covers": ["deck_discard"], **extra}} for k in kinds]


@pytest.mark.parametrize("text, kinds, extra", [
    # Patrol Cap (printed)
    ("As long as the Pokémon this card is attached to is in the Active Spot, " + _TAIL + "attacks, Abilities, Item "
     "cards, Pokémon Tool cards, or Supporter cards.", ["attack", "ability", "item", "tool", "supporter"],
     {"while": "active"}),
    # invented: on the Bench, two kinds
    ("As long as the Pokémon this card is attached to is on your Bench, " + _TAIL + "Item cards or Supporter cards.",
     ["item", "supporter"], {"while": "bench"}),
    # invented: no lead, attacks only
    (_TAIL[0].upper() + _TAIL[1:] + "attacks.", ["attack"], {}),
])
def test_tool(text, kinds, extra):
    t = translate("tool", text, "Test Cap")
    assert t.supported, t.unsupported
    assert t.fields == {"passive": _entries(kinds, **extra)}


def test_ability():
    # Bibarel's Reassuring Dam (printed): the Ability's lead gives `while: bench`
    t = translate_ability("As long as this Pokémon is on your Bench, " + _TAIL + "attacks, Abilities, Item cards, or "
                          "Supporter cards.", "Reassuring Dam")
    assert t.supported, t.unsupported
    assert t.fields == {"kind": "passive",
                        "passive": _entries(["attack", "ability", "item", "supporter"], **{"while": "bench"})}


@pytest.mark.parametrize("text", [
    # the hand, not the deck
    "cards in your hand can't be discarded by effects of your opponent's attacks.",
    # Stadium cards are not a kind the protection reads
    _TAIL + "attacks or Stadium cards.",
    # a kind twice
    _TAIL + "attacks or attacks.",
    # Basic Energy attached (Hoothoot's Stand Sentry: another shape)
    "Basic Energy attached to your Benched Pokémon can't be discarded by an effect of your opponent's Item or Supporter "
    "cards.",
])
def test_near_shapes_stay_unsupported(text):
    t = translate("tool", text[0].upper() + text[1:], "Test Cap")
    assert not t.supported and not t.fields
