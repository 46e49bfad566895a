"""Reasons in other languages: a reason term -> a sentence, from one data table per language.

The English wording is ptcg_asp/solve/explain.py. Another language is `ptcg_asp/data/lang/<lang>.yaml`: a
template per reason term (`terms`), per wrapped fact (`facts`), and the words its converters use
(players, zones, conditions...). A template's `{i}` is argument i as text (a card name: its name in
that language where the library has one), `{conv:i}` / `{conv:i,j}` argument(s) through one of
`CONVERTERS`; a mapping keyed by the number of arguments words each shape of a term.
tests/test_wording.py checks that every reason term has a wording in every language.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Optional

from clingo import Symbol, SymbolType, parse_term

from ..read import yamlsrc as y
from ..solve.explain import describe, text
from .report import Lines

LANGS = ("zh-Hans", "zh-Hant")
_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "lang")
_SLOT = re.compile(r"\{(?:([a-z_]+):)?(\*|\d+(?:,\d+)*)\}")


@dataclass(frozen=True)
class Table:
    lang: str
    labels: dict
    players: dict
    zones: dict
    words: dict
    terms: dict
    facts: dict
    explain: dict   # the fixed words of `ptcg-asp explain` (tell/explanation.py, EXPLAIN_WORDS)
    resolutions: dict   # the words of the resolution lines (tell/report.py, `Lines`)
    report: dict   # the fixed words of the text reports (tell/report.py, REPORT_WORDS, the same keys)
    report_extra: dict   # what the report words need beyond REPORT_WORDS (statuses, findings, actions)
    principles: dict   # each principle's statement and source (the catalogue, ptcg_asp/data/principles.json)


@lru_cache(maxsize=None)
def table(lang: str) -> Table:
    """The wording table of a language (ptcg_asp/data/lang/<lang>.yaml)."""
    if lang not in LANGS:
        from ..read.errors import InputError
        raise InputError("<options>", None, "--lang", "en, " + ", ".join(LANGS), repr(lang))
    path = os.path.join(_DIR, f"{lang}.yaml")
    data = y.plain(y.parse(y.read_text(path), path))
    return Table(lang, data["labels"], data["players"], data["zones"], data["words"], data["terms"], data["facts"],
                 data["explain"], data["resolutions"], data["report"], data["report_extra"], data["principles"])


class Speaker:
    """Words reason terms in one language; `name_of` gives a card key's name in that language."""

    def __init__(self, lang: str, name_of: Optional[Callable[[str], Optional[str]]] = None):
        self.t = table(lang)
        self.name_of = name_of or (lambda key: None)

    # ---- arguments ---------------------------------------------------------------------------
    def plain(self, sym: Symbol) -> str:
        if sym.type == SymbolType.String:
            return self.name_of(sym.string) or sym.string
        if sym.type == SymbolType.Function and not sym.arguments and sym.name in self.t.words.get("types", {}):
            return self.t.words["types"][sym.name]
        if sym.type == SymbolType.Function and sym.name == "anon" and not sym.arguments:
            return self.t.words.get("anon", "未指明的卡")
        return text(sym)

    def player(self, sym: Symbol) -> str:
        return self.t.players.get(text(sym), text(sym))

    def zone(self, sym: Symbol) -> str:
        return self.t.zones.get(text(sym), text(sym))

    def word(self, table_name: str, key) -> str:
        words = self.t.words[table_name]
        found = words.get(key, words.get(str(key)))
        return str(found if found is not None else words.get("other", key))

    def mon(self, sym: Symbol) -> str:
        """m(me,bench(2)) -> 你的备战宝可梦（第2只）; m(opp,active) -> 对手的战斗宝可梦."""
        w = self.t.words["positions"]
        if sym.type == SymbolType.Function and sym.name == "m" and len(sym.arguments) == 2:
            player, pos = sym.arguments
            if text(pos) == "active":
                return w["active"].format(p=self.player(player))
            return w["bench"].format(p=self.player(player), n=pos.arguments[0].number + 1)   # counted from 1 in words (bench.0 is the 1st)
        if sym.type == SymbolType.Function and sym.name == "n":
            return w["new"].format(card=self.plain(sym.arguments[1]))
        return str(sym)

    def source(self, sym: Symbol) -> str:
        w = self.t.words["sources"]
        if sym.name == "ability":
            return w["ability"].format(card=self.plain(sym.arguments[0]))
        if sym.name == "pas":
            origin, card = text(sym.arguments[0]), self.plain(sym.arguments[1])
            return w.get(origin, w["other"]).format(card=card)
        return w["tool" if sym.name == "tool" else "lasting"].format(card=self.plain(sym.arguments[0]))

    def flip(self, sym: Symbol) -> str:
        if sym.type == SymbolType.Function and sym.name == "effect":
            return self.t.words["flip_effect"].format(name=self.plain(sym.arguments[0]))
        return self.word("flip", text(sym))

    def empty(self, player: Symbol, zone: Symbol) -> str:
        w = self.t.words["empty"]
        z = text(zone)
        form = "stadium" if z == "stadium" else "plural" if z in ("prizes", "prizes_up", "looked", "attached") else "zone"
        return w[form].format(p=self.player(player), zone=self.zone(zone))

    def stacked(self, sym: Symbol) -> str:
        w = self.t.words["stacked"]
        if sym.type == SymbolType.String:
            return w["card"].format(card=self.plain(sym))
        return w["condition"].format(cond=self.word("conditions", text(sym).lower()))

    def new_this_turn(self, args) -> str:
        w = self.t.words["new_this_turn"]
        if len(args) > 1:
            return w["card"].format(card=self.plain(args[1]), where=self.mon(args[0]))
        return w["position"].format(where=self.mon(args[0]))

    # ---- terms -------------------------------------------------------------------------------
    def describe(self, why: Symbol) -> Optional[str]:
        """The sentence for a reason term, or None when the table has no wording for its shape."""
        return self._say(self.t.terms, why)

    def fact(self, why: Symbol) -> Optional[str]:
        said = self._say(self.t.facts, why)
        return said if said is not None else self.describe(why)

    def _say(self, templates: dict, why: Symbol) -> Optional[str]:
        if why.type != SymbolType.Function or why.name not in templates:
            return None
        template = templates[why.name]
        args = why.arguments
        if isinstance(template, dict):
            template = template.get(len(args), template.get(str(len(args))))
            if template is None:
                return None
        try:
            return _SLOT.sub(lambda m: self._slot(m.group(1), m.group(2), args), template)
        except (IndexError, KeyError, AttributeError, _NoWording):
            return None

    def _slot(self, conv: Optional[str], where: str, args) -> str:
        if where == "*":
            picked = list(args)
        else:
            picked = [args[int(i)] for i in where.split(",")]
        if conv is None:
            return self.plain(picked[0])
        fn = CONVERTERS.get(conv)
        if fn is None:
            raise KeyError(conv)
        return fn(self, *picked) if conv != "newthisturn" else fn(self, picked)


