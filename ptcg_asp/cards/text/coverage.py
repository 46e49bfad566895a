"""`ptcg-asp cards coverage`: how much of a card pool's text the translator expresses in full.

`measure` takes the card texts (the importer reads them from card data files or the bundled pool)
and `render` prints the report as text, Markdown or JSON (sorted, byte-stable).

A name is counted once per category (reprints are one card, C1). It is expressed in full when every
distinct text its records carry translates (an older print with other words counts too). A sentence's
shape is the sentence with numbers, Energy symbols and card names abstracted (`shape`), so that
"Heal 30 damage" and "Heal 60 damage" are one shape; shapes are counted by the distinct names they block.
"""
from __future__ import annotations

import json
import re
from typing import Iterable, Optional

from . import TextRecord
from .granted import translate_card
from .lexer import GAME_TERMS, normalize

CATEGORIES = (("item", "Item"), ("supporter", "Supporter"), ("tool", "Tool"), ("stadium", "Stadium"),
              ("special_energy", "Special Energy"))
TRAINER_KINDS = ("item", "supporter", "tool", "stadium")
STANDARD_MARKS = ("H", "I", "J")   # the measure: the regulation marks legal in Standard
TOP_SHAPES = 25

# Capitalized words that are game terms, not card names (kept in shapes).
_NUM = re.compile(r"\b\d+\b")
_SYM = re.compile(r"(\{[A-Z]\})+")
_QUOTED = re.compile(r'"[^"]*"')
_WORD = re.compile(r"[A-Z][\w\u00C0-\u024F.'-]*(?:\s+(?:&\s+)?[A-Z][\w\u00C0-\u024F.'-]*)*")


def shape(sentence: str, name: str = "") -> str:
    """The sentence with the card's own name, quoted names, other card names, numbers and Energy symbols
    abstracted."""
    s = normalize(sentence)
    if name:
        s = s.replace(normalize(name), "THIS")
    s = _QUOTED.sub('"NAME"', s)
    s = _SYM.sub("\u0001", s)
    s = _NUM.sub("\u0002", s)

    def term(w: str) -> bool:
        w = w.rstrip(".,")
        return w in GAME_TERMS or (w.endswith("'s") and w[:-2] in GAME_TERMS)

    def names(m: re.Match) -> str:
        words = m.group(0).split()
        flags = [term(w) for w in words]
        if all(flags):
            return m.group(0)
        first = flags.index(False)
        last = len(flags) - 1 - flags[::-1].index(False)
        poss = "'s" if words[last].rstrip(".,").endswith("'s") else ""
        return " ".join(words[:first] + ["NAME" + poss] + words[last + 1:])

    s = _WORD.sub(names, s)
    return s.replace("\u0001", "{E}").replace("\u0002", "N")


def _marks(marks: Optional[Iterable[str]]) -> Optional[frozenset]:
    return frozenset(marks) if marks is not None else None


def measure(records: Iterable[TextRecord], marks: Optional[Iterable[str]] = None, top: int = TOP_SHAPES) -> dict:
    """Per category (Item, Supporter, Tool, Stadium, Special Energy): distinct names, names expressed
    in full, their share, and the most frequent untranslated sentence shapes. `marks`: only records with
    one of these regulation marks (e.g. STANDARD_MARKS)."""
    wanted = _marks(marks)
    texts: dict = {}
    for r in records:
        if r.kind not in dict(CATEGORIES):
            continue
        if wanted is not None and r.regulation_mark not in wanted:
            continue
        # one text per spelling, translated as printed (its line breaks: the name line of an Ability printed on a Tool)
        texts.setdefault((r.kind, r.name), {}).setdefault((normalize(r.text), r.has_attacks), r.text)
    shape_names: dict = {}
    per_kind = {k: [0, 0] for k, _ in CATEGORIES}
    for (kind, name), variants in sorted(texts.items()):
        per_kind[kind][0] += 1
        full = True
        blocked: set = set()
        for (_, has_attacks), text in sorted(variants.items()):
            t = translate_card(kind, text, name, has_attacks=has_attacks)
            if not t.supported:
                full = False
                blocked.update(shape(u, name) for u in t.unsupported)
        if full:
            per_kind[kind][1] += 1
        for sh in blocked:
            shape_names.setdefault(sh, {}).setdefault(kind, set()).add(name)
    cats = []
    for kind, label in CATEGORIES:
        n, k = per_kind[kind]
        cats.append({"category": label, "names": n, "expressed": k, "share": _share(k, n)})
    tn = sum(per_kind[k][0] for k in TRAINER_KINDS)
    tk = sum(per_kind[k][1] for k in TRAINER_KINDS)
    shapes = []
    for sh, kinds in shape_names.items():
        all_names = sorted(set().union(*kinds.values()))
        shapes.append({"shape": sh, "names": len(all_names),
                       "categories": sorted(dict(CATEGORIES)[k] for k in kinds), "examples": all_names[:3]})
    shapes.sort(key=lambda s: (-s["names"], s["shape"]))
    return {"marks": sorted(wanted) if wanted is not None else None, "categories": cats,
            "trainers": {"names": tn, "expressed": tk, "share": _share(tk, tn)},
            "shapes": shapes[:top], "shapes_total": len(shapes)}


def _share(k: int, n: int) -> float:
    return round(100.0 * k / n, 1) if n else 0.0


