"""Chinese names for imported cards: Asian prints tied to English cards by what both records share.

`ptcg-asp cards import --asia FILE` reads TCGdex's Asian prints (`data-asia`: names and texts in
Japanese `ja`, Traditional Chinese `zh-tw`, some Simplified Chinese `zh-cn`). Asian sets are
numbered on their own, so a print is never tied by its number: it is tied to the English card whose
prints share its kind and illustrator and, for a Pokémon, its Pokédex number (where the Asian record
has one), stage, HP, types and attack costs (docs/importing.md, "Chinese names"). A print that fits
cards of several English names is narrowed by what else both records carry (the regulation mark, the
numbers in a Trainer's text, a Pokémon's damage and Retreat Cost); still several is an ambiguous tie
and names nothing. An English name takes the Chinese names its tied prints agree on; a name the prints
disagree on, or a Chinese name that would name two English cards, is left out and counted.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Optional

from .importer import TRAINER_KINDS, TYPE_NAMES, ImportProblem, read_json

_NUM = re.compile(r"\d+")
# Rule terms both languages print, to compare a Trainer's text across languages: (term, English
# pattern, Traditional Chinese pattern). A text's terms are compared as a set, only to narrow a print
# that fits several English cards (docs/importing.md, "Chinese names").
TERMS = (
    ("coin", r"\bcoins?\b", "硬幣"), ("prize", r"\bPrize", "獎賞卡"), ("counter", r"damage counter", "傷害指示物"),
    ("bench", r"\bBench", "備戰"), ("discard_pile", r"discard pile", "棄牌區"), ("hand", r"\bhands?\b", "手牌"),
    ("supporter", r"\bSupporter", "支援者"), ("tool", r"Pokémon Tool", "寶可夢道具"), ("stadium", r"\bStadium", "競技場"),
    ("evolve", r"\b[Ee]volv|\bEvolution|\bStage [12]", "進化"), ("heal", r"\bheal|\brecover", "恢復"), ("burned", r"\bBurned", "灼傷"),
    ("confused", r"\bConfused", "混亂"), ("poisoned", r"\bPoisoned", "中毒"), ("asleep", r"\bAsleep", "睡眠"),
    ("paralyzed", r"\bParalyzed", "麻痺"), ("ability", r"\bAbilit", "特性"), ("retreat", r"\b[Rr]etreat", "撤退"),
    ("weakness", r"\bWeakness", "弱點"), ("active", r"\bActive", "戰鬥"), ("draw", r"\bdraws?\b", "抽"),
    ("shuffle", r"\bshuffle", "重洗|洗回|洗牌"), ("energy", r"\bEnergy", "(?<!所需)能量"), ("rocket", r"Team Rocket", "火箭隊"),
    ("tera", r"\bTera\b", "太晶"), ("future", r"\bFuture\b", "未來"), ("ancient", r"\bAncient\b", "古代"),
)
_TYPES_EN = {"G": "grass", "R": "fire", "W": "water", "L": "lightning", "P": "psychic", "F": "fighting",
             "D": "darkness", "M": "metal", "Y": "fairy", "N": "dragon", "C": "colorless"}
_TYPES_ZH = {"草": "grass", "火": "fire", "水": "water", "雷": "lightning", "超": "psychic", "鬥": "fighting",
             "惡": "darkness", "鋼": "metal", "妖": "fairy", "龍": "dragon", "無": "colorless"}


@dataclass(frozen=True)
class AsiaPrint:
    """One Asian print, reduced to what is compared and what is taken (its names)."""
    ident: str
    kind: str
    illustrator: str
    mark: str
    hant: str                      # the zh-tw name
    hans: str                      # the zh-cn name ('' when the record has none)
    ja: str = ""                   # the Japanese name (checks that the Chinese one belongs to the record)
    dex: tuple = ()
    shape: tuple = ()              # Pokémon: (stage, hp, types, attack costs)
    detail: Optional[tuple] = ()   # Pokémon: (damages, retreat); others: numbers in the text (None: no text)
    terms: Optional[tuple] = None  # others: rule terms of the zh-tw text (None: no zh-tw text)
    attacks: tuple = ()            # ((zh-tw, zh-cn) per attack, in order)
    abilities: tuple = ()


@dataclass
class TieReport:
    """What `--asia` did: prints read, tied, ambiguous, and the names given."""
    prints: int = 0
    tied: int = 0
    ambiguous: int = 0
    untied: int = 0
    misaligned: int = 0            # records whose Chinese name belongs to another card (skipped)
    conflicting_names: int = 0     # English names whose prints disagree (left without a name)
    shared_names: int = 0          # Chinese names with no English name most of their prints tie to
    dropped_names: int = 0         # Chinese names left out beside an English name's own name
    named_cards: int = 0
    cards: int = 0
    converted: int = 0             # cards given Simplified names made from Traditional (--zh-hans-from-hant)
    ambiguous_ids: list = field(default_factory=list)

    def line(self) -> str:
        conv = f"; {self.converted} cards with Simplified names converted from Traditional (OpenCC tw2s)" if self.converted else ""
        return (f"Chinese names: {self.named_cards} of {self.cards} cards; {self.prints} Asian prints: {self.tied} tied, "
                f"{self.ambiguous} ambiguous (no name), {self.untied} with no English card, {self.misaligned} misaligned "
                f"(skipped); left out: {self.conflicting_names} English names whose prints disagree, "
                f"{self.shared_names} Chinese names tied to several English names, {self.dropped_names} other "
                f"names beside a card's own{conv}")


def _ill(text) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).lower().split()) if isinstance(text, str) else ""


def _name(value, lang: str) -> str:
    """A name in one language, without the invisible format characters some records carry (U+200C)."""
    if isinstance(value, dict) and isinstance(value.get(lang), str):
        text = "".join(ch for ch in value[lang] if unicodedata.category(ch) != "Cf")
        return unicodedata.normalize("NFC", text).strip()
    return ""


def _names(value) -> tuple:
    """(zh-tw, zh-cn) of a name; a zh-cn equal to the zh-tw one is not taken: in the TCGdex data every
    zh-cn name is a copy of the zh-tw one, most in Traditional characters (偽螳草, Simplified 伪螳草)."""
    hant, hans = _name(value, "zh-tw"), _name(value, "zh-cn")
    return hant, (hans if hans != hant else "")


def _numbers(text: str) -> tuple:
    """The numbers of a text from 2 up, as a set ("a card" is "1張" in Chinese)."""
    return tuple(sorted({int(n) for n in _NUM.findall(unicodedata.normalize("NFKC", text or "")) if int(n) > 1}))


# Sentences of the category's own rule some records carry instead of (or beside) the card's text.
# (The copyright notice some Japanese records carry instead of a text is not the card's text either.)
CATEGORY_RULES = ("寶可夢道具卡，附於自己的寶可夢使用。", "1隻寶可夢只可附上1張寶可夢道具卡，並且保持附加狀態。",
                  "ポケモンのどうぐは、自分のポケモンにつけて使う。", "ポケモン1匹につき1枚だけつけられ、つけたままにする。",
                  "&copy;Pokémon/Nintendo/Creatures/GAME FREAK ポケットモンスター・ポケモン・Pokémonは任天堂・クリーチャーズ・ゲームフリークの商標です。",
                  "このホームページに掲載された画像その他の内容の無断転載はお断りします。")


def _own_text(text) -> Optional[str]:
    """The card's own text (category rules taken out), or None when there is none to compare."""
    if not isinstance(text, str):
        return None
    for rule in CATEGORY_RULES:
        text = text.replace(rule, "")
    return text if text.strip() else None


