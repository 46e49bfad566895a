"""`ptcg-asp cards import`: public card data (TCGdex, pokemon-tcg-data) -> library YAML.

Reads TCGdex card JSON (one card object, a list of them, `{"cards": [...]}` or `{"sets": [...],
"cards": [...]}`) and pokemon-tcg-data JSON (a set file's array, `cards/en/<set>.json`), maps every
structural field of every print to the library schema (docs/vocabulary.md), translates the text of
Trainers and Special Energy with `ptcg_asp.cards.text`, and writes sorted, byte-stable YAML. How each
field is derived is in docs/importing.md. A broken record is an `ImportProblem` naming the file,
the record (index and id) and the field; the other records still import.
"""
from __future__ import annotations

import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Optional

from . import text as cardtext
from .fromtext import ability_fields, attack_fields, card_fields
from .vocabulary import UNMARKED_TAGS

# TCGdex set id -> (abbreviation, pokemon-tcg-data set id), in release order (the order decides the
# default print). Abbreviations are those TCGdex's `sets` list carries (`abbr`); promo sets without one
# use the abbreviation printed on the cards (SWSH, SVP, MEP). A set missing here takes the `abbr` of
# the file's `sets` list, else its id upper-cased.
SETS = (
    ("swshp", "SWSH", "swshp"), ("swsh1", "SSH", "swsh1"), ("swsh2", "RCL", "swsh2"), ("swsh3", "DAA", "swsh3"),
    ("fut2020", "FUT20", "fut20"), ("swsh3.5", "CPA", "swsh35"), ("swsh4", "VIV", "swsh4"),
    ("swsh4.5sv", "SHF:SV", "swsh45sv"), ("swsh4.5", "SHF", "swsh45"), ("swsh5", "BST", "swsh5"),
    ("swsh6", "CRE", "swsh6"), ("swsh7", "EVS", "swsh7"), ("cel25cc", "CEL:CC", "cel25c"), ("cel25", "CEL", "cel25"),
    ("swsh8", "FST", "swsh8"), ("swsh9tg", "BRS:TG", "swsh9tg"), ("swsh9", "BRS", "swsh9"),
    ("swsh10tg", "ASR:TG", "swsh10tg"), ("swsh10", "ASR", "swsh10"), ("swsh10.5", "PGO", "pgo"),
    ("swsh11tg", "LOR:TG", "swsh11tg"), ("swsh11", "LOR", "swsh11"), ("swsh12tg", "SIT:TG", "swsh12tg"),
    ("swsh12", "SIT", "swsh12"), ("swsh12.5gg", "CRZ:GG", "swsh12pt5gg"), ("swsh12.5", "CRZ", "swsh12pt5"),
    ("svp", "SVP", "svp"), ("sve", "SVE", "sve"), ("sv01", "SVI", "sv1"), ("sv02", "PAL", "sv2"),
    ("sv03", "OBF", "sv3"), ("sv03.5", "MEW", "sv3pt5"), ("mfb", "MFB", "mfb"), ("sv04", "PAR", "sv4"),
    ("sv04.5", "PAF", "sv4pt5"), ("sv05", "TEF", "sv5"), ("sv06", "TWM", "sv6"), ("sv06.5", "SFA", "sv6pt5"),
    ("sv07", "SCR", "sv7"), ("sv08", "SSP", "sv8"), ("sv08.5", "PRE", "sv8pt5"), ("sv09", "JTG", "sv9"),
    ("sv10", "DRI", "sv10"), ("sv10.5b", "BLK", "zsv10pt5"), ("sv10.5w", "WHT", "rsv10pt5"), ("mee", "MEE", "mee"),
    ("mep", "MEP", "mep"), ("me01", "MEG", "me1"), ("me02", "PFL", "me2"), ("me02.5", "ASC", "me2pt5"),
)
_ABBR = {tid: abbr for tid, abbr, _ in SETS}
_FROM_PTCGDATA = {pid: tid for tid, _, pid in SETS}
_ORDER = {tid: i for i, (tid, _, _) in enumerate(SETS)}

