"""Printed text is game text: a card, attack or Ability given by its `text` alone is read by the card-text grammar, as
`ptcg-asp cards import` reads it (ptcg_asp/cards/fromtext.py).

Before, such a text was left out: an attack "Flip a coin. If tails, this attack does nothing." with no `effect` was
judged as its plain damage, and the hand-written Floette (Magical Leaf), Omanyte and Omastar (Water Gun) and Shaymin
LV.X (Energy Flare) with it.
"""
import contextlib
import io
import json
import os

import pytest

from ptcg_asp.cards import fromtext
from ptcg_asp.cards.importer import card_yaml, import_files
from ptcg_asp.cards.library import load_library, parse_cards
from ptcg_asp.cli.commands import main
from ptcg_asp.read import yamlsrc as y
from ptcg_asp.read.errors import InputError

HERE = os.path.dirname(os.path.abspath(__file__))
EXTRACT = os.path.join(HERE, "data", "tcgdex-extract.json")


def cards(text: str) -> tuple:
    return parse_cards(y.parse(text, "<test>"), "<test>", "cards")


def run_cli(*argv: str) -> tuple:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    assert "Traceback" not in err.getvalue()
    return status, out.getvalue(), err.getvalue()


MON = """
- name: Text Puncher
  kind: pokemon
  stage: basic
  hp: 100
  types: [colorless]
  attacks:
    - {name: Coin Punch, cost: [colorless], damage: 100, text: "Flip a coin. If tails, this attack does nothing."%s}
"""


def test_an_attack_given_by_its_text_alone_has_the_effect_its_text_says():
    (mon,) = cards(MON % "")
    attack = mon.attacks[0]
    assert attack.effect is not None and not attack.unsupported
    # the same as the importer's fields for that text, read by the same reader
    expected = fromtext.attack_fields("Flip a coin. If tails, this attack does nothing.", "Coin Punch", 100, None, 1)
    (written,) = cards(MON.replace(', text: "Flip a coin. If tails, this attack does nothing."', "")
                       % (", effect: " + json.dumps(expected["effect"])))
    assert attack.effect == written.attacks[0].effect


def test_fields_written_by_hand_are_never_replaced():
    # the text says "does nothing on tails"; the hand-written effect (a draw) is what the card does
    (mon,) = cards(MON % ", effect: [{draw: 1}]")
    (plain,) = cards(MON.replace(', text: "Flip a coin. If tails, this attack does nothing."', "")
                     % ", effect: [{draw: 1}]")
    assert mon.attacks[0].effect == plain.attacks[0].effect
    # an attack marked unsupported by hand stays so, with its own sentences
    (mon,) = cards(MON % ', unsupported: ["by hand"]')
    assert mon.attacks[0].unsupported == ("by hand",) and mon.attacks[0].effect is None
    # a Trainer with an effect written by hand: its text is not read
    (item,) = cards('- {name: Hand Ball, kind: item, text: "Draw 3 cards.", effect: [{draw: 1}]}')
    (plain,) = cards('- {name: Hand Ball, kind: item, effect: [{draw: 1}]}')
    assert item.effect == plain.effect


def test_a_trainer_given_by_its_text_alone_is_read_and_needs_no_vocabulary():
    (item,) = cards('- {name: Text Ball, kind: item, text: "Search your deck for a Basic Pokémon and put it onto '
                    'your Bench. Then, shuffle your deck."}')
    assert item.effect is not None and not item.unsupported
    (energy,) = cards('- {name: Text Energy, kind: special_energy, text: "As long as this card is attached to a Pokémon, '
                      'it provides ColorlessColorless Energy."}')
    assert energy.provides == ("colorless", "colorless") and not energy.unsupported


def test_an_ability_given_by_its_text_alone_is_read():
    (mon,) = cards("""
- name: Text Shell Pokémon
  kind: pokemon
  stage: basic
  hp: 120
  types: [colorless]
  abilities:
    - {name: Text Shell, text: "This Pokémon takes 30 less damage from attacks (after applying Weakness and Resistance)."}
""")
    ability = mon.abilities[0]
    assert ability.kind == "passive" and ability.passive and not ability.unsupported


def test_a_sentence_the_grammar_cannot_read_makes_the_part_unsupported_with_the_sentence_quoted():
    sentence = "Your opponent sings a song of their choice."
    (item,) = cards(f'- {{name: Song Card, kind: item, text: "Draw a card. {sentence}"}}')
    assert sentence in item.unsupported and item.effect is None
    (mon,) = cards(MON.replace("Flip a coin. If tails, this attack does nothing.", sentence) % "")
    assert mon.attacks[0].unsupported == (sentence,) and mon.attacks[0].effect is None
    (mon,) = cards(f"""
- name: Song Pokémon
  kind: pokemon
  stage: basic
  hp: 60
  types: [colorless]
  abilities: [{{name: Song, text: "Once during your turn, you may sing. {sentence}"}}]
""")
    # the kind its opening says for certain is kept, as the importer keeps it
    assert mon.abilities[0].unsupported and mon.abilities[0].kind == "activated"