def _terms_en(text: str) -> tuple:
    found = {t for t, en, _ in TERMS if re.search(en, text or "")}
    found |= {"type_" + _TYPES_EN[t] for t in re.findall(r"\{([A-Z])\}", text or "") if t in _TYPES_EN}
    return tuple(sorted(found))


def _terms_zh(text: str) -> tuple:
    found = {t for t, _, zh in TERMS if re.search(zh, text or "")}
    found |= {"type_" + _TYPES_ZH[t] for t in re.findall(r"【(.)】", text or "") if t in _TYPES_ZH}
    return tuple(sorted(found))


def _damage(value) -> int:
    m = _NUM.match(str(value or "0").strip())
    return int(m.group()) if m else 0


def _kind(rec: dict) -> Optional[str]:
    cat = rec.get("category")
    if cat == "Pokemon":
        return "pokemon"
    if cat == "Trainer":
        return TRAINER_KINDS.get(rec.get("trainerType"))
    if cat == "Energy":
        return "special_energy" if rec.get("energyType") == "Special" else "basic_energy"
    return None


def _costs(attacks) -> tuple:
    return tuple(tuple(sorted(TYPE_NAMES.get(t, t) for t in a.get("cost") or [] if t != "Free")) for a in attacks)


def read_asia(path: str) -> tuple:
    """(AsiaPrints, problems) of one file; records without a zh-tw name or a kind are skipped."""
    data, problem = read_json(path, "TCGdex Asian card data (JSON)")
    if problem is not None:
        return [], [problem]
    records = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(records, list):
        return [], [ImportProblem(path, 0, "-", "cards", "a list of card objects", type(records).__name__)]
    out, problems = [], []
    for i, rec in enumerate(records):
        if not isinstance(rec, dict):
            problems.append(ImportProblem(path, i, "-", "record", "a card object", type(rec).__name__))
            continue
        hant, kind = _name(rec.get("name"), "zh-tw"), _kind(rec)
        if not hant or kind is None:
            continue
        mark = rec.get("regulationMark")
        mark = mark.upper() if isinstance(mark, str) else ""
        attacks = [a for a in rec.get("attacks") or [] if isinstance(a, dict)]
        abilities = [a for a in rec.get("abilities") or [] if isinstance(a, dict)]
        effect = rec.get("effect") if isinstance(rec.get("effect"), dict) else {}
        terms = None
        if kind == "pokemon":
            dex = tuple(sorted(d for d in rec.get("dexId") or [] if isinstance(d, int)))
            types = tuple(sorted(TYPE_NAMES.get(t, t) for t in rec.get("types") or []))
            shape = (rec.get("stage"), rec.get("hp"), types, _costs(attacks))
            detail = (tuple(_damage(a.get("damage")) for a in attacks), rec.get("retreat") or 0)
        else:
            dex, shape = (), ()
            zh = _own_text(effect.get("zh-tw"))
            text = zh if zh is not None else _own_text(effect.get("ja"))
            detail = _numbers(text) if text is not None else None
            terms = _terms_zh(zh) if zh is not None else None
        out.append(AsiaPrint(
            ident=str(rec.get("id") or i), kind=kind, illustrator=_ill(rec.get("illustrator")), mark=mark,
            hant=hant, hans=_names(rec.get("name"))[1], ja=_name(rec.get("name"), "ja"), dex=dex, shape=shape,
            detail=detail, terms=terms, attacks=tuple(_names(a.get("name")) for a in attacks),
            abilities=tuple(_names(a.get("name")) for a in abilities)))
    return out, problems