TYPE_NAMES = {"Grass": "grass", "Fire": "fire", "Water": "water", "Lightning": "lightning", "Psychic": "psychic",
              "Fighting": "fighting", "Darkness": "darkness", "Metal": "metal", "Fairy": "fairy",
              "Dragon": "dragon", "Colorless": "colorless"}
STAGE_NAMES = {"Basic": "basic", "Stage1": "stage1", "Stage 1": "stage1", "Stage2": "stage2",
               "Stage 2": "stage2", "VMAX": "vmax", "VSTAR": "vstar"}
TRAINER_KINDS = {"Item": "item", "Supporter": "supporter", "Tool": "tool", "Pokémon Tool": "tool",
                 "Stadium": "stadium"}
# pokemon-tcg-data subtypes that are tags (TCGdex has no such field: see docs/importing.md).
SUBTYPE_TAGS = {"ex": "ex", "EX": "pokemon_ex", "V": "v", "VMAX": "vmax", "VSTAR": "vstar", "GX": "gx",
                "Radiant": "radiant", "ACE SPEC": "ace_spec", "Tera": "tera", "TAG TEAM": "tag_team",
                "Single Strike": "single_strike", "Rapid Strike": "rapid_strike", "Fusion Strike": "fusion_strike",
                "Ultra Beast": "ultra_beast", "Prism Star": "prism_star", "Mega": "mega", "Baby": "baby",
                "Future": "future", "Ancient": "ancient"}
# Lines pokemon-tcg-data puts in a Trainer's `rules` that state the card category's own rule, not the
# card's effect (TCGdex does not carry them): left out of the text before translation.
CATEGORY_RULES = ("You may play only 1 Supporter card during your turn", "You may play any number of Item cards",
                  "You may attach any number of Pokémon Tools", "You may play only 1 Stadium card",
                  "You can't have more than 1 ACE SPEC card in your deck", "ACE SPEC:")
_DAMAGE = re.compile(r"^(\d+)([+×x\-]?)$")
_WEAK = re.compile(r"^[×x](\d+)$|^\+(\d+)$")
_RESIST = re.compile(r"^-(\d+)$")


@dataclass(frozen=True)
class ImportProblem:
    """One record that could not be imported: file, record index and id, field, what was wrong."""
    path: str
    index: int
    ident: str
    field: str
    expected: str
    got: str

    def render(self) -> str:
        from ..read.errors import one_line, shorten
        return one_line(f"{self.path}: record {self.index} ({shorten(self.ident, 80)}): {self.field}: "
                        f"expected {self.expected}, got {shorten(self.got)}")


class _Bad(Exception):
    def __init__(self, field_: str, expected: str, got):
        super().__init__(field_)
        self.field, self.expected, self.got = field_, expected, got if isinstance(got, str) else json.dumps(
            got, ensure_ascii=False)


@dataclass
class Print:
    """One print, mapped: `fields` is the library card (without print/ids), the rest names the print."""
    ident: str
    set_id: str
    printed: str           # "TEF 144"
    order: tuple           # release order: newer prints sort later
    regulation: str
    fields: dict = field(default_factory=dict)
    tcgdex: bool = True
    ids: tuple = ()        # every public id of this print (one per source)
    illustrator: str = ""  # compared, never written: ties Asian prints (ptcg_asp/asianames.py)
    dex: tuple = ()        # Pokédex numbers, the same


