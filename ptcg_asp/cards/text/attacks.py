"""A Pokémon attack's English effect text -> the attack fields of the vocabulary (docs/vocabulary.md).

`translate_attack(text, attack, damage, damage_mod)` reads an attack's sentences one by one. Sentences
about the attack itself (coin flips and what the heads count, damage to itself or to the Bench, Special
Conditions, Energy discarded from this Pokémon, healing it, lasting effects on it or on the Defending
Pokémon, switching it) are read here; any other run of sentences (draw, search, "Then, shuffle your
deck.") is read by the Trainer grammar (`translate("item", ...)`) and kept only when it gives plain steps.
Never a guess: a sentence no rule reads in full makes the attack unsupported, with the sentence quoted.

Fields given: `effect` (a list of EFFECT items, done after the damage) and `damage_times` (what an
"x" / "+" printed damage counts); the printed `damage_mod` must agree with what the text says.
"""
from __future__ import annotations

import copy
import re
from typing import List, Optional

from . import Translation
from .lexer import normalize, sentences

_SYMBOLS = {"{G}": "grass", "{R}": "fire", "{W}": "water", "{L}": "lightning", "{P}": "psychic", "{F}": "fighting",
            "{D}": "darkness", "{M}": "metal", "{N}": "dragon", "{Y}": "fairy"}
# An Energy type as a word ("for each Metal Energy attached", older texts) or as a symbol ("{M}").
_TYPE_WORDS = "(?:grass|fire|water|lightning|psychic|fighting|darkness|metal|fairy|dragon)"
_CONDITIONS = ("asleep", "burned", "confused", "paralyzed", "poisoned")
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
# Sentences that speak of the attack or its Pokémon: never handed to the Trainer grammar (there "this card"
# and "your Active Pokémon" mean other things).
_OWN = re.compile(r"this pok[eé]mon|this attack|defending|attacking|itself|heads|tails|coin", re.I)


_THIS = re.compile(r"\bthis Pok[eé]mon\b")



# "This attack does N (more) damage for each X" where X is one of the state's fixed counts: (the sentence, the count).
_FIXED_COUNTS = (
    (r"this attack does (\d+) (more )?damage for each benched pokemon \(both yours and your opponent's\)",
     lambda m: {"benched": "any"}),
    (r"this attack does (\d+) (more )?damage for each of (your|your opponent's) benched pokemon",
     lambda m: {"benched": "me" if m.group(3) == "your" else "opp"}),
    # the Defending Pokémon's Retreat Cost (each {C} in it), as passive effects change it (TU1)
    (r"this attack does (\d+) (more |less )?damage for each (?:\{c\}|colorless) in your opponent's active pokemon's "
     r"retreat cost", lambda m: {"retreat": "defender"}),
    # the Special Conditions affecting this Pokémon / the Defending Pokémon when the attack is used (SC1)
    (r"this attack does (\d+) (more )?damage for each special condition affecting (this pokemon|your opponent's active "
     r"pokemon|the defending pokemon)", lambda m: {"conditions": "self" if m.group(3) == "this pokemon" else "defender"}),
)

class _Sent:
    """A sentence handed to the Trainer grammar (its text, perhaps with "this Pokémon" said as the Active)."""

    def __init__(self, text: str, printed: str):
        self.text = text          # what the Trainer grammar reads
        self.printed = printed    # the sentence as printed (quoted when it is not read)


class _No(Exception):
    """The sentence is not one of the attack sentence shapes."""


def _n(word: str) -> int:
    w = word.lower()
    if w.isdigit():
        return int(w)
    if w in _WORDS:
        return _WORDS[w]
    raise _No(word)


def _energy_type(word: str, sentence: str) -> str:
    """"{W}" or "water" -> the type's name."""
    if word.startswith("{"):
        if word.upper() not in _SYMBOLS:
            raise _No(sentence)
        return _SYMBOLS[word.upper()]
    return word


def _conditions(s: str) -> List[str]:
    """"Confused" / "Burned and Poisoned" / "Asleep, Burned, and Poisoned" -> the condition names."""
    parts = [p.strip().lower() for p in re.split(r",\s*and\s+|,\s*|\s+and\s+", s)]
    if not parts or any(p not in _CONDITIONS for p in parts) or len(set(parts)) != len(parts):
        raise _No(s)
    return parts


