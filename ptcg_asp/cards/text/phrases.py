"""The noun phrases of card text: counts, card filters, piles, players and Pokémon targets.

A hand-written recursive-descent parser over the lexer's tokens. Every rule either returns its value
and advances, or raises `Fail` and leaves the position where it was (`P.attempt`). The sentence rules
(`sentences.py`) are built from these.
"""
from __future__ import annotations

from typing import Callable, Optional

from .lexer import term_words

SYMBOLS = {"{G}": "grass", "{R}": "fire", "{W}": "water", "{L}": "lightning", "{P}": "psychic", "{F}": "fighting",
           "{D}": "darkness", "{M}": "metal", "{N}": "dragon", "{C}": "colorless", "{Y}": "fairy"}
TYPE_WORDS = {"grass": "grass", "fire": "fire", "water": "water", "lightning": "lightning", "psychic": "psychic",
              "fighting": "fighting", "darkness": "darkness", "metal": "metal", "dragon": "dragon",
              "colorless": "colorless", "fairy": "fairy"}
# Words before "Pokémon" that name a tag of the vocabulary ("Tera Pokémon", "Fusion Strike Pokémon").
TAG_WORDS = (("fusion strike", "fusion_strike"), ("rapid strike", "rapid_strike"), ("single strike", "single_strike"),
             ("tera", "tera"), ("radiant", "radiant"), ("galarian", "galarian"), ("ancient", "ancient"),
             ("future", "future"), ("mega evolution", "mega"))
_TAG_PHRASES = frozenset(w for w, _ in TAG_WORDS)
# Words after "Pokémon" ("Pokémon ex", "Pokémon V", "Pokémon-GX").
SUFFIX_TAGS = {"ex": "ex", "v": "v", "vstar": "vstar", "vmax": "vmax", "gx": "gx"}
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


class Fail(Exception):
    """The rule does not match here."""


class P:
    """A position in one sentence's tokens (or several sentences' joined by '.')."""

    def __init__(self, tokens: tuple, printed: tuple = ()):
        self.toks = tokens
        self.printed = printed if len(printed) == len(tokens) else tokens
        self.i = 0
        self.stadium = False  # a Stadium's text: "their" is the player using it ("that player")
        self.own: tuple = ()  # the card's own name as tokens ("this Caretaker")
        self.past = ""        # the verb of "If you VERBed ... in this way" in the sentence being read

    def end(self) -> bool:
        return self.i >= len(self.toks)

    def peek(self, k: int = 0) -> Optional[str]:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def lit(self, *phrases: str) -> Optional[str]:
        """Match the first of the phrases (space-separated tokens); the phrase matched, or None."""
        for phrase in phrases:
            words = phrase.split(" ")
            if list(self.toks[self.i:self.i + len(words)]) == words:
                self.i += len(words)
                return phrase
        return None

    def want(self, *phrases: str) -> str:
        found = self.lit(*phrases)
        if found is None:
            raise Fail(phrases)
        return found

    def number(self) -> int:
        tok = self.peek()
        if tok is not None and tok.isdigit():
            self.i += 1
            return int(tok)
        raise Fail("number")

    def attempt(self, rule: Callable, *args):
        """The rule's value, or None with the position restored."""
        start = self.i
        try:
            return rule(self, *args)
        except Fail:
            self.i = start
            return None

    def first(self, *rules: Callable):
        """Ordered choice."""
        for rule in rules:
            value = self.attempt(rule)
            if value is not None:
                return value
        raise Fail("no alternative")


def flt(alternatives: list) -> dict:
    """Filter alternatives (a list of dicts) as a vocabulary FILTER."""
    alts = [a for a in alternatives]
    if len(alts) == 1:
        return dict(alts[0])
    return {"any_of": [dict(a) for a in alts]}


# ---- counts --------------------------------------------------------------------------------------

def count(p: P):
    """(count, up_to): "a", "1", "2 other", "up to 2", "any number of", "all"."""
    if p.lit("up to that many"):
        return ({"moved": "$anchor"}, True)   # as many as the step before moved (its label, set when assembled)
    if p.lit("up to"):
        n = p.number()
        return (n, True)
    if p.lit("any number of"):
        return ("any", False)
    if p.lit("another"):
        return (1, False)
    if p.lit("all"):
        return ("all", False)
    tok = p.peek()
    if tok in NUMBER_WORDS:
        p.i += 1
        return (NUMBER_WORDS[tok], False)
    n = p.number()
    p.lit("other")
    return (n, False)


