"""Reasons in Simplified and Traditional Chinese (ptcg_asp/tell/wording.py, ptcg_asp/data/lang/*.yaml): every
reason term has a wording in every language, in the seeds' own terms."""
import contextlib
import io
import os
import re

import pytest
from clingo import parse_term

from ptcg_asp.tell import wording
from ptcg_asp.cli.commands import main
from ptcg_asp.solve.explain import _FACTS, _WORDS

from .conftest import SCENARIOS
from .test_scenarios import _reason_terms

SLOT = re.compile(r"\{(?:([a-z_]+):)?(\*|\d+(?:,\d+)*)\}")


def templates(value):
    return list(value.values()) if isinstance(value, dict) else [value]


@pytest.mark.parametrize("lang", wording.LANGS)
def test_every_reason_term_has_a_wording_in_every_language(lang):
    t = wording.table(lang)
    terms = set(_reason_terms()) | set(_WORDS)
    assert not sorted(terms - set(t.terms)), "reason terms without a wording"
    assert not sorted(set(_FACTS) - set(t.facts)), "facts without a wording"
    for name, value in list(t.terms.items()) + list(t.facts.items()):
        for template in templates(value):
            for conv, _ in SLOT.findall(template):
                assert not conv or conv in wording.CONVERTERS, (name, conv)


def test_both_scripts_word_the_same_terms_with_the_same_slots():
    hans, hant = wording.table("zh-Hans"), wording.table("zh-Hant")
    for part in ("terms", "facts"):
        a, b = getattr(hans, part), getattr(hant, part)
        assert set(a) == set(b)
        for name in a:
            assert [SLOT.findall(x) for x in templates(a[name])] == [SLOT.findall(x) for x in templates(b[name])], name
    assert hans.words.keys() == hant.words.keys() and hans.labels.keys() == hant.labels.keys()


def test_the_traditional_table_is_the_simplified_one_converted():
    pytest.importorskip("opencc")
    from ptcg_asp.tell import make_zh_hant
    here = make_zh_hant.HERE
    with open(os.path.join(here, "zh-Hans.yaml"), encoding="utf-8") as fh:
        expected = make_zh_hant.convert(fh.read())
    with open(os.path.join(here, "zh-Hant.yaml"), encoding="utf-8") as fh:
        assert fh.read() == expected, "zh-Hant.yaml is stale: run python -m ptcg_asp.tell.make_zh_hant"


def test_the_seeds_terms():
    # Seed 000: 发动 (to play / activate), 空发 (taking nothing: a whiff), “然后” (then), 若如此做 (if you do),
    # 未知区域 (a hidden zone such as the deck); in Traditional script 發動, 空發, 然後, 未知區域.
    said = {lang: wording.Speaker(lang) for lang in wording.LANGS}
    hans = {t: said["zh-Hans"].describe(parse_term(t)) for t in (
        "mandatory(card,none_in(me,hand))", "may_find_none(me,deck)", "then_skipped(empty(me,deck))",
        "ifdone_skipped(empty(me,deck))")}
    assert hans["mandatory(card,none_in(me,hand))"] == "你的手牌里没有符合的卡：必须执行的部分无法执行，因此该卡不能发动"
    assert hans["may_find_none(me,deck)"] == "对手无法确认你的牌库里是否有符合的卡（未知区域），因此可以选择不拿（空发）"
    assert hans["then_skipped(empty(me,deck))"] == "“然后”之后的部分无法执行（你的牌库没有卡）；这张卡仍然发动"
    assert "若如此做" in hans["ifdone_skipped(empty(me,deck))"]
    assert said["zh-Hant"].describe(parse_term("may_find_none(me,deck)")) == \
        "對手無法確認你的牌庫裡是否有符合的卡（未知區域），因此可以選擇不拿（空發）"