class _NoWording(Exception):
    pass


def _fact(s: Speaker, sym: Symbol) -> str:
    said = s.fact(sym)
    if said is None:
        raise _NoWording(str(sym))
    return said


def _term(s: Speaker, sym: Symbol) -> str:
    said = s.describe(sym)
    if said is None:
        raise _NoWording(str(sym))
    return said


# Converter name -> (speaker, argument symbols...) -> text. Tables refer to these by name.
CONVERTERS: dict = {
    "p": lambda s, a: s.player(a),
    "has": lambda s, a: s.word("has", text(a)),
    "counted": lambda s, a: s.word("counted", text(a)),
    "bounds": lambda s, lo, hi: s.t.words["bounds"][
        "exactly" if lo.number == hi.number else "more" if hi.number >= 60 else "fewer" if lo.number <= 0
        else "between"].format(lo=lo.number, hi=hi.number),
    "whose": lambda s, p, z: s.t.words["whose"].format(p=s.player(p), zone=s.zone(z)),
    "whose_deck": lambda s, p: s.t.words["whose"].format(p=s.player(p), zone=s.t.zones["deck"]),
    "zone": lambda s, z: s.zone(z),
    "empty": lambda s, p, z: s.empty(p, z),
    "mon": lambda s, a: s.mon(a),
    "fact": _fact,
    "term": _term,
    "activate": lambda s, a: s.word("cannot_activate", text(a)),
    "kind": lambda s, a: s.word("kinds", text(a)),
    "marker": lambda s, a: "GX" if text(a) == "gx" else "VSTAR",
    "lasts": lambda s, a: s.word("lasts", str(a)),
    "flip": lambda s, a: s.flip(a),
    "source": lambda s, a: s.source(a),
    "target": lambda s, a: s.word("no_target", text(a)).format(s.word("step_kinds", text(a))),
    "stepkind": lambda s, a: s.word("step_kinds", text(a)),
    "dmgstep": lambda s, a: s.t.resolutions["damage_steps"].get(text(a), text(a)),
    "parts": lambda s, a: s.word("parts", text(a)),
    "unmet": lambda s, a: s.word("unmet", text(a)).format(text(a)),
    "cond": lambda s, a: s.word("conditions", text(a).lower()),
    "stacked": lambda s, a: s.stacked(a),
    "typesource": lambda s, a: s.word("type_source", a.number if a.type == SymbolType.Number else text(a)),
    "deckrule": lambda s, a: s.word("deck_rules", text(a)),
    "more": lambda s, a: s.word("more", text(a)),
    "all": lambda s, a: s.word("all", text(a)),
    "newthisturn": lambda s, args: s.new_this_turn(args),
}