class _Reader:
    """The attack's sentences read so far: its EFFECT items, what its damage counts, its last flip."""

    def __init__(self, attack: str, damage: int, mod: Optional[str]):
        self.attack, self.damage, self.mod = attack, damage, mod
        self.items: list = []
        self.times: Optional[dict] = None
        self.flip: Optional[dict] = None      # the last `flip` body (coins, heads steps)
        self.ignores: list = []               # DMG1 steps the attack's damage skips ("isn't affected by ...")
        self.before: list = []                # steps before the damage (ATK3: "Before doing damage, ...")
        self.conditions: list = []            # A1: when the attack can be used
        self.first_turn = False               # TU2 lifted ("you can use this attack during your first turn")
        self.smoke = ""                       # "pending": the first of the two Smokescreen sentences was read
        self.pick = ""                        # "pending": "Choose a random card from your opponent's hand." was read
        self.bonus: Optional[int] = None      # "You may do N more damage." read, its "If you do, STEP." to follow
        self.printed = ""                     # the sentence being read, as printed (for card names)
        self.last: Optional[list] = None      # the steps of the branch read last ("If heads, ..." / "If you do, ...")
        self.per = False                      # a damage (counters) step counts with `damage_times` (`per`)
        self.pending = False                  # sentences for the Trainer grammar wait before this one (their run)
        self.chosen: Optional[tuple] = None   # "Choose 1 of your opponent's (Benched) Pokémon.": (its words, as printed,
        #                                       the steps the next sentence about "that Pokémon" joins), until read

    # ---- steps that may also stand after "If heads," ----------------------------------------------
    def one_step(self, s: str) -> list:
        """One clause that is a step of the attack's effect (also after "If heads, ")."""
        m = re.fullmatch(r"this pokemon (?:also )?does (\d+) damage to itself", s)
        if m:
            return [{"damage": {"amount": int(m.group(1)), "target": {"ref": "self"}}}]
        m = re.fullmatch(r"your opponent's active pokemon is now (.+)", s)
        if m:
            return [{"inflict": {"condition": c}} for c in _conditions(m.group(1))]
        if s == "this pokemon recovers from all special conditions":
            return [{"cure": {"target": {"ref": "self"}}}]
        m = re.fullmatch(r"both active pokemon are now (.+)", s)
        if m:
            # SC1 on the opponent's Active Pokémon and on this Pokémon (the attacker, the player's Active)
            conds = _conditions(m.group(1))
            return [{"inflict": {"condition": c}} for c in conds] + \
                [{"inflict": {"condition": c, "target": {"ref": "self"}}} for c in conds]
        if s == "if your opponent has a stadium in play, discard it":
            # the Stadium in play, only if it is the opponent's (a move from the opponent's Stadium spot), as far as
            # it can be
            return [{"move": {"from": "stadium", "to": "discard", "count": 1}, "player": "opp", "if_possible": True}]
        m = re.fullmatch(r"during your next turn, the defending pokemon takes (\d+) more damage from attacks \(after "
                         r"applying weakness and resistance\)", s)
        if m:
            # DMG1 step 5: a lasting effect on the opponent's Active Pokémon through the player's next turn
            return [{"modifier": {"name": self.attack, "lasts": "next_turn", "target": {"side": "opp", "where": "active"},
                                  "step": "defender", "damage_change": int(m.group(1))}}]
        m = re.fullmatch(r"this pokemon is now (.+)", s)
        if m:
            # SC1 on the attacker itself ("This Pokémon is now Asleep.")
            return [{"inflict": {"condition": c, "target": {"ref": "self"}}} for c in _conditions(m.group(1))]
        m = re.fullmatch(r"discard (an|\d+|all) energy from this pokemon", s)
        if m:
            count = "all" if m.group(1) == "all" else _n(m.group(1))
            return [{"discard_attached": {"target": {"ref": "self"}, "filter": {"kind": "energy"}, "count": count}}]
        m = re.fullmatch(r"discard (an|\d+) energy from your opponent's active pokemon", s)
        if m:
            return [{"discard_attached": {"target": {"side": "opp", "where": "active"}, "filter": {"kind": "energy"},
                                          "count": _n(m.group(1))}}]
        m = re.fullmatch(r"put (\d+) damage counters on your opponent's (benched )?pokemon in any way you like", s)
        if m:
            where = {"side": "opp", "where": "bench"} if m.group(2) else {"side": "opp"}
            return [{"damage_counters": {"count": int(m.group(1)), "target": where, "spread": True}}]
        m = re.fullmatch(r"put damage counters on (your opponent's active pokemon|1 of your opponent's (?:benched )?pokemon|"
                         r"each of your opponent's (?:benched )?pokemon) until its remaining hp is (\d+)", s)
        if m and self.damage == 0 and self.mod is None and not self.before and "damage" not in repr(self.items):
            # DMG3: as many damage counters as leave that Pokémon N HP (none if it has N or less); the attack does no
            # other damage before it, so its HP left is the state's
            what = m.group(1)
            target = {"side": "opp", **({"where": "active"} if what.endswith("active pokemon") else
                                        {"where": "bench"} if "benched" in what else {}),
                      **({"each": True} if what.startswith("each") else {})}
            return [{"damage_counters": {"count": {"until_hp": int(m.group(2))}, "target": target}}]
        if s == "heal from this pokemon the same amount of damage you did to your opponent's active pokemon":
            # Q6: the damage the attack's damage did to the Defending Pokémon (`dealt`)
            return [{"heal": {"amount": "dealt", "target": {"ref": "self"}}}]
        m = re.fullmatch(r"heal (\d+) damage from this pokemon", s)
        if m:
            return [{"heal": {"amount": int(m.group(1)), "target": {"ref": "self"}}}]
        m = re.fullmatch(r"this attack (?:also )?does (\d+) damage to (1|2) of your opponent's (benched )?pokemon", s)
        if m:
            where = {"side": "opp", "where": "bench"} if m.group(3) else {"side": "opp"}
            amount = int(m.group(1))
            if m.group(2) == "1":
                return [{"damage": {"amount": amount, "target": where}}]
            return [{"damage": {"amount": amount, "target": where}, "label": "first"},
                    {"damage": {"amount": amount, "target": {**where, "after": "first"}}}]
        m = re.fullmatch(r"this attack does (\d+) damage to each of your opponent's pokemon", s)
        if m and self.damage == 0 and self.mod is None:
            # the Active and each Benched Pokémon of the opponent, one hit each (DMG2: Weakness and Resistance only
            # for the Active Pokémon); the printed damage is none
            return [{"damage": {"amount": int(m.group(1)), "target": {"side": "opp", "each": True}}}]
        m = re.fullmatch(r"this attack also does (\d+) damage to each of (your|your opponent's) benched pokemon", s)
        if m:
            side = "me" if m.group(2) == "your" else "opp"
            return [{"damage": {"amount": int(m.group(1)), "target": {"side": side, "where": "bench", "each": True}}}]
        m = re.fullmatch(r"this attack also does (\d+) damage to 1 of your benched pokemon", s)
        if m:
            return [{"damage": {"amount": int(m.group(1)), "target": {"side": "me", "where": "bench"}}}]
        m = re.fullmatch(r"during your opponent's next turn, prevent all damage (from and effects of attacks done to|done "
                         r"to) this pokemon( by attacks)?", s)
        if m and bool(m.group(1) == "done to") == bool(m.group(2)):
            # DMG4 (and A5 with "effects of attacks"): a lasting effect on this Pokémon
            mod = {"name": self.attack, "lasts": "opponents_next_turn", "target": {"ref": "self"}, "step": "defender",
                   "prevents_damage": True}
            if m.group(1) != "done to":
                mod["prevents_effects"] = True
            return [{"modifier": mod}]
        m = re.fullmatch(r"during your opponent's next turn, prevent all damage done to this pokemon by attacks from (.+)",
                         s)
        if m:
            # DMG4 on this Pokémon, for attacks from the Pokémon that fit ("from Basic non-{C} Pokémon")
            flt = _pokemon_filter(m.group(1))
            if flt is None:
                raise _No(s)
            return [{"modifier": {"name": self.attack, "lasts": "opponents_next_turn", "target": {"ref": "self"},
                                  "step": "defender", "prevents_damage": True, "attacker": flt}}]
        m = re.fullmatch(r"during your next turn, (?:attacks used by this pokemon do|this pokemon's attacks do) (\d+) more "
                         r"damage to your opponent's active pokemon \(before applying weakness and resistance\)", s)
        if m:
            # DMG1 step 2: a lasting effect on this Pokémon for its next turn, for every attack it uses (an attacker's
            # change is on the damage to the opponent's Active Pokémon)
            return [{"modifier": {"name": self.attack, "lasts": "next_turn", "target": {"ref": "self"},
                                  "step": "attacker", "damage_change": int(m.group(1))}}]
        m = re.fullmatch(r"heal (\d+) damage from it", s)
        if m and self.items and (self.items[-1].get("inflict") or {}).get("target") == {"ref": "self"}:
            # "This Pokémon is now Asleep. Heal 30 damage from it.": "it" is this Pokémon the step before spoke of
            return [{"heal": {"amount": int(m.group(1)), "target": {"ref": "self"}}}]
        m = re.fullmatch(r"during your next turn, this pokemon's (.+) attack does (\d+) more damage \(before applying "
                         r"weakness and resistance\)", s)
        pm = re.fullmatch(r"During your next turn, this Pok[eé]mon's (.+) attack does \d+ more damage \(before applying "
                          r"Weakness and Resistance\)", self.printed)
        if m and pm:
            # DMG1 step 2: a lasting effect on this Pokémon for its next turn, for the named attack only
            return [{"modifier": {"name": self.attack, "lasts": "next_turn", "target": {"ref": "self"},
                                  "step": "attacker", "damage_change": int(m.group(2)), "attack": pm.group(1)}}]
        m = re.fullmatch(r"during your opponent's next turn, they can't play any (item|supporter|stadium|trainer) cards "
                         r"from their hand", s) or \
            re.fullmatch(r"your opponent can't play any (item|supporter|stadium|trainer) cards from their hand during "
                         r"their next turn", s)
        if m:
            # A1: a lasting effect on the opponent (the player) that forbids playing cards of that kind from the hand
            return [{"modifier": {"name": self.attack, "lasts": "opponents_next_turn", "reach": "opponent",
                                  "lock": m.group(1)}}]
        m = re.fullmatch(r"during your opponent's next turn, if this pokemon is damaged by an attack \(even if it is "
                         r"knocked out\), put (\d+) damage counters? on the attacking pokemon", s)
        if m:
            # ATK3: a lasting effect on this Pokémon that reacts to damage from the opponent's attack
            return [{"modifier": {"name": self.attack, "lasts": "opponents_next_turn", "target": {"ref": "self"},
                                  "counters_on_attacker": int(m.group(1))}}]
        m = re.fullmatch(r"during your opponent's next turn, prevent all damage done to this pokemon by attacks if that "
                         r"damage is (\d+) or less", s)
        if m:
            # DMG4 on this Pokémon, only for a hit of at most N damage (after Weakness, Resistance and other effects)
            return [{"modifier": {"name": self.attack, "lasts": "opponents_next_turn", "target": {"ref": "self"},
                                  "step": "defender", "prevents_damage": True, "prevents_max": int(m.group(1))}}]
        if s == "during your opponent's next turn, this pokemon has no weakness":
            # DMG2: a lasting effect on this Pokémon through the opponent's next turn
            return [{"modifier": {"name": self.attack, "lasts": "opponents_next_turn", "target": {"ref": "self"},
                                  "no_weakness": True}}]
        if s == "at the end of your opponent's next turn, the defending pokemon will be knocked out":
            # a lasting effect on the opponent's Active Pokémon that Knocks it Out when it runs out, at the end of the
            # opponent's next turn (`knocks_out`, Doom Desire; it ends as every effect on a Pokémon does, SC4)
            return [{"modifier": {"name": self.attack, "lasts": "opponents_next_turn",
                                  "target": {"side": "opp", "where": "active"}, "knocks_out": True}}]
        if s in ("during your next turn, this pokemon can't retreat", "this pokemon can't retreat during your next turn"):
            return [{"modifier": {"name": self.attack, "lasts": "next_turn", "target": {"ref": "self"},
                                  "forbids_retreat": True}}]
        if s in ("during your next turn, this pokemon can't attack", "this pokemon can't attack during your next turn",
                 "during your next turn, this pokemon can't use attacks"):
            return [{"modifier": {"name": self.attack, "lasts": "next_turn", "target": {"ref": "self"},
                                  "forbids_attack": "all"}}]
        m = re.fullmatch(r"this pokemon can't use (.+) again until it leaves the active spot", s)
        if m and m.group(1) == self.attack.lower():
            # ATK1: a lasting effect on this Pokémon with no set end (`game`); going to the Bench ends it, as every
            # effect on a Pokémon (SC4: retreat, switch; evolving and devolving too, seed 001 状态)
            return [{"modifier": {"name": self.attack, "lasts": "game", "target": {"ref": "self"},
                                  "forbids_attack": self.attack}}]
        m = re.fullmatch(r"during your next turn, this pokemon can't use (.+)", s) or \
            re.fullmatch(r"this pokemon can't use (.+) during your next turn", s)
        if m and m.group(1) == self.attack.lower():
            return [{"modifier": {"name": self.attack, "lasts": "next_turn", "target": {"ref": "self"},
                                  "forbids_attack": self.attack}}]
        m = re.fullmatch(r"during your opponent's next turn, (?:the defending pokemon's attacks|attacks used by the "
                         r"defending pokemon) do (\d+) less damage \(before applying weakness and resistance\)", s)
        if m:
            return [{"modifier": {"name": self.attack, "lasts": "opponents_next_turn",
                                  "damage_change": -int(m.group(1))}}]
        if s in ("during your opponent's next turn, the defending pokemon can't attack",
                 "during your opponent's next turn, the defending pokemon can't use attacks",
                 "your opponent's active pokemon can't attack during your opponent's next turn",
                 "the defending pokemon can't attack during your opponent's next turn"):
            return [{"modifier": {"name": self.attack, "lasts": "opponents_next_turn",
                                  "target": {"side": "opp", "where": "active"}, "forbids_attack": "all"}}]
        # "that Pokémon" right after a step on the opponent's Active Pokémon ("Your opponent's Active Pokémon is now
        # Confused. During your opponent's next turn, that Pokémon can't retreat.") is that Active Pokémon
        if s == "during your opponent's next turn, the defending pokemon can't retreat" or (
                s == "during your opponent's next turn, that pokemon can't retreat" and self.items
                and "inflict" in self.items[-1] and "target" not in self.items[-1]["inflict"]):
            return [{"modifier": {"name": self.attack, "lasts": "opponents_next_turn",
                                  "target": {"side": "opp", "where": "active"}, "forbids_retreat": True}}]
        m = re.fullmatch(r"during your opponent's next turn, this pokemon takes (\d+) less damage from attacks "
                         r"\(after applying weakness and resistance\)", s)
        if m:
            return [{"modifier": {"name": self.attack, "lasts": "opponents_next_turn", "damage_change": -int(m.group(1)),
                                  "step": "defender", "target": {"ref": "self"}}}]
        if s == ("search your deck for a card that evolves from this pokemon and put it onto this pokemon to evolve "
                 "it"):
            return [{"evolve": {"from": "deck", "target": {"ref": "self"}}}]
        if s == "you may put this pokemon into your hand. (discard all cards attached to this pokemon.)":
            # A2: this Pokémon (the cards under it too) into the hand, its attached cards into the discard pile, if the
            # player chooses (Professor Turo's Scenario's `pick_up` with `attached: discard`)
            return [{"may": [{"pick_up": {"target": {"ref": "self"}, "attached": "discard"}}]}]
        m = re.fullmatch(r"(you may )?shuffle this pokemon and all attached cards into your deck", s)
        if m:
            # A2: this Pokémon, the cards under it and attached to it into the player's deck (`pick_up` with `to:
            # deck`), then the deck shuffled; "You may": if the player chooses
            steps = [{"pick_up": {"target": {"ref": "self"}, "to": "deck"}}, {"shuffle": "deck"}]
            return [{"may": steps}] if m.group(1) else steps
        if s == "discard this pokemon and all attached cards":
            # A2: this Pokémon and every card under and attached to it into the player's discard pile (no Knock Out)
            return [{"pick_up": {"target": {"ref": "self"}, "to": "discard"}}]
        m = re.fullmatch(r"switch this pokemon with 1 of your benched (.+)", s)
        pm = re.search(r"\b[Ss]witch this Pok[eé]mon with 1 of your Benched (.+)$", self.printed)
        if m and pm and m.group(1) != "pokemon":
            # the Benched Pokémon must fit F (`bench_filter`); this Pokémon need not
            flt = _card_filter(pm.group(1), True)
            if flt:
                return [{"switch": {"bench_filter": flt}}]
        m = re.fullmatch(r"shuffle 1 of your opponent's (benched )?pokemon and all attached cards into (?:their|your "
                         r"opponent's) deck", s)
        if m:
            # A2: the chosen Pokémon of the opponent, with the cards under and attached to it, into its owner's deck,
            # then that deck shuffled
            where = {"side": "opp", **({"where": "bench"} if m.group(1) else {})}
            return [{"pick_up": {"target": where, "to": "deck"}}, {"shuffle": "deck", "player": "opp"}]
        if s == "your opponent shuffles their active pokemon and all attached cards into their deck":
            return [{"pick_up": {"target": {"side": "opp", "where": "active"}, "to": "deck"}},
                    {"shuffle": "deck", "player": "opp"}]
        if s == "switch this pokemon with 1 of your benched pokemon" or (
                s == "switch it with 1 of your benched pokemon" and self.items and _on_self(self.items[-1])):
            # "it": this Pokémon, when the step before is on it ("Discard an Energy from this Pokémon. If you do,
            # switch it with 1 of your Benched Pokémon.")
            return [{"switch": {}}]
        m = re.fullmatch(r"this attack (also )?does (\d+) damage to (.+)", s)
        if m and (m.group(1) or (self.damage == 0 and self.mod is None)):
            # DMG2: damage to chosen Pokémon (or to each one that fits), Weakness and Resistance only on the
            # opponent's Active Pokémon; the printed damage is none unless the text says "also"
            got = _damage_targets(self.cased(m.group(3)), int(m.group(2)))
            if got is not None:
                return got
        raise _No(s)

    def step(self, s: str) -> list:
        """One clause that is a step of the attack's effect, or "A, and B": two such steps, in that order ("that
        Pokémon" in B is the opponent's Active Pokémon A spoke of). "The Defending Pokémon" in a step no shape reads
        with it is the opponent's Active Pokémon, while no step before has switched the opponent's Active Pokémon."""
        try:
            return self.one_step(s)
        except _No:
            if "the defending pokemon" in s and not _opp_switched(self.items) and not s.startswith(("during", "until")):
                try:
                    return self.one_step(s.replace("the defending pokemon", "your opponent's active pokemon"))
                except _No:
                    pass
            for alt in _lasting_forms(s):
                try:
                    return self.one_step(alt)
                except _No:
                    pass
            m = re.fullmatch(r"(.+?), and (.+)", s)
            if not m or "," in m.group(1):
                raise
        first = self.one_step(m.group(1))
        second = m.group(2)
        if "your opponent's active pokemon" in m.group(1):
            second = re.sub(r"\bthat pokemon\b", "your opponent's active pokemon", second)
        elif "that pokemon" in second:
            raise _No(s)
        return first + self.one_step(second)

    def cased(self, low: str) -> str:
        """The part of the sentence being read that is `low` (a part of its lower-case reading), as printed."""
        full = self.printed
        i = _low(full).find(low) if len(_low(full)) == len(full) else -1
        if i >= 0 and _low(full[i:i + len(low)]) == low:
            return full[i:i + len(low)]
        return low

    def clause(self, s: str, printed: str) -> list:
        """The steps of a clause after "If heads, " / "If you do, ": a step of the attack's own, or else the Trainer
        grammar's plain steps for it as printed (`printed`: the sentence's pattern, its group the clause), "this
        Pokémon" there read as "your Active Pokémon" (the attacker) when nothing else in it is the attack's."""
        try:
            return self.step(s)
        except _No:
            pass
        pm = re.fullmatch(printed, self.printed)
        if not pm:
            raise _No(s)
        text = _THIS.sub("your Active Pokémon", pm.group(1))
        if _OWN.search(_low(text)) or (text != pm.group(1) and _switched(self.items)):
            raise _No(s)      # after a switch of this Pokémon, "your Active Pokémon" is another Pokémon
        steps = _generic([text[:1].upper() + text[1:] + "."])
        if not steps:
            raise _No(s)
        return steps

    def _counts(self, m: re.Match) -> bool:
        """"N more damage for each" goes with a printed "+"; "N less" with a "-"; "N damage for each" with an "x" of N."""
        if m.group(2) == "less ":
            return self.mod == "-"
        return (self.mod == "+") if m.group(2) else (self.mod == "x" and int(m.group(1)) == self.damage)

    @staticmethod
    def _amount(m: re.Match) -> dict:
        return {"amount": int(m.group(1))} if m.group(2) else {}

    # ---- whole sentences ----------------------------------------------------------------------------
    def sentence(self, s: str) -> None:
        m = re.fullmatch(r"(if heads, )?choose (?:1|a) of your opponent's (benched )?pokemon", s)
        if m and self.chosen is None and not self.times and (not m.group(1) or (
                self.flip is not None and self.flip == {"coins": 1} and self.items
                and self.items[-1].get("flip") is self.flip)):
            # the Pokémon chosen is the one the next sentence's "that Pokémon" is about: that sentence is read with "1
            # of your opponent's (Benched) Pokémon" (the choice made there, once); after "If heads," it is the heads
            words = "1 of your opponent's " + ("benched pokemon" if m.group(2) else "pokemon")
            cased = "1 of your opponent's " + ("Benched Pokémon" if m.group(2) else "Pokémon")
            where = self.items
            if m.group(1):
                self.flip.pop("coins")
                self.flip["heads"] = []
                where = self.last = self.flip["heads"]
            self.chosen = (words, cased, where)
            return
        if self.chosen is not None and self.chosen != ("done",):
            # the sentence right after the choice: it must be about "that Pokémon", once
            words, cased, where = self.chosen
            if len(re.findall(r"\bthat pokemon\b", s)) != 1 or re.search(r"\b(?:it|its|those|them)\b", s):
                raise _No(s)
            text = s.replace("that pokemon", words)
            self.printed = re.sub(r"that Pok[eé]mon", cased, self.printed)
            steps = self.clause(text, r"(.+)")
            if any(set(st) & {"if_done", "when", "unless", "label"} for st in steps):
                raise _No(s)
            where.extend(steps)
            self.chosen = ("done",)
            return
        if re.match(r"this attack does \d+ (?:more |less )?damage for each ", s) and "the defending pokemon" in s:
            # what a count of the attack's damage says of "the Defending Pokémon" it says of the opponent's Active
            # Pokémon (the one the attack is used against: the damage is counted as the attack is used)
            s = s.replace("the defending pokemon", "your opponent's active pokemon")
            self.printed = re.sub(r"the Defending Pok[eé]mon", "your opponent's Active Pokémon", self.printed)
        m = re.fullmatch(r"flip (a|\d+) coins?", s)
        if m:
            coins = _n(m.group(1))
            self.flip = {"coins": coins}
            self.items.append({"flip": self.flip})
            return
        if s == "flip a coin until you get tails" and self.flip is None:
            # the heads are counted by "This attack does N (more) damage for each heads." (damage_times)
            self.flip = {"until": "tails"}
            self.items.append({"flip": self.flip})
            return
        m = re.fullmatch(r"flip a coin for each (\{[a-z]\} )?energy attached to this pokemon", s)
        if m:
            flt = {"kind": "energy"}
            if m.group(1):
                sym = m.group(1).strip().upper()
                if sym not in _SYMBOLS:
                    raise _No(s)
                flt["type"] = _SYMBOLS[sym]
            self.flip = {"coins": {"per_attached": flt}}
            self.items.append({"flip": self.flip})
            return
        m = re.fullmatch(r"this attack does (\d+) (more )?damage for each heads", s)
        if m and self.flip is not None and self.times is None:
            n = int(m.group(1))
            if m.group(2) and self.mod == "+":
                self.times = {"heads": True, "amount": n}
                return
            if not m.group(2) and self.mod == "x" and n == self.damage:
                self.times = {"heads": True}
                return
            raise _No(s)
        m = re.fullmatch(r"if heads, this attack does (\d+) more damage", s)
        if m and self.flip is not None and self.flip.get("coins") == 1 and self.mod == "+" and self.times is None:
            self.times = {"heads": True, "amount": int(m.group(1))}
            return
        m = re.fullmatch(r"this attack does (\d+) (more )?damage for each prize card (your opponent has|you have) taken", s)
        if m and self.times is None and self._counts(m):
            self.times = {"prizes_taken": "opp" if m.group(3) == "your opponent has" else "me", **self._amount(m)}
            return
        m = re.fullmatch(r"this attack does (\d+) (more |less )?damage for each (\{[a-z]\} |" + _TYPE_WORDS + r" )?energy "
                         r"attached to (this pokemon|your opponent's active pokemon|both "
                         r"active pokemon|all of your pokemon|all of your opponent's pokemon)", s)
        if m and self.times is None and self._counts(m):
            where = {"this pokemon": "self", "your opponent's active pokemon": "defender", "both active pokemon": "both",
                     "all of your pokemon": "me", "all of your opponent's pokemon": "opp"}[m.group(4)]
            self.times = {"energy": where, **self._amount(m)}
            if m.group(3):
                self.times["type"] = _energy_type(m.group(3).strip(), s)
            return
        m = re.fullmatch(r"this attack does (\d+) (more )?damage for each pokemon tool attached to (this pokemon|your "
                         r"opponent's active pokemon|both active pokemon|all of your pokemon|all of your opponent's "
                         r"pokemon|all pokemon)", s)
        if m and self.times is None and self._counts(m):
            where = {"this pokemon": "self", "your opponent's active pokemon": "defender", "both active pokemon": "both",
                     "all of your pokemon": "me", "all of your opponent's pokemon": "opp", "all pokemon": "all"}
            self.times = {"tools": where[m.group(3)], **self._amount(m)}
            return
        m = re.fullmatch(r"this attack's damage isn't affected by (.+)", s)
        if m and not self.ignores:
            self.ignores = _ignores(m.group(1))
            return
        m = re.fullmatch(r"this damage isn't affected by (.+)", s)
        if m and not self.ignores:
            # "This damage": the attack's one kind of damage said before it -- its printed damage, or its damage steps
            # when it has no printed damage; with both, which one is not said
            steps = "'damage': {" in repr(self.items) or "'damage': {" in repr(self.before)
            if bool(self.damage or self.mod) == steps:
                raise _No(s)
            self.ignores = _ignores(m.group(1))
            return
        for pattern, count in _FIXED_COUNTS:
            # DMG1 step 1: "this attack does N (more) damage for each X", X one of the state's fixed counts
            m = re.fullmatch(pattern, s)
            if m and self.times is None and self._counts(m):
                if "conditions" in count(m) and self.items:
                    raise _No(s)      # a step said before it may change the Special Conditions it counts
                self.times = {**count(m), **self._amount(m)}
                return
        m = re.fullmatch(r"this attack does (\d+) (more |less )?damage for each damage counter on (this pokemon|your "
                         r"opponent's active pokemon)", s)
        if m and self.times is None and self._counts(m):
            self.times = {"counters": "self" if m.group(3) == "this pokemon" else "defender", **self._amount(m)}
            return
        m = re.fullmatch(r"this attack does (\d+) (more |less )?damage for each damage counter on all of (your "
                         r"opponent's|your) (benched )?(.+)", s)
        pm = re.fullmatch(r"This attack does \d+ (?:more |less )?damage for each damage counter on all of (?:your "
                          r"opponent's|your) (?:Benched )?(.+)", self.printed)
        if m and pm and self.times is None and self._counts(m):
            # DMG1 step 1: the damage counters on the player's (opponent's) [Benched] Pokémon that fit F
            flt = {} if re.fullmatch(r"pok[eé]mon", pm.group(1), re.I) else _card_filter(pm.group(1), True)
            if flt is None:
                raise _No(s)
            self.times = {"counters_on": {"side": "me" if m.group(3) == "your" else "opp",
                                          **({"where": "bench"} if m.group(4) else {}),
                                          **({"filter": flt} if flt else {})}, **self._amount(m)}
            return
        m = re.fullmatch(r"if (any of those cards are|that card is an?) .+? cards?, attach (them|it) to this pokemon", s)
        pm = re.fullmatch(r"If (?:any of those cards are|that card is an?) (.+?), attach (?:them|it) to this Pok[eé]mon",
                          self.printed)
        if m and pm and self.items:
            # "Discard the top 3 cards of your deck. If any of those cards are Energy cards, attach them to this
            # Pokémon." (Regidrago V): every card that fits among those the step before put into the player's discard
            # pile goes onto the Attacking Pokémon (prims: attach `among`, `count: all`); none fits, none is attached
            last = self.items[-1]
            flt = _card_filter(pm.group(1), False)
            if (m.group(1).startswith("that")) != (m.group(2) == "it") or not flt or "move" not in last \
                    or last["move"].get("to") != "discard" or last.get("player", "me") != "me" \
                    or set(last) - {"move", "label"}:
                raise _No(s)
            label = last.setdefault("label", "discarded")
            self.items.append({"attach": {"from": "discard", "filter": flt, "count": "all", "among": label,
                                          "target": {"ref": "self"}}})
            return
        m = re.fullmatch(r"this attack does (\d+) (more )?damage for each (.+?) (?:that )?you discarded in this way", s)
        pm = re.fullmatch(r"This attack does \d+ (?:more )?damage for each (.+?) (?:that )?you discarded in this way",
                          self.printed)
        if m and pm and self.times is None and self._counts(m) and self.items:
            # the discarding step before, or the one step of "You may discard ..." before (none if it was not done);
            # "for each F you discarded": only its cards that fit F (`filter`)
            last = self.items[-1]
            step = last if _discards(last) else (last["may"][0] if set(last) == {"may"} and len(last["may"]) == 1
                                                 and _discards(last["may"][0]) else None)
            counted = {} if m.group(3) == "card" else _card_filter(pm.group(1), False)
            if step is not None and counted is not None and step.get("player", "me") == "me":
                self.times = {"moved": step.setdefault("label", "discarded"), **({"filter": counted} if counted else {}),
                              **self._amount(m)}
                return
        for where, key in (("of your pokemon in play", "has_attack"), ("pokemon in your discard pile", "discard_attack")):
            # DMG1 step 1: the player's Pokémon in play (`has_attack`) or the Pokémon cards in their discard pile
            # (`discard_attack`) whose card has an attack of that name (as printed)
            m = re.fullmatch(rf"this attack does (\d+) (more )?damage for each {where} that has the (.+) attack", s)
            pm = re.fullmatch(r"This attack does \d+ (?:more )?damage for each " + where.replace("pokemon", "Pok[eé]mon")
                              + r" that has the (.+) attack", self.printed)
            if m and pm and self.times is None and self._counts(m):
                self.times = {key: pm.group(1), **self._amount(m)}
                return
        m = re.fullmatch(r"if you do, this attack does (\d+) more damage( for each card you discarded in this way)?", s)
        if m and self.mod == "+" and self.times is None and self.items and set(self.items[-1]) == {"may"} \
                and len(self.items[-1]["may"]) == 1:
            # T2: "You may A. If you do, this attack does N more damage": once if A was done (`done`), or for each
            # card A discarded (`moved`)
            inner = self.items[-1]["may"][0]
            if m.group(2) and not _discards(inner):
                raise _No(s)
            label = inner.setdefault("label", "discarded" if m.group(2) else "done")
            self.times = {"moved" if m.group(2) else "done": label, "amount": int(m.group(1))}
            return
        if m and self.mod == "+" and self.times is None and self.items \
                and len(set(self.items[-1]) - {"player", "label"}) == 1 and self.items[-1].get("player", "me") == "me" \
                and not set(self.items[-1]) & {"may", "flip", "modifier", "choose", "nothing", "if_done", "when",
                                               "unless"}:
            # T2: "A. If you do, this attack does N more damage" with A one step of the player's: once if A did
            # something (`done`), or for each card A discarded (`moved`)
            last = self.items[-1]
            if m.group(2) and not _discards(last):
                raise _No(s)
            label = last.setdefault("label", "discarded" if m.group(2) else "done")
            self.times = {"moved" if m.group(2) else "done": label, "amount": int(m.group(1))}
            return
        m = re.fullmatch(r"this attack does (\d+) damage for each of your pokemon in play", s)
        if m and self.mod == "x" and int(m.group(1)) == self.damage and self.times is None:
            self.times = {"in_play": "me"}
            return
        m = re.fullmatch(r"this attack does (\d+) (more |less )?damage for each (.+)", s)
        pm = re.fullmatch(r"This attack does \d+ (?:more |less )?damage for each (.+)", self.printed)
        if m and pm and self.times is None and self._counts(m):
            # DMG1 step 1: a count of the state when the damage is done (Pokémon in play, cards in a pile, that fit)
            got = _count_phrase(pm.group(1))
            if got is not None:
                self.times = {**got, **self._amount(m)}
                return
        m = re.fullmatch(r"this attack (also )?does (\d+) damage to (.+?) for each (.+)", s) or \
            re.fullmatch(r"(put|place) (\d+) damage counters? on (.+?) for each (.+)", s)
        if m and self.times is None and self.mod is None and not self.per:
            self.counted_step(m)
            return
        m = re.fullmatch(r"(your opponent reveals their hand, and )?this attack does (\d+) (more )?damage for each (.+) "
                         r"you find there", s)
        pm = re.fullmatch(r"(?:Your opponent reveals their hand, and )?[Tt]his attack does \d+ (?:more )?damage for each "
                          r"(.+) you find there", self.printed)
        shown = {"reveal": "hand", "player": "opp"}
        if m and pm and self.times is None and self._counts(re.match(r"(\d+) (more )?", f"{m.group(2)} {m.group(3) or ''}")) \
                and (m.group(1) or (self.items and self.items[-1] == shown)):
            # DMG1 step 1: "Your opponent reveals their hand. This attack does N damage for each F you find there.": the
            # cards of the opponent's hand that fit F (`in_pile`), when the damage is done (the reveal changes no card)
            flt = _card_filter(pm.group(1), False)
            if flt is None:
                raise _No(s)
            if m.group(1):
                self.items.append(dict(shown))
            self.times = {"in_pile": {"side": "opp", "zone": "hand", **({"filter": flt} if flt else {})},
                          **({"amount": int(m.group(2))} if m.group(3) else {})}
            return
        m = re.fullmatch(r"if (.+), this attack does (\d+) more damage", s)
        if m and not m.group(1).startswith(("heads", "tails")) and self.mod == "+" and self.times is None:
            pm = re.fullmatch(r"If (.+), this attack does \d+ more damage", self.printed)
            cond = _condition(m.group(1)) or (_cased_condition(pm.group(1)) if pm else None) or \
                _evolved_from(self.printed)
            if cond is not None:
                self.times = {"if": cond, "amount": int(m.group(2))}
                return
        if s == "then, shuffle your deck" and self.last and self.items and (
                self.items[-1].get("flip") is self.flip or self.last is self.items[-1].get("if_you_do")
                or self.last[-1] is self.items[-1]) and _searches_deck(self.last[-1]):
            # "If heads (If you do), search your deck for ... Then, shuffle your deck.": the search's own shuffle (A8),
            # as the Trainer grammar reads it after a search
            self.last = None
            return
        if s == "then, shuffle your deck" and self.items and "evolve" in self.items[-1] \
                and self.items[-1]["evolve"].get("from") == "deck":
            return      # the evolve from the deck's own shuffle (A8), as the Trainer grammar reads it
        m = re.fullmatch(r"then, (.+)", s)
        if m and self.items and s != "then, shuffle your deck":
            # "A. Then, B.": in an attack every step is done in order, as far as it can be (X3), so B follows A in the
            # one list (as the Trainer grammar's `then` part does in an attack); B a step of the attack's own, or, after
            # a step of the attack's own, a plain step of the Trainer grammar
            steps = self.step(m.group(1)) if self.pending else self.clause(m.group(1), r"Then, (.+)")
            if any(set(st) & {"if_done", "when", "unless"} for st in steps):
                raise _No(s)
            self.items.extend(steps)
            return
        m = re.fullmatch(r"for each heads, (.+)", s)
        if m and self.flip == {"until": "tails"} and self.times is None and self.items \
                and self.items[-1].get("flip") is self.flip:
            # "Flip a coin until you get tails. For each heads, STEP.": one copy of STEP for each heads, the coins going
            # on while another copy could change something (prims: flip `until: tails`, `each_heads`)
            steps = _before_steps(self, m.group(1))
            if len(steps) != 1 or set(steps[0]) - {"player"} and len(set(steps[0]) - {"player"}) != 1:
                raise _No(s)
            self.flip["each_heads"] = steps
            return
        if m and self.flip is not None and isinstance(self.flip.get("coins"), int) and self.flip["coins"] > 1 \
                and set(self.flip) == {"coins"} and self.items and self.items[-1].get("flip") is self.flip:
            # "Flip 2 coins. For each heads, STEP.": each coin is a flip of its own whose heads does STEP once
            steps = _before_steps(self, m.group(1))
            self.items.pop()
            n = self.flip["coins"]
            self.items.extend({"flip": {"heads": copy.deepcopy(steps)}} for _ in range(n))
            self.flip = self.items[-1]["flip"]
            return
        m = re.fullmatch(r"if (heads|tails), (.+)", s)
        counted = self.times is not None and set(self.times) == {"heads", "amount"} and m is not None \
            and m.group(1) == "tails" and self.flip is not None and self.flip == {"coins": 1}
        if m and self.flip is not None and self.flip.get("coins", 1) == 1 and m.group(1) not in self.flip \
                and (self.times is None or counted) and "until" not in self.flip:
            # (counted: "If heads, this attack does N more damage. If tails, STEP.": the coin's heads counted by the
            # damage, its tails doing STEP)
            if m.group(2) == "this attack does nothing":
                # ATK3: only as the attack's first step (the flip before everything else the attack does)
                if len(self.items) != 1 or self.items[0].get("flip") is not self.flip:
                    raise _No(s)
                self.flip[m.group(1)] = [{"nothing": {}}]
            else:
                self.flip[m.group(1)] = self.clause(m.group(2), r"If (?:heads|tails), (.+)")
            self.flip.pop("coins", None)
            self.last = self.flip[m.group(1)]
            return
        if s in ("during your opponent's next turn, if the defending pokemon tries to use an attack, your opponent "
                 "flips a coin", "during your opponent's next turn, if the defending pokemon tries to attack, your "
                 "opponent flips a coin") and not self.smoke:
            self.smoke = "pending"     # its "If tails, that attack doesn't happen." must follow
            return
        if s == "if tails, that attack doesn't happen" and self.smoke == "pending":
            # ATK2 a: a lasting effect on the Defending Pokémon that makes its attack fail on tails (Smokescreen)
            self.smoke = "done"
            self.items.append({"modifier": {"name": self.attack, "lasts": "opponents_next_turn",
                                            "target": {"side": "opp", "where": "active"},
                                            "attack_fails_on_tails": True}})
            return
        m = re.fullmatch(r"you may do (\d+) more damage", s)
        if m and self.mod == "+" and self.times is None and self.bonus is None:
            self.bonus = int(m.group(1))   # its "If you do, STEP." must follow
            return
        m = re.fullmatch(r"if you do, (.+)", s)
        if m and self.bonus is not None and self.times is None:
            # T2: "You may do N more damage. If you do, STEP.": one choice -- the bonus and STEP together (the step
            # labelled, the bonus counted once if it was done: `done`)
            steps = self.step(m.group(1))
            if len(steps) != 1:
                raise _No(s)
            steps[0]["label"] = "done"
            self.items.append({"may": steps})
            self.times = {"done": "done", "amount": self.bonus}
            return
        m = re.fullmatch(r"if you do, (.+)", s)
        if m and self.items and set(self.items[-1]) == {"may"}:
            # T2: "You may A. If you do, B.": B (a step of the attack's own) is done only if A was done
            self.items[-1]["if_you_do"] = self.clause(m.group(1), r"If you do, (.+)")
            self.last = self.items[-1]["if_you_do"]
            return
        m = re.fullmatch(r"if you do, (.+)", s)
        if m and self.items and self.times is None and len(set(self.items[-1]) - {"player", "label"}) == 1 \
                and not set(self.items[-1]) & {"may", "flip", "modifier", "choose", "nothing"}:
            # T2: "A. If you do, B." with A one step of the attack's: B is done only if A did something (`if_done` on
            # A's label)
            steps = self.clause(m.group(1), r"If you do, (.+)")
            label = self.items[-1].setdefault("label", "done")
            for st in steps:
                if set(st) & {"if_done", "when", "unless"}:
                    raise _No(s)
                st["if_done"] = label
            self.items.extend(steps)
            return
        m = re.fullmatch(r"if you (attached (?:an? |any )?(?:basic )?energy(?: cards?)? to (?:a|any|1 of your|your) "
                         r"pokemon|attached any cards|discarded (?:a stadium|any energy|any cards|a card)|healed any "
                         r"damage) in this way, (.+)", s)
        if m and self.items and self.times is None and not set(self.items[-1]) & {"may", "flip", "modifier", "choose",
                                                                                   "nothing", "if_done"}:
            # T2: "A. If you attached Energy / discarded a Stadium / healed any damage in this way, B.": B only if A did
            # something (`if_done` on A's label), A being a step of that kind
            last = self.items[-1]
            verb = m.group(1).split()[0]
            fits = {"attached": "attach" in last or (last.get("search") or {}).get("to") == "attach",
                    "discarded": _discards(last) or (last.get("move") or {}).get("from") == "stadium"
                    and (last.get("move") or {}).get("to") == "discard",
                    "healed": "heal" in last}[verb]
            if "stadium" in m.group(1) and (last.get("move") or {}).get("from") != "stadium":
                fits = False
            if not fits:
                raise _No(s)
            steps = self.clause(m.group(2), r"If you [^,]+ in this way, (.+)")
            if any(set(st) & {"if_done", "when", "unless", "label"} for st in steps):
                raise _No(s)
            label = last.setdefault("label", "done")
            for st in steps:
                st["if_done"] = label
            self.items.extend(steps)
            return
        m = re.fullmatch(r"discard (up to (\d+)|all) pokemon tools? from (your opponent's|your|each of your opponent's) "
                         r"(benched )?pokemon", s)
        if m:
            # the Pokémon Tools attached to any of those Pokémon, up to N of them together, the player's choice which
            # (`spread` over an `each` target), or all of them
            target = {"side": "me" if m.group(3) == "your" else "opp", **({"where": "bench"} if m.group(4) else {}),
                      "each": True}
            step = {"discard_attached": {"target": target, "filter": {"kind": "tool"},
                                         "count": int(m.group(2)) if m.group(2) else "all"}}
            if m.group(2):
                step["discard_attached"].update({"up_to": True, "spread": True})
            self.items.append(step)
            return
        m = re.fullmatch(r"(you may )?discard (up to (\d+)|any amount of) (basic )?(?:(\{[a-z]\}) )?energy (?:cards? )?from "
                         r"your (benched )?pokemon", s)
        if m and (m.group(4) or not m.group(5)):
            # cards attached to any of the player's (Benched) Pokémon, up to N of them together, the player's choice
            # which (`spread` over an `each` target); "{G} Energy" only as "Basic {G} Energy"
            flt: dict = {"kind": "basic_energy" if m.group(4) else "energy"}
            if m.group(5):
                flt["type"] = _energy_type(m.group(5), s)
            target = {"side": "me", **({"where": "bench"} if m.group(6) else {}), "each": True}
            step = {"discard_attached": {"target": target, "filter": flt,
                                         "count": int(m.group(3)) if m.group(3) else "any", "up_to": True,
                                         "spread": True}}
            if not m.group(3):
                del step["discard_attached"]["up_to"]
            self.items.append({"may": [step]} if m.group(1) else step)
            return
        m = re.fullmatch(r"(you may )?shuffle (\d+|all) energy attached to this pokemon into your deck", s)
        if m:
            # the Energy off this Pokémon into the deck (`discard_attached` with `to: deck`), then the deck shuffled
            steps = [{"discard_attached": {"target": {"ref": "self"}, "filter": {"kind": "energy"},
                                           "count": "all" if m.group(2) == "all" else int(m.group(2)), "to": "deck"}},
                     {"shuffle": "deck"}]
            if m.group(1):
                self.items.append({"may": steps})
            else:
                self.items.extend(steps)
            return
        m = re.fullmatch(r"during pokemon checkup, put (\d+) damage counters on that pokemon instead of 1", s) or \
            re.fullmatch(r"put (\d+) damage counters instead of 1 on that pokemon during pokemon checkup", s)
        # (after a coin, "If heads, ... is now Poisoned.", whether "that Pokémon" takes more without this poison is
        # not said: not read)
        where = self.items
        if m and where and where[-1].get("inflict", {}).get("condition") == "poisoned" \
                and "target" not in where[-1]["inflict"] and set(where[-1]) == {"inflict"}:
            # SC3: the opponent's Active Pokémon just Poisoned takes N damage counters in the Checkup instead of 1: a
            # lasting effect on it (it ends as the Poisoned condition does when the Pokémon goes to the Bench or
            # evolves, SC4; the Checkup applies it only while the Pokémon is Poisoned)
            where.append({"modifier": {"name": self.attack, "lasts": "game",
                                       "target": {"side": "opp", "where": "active"},
                                       "poison_counters": int(m.group(1))}})
            return
        if s == "choose a random card from your opponent's hand" and not self.pick:
            self.pick = "pending"      # its "Your opponent reveals that card and shuffles it into their deck." must follow
            return
        if (s == "your opponent reveals that card and shuffles it into their deck" and self.pick == "pending") or \
                (s == "choose a random card from your opponent's hand, and your opponent reveals that card and "
                      "shuffles it into their deck" and not self.pick):
            # a random card of the opponent's hand (an outcome, not a choice) shuffled into their deck, as the
            # Trainer grammar reads "shuffle ... into their deck": the move, then the shuffle
            self.pick = "done"
            self.items.extend([{"move": {"from": "hand", "to": "deck", "count": 1, "random": True}, "player": "opp"},
                               {"shuffle": "deck", "player": "opp"}])
            return
        if s == "then, discard that stadium" and self.times is not None and self.times.get("if") == {"stadium": {}}:
            # "If a Stadium is in play, this attack does N more damage. Then, discard that Stadium.": the Stadium in
            # play (either player's), after the damage
            self.items.append({"move": {"from": "stadium", "to": "discard", "count": 1}, "player": "each",
                               "if_possible": True})
            return
        if s == "if you go first, you can use this attack during your first turn" and not self.first_turn:
            self.first_turn = True
            return
        if s == "you can use this attack only if you go second, and only during your first turn" and not self.conditions:
            # A1: both conditions; the second player's first turn is no turn TU2 forbids attacking in
            self.conditions.extend([{"going": "second"}, {"turn": "first"}])
            return
        if s == "if you go second, you can't use this attack during your first turn" and not self.conditions:
            # A1: the second player's first turn is refused; the first player's first turn already is (TU2)
            self.conditions.append({"turn": "not_first"})
            return
        m = re.fullmatch(r"before doing damage, (.+)", s)
        if m and not self.items and not self.before:
            self.before = _before_steps(self, m.group(1))
            return
        m = re.fullmatch(r"this attack does (\d+) damage to the new active pokemon", s)
        if m and self.damage == 0 and self.mod is None and not self.before and len(self.items) == 1 \
                and set(self.items[0]) == {"gust"}:
            # the Pokémon switched in is the opponent's Active when the damage is done (DMG2: Weakness and
            # Resistance apply): the switch and the damage come before the (printed: none) damage, ATK3
            gust = dict(self.items.pop(), label="new_active")
            self.before = [gust, {"damage": {"amount": int(m.group(1)), "target": {"ref": "new_active"}}}]
            return
        if s == "if there is no stadium in play, this attack does nothing" and not self.items:
            self.items.append({"nothing": {}, "unless": {"stadium": {}}})
            return
        m = re.fullmatch(r"if you don't have (.+), this attack does nothing", s)
        pm = re.fullmatch(r"If you don't have (.+), this attack does nothing", self.printed)
        if m and pm and not self.items:
            # "If you don't have exactly 3 cards in your hand / Lunatone on your Bench, ...": nothing unless "you have ..."
            cond = _condition("you have " + m.group(1)) or _cased_condition("you have " + pm.group(1))
            if cond is None:
                raise _No(s)
            self.items.append({"nothing": {}, "unless": cond})
            return
        m = re.fullmatch(r"if (.+?) (?:isn't|is not) (.+), this attack does nothing", s) or \
            re.fullmatch(r"if (.+?) has no (damage counters on it)(?: before this attack does damage)?, this attack does "
                         r"nothing", s)
        if m and not self.items:
            # "If X isn't Y / has no damage counters on it, this attack does nothing": nothing unless "X is Y" / "X has
            # any damage counters on it" (as the attack is used: before its damage)
            verb = "has any" if m.group(2) == "damage counters on it" else "is"
            cond = _condition(f"{m.group(1)} {verb} {m.group(2)}")
            if cond is not None:
                self.items.append({"nothing": {}, "unless": cond})
                return
        m = re.fullmatch(r"if (.+), this attack does nothing", s)
        if m and not self.items and not m.group(1).startswith(("heads", "tails")):
            cond = _condition(m.group(1))
            if cond is None:
                raise _No(s)
            self.items.append({"nothing": {}, "when": cond})
            return
        if s.startswith("if ") and self.guarded(s):
            return
        self.items.extend(self.step(s))

    def counted_step(self, m: re.Match) -> None:
        """"This attack (also) does N damage to TARGET for each X" / "Put N damage counters on TARGET for each X": the
        damage (counters) step with `per` (N for each), X read as "This attack does N damage for each X" is (any count
        the attack's damage reads: `damage_times`, which has no printed "x" / "+" here). Only as the first step after
        the damage, or counting an earlier step's cards (`moved`): the count is made when the damage is done."""
        counters = m.group(1) in ("put", "place")
        n = int(m.group(2))
        if not counters and bool(m.group(1)) != bool(self.damage):
            raise _No(m.group(0))      # "also" only beside a printed damage
        pm = re.search(r" for each (.+)$", self.printed)
        probe = copy.deepcopy(self)
        probe.mod, probe.damage = "x", n
        probe.printed = f"This attack does {n} damage for each {pm.group(1)}" if pm else ""
        probe.sentence(f"this attack does {n} damage for each {m.group(4)}")
        times = probe.times
        if times is None or "amount" in times or times.get("heads") and "until" in (self.flip or {}):
            raise _No(m.group(0))
        if counters:
            what = re.sub(r"^Place ", "Put ", self.printed[:len(self.printed) - len(pm.group(0))]) if pm else ""
            steps = _generic([what + "."]) if what else None
            if not steps or len(steps) != 1 or set(steps[0]) != {"damage_counters"} or steps[0]["damage_counters"].get(
                    "spread"):
                raise _No(m.group(0))
            steps[0]["damage_counters"]["per"] = True
        else:
            steps = _damage_targets(self.cased(m.group(3)), n)
            if steps is None:
                raise _No(m.group(0))
            for st in steps:
                st["damage"]["per"] = True
        coins = all(set(it) == {"flip"} and set(it["flip"]) <= {"coins", "until"} for it in self.items)
        if probe.items[len(self.items):] or (self.items and "moved" not in times and not coins):
            raise _No(m.group(0))      # the count is made when the damage is done: nothing may change it before
        self.items = probe.items       # with the label the count put on an earlier step
        self.times = times
        self.per = True
        self.items.extend(steps)

    def guarded(self, s: str) -> bool:
        """"If CONDITION, BODY.": BODY's steps carried out only if the CONDITION holds when they are reached (`when`);
        "this attack does N more damage, and STEP" as BODY is also the damage's `if` (a printed "+"). The CONDITION is
        one `_condition` reads in full (the Defending Pokémon said as the opponent's Active Pokémon); "it" / "that
        Pokémon" opening BODY is the Pokémon the CONDITION is about, when that is the opponent's Active Pokémon."""
        pm = re.fullmatch(r"If (.+)", self.printed)
        if not pm or s.startswith(("if heads", "if tails", "if you do", "if you don't", "if you can't")):
            return False
        if not _OWN.search(s) and _generic([self.printed + "."]) is not None:
            return False      # the Trainer grammar reads it whole (the run it is part of)
        for i in [k.start() for k in re.finditer(", ", s)]:
            left, body = s[3:i], s[i + 2:]
            low_left = re.sub(r"^the defending pokemon\b", "your opponent's active pokemon", left)
            cond = _condition(low_left)
            if cond is None:
                continue
            printed_body = self.printed[len(self.printed) - len(body):]
            if _low(printed_body) != body:
                continue
            if low_left.startswith("your opponent's active pokemon "):
                for pro in ("it", "that pokemon", "the defending pokemon"):
                    if body.startswith(pro + " "):
                        body = "your opponent's active pokemon " + body[len(pro) + 1:]
                        printed_body = "your opponent's Active Pokémon " + printed_body.split(" ", pro.count(" ") + 1)[-1]
                        break
            elif re.match(r"(it|that pokemon) ", body):
                return False
            saved = (self.printed, self.times)
            m = re.fullmatch(r"this attack does (\d+) more damage, and (.+)", body)
            try:
                if m:
                    if self.mod != "+" or self.times is not None:
                        return False
                    self.printed = m.group(2)
                    steps = self.clause(m.group(2), r"(.+)")
                    self.times = {"if": cond, "amount": int(m.group(1))}
                else:
                    self.printed = printed_body
                    steps = self.clause(body, r"(.+)")
            except _No:
                self.printed, self.times = saved
                continue
            self.printed = saved[0]
            if any(set(st) & {"when", "unless", "if_done", "label"} for st in steps):
                self.times = saved[1]
                return False
            for st in steps:
                st["when"] = copy.deepcopy(cond)
            self.items.extend(steps)
            self.last = steps       # "Then, shuffle your deck." may follow a search among them
            return True
        return False