# ---- card filters --------------------------------------------------------------------------------

def _types(p: P) -> list:
    """One type, or "Psychic or Dragon" (alternatives sharing the rest of the phrase)."""
    def one(q: P) -> str:
        tok = q.peek()
        if tok in SYMBOLS:
            q.i += 1
            return SYMBOLS[tok]
        if tok in TYPE_WORDS:
            q.i += 1
            return TYPE_WORDS[tok]
        raise Fail("type")
    out = [one(p)]
    save = p.i
    listed: list = []
    while p.lit(","):
        # "{G}, {R}, {W}, or {L} Pokémon": a list of types closed by ", or" (or "or"); read only when closed
        more = p.attempt(one)
        if more is None or p.peek() != ",":
            break
        listed.append(more)
    if listed and p.lit("or"):
        last = p.attempt(one)
        if last is not None:
            out += listed + [last]
            save = p.i
    p.i = save
    while True:
        save = p.i
        if p.lit("or"):
            more = p.attempt(one)
            if more is not None:
                out.append(more)
                continue
        p.i = save
        if len(set(out)) != len(out):
            raise Fail("a type twice")
        return out


NOT_OWNERS = frozenset(("your", "their", "opponent", "pokemon", "this", "that", "each", "player", "card", "its", "basic",
                        "special", "evolution", "stage", "tera", "radiant", "galarian", "strike", "fusion", "rapid",
                        "single", "attacking", "defending", "active", "benched") + tuple(TYPE_WORDS))


def _owner(p: P) -> Optional[str]:
    """"Team Rocket's", "Hop's", "N's" before a card head: a name the card's name contains (prims: name_contains)."""
    for n in (1, 2):
        words = p.toks[p.i:p.i + n]
        if len(words) == n and p.peek(n) == "'s" and all(w.isalpha() and w not in NOT_OWNERS for w in words):
            printed = p.printed[p.i:p.i + n]
            if not all(w[:1].isupper() for w in printed):
                return None
            p.i += n + 1
            return " ".join(printed) + "'s"
    return None


HEAD_WORDS = frozenset(("pokemon", "basic", "special", "item", "items", "supporter", "supporters", "stadium", "trainer",
                        "tool", "tools", "evolution", "stage", "card", "cards", "a", "an", "up", "to", "any", "all"))


# what may follow a Pokémon named without "card" ("Search your deck for a Shedinja and put it onto your Bench")
_NAME_ENDS = ("and", "or", ",", "in")


def named_cards(p: P) -> list:
    """Cards named by their printed name: "Nemona cards", "Rare Fossil cards", "Single Strike Energy cards", "Ethan's
    Adventure card" (a possessive inside the name); a name without "card" only before "and", "or", "," or "in" ("a
    Shedinja and put it onto your Bench", "Solrock in play"), its words all capitalized."""
    j = p.i
    while j < len(p.toks) and p.toks[j] not in ("card", "cards") and j - p.i < 4:
        if p.toks[j] == "'s" and j > p.i and j + 1 < len(p.toks) and p.printed[j + 1][:1].isupper():
            j += 1
            continue
        if not p.printed[j][:1].isupper() or p.toks[j] in HEAD_WORDS or p.toks[j] in SYMBOLS:
            if j > p.i and p.toks[j] in _NAME_ENDS:
                break
            raise Fail("a name")
        j += 1
    bare = j < len(p.toks) and p.toks[j] in _NAME_ENDS
    if j == p.i or (j >= len(p.toks) or p.toks[j] not in ("card", "cards")) and not bare:
        raise Fail("a name")
    if bare and all(t in term_words() for t in p.toks[p.i:j]):
        raise Fail("a kind of card, not a name")   # "a Fossil and ...", "a Technical Machine and ..."
    if " ".join(p.toks[p.i:j]) in _TAG_PHRASES:
        # "a Single Strike card", "an Ancient card": a mark some cards carry (TAG_WORDS), not a card's name
        raise Fail("a tag, not a name")
    name = " ".join(p.printed[p.i:j]).replace(" 's", "'s")
    p.i = j if bare else j + 1
    return [{"name": name}]