def test_a_card_name_is_given_in_the_chosen_script():
    names = {"Toxel (PFL 067)": {"zh-Hans": "毒电婴", "zh-Hant": "毒電嬰"}}
    for lang in wording.LANGS:
        s = wording.Speaker(lang, lambda key: names.get(key, {}).get(lang))
        assert s.describe(parse_term('new_this_turn(m(me,bench(0)),"Toxel (PFL 067)")')).startswith(
            f"【{names['Toxel (PFL 067)'][lang]}】")


def check_corpus_wording(reasons) -> None:
    """Every reason the corpus prints (tests/test_scenarios.py collects them) has a wording in every
    language, and, as in English, no sentence is printed under two principles."""
    for lang in wording.LANGS:
        s = wording.Speaker(lang)
        missing = sorted({r.atom for _, r in reasons if r.atom and s.describe(parse_term(r.atom)) is None})
        assert not missing, f"{lang}: reasons without a wording: {missing[:20]}"
        by_sentence: dict = {}
        for _, r in reasons:
            if r.atom:
                by_sentence.setdefault(s.describe(parse_term(r.atom)), set()).add(r.principle)
        shared = {d: sorted(ids) for d, ids in by_sentence.items() if len(ids) > 1}
        assert not shared, f"{lang}: sentences printed under several principles: {shared}"


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_check_prints_the_verdict_and_reasons_in_chinese():
    # Professor's Research with an empty deck (seed 000 结论三): illegal, A4 names the empty deck.
    path = os.path.join(SCENARIOS, "professors-research-empty-deck.yaml")
    status, out, _ = run_cli("check", path, "--lang", "zh-Hans")
    assert status == 0
    assert "  裁定：不合法（不能发动）" in out and "  理由：" in out
    assert "    A4: 你的牌库没有卡，因此对手能确认没有卡可以移动" in out
    status, out, _ = run_cli("check", path, "--lang", "zh-Hant")
    assert "    A4: 你的牌庫沒有卡，因此對手能確認沒有卡可以移動" in out
    # The verdict, the findings and the exit status are those of the English run.
    status_en, out_en, _ = run_cli("check", path)
    assert status_en == status and out_en.count("\n  ok   ") == out.count("\n  符合 ") == 2
    assert "  [通過]  " in out and "  符合 裁定：不合法（第26行）" in out and "  符合 理由：[A4]（第27行）" in out


def test_an_imported_cards_chinese_name_in_a_reason():
    # Bede named 彼特, Toxel 毒电婴 (Simplified, converted): the legal play's reason names the hand.
    path = os.path.join(SCENARIOS, "bede-named-in-chinese-attaches-a-basic-energy-to-the-benched-toxel.yaml")
    status, out, _ = run_cli("check", path, "--lang", "zh-Hans")
    assert status == 0 and "  裁定：合法（可以发动）" in out
    assert "Q2: 你的手牌的数量是已知的：必须正好移动1张与那里的卡数中较少的张数" in out


# ---- resolutions and outcomes in Chinese (tell/wording.ResolutionWords) ------------------------------

@pytest.mark.parametrize("lang", wording.LANGS)
def test_every_operation_and_damage_step_has_a_word(lang):
    from ptcg_asp.cards.vocabulary import PRIMITIVES
    from ptcg_asp.solve.verdict import DAMAGE_STEPS
    words = wording.table(lang).resolutions
    assert not [op for op in PRIMITIVES if op not in words["ops"]]
    assert not [st for st in DAMAGE_STEPS if st not in words["damage_steps"]]


def test_every_kind_of_choice_is_worded():
    s = wording.ResolutionWords(wording.Speaker("zh-Hans"))
    cards = [{"name": "Pikachu", "count": 2}]
    data = [{"kind": "take", "step": 1, "op": "search", "role": "main", "player": "me", "from": "deck", "to": "hand",
             "cards": cards},
            {"kind": "target", "step": 2, "targets": ["opp.bench.1"]},
            {"kind": "attach", "step": 3, "cards": cards, "targets": ["active"]},
            {"kind": "optional", "part": 2}, {"kind": "draw_amount", "step": 1, "amount": 3},
            {"kind": "retreat_pay", "cards": cards}, {"kind": "evolve", "step": 1, "cards": cards}]
    said = [s.choice("ENGLISH", d) for d in data]
    assert "ENGLISH" not in said
    assert said[0] == "第1步（检索，牌库→手牌）：2张【Pikachu】"
    assert said[1] == "第2步：选择对手的备战宝可梦（第2只）"   # opp.bench.1: the second, counted from 1


