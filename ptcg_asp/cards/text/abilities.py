"""A Pokémon Ability's English text -> the Ability fields of the vocabulary (docs/vocabulary.md, `abilities`).

`translate_ability(text, name)` reads the sentences that say what kind of Ability it is and hands the rest to the
grammars that already exist:

    activated := "Once during your turn, [if C ,] [if this Pokémon is in the Active Spot ,] you may A."
               | "Once during your turn, [...] you may use this Ability." A...
               | "As often as you like during your turn, [...] you may A."
               | "During your turn, you may A. (You can't use more than 1 VSTAR Power in a game.)"   (vstar)
      with an optional cost: "You must discard / put X in order to use this Ability." / "you may discard X in order
      to use this Ability. A..." (X read as the Trainer step "Discard X." / "Put X ...")
    triggered := "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may A."
               | "Once during your turn, when you play this Pokémon from your hand to evolve 1 of your Pokémon,
                  you may use this Ability." A...                              (trigger: evolve_from_hand)
               | "When you play this Pokémon from your hand onto your Bench during your turn, you may A."
                                                                               (trigger: bench_from_hand)
    passive   := the Tool grammar's sentences (`passives.py`) with the holder said as "this Pokémon"
               | the same with the subject "your [F] Pokémon" (scope: mine), "If C, ..." (if), "If this Pokémon has
                 any / no Energy attached, it ..." (holder_energy / holder_no_energy)
               | damage prevention from F Pokémon, locks on a kind of Trainer card, checkup counters on the
                 opponent's Pokémon, "can't be Asleep", "Your Pokémon in play have no Weakness."
               | "your opponent's [Active] [F] Pokémon can't retreat / 's attacks cost {C} more" (scope: theirs),
                 "[If C,] this Pokémon can evolve during your first turn or the turn you play it" (early_evolution)
               | "As long as this Pokémon is in the Active Spot / on your Bench, S" (S's entries with that `while`)
               | "... for each of your opponent's Benched Pokémon / CARDS in your discard pile / {F} Energy attached to
                 it" (`per`); "You can't apply more than 1 NAME Ability at a time" (once_each, like "doesn't stack")

A (the effect) is read by the Trainer grammar (`translate("item", ...)`). There "this Pokémon" is the Ability's own
Pokémon: it is handed over as "your Active Pokémon" (as `attacks.py` does for the Attacking Pokémon) and every target
that comes back as that Pokémon becomes `{ref: self}`; anything else that came from it (a switch, a condition on
the Active Pokémon) is kept only when the Ability is used from the Active Spot, where the two are the same Pokémon.
Never a guess: a sentence no rule reads in full makes the Ability unsupported, with the sentence quoted.
"""
from __future__ import annotations

import json
import re
from typing import List, Optional, Tuple

from . import Translation
from .attacks import _attack_condition, _condition, _low
from .lexer import normalize, sentences

_POKEMON = r"Pok[eé]mon"
_THIS_ANY = re.compile(r"\b([Tt])his Pok[eé]mon\b")
_BEFORE = r"(?: \(before your attack\))?"   # older prints: always true of an Ability used during the turn
_ONCE = re.compile(rf"Once during your turn{_BEFORE}, (?P<rest>.+)")
_ONCE_FIRST = re.compile(r"Once during your first turn, (?P<rest>.+)")
_OFTEN = re.compile(rf"As often as you like during your turn{_BEFORE}, (?P<rest>.+)")
_VSTAR = re.compile(r"During your turn, (?P<rest>.+)")
_VSTAR_RULE = "(You can't use more than 1 VSTAR Power in a game.)"
_ACTIVE_IF = "if this Pokémon is in the Active Spot, "
_BENCH_IF = "if this Pokémon is on your Bench, "
# "switch it / this Pokémon with your Active Pokémon" (an Ability used from the Bench): `switch: {benched: self}`
_SWITCH_SELF = ("Switch it with your Active Pokémon.", "Switch this Pokémon with your Active Pokémon.")
_USE = "you may use this Ability."
_SHUFFLE_SELF = ("Shuffle it and all attached cards into your deck.",
                 "Shuffle this Pokémon and all attached cards into your deck.")
_SELF_KO = "If you use this Ability, this Pokémon is Knocked Out."
_IF_ACTIVE = "If this Pokémon is in the Active Spot, "
_EVOLVE = re.compile(rf"When you play this {_POKEMON} from your hand to evolve 1 of your {_POKEMON} during your "
                     r"turn, you may (?P<rest>.+)")
_BENCH = re.compile(r"When you play this Pokémon from your hand onto your Bench during your turn, you may "
                    r"(?P<rest>.+)")
# "[As long as this Pokémon is in the Active Spot, ]whenever you attach an Energy card from your hand to this Pokémon /
# 1 of your [F] Pokémon, BODY": an Ability triggered by attaching (X4), BODY read as a Stadium's attach trigger's
_ATTACH = re.compile(r"(?P<lead>As long as this Pokémon is in the Active Spot, w|W)henever you attach an Energy card "
                     r"from your hand to (?:(?P<self>this Pokémon)|1 of your (?P<f>(?:\S+ )*?)Pokémon), (?P<body>.+)")
_EVOLVE_ONCE = "when you play this Pokémon from your hand to evolve 1 of your Pokémon, you may use this Ability."
# "you may have each player draw a card" / "have your opponent shuffle ... and draw 3 cards": the player's steps said
# with that subject ("Each player draws a card."), the verbs put in the third person.
_HAVE = re.compile(r"Have (?P<who>each player|your opponent) (?P<rest>.+)")
_VERBS = ("draw", "shuffle", "reveal", "discard", "put", "search", "switch", "flip")
# "Make your opponent's Active Pokémon Burned." says what "Your opponent's Active Pokémon is now Burned." says.
_MAKE = re.compile(r"Make your opponent's Active Pokémon (Asleep|Burned|Confused|Paralyzed|Poisoned)\.")
_MUST = re.compile(r"You must (?P<cost>(?:discard|put) .+) in order to use this Ability\.")
_MAY_COST = re.compile(r"(?P<cost>discard .+?) in order to use this Ability\.")
_IF_ATTACKS = re.compile(r"If (?P<cond>[^,]+), (?P<rest>attacks used by this Pokémon do .+)")
# "[As long as this Pokémon is ...,] [Attacks used by] your / all of your / each of your [F] Pokémon [in play] ...":
# the reach of every Pokémon in play of the Ability's player (`scope: mine`), F read as the Tool grammar's holder
# filter.
# "... your [F] Pokémon [in play] that have [any] {M} Energy attached ...": only those with an attached card that
# provides that type of Energy (`holder_energy_type`).
# "... your [F] Pokémon [in play], except any NAME, ...": not those named NAME (`holder: {..., not: {name: NAME}}`).
_YOURS = re.compile(r"(?P<lead>As long as this Pokémon is (?:in the Active Spot|on your Bench), )?(?P<pre>[Aa]ttacks "
                    r"used by )?(?:[Aa]ll of your|[Ee]ach of your|[Yy]our) (?P<f>(?:[^,.]*? )?)Pokémon(?: in play)?"
                    r"(?: that have (?:any )?(?P<etype>\{[A-Z]\}) Energy attached)?"
                    r"(?:, except any (?P<except>[^,.]+),)?"
                    r"(?P<rest> (?:do|take|have|get) .+)")
_REACH_ENTRIES = ("damage_change", "hp_change", "retreat_change", "cost_change", "no_special_conditions",
                  "no_healing", "prevent_counters")
# "Whenever your opponent plays an Item or Supporter card ...": the Supporter sentence the Tool grammar reads, and the
# same protection from Item cards (one `protect` entry per kind of card).
_ITEM_OR_SUPPORTER = re.compile(r"Whenever your opponent plays an Item or Supporter card (?P<rest>from their hand, "
                                r"prevent all effects of that card done to this Pokémon\.)")
