"""`cards import --asia`: Asian prints tied to English cards by what both records share, never by
number (docs/importing.md, "Chinese names"), on a small extract of the TCGdex data."""
import contextlib
import io
import json
import os

import pytest

from ptcg_asp.cards import asianames, importer
from ptcg_asp.cli.commands import main
from ptcg_asp.cards.library import CardLibrary, parse_cards
from ptcg_asp.cards.pool import Pool

DATA = os.path.join(os.path.dirname(__file__), "data")
EN = os.path.join(DATA, "tcgdex-zh-extract-en.json")
ASIA = os.path.join(DATA, "tcgdex-asia-zh-extract.json")


def tied(asia_path=ASIA):
    cards, problems = importer.import_files([EN])
    prints, more = asianames.read_asia(asia_path)
    report = asianames.tie(cards, prints)
    assert problems == [] and more == []
    return cards, report


def by_print(cards):
    return {c["name"] + (f" ({c['print']})" if c["kind"] == "pokemon" else ""): c for c in cards}


def test_trainers_tie_by_kind_and_illustrator():
    # Nest Ball: 13 Asian prints by Toyste Beach (Item), the English prints by Toyste Beach too, the
    # only Item of that illustrator in the extract. Buddy-Buddy Poffin: SV5K-063 and SV8a-147 (AYUMI
    # ODASHIMA, Item, H). SV8a-147's zh-cn name is the zh-tw one copied (寶 is Traditional): no
    # Simplified name without --zh-hans-from-hant.
    cards = by_print(tied()[0])
    assert cards["Nest Ball"]["zh_hant"] == ["巢穴球"] and "zh_hans" not in cards["Nest Ball"]
    assert cards["Buddy-Buddy Poffin"]["zh_hant"] == ["好友寶芬"] and "zh_hans" not in cards["Buddy-Buddy Poffin"]


def test_a_pokemon_ties_with_its_attack_and_ability_names():
    # SV8-033 (aky CG Works, Pokédex 25, Basic, 200 HP, Lightning, one attack costing GLM) is the
    # English Pikachu ex of Surging Sparks (its Ability and attack in the same order): the Ability is
    # 勤奮之心, the attack 黃玉伏特.
    cards = by_print(tied()[0])
    c = cards["Pikachu ex (PRE 179)"]
    assert c["zh_hant"] == ["皮卡丘ex"]
    assert c["abilities"][0]["name"] == "Resolute Heart" and c["abilities"][0]["zh_hant"] == ["勤奮之心"]
    assert c["attacks"][0]["name"] == "Topaz Bolt" and c["attacks"][0]["zh_hant"] == ["黃玉伏特"]
    # Another Pikachu ex card (Paldea Evolved, 190 HP, by N-DESIGN Inc.) has its own Asian print,
    # SVC-001 (no Pokédex number in the record: HP, stage, types and costs decide), and its attack names.
    assert cards["Pikachu ex (PAL 063)"]["zh_hant"] == ["皮卡丘ex"]
    assert [a["zh_hant"] for a in cards["Pikachu ex (PAL 063)"]["attacks"]] == [["皮卡拳"], ["極限伏特"]]


def test_an_ambiguous_print_names_nothing():
    # Love Ball (TWM) and Master Ball (TEF): both Items by Studio Bora Inc. with mark H, no number and
    # no type in their texts; the Asian prints SV5a-058 (甜蜜球), SVHK-015 and SVHM-015 (大師球) fit
    # both, so they are ambiguous and neither card gets a name (never a guess).
    cards, report = tied()
    cards = by_print(cards)
    assert "zh_hant" not in cards["Love Ball"] and "zh_hant" not in cards["Master Ball"]
    assert sorted(report.ambiguous_ids) == ["SV5a-058", "SVHK-015", "SVHM-015"]
    assert report.ambiguous == 3


def test_a_misaligned_record_is_skipped():
    # SV-P-091 is エレズン (Toxel) in Japanese, 巢穴球 (Nest Ball) in Chinese; seven other prints of
    # エレズン say 毒電嬰. It ties to no card: Toxel is 毒電嬰, and 巢穴球 stays Nest Ball's alone.
    cards, report = tied()
    assert report.misaligned == 1
    toxels = [c for c in cards if c["name"] == "Toxel"]
    assert {tuple(c.get("zh_hant", ())) for c in toxels} == {("毒電嬰",)}


def test_the_number_is_never_compared():
    # The same Asian records with every localId and id number changed tie the same way.
    with open(ASIA, encoding="utf-8") as fh:
        data = json.load(fh)
    for i, rec in enumerate(data["cards"]):
        rec["localId"] = f"{900 + i}"
        rec["id"] = f"{rec['set']}-{900 + i}"
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "ptcg-asp-asia-renumbered.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, ensure_ascii=False)
    try:
        again = {k: (c.get("zh_hant"), c.get("zh_hans")) for k, c in by_print(tied(path)[0]).items()}
    finally:
        os.remove(path)
    first = {k: (c.get("zh_hant"), c.get("zh_hans")) for k, c in by_print(tied()[0]).items()}
    assert again == first


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_cards_import_reports_the_ties(tmp_path):
    status, out, err = run_cli("cards", "import", EN, "--asia", ASIA, "-o", str(tmp_path / "lib.yaml"))
    assert status == 0
    assert ("Chinese names: 13 of 15 cards; 28 Asian prints: 23 tied, 3 ambiguous (no name), 1 with no "
            "English card, 1 misaligned (skipped)") in err
    assert "Standard (H, I, J) names with a Chinese name: Pokémon names 1 of 1" in err
    # The same bytes twice.
    first = (tmp_path / "lib.yaml").read_bytes()
    run_cli("cards", "import", EN, "--asia", ASIA, "-o", str(tmp_path / "lib.yaml"))
    assert (tmp_path / "lib.yaml").read_bytes() == first


def test_simplified_names_need_the_asian_file():
    status, out, err = run_cli("cards", "import", EN, "--zh-hans-from-hant")
    assert status == 2 and "--asia ASIA.json as well" in err


def test_simplified_names_converted_with_opencc(tmp_path):
    pytest.importorskip("opencc")
    status, out, err = run_cli("cards", "import", EN, "--asia", ASIA, "--zh-hans-from-hant",
                               "-o", str(tmp_path / "lib.yaml"))
    assert status == 0 and "cards with Simplified names converted from Traditional (OpenCC tw2s)" in err
    text = (tmp_path / "lib.yaml").read_text(encoding="utf-8")
    # 巢穴球 is written alike in both scripts; 毒電嬰 is 毒电婴, 好友寶芬 好友宝芬 in Simplified.
    assert 'zh_hans: ["毒电婴"]' in text and 'zh_hans: ["巢穴球"]' in text and 'zh_hans: ["好友宝芬"]' in text


def test_a_pool_resolves_the_chinese_names(tmp_path):
    cards, _ = tied()
    importer.write_pool(cards, str(tmp_path))
    pool = Pool(str(tmp_path), parse_cards)
    assert pool.lookup("巢穴球") == pool.lookup("Nest Ball") == ("Nest Ball",)
    assert pool.lookup("皮卡丘ex") == pool.lookup("Pikachu ex")
    library = CardLibrary((), pool)
    assert library.resolve("好友寶芬", "s.yaml", 1, "hand") == "Buddy-Buddy Poffin"
    # A bare Chinese name of a Pokémon takes the default print, as the English name does.
    assert library.resolve("毒電嬰", "s.yaml", 1, "active") == library.resolve("Toxel", "s.yaml", 1, "active")
    assert "毒電嬰" in library.defaulted