def test_resolve_prints_choices_and_outcomes_in_chinese():
    # Ultra Ball with exactly two other cards: discard both (the cost, A1), then the search may find Charizard ex or
    # nothing (W1): two resolutions, each worded in Simplified Chinese with the library's Chinese card names.
    status, out, _ = run_cli("resolve", os.path.join(SCENARIOS, "ultra-ball-two-other-cards.yaml"), "--lang", "zh-Hans")
    assert status == 0
    assert "    - 第1步（代价，移动，手牌→弃牌区）：2张【基本火能量】" in out
    assert "    - 第2步（检索，牌库→手牌）：1张【喷火龙ex】" in out
    assert "    结果［确定］ p=1：牌库→手牌 1，手牌→弃牌区 2" in out
    # A coin (seed 000's Ancient Guidance) and the damage of an attack (seed 002, DMG1), in Traditional Chinese.
    status, out, _ = run_cli("resolve", os.path.join(SCENARIOS, "ancient-guidance-heads-may-bench-a-dome-fossil-or-find-nothing.yaml"),
                             "--lang", "zh-Hant")
    assert "結果［硬幣1：反面］ p=1/2：沒有卡移動" in out
    status, out, _ = run_cli("resolve", os.path.join(
        SCENARIOS, "surfing-pikachu-v-named-in-chinese-surf-on-a-charmander-weak-to-water.yaml"))
    # No --lang: its names are Traditional (衝浪皮卡丘V) and Simplified (小火龙), so Simplified (docs/explanations.md).
    assert "      对手的战斗宝可梦受到150点伤害" in out
    assert "resolution 1" not in out


# ---- everything a judge reads, in Chinese (issue 16) --------------------------------------------------

FIELD = re.compile(r"\{([a-z_]*)\}")


