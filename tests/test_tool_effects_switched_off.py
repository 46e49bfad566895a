"""`no_tool_effects` with a REACH (X2): "[As long as the Pokémon this card is attached to is in the Active Spot,] Pokémon
Tools attached to your opponent's Active Pokémon have no effect, except for Tool Jammer." -- the Tools attached to the
Pokémon the entry reaches are switched off (encodings/passive.lp `tool_off_at`), but those its `except` names; the
printed text and invented variants, the near shapes that must stay unsupported, and the reader's checks."""
import pytest

from ptcg_asp.cards.text import translate
from ptcg_asp.cards.vocabulary import Filter, Reader
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.yamlsrc import parse

_LEAD = "As long as the Pokémon this card is attached to is in the Active Spot, "


@pytest.mark.parametrize("text, body", [
    # Tool Jammer (printed): its own name is the exception
    (_LEAD + "Pokémon Tools attached to your opponent's Active Pokémon have no effect, except for Tool Jammer.",
     {"while": "active", "scope": "theirs", "reached": "active", "except": {"name": "Tool Jammer"}}),
    # invented: no lead, every Pokémon of the opponent, no exception
    ("Pokémon Tools attached to your opponent's Pokémon have no effect.", {"scope": "theirs"}),
    # invented: the Bench, another card named
    ("As long as the Pokémon this card is attached to is on your Bench, Pokémon Tools attached to your opponent's "
     "Benched Pokémon have no effect, except for Big Charm.",
     {"while": "bench", "scope": "theirs", "reached": "bench", "except": {"name": "Big Charm"}}),
])
def test_tools_switched_off(text, body):
    t = translate("tool", text, "Tool Jammer")
    assert t.supported, t.unsupported
    assert t.fields == {"passive": [{"no_tool_effects": body}]}


@pytest.mark.parametrize("text", [
    # Special Energy, not Tools
    _LEAD + "Special Energy attached to your opponent's Active Pokémon have no effect.",
    # whose Pokémon not said
    _LEAD + "Pokémon Tools attached to Active Pokémon have no effect.",
    # an exception that is not a name
    _LEAD + "Pokémon Tools attached to your opponent's Active Pokémon have no effect, except for ones with HP.",
    # something more
    _LEAD + "Pokémon Tools attached to your opponent's Active Pokémon have no effect and are discarded.",
])
def test_near_shapes_stay_unsupported(text):
    t = translate("tool", text, "Tool Jammer")
    assert not t.supported and not t.fields


def _read(text: str):
    return Reader("<test>").passive(parse(text, "<test>"), "passive.0")


def test_the_reader():
    p = _read("no_tool_effects: {scope: theirs, reached: active, while: active, except: {name: Tool Jammer}}")
    reach, exc = p.tool_jam
    assert reach.scope == "theirs" and reach.reached == "active" and reach.while_ == "active"
    assert exc == Filter(((("name", "Tool Jammer"),),)) and not p.no_tool_effects
    q = _read("no_tool_effects: {}")     # the Stadium's form (Jamming Tower)
    assert q.no_tool_effects and q.tool_jam is None


@pytest.mark.parametrize("text, field", [
    ("no_tool_effects: {scope: in_play}", "scope"),
    ("no_tool_effects: {reached: active}", "scope"),
    ("no_tool_effects: {scope: theirs, except: {name: X}, also: 1}", "also"),
])
def test_the_reader_refuses_other_words(text, field):
    with pytest.raises(InputError) as e:
        _read(text)
    assert field in str(e.value)
