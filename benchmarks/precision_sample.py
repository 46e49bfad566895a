"""Draw the precision-audit sample (docs/precision-audit.md) from the bundled card pool.

A stratified random sample, with a fixed seed, of the items the card-text grammar translated (no
`unsupported`): Items and Supporters, Tools, Stadiums, every Special Energy, attacks with effect text,
and Abilities. Each stratum is sorted by a stable key before sampling, so the same pool and seed give
the same sample.

    python benchmarks/precision_sample.py [--seed 20261207] [--pool ptcg_asp/data/pool] [--yaml]
"""
from __future__ import annotations

import argparse
import glob
import os
import random
import re
import sys

import yaml

SIZES = {"trainer": 40, "tool": 20, "stadium": 15, "special_energy": None, "attack": 60, "ability": 40}
# the supplementary draw (docs/precision-audit.md): items not in the first draw, with another seed
SUPPLEMENT = {"trainer": 30, "tool": 15, "stadium": 10, "ability": 30, "attack": 40}
TRANSLATED_KEYS = ("effect", "passive", "provides", "attach_trigger", "only_attach_to", "play_as",
                   "no_return_from_discard")
ATTACK_KEYS = ("effect", "before_damage", "damage_times", "ignores", "damage_instead")
DEFAULT_POOL = os.path.join(os.path.dirname(__file__), "..", "ptcg_asp", "data", "pool")


def _load(pool: str) -> list[dict]:
    cards: list[dict] = []
    for path in sorted(glob.glob(os.path.join(pool, "cards-*.yaml"))):
        with open(path, encoding="utf-8") as f:
            cards.extend(yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or [])
    return cards


def _translated(d: dict, keys) -> bool:
    return not d.get("unsupported") and any(k in d for k in keys)


def strata(cards: list[dict]) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = {k: [] for k in SIZES}
    for c in cards:
        kind = c.get("kind")
        label = c["name"] + (f" ({c['print']})" if c.get("print") else "")
        if kind in ("item", "supporter") and _translated(c, TRANSLATED_KEYS):
            out["trainer"].append((label, "", c.get("text", ""), c))
        elif kind == "tool" and _translated(c, TRANSLATED_KEYS):
            out["tool"].append((label, "", c.get("text", ""), c))
        elif kind == "stadium" and _translated(c, TRANSLATED_KEYS):
            out["stadium"].append((label, "", c.get("text", ""), c))
        elif kind == "special_energy" and _translated(c, TRANSLATED_KEYS) and c.get("text"):
            out["special_energy"].append((label, "", c.get("text", ""), c))
        for a in c.get("attacks") or []:
            if a.get("text") and _translated(a, ATTACK_KEYS):
                out["attack"].append((label, a["name"], a["text"], a))
        for a in c.get("abilities") or []:
            if a.get("text") and not a.get("unsupported") and a.get("kind"):
                out["ability"].append((label, a["name"], a["text"], a))
    for k in out:
        out[k].sort(key=lambda t: (t[0], t[1], t[2]))
    return out


def draw(cards: list[dict], seed: int) -> dict[str, list[tuple]]:
    rng = random.Random(seed)
    sample = {}
    for k, n in SIZES.items():
        items = strata(cards)[k]
        sample[k] = items if n is None or n >= len(items) else rng.sample(items, n)
    return sample


def supplement(cards: list[dict], seed: int, first_seed: int) -> dict[str, list[tuple]]:
    """The supplementary draw: per stratum of SUPPLEMENT, items the first draw (first_seed) did not take."""
    rng = random.Random(seed)
    first = draw(cards, first_seed)
    all_strata = strata(cards)
    out = {}
    for k, n in SUPPLEMENT.items():
        taken = {(t[0], t[1]) for t in first[k]}
        out[k] = rng.sample([t for t in all_strata[k] if (t[0], t[1]) not in taken], n)
    return out


# the third draw (docs/precision-audit.md, "Third sample"): about 40 items of the current pool that the audit document
# does not name already (the first two draws and the findings), from every stratum but the Special Energy census
THIRD = {"trainer": 14, "tool": 5, "stadium": 4, "attack": 10, "ability": 7}
AUDIT_DOC = os.path.join(os.path.dirname(__file__), "..", "docs", "precision-audit.md")


def third(cards: list[dict], seed: int, doc: str) -> dict[str, list[tuple]]:
    """The third draw: per stratum of THIRD, items whose card label (and attack or Ability name) the text `doc` does not name."""
    rng = random.Random(seed)
    all_strata = strata(cards)
    out = {}
    for k, n in THIRD.items():
        fresh = [t for t in all_strata[k] if (f"{t[0]} / {t[1]}" if t[1] else t[0]) not in doc]
        out[k] = rng.sample(fresh, n)
    return out


def _before_draw(doc: str, seed: int) -> str:
    """The audit document as it was before the draw with `seed`: without that draw's section ("## ... seed N ...",
    to the next "## " heading) nor the sections of the draws after it (the whole document if it has none)."""
    heads = [(m.start(), int(m.group(1))) for m in re.finditer(r"\n## [^\n]*\bseed (\d+)\b", doc)]
    first = next((i for i, (_, s) in enumerate(heads) if s == seed), None)
    if first is None:
        return doc
    for start, _ in reversed(heads[first:]):
        end = doc.find("\n## ", start + 1)
        doc = doc[:start] + (doc[end:] if end >= 0 else "")
    return doc


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=20261207)
    ap.add_argument("--pool", default=DEFAULT_POOL)
    ap.add_argument("--yaml", action="store_true", help="print each item's translated fields too")
    ap.add_argument("--supplement", type=int, metavar="SEED", help="the supplementary draw with this seed instead "
                    "(items the --seed draw did not take)")
    ap.add_argument("--third", type=int, metavar="SEED", help="a later draw with this seed instead (items that "
                    "docs/precision-audit.md does not name before the section of that seed's draw, or at all)")
    args = ap.parse_args(argv)
    cards = _load(args.pool)
    all_strata = strata(cards)
    if args.third is not None:
        with open(AUDIT_DOC, encoding="utf-8") as f:
            doc = f.read()
        doc = _before_draw(doc, args.third)
        sample, mark = third(cards, args.third, doc), "3"
    else:
        sample = draw(cards, args.seed) if args.supplement is None else supplement(cards, args.supplement, args.seed)
        mark = "" if args.supplement is None else "+"
    for k, items in sample.items():
        print(f"## {k}: {len(items)} of {len(all_strata[k])}")
        for i, (label, sub, text, d) in enumerate(items, 1):
            print(f"{k[:2].upper()}{mark}{i:02d} | {label}{' / ' + sub if sub else ''} | {text}")
            if args.yaml:
                shown = {x: v for x, v in d.items() if x not in ("zh_hans", "zh_hant", "text", "ids",
                                                                  "prints", "older_texts", "attacks")}
                print("    " + yaml.safe_dump(shown, allow_unicode=True, sort_keys=False,
                                              width=110).replace("\n", "\n    "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
