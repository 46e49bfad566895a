"""Tests of the scenario loader (docs/scenario-format.md, version 1) against a small fake card library."""
from __future__ import annotations

import difflib
import textwrap

import pytest

from ptcg_asp.read import yamlsrc
from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import find_scenarios, load_scenario, load_scenario_text
from ptcg_asp.read.model import (
    Action,
    CardCount,
    Expectation,
    GameState,
    InPlay,
    PlayerState,
    Prize,
    Scenario,
    Stadium,
    Where,
)

KINDS = {
    "Pikachu": "pokemon",
    "Charmander": "pokemon",
    "Charmeleon": "pokemon",
    "Charizard ex": "pokemon",
    "Nest Ball": "item",
    "Quick Ball": "item",
    "Potion": "item",
    "Clefairy Doll": "item",
    "Choice Belt": "tool",
    "Iono": "supporter",
    "Path to the Peak": "stadium",
    "Basic Fire Energy": "basic_energy",
    "Capture Energy": "special_energy",
}
ALIASES = {"巢穴球": "Nest Ball", "皮卡丘": "Pikachu"}


class FakeLibrary:
    """Just enough of the card library for the loader: resolve, kind, extended, play_as."""

    def __init__(self, kinds: dict, aliases: dict, playable: frozenset = frozenset({"Clefairy Doll"})):
        self.kinds = dict(kinds)
        self.aliases = dict(aliases)
        self.playable = playable

    def extended(self, cards_node: yamlsrc.YList, path: str) -> "FakeLibrary":
        kinds = dict(self.kinds)
        for i, item in enumerate(cards_node.items):
            card = yamlsrc.want_map(item, path, f"cards.{i}")
            kinds[yamlsrc.want_str(card.get("name"), path, f"cards.{i}.name")] = \
                yamlsrc.want_str(card.get("kind"), path, f"cards.{i}.kind")
        return FakeLibrary(kinds, self.aliases, self.playable)

    def resolve(self, name: str, path: str, line: int, field: str) -> str:
        if name in self.kinds:
            return name
        if name in self.aliases:
            return self.aliases[name]
        close = difflib.get_close_matches(name, list(self.kinds), n=3)
        raise InputError(path, line, field, "a card name in the library (closest: " + ", ".join(close) + ")",
                         repr(name))

    def kind(self, name: str) -> str:
        return self.kinds[name]

    def playable_as_pokemon(self, name: str) -> bool:
        return name in self.playable


@pytest.fixture
def lib() -> FakeLibrary:
    return FakeLibrary(KINDS, ALIASES)


FULL = """\
id: full-scenario-1
title: Every field of the contract
source: "seed 000, conclusion 1"
ruleset: expanded-2011
tags: [activation, bench]
cards:
  - name: Test Mon
    kind: pokemon
    hp: 60
state:
  turn: 5
  me:
    first_turn: false
    active:
      card: Charizard ex
      evolved_from: [Charmander, Charmeleon]
      damage: 30
      energy: [Basic Fire Energy x2, Capture Energy]
      tool: Choice Belt
      conditions: [poisoned, asleep]
      new_this_turn: false
      effects: [Smokescreen]
    bench: [皮卡丘, {card: Test Mon, damage: 10, new_this_turn: true}, Clefairy Doll, {card: Pikachu, tool: null}]
    hand: [Nest Ball, " Basic Fire Energy x2 ", 巢穴球, {card: Charmeleon, count: 2}, 0, 3, {card: Iono}]
    deck: [Pikachu ×2, 18]
    discard: []
    lost_zone: 2
    prizes: [{card: Pikachu, face_up: true}, Potion x2, {card: Iono, face_up: false, count: 1}, 2]
    used_this_turn: [energy, retreat]
  opp:
    first_turn: true
    active: null
    bench: []
    hand: 5
    deck: 30
    discard: [Potion]
    lost_zone: []
    prizes: 6
    used_this_turn: []
  stadium: {card: Path to the Peak, owner: opp}
action:
  play: Nest Ball
expect:
  legal: false
  because: [A4, TU1]
  moved: {deck>bench: [0, 1], opp.hand > opp.deck: [0]}
  resolutions: 2
  damage: {bench.1: [0, 30]}
"""