_IGNORED = {"weakness": ["weakness"], "resistance": ["resistance"], "weakness or resistance": ["weakness", "resistance"],
            "any effects on your opponent's active pokemon": ["defender_effects"],
            "weakness or resistance, or by any effects on your opponent's active pokemon":
                ["weakness", "resistance", "defender_effects"],
            "weakness or resistance, or by any effects on those pokemon": ["weakness", "resistance", "target_effects"]}


def _ignores(what: str) -> list:
    """"This attack's damage isn't affected by WHAT": the DMG1 steps it skips (Weakness, Resistance, the effects on
    the opponent's Active Pokémon / on every Pokémon it damages)."""
    if what not in _IGNORED:
        raise _No(what)
    return list(_IGNORED[what])


def _before_steps(reader: "_Reader", text: str) -> list:
    """"Before doing damage, STEP": a step of the attack's own, or a plain step of the Trainer grammar."""
    try:
        return reader.step(text)
    except _No:
        pass
    steps = _generic([text[:1].upper() + text[1:] + "."])
    if not steps:
        raise _No(text)
    return steps


def _lasting_forms(s: str) -> list:
    """The other wordings of a lasting effect the shapes read: "SUBJECT can't ... during your (opponent's) next turn"
    said as "During your (opponent's) next turn, SUBJECT can't ...", "your opponent's Active Pokémon" in it said as "the
    Defending Pokémon" (the Pokémon the attack is used against: the lasting effect is put on it now), and the order of
    the damage steps DMG1 sets said in the reminder the shapes are written with: an effect on the damage a Pokémon
    takes is after Weakness and Resistance, one on the damage its attacks do before them."""
    m = re.fullmatch(r"(this pokemon|the defending pokemon|your opponent's active pokemon) (can't .+|has no weakness|"
                     r"takes .+) during your (opponent's )?next turn", s)
    if m:
        s = f"during your {m.group(3) or ''}next turn, {m.group(1)} {m.group(2)}"
    if not s.startswith("during your opponent's next turn, "):
        return [s] if m else []
    s = re.sub(r"^(during your opponent's next turn, )your opponent's active pokemon\b", r"\1the defending pokemon", s)
    if re.search(r" takes \d+ (?:less|more) damage from attacks$", s):
        s += " (after applying weakness and resistance)"
    elif re.search(r"(?:attacks|attacks used by the defending pokemon) do \d+ (?:less|more) damage$", s):
        s += " (before applying weakness and resistance)"
    return [s]