def speaker_say(speaker: Speaker) -> Callable[[Symbol], str]:
    """A reason term in the speaker's language (the English where the table has none: tests/test_wording.py
    keeps that from happening for every term of the encodings)."""
    return lambda why: speaker.describe(why) or describe(why)


def localize_reason(reason, speaker: Speaker):
    """A Reason with its detail in the speaker's language (the English stays when the term has no
    wording there: tests/test_wording.py keeps that from happening for any term of the encodings)."""
    if not reason.atom:
        return reason
    said = speaker.describe(parse_term(reason.atom))
    return replace(reason, detail=said) if said is not None else reason


def card_namer(library, lang: str) -> Callable[[str], Optional[str]]:
    """A card key -> its first name in that script (zh_hans / zh_hant), via the library."""
    field = "zh_hans" if lang == "zh-Hans" else "zh_hant"

    def name_of(key: str) -> Optional[str]:
        try:
            card = library.get(key)
        except KeyError:  # not a card key: a plain string (an attack's or a lasting effect's name)
            return None
        names = getattr(card, field, ()) or ()
        return names[0] if names else None
    return name_of


def localize_report(report, lang: str):
    """A check Report whose reasons (the verdict's, each judged action's) are in `lang`, card names
    in that script where the library has them. The verdict itself, the findings and the principle
    IDs are unchanged: only the words are."""
    speaker = Speaker(lang, card_namer(report.scenario.library, lang))
    verdict = replace(report.verdict, reasons=[localize_reason(r, speaker) for r in report.verdict.reasons])
    actions = [replace(j, reasons=[localize_reason(r, speaker) for r in j.reasons]) for j in report.actions]
    return replace(report, verdict=verdict, actions=actions)


def report_words(scenario, lang: str):
    """The words of a scenario's text reports in `lang` (tell/report.Lines; English: the plain `Lines`), card,
    attack and Ability names in that script where the library has them."""
    if lang == "en":
        return Lines()
    return ResolutionWords(Speaker(lang, card_namer(scenario.library, lang))).for_scenario(scenario)


_POSITION = re.compile(r"^(opp\.)?(active|bench\.(\d))$")
_UNSUPPORTED = re.compile(r"^unsupported: (.+?): '(.*)'$", re.S)
_NEW = re.compile(r"^new (.+) on the Bench$")


