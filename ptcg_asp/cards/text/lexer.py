"""Card text -> normalized sentences of tokens (the grammar's input).

Normalization: typographic apostrophes and quotes become ASCII, TCGdex's spelled-out Energy symbols
("ColorlessColorless") become `{C}{C}`, whitespace collapses. Sentences end at a full stop outside
parentheses and quotes. A parenthetical is either reminder text on the documented list REMINDERS
(dropped, reported as skipped) or stays in the sentence, where the grammar must read it.

Tokens are lowercase words without accents ("Pokémon" -> "pokemon"), numbers, Energy symbols
("{R}"), quoted names ('"Team Rocket"'), and the punctuation `, : ( ) •`.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import Tuple

# Reminder text the translator leaves out: parentheticals that restate a rule of the game and change
# nothing in the card's effect (docs/vocabulary.md, "Reminder text"). Compared after normalization
# (ASCII apostrophes, collapsed whitespace). Any other parenthetical must be read by the grammar.
REMINDERS = (
    "(Pokémon ex, Pokémon V, etc. have Rule Boxes.)",
    "(Pokémon V, Pokémon-GX, etc. have Rule Boxes.)",
    "(Pokémon-GX, Pokémon-EX, etc. have Rule Boxes.)",
    "(Pokémon ex, Pokémon-GX, etc. have Rule Boxes.)",
    "(Existing effects are not removed. Damage is not an effect.)",
    "(Damage is not an effect.)",
    "(You still need the necessary Energy to use this attack.)",
    "(Don't apply Weakness and Resistance for Benched Pokémon.)",
)

SYMBOL_WORDS = {"Grass": "G", "Fire": "R", "Water": "W", "Lightning": "L", "Psychic": "P", "Fighting": "F",
                "Darkness": "D", "Metal": "M", "Dragon": "N", "Colorless": "C", "Fairy": "Y"}


def normalize(text: str) -> str:
    """One spelling for the same text: ASCII apostrophes and quotes, `{X}` symbols, single spaces."""
    t = unicodedata.normalize("NFC", text)
    t = t.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    # TCGdex renders some symbols as words run together: "ColorlessColorless less" -> "{C}{C} less".
    words = "|".join(SYMBOL_WORDS)
    t = re.sub(rf"\b((?:{words}){{2,}})\b",
               lambda m: "".join("{%s}" % SYMBOL_WORDS[w] for w in re.findall(words, m.group(1))), t)
    t = re.sub(r"\[([GRWLPFDMNCY])\]", r"{\1}", t)
    return " ".join(t.split())


@dataclass(frozen=True)
class Sentence:
    text: str                 # verbatim (normalized) sentence, with its parentheticals
    tokens: Tuple[str, ...]   # what the grammar reads (reminders removed)
    printed: Tuple[str, ...] = ()  # the same tokens as printed (case kept), for names


_REMINDERS = tuple(normalize(r) for r in REMINDERS)
# The same two reminders with another list of kinds or attacks: what a Rule Box is ("(Pokémon ex, Mega Evolution Pokémon
# ex, etc. have Rule Boxes.)": a list of kinds of Pokémon, then "etc.") and that attack costs still apply ("(You still
# need the necessary Energy to use each attack.)"). Neither changes the card's effect.
_REMINDER_FAMILIES = (
    re.compile(r"\((?:(?:Mega Evolution |Tera |Radiant )?Pokémon(?:[ -][A-Za-z]+)?, )+etc\. have Rule Boxes\.\)"),
    re.compile(r"\(You still need the necessary Energy to use (?:this attack|each attack|these attacks|that attack)\.\)"),
)


def sentences(text: str) -> Tuple[Tuple[Sentence, ...], Tuple[str, ...]]:
    """The text's sentences and the reminder texts dropped from them."""
    t = normalize(text)
    out, skipped = [], []
    depth, quote, start = 0, False, 0
    i = 0
    spans = []
    while i < len(t):
        ch = t[i]
        if ch == '"':
            quote = not quote
        elif ch == "(" and not quote:
            depth += 1
        elif ch == ")" and not quote:
            depth = max(0, depth - 1)
            # "(... .)" ends the sentence when a new one follows
            if depth == 0 and t[i - 1:i] == "." and i + 1 < len(t) and t[i + 1] == " ":
                spans.append(t[start:i + 1].strip())
                start = i + 1
        # a full stop run into the next sentence ("... into your deck.Shuffle a Pokémon Tool card ...": the data lost
        # a line break) ends it too; "Pokégear 3.0" (a digit after the dot) does not
        if ch == "." and depth == 0 and not quote and (i + 1 == len(t) or t[i + 1] == " " or (
                t[i + 1].isupper() and t[i - 1:i].isalpha())):
            # "etc." inside a sentence is not an end; "Pokégear 3.0" has no space after the dot
            if not t[max(0, i - 3):i].endswith("etc"):
                spans.append(t[start:i + 1].strip())
                start = i + 1
        i += 1
    if t[start:].strip():
        spans.append(t[start:].strip())
    # A parenthetical standing as its own sentence ("... Pokémon. (Pokémon ex ... Rule Boxes.)")
    merged: list = []
    for s in spans:
        if s.startswith("(") and merged:
            merged[-1] = merged[-1] + " " + s
        else:
            merged.append(s)
    for s in merged:
        body = s
        for r in _REMINDERS:
            if r in body:
                body = body.replace(r, " ")
                skipped.append(r)
        for family in _REMINDER_FAMILIES:
            for r in family.findall(body):
                body = body.replace(r, " ")
                skipped.append(r)
        low, printed = tokenize_cased(body)
        out.append(Sentence(s, low, printed))
    return tuple(out), tuple(skipped)