def card_phrase(p: P, pokemon_only: bool = False) -> list:
    """A card description -> filter alternatives (list of dicts).

    [basic|special|evolution|stage N|TYPE(s)|TAG]* HEAD [with N HP or less|that doesn't have a Rule Box|...]*
    HEAD: Pokémon [ex|V|...], Energy [card(s)], Item / Pokémon Tool / Supporter / Stadium / Trainer [card(s)], card(s).
    """
    basic = special = False
    conds: dict = {}
    types: list = []
    while True:
        owner = _owner(p)
        if owner is not None:
            conds["name_contains"] = owner
        elif p.peek() == "non" and p.peek(1) == "-" and (p.peek(2) in SYMBOLS or p.peek(2) in TYPE_WORDS):
            # "non-{D} Pokémon": not of that type
            if "not" in conds:
                raise Fail("two negations")
            conds["not"] = {"type": SYMBOLS.get(p.peek(2)) or TYPE_WORDS[p.peek(2)]}
            p.i += 3
        elif (p.peek() or "").startswith("non-") and p.peek()[4:] in TYPE_WORDS:
            if "not" in conds:
                raise Fail("two negations")
            conds["not"] = {"type": TYPE_WORDS[p.peek()[4:]]}
            p.i += 1
        elif p.lit("basic"):
            basic = True
        elif p.lit("special"):
            special = True
        elif p.lit("evolution"):
            conds["stage"] = "evolution"
        elif p.lit("stage"):
            n = p.number()
            if n not in (1, 2):
                raise Fail("stage")
            conds["stage"] = f"stage{n}"
            if p.toks[p.i:p.i + 2] == ("or", "stage") and (p.peek(2) or "") in ("1", "2"):
                # "Stage 1 or Stage 2 Pokémon": alternatives sharing the rest of the phrase
                stages = [conds["stage"], f"stage{p.peek(2)}"]
                p.i += 3
                conds["stage"] = "$stages"
                conds["$stages"] = stages
        elif p.peek() in SYMBOLS or (p.peek() in TYPE_WORDS and p.peek(1) != "'s"):
            if types:
                raise Fail("two types")
            types = _types(p)
        else:
            tag = next((t for w, t in TAG_WORDS if p.lit(w)), None)
            if tag is None:
                break
            conds["tag"] = tag
    if p.lit("pokemon tool card", "pokemon tool cards", "pokemon tools", "pokemon tool"):
        head = "tool"
    elif p.lit("pokemon"):
        head = "pokemon"
        suffix = p.peek()
        if suffix == "ex" and conds.get("tag") in ("mega", "tera"):
            # "Mega Evolution Pokémon ex", "Tera Pokémon ex": every Mega Evolution / Tera Pokémon is a Pokémon ex
            # (prims: tag mega; the Tera Pokémon of the Scarlet & Violet series are all Pokémon ex)
            p.i += 1
        elif suffix in SUFFIX_TAGS:
            if "tag" in conds:
                raise Fail("two tags")
            p.i += 1
            conds["tag"] = SUFFIX_TAGS[suffix]
    elif p.lit("energy card", "energy cards", "energy"):
        head = "energy"
    elif p.lit("item card", "item cards"):
        head = "item"
    elif p.lit("supporter card", "supporter cards"):
        head = "supporter"
    elif p.lit("stadium card", "stadium cards"):
        head = "stadium"
    elif p.lit("trainer card", "trainer cards"):
        head = "trainer"
    elif p.lit("card", "cards"):
        head = "card"
    else:
        raise Fail("card head")
    if pokemon_only and head != "pokemon":
        raise Fail("a Pokémon")
    if head == "pokemon":
        if special:
            raise Fail("special Pokémon")
        if basic:
            if "stage" in conds:
                raise Fail("basic and stage")
            conds["stage"] = "basic"
        if not pokemon_only:
            conds = {"kind": "pokemon", **conds}
    elif head == "energy":
        if "stage" in conds or "tag" in conds or (basic and special):
            raise Fail("energy with a stage or tag")
        # "Basic {R} Energy", and "{R} Energy card" (a typed Energy card is a basic one: docs/vocabulary.md)
        conds["kind"] = "special_energy" if special else "basic_energy" if (basic or types) else "energy"
    else:
        if basic or special or types or set(conds) - {"tag", "name_contains"} or \
                (conds.get("tag") not in (None, "single_strike", "rapid_strike", "fusion_strike")):
            raise Fail("a trainer with Pokémon words")
        if "tag" in conds:
            # "a Single Strike card", "Rapid Strike Supporter card", "Fusion Strike Trainer cards": the card data marks
            # no Trainer or Energy card with its Single / Rapid / Fusion Strike mark (docs/importing.md; the pool's
            # Single Strike Style Mustard has no tag), so such a filter would silently miss them: not read
            raise Fail("a Single / Rapid / Fusion Strike card that is not a Pokémon")
        if head != "card":
            conds["kind"] = head
    # post-modifiers
    while True:
        if p.lit("with galarian in its name"):
            conds["tag"] = "galarian"
        elif p.peek() == "with" and (p.peek(1) or "").startswith('"') and p.peek(2) == "in":
            # "with "Hop's" in its name"
            p.i += 1
            conds["name_contains"] = p.printed[p.i].strip('"')
            p.i += 1
            p.want("in its name", "in their name", "in their names")
        elif p.peek() in ("that", "with") and p.peek(1) in ("has", "have") and (p.peek(2) or "").startswith('"'):
            p.i += 2
            conds["name_contains"] = p.printed[p.i].strip('"')
            p.i += 1
            p.want("in its name", "in their name", "in their names")
        elif head in ("pokemon", "card") and p.peek() == "that" and p.peek(1) in ("evolves", "evolve") and \
                p.peek(2) == "from" and (p.printed[p.i + 3:p.i + 4] or ["x"])[0][:1].isupper():
            # "Pokémon that evolve from Eevee": the printed "evolves from" name (C3: names only)
            j = p.i + 3
            while j < len(p.toks) and p.printed[j][:1].isupper():
                j += 1
            conds["evolves_from"] = " ".join(p.printed[p.i + 3:j])
            p.i = j
        elif p.lit("with a rule box", "that has a rule box", "that have a rule box"):
            conds["has"] = "rule_box"
        elif head == "pokemon" and p.lit("with abilities", "with an ability", "that has an ability", "that have abilities",
                                         "that have an ability", "that has abilities"):
            conds["has"] = "ability"
        elif p.attempt(_hp_bound, conds) is not None:
            pass
        elif p.attempt(_each_hp_bound, conds) is not None:
            pass
        elif head == "pokemon" and p.peek() in ("that", "who") and p.peek(1) in ("isn't", "aren't") and \
                p.peek(2) in ("a", "an") and p.peek(3) == "pokemon" and p.peek(4) in SUFFIX_TAGS:
            # "that isn't a Pokémon-GX", "that isn't a Pokémon V or a Pokémon-GX": of none of those tags
            if "not" in conds:
                raise Fail("two negations")
            tags = [SUFFIX_TAGS[p.peek(4)]]
            p.i += 5
            while p.peek() == "or" and p.peek(1) in ("a", "an") and p.peek(2) == "pokemon" and p.peek(3) in SUFFIX_TAGS:
                tags.append(SUFFIX_TAGS[p.peek(3)])
                p.i += 4
            conds["not"] = {"tag": tags[0] if len(tags) == 1 else tags}
        elif p.lit("that doesn't have a rule box", "that don't have a rule box", "that do not have a rule box"):
            if "not" in conds:
                raise Fail("two negations")
            conds["not"] = {"has": "rule_box"}
        elif p.lit("that has no abilities", "that have no abilities", "with no abilities"):
            if "not" in conds:
                raise Fail("two negations")
            conds["not"] = {"has": "ability"}
        elif head == "pokemon" and p.lit("that has no retreat cost", "that have no retreat cost",
                                         "with no retreat cost"):
            conds["retreat_max"] = 0
        elif p.lit("with the same name as 1 of your opponent's pokemon in play",
                   "with the same name as 1 of your opponent's pokemon"):
            conds["same_name_in_play"] = "opp"   # prims: names of the top cards in play when the card is played
        elif p.lit("with the same name as 1 of your pokemon in play"):
            conds["same_name_in_play"] = "me"
        else:
            break
    if "$stages" in conds:
        stages = conds.pop("$stages")
        if types or head != "pokemon":
            raise Fail("stages with types")
        return [{**conds, "stage": st} for st in stages]
    if not types:
        return [conds]
    return [{**conds, "type": t} for t in types]