def _opp_switched(items: list) -> bool:
    """A step switches the opponent's Active Pokémon (a `gust`, their `switch`), anywhere in the steps."""
    text = repr(items)
    return "'gust'" in text or ("'switch'" in text and "'player': 'opp'" in text)


def _on_self(item: dict) -> bool:
    """The step's one action is on this Pokémon (its target `{ref: self}`)."""
    ops = [v for k, v in item.items() if k not in ("label", "player", "if_done", "when", "unless")]
    return len(ops) == 1 and isinstance(ops[0], dict) and ops[0].get("target") == {"ref": "self"} \
        and item.get("player", "me") == "me"


def _switched(items: list) -> bool:
    """A step of the player's switches their Active Pokémon (anywhere in the steps, in a coin's or option's too)."""
    for it in items:
        if "switch" in it and it.get("player", "me") == "me":
            return True
        for v in it.values():
            if isinstance(v, dict):
                v = [x for x in v.values() if isinstance(x, list)]
                if any(_switched(x) for x in v):
                    return True
            elif isinstance(v, list) and any(isinstance(x, dict) for x in v) and _switched(v):
                return True
    return False


def _searches_deck(item: dict) -> bool:
    """The step searches the player's deck (a `search` of the deck, or an evolve from it): it shuffles the deck (A8)."""
    return (item.get("search") or {}).get("zone") == "deck" or (item.get("evolve") or {}).get("from") == "deck"


