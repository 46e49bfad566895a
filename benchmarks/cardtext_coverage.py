"""Card-text coverage of a TCGdex card dump, split into the sets a grammar was built on and held-out sets.

    PYTHONPATH=. python benchmarks/cardtext_coverage.py CARDS.json [--holdout me03,me04,me05] [--format text]

A name belongs to the held-out part when its first print (by set release date) is in one of the held-out sets.
The development part is every other name, read from its prints outside the held-out sets only (a reprint in a
held-out set may carry new text); it is reported in full (shapes included), the held-out part only as counts,
so that running this never shows a held-out text. Both use regulation marks H-J (the issue's measure) and all
marks.

The default held-out sets are the three released after the reference data (Perfect Order, Chaos Rising, Pitch
Black): a file with them is a newer TCGdex snapshot in the same shape, which the project does not ship
(docs/benchmarks.md (j)); on a file without them the held-out part is empty.
"""
from __future__ import annotations

import argparse
import json
import sys

from ptcg_asp.cards.text import TextRecord
from ptcg_asp.cards.text.coverage import (STANDARD_MARKS, measure, measure_abilities, measure_attacks, render,
                                          render_abilities, render_attacks)

KINDS = {"Item": "item", "Supporter": "supporter", "Tool": "tool", "Stadium": "stadium"}


def records(path: str) -> tuple:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    dates = {s["id"]: s.get("releaseDate", "") for s in data["sets"]}
    out = []
    for c in data["cards"]:
        if c.get("category") == "Trainer" and c.get("trainerType") in KINDS:
            kind = KINDS[c["trainerType"]]
        elif c.get("category") == "Energy" and c.get("energyType") == "Special":
            kind = "special_energy"
        else:
            continue
        out.append((dates.get(c["set"]["id"], ""), c["set"]["id"],
                    TextRecord(c["name"].replace("\u2019", "'"), kind, c.get("effect") or "", c.get("regulationMark") or "",
                               c["set"]["id"], has_attacks=bool(c.get("attacks")))))
    return tuple(out)


_MODS = {"+": "+", "\u00d7": "x", "x": "x", "-": "-"}


def attack_records(path: str) -> tuple:
    """(release date, set id, (card, attack, text, damage, damage_mod, mark)) for every attack of every Pokémon print."""
    import re
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    dates = {s["id"]: s.get("releaseDate", "") for s in data["sets"]}
    out = []
    for c in data["cards"]:
        if c.get("category") != "Pokemon":
            continue
        for a in c.get("attacks") or []:
            m = re.fullmatch(r"(\d*)\s*([+\u00d7x-]?)", str(a.get("damage") or "").strip())
            dmg = int(m.group(1)) if m and m.group(1) else 0
            mod = _MODS.get(m.group(2)) if m and m.group(2) else None
            out.append((dates.get(c["set"]["id"], ""), c["set"]["id"],
                        (c["name"].replace("\u2019", "'"), a.get("name") or "", a.get("effect") or "", dmg, mod,
                         c.get("regulationMark") or "", len([t for t in a.get("cost") or [] if t != "Free"]))))
    return tuple(out)


def ability_records(path: str) -> tuple:
    """(release date, set id, (card, Ability, text, mark)) for every Ability of every Pokémon print (older kinds of
    power, Poké-Power and Poké-Body, are counted and never translated, as the importer does)."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    dates = {s["id"]: s.get("releaseDate", "") for s in data["sets"]}
    out = []
    for c in data["cards"]:
        if c.get("category") != "Pokemon":
            continue
        for a in c.get("abilities") or []:
            # an older kind of power is never translated (the importer keeps it unsupported): its kind is its shape
            kind = a.get("type") or "Ability"
            text = (a.get("effect") or "") if kind == "Ability" else f"({kind})"
            out.append((dates.get(c["set"]["id"], ""), c["set"]["id"],
                        (c["name"].replace("\u2019", "'"), a.get("name") or "", text, c.get("regulationMark") or "")))
    return tuple(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--holdout", default="me03,me04,me05")
    ap.add_argument("--format", default="text", choices=("text", "markdown", "json"))
    args = ap.parse_args(argv)
    held = set(args.holdout.split(",")) if args.holdout else set()
    recs = records(args.file)
    first: dict = {}
    for date, set_id, r in sorted(recs, key=lambda x: (x[0], x[1])):
        first.setdefault(r.name, set_id)
    dev = [r for _, set_id, r in recs if first[r.name] not in held and set_id not in held]
    hold = [r for _, _, r in recs if first[r.name] in held]
    for marks in (STANDARD_MARKS, None):
        sys.stdout.write("== development part\n" + render(measure(dev, marks), args.format))
        rep = measure(hold, marks, top=0)
        t = rep["trainers"]
        sys.stdout.write(f"== held-out part ({', '.join(sorted(held))}; counts only): Trainers {t['expressed']} of "
                         f"{t['names']} ({t['share']:.1f}%); " + "; ".join(
                             f"{c['category']} {c['expressed']}/{c['names']}" for c in rep["categories"]) + "\n\n")
    def split(recs: list) -> tuple:
        """(development, held-out) records: by the set a name was first printed in."""
        for date, set_id, r in sorted(recs, key=lambda x: (x[0], x[1])):
            first.setdefault(r[0], set_id)
        return ([r for _, set_id, r in recs if first[r[0]] not in held and set_id not in held],
                [r for _, _, r in recs if first[r[0]] in held])

    adev, ahold = split(attack_records(args.file))
    for marks, label in ((STANDARD_MARKS, "H-J"), (None, "all marks")):
        sys.stdout.write(f"== development part, attacks ({label})\n" + render_attacks(measure_attacks(adev, marks)))
        h = measure_attacks(ahold, marks, top=0)
        sys.stdout.write(f"== held-out part, attacks ({label}; counts only): {h['translated']} of {h['with_text']} "
                         f"with effect text ({h['share']:.1f}%); {h['attacks']} attacks\n\n")
    bdev, bhold = split(ability_records(args.file))
    for marks, label in ((STANDARD_MARKS, "H-J"), (None, "all marks")):
        sys.stdout.write(f"== development part, Abilities ({label})\n" + render_abilities(measure_abilities(bdev, marks)))
        h = measure_abilities(bhold, marks, top=0)
        sys.stdout.write(f"== held-out part, Abilities ({label}; counts only): {h['translated']} of {h['abilities']} "
                         f"(Pokémon, Ability) pairs ({h['share']:.1f}%)\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