def render(report: dict, fmt: str = "text") -> str:
    """The report as `text`, `markdown` or `json`."""
    if fmt == "json":
        return json.dumps(report, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    marks = report.get("marks")
    scope = "regulation marks " + ", ".join(marks) if marks else "all regulation marks"
    rows = [(c["category"], c["names"], c["expressed"], c["share"]) for c in report["categories"]]
    t = report["trainers"]
    rows.append(("Trainers (all four)", t["names"], t["expressed"], t["share"]))
    if fmt == "markdown":
        out = [f"## Card text coverage ({scope})", "", "| category | names | expressed in full | share |",
               "| --- | ---: | ---: | ---: |"]
        out += [f"| {c} | {n} | {k} | {s:.1f}% |" for c, n, k, s in rows]
        out += ["", f"### Most frequent untranslated sentence shapes ({len(report['shapes'])} of "
                f"{report['shapes_total']})", "", "| names | categories | shape | e.g. |", "| ---: | --- | --- | --- |"]
        out += [f"| {s['names']} | {', '.join(s['categories'])} | {_md(s['shape'])} | {_md(', '.join(s['examples']))} |"
                for s in report["shapes"]]
        return "\n".join(out) + "\n"
    if fmt != "text":
        raise ValueError(f"format must be text, markdown or json: {fmt!r}")
    out = [f"Card text coverage ({scope})"]
    out += [f"  {c:<20} {k:>4} of {n:<4} expressed in full  {s:5.1f}%" for c, n, k, s in rows]
    out += ["", f"Most frequent untranslated sentence shapes ({len(report['shapes'])} of {report['shapes_total']}):"]
    out += [f"  {s['names']:>3}  {s['shape']}  [{', '.join(s['categories'])}; e.g. {', '.join(s['examples'])}]"
            for s in report["shapes"]]
    return "\n".join(out) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|")


# ---- attacks ----------------------------------------------------------------------------------------------------

def measure_attacks(attacks: Iterable[tuple], marks: Optional[Iterable[str]] = None, top: int = TOP_SHAPES) -> dict:
    """Pokémon attacks: `attacks` are (card name, attack name, effect text, printed damage, damage_mod, regulation
    mark) tuples, one per print. Counts attacks (prints), those with effect text, those translated in full (every
    sentence, `attacks.translate_attack`), their share, and the commonest untranslated sentence shapes (counted by
    the sentences)."""
    from collections import Counter
    from .attacks import translate_attack
    wanted = _marks(marks)
    total = with_text = done = 0
    shapes: Counter = Counter()
    for rec in attacks:
        card, attack, text, damage, mod, mark = rec[:6]
        cost = rec[6] if len(rec) > 6 else None     # the number of Energy in the attack's cost, when known
        if wanted is not None and mark not in wanted:
            continue
        total += 1
        if not text.strip():
            continue
        with_text += 1
        t = translate_attack(text, attack, damage, mod, cost=cost)
        if t.supported:
            done += 1
        else:
            for s in t.unsupported:
                shapes[shape(s, card)] += 1
    return {"attacks": total, "with_text": with_text, "translated": done,
            "share": round(100.0 * done / with_text, 1) if with_text else 0.0,
            "shapes": [{"shape": s, "sentences": n} for s, n in sorted(shapes.items(), key=lambda x: (-x[1], x[0]))[:top]]}


def render_attacks(rep: dict) -> str:
    """The attack report as text (sorted, byte-stable)."""
    lines = [f"Attacks: {rep['translated']} of {rep['with_text']} with effect text translated in full "
             f"({rep['share']:.1f}%); {rep['attacks']} attacks in all"]
    lines += [f"  {s['sentences']:4d}  {s['shape']}" for s in rep["shapes"]]
    return "\n".join(lines) + "\n"


# ---- Abilities --------------------------------------------------------------------------------------------------

def measure_abilities(abilities: Iterable[tuple], marks: Optional[Iterable[str]] = None, top: int = TOP_SHAPES) -> dict:
    """Pokémon Abilities: `abilities` are (card name, Ability name, text, regulation mark) tuples, one per print.
    Counts the distinct (Pokémon, Ability) pairs, those translated in full (every distinct text of the pair,
    `abilities.translate_ability`), their share, and the commonest untranslated sentence shapes (counted by the
    pairs they block)."""
    from .abilities import translate_ability
    wanted = _marks(marks)
    texts: dict = {}
    for card, ability, text, mark in abilities:
        if wanted is not None and mark not in wanted:
            continue
        texts.setdefault((card, ability), set()).add(normalize(text))
    done = 0
    shapes: dict = {}
    for (card, ability), variants in sorted(texts.items()):
        full = True
        for text in sorted(variants):
            t = translate_ability(text, ability)
            if not t.supported:
                full = False
                for s in t.unsupported:
                    shapes.setdefault(shape(s, card), set()).add((card, ability))
        done += full
    n = len(texts)
    return {"abilities": n, "translated": done, "share": _share(done, n),
            "shapes": [{"shape": s, "abilities": len(v)}
                       for s, v in sorted(shapes.items(), key=lambda x: (-len(x[1]), x[0]))[:top]]}


def render_abilities(rep: dict) -> str:
    """The Ability report as text (sorted, byte-stable)."""
    lines = [f"Abilities: {rep['translated']} of {rep['abilities']} (Pokémon, Ability) pairs translated in full "
             f"({rep['share']:.1f}%)"]
    lines += [f"  {s['abilities']:4d}  {s['shape']}" for s in rep["shapes"]]
    return "\n".join(lines) + "\n"
