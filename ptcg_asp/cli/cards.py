"""`ptcg-asp cards import` and `ptcg-asp cards coverage` (docs/importing.md)."""
from __future__ import annotations

import os
import sys

from ..read.errors import InputError

EXIT_OK, EXIT_INPUT = 0, 2


def add_cards_parser(sub) -> None:
    c = sub.add_parser("cards", help="import public card data; measure how much card text is expressed")
    csub = c.add_subparsers(dest="cards_command", required=True)
    i = csub.add_parser("import", help="TCGdex or pokemon-tcg-data JSON -> library YAML")
    i.add_argument("files", nargs="+", metavar="FILE")
    i.add_argument("--asia", action="append", default=[], metavar="ASIA.json",
                   help="TCGdex Asian prints (data-asia, with zh-tw names): tie them to the English cards and add "
                   "their Chinese card, attack and Ability names (repeatable; docs/importing.md)")
    i.add_argument("--zh-hans-from-hant", action="store_true",
                   help="with --asia: Simplified names the data lacks, converted from the Traditional ones with "
                   "OpenCC (tw2s; needs the optional package: pip install 'ptcg-asp[zh]')")
    out = i.add_mutually_exclusive_group()
    out.add_argument("-o", "--output", metavar="OUT.yaml", help="write one library file (default: stdout)")
    out.add_argument("--out-dir", metavar="DIR", help="write a pool directory: card files and the index "
                     "the library reads one card at a time (how the bundled pool is made)")
    v = csub.add_parser("coverage", help="per category, the share of card names whose text is expressed in full")
    v.add_argument("files", nargs="*", metavar="FILE", help="card data JSON (default: the bundled pool)")
    v.add_argument("--format", choices=("text", "markdown", "json"), default="text")
    v.add_argument("--marks", metavar="H,I,J", help="only prints with one of these regulation marks (comma-separated; "
                   "`standard` = the marks legal in Standard, H, I and J)")


def cmd_cards(args) -> int:
    return {"import": cmd_import, "coverage": cmd_coverage}[args.cards_command](args)