class ResolutionWords(Lines):
    """The resolution lines (`tell/report.resolution_lines`) in a language: each choice from its data (the
    interchange format's `choice_data`: step, operation, route, cards, targets), each outcome's coins,
    cards and effects; card names in that script where the library has them."""

    def __init__(self, speaker: Speaker, library=None):
        self.s = speaker
        self.w = speaker.t.resolutions
        self.words = speaker.t.report
        self.x = speaker.t.report_extra
        self.library = library

    # ---- the report's fixed words (tell/report.Lines) ------------------------------------------------
    def status(self, status: str) -> str:
        return self.x["statuses"].get(status, status)

    def verdict_word(self, word: str, kind: str = "") -> str:
        """合法（可以发动） for a card, an Ability, an attack...; 合法 for a checkup, a deck, a setup."""
        if kind in self.x["not_activated"]:
            return self.x["values"].get(word, word)
        return self.s.t.labels.get(word, word)

    def game_result(self, result: str) -> str:
        if result in ("none", "sudden_death"):
            return self.words[f"game_{result}"]
        return self.words["game_wins"].format(who=self.s.t.players.get(result, result))

    def incomplete(self, limit) -> str:
        return self.words["incomplete"].format(limit=self.x["limits"].get(limit, self.x["limits"]["other"]))

    def limit(self, limit) -> str:
        return self.words["limit"].format(limit=self.x["limits"][limit]) if limit in self.x["limits"] \
            else self.words["a_limit"]

    def route_key(self, route: str) -> str:
        a, _, b = route.partition(">")
        return self.w["route"].format(a=self._zone(a), b=self._zone(b)) if b else self._zone(a)

    def reading_name(self, name: str) -> str:
        return self.x["readings"].get(name, name)

    def mark(self, ok) -> str:
        return self.x["marks"]["none" if ok is None else "ok" if ok else "fail"]

    def principle(self, pid: str) -> dict:
        return self.s.t.principles.get(pid, {})

    def _card(self, key) -> str:
        return self.x["card"].format(name=self._name(key) if key else "")

    def _named(self, card_key, kind: str, name: str) -> str:
        """An attack's or an Ability's name in that script (the library's `zh_hans`/`zh_hant` of the card's
        attack or Ability with that name, English or Chinese), else the name as written."""
        field = "zh_hans" if self.s.t.lang == "zh-Hans" else "zh_hant"
        try:
            card = self.library.get(card_key) if self.library is not None and card_key else None
        except KeyError:
            card = None
        for one in getattr(card, kind, ()) if card is not None else ():
            if name in (one.name, *one.zh_hans, *one.zh_hant) and getattr(one, field, ()):
                return getattr(one, field)[0]
        return name

    def _mon_card(self, pos: str):
        """The card key of my Pokémon at a position of the scenario (for its attacks' and Abilities' names)."""
        return self._state_cards.get(pos) if hasattr(self, "_state_cards") else None

    def for_scenario(self, scenario) -> "ResolutionWords":
        """These words, knowing the scenario's Pokémon (to name their attacks and Abilities in that script)."""
        me = scenario.state.me
        cards = {}
        if me.active is not None:
            cards["active"] = me.active.card
        for i, mon in enumerate(me.bench):
            cards[f"bench.{i}"] = mon.card
        self._state_cards = cards
        self.library = scenario.library
        return self

    def action(self, judged) -> str:
        a = getattr(judged, "action", None)
        return judged.line if a is None else self.scenario_action(a)

    def scenario_action(self, a) -> str:
        forms = self.x["actions"]
        kind = a.kind
        fields = {"card": self._card(a.card), "to": self.pos(a.to) if a.to else "",
                  "onto": self.pos(a.onto) if a.onto else "", "by": self.pos(a.pokemon) if a.pokemon else ""}
        if kind == "play" and a.to:
            kind = "play_to"
        elif kind == "attack":
            fields["name"] = self._named(self._mon_card("active"), "attacks", a.name or "")
        elif kind == "ability":
            fields["name"] = self._named(self._mon_card(a.pokemon), "abilities", a.name or "")
        form = forms.get(kind)
        if form is None:
            return super().scenario_action(a)
        return form.format(**fields)

    def unsupported(self, judged) -> str:
        m = _UNSUPPORTED.match(judged.unsupported)
        if not m:
            return self.x["unsupported_other"]
        return self.x["unsupported"].format(card=self._card(m.group(1)), sentence=m.group(2))

    def reason_detail(self, reason) -> str:
        if reason.principle != "-" or reason.atom:
            return reason.detail
        m = _UNSUPPORTED.match(reason.detail)
        if m:
            return self.x["unsupported"].format(card=self._card(m.group(1)), sentence=m.group(2))
        if reason.detail.startswith("not judged:"):
            return self.x["time_limit"]
        if reason.detail.startswith("not resolved:"):
            return self.x["not_resolved"]
        return reason.detail

    def finding_key(self, key: str, report) -> str:
        m = re.match(r"^(.*?)(?: \[([a-z0-9-]+)\])?$", key)
        body, reading = m.group(1), m.group(2)
        kind, _, arg = body.partition(" ")
        keys = self.x["findings"]
        if kind in ("allowed", "forbidden"):
            judged = {" ".join(j.line.split()): j for j in report.actions}
            one = judged.get(" ".join(arg.split()))
            arg = self.action(one) if one is not None else arg
        elif kind == "moved":
            arg = self.route_key(arg)
        elif kind in ("damage", "prizes_taken"):
            arg = self.pos(arg)
        said = keys.get(kind, kind)
        said = f"{said} {arg}" if arg else said
        if reading:
            said += self.x["reading_mark"].format(reading=self.x["readings"].get(reading, reading))
        return said

    def shown(self, x) -> str:
        values = self.x["values"]
        if isinstance(x, str):
            if x.startswith("not computable:"):
                return values["not_computable"]
            return values.get(x, self.s.t.players.get(x, x))
        return super().shown(x)

    def _name(self, key: str) -> str:
        return self.s.name_of(key) or key

    def _cards(self, cards: list) -> str:
        return self.w["cards_joiner"].join(self.w["cards"].format(n=c["count"], name=self._name(c["name"])) for c in cards)

    def _zone(self, z: str) -> str:
        opp = z.startswith("opp.")
        z = z[4:] if opp else z
        word = self.s.t.zones.get(z) or self.w["zones_extra"].get(z, z)
        return self.s.t.words["whose"].format(p=self.s.t.players["opp"], zone=word) if opp else word

    def pos(self, pos: str) -> str:
        m = _POSITION.match(pos)
        positions = self.s.t.words["positions"]
        if m:
            who = self.s.t.players["opp" if m.group(1) else "me"]
            if m.group(2) == "active":
                return positions["active"].format(p=who)
            return positions["bench"].format(p=who, n=int(m.group(3)) + 1)
        m = _NEW.match(pos)
        return positions["new"].format(card=self._name(m.group(1))) if m else pos

    def resolution(self, i: int) -> str:
        return self.w["resolution"].format(i=i)

    def no_choice(self) -> str:
        return self.w["no_choice"]

    def choice(self, line: str, data: dict) -> str:
        kind, w = data.get("kind"), self.w
        step = data.get("step")
        if kind == "take":
            op = w["ops"].get(data.get("op", ""), data.get("op", ""))
            cost = w["cost"] if data.get("role") == "cost" else ""
            if "from" not in data:
                return w["take_plain"].format(step=step, cost=cost, op=op, cards=self._cards(data["cards"]))
            route = w["route"].format(a=self._zone(data["from"]), b=self._zone(data["to"]))
            key = "take_opp" if data.get("player") == "opp" else "take"
            return w[key].format(step=step, cost=cost, op=op, route=route, cards=self._cards(data["cards"]))
        if kind == "target":
            return w["target"].format(step=step, pos=self.pos(data["targets"][0]))
        if kind == "attach":
            return w["attach"].format(step=step, cards=self._cards(data["cards"]), pos=self.pos(data["targets"][0]))
        if kind == "optional":
            return w["optional"].format(part=data["part"])
        if kind == "opponent_choice" and "opponent_choice" in w:
            return w["opponent_choice"].format(answer=data["amount"])
        if kind == "draw_amount":
            return w["draw_amount"].format(step=step, amount=data["amount"])
        if kind == "react_discard" and "react_discard" in w:
            who = w["ko_search_opp"] if data.get("player") == "opp" else w["ko_search_me"]
            return w["react_discard"].format(who=who, cards=self._cards(data["cards"]))
        if kind == "react_return" and "react_return" in w:
            return w["react_return"].format(cards=self._cards(data["cards"]))
        if kind == "react_move" and "react_move" in w:
            return w["react_move"].format(cards=self._cards(data["cards"]), pos=self.pos(data["targets"][0]))
        if kind == "ko_move" and "ko_move" in w:
            return w["ko_move"].format(cards=self._cards(data["cards"]), pos=self.pos(data["targets"][0]))
        if kind == "ko_search" and "ko_search" in w:
            who = w["ko_search_opp"] if data.get("player") == "opp" else w["ko_search_me"]
            return w["ko_search"].format(who=who, amount=data["amount"])
        if kind == "retreat_pay":
            return w["retreat_pay"].format(cards=self._cards(data["cards"]))
        if kind == "evolve":
            return w["evolve"].format(step=step, cards=self._cards(data["cards"]))
        if kind == "end_of_turn_attach":
            return w["end_of_turn_attach"].format(cards=self._cards(data["cards"]), pos=self.pos(data["targets"][0]))
        if kind == "swap_in" and "swap_in" in w:
            return w["swap_in"].format(step=step, cards=self._cards(data["cards"]))
        if kind == "devolve" and "devolve" in w:
            return w["devolve"].format(step=step, pos=self.pos(data["targets"][0]), cards=self._cards(data["cards"]))
        if kind == "bench_discard" and "bench_discard" in w:
            who = w["ko_search_opp"] if data.get("player") == "opp" else w["ko_search_me"]
            return w["bench_discard"].format(who=who, pos=self.pos(data["targets"][0]))
        return line

    def step(self, info) -> str:
        """A compiled step's operation and route (`compiler.StepInfo`): "代价，移动，手牌→弃牌区"."""
        w = self.w
        op = w["ops"].get(info.op, info.op)
        cost = w["cost"] if info.role == "cost" else ""
        source, _, target = info.route.partition(" -> ")
        if not info.route:
            return f"{cost}{op}"
        return f"{cost}{op}，" + w["route"].format(a=self._zone(source), b=self._zone(target))

    def _coin(self, term: str) -> str:
        sym = parse_term(term)
        w = self.w
        if sym.type == SymbolType.Number:
            return w["coin_number"].format(n=sym.number)
        if sym.type == SymbolType.Function and sym.name in ("burn", "sleep") and sym.arguments:
            return w[f"coin_{sym.name}"].format(pos=self.s.mon(sym.arguments[0]))
        if sym.type == SymbolType.Function and sym.name == "effect" and sym.arguments:
            return w["coin_effect"].format(name=self.s.plain(sym.arguments[0]))
        if sym.type == SymbolType.Function and sym.name in ("guard", "endure") and sym.arguments and \
                sym.arguments[0].type == SymbolType.Function and sym.arguments[0].name == "pas":
            # a passive Ability's coin: DMG4 "If heads, prevent that damage" / ATK3 "If heads, ... not Knocked Out"
            return w[f"coin_{sym.name}"].format(name=self.s.plain(sym.arguments[0].arguments[1]))
        return w.get(f"coin_{text(sym)}", text(sym))

    def event(self, e: tuple) -> str:
        w = self.w
        if e[0] == "coin":
            label = self._coin(e[3]) if len(e) > 3 else e[1]
            return w["coin"].format(label=label, result=w.get(e[2], e[2]))
        cards = w["cards_joiner"].join(
            w["unspecified"].format(n=n) if c == "unspecified card" else w["cards"].format(n=n, name=self._name(c))
            for c, n in e[2]) or w["none"]
        return w["step_cards"].format(step=e[1], cards=cards)

    def outcome(self, events: list, probability: str, moved: list) -> str:
        return self.w["outcome"].format(events=self.w["cards_joiner"].join(events) or self.w["certain"], p=probability,
                                        moved="，".join(moved) or self.w["nothing_moves"])

    def moved(self, route: str, n: int) -> str:
        a, _, b = route.partition(">")
        return self.w["moved"].format(route=self.w["route"].format(a=self._zone(a), b=self._zone(b)), n=n)

    def trace(self, steps: tuple) -> str:
        names = self.w["damage_steps"]
        return self.w["trace"].format(steps=self.w["trace_joiner"].join(
            self.w["trace_step"].format(name=names.get(n, n), value=v) for n, v in steps))

    def takes(self, pos: str, value: int) -> str:
        return self.w["takes"].format(pos=self.pos(pos), value=value)

    def heals(self, pos: str, hp: int) -> str:
        return self.w["heals"].format(pos=self.pos(pos), hp=hp)

    def has(self, pos: str, conds: tuple) -> str:
        return self.w["has"].format(pos=self.pos(pos), conds=self.w["cards_joiner"].join(
            self.s.word("conditions", c.lower()) for c in conds))

    def knocked_out(self, pos: str, prizes: int) -> str:
        return self.w["knocked_out"].format(pos=self.pos(pos), prizes=prizes)
