"""`ptcg-asp cards import`: public card data -> library YAML (docs/importing.md), on small extracts."""
import contextlib
import io
import json
import os


from ptcg_asp.cards import text as cardtext, importer
from ptcg_asp.read import yamlsrc as y
from ptcg_asp.cards.text import Translation
from ptcg_asp.cli.commands import main
from ptcg_asp.cards.library import parse_cards

DATA = os.path.join(os.path.dirname(__file__), "data")
TCGDEX = os.path.join(DATA, "tcgdex-extract.json")
PTCGDATA = os.path.join(DATA, "pokemon-tcg-data-sv3-extract.json")


def cards_of(*paths):
    cards, problems = importer.import_files(list(paths))
    return {c["name"] + (f" ({c['print']})" if c["kind"] == "pokemon" else ""): c for c in cards}, problems


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


# ---- structural fields ------------------------------------------------------------------------------

def test_a_stage_2_pokemon_ex_keeps_every_printed_field():
    cards, _ = cards_of(TCGDEX)
    c = cards["Charizard ex (OBF 125)"]
    assert (c["kind"], c["stage"], c["hp"], c["types"], c["evolves_from"]) == ("pokemon", "stage2", 330, ["darkness"],
                                                                                "Charmeleon")
    assert c["weakness"] == {"type": "grass", "value": "x2"} and "resistance" not in c and c["retreat"] == 2
    assert c["ids"] == ["sv03-125"] and c["regulation"] == ["G"] and c["tags"] == ["ex"]
    attack = c["attacks"][0]
    assert (attack["name"], attack["cost"], attack["damage"], attack["damage_mod"]) == (
        "Burning Darkness", ["fire", "fire"], 180, "+")
    # The attack's and the Ability's texts are translated (as the hand-written Charizard ex reads them).
    assert attack["damage_times"] == {"prizes_taken": "opp", "amount": 30} and "unsupported" not in attack
    ability = c["abilities"][0]
    assert ability["name"] == "Infernal Reign" and "unsupported" not in ability
    assert (ability["kind"], ability["trigger"]) == ("triggered", "evolve_from_hand")
    assert ability["effect"] == [{"may": [{"search": {"zone": "deck", "filter": {"kind": "basic_energy", "type": "fire"},
                                                      "count": 3, "up_to": True, "to": "attach",
                                                      "target": {"side": "me"}, "spread": True}}]}]


def test_an_attack_without_text_is_fully_usable():
    cards, _ = cards_of(TCGDEX)
    gnaw = cards["Bagon (EVS 107)"]["attacks"][0]
    assert gnaw == {"name": "Gnaw", "cost": ["colorless"], "damage": 10, "text": ""}


def test_both_sources_give_the_same_structural_fields():
    tcg, _ = cards_of(TCGDEX)
    ptd, _ = cards_of(PTCGDATA)
    a, b = tcg["Charizard ex (OBF 125)"], ptd["Charizard ex (OBF 125)"]
    assert (a["ids"], b["ids"]) == (["sv03-125"], ["sv3-125"])
    # pokemon-tcg-data's subtypes say Tera; TCGdex records carry no Tera mark (docs/importing.md).
    assert (a["tags"], b["tags"]) == (["ex"], ["ex", "tera"])
    for key in ("print", "kind", "stage", "hp", "types", "evolves_from", "weakness", "retreat", "regulation"):
        assert a[key] == b[key], key
    strip = [{k: v for k, v in x.items() if k not in ("text", "unsupported")} for x in a["attacks"] + b["attacks"]]
    assert strip[0] == strip[1]


def test_one_print_from_both_sources_is_one_card_with_both_ids_and_the_tags_either_marks():
    cards, _ = cards_of(TCGDEX, PTCGDATA)
    c = cards["Charizard ex (OBF 125)"]
    assert c["ids"] == ["sv03-125", "sv3-125"] and c["tags"] == ["ex", "tera"]
    assert "{R}" in c["abilities"][0]["text"]     # the TCGdex record's text