# "If this Pokémon has any Energy attached, it PREDICATE": the entry reaches it only while it has Energy attached.
# "If this Pokémon has any {D} Energy attached, it ...": only while an attached card provides that type
# (`holder_energy_type`).
# "If this Pokémon has any Special Energy / a Pokémon Tool / a NAME attached, it PREDICATE" (`holder_attached: FILTER`)
_HAS_CARD = re.compile(r"If this Pokémon has (?:any (?P<special>Special Energy)|an? (?P<named>[A-Z][^,.]*?)) attached, "
                       r"it (?P<pred>.+)")
_HAS_ENERGY = re.compile(r"If this Pokémon has (?P<any>any|no) (?:(?P<etype>\{[A-Z]\}) )?Energy attached, it (?P<pred>.+)")
# "[As long as this Pokémon is in the Active Spot,] your opponent can't play any K cards [or K cards] from their hand."
_LOCK = re.compile(r"(?P<lead>As long as this Pokémon is in the Active Spot, y|Y)our opponent can't play any "
                   r"(?P<kinds>[A-Za-zé ]+?) cards(?: or (?P<more>[A-Za-zé ]+?) cards)? from their hand\.")
_LOCK_KINDS = {"Item": "item", "Pokémon Tool": "tool", "Supporter": "supporter", "Stadium": "stadium",
               "Trainer": "trainer"}
# "This Pokémon can't be Asleep." (a lasting statement: it never has that Special Condition while it has the Ability,
# as Spiral Energy's "can't be Paralyzed, and if it is already Paralyzed, it recovers")
_CANT_BE = re.compile(r"This Pokémon can't be (?P<c>Asleep|Burned|Confused|Paralyzed|Poisoned)"
                      r"(?: or (?P<d>Asleep|Burned|Confused|Paralyzed|Poisoned))?\.")
# "[As long as this Pokémon is in the Active Spot,] [During Pokémon Checkup,] put N more damage counters on your
# opponent's Burned / Poisoned Pokémon [during Pokémon Checkup]." (`checkup_change` with `scope: theirs`)
_CHECKUP = re.compile(r"(?P<lead>As long as this Pokémon is in the Active Spot, )?(?P<pre>During Pokémon Checkup, )?"
                      r"(?P<verb>[Pp])ut (?P<n>\d+) more damage counters? on your opponent's (?P<c>Burned|Poisoned) "
                      r"Pokémon(?P<post> during Pokémon Checkup)?\.")
_PLACE = re.compile(r"\b([Pp])lace (\d+ damage counters? on)\b")
# Damp's two printed wordings: every Pokémon in play loses the Abilities that Knock Out their own Pokémon
# (`no_knock_out_abilities`; Cursed Blast's "If you use this Ability, this Pokémon is Knocked Out")
_DAMP = ("Pokémon in play (both yours and your opponent's) lose all Abilities that require those Pokémon to be Knocked "
         "Out.",
         "Pokémon in play (both yours and your opponent's) lose any Ability that requires the Pokémon using it to Knock "
         "Out itself.")
# "If any damage is done to this Pokémon by attacks, flip a coin." / "If this Pokémon [has any {D} Energy attached / is
# Confused] and is damaged by an attack, flip a coin." + "If heads, prevent that damage." (`damage_change` prevent with
# `coin`, from any attack; the holder's condition as a reach)
_COIN_GUARD = re.compile(r"If (?:any damage is done to this Pokémon by attacks|this Pokémon (?:has any (?P<etype>\{[A-Z]\}) "
                         r"Energy attached|is (?P<cond>Asleep|Burned|Confused|Paralyzed|Poisoned)) and is damaged by an "
                         r"attack), flip a coin\.")


_COIN_ENDURE = ("If this Pokémon would be Knocked Out by damage from an attack, flip a coin.",
                re.compile(r"If heads, this Pokémon is not Knocked Out, and its remaining HP becomes (?P<n>\d+)\."))


# "If your Active [F] Pokémon is damaged by an attack from your opponent's Pokémon (even if your Active [F] Pokémon /
# it is Knocked Out), B": the Tool grammar's reaction of its holder, reaching each of the player's Active Pokémon that
# fits (`scope: mine, reached: active`)
_YOUR_ACTIVE_DAMAGED = re.compile(r"If your Active (?P<f>(?:[^,.()]*? )?)Pokémon is damaged by an attack from your "
                                  r"opponent's Pokémon \(even if (?:your Active (?P=f)Pokémon|it) is Knocked Out\), "
                                  r"(?P<rest>.+)")


def _your_active_damaged(text: str) -> Optional[dict]:
    from . import translate
    m = _YOUR_ACTIVE_DAMAGED.fullmatch(text)
    if not m:
        return None
    t = translate("tool", f"If the {m.group('f')}Pokémon this card is attached to is in the Active Spot and is damaged "
                          f"by an attack from your opponent's Pokémon (even if it is Knocked Out), {m.group('rest')}")
    entries = t.fields.get("passive") if t.supported and set(t.fields) == {"passive"} else None
    if not entries or len(entries) != 1 or set(entries[0]) != {"when_damaged"}:
        raise _No(None)
    body = dict(entries[0]["when_damaged"])
    if "discard" in body or "scope" in body or body.get("while", "active") != "active":
        raise _No(None)
    body.pop("while", None)
    return {"kind": "passive", "passive": [{"when_damaged": {**body, "scope": "mine", "reached": "active"}}]}


def _coin_prevent(texts: List[str]) -> Optional[dict]:
    """The two-sentence coin Abilities: damage prevented on heads (`damage_change` with `coin`), or not Knocked Out on
    heads (`endure` with `coin`: "If this Pokémon would be Knocked Out by damage from an attack, flip a coin. If heads,
    this Pokémon is not Knocked Out, and its remaining HP becomes N."); None for any other text."""
    if texts[0] == _COIN_ENDURE[0]:
        n = _COIN_ENDURE[1].fullmatch(texts[1])
        if not n or int(n.group("n")) % 10 or int(n.group("n")) < 10:
            return None
        return {"kind": "passive", "passive": [{"endure": {"hp_left": int(n.group("n")), "coin": True}}]}
    m = _COIN_GUARD.fullmatch(texts[0])
    if not m or texts[1] != "If heads, prevent that damage.":
        return None
    body: dict = {"amount": "prevent", "step": "defender", "from": "any", "coin": True}
    if m.group("etype"):
        body.update(_energy_type(m.group("etype")))
    if m.group("cond"):
        body["holder_condition"] = m.group("cond").lower()
    return {"kind": "passive", "passive": [{"damage_change": body}]}


_NO_WEAKNESS = re.compile(rf"Your {_POKEMON}(?: in play)? have no Weakness\.")
# "[As long as this Pokémon is on your Bench / in the Active Spot,] prevent all damage from and effects of attacks from your
# opponent's Pokémon done to this Pokémon." (any Pokémon of the opponent's: a kind of Attacking Pokémon is not read, as
# `protect` has no filter on the attacker)
_DAMAGE_AND_EFFECTS = re.compile(r"(?:As long as this Pokémon is (?P<lead>on your Bench|in the Active Spot), p|P)revent "
                                 r"all damage from and effects of attacks from your opponent's Pokémon done to this "
                                 r"Pokémon\.")
_WHERE = {"on your Bench": "bench", "in the Active Spot": "active"}
# "As long as this Pokémon is in play, it is {F} and {P} type." (the Poké-Body `is_types`: its type is those types, DMG2)
_IS_TYPES = re.compile(r"As long as this Pokémon is in play, it is (?P<t>\{[A-Z]\}(?:(?:, | and |, and )\{[A-Z]\})+) "
                       r"type\.")


def _cond(text: str) -> Optional[dict]:
    """A condition of an Ability ("if this Pokémon has 2 or more damage counters on it", "if you have Solrock in
    play"): the attack grammar's conditions, those on this Pokémon (`self`: the Ability's Pokémon) and on the state;
    one on the Defending Pokémon is no Ability's (there is no attack)."""
    got = _attack_condition(_low(text))
    if got is None:
        got = _condition(text)
    return None if got is None or "defender" in got else got