def _each_hp_bound(p: P, conds: dict) -> bool:
    """", each with 90 HP or less,"."""
    p.want(", each")
    _hp_bound(p, conds)
    p.want(",")
    return True


def _hp_bound(p: P, conds: dict) -> bool:
    """"with 70 HP or less" / "with 100 HP or more"."""
    p.want("with")
    n = p.number()
    bound = p.want("hp or less", "hp or more")
    conds["hp_max" if bound.endswith("less") else "hp_min"] = n
    return True


def _ordered(alt: dict) -> dict:
    """kind first, then the other conditions, as the hand-written cards write them."""
    return {k: alt[k] for k in sorted(alt, key=lambda k: (k != "kind", k))}


def _card_phrase(p: P, pokemon_only: bool = False) -> list:
    got = p.attempt(card_phrase, pokemon_only)
    if got is not None:
        return got
    if pokemon_only:
        raise Fail("a Pokémon")
    return named_cards(p)


def _except_name(p: P) -> str:
    """The printed card name before the closing comma of ", except for NAME,"."""
    j = p.i
    while j < len(p.toks) and p.toks[j] != ",":
        j += 1
    if j == p.i or j >= len(p.toks) or not all(w[:1].isupper() or w == "'s" for w in p.printed[p.i:j]):
        raise Fail("a card name")
    name = " ".join(p.printed[p.i:j]).replace(" 's", "'s")
    p.i = j + 1
    return name


