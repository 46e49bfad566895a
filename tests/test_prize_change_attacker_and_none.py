"""`prize_change` with `other: FILTER` (only a Knock Out by an attack from a Pokémon that fits: "from your opponent's
Pokémon ex") and `amount: none` ("your opponent can't take any Prize cards for it"), read from Ability and Tool texts
(printed and invented variants), the near shapes that must stay unsupported, and the reader's checks."""
import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.cards.text.abilities import translate_ability
from ptcg_asp.cards.vocabulary import Filter, Reader
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.yamlsrc import parse

_KO = "If this Pokémon is Knocked Out by damage from an attack from your opponent's "


@pytest.mark.parametrize("rest, body", [
    # Shedinja, Fragile Husk (printed)
    ("Pokémon ex, your opponent can't take any Prize cards for it.", {"amount": "none", "other": {"tag": "ex"}}),
    # Mimikyu V, Dummy Doll's wording with Pokémon V (printed, older)
    ("Pokémon V, your opponent can't take any Prize cards for it.", {"amount": "none", "other": {"tag": "v"}}),
    # invented: any Pokémon, no Prize card
    ("Pokémon, your opponent can't take any Prize cards for it.", {"amount": "none"}),
    # invented: a Basic attacker, 1 fewer
    ("Basic Pokémon, that player takes 1 fewer Prize card.", {"amount": -1, "other": {"stage": "basic"}}),
    # invented: a type, 2 more
    ("{R} Pokémon, your opponent takes 2 more Prize cards.", {"amount": 2, "other": {"type": "fire"}}),
    # the form read before (no filter)
    ("Pokémon, your opponent takes 1 fewer Prize card.", {"amount": -1}),
])
def test_ability_prize_changes(rest, body):
    t = translate_ability(_KO + rest, "Test Husk")
    assert t.supported, t.unsupported
    assert t.fields == {"kind": "passive", "passive": [{"prize_change": body}]}


def test_tool_prize_change_with_an_attacker_filter():
    t = translate("tool", "If the Pokémon this card is attached to is Knocked Out by damage from an attack from your "
                          "opponent's Pokémon ex, that player takes 1 fewer Prize card.")
    assert t.supported, t.unsupported
    assert t.fields == {"passive": [{"prize_change": {"amount": -1, "other": {"tag": "ex"}}}]}


@pytest.mark.parametrize("text", [
    # no "for it"
    _KO + "Pokémon ex, your opponent can't take any Prize cards.",
    # something more after it
    _KO + "Pokémon ex, your opponent can't take any Prize cards for it, and you draw a card.",
    # the attacker is "your" Pokémon
    "If this Pokémon is Knocked Out by damage from an attack from your Pokémon ex, your opponent can't take any Prize "
    "cards for it.",
    # a condition joined to it
    _KO + "Pokémon, and if you have any Pecharunt ex in play, your opponent takes 1 fewer Prize card.",
    # another Pokémon of the player Knocked Out
    "If 1 of your {D} Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon ex, that player "
    "takes 1 fewer Prize card.",
    # Knocked Out in another way
    "If this Pokémon is Knocked Out, your opponent can't take any Prize cards for it.",
])
def test_near_prize_changes_are_refused(text):
    t = translate_ability(text, "Test Husk")
    assert not t.supported and not t.fields


def _read(text: str):
    return [Reader("<test>").passive(parse(text, "<test>"), "passive.0")]


def test_the_reader_takes_none_and_other():
    (p,) = _read("prize_change: {amount: none, other: {tag: ex}}")
    amount, _reach, once, other = p.prize_change
    assert amount == "none" and once is False and other == Filter(((("tag", "ex"),),))
    (q,) = _read("prize_change: {amount: -1}")
    assert q.prize_change[0] == -1 and q.prize_change[3] == Filter()


@pytest.mark.parametrize("text, field", [
    ("prize_change: {amount: all}", "amount"),
    ("prize_change: {amount: -1, attacker: {tag: ex}}", "attacker"),
])
def test_the_reader_refuses_other_words(text, field):
    with pytest.raises(InputError) as e:
        _read(text)
    assert field in str(e.value)