class _No(Exception):
    """The text is not one of the Ability shapes (its sentences are unsupported). `args[0]` may be the sentences a
    grammar it was handed to did not read (a tuple): then only the printed sentences they come from are quoted."""


def _blame(printed: List[str], what) -> List[str]:
    """The printed sentences an Ability's refusal quotes: those a grammar's unread sentences (as handed over, with
    "this Pokémon" said otherwise, or the part after "you may") come from; all of them when that is not known."""
    if not isinstance(what, tuple) or not what:
        return list(printed)
    said = [(p, {normalize(p).lower(), normalize(_own(p)[0]).lower(), normalize(_holder_said(p)).lower()})
            for p in printed]
    out = []
    for p, forms in said:
        if any(any(f.endswith(normalize(u).lower()) for f in forms) for u in what):
            out.append(p)
    return out or list(printed)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plain(sents) -> List[str]:
    """The sentences as printed (normalized), the documented reminder texts left in (the grammars skip them)."""
    return [s.text for s in sents]


def _own(text: str) -> Tuple[str, bool]:
    """The text with "this Pokémon" said as "your Active Pokémon" for the Trainer grammar; whether it said it."""
    out = _THIS_ANY.sub(lambda m: ("Y" if m.group(1) == "T" else "y") + "our Active Pokémon", text)
    return out, out != text


def _walk_targets(value, found: list) -> None:
    """Turn every target that is "your Active Pokémon" into `{ref: self}` (in place); count them in `found`."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "target" and v == {"side": "me", "where": "active"}:
                value[k] = {"ref": "self"}
                found.append(k)
            else:
                _walk_targets(v, found)
    elif isinstance(value, list):
        for v in value:
            _walk_targets(v, found)


def _speaks_of_active(value) -> bool:
    """The data still names the Active Spot, or switches the Active Pokémon."""
    text = json.dumps(value, sort_keys=True)
    return '"active"' in text or '"switch"' in text


def _had(sentence: str) -> str:
    """"Have each player draw a card." -> "Each player draws a card." (only the verbs of the known steps, each the
    first word or after "and"); any other sentence as it is."""
    m = _HAVE.fullmatch(sentence)
    if not m:
        return sentence
    words = m.group("rest").split(" ")
    if words[0] not in _VERBS:
        return sentence
    out = [words[0] + ("es" if words[0].endswith(("sh", "ch")) else "s")]
    for prev, w in zip(words, words[1:]):
        out.append(w + ("es" if w.endswith(("sh", "ch")) else "s") if prev == "and" and w in _VERBS else w)
    return _cap(m.group("who")) + " " + " ".join(out)


_SEARCH_ONE = re.compile(r"Search your deck for (?P<x>a card|an? [^,.]+? card)\.")
_ON_TOP = "Shuffle your deck, then put that card on top of it."


def _on_top(texts: List[str]) -> List[str]:
    """"Search your deck for a card. Shuffle your deck, then put that card on top of it." says what the Trainer
    grammar's one sentence "Search your deck for a card, shuffle your deck, then put that card on top of it." says
    (the search `to: deck_top`)."""
    out: List[str] = []
    for s in texts:
        m = _SEARCH_ONE.fullmatch(out[-1]) if out and s == _ON_TOP else None
        if m:
            out[-1] = f"Search your deck for {m.group('x')}, shuffle your deck, then put that card on top of it."
        else:
            out.append(s)
    return out


_MOVE_TO_SELF = re.compile(r"Move (?P<what>an? [^,.]+? Energy|an Energy) from 1 of your other Pokémon to this Pokémon\.")


def _move_to_self(text: str) -> Optional[list]:
    """"Move [a F] Energy from 1 of your other Pokémon to this Pokémon." -> `move_attached` from one of the player's
    Pokémon onto the Ability's own (`to: {where: self}`; the Trainer grammar reads the Energy phrase, said as "from 1 of
    your Benched Pokémon to your Active Pokémon"), or None when it is not that sentence."""
    from . import translate
    m = _MOVE_TO_SELF.fullmatch(text)
    if not m:
        return None
    t = translate("item", f"Move {m.group('what')} from 1 of your Benched Pokémon to your Active Pokémon.")
    eff = t.fields.get("effect") if t.supported else None
    steps = eff.get("do") if isinstance(eff, dict) and set(eff) == {"do"} else None
    if not steps or len(steps) != 1 or set(steps[0]) != {"move_attached"}:
        raise _No((text,))
    body = dict(steps[0]["move_attached"])
    if body.get("target") != {"side": "me", "where": "bench"} or body.get("to") != {"where": "active"} or \
            body.get("count") != 1 or body.get("up_to"):
        raise _No((text,))
    return [{"move_attached": {**body, "target": {"side": "me"}, "to": {"where": "self"}}}]


def _effect(texts: List[str], active: bool) -> dict:
    """The EFFECT (`do`, optional `then`) of an Ability's effect sentences, read by the Trainer grammar."""
    from . import translate
    if len(texts) == 1 and _move_to_self(texts[0]) is not None:
        return {"do": _move_to_self(texts[0])}
    texts = ["Your turn ends." if s == "If you use this Ability, your turn ends." else s for s in texts]
    texts = [_MAKE.sub(r"Your opponent's Active Pokémon is now \1.", s) for s in texts]
    texts = [_had(s) for s in texts]
    texts = _on_top(texts)
    joined = " ".join(texts)
    if re.search(r"\bthis card\b|\bthis Ability\b", joined):
        raise _No(tuple(s for s in texts if re.search(r"\bthis card\b|\bthis Ability\b", s)))
    said, mine = _own(joined)
    if mine and re.search(r"\b[Yy]our Active Pok[eé]mon\b", joined):
        raise _No("'this Pokémon' and 'your Active Pokémon' in one effect")
    t = translate("item", said)
    if not t.supported:
        raise _No(tuple(t.unsupported))
    eff = t.fields.get("effect")
    if set(t.fields) != {"effect"}:
        raise _No("not only an effect")
    if isinstance(eff, list):
        eff = {"do": eff}
    if not isinstance(eff, dict) or not set(eff) <= {"do", "then"} or "do" not in eff:
        raise _No("not a plain effect")
    eff = json.loads(json.dumps(eff))
    if mine:
        _walk_targets(eff, [])
        # "this Pokémon" read as the Active Pokémon anywhere but as a target (a switch, a condition on the Active
        # Pokémon): the same Pokémon only when the Ability is used from the Active Spot
        if _speaks_of_active(eff) and not active:
            raise _No("'this Pokémon' in a part that is not a target")
    return eff


def _cost(text: str) -> list:
    """'discard X' / 'put X ...' of "in order to use this Ability" -> the cost steps (the Trainer step "Discard X." /
    "Put X ...."), "this Pokémon" in it the Ability's own (`{ref: self}`), as in the effect."""
    from . import translate
    said, mine = _own(_cap(text) + ".")
    if mine and re.search(r"\b[Yy]our Active Pok[eé]mon\b", text):
        raise _No(None)
    t = translate("item", said)
    eff = t.fields.get("effect") if t.supported else None
    if isinstance(eff, list):
        eff = {"do": eff}
    if not isinstance(eff, dict) or set(eff) != {"do"} or set(t.fields) != {"effect"}:
        raise _No(None)
    steps = json.loads(json.dumps(eff["do"]))
    if mine:
        _walk_targets(steps, [])
        if _speaks_of_active(steps):
            raise _No(None)
    return steps