def cards(p: P, pokemon_only: bool = False) -> list:
    """A card phrase, "A or B", or "in any combination of A and B" -> filter alternatives."""
    if p.lit("in any combination of"):
        alts = _card_phrase(p, pokemon_only)
        while True:
            save = p.i
            if p.lit(", and", "and", ","):
                more = p.attempt(_card_phrase, pokemon_only)
                if more is not None:
                    alts += more
                    continue
            p.i = save
            break
        if len(alts) < 2:
            raise Fail("a combination of two or more")
        if p.lit(", except for"):
            # ", except for Team Yell's Cheer,": a card of that name does not count
            name = _except_name(p)
            if any("not" in a for a in alts):
                raise Fail("two negations")
            alts = [{**a, "not": {"name": name}} for a in alts]
        return [_ordered(a) for a in alts]
    alts = _card_phrase(p, pokemon_only)
    while True:
        save = p.i
        if p.lit("or"):
            p.lit("a", "an")
            more = p.attempt(_card_phrase, pokemon_only)
            if more is not None:
                alts += more
                continue
        p.i = save
        return [_ordered(a) for a in alts]


# ---- players, piles, targets -----------------------------------------------------------------------

def poss(p: P, who: str) -> str:
    """A possessive -> the player: "your" (the subject's own when the subject is "you"), "your opponent's",
    "their" (the subject's)."""
    if p.lit("your opponent's"):
        return "opp"
    if p.lit("your"):
        return "me" if who in ("me",) else _fail("your in a third-person clause")
    if p.lit("their", "his or her"):
        if who == "me" and not p.stadium:
            raise Fail("'their' in a clause about you")  # whose? (the phrase must say, e.g. "your opponent's")
        return who
    raise Fail("possessive")


def this_card(p: P) -> bool:
    """"this card" or "this NAME" with the card's own name."""
    if p.lit("this card"):
        return True
    p.want("this")
    if not p.own or tuple(p.toks[p.i:p.i + len(p.own)]) != p.own:
        raise Fail("this card's name")
    p.i += len(p.own)
    return True


def _fail(why: str):
    raise Fail(why)


def pile(p: P, who: str) -> tuple:
    """(player, pile): "your hand", "your discard pile", "your deck", "your opponent's hand", ..."""
    owner = poss(p, who)
    if who == "each" and owner == "each":
        # "Both players shuffle their hands into their decks": each one's own pile (the plural of "their hand")
        name = p.lit("discard piles", "hands", "decks")
        if name is not None:
            return owner, {"discard piles": "discard", "hands": "hand", "decks": "deck"}[name]
    name = p.want("discard pile", "hand", "deck")
    return owner, {"discard pile": "discard"}.get(name, name)


def _target_post(p: P, out: dict) -> dict:
    """"that has any damage counters on it", "that has 30 HP or less remaining", "that has 2 or more Energy attached"."""
    while True:
        if p.lit("that has any damage counters on it", "that have any damage counters on them",
                 "that has damage counters on it", "that have damage counters on them"):
            out["damaged"] = True
        elif p.lit("that have energy attached", "that has energy attached", "that have any energy attached",
                   "that has any energy attached"):
            out["attached"] = {"filter": {"kind": "energy"}, "min": 1}
        elif p.attempt(_hp_left, out) is not None or p.attempt(_energy_attached, out) is not None:
            pass
        else:
            return out