_STAGE = {"basic": "Basic", "stage1": "Stage1", "stage2": "Stage2", "vmax": "VMAX", "vstar": "VSTAR"}


def _english(card: dict) -> tuple:
    """(shape, detail) of an English library card, in the Asian records' terms."""
    if card["kind"] != "pokemon":
        return (), (_numbers(card.get("text", "")), _terms_en(card.get("text", "")))
    attacks = card.get("attacks", [])
    shape = (_STAGE.get(card.get("stage")), card.get("hp"), tuple(sorted(card.get("types", []))),
             tuple(tuple(sorted(a.get("cost", []))) for a in attacks))
    return shape, (tuple(a.get("damage", 0) for a in attacks), card.get("retreat", 0))


def _types(terms: tuple) -> tuple:
    return tuple(t for t in terms if t.startswith("type_"))


def _narrow(found: list, ap: AsiaPrint, details: dict) -> list:
    """The English cards a print fits; where they bear several names, those whose print has the same
    regulation mark, then those whose detail (numbers in the text; damage and Retreat) is the same,
    when that leaves any."""
    cands = list({id(c): c for _, _, c in found}.values())
    tests = (lambda: list({id(c): c for mark, _, c in found if ap.mark and mark == ap.mark}.values()),
             lambda: [c for c in cands if ap.kind == "pokemon" and details[id(c)] == ap.detail],
             lambda: [c for c in cands if ap.kind != "pokemon" and ap.detail is not None
                      and details[id(c)][0] == ap.detail],
             lambda: [c for c in cands if ap.terms is not None and _types(details[id(c)][1]) == _types(ap.terms)],
             lambda: [c for c in cands if ap.terms is not None and details[id(c)][1] == ap.terms],
             lambda: [c for c in cands if ap.terms is not None and set(ap.terms) <= set(details[id(c)][1])])
    for test in tests:
        if len({c["name"] for c in cands}) <= 1:
            break
        kept = [c for c in test() if c in cands]
        if kept:
            cands = kept
    return cands