def test_a_card_with_unreadable_text_gets_no_verdict_exit_5(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("""id: song-card
title: t
source: s
cards:
  - {name: Song Card, kind: item, text: "Your opponent sings a song of their choice."}
state:
  me: {active: Pikachu, hand: [Song Card], deck: 10, prizes: 6}
  opp: {active: Pikachu, deck: 10, prizes: 6}
action:
  play: Song Card
expect:
  legal: true
""", encoding="utf-8")
    status, out, err = run_cli("check", str(path))
    assert status == 5
    assert "unsupported: Song Card: 'Your opponent sings a song of their choice.'" in err
    assert "verdict" not in out


def test_not_a_text_is_an_input_error_naming_the_field():
    with pytest.raises(InputError) as exc:
        cards('- {name: Text Ball, kind: item, text: [1, 2]}')
    assert exc.value.field == "cards.0.text"


def test_a_pokemon_card_s_own_text_is_its_rule_box_not_read():
    # Shaymin LV.X's card text ("Put this card onto your Active Shaymin. ...") is the Level-Up rule, not an effect:
    # the importer reads no Pokémon's card text, and neither does the library
    card = load_library().get("Shaymin LV.X (PL 127)")
    assert not card.unsupported and card.effect is None


@pytest.mark.parametrize("name, attack, sentence", [
    ("Floette (SVI 092)", "Magical Leaf", "If heads, this attack does 30 more damage, and heal 30 damage from this "
                                          "Pokémon."),
    ("Omanyte (FO 52)", "Water Gun", "You can't add more than 20 damage in this way."),
    ("Omastar (FO 40)", "Water Gun", "You can't add more than 20 damage in this way."),
    ("Shaymin LV.X (PL 127)", "Energy Flare", "You may move any number of Energy cards attached to your Pokémon to "
                                              "your other Pokémon in any way you like."),
])
def test_the_hand_written_attacks_given_by_text_alone_are_unsupported(name, attack, sentence):
    """Their notes say the vocabulary does not express these texts: they were judged as their plain damage."""
    card = load_library().get(name)
    found = next(a for a in card.attacks if a.name == attack)
    assert sentence in found.unsupported and found.effect is None


def test_using_energy_flare_gets_no_verdict(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("""id: energy-flare
title: t
source: s
state:
  me:
    active: {card: Shaymin LV.X, evolved_from: [Shaymin], energy: [Basic Grass Energy x2]}
    deck: 20
    prizes: 6
  opp: {active: Pikachu (MEW 025), deck: 20, prizes: 6}
action:
  attack: {name: Energy Flare}
expect:
  damage: {opp.active: [50]}
""", encoding="utf-8")
    status, out, err = run_cli("check", str(path))
    assert status == 5, (out, err)
    assert "Energy Flare" not in out and "You may move any number of Energy cards" in err


def _without_text_fields(card: dict) -> dict:
    """An imported card as a person would write it from the printed card: its texts, none of their fields."""
    out = dict(card)
    if out["kind"] in fromtext.TEXT_KINDS and out.get("text"):
        for k in fromtext.CARD_TEXT_FIELDS:
            out.pop(k, None)
    for level, fields in (("attacks", fromtext.ATTACK_TEXT_FIELDS), ("abilities", fromtext.ABILITY_TEXT_FIELDS)):
        if out.get(level):
            out[level] = [{k: v for k, v in a.items() if not (a.get("text") and k in fields)} for a in out[level]]
    return out


def test_the_library_reads_a_text_exactly_as_the_importer_does():
    """Every card of the TCGdex extract: the importer's card, and the same card with its texts alone read by the
    library, are the same data (one mapping: fromtext's `card_fields`, `attack_fields`, `ability_fields`)."""
    imported, _ = import_files([EXTRACT])   # (the extract's broken records are refused: tests/test_importer.py)
    compared = 0
    for card in imported:
        written = {k: v for k, v in card.items() if not k.startswith("_")}
        full = y.parse(card_yaml(written), "<import>").items[0]
        bare = y.parse(card_yaml(_without_text_fields(written)), "<text>").items[0]
        read = fromtext.read_texts(bare, "<text>", "cards.0")
        assert y.plain(read) == y.plain(full), card["name"]
        compared += bare is not read
    assert compared >= 10   # most of the extract's cards have a text read


def test_the_audit_keeps_every_unsupported_scenario(tmp_path):
    """Two scenarios refused for unexpressed text are two UNSUPPORTED rows (they were once an id clash: neither has
    an id read)."""
    from ptcg_asp.tell.audit import audit
    for n in (1, 2):
        (tmp_path / f"s{n}.yaml").write_text(f"""id: song-{n}
title: t
source: s
cards:
  - {{name: Song Card, kind: item, text: "Your opponent sings a song of their choice."}}
state:
  me: {{active: Pikachu, hand: [Song Card], deck: 10, prizes: 6}}
  opp: {{active: Pikachu, deck: 10, prizes: 6}}
action:
  play: Song Card
expect:
  legal: true
""", encoding="utf-8")
    rows = audit(sorted(str(p) for p in tmp_path.iterdir()), load_library())
    assert [r.status for r in rows] == ["UNSUPPORTED", "UNSUPPORTED"]