def _activated(first: str, rest: List[str]) -> dict:
    """An activated Ability's fields from its leading sentence's words after the "Once during your turn, " (or
    "As often as you like ...") and its other sentences."""
    fields: dict = {"kind": "activated"}
    conds: list = []
    opening = (first,)     # what a refusal of the opening quotes (the printed sentence ends with it)
    if first.startswith(_ACTIVE_IF):
        fields["while"] = "active"
        first = first[len(_ACTIVE_IF):]
    elif first.startswith(_BENCH_IF):
        fields["while"] = "bench"
        first = first[len(_BENCH_IF):]
    if "while" in fields and first.startswith("and if "):
        # "if this Pokémon is on your Bench, and if C, you may ...": both must hold (the place, then C)
        first = first[len("and "):]
        if not re.fullmatch(r"if [^,]+, you may .+", first):
            raise _No(opening)
    m = re.fullmatch(r"if (?P<cond>[^,]+), (?P<rest>(?:and if [^,]+, )?you may .+)", first)
    while m:
        # "if C, [and if D,] you may ...": each a condition of the effect (all of them must hold, A1)
        cond = _cond(m.group("cond"))
        if cond is None:
            raise _No(opening)
        conds.append(cond)
        first = m.group("rest")
        if first.startswith((_ACTIVE_IF, _BENCH_IF)):
            raise _No(opening)
        m = re.fullmatch(r"and if (?P<cond>[^,]+), (?P<rest>you may .+)", first)
    cost: list = []
    if first == _USE:
        body = rest
    else:
        m = re.fullmatch(r"you may (?P<a>.+)", first)
        if not m:
            raise _No(opening)
        a = m.group("a")
        mc = _MAY_COST.fullmatch(a)
        if mc:
            cost = _cost(mc.group("cost"))
            body = rest
        else:
            body = [_cap(a)] + rest
    more_cost = [s for s in body if _MUST.fullmatch(s)]
    for s in more_cost:
        cost += _cost(_MUST.fullmatch(s).group("cost"))
    body = [s for s in body if not _MUST.fullmatch(s)]
    # "If you use this Ability, this Pokémon is Knocked Out." (the last sentence): whatever the rest does, the
    # Ability's Pokémon is then Knocked Out (`knock_out` on `{ref: self}`, ATK3), a step of the effect as printed
    knocked = len(body) > 1 and body[-1] == _SELF_KO
    if knocked:
        body = body[:-1]
    if not body:
        raise _No("no effect")
    guarded: list = []
    if "while" not in fields and len(body) > 1 and body[-1].startswith(_IF_ACTIVE):
        # "..., you may A. If this Pokémon is in the Active Spot, B." (the last sentence): B's steps, each guarded by
        # `when: {self: active}` (where the Ability's Pokémon is when it is used)
        guarded = _guarded_active(body[-1][len(_IF_ACTIVE):])
        body = body[:-1]
    if knocked or guarded:
        eff = _effect(body, fields.get("while") == "active")
        if set(eff) != {"do"} or (cost and knocked) or (knocked and guarded) or \
                (guarded and '"switch"' in json.dumps(eff)):
            raise _No((_SELF_KO,) if knocked else None)
        eff = {"do": eff["do"] + ([{"knock_out": {"target": {"ref": "self"}}}] if knocked else guarded)}
        fields["effect"] = _paid_effect(eff, cost, conds)
        return fields
    if len(body) == 1 and body[0] in _SHUFFLE_SELF:
        # "shuffle it / this Pokémon and all attached cards into your deck" (A2: the Pokémon, the cards under and
        # attached to it into the owner's deck, `pick_up` with `to: deck`, then the deck's shuffle), from wherever the
        # Ability is used
        eff = {"do": [{"pick_up": {"target": {"ref": "self"}, "to": "deck"}}, {"shuffle": "deck"}]}
        fields["effect"] = _paid_effect(eff, cost, conds)
        return fields
    if fields.get("while") == "bench" and body[0] in _SWITCH_SELF:
        # used from the Bench: "switch it with your Active Pokémon" (nothing after it is read)
        if len(body) != 1:
            raise _No(tuple(body[1:]))
        eff = {"do": [{"switch": {"benched": "self"}}]}
    else:
        # "this Pokémon" is read as a target only (`{ref: self}`), wherever the Ability is used from
        eff = _effect(body, fields.get("while") == "active")
    fields["effect"] = _paid_effect(eff, cost, conds)
    return fields


def _paid_effect(eff: dict, cost: list, conds: list):
    """An activated Ability's effect with its cost and conditions in front (a bare list of steps when it has none)."""
    if cost:
        eff = {"cost": cost, **eff}
    if conds:
        eff = {"condition": conds, **eff}
    return eff if set(eff) != {"do"} else eff["do"]


def _guarded_active(rest: str) -> list:
    """B of "If this Pokémon is in the Active Spot, B." -> its steps (the Trainer grammar's plain `do`, naming no
    Pokémon by place and not "this Pokémon", no "instead"), each with `when: {self: active}`."""
    if re.search(r"\binstead\b|\bthis Pok[eé]mon\b|\bActive\b|\bBench", rest):
        raise _No(None)
    eff = _effect([_cap(rest)], False)
    if set(eff) != {"do"} or any(not isinstance(s, dict) or len(s) != 1 or "when" in s or "may" in s or "flip" in s
                                 for s in eff["do"]):
        raise _No(None)
    return [{**s, "when": {"self": "active"}} for s in eff["do"]]


def _if_done_on(eff: dict) -> bool:
    """Every step of the `then` part is guarded by `if_done` on a step of the `do` part ("If you healed any damage in
    this way, ...")."""
    labels = {i.get("label") for i in eff["do"] if isinstance(i, dict)} - {None}
    # (a qualified `if_done` -- {step, onto / filter / either} -- is not a plain "if you did": no such reading)
    return bool(eff["then"]) and all(isinstance(i, dict) and isinstance(i.get("if_done"), str)
                                     and i.get("if_done") in labels for i in eff["then"])


def _triggered(body: List[str], trigger: str = "evolve_from_hand") -> dict:
    """An Ability that triggers when its Pokémon is played from the hand to evolve (or onto the Bench): "you may A"
    -> `may: A`. Played onto the Bench, the new Pokémon is in play on the Bench when A resolves: "this Pokémon" is
    it (`{ref: self}`, as a target only), and "switch it with your Active Pokémon" is `switch: {benched: self}`."""
    if trigger == "bench_from_hand" and body in (["Switch it with your Active Pokémon."],
                                                 ["Switch this Pokémon with your Active Pokémon."]):
        # played onto the Bench, "you may switch it with your Active Pokémon": the new Pokémon becomes the Active one
        return {"kind": "triggered", "trigger": trigger, "effect": [{"may": [{"switch": {"benched": "self"}}]}]}
    eff = _effect(body, False)
    if set(eff) == {"do", "then"} and _if_done_on(eff):
        # "you may A. If you healed any damage in this way, B": B only when A was done (T2), and as the step says
        return {"kind": "triggered", "trigger": trigger,
                "effect": [{"may": eff["do"], "if_you_do": eff["then"]}]}
    if set(eff) != {"do"}:
        raise _No("a triggered effect in more than one part")
    return {"kind": "triggered", "trigger": trigger, "effect": [{"may": eff["do"]}]}


def _holder_said(text: str) -> str:
    """An Ability's lasting sentence with its Pokémon said as a Tool's holder: "this Pokémon" -> "the Pokémon this
    card is attached to" (and "(even if this Pokémon is Knocked Out)" -> "(even if it is Knocked Out)", as Tools
    print it)."""
    text = re.sub(r"\(even if this Pok[eé]mon is Knocked Out\)", "(even if it is Knocked Out)", text)
    return _THIS_ANY.sub(lambda m: m.group(1) + "he Pokémon this card is attached to", text)