def misaligned(prints: list) -> set:
    """Idents of records whose Chinese name is not their card's: the other prints of the same
    Japanese name (at least 2 of them agreeing) call it otherwise, and no other print gives its pair
    (the data has such records: S-P-077 is ウカッツ in Japanese and 皮卡丘 in Chinese)."""
    pairs = Counter((p.ja, p.hant) for p in prints if p.ja)
    top: dict = {}
    for (ja, hant), n in pairs.items():
        top[ja] = max(top.get(ja, 0), n)
    return {p.ident for p in prints if p.ja and pairs[(p.ja, p.hant)] == 1 and top[p.ja] >= 2}


def _agrees(card: dict, ap: AsiaPrint, detail: tuple) -> bool:
    """A tie needs what both records carry to agree: a Pokémon's damage and Retreat Cost; a
    Trainer's or Energy's numbers (2 and up) and the types its text names."""
    if ap.kind == "pokemon":
        return detail == ap.detail
    return (ap.detail is None or _nested(set(detail[0]), set(ap.detail))) and (ap.terms is None or
                                                       _nested(set(_types(detail[1])), set(_types(ap.terms))))


def _nested(a: set, b: set) -> bool:
    """One side names all the other does (a translation may say a number or type the other leaves
    implicit: "Choose 1" / 「從2個效果中選擇1個」, "Retreat Cost {C} less" / 「撤退所需能量減少1個」)."""
    return a <= b or b <= a


def _related(a: str, b: str) -> bool:
    """A variant of a name: one contains the other, spaces and brackets aside (博士的研究（奧琳博士）)."""
    strip = lambda t: re.sub(r"[\s\[\]（）()]", "", t)
    return strip(a) in strip(b) or strip(b) in strip(a)


def tie(cards: list, prints: list, to_hans: Optional[Callable[[str], str]] = None) -> TieReport:
    """Add `zh_hant` / `zh_hans` (and attack and Ability names) to `cards` (library card dicts with
    `_prints`: (illustrator, mark, dex) per print) from the Asian `prints`. Returns the counts.

    A print ties to one English name or to none (ambiguous, or no English card agrees). A Chinese
    name goes to the English name that more than half of its tied prints tie to; a Chinese name
    recorded under both a Pokémon and a non-Pokémon kind keeps only the kind with more prints. An
    English name takes the Chinese name most of its prints give (a tie for first: none) and the
    variants of that name (老大的指令（赤日）beside 老大的指令); other names are left out, counted."""
    report = TieReport(prints=len(prints), cards=len(cards))
    index: dict = {}
    details: dict = {}
    for c in cards:
        shape, detail = _english(c)
        details[id(c)] = detail
        for ill, mark, dex in c.get("_prints", ()):
            if ill:
                index.setdefault((c["kind"], ill, shape), []).append((mark, dex, c))
    skip = misaligned(prints)
    ties: list = []      # (print, English cards), one English name
    for ap in sorted(prints, key=lambda p: p.ident):
        found = [(m, d, c) for m, d, c in index.get((ap.kind, ap.illustrator, ap.shape), [])
                 if (not ap.dex or not d or d == ap.dex)]
        if ap.ident in skip:
            report.misaligned += 1
            continue
        cands = [c for c in _narrow(found, ap, details) if _agrees(c, ap, details[id(c)])]
        if not cands:
            report.untied += 1
            continue
        if len({c["name"] for c in cands}) > 1:
            report.ambiguous += 1
            report.ambiguous_ids.append(ap.ident)
            continue
        report.tied += 1
        ties.append((ap, cands))
    # Chinese name (per side: Pokémon or not) -> the English names its prints tie to.
    votes: dict = {}
    for ap, cands in ties:
        votes.setdefault((ap.kind == "pokemon", ap.hant), Counter())[cands[0]["name"]] += 1
    goes: dict = {}
    for (poke, hant), counts in sorted(votes.items()):
        other = sum(votes.get((not poke, hant), Counter()).values())
        (en, n), total = counts.most_common(1)[0], sum(counts.values())
        if total <= other or 2 * n <= total:
            report.shared_names += 1
            continue
        goes[(poke, hant)] = en
    given: dict = {}     # English name -> Counter of zh-tw names; and its zh-cn names
    hans_of: dict = {}
    for ap, cands in ties:
        en = cands[0]["name"]
        if goes.get((ap.kind == "pokemon", ap.hant)) == en:
            given.setdefault(en, Counter())[ap.hant] += 1
    chosen: dict = {}
    for en, counts in given.items():
        ranked = sorted(counts, key=lambda h: (-counts[h], h))
        if len(ranked) > 1 and counts[ranked[0]] == counts[ranked[1]] and not _related(ranked[0], ranked[1]):
            report.conflicting_names += 1
            continue
        kept = [h for h in ranked if _related(h, ranked[0])]
        report.dropped_names += len(ranked) - len(kept)
        chosen[en] = kept
    for ap, cands in ties:
        en = cands[0]["name"]
        if ap.hant not in chosen.get(en, ()):
            continue
        if ap.hans:
            hans_of.setdefault(en, set()).add(ap.hans)
        for c in cands:
            _moves(c, "attacks", ap.attacks)
            _moves(c, "abilities", ap.abilities)
    for c in cards:
        _finish_moves(c, to_hans, report)
        hant = chosen.get(c["name"])
        if not hant:
            continue
        hant = _typed(hant)
        hans = _typed(sorted(hans_of.get(c["name"], ())))
        if to_hans is not None:
            converted = [h for h in dict.fromkeys(to_hans(x) for x in hant) if h not in hans]
            report.converted += bool(converted)
            hans += converted
        c["zh_hant"] = list(hant)
        if hans:
            c["zh_hans"] = hans
    # A Simplified name two English names would carry (two Traditional names written alike) names neither.
    owners: dict = {}
    for c in cards:
        for h in c.get("zh_hans", ()):
            owners.setdefault(h, set()).add(c["name"])
    for c in cards:
        kept = [h for h in c.get("zh_hans", ()) if len(owners[h]) == 1]
        if kept:
            c["zh_hans"] = kept
        else:
            c.pop("zh_hans", None)
        report.named_cards += "zh_hant" in c
    report.shared_names += sum(1 for o in owners.values() if len(o) > 1)
    return report