def test_full_scenario_loads(lib: FakeLibrary) -> None:
    sc = load_scenario_text(FULL, "full.yaml", lib)
    w = lambda line: Where("full.yaml", line)  # noqa: E731
    assert isinstance(sc, Scenario)
    assert (sc.id, sc.title, sc.source, sc.ruleset, sc.tags, sc.path) == (
        "full-scenario-1", "Every field of the contract", "seed 000, conclusion 1", "expanded-2011",
        ("activation", "bench"), "full.yaml")
    assert sc.cards == ({"name": "Test Mon", "kind": "pokemon", "hp": 60},)
    assert sc.library.kind("Test Mon") == "pokemon"
    me = sc.state.me
    assert sc.state.turn == 5
    assert me.first_turn is False and sc.state.opp.first_turn is True
    assert me.active == InPlay(
        card="Charizard ex", evolved_from=("Charmander", "Charmeleon"), damage=30,
        energy=(CardCount("Basic Fire Energy", 2, w(18)), CardCount("Capture Energy", 1, w(18))),
        tool="Choice Belt", conditions=("poisoned", "asleep"), new_this_turn=False,
        effects=("Smokescreen",), where=w(15))
    assert me.bench == (
        InPlay("Pikachu", where=w(23)),
        InPlay("Test Mon", damage=10, new_this_turn=True, where=w(23)),
        InPlay("Clefairy Doll", where=w(23)),
        InPlay("Pikachu", where=w(23)),
    )
    assert me.hand == (
        CardCount("Nest Ball", 1, w(24)), CardCount("Basic Fire Energy", 2, w(24)),
        CardCount("Nest Ball", 1, w(24)), CardCount("Charmeleon", 2, w(24)), CardCount(None, 3, w(24)),
        CardCount("Iono", 1, w(24)))
    assert me.deck == (CardCount("Pikachu", 2, w(25)), CardCount(None, 18, w(25)))
    assert me.discard == ()
    assert me.lost_zone == (CardCount(None, 2, w(27)),)
    assert me.prizes == (Prize("Pikachu", True), Prize("Potion"), Prize("Potion"), Prize("Iono"),
                         Prize(None), Prize(None))
    assert me.used_this_turn == ("energy", "retreat")
    opp = sc.state.opp
    assert opp.active is None and opp.bench == ()
    assert opp.hand == (CardCount(None, 5, w(34)),)
    assert opp.deck == (CardCount(None, 30, w(35)),)
    assert opp.discard == (CardCount("Potion", 1, w(36)),)
    assert opp.prizes == (Prize(None),) * 6
    assert sc.state.stadium == Stadium("Path to the Peak", "opp")
    assert sc.action == Action(kind="play", card="Nest Ball", where=w(42))
    assert sc.expect == Expectation(
        legal=False, because=("A4", "TU1"), moved=(("deck>bench", (0, 1)), ("opp.hand>opp.deck", (0,))),
        resolutions=2, damage=(("bench.1", (0, 30)),))
    assert sc.expect.where == {key: w(44 + i) for i, key in
                               enumerate(["legal", "because", "moved", "resolutions", "damage"])}


MINIMAL = """\
id: minimal
title: Minimal
source: test
state: {}
action:
  checkup: {}
"""


def test_defaults(lib: FakeLibrary) -> None:
    sc = load_scenario_text(MINIMAL, "m.yaml", lib)
    assert sc.ruleset == "standard" and sc.tags == () and sc.cards == () and sc.expect is None
    assert sc.state == GameState(turn=3, me=PlayerState(), opp=PlayerState(), stadium=None)
    assert sc.state.me.first_turn is None
    assert sc.action == Action(kind="checkup", where=Where("m.yaml", 6))


# ---- actions --------------------------------------------------------------------------------

BASE = """\
id: base
title: Base
source: test
state:
  me:
    active: Pikachu
    bench: [Charmander]
    hand: [Nest Ball, Basic Fire Energy, Charmeleon, Choice Belt]
    prizes: 6
  opp:
    active: Charmander
action:
  play: Nest Ball
"""


def with_action(action: str, expect: str = "") -> str:
    text = BASE.replace("  play: Nest Ball\n", textwrap.indent(action, "  ") + "\n")
    return text + ("expect:\n" + textwrap.indent(expect, "  ") + "\n" if expect else "")