def _norm(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip().replace("\u2019", "'")


def _number(local: str) -> str:
    """Collector numbers: purely numeric ones padded to 3 digits (`25` and `025` are one print)."""
    return local.zfill(3) if local.isdigit() else local


def _type(value, where: str) -> str:
    if value not in TYPE_NAMES:
        raise _Bad(where, "a type (" + ", ".join(TYPE_NAMES) + ")", value)
    return TYPE_NAMES[value]


def _damage(value, where: str) -> tuple:
    """'180+' -> (180, '+'); 20 -> (20, None); '' or None -> (0, None)."""
    if value is None or value == "":
        return 0, None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise _Bad(where, "a damage such as 30, '30+', '30×' or '30-'", value)
    m = _DAMAGE.match(str(value).strip())
    if not m or int(m.group(1)) > 990:
        raise _Bad(where, "a damage such as 30, '30+', '30×' or '30-' (at most 990)", value)
    mod = {"": None, "+": "+", "×": "x", "x": "x", "-": "-"}[m.group(2)]
    return int(m.group(1)), mod


def _str(rec: dict, key: str, where: Optional[str] = None, required: bool = True) -> Optional[str]:
    value = rec.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise _Bad(where or key, "text", "nothing")
        return None
    if not isinstance(value, str):
        raise _Bad(where or key, "text", value)
    return _norm(value)


def _text(rec: dict, key: str, where: str) -> str:
    """A rules text, verbatim (apostrophes as printed); '' when there is none."""
    value = rec.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _Bad(where, "text", value)
    return unicodedata.normalize("NFC", value).strip()


def _list(rec: dict, key: str) -> list:
    value = rec.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise _Bad(key, "a list", value)
    return value


def _weak_res(entries: list, key: str, resistance: bool) -> list:
    out = []
    for i, w in enumerate(entries):
        if not isinstance(w, dict):
            raise _Bad(f"{key}.{i}", "a {type, value} object", w)
        t = _type(w.get("type"), f"{key}.{i}.type")
        value = str(w.get("value") or "").strip().replace(" ", "")
        if not value:          # no value printed: the era's default (x2, -30), as the library reads it
            out.append({"type": t})
            continue
        pattern = _RESIST if resistance else _WEAK
        if not pattern.match(value):
            raise _Bad(f"{key}.{i}.value", "-30 or -20" if resistance else "×2 or +20", value)
        out.append({"type": t, "value": value.replace("×", "x")})
    return out


def _pokemon(rec: dict, tcgdex: bool, name: str) -> dict:
    stage_raw = rec.get("stage") if tcgdex else next((s for s in rec.get("subtypes") or [] if s in STAGE_NAMES
                                                      or s in ("BREAK", "LEVEL-UP", "Restored", "V-UNION",
                                                               "MEGA")), None)
    if stage_raw not in STAGE_NAMES:
        raise _Bad("stage", "a stage the vocabulary has (" + ", ".join(sorted(set(STAGE_NAMES))) + ")", stage_raw)
    stage = STAGE_NAMES[stage_raw]
    hp_raw = rec.get("hp")
    try:
        hp = int(hp_raw)
    except (TypeError, ValueError):
        raise _Bad("hp", "the HP, a number", hp_raw) from None
    if not 10 <= hp <= 990 or hp % 10:
        raise _Bad("hp", "a multiple of 10 from 10 to 990", hp_raw)
    types = [_type(t, f"types.{i}") for i, t in enumerate(_list(rec, "types"))]
    if not types:
        raise _Bad("types", "at least one type", "none")
    out: dict = {"kind": "pokemon", "stage": stage, "hp": hp, "types": types}
    evolves = _str(rec, "evolveFrom" if tcgdex else "evolvesFrom", required=False)
    if stage != "basic" and not evolves:
        raise _Bad("evolveFrom" if tcgdex else "evolvesFrom", "the Pokémon it evolves from", "nothing")
    if evolves:
        out["evolves_from"] = evolves
    if tcgdex:
        retreat = rec.get("retreat", 0)
    else:
        retreat = rec.get("convertedRetreatCost", len(rec.get("retreatCost") or []))
    if isinstance(retreat, bool) or not isinstance(retreat, int) or not 0 <= retreat <= 5:
        raise _Bad("retreat", "a Retreat Cost from 0 to 5", retreat)
    out["retreat"] = retreat
    weak = _weak_res(_list(rec, "weaknesses"), "weaknesses", False)
    res = _weak_res(_list(rec, "resistances"), "resistances", True)
    if weak:
        out["weakness"] = weak[0] if len(weak) == 1 else weak
    if res:
        out["resistance"] = res[0] if len(res) == 1 else res
    abilities = []
    for i, a in enumerate(_list(rec, "abilities")):
        if not isinstance(a, dict):
            raise _Bad(f"abilities.{i}", "an object", a)
        aname = _str(a, "name", f"abilities.{i}.name")
        text = _text(a, "effect" if tcgdex else "text", f"abilities.{i}.effect")
        # An Ability's text through the translator (cards/text/abilities.py, as the library reads a text given alone:
        # fromtext.py); untranslated, or an older kind of power (Poké-Power, Poké-Body, Ancient Trait, ...):
        # unsupported, with its sentences.
        abilities.append({"name": aname, "text": text, **ability_fields(text, aname, a.get("type") or "Ability")})
    if abilities:
        out["abilities"] = abilities
    attacks = _attacks(rec, tcgdex)
    if attacks:
        out["attacks"] = attacks
    return out


def _attacks(rec: dict, tcgdex: bool) -> list:
    """The attacks of a record (a Pokémon's, or those printed on a Technical Machine), their texts translated."""
    attacks = []
    for i, a in enumerate(_list(rec, "attacks")):
        if not isinstance(a, dict):
            raise _Bad(f"attacks.{i}", "an object", a)
        aname = _str(a, "name", f"attacks.{i}.name")
        cost = [_type(t, f"attacks.{i}.cost.{j}") for j, t in enumerate(a.get("cost") or []) if t != "Free"]
        dmg, mod = _damage(a.get("damage"), f"attacks.{i}.damage")
        text = _text(a, "effect" if tcgdex else "text", f"attacks.{i}.effect")
        entry = {"name": aname, "cost": cost, "damage": dmg}
        if mod:
            entry["damage_mod"] = mod
        entry["text"] = text
        if text:
            # The attack's effect text through the translator (cards/text/attacks.py); untranslated: unsupported.
            entry.update(attack_fields(text, aname, dmg, mod, len(cost)))
        attacks.append(entry)
    return attacks


def _tags(rec: dict, tcgdex: bool, name: str, kind: str, stage: Optional[str]) -> list:
    """The rule-box and other tags (docs/importing.md says how each is found)."""
    tags = set()
    if tcgdex:
        suffix = rec.get("suffix")
        if kind == "pokemon":
            if suffix == "ex" or name.endswith(" ex"):
                tags.add("ex")
            elif suffix == "EX" or name.endswith(" EX"):
                tags.add("pokemon_ex")
            if suffix == "V" or name.endswith(" V") or stage in ("vmax", "vstar"):
                tags.add("v")
            if stage == "vmax":
                tags.add("vmax")
            if stage == "vstar":
                tags.add("vstar")
            if suffix == "GX" or name.endswith("-GX") or name.endswith(" GX"):
                tags.add("gx")
            if name.startswith("Radiant "):
                tags.add("radiant")
            if name.startswith("Mega ") or name.startswith("M "):
                tags.add("mega")
        if rec.get("rarity") == "ACE SPEC Rare":
            tags.add("ace_spec")
    else:
        for s in rec.get("subtypes") or []:
            if s in SUBTYPE_TAGS:
                tags.add(SUBTYPE_TAGS[s])
        if kind == "pokemon" and stage in ("vmax", "vstar"):
            tags.add("v")
        if kind == "pokemon" and name.startswith("Mega "):
            tags.add("mega")
        if "ACE SPEC" in " ".join(rec.get("rules") or []):
            tags.add("ace_spec")
    if kind == "pokemon" and name.startswith(("Galarian ", "Alolan ", "Hisuian ", "Paldean ")):
        pass  # regional forms are part of the name, not a tag the rules test
    return sorted(tags)


def _trainer_text(rec: dict, tcgdex: bool) -> str:
    if tcgdex:
        return (rec.get("effect") or "").strip()
    lines = [r for r in rec.get("rules") or [] if isinstance(r, str) and not r.startswith(CATEGORY_RULES)]
    return "\n\n".join(x.strip() for x in lines if x.strip())


def _kind(rec: dict, tcgdex: bool, name: str) -> str:
    if tcgdex:
        category = rec.get("category")
        if category == "Pokemon":
            return "pokemon"
        if category == "Trainer":
            t = rec.get("trainerType")
            if t not in TRAINER_KINDS:
                raise _Bad("trainerType", "Item, Supporter, Tool or Stadium", t)
            return TRAINER_KINDS[t]
        if category == "Energy":
            # TCGdex marks some Special Energy `Normal` (Prism, Ignition, Reversal, Team Rocket's Energy):
            # an Energy with rules text is special, whatever the mark says.
            if rec.get("energyType") == "Special" or (rec.get("effect") or "").strip():
                return "special_energy"
            return "basic_energy"
        raise _Bad("category", "Pokemon, Trainer or Energy", category)
    supertype = rec.get("supertype")
    subtypes = rec.get("subtypes") or []
    if supertype in ("Pokémon", "Pokemon"):
        return "pokemon"
    if supertype == "Trainer":
        kind = next((TRAINER_KINDS[s] for s in subtypes if s in TRAINER_KINDS), None)
        if kind is None:
            raise _Bad("subtypes", "Item, Supporter, Pokémon Tool or Stadium", subtypes)
        return kind
    if supertype == "Energy":
        return "special_energy" if "Special" in subtypes or _trainer_text(rec, False) else "basic_energy"
    raise _Bad("supertype", "Pokémon, Trainer or Energy", supertype)


_BASIC_ENERGY = re.compile(r"^(?:Basic )?(Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal|Fairy) Energy$")


def map_record(rec, tcgdex: bool, sets: dict) -> Print:
    """One JSON record -> a Print, or raises _Bad naming the field."""
    if not isinstance(rec, dict):
        raise _Bad("record", "a card object", rec)
    name = _str(rec, "name")
    ident = _str(rec, "id")
    if tcgdex:
        set_info = rec.get("set") if isinstance(rec.get("set"), dict) else {}
        set_id = set_info.get("id") or ident.rsplit("-", 1)[0]
        local = str(rec.get("localId") or ident.rsplit("-", 1)[-1])
    else:
        ptcg_set, _, local = ident.rpartition("-")
        set_id = _FROM_PTCGDATA.get(ptcg_set, ptcg_set)
        local = str(rec.get("number") or local)
    abbr = _ABBR.get(set_id) or (sets.get(set_id) or {}).get("abbr") or set_id.upper()
    kind = _kind(rec, tcgdex, name)
    fields: dict = {"name": name, "kind": kind}
    if kind == "pokemon":
        fields.update(_pokemon(rec, tcgdex, name))
    elif kind == "basic_energy":
        m = _BASIC_ENERGY.match(name)
        if not m:
            raise _Bad("name", "a Basic Energy name such as 'Fire Energy'", name)
        # One card whatever the print calls it: the library's name for it (`Basic Fire Energy`).
        fields["name"] = f"Basic {m.group(1)} Energy"
        fields["provides"] = [TYPE_NAMES[m.group(1)]]
    else:
        text = _trainer_text(rec, tcgdex)
        if not text:
            raise _Bad("effect" if tcgdex else "rules", "the card's text", "nothing")
        fields["text"] = text
        if kind == "tool" and rec.get("attacks"):
            # a Technical Machine's attack ("can use the attack on this card": `use_attacks`)
            fields["attacks"] = _attacks(rec, tcgdex)
    tags = _tags(rec, tcgdex, name, kind, fields.get("stage"))
    if tags:
        fields["tags"] = tags
    mark = rec.get("regulationMark")
    regulation = mark.upper() if isinstance(mark, str) and len(mark) == 1 and mark.isalpha() else ""
    date = (sets.get(set_id) or {}).get("releaseDate") or ""
    order = (_ORDER.get(set_id, len(SETS)), date, set_id, _number(local))
    illustrator = rec.get("illustrator") or rec.get("artist")
    illustrator = illustrator if isinstance(illustrator, str) else ""
    dex = tuple(sorted(d for d in (rec.get("dexId") or rec.get("nationalPokedexNumbers") or []) if isinstance(d, int)))
    return Print(ident=ident, set_id=set_id, printed=f"{abbr} {_number(local)}", order=order,
                 regulation=regulation, fields=fields, tcgdex=tcgdex, ids=(ident,),
                 illustrator=" ".join(unicodedata.normalize("NFKC", illustrator).lower().split()), dex=dex)


def read_json(path: str, what: str) -> tuple:
    """(the decoded JSON of a file, None) or (None, the problem: unreadable, not UTF-8, not `what`)."""
    try:
        with open(path, "rb") as fh:
            return json.loads(fh.read().decode("utf-8")), None
    except OSError as exc:
        return None, ImportProblem(path, 0, "-", "file", "a readable file", exc.strerror or str(exc))
    except (UnicodeDecodeError, ValueError) as exc:
        return None, ImportProblem(path, 0, "-", "file", what, str(exc))


def read_file(path: str) -> tuple:
    """(prints, problems) of one JSON file; a broken record is a problem, the rest still import."""
    data, problem = read_json(path, "JSON card data (TCGdex or pokemon-tcg-data)")
    if problem is not None:
        return [], [problem]
    sets: dict = {}
    if isinstance(data, dict) and "cards" in data:
        sets = {s.get("id"): s for s in data.get("sets") or [] if isinstance(s, dict)}
        records = data["cards"]
    elif isinstance(data, dict):
        records = [data]
    else:
        records = data
    if not isinstance(records, list):
        return [], [ImportProblem(path, 0, "-", "cards", "a list of card objects", type(records).__name__)]
    prints, problems = [], []
    for i, rec in enumerate(records):
        ident = str(rec.get("id")) if isinstance(rec, dict) else "-"
        tcgdex = isinstance(rec, dict) and "category" in rec
        try:
            prints.append(map_record(rec, tcgdex, sets))
        except _Bad as bad:
            problems.append(ImportProblem(path, i, ident, bad.field, bad.expected, bad.got))
    return prints, problems


def _game_text(fields: dict) -> str:
    """What makes two prints one card: everything but the print (C1)."""
    return json.dumps({k: v for k, v in fields.items() if k != "regulation"}, sort_keys=True, ensure_ascii=False)


def _translate(fields: dict) -> dict:
    """Trainers and Special Energy: the translator's fields, or `unsupported` with its sentences."""
    kind = fields["kind"]
    if kind not in cardtext.TEXT_KINDS:
        return fields
    # `has_attacks`: "can use the attack on this card" with no attack in the card data gives nothing (unsupported)
    return {**fields, **card_fields(kind, fields["text"], fields["name"], has_attacks=bool(fields.get("attacks")))}


# The tags of UNMARKED_TAGS a print's era can have: by its regulation mark, else by its set (a set of mixed or older
# prints, or one not listed here, can have any of them).
_ERA_BY_MARK = {**{m: ("rapid_strike", "single_strike", "fusion_strike") for m in "DEF"},
                **{m: ("tera", "ancient", "future") for m in "GHIJ"}}
_SWSH_SETS = {tid for tid, _, _ in SETS[:_ORDER["svp"]]} - {"cel25cc"}   # Classic Collection reprints older cards
_SV_SETS = {tid for tid, _, _ in SETS[_ORDER["svp"]:]}


def era_tags(p: "Print") -> tuple:
    """The UNMARKED_TAGS print `p` can have, by its era (docs/importing.md)."""
    if p.regulation in _ERA_BY_MARK:
        return _ERA_BY_MARK[p.regulation]
    if p.set_id in _SWSH_SETS:
        return _ERA_BY_MARK["D"]
    if p.set_id in _SV_SETS:
        return _ERA_BY_MARK["G"]
    return UNMARKED_TAGS


def build_cards(prints: list) -> list:
    """Library cards from prints: prints of one name with the same game text are one card (the newest
    print names it); a Trainer or Energy name is one card whatever its prints (the newest text, C1)."""
    groups: dict = {}
    for p in prints:
        name = p.fields["name"]
        key = (name, _game_text(p.fields)) if p.fields["kind"] == "pokemon" else (name, "")
        groups.setdefault(key, []).append(p)
    cards = []
    for (name, _), members in groups.items():
        members.sort(key=lambda p: (p.order, p.ident))
        newest = members[-1]
        card = _translate(newest.fields)
        texts = sorted({p.fields.get("text") for p in members if p.fields.get("text") != newest.fields.get("text")
                        and p.fields.get("text")})
        if texts:
            card["older_texts"] = [{"print": next(p.printed for p in members if p.fields.get("text") == t),
                                    "text": t} for t in texts]
        card["print"] = newest.printed
        card["prints"] = sorted({p.printed for p in members})
        card["ids"] = sorted({i for p in members for i in p.ids})
        card["regulation"] = sorted({p.regulation for p in members if p.regulation})
        card["_order"] = newest.order
        if card["kind"] == "pokemon" and not newest.fields.get("_subtypes_marked"):
            # TCGdex marks no Tera, Ancient, Future, Rapid / Single / Fusion Strike, TAG TEAM, Ultra Beast or Prism
            # Star Pokémon: the card's `tags` may lack those its prints' era can have, and an action that tells them
            # apart gets no verdict
            tags = set(card.get("tags") or ())
            unknown = {t for p in members for t in era_tags(p)} - tags
            if "ex" not in tags:
                unknown.discard("tera")   # every Tera Pokémon is a Pokémon ex (TCGdex marks ex: its `suffix`)
            unknown = sorted(unknown, key=UNMARKED_TAGS.index)
            if unknown:
                card["unmarked_tags"] = unknown
        card["_prints"] = sorted({(p.illustrator, p.regulation, p.dex) for p in members})
        cards.append(card)
    # By name; among cards of one name the default (newest) print first (what a bare name takes).
    cards.sort(key=lambda c: (c["_order"], c["print"]), reverse=True)
    return sorted(cards, key=lambda c: c["name"])


# ---- YAML output -------------------------------------------------------------------------------------

ORDER = ("name", "zh_hans", "zh_hant", "cost", "damage", "damage_mod", "print", "prints", "ids", "regulation", "kind", "tags", "unmarked_tags", "stage", "hp", "types", "evolves_from",
         "weakness", "resistance", "retreat", "provides", "abilities", "attacks", "text", "older_texts", "effect",
         "passive", "play_as", "trigger_filter", "only_attach_to", "unsupported", "source")
_PLAIN = re.compile(r"^[a-z_][a-z0-9_]*$")
_RESERVED = {"null", "true", "false", "yes", "no", "on", "off", "y", "n"}


def _scalar(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _PLAIN.match(text) and text not in _RESERVED:
        return text
    return json.dumps(text, ensure_ascii=False).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _emit(value, indent: int, out: list) -> None:
    pad = " " * indent
    if isinstance(value, dict):
        keys = sorted(value, key=lambda k: (ORDER.index(k) if k in ORDER else len(ORDER), k))
        for k in keys:
            v = value[k]
            key = _scalar(k)
            if isinstance(v, (dict, list)) and v and not _flat(v):
                out.append(f"{pad}{key}:")
                _emit(v, indent + 2, out)
            else:
                out.append(f"{pad}{key}: {_inline(v)}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)) and item and not _flat(item):
                sub: list = []
                _emit(item, indent + 2, sub)
                out.append(f"{pad}- {sub[0][indent + 2:]}")
                out.extend(sub[1:])
            else:
                out.append(f"{pad}- {_inline(item)}")


def _flat(value) -> bool:
    """Short lists of scalars and small flat mappings are written inline (`types: [fire]`)."""
    if isinstance(value, list):
        return all(not isinstance(v, (dict, list)) for v in value) and len(_inline_list(value)) <= 80
    if isinstance(value, dict):
        return all(not isinstance(v, (dict, list)) for v in value.values()) and len(value) <= 2
    return True


def _inline_list(value: list) -> str:
    return "[" + ", ".join(_scalar(v) for v in value) + "]"


def _inline(value) -> str:
    if isinstance(value, list):
        return _inline_list(value) if all(not isinstance(v, (dict, list)) for v in value) else \
            "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(k)}: {_inline(v)}" for k, v in
                               sorted(value.items(), key=lambda kv: (ORDER.index(kv[0]) if kv[0] in ORDER
                                                                     else len(ORDER), kv[0]))) + "}"
    return _scalar(value)


def card_yaml(card: dict) -> str:
    """One card as a YAML list item (ends with a newline)."""
    lines: list = []
    _emit([{k: v for k, v in card.items() if not k.startswith("_")}], 0, lines)
    return "\n".join(lines) + "\n"


HEADER = ("# Generated by `ptcg-asp cards import` (docs/importing.md); do not edit by hand: regenerate.\n"
          "# Card data: the TCGdex database (github tcgdex/cards-database, MIT licence) or\n"
          "# PokemonTCG/pokemon-tcg-data (MIT licence), as the input files say.\n")


def to_yaml(cards: list) -> str:
    """The whole library file, sorted by name and print: the same bytes for the same cards."""
    return HEADER + "".join("\n" + card_yaml(c) for c in cards)


def import_files(paths: list) -> tuple:
    """(cards, problems) of every file, in a stable order whatever the order of files and records."""
    prints, problems = [], []
    for path in paths:
        p, e = read_file(path)
        prints.extend(p)
        problems.extend(e)
    # The same print (name, set and number) from two sources, or twice: one print with the ids of
    # both and the tags either marks (pokemon-tcg-data marks Tera, TCGdex does not); the other
    # fields are the TCGdex record's (the pool's source), else the first id's.
    same: dict = {}
    for p in prints:
        same.setdefault((p.fields["name"], p.printed), []).append(p)
    unique = []
    for members in same.values():
        members.sort(key=lambda p: (not p.tcgdex, p.ident))
        first = members[0]
        tags = sorted({t for p in members for t in p.fields.get("tags", [])})
        fields = dict(first.fields, **({"tags": tags} if tags else {}))
        if any(not p.tcgdex for p in members):
            fields["_subtypes_marked"] = True   # pokemon-tcg-data marks Tera, Ancient, Rapid Strike, ... (its subtypes)
        ids = tuple(sorted({i for p in members for i in p.ids}))
        unique.append(Print(first.ident, first.set_id, first.printed, first.order, first.regulation, fields,
                            first.tcgdex, ids, first.illustrator or next((p.illustrator for p in members
                                                                         if p.illustrator), ""), first.dex))
    return build_cards(unique), problems


def write_pool(cards: list, directory: str) -> dict:
    """A pool directory: the cards in files by first letter, and the index the library reads lazily
    (ptcg_asp/cards/pool.py). Returns a summary (cards, files, bytes)."""
    from .pool import write_index
    os.makedirs(directory, exist_ok=True)
    return write_index(cards, directory, card_yaml, HEADER)