def _discards(item: dict) -> bool:
    """The step puts cards into its player's discard pile (a `move` to it, or a discard of attached cards)."""
    return ("move" in item and item["move"].get("to") == "discard") or "discard_attached" in item


_COUNTERS = {"any": 1, "a": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "8": 8, "10": 10}



# The attack conditions said in one fixed sentence each (`_attack_condition`), and what each is.
_FIXED_CONDITIONS = {
    "a stadium is in play": {"stadium": {}},
    # the Stadium in play is that player's (the one who played it): `side` on the stadium condition
    "you have a stadium in play": {"stadium": {"side": "me"}},
    "your opponent has a stadium in play": {"stadium": {"side": "opp"}},
    "this pokemon has no damage counters on it": {"self": "no_damage"},
    "this pokemon moved from your bench to the active spot this turn": {"self": "moved_to_active"},
    "this pokemon has a pokemon tool attached": {"self": {"attached": "tool"}},
    "this pokemon has any pokemon tools attached": {"self": {"attached": "tool"}},
    "this pokemon has any special energy attached": {"self": {"attached": "special_energy"}},
    "you have the same number of cards in your hand as your opponent": {"hands": "same"},
    "you have more cards in your hand than your opponent": {"hands": "more"},
    "you have fewer cards in your hand than your opponent": {"hands": "fewer"},
    "you played a supporter card from your hand during this turn": {"played": "supporter"},
    "any of your pokemon were knocked out by damage from an attack during your opponent's last turn":
        {"knocked_out_last_turn": {}},
}