def _prevent(text: str) -> Optional[dict]:
    """"[As long as this Pokémon is in the Active Spot / on your Bench,] Prevent all damage [from attacks] done to this
    Pokémon by attacks from your opponent's [F] Pokémon." / "... done to this Pokémon by your opponent's [F]
    Pokémon." -> the entry `damage_change: {amount: prevent, step: defender, other: F}` (DMG4); "... by attacks
    (both yours and your opponent's)" -> `from: any`; or None."""
    from .lexer import tokenize_cased
    from .passives import _pokemon
    from .phrases import P
    low, printed = tokenize_cased(text.rstrip("."))
    p = P(low, printed)
    reach = _while_lead(p)
    if p.lit("prevent all damage done to this pokemon by attacks ( both yours and your opponent's )") and p.end():
        # every attack's damage, its own player's too (Old Amber's Hard Amber)
        return {"damage_change": {"amount": "prevent", "step": "defender", "from": "any", **reach}}
    if not p.lit("prevent all damage done to this pokemon by attacks from your opponent's",
                 "prevent all damage from attacks done to this pokemon by your opponent's"):
        return None
    other = p.attempt(_pokemon)
    if other is None or not p.end():
        return None
    return {"damage_change": {"amount": "prevent", "step": "defender", **reach, **({"other": other} if other else {})}}


def _while_lead(p) -> dict:
    """"As long as this Pokémon is in the Active Spot / on your Bench, ..." -> `{while: active | bench}`, else {}."""
    if p.lit("as long as this pokemon is in the active spot ,"):
        return {"while": "active"}
    if p.lit("as long as this pokemon is on your bench ,"):
        return {"while": "bench"}
    return {}


def _side_reach(text: str) -> Optional[list]:
    """The entries that reach the Pokémon of one side that are in one place (`scope: mine / theirs`, `reached`):
    "[As long as this Pokémon is ...,] Prevent all damage done to your Benched [F] Pokémon by attacks from your
    opponent's Pokémon." (DMG4), "Prevent all damage from and effects of attacks from your opponent's Pokémon done to
    your Benched Pokémon." (DMG4, A5: with `protect ... covers: [bench]`), "[As long as ...,] your [opponent's] Active
    [F] Pokémon's Retreat Cost is {C}.. less / more." (TU1); or None."""
    from .lexer import REMINDERS, tokenize_cased
    from .passives import _pokemon
    from .phrases import P
    for r in REMINDERS:
        if text.endswith(" " + r):
            text = text[:-len(r) - 1]
    low, printed = tokenize_cased(text.rstrip("."))
    p = P(low, printed)
    where = _while_lead(p)
    if p.lit("prevent all damage done to your benched"):
        flt = p.attempt(_pokemon)
        if flt is None or not p.lit("by attacks from your opponent's pokemon") or not p.end():
            return None
        return [{"damage_change": {"amount": "prevent", "step": "defender", "scope": "mine", "reached": "bench",
                                   **({"holder": flt} if flt else {}), **where}}]
    if not where and p.lit("prevent all damage from and effects of attacks from your opponent's pokemon done to your "
                           "benched pokemon") and p.end():
        return [{"damage_change": {"amount": "prevent", "step": "defender", "scope": "mine", "reached": "bench"}},
                {"protect": {"from": "attack", "covers": ["bench"]}}]
    start = p.i
    theirs = _opponents(p)
    if theirs is not None and p.lit("can't retreat") and p.end():
        # TU1: the retreat of a Pokémon reached is refused
        return [{"no_retreat": {"scope": "theirs", **theirs, **where}}]
    if theirs is not None and p.lit("'s attacks cost"):
        change = _symbols_change(p)
        return None if change is None else [{"cost_change": {"amount": change, "type": "colorless", "scope": "theirs",
                                                             **theirs, **where}}]
    p.i = start
    if p.lit("attacks used by"):
        theirs = _opponents(p)
        if theirs is None or not p.lit("cost"):
            return None
        change = _symbols_change(p)
        return None if change is None else [{"cost_change": {"amount": change, "type": "colorless", "scope": "theirs",
                                                             **theirs, **where}}]
    if p.lit("your opponent's active", "your active"):
        scope = "theirs" if p.toks[p.i - 2] == "opponent's" else "mine"
        flt = p.attempt(_pokemon)
        if flt is None or not p.lit("'s retreat cost is"):
            return None
        n = _symbols_change(p)
        if n is None:
            return None
        return [{"retreat_change": {"amount": n, "scope": scope, "reached": "active",
                                    **({"holder": flt} if flt else {}), **where}}]
    return None


def _opponents(p) -> Optional[dict]:
    """"your opponent's [Active] [F] Pokémon" -> the reach fields besides `scope: theirs` (`reached: active`,
    `holder: F`); None (the position restored) when the words are not that."""
    from .passives import _pokemon
    start = p.i
    if not p.lit("your opponent's"):
        return None
    active = bool(p.lit("active"))
    flt = p.attempt(_pokemon)
    if flt is None:
        p.i = start
        return None
    return {**({"reached": "active"} if active else {}), **({"holder": flt} if flt else {})}


def _symbols_change(p) -> Optional[int]:
    """"{C}{C} more" / "{C} less" at the end of the sentence -> +2 / -1; None otherwise."""
    n = 0
    while p.lit("{C}"):
        n += 1
    word = p.peek()
    if not n or word not in ("less", "more"):
        return None
    p.i += 1
    return (-n if word == "less" else n) if p.end() else None


# "[As long as this Pokémon is in the Active Spot,] [If C,] this Pokémon / it can evolve during your first turn or the
# turn you play it." (EV1's exception: `early_evolution`, with the lead's `while` and `if: C`)
_EARLY = re.compile(r"(?P<lead>As long as this Pokémon is in the Active Spot, it|(?:If (?P<cond>[^,]+), t|T)his "
                    r"Pokémon) can evolve during your first turn or the turn you play it\.")


def _early(text: str) -> Optional[dict]:
    m = _EARLY.fullmatch(text)
    if not m:
        return None
    body: dict = {"while": "active"} if m.group("lead").startswith("As long") else {}
    if m.group("cond"):
        cond = _cond(m.group("cond"))
        if cond is None or "self" in cond:
            raise _No(None)
        body["if"] = cond
    return {"kind": "passive", "passive": [{"early_evolution": body}]}


# "... for each Prize card your opponent has taken" / "... for each of your opponent's Benched Pokémon": the entry's
# `per` (an HP change, an attack bonus, a Colorless cost change)
_PERS = ((" for each Prize card your opponent has taken", "prizes_taken"),
         (" for each of your opponent's Benched Pokémon", "opponent_benched"))
_PER_ENERGY = re.compile(r" for each (?P<t>\{[A-Z]\}|[A-Z][a-z]+) Energy attached to (?:it|this Pokémon)(?=[ .])")
_TYPE_WORDS = {w.capitalize(): w for w in ("grass", "fire", "water", "lightning", "psychic", "fighting", "darkness",
                                             "metal", "dragon", "fairy")}
_PER_DISCARD = re.compile(r" for each (?P<what>[^,.]+?) in your discard pile(?=[ .])")


def _one_filter(words: str) -> dict:
    """A card phrase ("Kofu card", "Basic {F} Energy card") -> its one filter (it must name something)."""
    from .lexer import tokenize_cased
    from .phrases import P, cards
    from .lexer import normalize
    low, printed = tokenize_cased(normalize(words))
    p = P(low, printed)
    try:
        alts = cards(p)
    except Exception:
        raise _No(None) from None
    if len(alts) != 1 or not alts[0] or not p.end():
        raise _No(None)
    # a Pokémon card's kind or stage is not read here: the encodings' filter reads a card played as a Pokémon (a
    # fossil) as one, which it is not in the discard pile
    if alts[0].get("kind") == "pokemon" or {"stage", "has", "evolves_from"} & set(alts[0]):
        raise _No(None)
    return alts[0]
_NO_ATTACK_IF = re.compile(r"If (?P<cond>[^,]+), this Pokémon can't attack\.")
_NO_ATTACK_UNLESS = re.compile(r"This Pokémon can't attack unless (?P<cond>[^,]+)\.")