@pytest.mark.parametrize("action, expected", [
    ("play: {card: Choice Belt, to: bench.0}", Action("play", card="Choice Belt", to="bench.0")),
    ("ability: {pokemon: opp.active, name: Blaze}", Action("ability", pokemon="opp.active", name="Blaze")),
    ("attach: {card: Basic Fire Energy, to: active}", Action("attach", card="Basic Fire Energy", to="active")),
    ("evolve: {card: Charmeleon, onto: bench.0}", Action("evolve", card="Charmeleon", onto="bench.0")),
    ("retreat: {to: bench.0}", Action("retreat", to="bench.0")),
    ("attack: {name: Thunder Shock}", Action("attack", name="Thunder Shock")),
    ("checkup: {}", Action("checkup")),
    ("actions: {}", Action("actions")),
    ("validate_deck: [Pikachu x4, Basic Fire Energy x20, 36]",
     Action("validate_deck", deck=(CardCount("Pikachu", 4, Where("a.yaml", 13)),
                                   CardCount("Basic Fire Energy", 20, Where("a.yaml", 13)),
                                   CardCount(None, 36, Where("a.yaml", 13))))),
])
def test_every_action_kind(lib: FakeLibrary, action: str, expected: Action) -> None:
    sc = load_scenario_text(with_action(action), "a.yaml", lib)
    assert sc.action == Action(**{**expected.__dict__, "where": Where("a.yaml", 13)})


def test_actions_and_validate_deck_expectations(lib: FakeLibrary) -> None:
    sc = load_scenario_text(with_action("actions: {}", "allowed: [play Nest Ball]\nforbidden: [retreat -> bench.0]"),
                            "a.yaml", lib)
    assert sc.expect.allowed == ("play Nest Ball",) and sc.expect.forbidden == ("retreat -> bench.0",)
    sc = load_scenario_text(with_action("validate_deck: [60]", "valid: false\nbecause: [DK1]"), "a.yaml", lib)
    assert sc.expect.valid is False and sc.expect.because == ("DK1",)


# ---- errors ---------------------------------------------------------------------------------

def edit(old: str, new: str, text: str = BASE) -> str:
    assert old in text
    return text.replace(old, new, 1)


def test_bench_entries_take_copies(lib: FakeLibrary) -> None:
    """SCENARIO_FORMAT "Cards and lists": a list entry may be `NAME xN` -- the Bench too (N slots)."""
    sc = load_scenario_text(edit("    bench: [Charmander]\n", "    bench: [Pikachu x3, {card: Charmander, damage: 10, count: 2}]\n"),
                            "b.yaml", lib)
    bench = sc.state.me.bench
    assert [(m.card, m.damage) for m in bench] == [("Pikachu", 0)] * 3 + [("Charmander", 10)] * 2
    sc = load_scenario_text(edit("    bench: [Charmander]\n", "    bench: [Pikachu ×5]\n"), "b.yaml", lib)
    assert [m.card for m in sc.state.me.bench] == ["Pikachu"] * 5


def test_abilities_used_on_a_pokemon_in_play(lib: FakeLibrary) -> None:
    """README "Extensions of the format": `abilities_used` lists the Abilities a Pokémon used this turn (TU1)."""
    sc = load_scenario_text(edit("    active: Pikachu\n", "    active: {card: Pikachu, abilities_used: [Zap, Boost]}\n"),
                            "u.yaml", lib)
    assert sc.state.me.active.abilities_used == ("Boost", "Zap")
    assert sc.state.me.bench[0].abilities_used == ()