def _attack_condition(text: str) -> Optional[dict]:
    """A condition an attack's text states about the attack's own Pokémon, the Defending Pokémon, a Stadium or the
    last turn ("if your opponent's Active Pokémon already has any damage counters on it", "... is Poisoned", "... is
    affected by a Special Condition", "if this Pokémon has any damage counters on it", "if a Stadium is in play", "if
    any of your Pokémon were Knocked Out by damage from an attack during your opponent's last turn"), or None."""
    for words, who in (("your opponent's active pokemon", "defender"), ("this pokemon", "self")):
        m = re.fullmatch(words + r" (?:already )?has (any|\d+ or more) damage counters? on it", text)
        if m:
            n = 1 if m.group(1) == "any" else int(m.group(1).split()[0])
            return {who: {"damage_min": 10 * n}}
        if text == words + " is affected by a special condition":
            return {who: {"condition": "any"}}
        m = re.fullmatch(words + r" is (asleep|burned|confused|paralyzed|poisoned)", text)
        if m:
            return {who: {"condition": m.group(1)}}
    m = re.fullmatch(r"you have (?:at least (\d+)|(\d+) or more) (\{[a-z]\} |" + _TYPE_WORDS + r" )?energy in play", text)
    if m:
        got = {"min": int(m.group(1) or m.group(2))}
        if m.group(3):
            got["type"] = _energy_type(m.group(3).strip(), text)
        return {"energy_in_play": got}
    m = re.fullmatch(r"this pokemon has (any|\d+ or more|at least \d+) (\{[a-z]\} |" + _TYPE_WORDS + r" )?energy attached", text)
    if m:
        n = 1 if m.group(1) == "any" else int(re.search(r"\d+", m.group(1)).group(0))
        return {"self": {"energy": {"min": n, **({"type": _energy_type(m.group(2).strip(), text)} if m.group(2)
                                                  else {})}}}
    if text in _FIXED_CONDITIONS:
        return copy.deepcopy(_FIXED_CONDITIONS[text])
    return _played_named(text) or _benched_damaged(text)