def cmd_import(args) -> int:
    """Exit 0: every record imported; 2: some records were refused (each named on stderr, the
    others written) or a file could not be read."""
    from ..cards.importer import import_files, to_yaml, write_pool
    cards, problems = import_files(args.files)
    if args.asia or args.zh_hans_from_hant:
        problems += _chinese_names(cards, args)
    if args.out_dir:
        summary = write_pool(cards, args.out_dir)
        print(f"{summary['cards']} cards in {summary['files']} files ({summary['bytes']} bytes) and the index "
              f"written to {args.out_dir}", file=sys.stderr)
    else:
        text = to_yaml(cards)
        if args.output:
            with open(args.output, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        else:
            sys.stdout.write(text)
    for p in problems:
        print(f"error: {p.render()}", file=sys.stderr)
    if problems:
        print(f"{len(problems)} record(s) not imported; the others were", file=sys.stderr)
    return EXIT_INPUT if problems else EXIT_OK


def _chinese_names(cards: list, args) -> list:
    """`--asia`: Chinese names from the Asian prints; prints the summary lines; returns the problems."""
    from ..cards import asianames
    if not args.asia:
        raise InputError("<options>", None, "--zh-hans-from-hant", "--asia ASIA.json as well", "no --asia file")
    to_hans = asianames.opencc_converter() if args.zh_hans_from_hant else None
    prints, problems = [], []
    for path in args.asia:
        p, e = asianames.read_asia(path)
        prints.extend(p)
        problems.extend(e)
    report = asianames.tie(cards, prints, to_hans)
    print(report.line(), file=sys.stderr)
    print(asianames.standard_line(cards), file=sys.stderr)
    return problems


def text_records(cards) -> list:
    """`TextRecord`s of the Trainers and Special Energy among `cards` (card data as dicts): one per
    regulation mark of its prints (the newest print's set id), as coverage groups and filters them."""
    from ..cards.text import TEXT_KINDS, TextRecord
    out = []
    for c in cards:
        get = c.get
        kind, text = get("kind"), get("text")
        if kind not in TEXT_KINDS or not text:
            continue
        ids = list(get("ids") or []) or [""]
        marks = list(get("regulation") or []) or [""]
        set_id = ids[-1].rsplit("-", 1)[0] if ids[-1] else ""
        atk = bool(get("attacks"))
        out.append(TextRecord(name=get("name"), kind=kind, text=text, regulation_mark=marks[-1], set_id=set_id,
                              has_attacks=atk))
        for mark in marks[:-1]:
            out.append(TextRecord(name=get("name"), kind=kind, text=text, regulation_mark=mark, set_id=set_id,
                                  has_attacks=atk))
    return sorted(out, key=lambda r: (r.kind, r.name, r.regulation_mark, r.set_id))


def pool_cards(directory: str) -> list:
    """Every card of a pool directory as plain data (coverage reads the whole pool's texts)."""
    from ..read import yamlsrc as y
    cards: list = []
    for name in sorted(os.listdir(directory)):
        if name.startswith("cards-") and name.endswith(".yaml"):
            path = os.path.join(directory, name)
            cards.extend(y.plain(y.parse(y.read_text(path), path)))
    return cards


def _marks(text):
    """`--marks`: None (every mark), `standard`, or a comma-separated list of single letters."""
    from ..cards.text.coverage import STANDARD_MARKS
    if text is None:
        return None
    if text.strip().lower() == "standard":
        return STANDARD_MARKS
    marks = tuple(m.strip().upper() for m in text.split(",") if m.strip())
    if not marks or any(len(m) != 1 or not m.isalpha() for m in marks):
        raise InputError("<options>", None, "--marks", "regulation marks as letters separated by commas (H,I,J) or "
                         "`standard`", repr(text))
    return marks


def cmd_coverage(args) -> int:
    from ..cards.text import coverage
    if args.files:
        from ..cards.importer import import_files
        cards, problems = import_files(args.files)
        for p in problems:
            print(f"error: {p.render()}", file=sys.stderr)
    else:
        from ..cards.library import pool_dir
        from ..cards.pool import Pool
        if not Pool.exists(pool_dir()):
            raise InputError(pool_dir(), None, "pool", "the bundled card pool", "nothing installed")
        cards = pool_cards(pool_dir())
    report = coverage.measure(text_records(cards), marks=_marks(args.marks))
    attacks = coverage.measure_attacks(attack_records(cards), marks=_marks(args.marks))
    abilities = coverage.measure_abilities(ability_records(cards), marks=_marks(args.marks))
    if args.format == "json":
        report = {**report, "attacks": attacks, "abilities": abilities}
    sys.stdout.write(coverage.render(report, args.format).rstrip("\n") + "\n")
    if args.format != "json":
        sys.stdout.write("\n" + coverage.render_attacks(attacks))
        sys.stdout.write("\n" + coverage.render_abilities(abilities))
    return EXIT_OK


def ability_records(cards) -> list:
    """(card, Ability, text, regulation mark) for every Ability of the Pokémon among `cards` (card data as dicts),
    one per regulation mark of the card's prints, as `coverage.measure_abilities` counts."""
    out = []
    for c in cards:
        if c.get("kind") != "pokemon":
            continue
        for a in c.get("abilities") or []:
            for mark in list(c.get("regulation") or []) or [""]:
                out.append((c.get("name"), a.get("name"), a.get("text") or "", mark))
    return sorted(out, key=lambda r: (r[0], r[1], r[3], r[2]))


def attack_records(cards) -> list:
    """(card, attack, effect text, damage, damage_mod, regulation mark) for every attack of the Pokémon among
    `cards` (card data as dicts), one per regulation mark of the card's prints, as `coverage.measure_attacks` counts."""
    out = []
    for c in cards:
        if c.get("kind") != "pokemon":
            continue
        for a in c.get("attacks") or []:
            for mark in list(c.get("regulation") or []) or [""]:
                out.append((c.get("name"), a.get("name"), a.get("text") or "", a.get("damage") or 0,
                            a.get("damage_mod"), mark))
    return sorted(out, key=lambda r: (r[0], r[1], r[5], r[2]))
