"""`use_abilities` (X1, X2): "The Pokémon V this card is attached to can use the VSTAR Power on this card." followed by
the Ability printed on the Tool (its name line, then its text: Seal Stones) -- the Tool's `abilities` read by the Ability
translator; the Tools that must stay unsupported (no Ability printed, an Ability the translator does not read, a VSTAR
Power said and none printed); the library's Ability lookup (`abilities_of`) and the coverage measure reading the text as
printed."""
import pytest

from ptcg_asp.cards.library import abilities_of
from ptcg_asp.cards.text import TextRecord
from ptcg_asp.cards.text.granted import translate_card as translate
from ptcg_asp.cards.text.coverage import measure
from ptcg_asp.read.model import InPlay

_GRANT = "The Pokémon V this card is attached to can use the VSTAR Power on this card."
_ALCHEMY = ("During your turn, you may search your deck for a card and put it into your hand. Then, shuffle your deck. "
            "(You can't use more than 1 VSTAR Power in a game.)")
_FOREST = _GRANT + "\nStar Alchemy\n" + _ALCHEMY


def test_forest_seal_stone():
    t = translate("tool", _FOREST, "Forest Seal Stone")
    assert t.supported, t.unsupported
    assert t.fields == {
        "passive": [{"use_abilities": {"holder": {"tag": "v"}}}],
        "abilities": [{"name": "Star Alchemy", "text": _ALCHEMY, "kind": "activated",
                       "effect": [{"search": {"zone": "deck", "count": 1, "to": "hand"}}], "vstar": True}]}


@pytest.mark.parametrize("text", [
    # Earthen Seal Stone as the data prints it: no Ability after the sentence
    _GRANT + " (You still need the necessary Energy to use this attack.)",
    # the same words run together (no line break): the Ability's name cannot be told from its text
    " ".join(_FOREST.split()),
    # an Ability the translator does not read (Sky Seal Stone's Star Order)
    _GRANT + "\nStar Order\nDuring your turn, you may use this Ability. During this turn, if your opponent's Active "
             "Pokémon VSTAR or Active Pokémon VMAX is Knocked Out by damage from an attack from your Basic Pokémon V, "
             "take 1 more Prize card. (You can't use more than 1 VSTAR Power in a game.)",
    # a VSTAR Power said, an Ability that is not one printed
    _GRANT + "\nStar Alchemy\nOnce during your turn, you may search your deck for a card and put it into your hand. "
             "Then, shuffle your deck.",
    # an Ability printed on a Tool that says nothing of it
    "The Pokémon this card is attached to gets +30 HP.\nStar Alchemy\n" + _ALCHEMY,
])
def test_stay_unsupported(text):
    t = translate("tool", text, "Test Stone")
    assert not t.supported and not t.fields


def test_the_holder_finds_the_tools_ability(library):
    stone = library.resolve("Forest Seal Stone", "<test>", 0, "tool")
    mon = InPlay(card=library.resolve("Lumineon V", "<test>", 0, "card"), tool=stone)
    names = [(a.name, key) for a, key in abilities_of(library, mon)]
    assert names[-1] == ("Star Alchemy", library.get(stone).key)


def test_coverage_reads_the_line_breaks():
    rep = measure([TextRecord("Forest Seal Stone", "tool", _FOREST)])
    tool = next(c for c in rep["categories"] if c["category"] == "Tool")
    assert tool["names"] == 1 and tool["expressed"] == 1