_CARD_NAME = r"[A-Z][\w'.\-é]*(?: [A-Z][\w'.\-é]*)*"


def _played_named(text: str) -> Optional[dict]:
    """"you played NAME from your hand [during] this turn" (NAME as printed: a card's name, capitalized): a card of that
    name is in the player's `played_this_turn` (`{played: {name: NAME}}`), or None."""
    m = re.fullmatch(r"you played (?P<name>" + _CARD_NAME + r") from your hand (?:during )?this turn", text)
    if not m or m.group("name").split(" ")[0] in ("A", "An", "Any"):
        return None
    return {"played": {"name": m.group("name")}}


def _benched_damaged(text: str) -> Optional[dict]:
    """"(any of) your Benched F have any damage counters on them" (F as printed, or lower case): one of the player's
    Benched Pokémon that fit F has damage counters on it (`in_play` with `damaged`), or None."""
    m = re.fullmatch(r"(?:any of )?your benched (.+) (?:have|has) any damage counters on (?:them|it)", text, re.I)
    if not m:
        return None
    flt = {} if re.fullmatch(r"pok[eé]mon", m.group(1), re.I) else _card_filter(m.group(1), True)
    if flt is None:
        return None
    return {"in_play": {"side": "me", "where": "bench", **({"filter": flt} if flt else {}), "damaged": True, "min": 1}}


def _either(text: str) -> Optional[dict]:
    """"your opponent's Active Pokémon is a A or B": one condition on that Pokémon, its filter either of the two."""
    m = re.fullmatch(r"(your opponent's active pokemon is an?) (.+) or (?:an? )?(.+)", text)
    if not m:
        return None
    a, b = _condition(f"{m.group(1)} {m.group(2)}"), _condition(f"{m.group(1)} {m.group(3)}")
    if not a or not b or set(a) != {"in_play"} or set(b) != {"in_play"}:
        return None
    fa, fb = a["in_play"].pop("filter", None), b["in_play"].pop("filter", None)
    if a != b or not fa or not fb or "any_of" in fa or "any_of" in fb:
        return None
    return {"in_play": {**a["in_play"], "filter": {"any_of": [fa, fb]}}}


def _evolved_from(printed: str) -> Optional[dict]:
    """"If this Pokémon evolved from NAME during this turn, ..." (as printed: the name keeps its case) -> the
    condition {self: {evolved_from: NAME}}, or None."""
    m = re.match(r"If this Pok[eé]mon evolved from (.+?) during this turn, ", printed)
    return {"self": {"evolved_from": m.group(1)}} if m else None


def _symbols(text: str) -> str:
    """Energy symbols as printed ("{G}"), for the Trainer grammar's phrases."""
    return re.sub(r"\{([a-z])\}", lambda m: "{" + m.group(1).upper() + "}", text)


def _pokemon_filter(text: str) -> Optional[dict]:
    """"Basic non-{C} Pokémon" / "Pokémon ex" / "Ancient Pokémon": one FILTER on Pokémon (the Trainer grammar's card
    phrase), or None."""
    from .lexer import tokenize_cased
    from .phrases import P, cards
    low, printed = tokenize_cased(_symbols(text))
    p = P(low, printed)
    got = p.attempt(lambda q: cards(q, True))
    if got is None or not p.end() or len(got) != 1 or not got[0] or got[0].get("kind", "pokemon") != "pokemon":
        return None
    return {k: v for k, v in got[0].items() if k != "kind"}


def _damage_targets(text: str, amount: int) -> Optional[list]:
    """"N damage to TEXT": "1 (2) of your (opponent's) [Benched] F [that has any damage counters on it]" (chosen; 2: a
    second other one, `after`), "each of your (opponent's) [Benched] F [that ...]" or "each [Benched] Pokémon [that
    ...] (both yours and your opponent's)" (`each`) -> the `damage` steps, or None. F: "Pokémon" or a Pokémon phrase."""
    dmg = r"( that has any damage counters on it)?"
    m = re.fullmatch(r"(1|2|each) of (your opponent's|your) (Benched )?(.+?)" + dmg, text, re.I)
    if m:
        side = "opp" if m.group(2).lower() != "your" else "me"
        kind, benched, what, damaged = m.group(1), m.group(3), m.group(4), m.group(5)
    else:
        m = re.fullmatch(r"each (Benched )?(Pok[eé]mon)" + dmg + r" \(both yours and your opponent's\)", text, re.I)
        if not m:
            return None
        side, kind, benched, what, damaged = "any", "each", m.group(1), m.group(2), m.group(3)
    flt = {} if re.fullmatch(r"pok[eé]mon", what, re.I) else _card_filter(what, True)
    if flt is None:
        return None
    target: dict = {"side": side, **({"where": "bench"} if benched else {}), **({"filter": flt} if flt else {}),
                    **({"damaged": True} if damaged else {})}
    if kind == "each":
        return [{"damage": {"amount": amount, "target": {**target, "each": True}}}]
    if kind == "1":
        return [{"damage": {"amount": amount, "target": target}}]
    return [{"damage": {"amount": amount, "target": target}, "label": "first"},
            {"damage": {"amount": amount, "target": {**target, "after": "first"}}}]


def _card_filter(text: str, pokemon_only: bool) -> Optional[dict]:
    """A card phrase as printed ("Basic Energy card", "{P} Pokémon", "Supporter card that has "X" in its name", "Team
    Rocket's Pokémon") -> one FILTER (the Trainer grammar's card phrase; "Pokémon ex and Pokémon V" / "A or B": any of
    them), or None. A name made only of the game's terms ("an Ancient card") is refused: it is a kind, not a name."""
    from .lexer import term_words, tokenize_cased
    from .phrases import P, cards
    parts = re.split(r" and (?=Pok[eé]mon)", text) if pokemon_only else [text]
    alts: list = []
    for part in parts:
        low, printed = tokenize_cased(_symbols(part))
        p = P(low, printed)
        got = p.attempt(lambda q: cards(q, pokemon_only))
        if got is None or not p.end() or not got:
            return None
        for a in got:
            name = a.get("name")
            if isinstance(name, str) and all(t in term_words() for t in tokenize_cased(name)[0]):
                return None
            if pokemon_only:
                if a.get("kind", "pokemon") != "pokemon":
                    return None
                a = {k: v for k, v in a.items() if k != "kind"}
            alts.append(a)
    return alts[0] if len(alts) == 1 else {"any_of": alts}


def _count_phrase(printed: str) -> Optional[dict]:
    """What "for each X" counts when the damage is done, X as printed: "of your (opponent's) [Benched] F in play" /
    "of your (opponent's) Benched F" / "F in play (both yours and your opponent's)" (`per_in_play`: the Pokémon in play
    that fit F), or "F in your (opponent's) discard pile / hand" (`in_pile`: the cards there that fit F); None when X
    is none of these."""
    printed = re.sub(r"^(of your (?:opponent's )?(?:Benched )?Pok[eé]mon) in play (that .+)$", r"\1 \2 in play", printed)
    m = re.fullmatch(r"of (your opponent's|your) (Benched )?(.+?)( in play)?", printed)
    if m and (m.group(2) or m.group(4)):
        flt = _card_filter(m.group(3), True)
        if flt is None:
            return None
        out = {"side": "me" if m.group(1) == "your" else "opp"}
        if m.group(2):
            out["where"] = "bench"
        return {"per_in_play": {**out, **({"filter": flt} if flt else {})}}
    m = re.fullmatch(r"(.+?) on (your opponent's|your) Bench", printed)
    if m:
        flt = _card_filter(m.group(1), True)
        return None if flt is None else {"per_in_play": {"side": "me" if m.group(2) == "your" else "opp",
                                                         "where": "bench", **({"filter": flt} if flt else {})}}
    m = re.fullmatch(r"(.+?) in play \(both yours and your opponent's\)", printed) or \
        re.fullmatch(r"(.+?) \(both yours and your opponent's\) in play", printed)
    if m:
        flt = _card_filter(m.group(1), True)
        return None if flt is None else {"per_in_play": {"side": "any", **({"filter": flt} if flt else {})}}
    m = re.fullmatch(r"(.+?) in (your opponent's|your) (discard pile|hand)", printed)
    if m:
        flt = _card_filter(m.group(1), False)
        if flt is None:
            return None
        return {"in_pile": {"side": "me" if m.group(2) == "your" else "opp",
                            "zone": "discard" if m.group(3) == "discard pile" else "hand",
                            **({"filter": flt} if flt else {})}}
    return None