def test_tags_and_stages_of_rule_box_pokemon():
    cards, _ = cards_of(TCGDEX)
    assert cards["Arceus V (BRS 122)"]["tags"] == ["v"]
    vstar = cards["Arceus VSTAR (BRS 123)"]
    assert (vstar["stage"], vstar["evolves_from"], vstar["tags"]) == ("vstar", "Arceus V", ["v", "vstar"])
    assert cards["Radiant Heatran (ASR 027)"]["tags"] == ["radiant"]
    assert cards["Mega Meganium ex (ASC 010)"]["tags"] == ["ex", "mega"]
    ptd, _ = cards_of(PTCGDATA)
    assert ptd["Flamigo (OBF 185)"]["resistance"] == {"type": "fighting", "value": "-30"}


def test_energy_kinds():
    cards, _ = cards_of(TCGDEX)
    # "Fire Energy" and "Basic Fire Energy" are one card, under the library's name.
    fire = cards["Basic Fire Energy"]
    assert (fire["kind"], fire["provides"], fire["ids"]) == ("basic_energy", ["fire"], ["sv03-230", "swsh12.5-153"])
    # TCGdex marks Prism Energy `Normal`: an Energy with rules text is special.
    assert cards["Prism Energy"]["kind"] == "special_energy"
    assert cards["Mist Energy"]["kind"] == "special_energy"
    assert cards["Neo Upper Energy"]["tags"] == ["ace_spec"]


def test_trainer_prints_with_the_same_text_are_one_card_named_by_the_newest_print():
    cards, _ = cards_of(TCGDEX)
    poffin = cards["Buddy-Buddy Poffin"]
    assert poffin["prints"] == ["PRE 101", "TEF 144"] and poffin["print"] == "PRE 101"
    assert poffin["ids"] == ["sv05-144", "sv08.5-101"] and poffin["regulation"] == ["H"]


def test_pokemon_prints_with_other_attacks_stay_apart_and_the_newest_comes_first():
    cards, _ = importer.import_files([TCGDEX])
    bagons = [c["print"] for c in cards if c["name"] == "Bagon"]
    assert bagons == ["JTG 112", "EVS 107"]


def test_pokemon_tcg_data_trainer_text_leaves_out_the_category_rule():
    cards, _ = cards_of(PTCGDATA)
    assert cards["Arven"]["text"] == ("Search your deck for an Item card and a Pokémon Tool card, reveal them, and "
                                      "put them into your hand. Then, shuffle your deck.")
    assert cards["Patrol Cap"]["kind"] == "tool" and cards["Pokémon League Headquarters"]["kind"] == "stadium"
    assert cards["Letter of Encouragement"]["text"].count("\n\n") == 1


# ---- broken records ---------------------------------------------------------------------------------

def test_broken_records_name_file_record_and_field_and_the_rest_imports():
    cards, problems = importer.import_files([TCGDEX])
    got = sorted((p.index, p.ident, p.field) for p in problems)
    assert got == [(19, "test-001", "name"), (20, "test-002", "types.0"), (21, "test-003", "attacks.0.damage")]
    assert all(p.path == TCGDEX for p in problems)
    assert "got '20×+'" in problems[-1].render() or any("20×+" in p.render() for p in problems)
    assert sum(len(c["ids"]) for c in cards) == 19     # every good record imported


def test_cli_import_exit_2_with_broken_records_still_writes_the_rest(tmp_path):
    out = tmp_path / "out.yaml"
    status, _, err = run_cli("cards", "import", TCGDEX, "-o", str(out))
    assert status == 2
    assert f"error: {TCGDEX}: record 21 (test-003): attacks.0.damage: expected" in err
    assert "Bagon" in out.read_text(encoding="utf-8")
    status, _, _ = run_cli("cards", "import", PTCGDATA, "-o", str(out))
    assert status == 0