_TOKEN = re.compile(r'\{[A-Z]\}|"[^"]*"|\d+|[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F\'&.-]*[A-Za-z\u00C0-\u024F\']|'
                    r'[A-Za-z\u00C0-\u024F]|[,:()•&+-]')


def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn").lower()


def tokenize_cased(text: str) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """The tokens (lowercase, no accents) and, aligned with them, the same tokens as printed (names keep their case)."""
    low, orig = [], []

    def add(a: str, b: str) -> None:
        if a:
            low.append(a)
            orig.append(b)
    for raw in _TOKEN.findall(text):
        if raw.startswith(('"', '{')):
            add(raw, raw)
            continue
        w = _plain(raw)
        # "Pokémon-GX" -> pokemon gx; "Pokémon's" -> pokemon 's
        if w.startswith("pokemon-"):
            add("pokemon", raw[:7])
            add(w[len("pokemon-"):], raw[8:])
        elif w.endswith("'s") and w not in ("opponent's", "player's", "opponents's"):
            add(w[:-2], raw[:-2])
            add("'s", "'s")
        elif w.endswith("s'"):
            add(w[:-1], raw[:-1])
            add("'s", "'s")
        else:
            add(w.rstrip("."), raw.rstrip("."))
    return tuple(low), tuple(orig)


def tokenize(text: str) -> Tuple[str, ...]:
    return tokenize_cased(text)[0]


# The game's own words (card kinds, zones, conditions, tags, the grammar's verbs): `coverage` keeps them when it turns a
# sentence into its shape, and a bare name made of one of them is a kind, not a name (`term_words`).
GAME_TERMS = frozenset("""
Pokémon Energy Energies Basic Item Items Supporter Supporters Stadium Stadiums Tool Tools Trainer Trainers Active Bench
Benched Prize Prizes Lost Zone Weakness Resistance Special Condition Conditions Stage Evolution Evolve Rule Box Boxes
Ability Abilities Attacking Defending Knocked Out Retreat Cost Checkup VSTAR VMAX V ex EX GX Tera ACE SPEC Asleep Burned
Confused Paralyzed Poisoned Radiant Ancient Future Fusion Strike Rapid Single Pokémon-GX Pokémon-EX Grass Fire Water
Lightning Psychic Fighting Darkness Metal Dragon Colorless Fairy Spot HP Technical Machine Mega Tag Team Prism Star
THIS NAME I You If Then Flip Choose Search Draw Discard Put Shuffle Heal Attach Move Switch Look Reveal Each During Once As
This When Your At For Until Any All The A An Both It Its Their They That Play Count Turn Tell Return Prevent
""".split())
# Words of a name that are the tags printed after or before it ("Zacian V", "Mega Kangaskhan ex"): names' own.
NAME_TAG_WORDS = frozenset(("mega", "v", "vstar", "vmax", "gx", "ex"))


@functools.lru_cache(maxsize=None)
def term_words() -> frozenset:
    """The game's terms as tokens, its names' tags left out and "fossil" in: a bare name with one of them ("a Fossil",
    "a Technical Machine", "an Ancient card") could be a kind of card, not a name."""
    return frozenset(tokenize_cased(w)[0][0] for w in GAME_TERMS if tokenize_cased(w)[0]) - NAME_TAG_WORDS | {"fossil"}