def _condition(text: str) -> Optional[dict]:
    """A condition on the state: one of the attack's own (`_attack_condition`), or one read by the Trainer grammar's
    condition phrase ("your opponent's Active Pokémon is a Pokémon ex"); None when neither reads all of it."""
    # "the Defending Pokémon" in a condition of the attack is the opponent's Active Pokémon it is used against
    text = re.sub(r"^the defending pokemon\b", "your opponent's active pokemon", text)
    own = _attack_condition(text)
    if own is not None:
        return own
    either = _either(text) if " or " in text else None
    if either is not None:
        return either
    from .lexer import tokenize_cased
    from .phrases import P
    from .sentences import state_condition
    low, printed = tokenize_cased(_symbols(text))
    p = P(low, printed)
    got = p.attempt(state_condition)
    return got if got is not None and p.end() else None


def _cased_condition(printed: str) -> Optional[dict]:
    """"Mightyena is on your Bench", "you have Lunatone on your Bench" (as printed: the name keeps its case) -> the
    condition the Trainer grammar's condition phrase reads in it, or None."""
    from .lexer import tokenize_cased
    from .phrases import P
    from .sentences import state_condition
    benched = _benched_damaged(printed)
    if benched is not None:
        return benched
    low, cased = tokenize_cased(_symbols(printed))
    p = P(low, cased)
    got = p.attempt(state_condition)
    return got if got is not None and p.end() else None


def _low(text: str) -> str:
    """A sentence in lower case without accents on "Pokémon" and without its full stop."""
    return normalize(text).replace("é", "e").replace("É", "E").lower().rstrip(".").strip()


def _generic(texts: List[str]) -> Optional[list]:
    """A run of sentences that do not speak of the attack, read by the Trainer grammar: its plain steps."""
    from . import translate
    t = translate("item", " ".join(texts))
    if not t.supported:
        return None
    eff = t.fields.get("effect")
    if set(t.fields) != {"effect"} or not isinstance(eff, dict) or not eff.get("do") or not set(eff) <= {"do", "then"}:
        return None
    # "A. Then, B." / "A. If you do, B.": in an attack every step is done as far as it can be (X3), so the `then` part
    # (T1) follows the others in the one list, its `if_done` kept
    return list(eff["do"]) + list(eff.get("then") or [])


_MARKER = re.compile(r"\s*\(You can't use more than 1 (VSTAR Power|GX attack) in a game\.\)\s*$")
_AND_DAMAGE = re.compile(r"([A-Z][^,]*), and (this attack (?:also )?does .+)")


def _split_and(sent):
    """"STEP, and this attack does ...": the two sentences "STEP." and "This attack does ..." in that order (STEP a
    plain clause, no condition, connective or comma before the "and", so that nothing of it reaches the second); the
    unsupported one is quoted as printed."""
    from .lexer import Sentence, tokenize_cased
    m = _AND_DAMAGE.fullmatch(sent.text)
    if not m or re.match(r"(?:If|When|For|Then|Once|During|Before|After|As)\b", m.group(1)):
        return (sent,)
    first, second = m.group(1) + ".", m.group(2)[:1].upper() + m.group(2)[1:]
    return tuple(Sentence(t, *tokenize_cased(t)) for t in (first, second))


def translate_attack(text: str, attack: str, damage: int = 0, damage_mod: Optional[str] = None,
                     cost: Optional[int] = None) -> Translation:
    """The attack fields (`effect`, `damage_times`) for an attack's English effect text, or its untranslated
    sentences. `attack`: the attack's name (a lasting effect is named after it); `damage`, `damage_mod`: the
    printed damage (30, "+" / "x" / "-" / None), which what the text says must agree with; `cost`: the number of
    Energy in the attack's printed cost (None: not known, and "extra Energy ... (in addition to this attack's cost)"
    is not read)."""
    # "(You can't use more than 1 VSTAR Power / GX attack in a game.)" closing the text: the attack is that power,
    # once per game (ATK1, `vstar` / `gx`); the rest of the text is its effect
    marker = None
    mk = _MARKER.search(text)
    if mk:
        marker, text = ("vstar" if mk.group(1).lower().startswith("vstar") else "gx"), text[:mk.start()]
    sents, skipped = sentences(text)
    if not sents:
        if marker and check_attack(attack, damage, damage_mod, {marker: True}) is None and damage_mod is None:
            return Translation(fields={marker: True})
        return Translation(unsupported=(text,) if text.strip() else ("(no text)",), skipped=skipped)
    origin = {x.text: sent.text for sent in sents for x in _split_and(sent) if x is not sent}
    sents = tuple(x for sent in sents for x in _split_and(sent))

    def every() -> tuple:
        """Every sentence, as printed."""
        return tuple(dict.fromkeys(origin.get(x.text, x.text) for x in sents))
    r = _Reader(attack, damage, damage_mod)
    unsupported: list = []
    run: list = []      # sentences for the Trainer grammar, waiting for the run to end
    start = [0]         # where in the attack's steps the run's steps go

    def flush() -> None:
        if run:
            steps = _generic([s.text for s in run])
            if steps is None:
                unsupported.extend(s.printed for s in run)
            else:
                r.items[start[0]:start[0]] = steps
            run.clear()

    for sent in sents:
        body = sent.text
        for rem in skipped:
            body = body.replace(normalize(rem), " ")
        low = re.sub(r"\s+", " ", _low(body))
        if cost is not None:
            # "at least N extra Energy attached (in addition to this attack's cost)": the Energy attached, each
            # Energy a card provides counted, is at least the printed cost's plus N
            low = re.sub(r"has at least (\d+) extra energy attached \(in addition to this attack's cost\)",
                         lambda m: f"has at least {cost + int(m.group(1))} energy attached", low)
        if _OWN.search(low):
            flush()     # a sentence about the attack may refer to the steps before it
        try:
            # read on a copy first: the Trainer-grammar run before it must give its steps first ("Discard ... from
            # your hand. This attack does 50 damage for each card you discarded in this way.")
            r.printed = re.sub(r"\s+", " ", normalize(body)).strip().rstrip(".")   # names keep their case
            r.pending = bool(run)
            copy.deepcopy(r).sentence(low)
            flush()
            r.sentence(low)
        except _No:
            # "this Pokémon" in an attack is the Attacking Pokémon, your Active Pokémon: a sentence that names no
            # other of the attack's terms is the Trainer grammar's with "your Active Pokémon" (Pikachu's Charge)
            mine = _THIS.sub("your Active Pokémon", sent.text)
            if not _OWN.search(low) or (mine != sent.text and not _OWN.search(_low(mine))
                                        and "your active pokemon" not in low):
                if not run:
                    start[0] = len(r.items)
                run.append(_Sent(mine, sent.text))
                continue
            if _OWN.search(low):
                flush()
                unsupported.append(sent.text)
    flush()
    if r.bonus is not None and r.times is None:     # "You may do N more damage." with no "If you do, ..."
        unsupported.extend(x.text for x in sents if re.match(r"You may do \d+ more damage", x.text))
    if r.chosen is not None and r.chosen != ("done",):     # the Pokémon chosen, and nothing said of it
        unsupported.extend(x.text for x in sents if re.search(r"[Cc]hoose (?:1|a) of your opponent's", x.text))
    if r.pick == "pending":      # the random card chosen, and nothing said of it
        unsupported.extend(x.text for x in sents if "random card from your opponent" in x.text)
    if r.smoke == "pending":     # the Smokescreen sentence without its "If tails, that attack doesn't happen."
        unsupported.extend(x.text for x in sents if re.search(r"tries to (?:use an )?attack", x.text))
    if unsupported:
        # a half of a split sentence is quoted as the sentence printed
        return Translation(unsupported=tuple(dict.fromkeys(origin.get(u, u) for u in unsupported)), skipped=skipped)
    # a printed "+" / "x" with nothing that says what it counts, or a flip nothing reads: not this grammar's
    if (damage_mod is not None or r.per) != (r.times is not None) or (r.per and damage_mod is not None):
        return Translation(unsupported=every(), skipped=skipped)
    for it in r.items:
        f = it.get("flip")
        if f is not None and "heads" not in f and "tails" not in f and "each_heads" not in f \
                and not (r.times or {}).get("heads"):
            return Translation(unsupported=every(), skipped=skipped)
    if sum(1 for it in r.items if "modifier" in it) > 1:
        return Translation(unsupported=every(), skipped=skipped)
    fields: dict = {}
    if marker:
        fields[marker] = True
    if r.times is not None:
        fields["damage_times"] = r.times
    if r.ignores:
        fields["ignores"] = r.ignores
    if r.before:
        fields["before_damage"] = r.before
    if r.conditions or r.first_turn:
        fields["effect"] = {**({"condition": r.conditions} if r.conditions else {}),
                            **({"first_turn_allowed": True} if r.first_turn else {}),
                            **({"do": r.items} if r.items else {})}
    elif r.items:
        fields["effect"] = r.items
    if check_attack(attack, damage, damage_mod, fields) is not None:
        return Translation(unsupported=every(), skipped=skipped)
    return Translation(fields=fields, skipped=skipped)


def check_attack(attack: str, damage: int, damage_mod: Optional[str], fields: dict) -> Optional[str]:
    """None when the library's own reader accepts a Pokémon with this attack, else its error."""
    from ...read import yamlsrc
    from ...read.errors import InputError
    from ..schema import parse_cards
    from .yamlout import flow
    card = {"name": "Card", "kind": "pokemon", "stage": "basic", "hp": 100, "types": ["colorless"], "retreat": 1,
            "attacks": [{"name": attack, "cost": [], "damage": damage, **({"damage_mod": damage_mod} if damage_mod else {}), **fields}]}
    try:
        parse_cards(yamlsrc.parse(flow([card]), "<translation>"), "<translation>", "cards")
    except InputError as e:
        return str(e)
    return None
