"""The card pool: names, prints and public ids resolve lazily through the index; hand-written cards take
precedence; an action that needs unexpressed text is refused (exit 5). docs/importing.md."""
import contextlib
import io
import os
from types import SimpleNamespace

import pytest

from ptcg_asp.cards import text as cardtext, importer
from ptcg_asp.cards.text.granted import translate_card
from ptcg_asp.read import yamlsrc as y
from ptcg_asp.cli.commands import main
from ptcg_asp.read.errors import InputError
from ptcg_asp.cards.library import CardLibrary, load_library, parse_cards, pool_dir, with_card_files
from ptcg_asp.read.loader import load_scenario
from ptcg_asp.cards.pool import Pool
from ptcg_asp.cards.vocabulary import UNMARKED_TAGS

DATA = os.path.join(os.path.dirname(__file__), "data")
TCGDEX = os.path.join(DATA, "tcgdex-extract.json")
PTCGDATA = os.path.join(DATA, "pokemon-tcg-data-sv3-extract.json")
UNSUPPORTED = os.path.join(DATA, "unsupported-cards.yaml")


@pytest.fixture(scope="module")
def small_pool(tmp_path_factory) -> str:
    directory = str(tmp_path_factory.mktemp("pool"))
    importer.write_pool(importer.import_files([TCGDEX, PTCGDATA])[0], directory)
    return directory


def library_with(pool_path: str) -> CardLibrary:
    base = load_library()
    return CardLibrary(base.cards, Pool(pool_path, parse_cards))


def resolve(lib: CardLibrary, name: str) -> str:
    return lib.resolve(name, "s.yaml", 1, "state.me.hand")


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


# ---- lookups ----------------------------------------------------------------------------------------

def test_a_pool_card_resolves_by_name_print_and_both_public_ids(small_pool):
    lib = library_with(small_pool)
    for name in ("Radiant Heatran", "Radiant Heatran (ASR 027)", "swsh10-027"):
        assert resolve(lib, name) == "Radiant Heatran (ASR 027)"
    for name in ("Flamigo", "Flamigo (OBF 185)", "sv3-185"):
        assert resolve(lib, name) == "Flamigo (OBF 185)"
    assert lib.get("Flamigo (OBF 185)").hp == 120


def test_a_bare_name_takes_the_newest_print_and_the_key_says_which(small_pool):
    lib = library_with(small_pool)
    assert resolve(lib, "Bagon") == "Bagon (JTG 112)"
    assert resolve(lib, "Bagon (EVS 107)") == "Bagon (EVS 107)"
    assert resolve(lib, "swsh7-107") == "Bagon (EVS 107)"