ERRORS = [
    # (name, text, line, field, words in the message)
    ("duplicate key", edit("title: Base\n", "title: Base\ntitle: Again\n"), 3, "title", "duplicate"),
    ("unknown top key", edit("title: Base\n", "title: Base\nversion: 1\n"), 3, "version", "unknown key"),
    ("unknown nested key", edit("    prizes: 6\n", "    prizes: 6\n    mana: 3\n"), 10, "state.me.mana",
     "unknown key"),
    ("unknown in-play key", edit("    active: Pikachu\n", "    active: {card: Pikachu, hp: 60}\n"), 6,
     "state.me.active.hp", "unknown key"),
    ("python tag", edit("source: test", "source: !!python/object/apply:os.system [ls]"), 3, "document",
     "python"),
    ("anchor", edit("    bench: [Charmander]\n", "    bench: &b [Charmander]\n"), 7, "document", "anchor"),
    ("alias", edit("    active: Charmander\n", "    active: *x\n",
                   edit("    active: Pikachu\n", "    active: &x Pikachu\n")), 6, "document", "alias"),
    ("no as bool", edit("  me:\n", "  me:\n    first_turn: no\n"), 6, "state.me.first_turn", "true or false"),
    ("yes as bool", edit("    active: Pikachu\n", "    active: {card: Pikachu, new_this_turn: yes}\n"), 6,
     "state.me.active.new_this_turn", "true or false"),
    ("quoted bool", edit("  me:\n", "  me:\n    first_turn: 'true'\n"), 6, "state.me.first_turn", "true or false"),
    ("octal int", edit("state:\n", "state:\n  turn: 010\n"), 5, "state.turn", "decimal"),
    ("sexagesimal int", edit("state:\n", "state:\n  turn: 1:30\n"), 5, "state.turn", "decimal"),
    ("quoted int", edit("    prizes: 6\n", "    prizes: '6'\n"), 9, "state.me.prizes", "decimal"),
    ("quoted count in list", edit("Charmeleon, Choice", "'3', Choice"), 8, "state.me.hand.2", "decimal"),
    ("tagged int", edit("state:\n", "state:\n  turn: !!str 5\n"), 5, "state.turn", "decimal"),
    ("tagged bool", edit("  me:\n", "  me:\n    first_turn: !!str true\n"), 6, "state.me.first_turn",
     "true or false"),
    ("turn 0", edit("state:\n", "state:\n  turn: 0\n"), 5, "state.turn", "from 1"),
    ("damage 25", edit("    active: Pikachu\n", "    active: {card: Pikachu, damage: 25}\n"), 6,
     "state.me.active.damage", "multiple of 10"),
    ("damage 1000", edit("    active: Pikachu\n", "    active: {card: Pikachu, damage: 1000}\n"), 6,
     "state.me.active.damage", "0 to 990"),
    ("6 on the Bench", edit("    bench: [Charmander]\n", "    bench:\n" + "      - Charmander\n" * 6), 13,
     "state.me.bench", "at most 5"),
    ("6 on the Bench by copies", edit("    bench: [Charmander]\n", "    bench: [Pikachu x4, Charmander x2]\n"), 7,
     "state.me.bench", "at most 5"),
    ("0 copies on the Bench", edit("    bench: [Charmander]\n", "    bench: [Pikachu x0]\n"), 7,
     "state.me.bench.0 (copies)", "1 to 8"),
    ("count 0 on the Bench", edit("    bench: [Charmander]\n", "    bench: [{card: Pikachu, count: 0}]\n"), 7,
     "state.me.bench.0.count", "1 to 8"),
    ("copies of an Item on the Bench", edit("    bench: [Charmander]\n", "    bench: [Nest Ball x2]\n"), 7,
     "state.me.bench.0", "Pokémon card"),
    ("abilities_used repeated", edit("    active: Pikachu\n", "    active: {card: Pikachu, abilities_used: [Zap, Zap]}\n"), 6,
     "state.me.active.abilities_used.1", "each entry once"),
    ("abilities_used not a list", edit("    active: Pikachu\n", "    active: {card: Pikachu, abilities_used: 3}\n"), 6,
     "state.me.active.abilities_used", "list"),
    ("7 Prizes", edit("    prizes: 6\n", "    prizes: 7\n"), 9, "state.me.prizes", "0 to 6"),
    ("7 Prizes in a list", edit("    prizes: 6\n", "    prizes: [Pikachu x4, 3]\n"), 9, "state.me.prizes",
     "at most 6"),
    ("unknown card", edit("[Nest Ball, Basic", "[Nest Bal, Basic"), 8, "state.me.hand.0", "Nest Ball"),
    ("unknown card in copies", edit("Charmeleon, Choice", "Charmeleen x2, Choice"), 8, "state.me.hand.2",
     "Charmeleon"),
    ("zero copies", edit("Charmeleon, Choice", "Charmeleon x0, Choice"), 8, "state.me.hand.2 (copies)", "1 to"),
    ("Item on the Bench", edit("    bench: [Charmander]\n", "    bench: [Nest Ball]\n"), 7, "state.me.bench.0",
     "Pokémon card"),
    ("Trainer as Energy", edit("    active: Pikachu\n", "    active: {card: Pikachu, energy: [Potion]}\n"), 6,
     "state.me.active.energy.0", "Energy card"),
    ("Pokémon as Tool", edit("    active: Pikachu\n", "    active: {card: Pikachu, tool: Charmander}\n"), 6,
     "state.me.active.tool", "Tool"),
    ("Item as Stadium", edit("  opp:\n", "  stadium: {card: Potion, owner: me}\n  opp:\n"), 10,
     "state.stadium.card", "Stadium card"),
    ("Energy underneath", edit("    active: Pikachu\n",
                               "    active: {card: Pikachu, evolved_from: [Basic Fire Energy]}\n"), 6,
     "state.me.active.evolved_from.0", "Pokémon card"),
    ("two exclusive conditions", edit("    active: Pikachu\n",
                                      "    active: {card: Pikachu, conditions: [asleep, confused]}\n"), 6,
     "state.me.active.conditions", "at most one"),
    ("repeated condition", edit("    active: Pikachu\n",
                                "    active: {card: Pikachu, conditions: [burned, burned]}\n"), 6,
     "state.me.active.conditions.1", "once"),
    ("unknown condition", edit("    active: Pikachu\n", "    active: {card: Pikachu, conditions: [frozen]}\n"),
     6, "state.me.active.conditions.0", "asleep"),
    ("bad used_this_turn", edit("    prizes: 6\n", "    prizes: 6\n    used_this_turn: [attack]\n"), 10,
     "state.me.used_this_turn.0", "supporter"),
    ("bad owner", edit("  opp:\n", "  stadium: {card: Path to the Peak, owner: both}\n  opp:\n"), 10,
     "state.stadium.owner", "me or opp"),
    ("bad id", edit("id: base", "id: Base_1"), 1, "id", "lowercase"),
    ("bad ruleset", edit("id: base\n", "id: base\nruleset: unlimited\n"), 2, "ruleset", "expanded-2011"),
    ("missing required", edit("source: test\n", ""), 1, "source", "required"),
    ("action on empty Bench", with_action("attach: {card: Basic Fire Energy, to: bench.3}"), 13,
     "action.attach.to", "empty"),
    ("action on empty opp Active", with_action("ability: {pokemon: opp.bench.0, name: X}"), 13,
     "action.ability.pokemon", "empty"),
    ("bad position", with_action("evolve: {card: Charmeleon, onto: bench.5}"), 13, "action.evolve.onto",
     "position"),
    ("retreat to the opponent", with_action("retreat: {to: opp.bench.0}"), 13, "action.retreat.to", "my Bench"),
    ("played card not in hand", with_action("play: Quick Ball"), 13, "action.play", "in my hand"),
    ("attached card not in hand", with_action("attach: {card: Capture Energy, to: active}"), 13,
     "action.attach.card", "in my hand"),
    ("attach a non-Energy", with_action("attach: {card: Nest Ball, to: active}"), 13, "action.attach.card",
     "Energy card"),
    ("two actions", with_action("checkup: {}\nactions: {}"), 14, "action", "exactly one"),
    ("no action", with_action("{}"), 13, "action", "exactly one"),
    ("checkup with arguments", with_action("checkup: {x: 1}"), 13, "action.checkup", "empty mapping"),
    ("unknown action", with_action("pass: {}"), 13, "action.pass", "unknown key"),
    ("to with a non-Tool", with_action("play: {card: Nest Ball, to: active}"), 13, "action.play.to", "Tool"),
    ("bad principle", with_action("checkup: {}", "because: [a4]"), 15, "expect.because.0", "principle"),
    ("bad zone", with_action("checkup: {}", "moved: {deck>pocket: [1]}"), 15, "expect.moved.deck>pocket",
     "FROM>TO"),
    ("negative resolutions", with_action("checkup: {}", "resolutions: -1"), 15, "expect.resolutions", "0 to"),
    ("bad damage position", with_action("checkup: {}", "damage: {opp.bench.7: [10]}"), 15,
     "expect.damage.opp.bench.7", "position"),
    ("allowed without actions", with_action("checkup: {}", "allowed: [play Nest Ball]"), 15, "expect.allowed",
     "actions"),
    ("unknown expectation", with_action("checkup: {}", "champion: me"), 15, "expect.champion", "unknown key"),
    ("winner without game_over", with_action("checkup: {}", "winner: me"), 15, "expect.winner", "only with the action"),
    ("empty file", "", 1, "document", "empty"),
    ("comment-only file", "# nothing here\n", 1, "document", "empty"),
    ("not a mapping", "- id: x\n", 1, "document", "a mapping"),
    ("bad YAML", "id: [x\n", 2, "document", "well-formed"),
    ("two documents", BASE + "---\nid: x\n", 14, "document", "single document"),
]