def _energy_attached(p: P, out: dict) -> bool:
    """"that has 3 or more Energy attached" / "that has at least 2 Energy attached"."""
    p.want("that has", "that have")
    if p.lit("at least"):
        n = p.number()
    else:
        n = p.number()
        p.want("or more")
    start = p.i
    alts = cards(p)
    if len(alts) != 1 or alts[0].get("kind") not in ("energy", "basic_energy", "special_energy"):
        raise Fail("Energy")
    p.want("attached")
    out["attached"] = {"filter": _provided_type(p, start, alts[0]), "min": n}
    return True


def _provided_type(p: P, start: int, f: dict) -> dict:
    """Energy attached to a Pokémon: "{R} Energy" (no "Basic", no "card") is any Energy that provides {R} -- a
    Special Energy that provides it counts (Heat Fire Energy, Fusion Strike Energy) -- not only a basic one, the
    reading of a typed Energy *card* in a pile (card_phrase). The tokens read since `start` tell which was said."""
    said = p.toks[start:p.i]
    if f.get("kind") == "basic_energy" and "type" in f and "basic" not in said and \
            not {"card", "cards"} & set(said):
        return {**f, "kind": "energy"}
    return f


def _hp_left(p: P, out: dict) -> bool:
    p.want("that has", "that have")
    n = p.number()
    p.want("hp or less remaining")
    out["hp_left_max"] = n
    return True


def target(p: P, who: str) -> dict:
    """One Pokémon in play: "1 of your Benched Pokémon", "your Active Pokémon", "1 of your opponent's Pokémon V";
    or every one that fits: "each of your {L} Pokémon"."""
    each = False
    if p.lit("each pokemon ( both yours and your opponent's )"):
        return {"side": "any", "each": True}
    if p.lit("both active pokemon"):
        return {"side": "any", "where": "active", "each": True}
    if p.lit("the new active pokemon", "your opponent's new active pokemon", "your new active pokemon"):
        return {"ref": "$new_active"}   # after a switch or a gust (resolved when assembled)
    if who == "me" and p.lit("the pokemon you moved to your bench"):
        return {"ref_benched": "$switched"}   # the one your switch before moved to the Bench (resolved when assembled)
    if p.lit("1 of") or (p.lit("each of") and (each := True)):
        side = poss(p, who)
        where = "bench" if p.lit("benched") else "any"
        alts = p.attempt(cards, True)
        if alts is None or len(alts) != 1:
            raise Fail("the Pokémon")
        while each and alts[-1] and p.peek() == "and":
            # "each of their Metal Pokémon and Dragon Pokémon": every one that fits either
            save = p.i
            p.i += 1
            more = p.attempt(cards, True)
            if more is None or len(more) != 1 or not more[0]:
                p.i = save
                break
            alts = alts + more
        out = {"side": side}
        if where != "any":
            out["where"] = where
        if len(alts) > 1:
            out["filter"] = flt(alts)
        elif alts[0]:
            out["filter"] = alts[0]
        if each:
            out["each"] = True
        return _target_post(p, out)
    side = poss(p, who)
    p.want("active")
    alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one Active Pokémon")
    out = {"side": side, "where": "active"}
    if alts[0]:
        out["filter"] = alts[0]
    return _target_post(p, out)


def attached_cards(p: P) -> dict:
    """What is attached: "an Energy", "a Basic Energy", "a Special Energy", "a Pokémon Tool", or two of them joined by
    "or" ("a Pokémon Tool or Special Energy card": a card that is either, `any_of`)."""
    first = _attached_one(p)
    save = p.i
    if p.lit("or"):
        p.lit("a", "an")
        second = p.attempt(_attached_one)
        if second is not None and second != first:
            return {"any_of": [first, second]}
    p.i = save
    return first


def _attached_one(p: P) -> dict:
    if p.lit("pokemon tool card", "pokemon tool cards", "pokemon tool", "pokemon tools"):
        return {"kind": "tool"}
    start = p.i
    alts = _card_phrase(p)
    if len(alts) != 1 or alts[0].get("kind") not in ("energy", "basic_energy", "special_energy") or \
            set(alts[0]) - {"kind", "type"}:
        raise Fail("attached Energy")
    return _provided_type(p, start, alts[0])