def _negated(cond: dict) -> Optional[dict]:
    """The opposite of a count condition with one bound ("you have 4 or more X in play" -> "3 or fewer"), or None."""
    if len(cond) != 1:
        return None
    (key, body), = cond.items()
    if key not in ("in_play", "prizes", "hand") or not isinstance(body, dict) or ("min" in body) == ("max" in body):
        return None
    if "min" in body:
        return None if body["min"] < 1 else {key: {**{k: v for k, v in body.items() if k != "min"},
                                                  "max": body["min"] - 1}}
    return {key: {**{k: v for k, v in body.items() if k != "max"}, "min": body["max"] + 1}}


def _no_attack(text: str) -> Optional[dict]:
    """"If C, this Pokémon can't attack." / "This Pokémon can't attack unless C." -> `no_attack: {if: C}` (C, or
    the opposite of C, a state condition); None when it is neither shape."""
    m = _NO_ATTACK_IF.fullmatch(text)
    n = _NO_ATTACK_UNLESS.fullmatch(text) if not m else None
    if not m and not n:
        return None
    cond = _cond((m or n).group("cond"))
    if cond is not None and n:
        cond = _negated(cond)
    if cond is None or "self" in cond:
        raise _No(None)
    return {"kind": "passive", "passive": [{"no_attack": {"if": cond}}]}


def _energy_type(symbol: str) -> dict:
    """`{holder_energy_type: TYPE}` for an Energy symbol ("{M}"); a symbol that is no type is not read."""
    from .phrases import SYMBOLS
    t = SYMBOLS.get(symbol)
    if t is None or t == "colorless":
        raise _No(None)
    return {"holder_energy_type": t}


def _except_name(holder: dict, name: str) -> dict:
    """A holder filter with "except any NAME": the filter and `not: {name: NAME}` (a filter that already says `not`
    or is a choice of filters, or a NAME with a game term but a name's tag, "except any Pokémon ex", is not read)."""
    from .lexer import term_words, tokenize_cased
    if "not" in holder or "any_of" in holder or not re.fullmatch(r"[A-Z][\w'.\- é]*", name) or \
            set(tokenize_cased(name)[0]) & term_words():
        raise _No(None)
    return {**holder, "not": {"name": name}}


def _either_holder(joined: str, mine: re.Match, pair: re.Match, more: List[str], name: str) -> dict:
    """The entries of "... your A Pokémon and B Pokémon ...": the sentence read once with each filter, the two
    readings the same but for their holder filter, which becomes either of the two."""
    start, end = mine.span("f")
    one = [_passive([joined[:start] + pair.group(k) + joined[end:]] + more, name) for k in ("a", "b")]
    a, b = (r["passive"] for r in one)
    if len(a) != len(b):
        raise _No(None)
    out = []
    for ea, eb in zip(a, b):
        (ka, ba), = ea.items()
        (kb, bb), = eb.items()
        ha, hb = ba.get("holder"), bb.get("holder")
        if ka != kb or not ha or not hb or "any_of" in ha or "any_of" in hb or ha == hb or \
                {k: v for k, v in ba.items() if k != "holder"} != {k: v for k, v in bb.items() if k != "holder"}:
            raise _No(None)
        out.append({ka: {**ba, "holder": {"any_of": [ha, hb]}}})
    return {"kind": "passive", "passive": out}


# "As long as this Pokémon is in the Active Spot / on your Bench, S": S read alone, each of its entries then working
# only while the Ability's Pokémon is there (`while`); the entries that take that reach, and a lock (whose `while`
# says the same).
_LEAD = re.compile(r"As long as this Pokémon is (?P<where>in the Active Spot|on your Bench), (?P<rest>.+)")
_WHILE_ENTRIES = _REACH_ENTRIES + ("no_retreat", "no_attack", "protect", "early_evolution")


def _passive(texts: List[str], name: str) -> dict:
    """A passive Ability: `_passive_said`, or, when it does not read a sentence with the lead "As long as this Pokémon
    is in the Active Spot / on your Bench, S", S read so and each entry given that `while`."""
    try:
        return _passive_said(texts, name)
    except _No as e:
        refused = e
    lead = _LEAD.fullmatch(texts[0])
    if not lead:
        raise refused
    rest = re.sub(r"^it\b", "this Pokémon", lead.group("rest"))
    try:
        got = _passive_said([_cap(rest)] + texts[1:], name)
    except _No:
        raise refused from None
    where = _WHERE[lead.group("where")]
    out = []
    for entry in got["passive"]:
        (key, body), = entry.items()
        if key == "lock" and body.get("while") == "in_play":
            out.append({key: {**body, "while": where}})
        elif key in _WHILE_ENTRIES and isinstance(body, dict) and "while" not in body:
            out.append({key: {**body, "while": where}})
        else:
            raise refused
    return {**got, "passive": out}