def _shape(value):
    """A table's keys all the way down (a list: its items), and each template's named slots."""
    if isinstance(value, dict):
        return {str(k): _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return sorted(FIELD.findall(str(value))) + sorted("".join(m) for m in SLOT.findall(str(value)))


def test_both_tables_have_every_key_with_the_same_slots():
    hans = wording.table("zh-Hans")
    hant = wording.table("zh-Hant")
    for part in ("labels", "players", "zones", "words", "terms", "facts", "explain", "resolutions", "report",
                 "report_extra", "principles"):
        assert _shape(getattr(hans, part)) == _shape(getattr(hant, part)), part


@pytest.mark.parametrize("lang", wording.LANGS)
def test_every_fixed_word_of_the_reports_has_a_wording(lang):
    from ptcg_asp.read.loader import ACTION_KINDS
    from ptcg_asp.read.model import READINGS
    from ptcg_asp.tell.explanation import EXPLAIN_WORDS
    from ptcg_asp.tell.principles import catalogue
    from ptcg_asp.tell.report import REPORT_WORDS
    t = wording.table(lang)
    assert set(t.report) == set(REPORT_WORDS)
    for key, english in REPORT_WORDS.items():   # the same slots as the English
        assert sorted(FIELD.findall(t.report[key])) == sorted(FIELD.findall(english)), key
    assert set(t.explain) == set(EXPLAIN_WORDS)
    x = t.report_extra
    assert set(x["statuses"]) == {"PASS", "FAIL", "INCOMPLETE", "UNCHECKED", "DIVERGENT", "UNSUPPORTED"}
    assert set(x["actions"]) == set(ACTION_KINDS) | {"play_to"}
    assert set(x["readings"]) == set(READINGS)
    assert set(x["findings"]) == {"verdict", "because", "moved", "resolutions", "damage", "prizes_taken", "winner",
                                  "allowed", "forbidden"}
    # Every principle of the catalogue has its statement and source in this language.
    assert set(t.principles) == set(catalogue())
    assert all(e["statement"] and e["source"] for e in t.principles.values())
    # Every kind of step the compiler writes (`kind(S, K)`) has a word: reasons name the step by it.
    with open(os.path.join(os.path.dirname(wording.__file__), "..", "solve", "compiler.py"), encoding="utf-8") as fh:
        kinds = set(re.findall(r'fact\("kind", [a-z0-9_]+, const\("([a-z_]+)"\)', fh.read()))
    assert kinds and not sorted(kinds - set(t.words["step_kinds"]))


def test_the_principles_are_stated_in_the_seeds_terms():
    p = wording.table("zh-Hans").principles
    assert "空发" in p["W1"]["statement"] and "未知区域" in p["A4"]["statement"]
    assert "然后" in p["T1"]["statement"] and "这个情况下" in p["T2"]["statement"]
    assert "宣言使用特性" in p["X1"]["statement"] and "发动" in p["A1"]["statement"]
    assert wording.table("zh-Hant").principles["W1"]["statement"].startswith("對方不能確定未知區域裡")


def test_an_actions_listing_and_its_findings_in_chinese():
    # Five Benched Pokémon (seed 000 结论一: Nest Ball cannot be played with a full Bench): each candidate action is
    # worded from its data, each finding names its expectation, its verdict and its line.
    path = os.path.join(SCENARIOS, "actions-full-bench.yaml")
    status, out, _ = run_cli("check", path, "--lang", "zh-Hans", "--why-not")
    assert status == 0
    lines = out.split("\n")
    assert lines[0].endswith("  [通过]  actions-full-bench") and "  合法的行动：" in lines and "  不合法的行动：" in lines
    assert any(x.startswith("    发动【巢穴球】 —— A4: 你的备战区已有5只宝可梦，因此对手能确认没有卡可以放到那里；A6: ")
               for x in lines)
    assert any(x.startswith("    将【皮卡丘】放到备战区 —— SU1: ") for x in lines)
    assert "  符合 禁止 发动【巢穴球】：未列出（第27行）" in lines
    status, out, _ = run_cli("check", path, "--lang", "zh-Hant")
    assert "  符合 禁止 將【皮卡丘】放到備戰區：未列出（第27行）" in out.split("\n")


def test_explain_states_each_principle_in_chinese():
    path = os.path.join(SCENARIOS, "professors-research-empty-deck.yaml")
    status, out, _ = run_cli("explain", path, "--lang", "zh-Hans")
    assert status == 0
    lines = out.split("\n")
    assert "  行动：发动【博士的研究】" in lines and "  裁定：不合法（不能发动）" in lines and "  原因：" in lines
    assert "        规则：" + wording.table("zh-Hans").principles["A6"]["statement"] in lines
    assert any(line.startswith("          出处：种子000 结论一第三点；总则中【电磁雷达】和【巢穴球】的例子") for line in lines)


def _english(texts, scenario) -> list:
    from .zh_check import english_left
    return [f"{scenario.path} ({lang} {cmd}): {line}" for lang, cmd, text in texts
            for line in english_left(text, scenario)]


def test_the_english_left_check_finds_english():
    # The check itself: an English word of the report's own is found; names quoted from the input are not.
    from .zh_check import english_left

    class S:
        title, path, id, known_divergence, expect = "A title", "x.yaml", "x", "", None
    assert english_left("x.yaml  [通过]  x\n  A title\n  裁定：合法\n  使用招式“Heat Tackle”：【Pikachu】", S) == []
    assert english_left("x.yaml  [PASS]  x", S) == ["x.yaml  [PASS]  x"]
    assert english_left("  移动 active→备战区：[1]", S) and english_left("  min(1, 2)", S)
    assert not english_left("  A4、ATK1、DMG2: VSTAR标记", S)


# A sample for a run without tests/test_scenarios.py (and for `explain`, which solves again): one scenario of each
# kind of action, and the ones that show the findings' other shapes (moved, damage, a reading, a winner, a deck).
SAMPLE = ("actions-full-bench.yaml", "professors-research-empty-deck.yaml", "ultra-ball-two-other-cards.yaml",
          "nest-ball-full-bench.yaml", "english-rulebook-cheren-empty-deck.yaml",
          "win-both-last-pokemon-knocked-out-sudden-death.yaml", "checkup-burned-ex-2006.yaml",
          "deck-five-pikachu-across-prints.yaml", "setup-energy-attached.yaml",
          "surfing-pikachu-v-named-in-chinese-surf-on-a-charmander-weak-to-water.yaml",
          "ancient-guidance-heads-may-bench-a-dome-fossil-or-find-nothing.yaml", "boss-orders-diancie-no-bench.yaml",
          "air-balloon-retreat-cost-2-needs-no-energy.yaml", "energy-switch-moves-the-basic-energy-to-either-benched-pokemon.yaml",
          "cynthia-and-caitlin-empty-deck-only-card.yaml", "beartic-continuous-headbutt-counts-heads-until-paldean-clodsire-ex-is-knocked-out.yaml",
          "charizard-ex-infernal-reign-empty-deck.yaml", "mist-energy-prevents-an-attacks-effect-not-its-damage.yaml")


def test_no_english_is_left_in_check_and_resolve(library, limits, corpus_chinese):
    """Every scenario's `check --why-not` and `resolve` in zh-Hans and zh-Hant: no English word of the report's own
    (tests/zh_check.py says what counts) — from tests/test_scenarios.py's solves when it ran (the whole corpus),
    else a solve of the sample."""
    from ptcg_asp.tell.check import run
    from .test_scenarios import FILES
    from .zh_check import chinese_reports
    done = dict(corpus_chinese)
    for name in SAMPLE:
        path = os.path.join(SCENARIOS, name)
        if path not in done:
            report = run(path, library, limits)
            done[path] = (report.scenario, chinese_reports(report))
    if len(corpus_chinese) == len(FILES):
        assert set(done) == set(FILES)
    left = [x for scenario, texts in done.values() for x in _english(texts, scenario)]
    assert not left, "\n".join(left[:30])


def test_no_english_is_left_in_explain_of_the_sample(library):
    from ptcg_asp.read.loader import load_scenario
    from ptcg_asp.solve.session import Session
    from .zh_check import chinese_explanations
    session = Session()
    left = []
    for name in SAMPLE:
        scenario = load_scenario(os.path.join(SCENARIOS, name), library)
        if scenario.action.kind != "actions":
            left += _english(chinese_explanations(scenario, session), scenario)
    assert not left, "\n".join(left[:30])


@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
def test_no_english_is_left_in_check_resolve_and_explain_of_every_scenario(library, limits, part):
    """The exhaustive version (`pytest -m slow`): every scenario solved afresh, its check and resolve worded in both
    scripts, and explained in one of them, the scripts in turn (zh-Hant's table is zh-Hans's converted, key for key:
    test_the_traditional_table_is_the_simplified_one_converted; the sample test explains each sample scenario in both)."""
    from ptcg_asp.tell.wording import LANGS
    from ptcg_asp.read.loader import load_scenario
    from ptcg_asp.solve.session import Session
    from ptcg_asp.tell.check import run
    from .test_scenarios import FILES
    from .zh_check import chinese_explanations, chinese_reports
    session = Session(limits)
    left = []
    for i, path in list(enumerate(FILES))[part::4]:   # in 4 parts, spread over the cores by `pytest -n`
        report = run(path, library, limits, session)
        left += _english(chinese_reports(report), report.scenario)
        scenario = load_scenario(path, library)
        if scenario.action.kind != "actions":
            left += _english(chinese_explanations(scenario, session, (LANGS[i % len(LANGS)],)), scenario)
    assert not left, "\n".join(left[:30])