def test_an_unreadable_file_is_a_problem_not_a_crash(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    _, problems = importer.import_files([str(bad)])
    assert problems and problems[0].field == "file"


# ---- output -----------------------------------------------------------------------------------------

def test_output_is_byte_stable_and_independent_of_input_order(tmp_path):
    one = importer.to_yaml(importer.import_files([TCGDEX, PTCGDATA])[0])
    assert one == importer.to_yaml(importer.import_files([TCGDEX, PTCGDATA])[0])
    assert one == importer.to_yaml(importer.import_files([PTCGDATA, TCGDEX])[0])
    data = json.load(open(TCGDEX, encoding="utf-8"))
    data["cards"].reverse()
    flipped = tmp_path / "flipped.json"
    flipped.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert importer.to_yaml(importer.import_files([str(flipped)])[0]) == importer.to_yaml(
        importer.import_files([TCGDEX])[0])


def test_output_is_a_valid_library_file():
    text = importer.to_yaml(importer.import_files([TCGDEX, PTCGDATA])[0])
    cards = parse_cards(y.parse(text, "out.yaml"), "out.yaml", "cards")
    charizard = next(c for c in cards if c.key == "Charizard ex (OBF 125)")
    assert charizard.attacks[0].damage_times == ("prizes_taken", "opp", 30) and not charizard.attacks[0].unsupported
    # the Ability translated (abilities.py), read back by the library's reader
    assert (charizard.abilities[0].kind, charizard.abilities[0].trigger) == ("triggered", "evolve_from_hand")
    assert charizard.abilities[0].effect is not None and not charizard.abilities[0].unsupported
    assert charizard.ids == ("sv03-125", "sv3-125") and charizard.tags == ("ex", "tera")


def test_trainer_text_goes_through_the_translator(monkeypatch):
    """Supported: the translator's fields; unsupported: its sentences, and no effect."""
    def fake(kind, text, name="", has_attacks=False):
        if name == "Arven":
            return Translation(fields={"effect": {"do": [{"draw": 2}]}})
        return Translation(unsupported=("Sentence A.", "Sentence B."))
    monkeypatch.setattr(cardtext, "translate", fake)
    cards, _ = cards_of(PTCGDATA)
    assert cards["Arven"]["effect"] == {"do": [{"draw": 2}]} and "unsupported" not in cards["Arven"]
    assert cards["Patrol Cap"]["unsupported"] == ["Sentence A.", "Sentence B."] and "effect" not in cards["Patrol Cap"]
    parse_cards(y.parse(importer.to_yaml(list(importer.import_files([PTCGDATA])[0])), "o.yaml"), "o.yaml", "cards")


# ---- cards coverage (the wiring: measure and render come from the cardtext branch) -------------------

def test_coverage_builds_text_records_and_prints_the_rendered_report(monkeypatch):
    seen = {}

    def measure(records, marks=None):
        seen["records"], seen["marks"] = list(records), marks
        return {"fake": len(seen["records"])}

    def render(report, fmt="text"):
        seen["fmt"] = fmt
        return f"rendered {report['fake']} as {fmt}"
    monkeypatch.setattr("ptcg_asp.cards.text.coverage.measure", measure)
    monkeypatch.setattr("ptcg_asp.cards.text.coverage.render", render)
    status, out, _ = run_cli("cards", "coverage", PTCGDATA, "--format", "markdown")
    # the Trainer report as rendered, then the attack report (coverage.measure_attacks, its own renderer)
    assert status == 0 and out.startswith("rendered 4 as markdown\n\nAttacks: ") and seen["fmt"] == "markdown"
    kinds = sorted((r.kind, r.name, r.regulation_mark, r.set_id) for r in seen["records"])
    assert kinds == [("item", "Letter of Encouragement", "G", "sv3"), ("stadium", "Pokémon League Headquarters", "G", "sv3"),
                     ("supporter", "Arven", "G", "sv3"), ("tool", "Patrol Cap", "G", "sv3")]
    assert all(r.text for r in seen["records"]) and seen["marks"] is None


def test_coverage_takes_the_regulation_marks_to_count():
    """`--marks`: only prints with those marks count (`standard`: H, I and J, the issue's measure);
    the extract's four Trainers are all regulation mark G."""
    counted = {}
    for marks in ("G", "standard", "H,I"):
        status, out, _ = run_cli("cards", "coverage", PTCGDATA, "--format", "json", "--marks", marks)
        assert status == 0
        counted[marks] = sum(c["names"] for c in json.loads(out)["categories"])
    assert counted == {"G": 4, "standard": 0, "H,I": 0}
    status, _, err = run_cli("cards", "coverage", PTCGDATA, "--marks", "H,x1")
    assert status == 2 and "--marks" in err and "'H,x1'" in err


def test_coverage_without_files_reads_the_bundled_pool(monkeypatch, tmp_path):
    """With no file, `cards coverage` measures the pool installed at `library.pool_dir()` (here a pool written
    from the extract, so the test does not read the 6 MB bundled one): the same report as measuring the extract."""
    pool = tmp_path / "pool"
    status, _, _ = run_cli("cards", "import", TCGDEX, "--out-dir", str(pool))
    assert status == 2 and (pool / "index" / "meta.json").is_file()   # 2: the three broken records (bad input)
    monkeypatch.setattr("ptcg_asp.cards.library.pool_dir", lambda: str(pool))
    status, from_pool, _ = run_cli("cards", "coverage", "--format", "json")
    assert status == 0
    _, from_file, _ = run_cli("cards", "coverage", "--format", "json", TCGDEX)
    report = json.loads(from_pool)
    assert report == json.loads(from_file) and report["attacks"] and report["abilities"]


def test_a_technical_machine_carries_its_attack_and_gives_it_to_its_holder(tmp_path):
    """"The Pokémon this card is attached to can use the attack on this card": the record's attack becomes the card's
    `attacks` (translated as a Pokémon's) and the sentence `use_attacks`; with no attack in the data, it stays
    unsupported (nothing to give)."""
    text = ("The Pokémon this card is attached to can use the attack on this card. (You still need the necessary "
            "Energy to use this attack.) If this card is attached to 1 of your Pokémon, discard it at the end of your "
            "turn.")
    base = {"category": "Trainer", "trainerType": "Tool", "effect": text, "regulationMark": "H",
            "set": {"id": "sv08"}, "localId": "188"}
    records = [dict(base, id="sv08-188", name="Technical Machine: Test",
                    attacks=[{"cost": ["Grass"], "damage": 30, "name": "Test Strike",
                              "effect": "Discard all Energy from this Pokémon."}]),
               dict(base, id="sv08-189", localId="189", name="Technical Machine: Empty")]
    path = tmp_path / "tm.json"
    path.write_text(json.dumps({"cards": records, "sets": [{"id": "sv08", "releaseDate": "2024/11/08"}]}))
    cards, problems = cards_of(str(path))
    assert not problems
    tm = cards["Technical Machine: Test"]
    assert tm["passive"] == [{"use_attacks": {}}, {"discard_at_end_of_turn": {}}] and "unsupported" not in tm
    assert tm["attacks"] == [{"name": "Test Strike", "cost": ["grass"], "damage": 30,
                              "text": "Discard all Energy from this Pokémon.",
                              "effect": [{"discard_attached": {"count": "all", "filter": {"kind": "energy"},
                                                               "target": {"ref": "self"}}}]}]
    empty = cards["Technical Machine: Empty"]
    assert empty["unsupported"] == ["The Pokémon this card is attached to can use the attack on this card. (You still "
                                    "need the necessary Energy to use this attack.)"] and "passive" not in empty
    lib = parse_cards(y.parse(importer.to_yaml(list(importer.import_files([str(path)])[0])), "o.yaml"), "o.yaml",
                      "cards")
    card = next(c for c in lib if c.name == "Technical Machine: Test")
    assert [a.name for a in card.attacks] == ["Test Strike"] and card.passive[0].use_attacks is not None