def _passive_said(texts: List[str], name: str) -> dict:
    """A passive Ability: the Tool grammar's lasting sentences with the holder said as "this Pokémon"."""
    from . import translate
    joined = " ".join(texts)
    if re.search(r"\bthis card\b|\bthis Ability\b", joined):
        raise _No("'this card' / 'this Ability'")
    types = _IS_TYPES.fullmatch(texts[0]) if len(texts) == 1 else None
    if types:
        from .phrases import SYMBOLS
        found = [SYMBOLS.get(t) for t in re.findall(r"\{[A-Z]\}", types.group("t"))]
        if None in found or len(set(found)) != len(found):
            raise _No(None)
        return {"kind": "passive", "passive": [{"is_types": sorted(found)}]}
    yours = _your_active_damaged(texts[0]) if len(texts) == 1 else None
    if yours is not None:
        return yours
    coin = _coin_prevent(texts) if len(texts) == 2 else None
    if coin is not None:
        return coin
    if len(texts) == 1 and texts[0] in _DAMP:
        return {"kind": "passive", "passive": [{"no_knock_out_abilities": True}]}
    if len(texts) == 1 and _NO_WEAKNESS.fullmatch(texts[0]):
        return {"kind": "passive", "passive": [{"no_weakness": {"side": "me"}}]}
    check = _CHECKUP.fullmatch(texts[0]) if len(texts) == 1 else None
    if check and bool(check.group("pre")) != bool(check.group("post")) and \
            (check.group("verb") == "P") == (not check.group("lead") and not check.group("pre")):
        body = {"condition": check.group("c").lower(), "counters": int(check.group("n")), "scope": "theirs"}
        if check.group("lead"):
            body["while"] = "active"
        return {"kind": "passive", "passive": [{"checkup_change": body}]}
    cant = _CANT_BE.fullmatch(texts[0]) if len(texts) == 1 else None
    if cant:
        conds = sorted({cant.group("c").lower(), (cant.group("d") or cant.group("c")).lower()})
        return {"kind": "passive", "passive": [{"no_special_conditions": {"conditions": conds}}]}
    lock = _LOCK.fullmatch(texts[0]) if len(texts) == 1 else None
    if lock:
        kinds = [lock.group("kinds")] + ([lock.group("more")] if lock.group("more") else [])
        if any(k not in _LOCK_KINDS for k in kinds):
            raise _No(None)
        where = "active" if lock.group("lead") != "Y" else "in_play"
        return {"kind": "passive", "passive": [{"lock": {"plays": _LOCK_KINDS[k], "players": "opp", "while": where}}
                                               for k in kinds]}
    both = _DAMAGE_AND_EFFECTS.fullmatch(texts[0]) if len(texts) == 1 else None
    if both:
        # damage (DMG4) and effects (A5) of the opponent's attacks, while the Pokémon is where the lead says
        where = {"while": _WHERE[both.group("lead")]} if both.group("lead") else {}
        return {"kind": "passive", "passive": [
            {"damage_change": {"amount": "prevent", "step": "defender", **where}},
            {"protect": {"from": "attack", "covers": ["self"], **where}}]}
    card = _HAS_CARD.fullmatch(texts[0]) if len(texts) == 1 else None
    if card:
        # "If this Pokémon has any Special Energy / a Pokémon Tool / a NAME attached, it PREDICATE": the predicate's
        # entries, each reaching this Pokémon only while a card that fits is attached to it (`holder_attached`)
        flt = _one_filter((card.group("special") or card.group("named")) + " card")
        got = _passive_said(["This Pokémon " + card.group("pred")], name)
        out = []
        for entry in got["passive"]:
            (key, body), = entry.items()
            if key not in _REACH_ENTRIES or not isinstance(body, dict) or "holder_attached" in body or \
                    body.get("scope", "holder") != "holder":
                raise _No("a reach the entry does not take")
            out.append({key: {**body, "holder_attached": flt}})
        return {"kind": "passive", "passive": out}
    early = _early(texts[0]) if len(texts) == 1 else None
    if early is not None:
        return early
    never = _no_attack(texts[0]) if len(texts) == 1 else None
    if never is not None:
        return never
    side = _side_reach(texts[0]) if len(texts) == 1 else None
    if side is not None:
        return {"kind": "passive", "passive": side}
    if len(texts) == 1 and _prevent(texts[0]) is not None:
        return {"kind": "passive", "passive": [_prevent(texts[0])]}
    cond = None
    m = _IF_ATTACKS.fullmatch(joined)
    if m and len(texts) == 1:
        # "If C, attacks used by this Pokémon do N more damage ...": the bonus while C holds for its player (who is
        # the attacking player when the bonus counts)
        cond = _cond(m.group("cond"))
        if cond is None:
            raise _No((texts[0],))
        joined = _cap(m.group("rest"))
    # "The effect of NAME doesn't stack." / "You can't apply more than 1 NAME Ability at a time." (NAME this
    # Ability's name): however many Pokémon in play have it, the entry works once (`once_each`)
    stacks = (f"The effect of {name} doesn't stack.", f"You can't apply more than 1 {name} Ability at a time.")
    stack = texts[1] if len(texts) == 2 and texts[1] in stacks else stacks[0]
    once = len(texts) == 2 and texts[1] in stacks
    if once:
        joined = texts[0]
    mine = _YOURS.fullmatch(joined) if len(texts) == 1 or once else None
    if mine and re.search(r"opponent|Active|Bench", mine.group("f")):
        mine = None
    pair = re.fullmatch(r"(?P<a>[^,.]+? )Pokémon and (?P<b>[^,.]+? )", mine.group("f")) if mine else None
    if pair:
        # "your {G} Pokémon and {R} Pokémon": each of the player's Pokémon that is either (`holder: {any_of: ...}`)
        return _either_holder(joined, mine, pair, texts[1:], name)
    if mine:
        # the predicate as the Tool grammar reads it of its holder; the reach is then every Pokémon of the player
        pre = mine.group("pre") or ""
        holder = f"the {mine.group('f')}Pokémon this card is attached to"
        lead = mine.group("lead") or ""
        joined = lead + (_cap(pre) + holder if not lead else pre + holder) + mine.group("rest")
        if not lead:
            joined = _cap(joined)
    elif once:
        # the limit is read only of that reach: it is what stops the Ability when its entry reads without it
        try:
            _passive(texts[:1], name)
        except _No:
            raise _No(None)
        raise _No((stack,))
    both = _ITEM_OR_SUPPORTER.fullmatch(joined) if len(texts) == 1 else None
    if both:
        joined = "Whenever your opponent plays a Supporter card " + both.group("rest")
    energy = _HAS_ENERGY.fullmatch(joined) if len(texts) == 1 and not mine else None
    if energy:
        joined = "This Pokémon " + energy.group("pred")
    per = None
    for words, kind in _PERS:
        if words in joined and not (mine or both or energy) and cond is None and per is None:
            # the entry read without the words, `per: KIND`
            joined, per = joined.replace(words, "", 1), kind
    attached = _PER_ENERGY.search(joined) if not (mine or both or energy) and cond is None and per is None else None
    if attached:
        # "... for each {F} Energy attached to it / this Pokémon": `per: {energy_attached: TYPE}`
        from .phrases import SYMBOLS
        kind = SYMBOLS.get(attached.group("t")) or _TYPE_WORDS.get(attached.group("t"))
        if kind is None or kind == "colorless":
            raise _No(None)
        per = {"energy_attached": kind}
        joined = joined[:attached.start()] + joined[attached.end():]
    pile = _PER_DISCARD.search(joined) if not (mine or both or energy) and cond is None and per is None else None
    if pile:
        # "... for each CARDS in your discard pile": `per: {discard: FILTER}` (CARDS read by the card phrase grammar)
        per = {"discard": _one_filter(pile.group("what"))}
        joined = joined[:pile.start()] + joined[pile.end():]
    t = translate("tool", _holder_said(joined))
    if not t.supported or set(t.fields) != {"passive"}:
        raise _No(tuple(t.unsupported) if not (mine or both or energy or per) else None)
    if per:
        out = []
        for entry in t.fields["passive"]:
            (key, body), = entry.items()
            if key not in ("hp_change", "damage_change", "cost_change") or not isinstance(body, dict) or "per" in body or \
                    (key == "damage_change" and body.get("step") != "attacker") or body.get("amount") == "prevent" or \
                    (key == "cost_change" and body.get("type") != "colorless"):
                raise _No("an entry that takes no count")
            out.append({key: {**body, "per": per}})
        return {"kind": "passive", "passive": out}
    if both:
        entries = t.fields["passive"]
        if [list(e) for e in entries] != [["protect"]] or entries[0]["protect"].get("from") != "supporter":
            raise _No("not one protection from Supporter cards")
        body = entries[0]["protect"]
        return {"kind": "passive", "passive": [{"protect": {**body, "from": "item"}}, {"protect": body}]}
    if energy:
        out = []
        if energy.group("etype") and energy.group("any") != "any":
            raise _No(None)     # "has no {D} Energy attached": no reach says it
        for entry in t.fields["passive"]:
            (key, body), = entry.items()
            flag = "holder_energy" if energy.group("any") == "any" else "holder_no_energy"
            if key not in _REACH_ENTRIES or not isinstance(body, dict) or \
                    {"holder_energy", "holder_no_energy", "holder_energy_type"} & set(body):
                raise _No("a reach the entry does not take")
            out.append({key: {**body, **(_energy_type(energy.group("etype")) if energy.group("etype")
                                         else {flag: True})}})
        return {"kind": "passive", "passive": out}
    if mine:
        out = []
        for entry in t.fields["passive"]:
            (key, body), = entry.items()
            if key not in _REACH_ENTRIES or not isinstance(body, dict) or "scope" in body or \
                    (mine.group("etype") and "holder_energy_type" in body):
                raise _No("a reach the entry does not take")
            if mine.group("except"):
                body = {**body, "holder": _except_name(body.get("holder") or {}, mine.group("except"))}
            out.append({key: {**body, "scope": "mine", **({"once_each": True} if once else {}),
                              **(_energy_type(mine.group("etype")) if mine.group("etype") else {})}})
        return {"kind": "passive", "passive": out}
    for entry in t.fields["passive"]:
        for body in entry.values():
            # a Tool's own "discard this card" / a Special Energy's per-copy rule: not an Ability's
            if isinstance(body, dict) and ({"discard", "once_each"} & set(body)):
                raise _No("a card's own rule")
    if cond is not None:
        entries = t.fields["passive"]
        if any(set(e) != {"damage_change"} or e["damage_change"].get("step") != "attacker" or "if" in e["damage_change"]
               for e in entries):
            raise _No("a condition on more than an attack bonus")
        return {"kind": "passive", "passive": [{"damage_change": {**e["damage_change"], "if": cond}} for e in entries]}
    return {"kind": "passive", "passive": t.fields["passive"]}