@pytest.mark.parametrize("name, text, line, field, words", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors(lib: FakeLibrary, name: str, text: str, line: int, field: str, words: str) -> None:
    with pytest.raises(InputError) as info:
        load_scenario_text(text, "bad.yaml", lib)
    err = info.value
    assert (err.line, err.field) == (line, field), str(err)
    assert str(err).startswith(f"bad.yaml:{line}: {field}: expected ")
    assert words in str(err)


def test_not_utf8(tmp_path, lib: FakeLibrary) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("id: caf\xe9\n".encode("latin-1"))
    with pytest.raises(InputError) as info:
        load_scenario(str(path), lib)
    assert info.value.field == "file" and "UTF-8" in str(info.value) and str(path) in str(info.value)


def test_load_scenario_from_file(tmp_path, lib: FakeLibrary) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(BASE, encoding="utf-8")
    assert load_scenario(str(path), lib).path == str(path)


def test_cards_extend_library(lib: FakeLibrary) -> None:
    text = edit("state:\n", "cards:\n  - {name: New Mon, kind: pokemon}\nstate:\n",
                edit("    bench: [Charmander]\n", "    bench: [New Mon]\n"))
    sc = load_scenario_text(text, "c.yaml", lib)
    assert sc.state.me.bench[0].card == "New Mon"
    with pytest.raises(InputError) as info:
        load_scenario_text(edit("    bench: [Charmander]\n", "    bench: [New Mon]\n"), "c.yaml", lib)
    assert info.value.field == "state.me.bench.0"


def test_playable_item_needs_library_support(lib: FakeLibrary) -> None:
    class NoPlayAs(FakeLibrary):
        playable_as_pokemon = None  # the library has no such method

    text = edit("    bench: [Charmander]\n", "    bench: [Clefairy Doll]\n")
    assert load_scenario_text(text, "d.yaml", lib).state.me.bench[0].card == "Clefairy Doll"
    with pytest.raises(InputError):
        load_scenario_text(text, "d.yaml", NoPlayAs(KINDS, ALIASES))


def test_find_scenarios(tmp_path) -> None:
    (tmp_path / "b").mkdir()
    for name in ("b/z.yml", "b/a.yaml", "c.yaml", "notes.txt"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert find_scenarios(str(tmp_path)) == [str(tmp_path / n) for n in ("b/a.yaml", "b/z.yml", "c.yaml")]
    assert find_scenarios(str(tmp_path / "notes.txt")) == [str(tmp_path / "notes.txt")]


def test_directory_without_scenarios(tmp_path) -> None:
    (tmp_path / "readme.txt").write_text("x", encoding="utf-8")
    with pytest.raises(InputError) as info:
        find_scenarios(str(tmp_path))
    assert info.value.field == "directory" and str(tmp_path) in str(info.value)
    with pytest.raises(InputError):
        find_scenarios(str(tmp_path / "missing"))


def test_libyaml_and_the_pure_python_parser_read_every_bundled_file_alike(monkeypatch):
    """The reader parses with libyaml when PyYAML has it (much faster) and words errors with the
    pure-Python parser. Both must give the same tree, lines and quoting included, for every card
    file, every scenario and every hostile file that parses."""
    import glob
    import os

    import yaml

    from ptcg_asp.read import yamlsrc
    from ptcg_asp.read.errors import InputError

    if not hasattr(yaml, "CSafeLoader"):
        pytest.skip("this PyYAML has no libyaml: only the pure-Python parser runs")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = sorted(glob.glob(os.path.join(root, "ptcg_asp", "cards", "*.yaml"))
                   + glob.glob(os.path.join(root, "scenarios", "*.yaml"))
                   + glob.glob(os.path.join(root, "tests", "hostile", "*.yaml")))
    assert len(files) > 400

    def read(path: str, loader):
        monkeypatch.setattr(yamlsrc, "LOADER", loader)
        try:
            return yamlsrc.parse(yamlsrc.read_text(path), path)
        except InputError as exc:
            return exc.render()

    for path in files:
        assert read(path, yaml.CSafeLoader) == read(path, yaml.SafeLoader), path
