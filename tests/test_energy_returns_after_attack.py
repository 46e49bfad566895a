"""`returns_after_attack` (ATK3): Boomerang Energy's "If this card is discarded by an effect of an attack used by the
Pokémon this card is attached to, attach this card from your discard pile to that Pokémon after attacking." -- the
printed text, the near shapes that must stay unsupported, and the reader."""
import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.cards.vocabulary import Reader
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.yamlsrc import parse

_PROVIDES = "As long as this card is attached to a Pokémon, it provides {C} Energy. "
_BACK = ("If this card is discarded by an effect of an attack used by the Pokémon this card is attached to, attach this "
         "card from your discard pile to that Pokémon after attacking.")


def test_boomerang_energy():
    t = translate("special_energy", _PROVIDES + _BACK, "Boomerang Energy")
    assert t.supported, t.unsupported
    assert t.fields == {"passive": [{"returns_after_attack": {}}], "provides": ["colorless"]}


@pytest.mark.parametrize("back", [
    # by any effect, not only an attack's
    "If this card is discarded by an effect, attach this card from your discard pile to that Pokémon after attacking.",
    # to another Pokémon
    _BACK.replace("to that Pokémon after attacking", "to 1 of your Benched Pokémon after attacking"),
    # into the hand
    "If this card is discarded by an effect of an attack used by the Pokémon this card is attached to, put this card "
    "into your hand after attacking.",
])
def test_near_shapes_stay_unsupported(back):
    t = translate("special_energy", _PROVIDES + back, "Test Energy")
    assert not t.supported


def test_the_reader():
    p = Reader("<test>").passive(parse("returns_after_attack: {}", "<test>"), "passive.0")
    assert p.returns_after_attack
    with pytest.raises(InputError):
        Reader("<test>").passive(parse("returns_after_attack: {to: hand}", "<test>"), "passive.0")