def test_the_command_says_which_print_a_bare_name_took(small_pool, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    status, out, err = run_cli("resolve", str(path), "--cards", small_pool)
    assert "note: 'Bagon' is Bagon (JTG 112), the default of 2 cards of that name (the newest print)" in err


def test_names_match_whatever_apostrophe_is_typed(small_pool):
    lib = library_with(small_pool)
    assert resolve(lib, "Team Rocket\u2019s Petrel") == resolve(lib, "Team Rocket's Petrel") == "Team Rocket's Petrel"


def test_hand_written_cards_take_precedence_over_the_pool(small_pool):
    lib = library_with(small_pool)
    # Trainers: the hand-written card by name, by any print and by any public id.
    for name in ("Arven", "Arven (OBF 186)", "sv03-186", "sv3-186", "Buddy-Buddy Poffin (PRE 101)", "sv05-144"):
        key = resolve(lib, name)
        assert key in lib.by_key and lib.get(key).path.endswith(("trainers.yaml", "staples.yaml")), name
    # Pokémon: the hand-written print; its public ids reach it too.
    assert resolve(lib, "Charizard ex") == resolve(lib, "sv03-125") == resolve(lib, "sv3-125") == \
        "Charizard ex (OBF 125)"
    assert lib.get("Charizard ex (OBF 125)").path.endswith("pokemon.yaml")
    # Basic Energy: one card, the hand-written one.
    assert resolve(lib, "sv03-230") == "Basic Fire Energy" and lib.get("Basic Fire Energy").path.endswith("energy.yaml")


def test_an_unknown_name_lists_the_closest_names_of_library_and_pool(small_pool):
    lib = library_with(small_pool)
    with pytest.raises(InputError) as info:
        resolve(lib, "Radiant Heatrn")
    # the hand-written library's close names first (as without a pool), then the pool's
    assert "(closest: Radiant Greninja, Radiant Greninja (ASR 046), Radiant Heatran)" in info.value.render()


# ---- load cost --------------------------------------------------------------------------------------

SCENARIO = """id: pool-load
title: Loading a scenario reads only the cards it names
source: "test"
state:
  me:
    active: Bagon
    bench: [Radiant Heatran]
    hand: [Team Rocket's Petrel]
    deck: 30
    prizes: 6
  opp:
    active: Pikachu
    hand: 6
    deck: 30
    prizes: 6
action:
  attack: {name: Bite}
"""


def test_loading_a_scenario_reads_one_bucket_per_name_and_only_the_named_cards(small_pool, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    lib = library_with(small_pool)
    scenario = load_scenario(str(path), lib)
    named = {"Bagon (JTG 112)", "Radiant Heatran (ASR 027)", "Team Rocket's Petrel"}
    for key in named:
        lib.get(key)
    reads = lib.pool.reads
    cards = sorted(r.split("@")[0] for r in reads if "@" in r)
    assert cards == ["cards-b.yaml", "cards-r.yaml", "cards-t.yaml"]        # Bagon, Radiant Heatran, Petrel
    # one bucket per name looked up (and per key), never the list of every name
    assert "names.txt" not in reads and len([r for r in reads if r.endswith(".json")]) <= 8
    assert scenario.state.me.active.card == "Bagon (JTG 112)"


def test_the_bundled_pool_is_read_the_same_way():
    lib = load_library()
    assert lib.pool is not None and Pool.exists(pool_dir())
    before = len(lib.pool.reads)
    assert resolve(lib, "Radiant Greninja (ASR 046)") == "Radiant Greninja (ASR 046)"   # hand-written: no read
    assert len(lib.pool.reads) == before


# ---- --cards ----------------------------------------------------------------------------------------

def test_cards_option_brings_an_imported_file(tmp_path):
    out = tmp_path / "mine.yaml"
    assert run_cli("cards", "import", PTCGDATA, "-o", str(out))[0] == 0
    lib = with_card_files(load_library(), [str(out)])
    assert resolve(lib, "sv3-185") == "Flamigo (OBF 185)"
    assert resolve(lib, "Arven") == "Arven" and lib.get("Arven").path.endswith(("trainers.yaml", "staples.yaml"))
    scenario = tmp_path / "s.yaml"
    scenario.write_text(SCENARIO.replace("active: Bagon", "active: Flamigo (OBF 185)")
                        .replace("bench: [Radiant Heatran]", "bench: []").replace("[Team Rocket's Petrel]", "[]")
                        .replace("Bite", "Peck"), encoding="utf-8")
    status, out_text, err = run_cli("resolve", str(scenario), "--cards", str(out))
    assert status == 0, err
    assert "verdict: illegal" in out_text     # no Energy attached: Peck's cost is not met (ATK1)


def test_cards_option_takes_a_pool_directory(small_pool, tmp_path):
    lib = with_card_files(load_library(), [small_pool])
    assert resolve(lib, "sv3-192") == "Pokémon League Headquarters"
    with pytest.raises(InputError):
        with_card_files(load_library(), [str(tmp_path)])


def test_cards_option_refuses_a_pool_directory_of_an_older_index_format(small_pool, tmp_path):
    import json
    import shutil
    old = tmp_path / "old"
    shutil.copytree(small_pool, old)
    meta = old / "index" / "meta.json"
    data = json.loads(meta.read_text(encoding="utf-8"))
    data["format"] = 1   # written before the index listed what evolves from each name
    meta.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError) as err:
        with_card_files(load_library(), [str(old)])
    assert "format 1" in str(err.value) and "cards import" in str(err.value)


def test_the_index_lists_what_evolves_from_a_name(small_pool):
    # each print's `evolves_from` read back from the index, in reverse: every card that evolves from a name
    pool = Pool(small_pool, parse_cards)
    lines = {}
    for name in pool.names():
        for key in pool.lookup(name):
            entry = pool.entry(key)
            if entry and entry.get("evolves_from") and entry["name"] == name:
                lines.setdefault(entry["evolves_from"], set()).add(key)
    assert lines, "the extract has evolution cards"
    for base, keys in lines.items():
        assert set(pool.evolutions(base)) == keys


# ---- never a silent guess ---------------------------------------------------------------------------

def scenario_text(active: str = "Plain Mon", action: str = "attack: {name: Tackle}", hand: str = "[Unreadable Orders]",
                  stadium: str = "") -> str:
    return f"""id: unsupported
title: An action that needs unexpressed card text gets no verdict
source: "test"
state:
  me:
    active: {active}
    hand: {hand}
    deck: 30
    prizes: 6
  opp:
    active: Pikachu
    hand: 6
    deck: 30
    prizes: 6
{stadium}action:
  {action}
"""


@pytest.mark.parametrize("action, card, sentence", [
    ("play: Unreadable Orders", "Unreadable Orders", "Your opponent reveals their hand"),
    ("attack: {name: Odd Beam}", "Plain Mon (TST 001)", "Your opponent shuffles their hand"),
])
def test_an_action_needing_unsupported_text_exits_5_with_the_sentence(tmp_path, action, card, sentence):
    path = tmp_path / "s.yaml"
    path.write_text(scenario_text(action=action), encoding="utf-8")
    for command in ("check", "resolve"):
        status, out, err = run_cli(command, str(path), "--cards", UNSUPPORTED)
        assert status == 5, err
        assert f"unsupported: {card}: '{sentence}" in err and "verdict" not in out


def test_a_card_with_unsupported_text_in_the_hand_does_not_stop_a_verdict(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(scenario_text(), encoding="utf-8")
    status, out, err = run_cli("resolve", str(path), "--cards", UNSUPPORTED)
    assert status == 0 and "verdict: illegal" in out          # Tackle without Energy: ATK1


def test_a_stadium_in_play_with_unsupported_text_stops_every_verdict(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(scenario_text(stadium="  stadium: {card: Unreadable Stadium, owner: me}\n"), encoding="utf-8")
    status, _, err = run_cli("resolve", str(path), "--cards", UNSUPPORTED)
    assert status == 5 and "unsupported: Unreadable Stadium: 'Each Pokémon in play gets +10 HP" in err


def test_an_untranslated_activated_ability_in_play_stops_only_its_own_use(tmp_path):
    # An Ability whose opening says it is activated does nothing until it is declared (cards/unsupported.py): its
    # Pokémon in play stops no verdict on another action; declaring it is refused with its sentence.
    path = tmp_path / "s.yaml"
    path.write_text(scenario_text().replace("  opp:\n    active: Pikachu", "  opp:\n    active: Idle Mon"),
                    encoding="utf-8")
    status, out, err = run_cli("resolve", str(path), "--cards", UNSUPPORTED)
    assert status == 0 and "verdict: illegal" in out, err      # Tackle without Energy: ATK1
    path.write_text(scenario_text(active="Idle Mon", action="ability: {pokemon: active, name: Odd Swap}"),
                    encoding="utf-8")
    status, _, err = run_cli("resolve", str(path), "--cards", UNSUPPORTED)
    assert status == 5 and "unsupported: Idle Mon (TST 004): 'Once during your turn, you may have" in err


def test_an_untranslated_ability_of_unknown_kind_in_play_stops_every_verdict(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(scenario_text().replace("  opp:\n    active: Pikachu", "  opp:\n    active: Aura Mon"),
                    encoding="utf-8")
    status, _, err = run_cli("resolve", str(path), "--cards", UNSUPPORTED)
    assert status == 5 and "unsupported: Aura Mon (TST 005): 'Each of your opponent's" in err


def test_the_opening_of_an_untranslated_ability_keeps_its_kind():
    from ptcg_asp.cards.text.abilities import opening
    assert opening("As often as you like during your turn, you may move 1 damage counter from 1 of your Team "
                   "Rocket's Pokémon to another of your Pokémon.") == {"kind": "activated"}
    assert opening("When you play this Pokémon from your hand onto your Bench during your turn, you may have your "
                   "opponent reveal their hand.") == {"kind": "triggered", "trigger": "bench_from_hand"}
    # "Once during your turn, when ...": triggered by something another action may do: no kind is kept.
    assert opening("Once during your turn, when this Pokémon moves from your Bench to the Active Spot, you may "
                   "move any amount of Energy from your other Pokémon to it.") == {}
    assert opening("Each of your Pokémon gets +30 HP for each card in your hand.") == {}


def test_actions_listing_marks_unsupported_actions_instead_of_judging_them(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(scenario_text(action="actions: {}"), encoding="utf-8")
    status, out, _ = run_cli("check", str(path), "--cards", UNSUPPORTED, "--why-not")
    assert status == 5
    assert "not judged (card text the vocabulary does not express):" in out
    assert "play Unreadable Orders  -- unsupported: Unreadable Orders: 'Your opponent reveals" in out
    assert "attack Odd Beam  -- unsupported: Plain Mon (TST 001)" in out
    assert "attack Tackle  -- ATK1" in out       # the other actions are judged as usual


def test_hand_written_notes_that_say_not_expressed_are_unsupported():
    lib = load_library()
    rainbow = lib.get("Basic Fire Energy") and lib.get("Rainbow Energy")
    assert rainbow.unsupported and rainbow.unsupported_scope == "from_hand"
    zoroark = lib.get(resolve(lib, "Zoroark-GX"))
    assert next(a for a in zoroark.attacks if a.name == "Trickster-GX").unsupported


# ---- the committed pool is fresh --------------------------------------------------------------------

def test_every_pool_text_card_matches_a_fresh_translation_of_its_text():
    """A stale pool (the translator changed, the pool was not regenerated) fails here: regenerate
    with `ptcg-asp cards import cards-en.json --out-dir ptcg_asp/data/pool` (docs/importing.md)."""
    directory = pool_dir()
    checked = 0
    for name in sorted(os.listdir(directory)):
        if not (name.startswith("cards-") and name.endswith(".yaml")):
            continue
        path = os.path.join(directory, name)
        for card in y.plain(y.parse(y.read_text(path), path)):
            if card["kind"] not in cardtext.TEXT_KINDS:
                continue
            # (as the importer translates: a Tool's printed Ability read with it, cards/text/granted.py)
            fresh = translate_card(card["kind"], card["text"], card["name"], has_attacks=bool(card.get("attacks")))
            if fresh.supported:
                assert {k: card.get(k) for k in fresh.fields} == fresh.fields and "unsupported" not in card, \
                    card["name"]
            else:
                assert card.get("unsupported") == list(fresh.unsupported), card["name"]
            checked += 1
    assert checked > 500      # distinct Trainer and Special Energy names of the pool


def test_an_effect_that_evolves_is_refused_when_the_evolution_has_unsupported_abilities(tmp_path):
    """Rare Candy evolves from the hand: the Stage 2's "when you play this Pokémon from your hand to
    evolve" would trigger, and its text is not expressed."""
    path = tmp_path / "s.yaml"
    text = scenario_text(active="Pikachu", action="play: Rare Candy", hand="[Rare Candy, Unreadable Stage Two]")
    path.write_text(text.replace("    hand: [Rare", "    bench: [Plain Mon]\n    hand: [Rare"), encoding="utf-8")
    status, _, err = run_cli("resolve", str(path), "--cards", UNSUPPORTED)
    assert status == 5 and "unsupported: Unreadable Stage Two (TST 003): 'When you play this Pokémon" in err


PRISM_SCENARIO = """id: t
title: t
lang: en
source: card text
state:
  me:
    active: {card: Pikachu V (BRS 157), energy: [Basic Lightning Energy, Basic Lightning Energy, ENERGY]}
    deck: 20
    prizes: 6
  opp:
    active: Snorlax (MEW 143)
    deck: 20
    prizes: 6
action:
  attack: {name: Lightning Blast}
"""


def test_attached_energy_picked_by_type_next_to_an_energy_whose_type_depends_on_its_holder_is_refused(tmp_path):
    # "You may discard all Lightning Energy from this Pokémon" picks attached Energy by the type it provides; a filter
    # reads the type a card prints, and Prism Energy provides every type only on a Basic Pokémon (provides_if):
    # never a silent guess (cards/unsupported.py). Speed Lightning Energy, which always provides {L}, is judged.
    path = tmp_path / "s.yaml"
    path.write_text(PRISM_SCENARIO.replace("ENERGY", "Prism Energy"), encoding="utf-8")
    status, out, err = run_cli("resolve", str(path))
    assert status == 5 and "unsupported: Prism Energy: 'its provided type depends on its holder" in err, err
    path.write_text(PRISM_SCENARIO.replace("ENERGY", "Speed Lightning Energy"), encoding="utf-8")
    status, out, err = run_cli("resolve", str(path))
    assert status == 0 and "moved attached>discard: [0, 3]" in out, out + err


DRUM_SCENARIO = """id: t
title: t
lang: en
source: card text
state:
  me:
    active: ACTIVE
    hand: [Awakening Drum]
    deck: 20
    prizes: 6
  opp:
    active: Pikachu
    deck: 20
    prizes: 6
action:
  play: Awakening Drum
"""


def test_a_pool_pokemon_whose_data_marks_no_ancient_pokemon_meets_a_card_that_counts_them(tmp_path):
    # TCGdex marks no Ancient (Tera, Future, Rapid Strike, ...) Pokémon: Roaring Moon ex is Ancient, but its pool card
    # cannot say so (`unmarked_tags`), and "Draw a card for each of your Ancient Pokémon in play" counted it as none:
    # Awakening Drum was wrongly illegal (A3). Now no verdict (cards/unsupported.py); with hand-written cards only
    # (their tags are complete) the verdict stands.
    path = tmp_path / "s.yaml"
    path.write_text(DRUM_SCENARIO.replace("ACTIVE", "Roaring Moon ex (PRE 162)"), encoding="utf-8")
    status, out, err = run_cli("resolve", str(path))
    assert status == 5 and "unsupported: Roaring Moon ex (PRE 162): 'its card data does not say whether it is an " \
                           "Ancient Pokémon, which the action or a card in play tells apart'" in err, err
    path.write_text(DRUM_SCENARIO.replace("ACTIVE", "Charmander"), encoding="utf-8")
    status, out, err = run_cli("resolve", str(path))
    assert status == 0 and "verdict: illegal" in out, out + err


def test_the_importer_marks_a_pokemon_whose_source_marks_no_subtypes():
    # a print read from TCGdex only may lack the tags its era can have (`unmarked_tags`): Tera (a Pokémon ex only),
    # Ancient and Future for a Scarlet & Violet print (regulation marks G-J), Rapid / Single / Fusion Strike for a Sword
    # & Shield one (D-F), all of them for a print of no known era; one that pokemon-tcg-data also has carries its
    # subtypes (Charizard ex OBF 125: tera) and is complete
    cards, _ = importer.import_files([TCGDEX, PTCGDATA])
    by = {(c["name"], c["print"]): c for c in cards if c["kind"] == "pokemon"}
    assert by[("Charizard ex", "OBF 125")]["tags"] == ["ex", "tera"] and "unmarked_tags" not in by[("Charizard ex", "OBF 125")]
    assert by[("Bagon", "JTG 112")]["unmarked_tags"] == ["ancient", "future"]
    assert by[("Mega Meganium ex", "ASC 010")]["unmarked_tags"] == ["tera", "ancient", "future"]
    assert by[("Bagon", "EVS 107")]["unmarked_tags"] == ["rapid_strike", "single_strike", "fusion_strike"]
    assert by[("Arceus V", "BRS 122")]["unmarked_tags"] == ["rapid_strike", "single_strike", "fusion_strike"]
    # a print without a regulation mark: its set's era (Classic Collection reprints older cards: any era)
    assert importer.era_tags(SimpleNamespace(regulation="", set_id="mfb")) == ("tera", "ancient", "future")
    assert importer.era_tags(SimpleNamespace(regulation="", set_id="swshp")) == ("rapid_strike", "single_strike",
                                                                                 "fusion_strike")
    assert importer.era_tags(SimpleNamespace(regulation="", set_id="cel25cc")) == UNMARKED_TAGS
    assert importer.era_tags(SimpleNamespace(regulation="", set_id="unknown")) == UNMARKED_TAGS
    assert "unmarked_tags: [ancient, future]" in importer.card_yaml(by[("Bagon", "JTG 112")])
    assert all("unmarked_tags" not in c for c in cards if c["kind"] != "pokemon")


def test_unmarked_tags_reads_a_list_of_those_tags_or_true():
    # the library reads the importer's list (in UNMARKED_TAGS order), `true` as every one of them, and refuses a tag
    # that is not one of them
    def card(value):
        text = f"- name: X\n  kind: pokemon\n  stage: basic\n  hp: 60\n  types: [fire]\n  unmarked_tags: {value}\n"
        return parse_cards(y.parse(text, "c.yaml"), "c.yaml", "cards")[0]
    assert card("[future, tera]").unmarked_tags == ("tera", "future")
    assert card("true").unmarked_tags == UNMARKED_TAGS
    assert card("false").unmarked_tags == ()
    with pytest.raises(InputError):
        card("[ex]")


BLIZZARD_SCENARIO = """\
id: s
title: t
lang: en
source: x
cards:
  - name: Test Training Dummy
    kind: pokemon
    stage: basic
    hp: 400
    types: [colorless]
    retreat: 1
ATTACKER
state:
  me:
    active: ACTIVE
    bench: MY_BENCH
    deck: 20
    prizes: 6
  opp:
    active: Test Training Dummy
    bench: [BENCHED]
    deck: 20
    prizes: 6
action:
  attack: {name: ATTACK}
"""


def blizzard(tmp_path, benched: str, active: str = "{card: Articuno (MEW 144), energy: [Basic Water Energy x3]}",
             attack: str = "Blizzard", attacker: str = "", my_bench: str = "[]"):
    path = tmp_path / "s.yaml"
    path.write_text(BLIZZARD_SCENARIO.replace("ATTACKER", attacker).replace("BENCHED", benched).replace("ACTIVE", active)
                    .replace("ATTACK", attack).replace("MY_BENCH", my_bench), encoding="utf-8")
    return run_cli("resolve", str(path))


def test_an_attack_that_damages_the_bench_with_a_pool_pokemon_that_may_be_tera_there_gets_no_verdict(tmp_path):
    # DMG5: a Benched Tera Pokémon takes no damage from attacks. Roaring Moon ex PRE 162 (regulation H) is a Scarlet &
    # Violet Pokémon ex whose TCGdex data cannot say whether it is Tera (`unmarked_tags: [tera, ...]`): Blizzard's 10 to
    # each of the opponent's Benched Pokémon could be prevented or not, so no verdict, naming the card
    status, out, err = blizzard(tmp_path, "Roaring Moon ex (PRE 162)")
    assert status == 5 and "unsupported: Roaring Moon ex (PRE 162): 'its card data does not say whether it is a Tera " \
                           "Pokémon" in err, out + err
    # a Sword & Shield print (Bagon EVS 107, regulation E) cannot be Tera, nor a Scarlet & Violet Pokémon that is not a
    # Pokémon ex (Bagon JTG 112: every Tera Pokémon is a Pokémon ex): the 10 goes on
    for bagon in ("Bagon (EVS 107)", "Bagon (JTG 112)"):
        status, out, err = blizzard(tmp_path, bagon)
        assert status == 0 and "damage opp.bench.0: [10]" in out, out + err
    # a hand-written Tera Pokémon (its tags are complete): the 10 is prevented
    status, out, err = blizzard(tmp_path, "{card: Charizard ex (OBF 125), evolved_from: [Charmander, Charmeleon]}")
    assert status == 0 and "damage opp.bench.0: [0]" in out and "DMG5" in out, out + err


def test_an_attack_that_damages_only_the_active_is_not_refused_for_a_benched_pool_pokemon(tmp_path):
    # an attack that damages the Active Pokémon only: nothing the Tera rule decides, the verdict stands
    attacker = """\
  - name: Test Puncher
    kind: pokemon
    stage: basic
    hp: 100
    types: [colorless]
    retreat: 1
    attacks:
      - name: Punch
        cost: [colorless]
        damage: 30"""
    status, out, err = blizzard(tmp_path, "Roaring Moon ex (PRE 162)", active="{card: Test Puncher, energy: [Basic Water Energy]}",
                                attack="Punch", attacker=attacker)
    assert status == 0 and "damage opp.active: [30]" in out and "damage opp.bench.0" not in out, out + err


def test_an_attack_whose_damage_ignores_effects_on_those_pokemon_with_a_benched_tera_pokemon_gets_no_verdict(tmp_path):
    # "This attack's damage isn't affected by ... any effects on those Pokémon": whether the Tera rule (DMG5) is such an
    # effect is not settled here, so with a Tera Pokémon on the Bench the attack gets no verdict
    attacker = """\
  - name: Test Piercer
    kind: pokemon
    stage: basic
    hp: 100
    types: [psychic]
    retreat: 1
    attacks:
      - name: Pierce
        cost: [colorless]
        damage: 0
        effect:
          - damage: {amount: 30, target: {side: opp, where: bench, each: true}}
        ignores: [target_effects]"""
    status, out, err = blizzard(tmp_path, "{card: Charizard ex (OBF 125), evolved_from: [Charmander, Charmeleon]}",
                                active="{card: Test Piercer, energy: [Basic Psychic Energy]}", attack="Pierce",
                                attacker=attacker)
    assert status == 5 and "unsupported: Charizard ex (OBF 125): 'the attack's damage isn't affected by any effects" in err, \
        out + err
    status, out, err = blizzard(tmp_path, "Charmander", active="{card: Test Piercer, energy: [Basic Psychic Energy]}",
                                attack="Pierce", attacker=attacker)
    assert status == 0 and "damage opp.bench.0: [30]" in out, out + err


def test_an_attack_that_damages_its_own_bench_with_a_pool_pokemon_that_may_be_tera_there_gets_no_verdict(tmp_path):
    # Whiscash RCL 100's Earthquake does 20 to each of its own Benched Pokémon: the Tera rule covers "both yours and your
    # opponent's" attacks, so a Scarlet & Violet pool Pokémon on the attacker's own Bench leaves it without a verdict
    status, out, err = blizzard(tmp_path, "Charmander",
                                active="{card: Whiscash (RCL 100), evolved_from: [Barboach], energy: [Basic Fighting Energy x2]}",
                                attack="Earthquake", my_bench="[Roaring Moon ex (PRE 162)]")
    assert status == 5 and "unsupported: Roaring Moon ex (PRE 162)" in err, out + err


def test_the_bundled_index_has_one_short_entry_a_line_and_no_byte_offsets():
    """A regenerated pool must change only the index lines of the cards that changed (a single-line index,
    or byte offsets that shift with every edit before them, would make each regeneration rewrite megabytes)."""
    index = os.path.join(pool_dir(), "index")
    for name in sorted(os.listdir(index)):
        if name.endswith(".json"):
            with open(os.path.join(index, name), encoding="utf-8") as fh:
                lines = fh.read().splitlines()
            assert max(len(line) for line in lines) < 2000, name
            assert '"offset"' not in "".join(lines), name