def _attach_triggered(m: re.Match, rest: List[str]) -> dict:
    """"[As long as this Pokémon is in the Active Spot, ]whenever you attach an Energy card from your hand to this
    Pokémon / 1 of your [F] Pokémon, BODY": `trigger: attach_from_hand` (X4), with `trigger_any` (and F as
    `trigger_to`) when any of the player's Pokémon is meant, and `while: active` with the lead. BODY is read by the
    Stadium attach trigger's grammar (stadiums.attach_trigger), "that Pokémon" / "it" the Pokémon attached to
    (`{ref: self}` when the trigger's effect runs); a BODY naming a player, or "this Pokémon" when another Pokémon is
    attached to, is not read."""
    from . import translate
    if rest:
        raise _No(tuple(rest[:1]))
    body, mine = m.group("body"), m.group("self") is not None
    if mine:
        # "it" / "this Pokémon" is the Pokémon the Energy was attached to: this one
        if body.startswith("it "):
            body = "that Pokémon " + body[3:]
        body = re.sub(r" from it\.$", " from that Pokémon.", body).replace("this Pokémon", "that Pokémon")
    elif "this Pokémon" in body:
        raise _No("this Pokémon, besides the Pokémon attached to")
    text = f"Whenever any player attaches an Energy card from their hand to 1 of their {m.group('f') or ''}Pokémon, {body}"
    t = translate("stadium", text)
    if t.unsupported or set(t.fields) != {"attach_trigger"} or (mine and "holder" in t.fields["attach_trigger"]):
        raise _No(None)
    at = t.fields["attach_trigger"]
    fields = {"kind": "triggered", "trigger": "attach_from_hand"}
    if not mine:
        fields["trigger_any"] = True
        if "holder" in at:
            fields["trigger_to"] = at["holder"]
    if m.group("lead") != "W":
        fields["while"] = "active"
    return {**fields, "effect": at["effect"]}


def _first_turn(fields: dict) -> dict:
    """The fields with the effect's condition `{turn: first}` added ("Once during your first turn, ...", A1)."""
    eff = fields["effect"]
    eff = {"do": eff} if isinstance(eff, list) else dict(eff)
    eff = {"condition": [{"turn": "first"}] + list(eff.get("condition", [])), **{k: v for k, v in eff.items()
                                                                               if k != "condition"}}
    return {**fields, "effect": eff}


def _fields(texts: List[str], name: str) -> dict:
    limits = (f"You can't use more than 1 {name} Ability each turn.",
              f"You can't use more than 1 {name} Ability during your turn.")
    limit = texts[-1] if texts and texts[-1] in limits else limits[0]
    if name and len(texts) > 1 and texts[-1] == limit:
        # the limit is the player's, across every Pokémon with an Ability of this name (TU1): an activated Ability's
        fields = _fields(texts[:-1], name)
        # an activated Ability, or one triggered by playing its Pokémon onto the Bench (Crobat V's Dark Asset): once any
        # of the player's Pokémon used an Ability of that name this turn, it does not happen (TU1)
        if fields.get("kind") != "activated" and fields.get("trigger") != "bench_from_hand":
            raise _No((limit,))
        return {**fields, "once_per_turn_by_name": True}
    first, rest = texts[0], texts[1:]
    m = _ONCE.fullmatch(first)
    if m:
        r = m.group("rest")
        if r.startswith("when "):
            if r != _EVOLVE_ONCE:
                raise _No((first,))
            return {**_triggered(rest), "once_per_turn": True}
        return {**_activated(r, rest), "once_per_turn": True}
    m = _ONCE_FIRST.fullmatch(first)
    if m and not m.group("rest").startswith("when "):
        # "Once during your first turn, you may A": once per turn, and only during the player's first turn (A1)
        return _first_turn({**_activated(m.group("rest"), rest), "once_per_turn": True})
    m = _OFTEN.fullmatch(first)
    if m:
        return _activated(m.group("rest"), rest)
    m = _EVOLVE.fullmatch(first)
    if m:
        return _triggered([_cap(m.group("rest"))] + rest)
    m = _BENCH.fullmatch(first)
    if m:
        return _triggered([_cap(m.group("rest"))] + rest, "bench_from_hand")
    if _MUST.fullmatch(first) and rest:
        m = _ONCE.fullmatch(rest[0])
        if m and not m.group("rest").startswith("when "):
            return {**_activated(m.group("rest"), [first] + rest[1:]), "once_per_turn": True}
        raise _No(tuple(rest[:1]))
    m = _ATTACH.fullmatch(first)
    if m:
        return _attach_triggered(m, rest)
    m = _VSTAR.fullmatch(first)
    if m and texts[-1].endswith(_VSTAR_RULE):
        last = texts[-1][:-len(_VSTAR_RULE)].rstrip()
        body = texts[:-1] + [last]
        body[0] = m.group("rest")
        return {**_activated(body[0], body[1:]), "vstar": True}
    return _passive(texts, name)


def opening(text: str) -> dict:
    """What an Ability's opening alone says of its kind, when it says it for certain: `{kind: activated}` ("Once
    during your turn, you may ...", "As often as you like during your turn, ...", a VSTAR Power: it does nothing until
    declared) or `{kind: triggered, trigger: ...}` ("When you play this Pokémon from your hand to evolve ... / onto
    your Bench ...": it does something only when its card is played so); `{}` otherwise. Kept on an untranslated
    Ability, so that its Pokémon in play stops no verdict on the actions it cannot take part in (cards/unsupported.py)."""
    sents, _ = sentences(text)
    texts = [normalize(s) for s in _plain(sents)]
    if not texts:
        return {}
    first = texts[0]
    m = _ONCE.fullmatch(first)
    if m:
        rest = m.group("rest")
        if rest == _EVOLVE_ONCE:
            return {"kind": "triggered", "trigger": "evolve_from_hand"}
        return {} if rest.startswith("when ") else {"kind": "activated"}
    m = _ONCE_FIRST.fullmatch(first)
    if m and not m.group("rest").startswith("when "):
        return {"kind": "activated"}
    if _OFTEN.fullmatch(first) or (_VSTAR.fullmatch(first) and texts[-1].endswith(_VSTAR_RULE)):
        return {"kind": "activated"}
    if _MUST.fullmatch(first) and len(texts) > 1:
        m = _ONCE.fullmatch(texts[1])
        return {"kind": "activated"} if m and not m.group("rest").startswith("when ") else {}
    if _EVOLVE.fullmatch(first):
        return {"kind": "triggered", "trigger": "evolve_from_hand"}
    if _BENCH.fullmatch(first):
        return {"kind": "triggered", "trigger": "bench_from_hand"}
    return {}


def translate_ability(text: str, name: str = "") -> Translation:
    """The Ability fields (`kind`, `once_per_turn`, `while`, `trigger`, `vstar`, `effect`, `passive`) for an Ability's
    English text, or its untranslated sentences (all of them: an Ability is read as a whole). `name`: the Ability's
    name (unused by the shapes; kept for the interface and the check)."""
    sents, skipped = sentences(text)
    if not sents:
        return Translation(unsupported=(text,) if text.strip() else ("(no text)",), skipped=skipped)
    # "place N damage counters on" says what "put N damage counters on" says (the grammars read "put")
    texts = [_PLACE.sub(lambda m: ("P" if m.group(1) == "P" else "p") + "ut " + m.group(2), normalize(s))
             for s in _plain(sents)]
    try:
        fields = _fields(texts, name)
    except _No as e:
        return Translation(unsupported=tuple(_blame([s.text for s in sents], e.args[0] if e.args else None)),
                           skipped=skipped)
    if check_ability(name or "Ability", fields) is not None:
        return Translation(unsupported=tuple(s.text for s in sents), skipped=skipped)
    return Translation(fields=fields, skipped=skipped)


def check_ability(name: str, fields: dict) -> Optional[str]:
    """None when the library's own reader accepts a Pokémon with this Ability, else its error."""
    from ...read import yamlsrc
    from ...read.errors import InputError
    from ..schema import parse_cards
    from .yamlout import flow
    card = {"name": "Card", "kind": "pokemon", "stage": "basic", "hp": 100, "types": ["colorless"], "retreat": 1,
            "abilities": [{"name": name, **fields}]}
    try:
        parse_cards(yamlsrc.parse(flow([card]), "<translation>"), "<translation>", "cards")
    except InputError as e:
        return str(e)
    return None