def _typed(names) -> list:
    """The names, then each as typed: the data marks a trainer's Pokémon `<火箭隊的>電龍` (火箭隊的電龍)
    and some cards' kind `莉佳的招待[支援者]` (莉佳的招待)."""
    out = list(names)
    for n in names:
        out.append(re.sub(r"\[[^\]]*\]$", "", n.replace("<", "").replace(">", "")).strip())
    return list(dict.fromkeys(x for x in out if x))


def _moves(card: dict, key: str, names: tuple) -> None:
    """Attack / Ability names by position, when the print has as many as the card."""
    moves = card.get(key, [])
    if not moves or len(moves) != len(names):
        return
    for move, pair in zip(moves, names):
        move.setdefault("_zh", Counter())[pair] += 1


def _finish_moves(card: dict, to_hans, report: TieReport) -> None:
    for key in ("attacks", "abilities"):
        for move in card.get(key, []):
            counts = move.pop("_zh", None)
            if not counts:
                continue
            hants = {h for h, _ in counts if h}
            if len(hants) != 1:
                continue
            hant = next(iter(hants))
            hans = sorted({s for _, s in counts if s})
            if not hans and to_hans is not None:
                hans = [to_hans(hant)]
            move["zh_hant"] = [hant]
            if hans:
                move["zh_hans"] = hans


STANDARD_MARKS = ("H", "I", "J")


def standard_line(cards: list) -> str:
    """How many Standard (H, I, J) Pokémon and Trainer names have a Chinese name."""
    out = []
    for label, kinds in (("Pokémon", ("pokemon",)), ("Trainer", tuple(TRAINER_KINDS.values()))):
        names: dict = {}
        for c in cards:
            if c["kind"] in kinds and set(c.get("regulation", ())) & set(STANDARD_MARKS):
                names[c["name"]] = names.get(c["name"], False) or bool(c.get("zh_hant"))
        named = sum(names.values())
        out.append(f"{label} names {named} of {len(names)} ({100 * named / max(len(names), 1):.1f}%)")
    return "Standard (H, I, J) names with a Chinese name: " + ", ".join(out)


def opencc_converter() -> Callable[[str], str]:
    """Traditional (Taiwan) -> Simplified with OpenCC (`pip install opencc`), or an InputError."""
    try:
        import opencc  # optional: only `--zh-hans-from-hant` needs it
    except ImportError:
        from ..read.errors import InputError
        raise InputError("<options>", None, "--zh-hans-from-hant", "the OpenCC Python package "
                         "(pip install 'ptcg-asp[zh]' or pip install opencc)", "not installed") from None
    conv = opencc.OpenCC("tw2s")
    return conv.convert
