"""Sentences of lasting card text: what a Tool does for the Pokémon it is attached to, what a Stadium does to
every Pokémon in play, what a Special Energy provides and does while attached (PASSIVE entries of
docs/vocabulary.md: damage_change, hp_change, retreat_change, cost_change, prize_change, when_damaged,
when_knocked_out, endure, provides_if, no_abilities, no_tool_effects, no_weakness, no_special_conditions, no_healing,
protect, discard_at_end_of_turn), and the Special Energy fields said in two sentences (only_attach_to; Twin Energy's
provision).

The general form is `lasting` (further down), read compositionally: subject phrases x predicate phrases x conditions,

    lasting   := [CONDITION ","] (SUBJECT PREDICATES | EMBEDDED [", and" ["it"] PREDICATES]) [", except" F]
    CONDITION := "If you have more/fewer Prize cards remaining than your opponent" | "As long as / If the Pokémon this
                 card is attached to is in the Active Spot / on your Bench" (then SUBJECT may be "it") | ...
    SUBJECT   := holder | everyone (a Stadium) | "If" holder HOLDER-CONDITION ("," "it" | "and")
    EMBEDDED  := ("The attacks of" | "Attacks used by") REACH ["cost {C} less and"] "do N more damage to ..." | ... "cost
                 {C} less" | "The Retreat Cost of" REACH "is {C}.. less/more"
    holder    := "the" [POKEMON-PHRASE] "this card is attached to"          (a Tool's or Special Energy's holder)
    everyone  := ["each"|"all"] [POKEMON-PHRASE] ["in play"] "(both yours and your opponent's)"   (a Stadium's reach)

and `prevent_all_damage` ("[CONDITION,] Prevent all damage done to SUBJECT by attacks [from ...]") shares its parts. The
rules kept before it read shapes of their own: one-shot Berries, reactions, Retreat Costs of both Active Pokémon,
"When ... uses an attack, that attack costs 1 Energy less", Knock Out triggers, protections, provisions.
"""
from __future__ import annotations

from typing import Optional

from .phrases import P, Fail, SYMBOLS, TYPE_WORDS, cards, flt
from .sentences import Part

CONDITION_WORDS = ("poisoned", "burned", "asleep", "confused", "paralyzed")
BOTH = "( both yours and your opponent's )"


def _pokemon(p: P) -> dict:
    """An optional Pokémon phrase ("Stage 2 Pokémon", "Hop's Pokémon", "{M} Pokémon") -> its filter."""
    alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    return alts[0]


def _card_name(p: P) -> dict:
    """A Pokémon's printed name before "this card is attached to" ("Zamazenta V") -> a name filter."""
    j = p.i
    while j < len(p.toks) and p.toks[j] != "this" and j - p.i < 4:
        if not p.printed[j][:1].isupper() and not (j > p.i and p.toks[j] == "ex" and p.toks[j + 1:j + 2] == ("this",)):
            raise Fail("a name")   # a name is capitalized, but for the closing "ex" of a Pokémon ex ("Pikachu ex")
        j += 1
    if j == p.i or p.toks[j:j + 1] != ("this",):
        raise Fail("a name")
    name = " ".join(p.printed[p.i:j])
    p.i = j
    return {"name": name}


def holder(p: P) -> dict:
    """The [Poisoned] [F] Pokémon this card is attached to / the Zamazenta V this card is attached to -> reach
    fields (holder, holder_condition)."""
    p.want("the")
    out: dict = {}
    cond = p.lit(*CONDITION_WORDS)
    if cond:
        out["holder_condition"] = cond
    f = p.attempt(_pokemon)
    if f is None:
        f = _card_name(p)
    p.lit("that")
    p.want("this card is attached to")
    if f:
        out["holder"] = f
    return out




def _prize_if(p: P) -> dict:
    if p.lit("if you have more prize cards remaining than your opponent ,"):
        return {"if": {"prizes_remaining": "more"}}
    p.want("if you have fewer prize cards remaining than your opponent ,")
    return {"if": {"prizes_remaining": "fewer"}}






def _prize_count_if(p: P) -> dict:
    from .sentences import state_condition
    p.want("if")
    cond = state_condition(p)
    if set(cond) != {"prizes"} or "one_of" in cond["prizes"]:
        raise Fail("a count of Prize cards")
    p.want(",")
    return {"if": cond}


def everyone(p: P) -> dict:
    """A Stadium's reach: "[each|all] [Active|Benched] F Pokémon [in play] [that has any Energy attached] (both yours and
    your opponent's)", or "Each player's [Active|Benched] F Pokémon" (both players' by its words)."""
    players = bool(p.lit("each player's", "each player 's"))
    if not players:
        p.lit("each", "all")
    where = p.lit("active", "benched")
    if where:
        f = _pokemon(p)
        if not players:
            p.want(BOTH)
        return {"scope": "in_play", "while": "active" if where == "active" else "bench", **({"holder": f} if f else {})}
    if players:
        f = _pokemon(p)
        p.lit("in play")
        return {"scope": "in_play", **({"holder": f} if f else {})}
    if p.peek() not in ("pokemon",) and p.peek(1) in ("in",) and p.peek() is not None and p.peek().isalpha():
        # "each Psyduck in play": a Pokémon's name
        f = {"name": p.printed[p.i]}
        p.i += 1
    else:
        f = _pokemon(p)
    p.lit("in play")
    if p.lit("that has an ability", "that have an ability"):
        # "Each Pokémon in play that has an Ability (both yours and your opponent's)": a filter condition
        if "has" in f or "any_of" in f:
            raise Fail("two conditions of a kind")
        f = {**f, "has": "ability"}
    energy = p.attempt(_that_energy)
    p.want(BOTH)
    if energy is None:
        # "Each Pokémon in play (both yours and your opponent's) that has any Energy attached"
        energy = p.attempt(_that_energy)
    out: dict = {"scope": "in_play"}
    if f:
        out["holder"] = f
    return {**out, **(energy or {})}


def _that_energy(p: P) -> dict:
    """"that has / have any [T] Energy attached" after a Stadium's subject -> REACH fields (`_energy_attached`)."""
    p.want("that")
    return _energy_attached(p, that=True)


def reach(p: P, kind: str) -> dict:
    return holder(p) if kind != "stadium" else everyone(p)


PER_PHRASES = (("for each prize card your opponent has taken", "prizes_taken"),
               ("for each of your opponent's benched pokemon", "opponent_benched"))


def _other_active(p: P) -> tuple:
    """your opponent's Active Pokémon [ex] [for each Prize card your opponent has taken | for each of your opponent's
    Benched Pokémon] (before applying Weakness and Resistance)" -> (`other` filter, `per` or None)."""
    p.want("your opponent's active", "the opponent's active")
    f = _alternatives(p)
    per = next((v for w, v in PER_PHRASES if p.lit(w)), None)
    p.want("( before applying weakness and resistance )")
    return f, per


def _attacker_damage(p: P) -> dict:
    """"N more / less damage to" TARGET -> a `damage_change` body at the attacker step: TARGET is "your opponent's Active
    [F] (before applying Weakness and Resistance)" (the default `to: active`), "your opponent's Benched F [and Benched
    G]" (`to: bench`; a Benched Pokémon has no Weakness or Resistance, so the reminder is optional) or "your opponent's
    [F] Pokémon (before applying Weakness and Resistance)" (`to: any`: the Active and the Benched ones)."""
    n = p.number()
    sign = 1 if p.want("more", "less") == "more" else -1
    p.want("damage to")
    body: dict = {"amount": sign * n, "step": "attacker"}
    start = p.i
    got = p.attempt(_other_active)
    if got is not None:
        got, per = got
        if per is not None:
            body["per"] = per   # "N more damage ... for each Prize card your opponent has taken" (passive.lp pas_mult)
    if got is None:
        p.i = start
        p.want("your opponent's", "the opponent's")
        if p.peek() == "benched":
            alts: list = []
            while True:
                p.want("benched")
                alts += list(cards(p, True))
                if not p.lit(", and", "and", ", or", "or"):
                    break
            if any(not a for a in alts) and len(alts) > 1:
                raise Fail("a plain Pokémon among kinds")
            got = flt(alts)
            body["to"] = "bench"
            p.lit("( before applying weakness and resistance )")
        else:
            got = _alternatives(p)
            p.want("( before applying weakness and resistance )")
            body["to"] = "any"
    if got:
        body["other"] = got
    return body


def _alternatives(p: P) -> dict:
    """A Pokémon phrase or several joined by "or" / "and" ("Pokémon ex and Pokémon V": a Pokémon of either kind) -> one
    filter (`any_of` for several); a plain "Pokémon" among several is refused (it would make the others idle)."""
    alts = list(cards(p, True))
    while True:
        save = p.i
        if p.lit(", and", "and", ", or", "or"):
            more = p.attempt(cards, True)
            if more is not None:
                alts += more
                continue
        p.i = save
        break
    if len(alts) > 1 and any(not a for a in alts):
        raise Fail("a plain Pokémon among kinds")
    return flt(alts)


def _entry(key: str, body: dict) -> Part:
    return Part("passive", value={key: body})








def berry(p: P, kind: str) -> list:
    """If the Pokémon this card is attached to is damaged by an attack from your opponent's [X] Pokémon, it takes N
    less damage (after applying Weakness and Resistance), and discard this card." (one shot)"""
    p.want("if")
    r = holder(p)
    p.want("is damaged by an attack from your opponent's")
    other = _pokemon(p)
    p.want(", it takes")
    n = p.number()
    p.want("less damage")
    p.lit("( after applying weakness and resistance )")   # DMG1 step 5 either way
    p.want(", and discard this card")
    return [_entry("damage_change", {"amount": -n, "step": "defender", **r, **({"other": other} if other else {}),
                                     "discard": True})]


def reaction(p: P, kind: str) -> list:
    """If the Pokémon this card is attached to is in the Active Spot and is damaged by an attack from your
    opponent's Pokémon (even if it is Knocked Out), put N damage counters on the Attacking Pokémon / draw N cards"."""
    p.want("if")
    r = holder(p)
    p.want("is in the active spot and is damaged by an attack from your opponent's pokemon")
    p.want("( even if it is knocked out )", "( even if this pokemon is knocked out )")
    p.want(",")
    if p.lit("put"):
        n = p.number()
        p.want("damage counters on the attacking pokemon", "damage counter on the attacking pokemon")
        body = {"counters_on_attacker": n}
    else:
        p.want("draw")
        n = 1 if p.lit("a card") else p.number()
        if n != 1 or p.toks[p.i - 1] != "card":
            p.want("cards")
        body = {"draw": n}
    if "holder_condition" in r:
        raise Fail("a condition on the holder of a reaction")
    return [_entry("when_damaged", {**body, **r})]


def placed_discard(p: P, kind: str) -> list:
    """If you placed any damage counters in this way, discard this card." (after a reaction: one shot)"""
    p.want("if you placed any damage counters in this way , discard this card")
    return [Part("passive_discard")]




def _symbols(p: P) -> int:
    k = 0
    while p.peek() == "{C}":
        p.i += 1
        k += 1
    if not k:
        raise Fail("{C}")
    return k


def retreat(p: P, kind: str) -> list:
    """The Retreat Cost of REACH is {C}.. less / more", "REACH have no Retreat Cost", "If that Pokémon's remaining HP
    is N or less, it has no Retreat Cost", "As long as the Pokémon this card is attached to is in the Active Spot, the
    Retreat Cost of both Active Pokémon is {C} more"."""
    if p.lit("if that pokemon 's remaining hp is"):
        n = p.number()
        p.want("or less , it has no retreat cost")
        return [_entry("retreat_change", {"amount": "none", "holder_hp_left_max": n})]
    if p.lit("as long as the pokemon this card is attached to is in the active spot , the retreat cost of both active "
             "pokemon is"):
        k = _symbols(p)
        sign = p.want("less", "more")
        return [_entry("retreat_change", {"amount": k if sign == "more" else -k, "scope": "active", "while": "active"})]
    if p.lit("the retreat cost of"):
        if kind == "stadium" and p.lit("both active pokemon is"):
            r = {"scope": "active"}
        else:
            r = reach(p, kind)
            p.want("is")
        k = _symbols(p)
        sign = p.want("less", "more")
        return [_entry("retreat_change", {"amount": k if sign == "more" else -k, **r})]
    r = reach(p, kind)
    p.want("have no retreat cost", "has no retreat cost")
    return [_entry("retreat_change", {"amount": "none", **r})]


def _cost(p: P) -> dict:
    k = _symbols(p)
    sign = p.want("less", "more")
    return {"amount": k if sign == "more" else -k, "type": "colorless"}


def cost(p: P, kind: str) -> list:
    """"When the Tera Pokémon this card is attached to uses an attack, that attack costs 1 Energy less. (The Energy can
    be of any type.)" (the other cost changes are read by `lasting`)."""
    p.want("when")
    r = holder_without_the(p)
    p.want("uses an attack , that attack costs 1 energy less ( the energy can be of any type )")
    return [_entry("cost_change", {"amount": -1, "type": "any", **r})]


def holder_without_the(p: P) -> dict:
    if p.peek() != "the":
        raise Fail("the")
    return holder(p)


def prize(p: P, kind: str) -> list:
    """If the [F] Pokémon this card is attached to is Knocked Out by damage from an attack from your opponent's
    Pokémon, that player takes N fewer / more Prize cards."; "This effect of your NAME can't be applied more than once per
    game." (then once per game)."""
    if p.lit("this effect of your"):
        while not p.end() and p.peek() != "can't":
            p.i += 1
        p.want("can't be applied more than once per game")
        return [Part("passive_once")]
    p.want("if")
    r = holder(p)
    if "holder_condition" in r:
        raise Fail("a condition")
    p.want("is knocked out by damage from")
    return [_entry("prize_change", {**_prize_tail(p), **r})]




def checkup(p: P, kind: str) -> list:
    """"During Pokémon Checkup, put 2 more damage counters on each Poisoned non-{D} Pokémon (both yours and your
    opponent's)" (passives: checkup_change)."""
    p.want("during pokemon checkup , put")
    n = p.number()
    p.want("more damage counters on each", "more damage counter on each")
    cond = p.want(*CONDITION_WORDS[:2])
    f = _pokemon(p)
    p.want(BOTH)
    return [_entry("checkup_change", {"condition": cond, "counters": n, "scope": "in_play", **({"holder": f} if f else {})})]


def energy_no_conditions(p: P, kind: str) -> list:
    """"Each Pokémon that has any Energy attached (both yours and your opponent's) recovers from all Special Conditions
    and can't be affected by any Special Conditions" (passives: no_special_conditions, holder_energy)."""
    p.want("each pokemon that has any energy attached " + BOTH + " recovers from all special conditions and can't be "
           "affected by any special conditions")
    return [_entry("no_special_conditions", {"scope": "in_play", "holder_energy": True})]


def no_tools(p: P, kind: str) -> list:
    p.want("pokemon tools attached to each pokemon " + BOTH + " have no effect")
    return [_entry("no_tool_effects", {})]


_JAM_WHOSE = (("your opponent's active pokemon", "theirs", "active"), ("your opponent's benched pokemon", "theirs", "bench"),
              ("your opponent's pokemon", "theirs", None), ("your active pokemon", "mine", "active"),
              ("your benched pokemon", "mine", "bench"))


def tools_jammed(p: P, kind: str) -> list:
    """"[As long as the Pokémon this card is attached to is in the Active Spot / on your Bench ,] Pokémon Tools attached to
    WHOSE have no effect [, except for NAME]" (Tool Jammer; X2): `no_tool_effects` with a REACH (`scope: theirs / mine`,
    `reached: active / bench`, `while`) and `except: {name: NAME}` (the card's own name, or another printed name, to the
    end of the sentence). WHOSE: your opponent's [Active / Benched] Pokémon, your Active / Benched Pokémon."""
    out: dict = {}
    if p.lit("as long as the pokemon this card is attached to is in the active spot ,"):
        out["while"] = "active"
    elif p.lit("as long as the pokemon this card is attached to is on your bench ,"):
        out["while"] = "bench"
    p.want("pokemon tools attached to")
    whose = next(((s, r) for w, s, r in _JAM_WHOSE if p.lit(w)), None)
    if whose is None:
        raise Fail("whose Pokémon")
    out["scope"] = whose[0]
    if whose[1]:
        out["reached"] = whose[1]
    p.want("have no effect")
    if p.lit(", except for"):
        j = p.i
        if j >= len(p.toks) or not all(w[:1].isupper() or w == "'s" for w in p.printed[j:]):
            raise Fail("a card name")
        name = " ".join(p.printed[j:]).replace(" 's", "'s").rstrip(".")
        p.i = len(p.toks)
        out["except"] = {"name": "$CARD" if tuple(p.toks[j:]) == tuple(p.own) else name}
    return [_entry("no_tool_effects", out)]


def no_abilities(p: P, kind: str) -> list:
    f = _pokemon(p)
    p.want("in play " + BOTH + " have no abilities")
    return [_entry("no_abilities", {"filter": f})]


def mist(p: P, kind: str) -> list:
    """Prevent all effects of attacks used by your opponent's Pokémon done to the Pokémon this card is attached to."""
    p.want("prevent all effects of attacks used by your opponent's pokemon done to the pokemon this card is attached to")
    return [_entry("protect", {"from": "attack", "covers": ["self"]})]


def provides_if(p: P, kind: str) -> list:
    """[If you have more Prize cards remaining than your opponent, and] If this card is attached to a [F] Pokémon, this
    card provides every type of Energy but provides only N Energy at a time. (Reversal Energy: the Prize condition is
    the entry's `if`; its Rule Box reminder is read where it stands.)"""
    cond: dict = {}
    if p.lit("if you have more prize cards remaining than your opponent , and"):
        cond = {"if": {"prizes_remaining": "more"}}
    elif p.lit("if you have fewer prize cards remaining than your opponent , and"):
        cond = {"if": {"prizes_remaining": "fewer"}}
    p.want("if this card is attached to a", "if this card is attached to an")
    f = _pokemon(p)
    if f.get("not") == {"has": "rule_box"}:
        p.lit("( pokemon ex , pokemon v , etc have rule boxes )")
    p.want(", this card provides every type of energy but provides only")
    n = p.number()
    p.want("energy at a time")
    if not f or n < 1 or n > 3:
        raise Fail("a holder")
    return [_entry("provides_if", {"holder": f, "provides": ["any"] * n, **cond})]


def evolve_when_played(p: P, kind: str) -> list:
    """"Each player's [F] Pokémon can evolve [into G Pokémon] during the turn they play those Pokémon, except during their
    first turn." (Forest of Vitality): `evolve_when_played` (EV1's "put into play this turn" limit lifted for the
    Pokémon reached, into an evolution card that fits G; the first-turn limit kept, as the sentence says). Without the
    "except during their first turn" clause the sentence stays unsupported (whether the first turn is lifted too would
    be a guess)."""
    p.want("each player's")
    f = _pokemon(p)
    p.want("can evolve")
    into: dict = {}
    if p.lit("into"):
        into = _pokemon(p)
        if not into:
            raise Fail("an evolution card filter")
    p.want("during the turn they play those pokemon , except during their first turn")
    return [_entry("evolve_when_played", {"scope": "in_play", **({"holder": f} if f else {}),
                                          **({"into": into} if into else {})})]


def bench_size(p: P, kind: str) -> list:
    """"Each player who has any Tera Pokémon in play can have up to 8 Pokémon on their Bench." (Area Zero Underdepths)
    and "Each player can't have more than 4 Benched Pokémon." (Collapsed Stadium): the Stadium's `bench_size` entry
    (SU1: the Bench limit of each player, who has a Pokémon in play that fits the filter)."""
    p.want("each player")
    body: dict = {}
    if p.lit("who has any"):
        f = _pokemon(p)
        if not f:
            raise Fail("a Pokémon filter")
        p.want("in play")
        body["if_in_play"] = f
    if p.lit("can have up to"):
        n = p.number()
        p.want("pokemon on their bench")
    else:
        p.want("can't have more than")
        n = p.number()
        p.want("benched pokemon")
    if not 1 <= n <= 8:
        raise Fail("a Bench size")
    return [_entry("bench_size", {"max": n, **body})]


def bench_size_rule(p: P, kind: str) -> list:
    """The sentences that say how a `bench_size` Stadium's limit is kept, each read only after its entry (assemble.py
    checks them against it; SU1, encodings/state.lp `bench_cut`): "If a player no longer has any F Pokémon in play,
    that player discards Pokémon from their Bench until they have 5." (the limit is 5 again), "When this card leaves
    play, both players discard Pokémon from their Bench until they have 5, and the player who played this card
    discards first.", "If a player has N+1 or more Benched Pokémon, they discard Benched Pokémon until they have N
    Pokémon on the Bench.", "The player who played this card discards first.", "If more than one effect changes the
    number of Benched Pokémon allowed, use the smaller number." -> Part("bench_rule", value=(shape, N, filter))."""
    if p.lit("if a player no longer has any"):
        f = _pokemon(p)
        p.want("in play , that player discards pokemon from their bench until they have")
        return [Part("bench_rule", value=("lost", p.number(), f))]
    if p.lit("when this card leaves play , both players discard pokemon from their bench until they have"):
        n = p.number()
        p.want(", and the player who played this card discards first")
        return [Part("bench_rule", value=("leaves", n, None))]
    if p.lit("if a player has"):
        over = p.number()
        p.want("or more benched pokemon , they discard benched pokemon until they have")
        n = p.number()
        p.want("pokemon on the bench")
        if over != n + 1:
            raise Fail("a discard down to the limit")
        return [Part("bench_rule", value=("over", n, None))]
    if p.lit("the player who played this card discards first"):
        return [Part("bench_rule", value=("first", None, None))]
    p.want("if more than one effect changes the number of benched pokemon allowed , use the smaller number")
    return [Part("bench_rule", value=("smaller", None, None))]


TOOL = (berry, reaction, placed_discard, retreat, cost, prize)
STADIUM = (checkup, energy_no_conditions, no_tools, retreat, cost, no_abilities, evolve_when_played, bench_size,
           bench_size_rule)
ENERGY = (reaction, prize, mist, provides_if)


def passive_sentence(p: P, kind: str) -> list:
    rules = {"tool": TOOL, "stadium": STADIUM, "special_energy": ENERGY}[kind]
    start = p.i
    for rule in rules:
        got = p.attempt(rule, kind)
        if got is not None and p.end():
            return got
        p.i = start
    raise Fail("passive")


# ---- the compositional form: [CONDITION ,] SUBJECT PREDICATE ("," PREDICATE)* [", and" PREDICATE] [", except" F] ----
#
#     condition := "If you have more/fewer Prize cards remaining than your opponent ,"
#                | "As long as the Pokémon this card is attached to is in the Active Spot ,"    (while: active)
#                | "As long as this card is attached to a Pokémon ,"                           (a Special Energy: always)
#     subject   := holder | everyone (a Stadium) | "If" holder HOLDER-CONDITION "," "it"
#                | "it" (after "As long as the Pokémon this card is attached to is in the Active Spot ,")
#     predicate := gets +N HP | has no Retreat Cost | has no Weakness | takes N less damage from attacks from your
#                  opponent's [X] Pokémon (after ...) | its attacks do N more damage to your opponent's Active [X]
#                  (before ...) | its attacks cost {C} less | recovers from all Special Conditions + can't be
#                  affected by any Special Conditions | can't be X, and if it is already X, it recovers from that
#                  Special Condition | recovers from being X, Y, or Z and can't be affected by those Special
#                  Conditions | is Knocked Out by damage from an attack from your opponent's Pokémon, that player
#                  takes N fewer Prize cards (after a holder condition joined by "and")
# Each predicate is one PASSIVE entry with the subject's REACH; "no Weakness" after "has no Retreat Cost and" shares
# the verb. A sentence whose words are not all read stays unsupported.

def _lead(p: P, kind: str) -> dict:
    """The leading condition of a lasting sentence -> REACH fields (`if`, `while`); {} when there is none."""
    cond = p.attempt(_prize_if)
    if cond is not None:
        return cond
    if kind != "stadium" and p.peek() == "if":
        # "If you have / your opponent has N or fewer (more) Prize cards remaining ,": a count of one player's Prize
        # cards, "you" the holder's player (`if: {prizes: ...}`, encodings/passive.lp pas_whose); a Stadium's "you" is
        # nobody's in particular
        got = p.attempt(_prize_count_if)
        if got is not None:
            return got
    if kind != "stadium" and p.lit("as long as the pokemon this card is attached to is in the active spot ,",
                                   "if the pokemon this card is attached to is in the active spot ,",
                                   "if the pokemon this card is attached to is your active pokemon ,"):
        # a lasting statement's "If ... is in the Active Spot" is read at every moment, as "As long as"
        return {"while": "active", "_it": True}
    if kind != "stadium" and p.lit("as long as the pokemon this card is attached to is on your bench ,",
                                   "if the pokemon this card is attached to is on your bench ,"):
        return {"while": "bench", "_it": True}
    if kind == "special_energy" and p.lit("as long as this card is attached to a pokemon ,"):
        return {}
    return {}


def _holder_condition(p: P) -> dict:
    """A condition on the holder after "the ... this card is attached to": has "X" [or "Y"] in its name / doesn't
    have a Rule Box / has no Abilities -> filter conditions."""
    if p.lit("doesn't have a rule box"):
        return {"not": {"has": "rule_box"}}
    if p.lit("has no abilities"):
        return {"not": {"has": "ability"}}
    if p.lit("is a", "is an"):
        # "If the Pokémon this card is attached to is a Pokémon ex, ..."
        f = _pokemon(p)
        if not f or "any_of" in f:
            raise Fail("a kind of Pokémon")
        return f
    p.want("has")
    if not (p.peek() or "").startswith('"'):
        raise Fail("a name")
    names = [p.printed[p.i].strip('",')]
    p.i += 1
    while True:
        # '"A" or "B"', '"A", or "B"', and '"A," "B," or "C"' (the comma inside the quotes)
        inside = p.printed[p.i - 1].endswith(',"')
        if not p.lit(", or", ",", "or") and not inside:
            break
        if not (p.peek() or "").startswith('"'):
            raise Fail("a name")
        names.append(p.printed[p.i].strip('",'))
        p.i += 1
    p.want("in its name")
    return {"name_contains": names[0] if len(names) == 1 else names}


def _energy_attached(p: P, that: bool = False) -> dict:
    """A condition on the Energy attached to the Pokémon reached -> REACH fields: "has no Energy attached"
    (`holder_no_energy`), "has any Energy attached" (`holder_energy`), "has any {W} / Water Energy attached"
    (`holder_energy_type`: a card attached to it provides that type; "any {W} or {F} Energy": one of those types, a list).
    `that`: after a Stadium's subject ("that
    have ..."), where "no Energy" is not read."""
    p.want("has", "have")
    if not that and p.lit("no energy attached"):
        return {"holder_no_energy": True}
    p.want("any")
    if p.lit("energy attached"):
        return {"holder_energy": True}
    types = [_type_word(p)]
    while p.lit("or", ", or", ","):
        # "any Water or Fighting Energy attached" (Lake Acuity): a card attached provides one of them
        types.append(_type_word(p))
    if "colorless" in types or len(set(types)) != len(types):
        raise Fail("a type of Energy")
    p.want("energy attached")
    return {"holder_energy_type": types[0] if len(types) == 1 else types}


def _merge_holder(r: dict, extra: dict) -> dict:
    f = dict(r.get("holder", {}))
    if set(extra) & set(f):
        raise Fail("two conditions of a kind")
    f.update(extra)
    return {**r, "holder": f}


def _subject(p: P, kind: str, lead: dict) -> dict:
    """Whom the predicates are about -> REACH fields."""
    if lead.get("_it") and (p.lit("it") or p.peek() == "its" or p.toks[p.i:p.i + 3] == ("the", "attacks", "it")):
        return {}   # "..., it gets +N HP" / "..., its attacks do ..." / "..., the attacks it uses do ..."
    if kind == "stadium":
        return everyone(p)
    if p.lit("if"):
        # "If the Pokémon V this card is attached to has "X" in its name, it PREDICATE" / "... in its name and PREDICATE"
        r = holder(p)
        energy = p.attempt(_energy_attached)
        if energy is None and "holder_condition" not in r and p.peek() == "is" and p.peek(1) in CONDITION_WORDS:
            # "If the Pokémon this card is attached to is Poisoned, it ...": as "the Poisoned Pokémon this card is
            # attached to" (`holder_condition`)
            p.i += 1
            r = {**r, "holder_condition": p.want(*CONDITION_WORDS)}
        elif energy is not None:
            r = {**r, **energy}
        else:
            r = _merge_holder(r, _holder_condition(p))
        if not p.lit(", it", "and") and not (p.peek(1) == "its" and p.lit(",")) and \
                not (p.toks[p.i:p.i + 4] == (",", "the", "attacks", "it") and p.lit(",")):
            raise Fail(", it")   # ", it gets ..." / ", its attacks ..." / ", the attacks it uses ..."
        return r
    r = holder(p)
    if p.peek() == "has" and (p.peek(1) or "").startswith('"'):
        # "the Pokémon V this card is attached to has "Sylveon" in its name and PREDICATE"
        r = _merge_holder(r, _holder_condition(p))
        p.want("and")
    return r


def _conditions_list(p: P) -> list:
    """"Asleep, Confused, or Paralyzed" -> the Special Conditions named (at least one)."""
    out = [p.want(*CONDITION_WORDS)]
    while p.lit(", or", ",", "or"):
        out.append(p.want(*CONDITION_WORDS))
    if len(set(out)) != len(out):
        raise Fail("a condition twice")
    return sorted(out)


_NO_SC_A = "recovers from all special conditions"
_NO_SC_B = "can't be affected by any special conditions"


def _lasting_predicate(p: P, verb: Optional[str]) -> tuple:
    """One predicate -> (entry key, body without the reach, the verb "has"/"have" it used or None)."""
    if verb and p.lit("no weakness"):
        return ("no_weakness", {}, verb)
    if p.lit("can attack even if it 's", "can attack even if it is", "can attack even if they 're",
             "can attack even if they are"):
        # "The Pokémon this card is attached to can attack even if it's Asleep or Paralyzed" (ATK1): those Special
        # Conditions do not stop its attack; Confused or any other has no reading here
        conds = _conditions_list(p)
        if set(conds) - {"asleep", "paralyzed"}:
            raise Fail("Asleep or Paralyzed")
        return ("attack_despite", {"conditions": conds}, None)
    if verb and p.lit("no retreat cost"):
        return ("retreat_change", {"amount": "none"}, verb)
    if p.lit("gets", "get"):
        sign = p.want("+", "-")
        n = p.number()
        p.want("hp")
        body = {"amount": n if sign == "+" else -n}
        if p.lit("for each prize card your opponent has taken"):
            # "gets +20 HP for each Prize card your opponent has taken": the holder's player's opponent (`per`)
            body["per"] = "prizes_taken"
        return ("hp_change", body, None)
    have = p.lit("has", "have")
    if have:
        if p.lit("no retreat cost"):
            return ("retreat_change", {"amount": "none"}, have)
        p.want("no weakness")
        return ("no_weakness", {}, have)
    if p.lit("takes", "take"):
        n = p.number()
        sign = -1 if p.want("less", "more") == "less" else 1
        p.want("damage from attacks")
        body: dict = {"amount": sign * n, "step": "defender"}
        if p.lit("from your opponent's", "from the opponent's"):
            # "from your opponent's {R} or {W} Pokémon": either kind of Attacking Pokémon (`any_of`)
            other = _alternatives(p)
            if other:
                body["other"] = other
        else:
            body["from"] = "any"     # "takes 30 less damage from attacks": every attack's damage
        # the reminder may be left out: an effect on the damaged Pokémon always applies after Weakness and Resistance
        # (DMG1 step 5), so the words say the same with or without it
        p.lit("( after applying weakness and resistance )")
        return ("damage_change", body, None)
    if p.lit("the attacks it uses do", "its attacks do", "attacks it uses do"):
        return ("damage_change", _attacker_damage(p), None)
    if p.lit("its attacks cost", "the attacks it uses cost", "attacks it uses cost"):
        if p.lit("colorless"):
            # TCGdex renders a {C} symbol as the word "Colorless" in some texts ("its attacks cost Colorless less")
            sign = p.want("less", "more")
            return ("cost_change", {"amount": 1 if sign == "more" else -1, "type": "colorless"}, None)
        return ("cost_change", _cost(p), None)
    if p.lit("its retreat cost is"):
        # "... has no Weakness and its Retreat Cost is {C} less": the subject's Retreat Cost, as "The Retreat Cost of"
        k = _symbols(p)
        sign = p.want("less", "more")
        return ("retreat_change", {"amount": k if sign == "more" else -k}, None)
    if p.lit("can't be healed"):
        return ("no_healing", {}, None)
    if p.lit(_NO_SC_A, "recover from all special conditions"):   # "recover": a plural subject (a Stadium's)
        return ("_sc_a", {}, None)
    if p.lit(_NO_SC_B):
        return ("_sc_b", {}, None)
    if p.lit("recovers from being"):
        conds = _conditions_list(p)
        p.want("and can't be affected by those special conditions")
        return ("no_special_conditions", {"conditions": conds}, None)
    if p.lit("can't be"):
        cond = p.want(*CONDITION_WORDS)
        p.want(", and if it is already")
        p.want(cond)
        p.want(", it recovers from that special condition")
        return ("no_special_conditions", {"conditions": [cond]}, None)
    # "[if it] is Knocked Out by damage from an attack from your opponent's Pokémon, that player takes N fewer / more
    # Prize cards" (after a holder condition joined by "and", or as a later predicate: "..., and if it is ...")
    if not p.lit("if it is knocked out by damage from"):
        p.want("is knocked out by damage from")
    return ("prize_change", _prize_tail(p), None)


def _prize_tail(p: P) -> dict:
    """"an attack from your opponent's [F] Pokémon, that player (your opponent) takes N fewer / more Prize cards" or
    "..., your opponent can't take any Prize cards for it" (after "Knocked Out by damage from") -> the `prize_change`
    body: `amount: -N / N / none`, and `other: F` when F says which attacking Pokémon ("Pokémon ex", "Pokémon V")."""
    other = _by_attacker(p)
    p.want(",")
    extra = {"other": other} if other else {}
    if p.lit("your opponent can't take any prize cards for it"):
        return {"amount": "none", **extra}
    p.want("that player takes", "your opponent takes")   # the player whose attack Knocked it Out
    n = p.number()
    more = p.want("fewer prize cards", "fewer prize card", "more prize cards", "more prize card").startswith("more")
    return {"amount": n if more else -n, **extra}


def _predicates(p: P) -> list:
    """PREDICATE ("," PREDICATE)* [", and" | "and" PREDICATE] -> [(key, body)]; "recovers from all Special Conditions"
    and "can't be affected by any Special Conditions" must come together (one entry)."""
    got = [_lasting_predicate(p, None)]
    while True:
        start = p.i
        if p.lit(", and", "and", ","):
            nxt = p.attempt(_lasting_predicate, got[-1][2])
            if nxt is not None:
                got.append(nxt)
                continue
        p.i = start
        break
    out: list = []
    i = 0
    while i < len(got):
        key, body, _ = got[i]
        if key == "_sc_a":
            if i + 1 >= len(got) or got[i + 1][0] != "_sc_b":
                raise Fail("recovers and can't be affected")
            out.append(("no_special_conditions", {}))
            i += 2
            continue
        if key == "_sc_b":
            raise Fail("can't be affected without recovering")
        out.append((key, body))
        i += 1
    return out


def _embedded(p: P, kind: str) -> Optional[tuple]:
    """A subject inside its first predicate -> (REACH, [(key, body)]), or None: "The attacks of SUBJECT / Attacks used by
    SUBJECT [cost {C} less and] do N more damage to your opponent's Active [X] (before ...)" / "... cost {C} less", "The
    Retreat Cost of SUBJECT is {C}.. less / more"."""
    if p.lit("the attacks of", "attacks used by"):
        r = reach(p, kind)
        out: list = []
        if p.lit("cost"):
            out.append(("cost_change", _cost(p)))
            if not p.lit("and do"):
                return r, out
        else:
            p.want("do")
        out.append(("damage_change", _attacker_damage(p)))
        return r, out
    if p.lit("the retreat cost of"):
        r = reach(p, kind)
        p.want("is")
        k = _symbols(p)
        sign = p.want("less", "more")
        return r, [("retreat_change", {"amount": k if sign == "more" else -k})]
    return None


_OPP_ACTIVE = {"scope": "theirs", "reached": "active"}


def _opponent_active(p: P, kind: str) -> tuple:
    """A Tool's or Special Energy's reach over the holder's opponent's Active Pokémon (`scope: theirs, reached: active`):
    "your opponent's Active Pokémon's attacks cost {C} more" / "the attacks of your opponent's Active Pokémon cost ...",
    "your opponent's Active Pokémon's Retreat Cost is {C} more" / "the Retreat Cost of your opponent's Active Pokémon
    is ..." -> (REACH, [(key, body)])."""
    if kind == "stadium":
        raise Fail("a Stadium has no holder")
    if p.lit("your opponent's active pokemon 's attacks cost", "the attacks of your opponent's active pokemon cost"):
        return dict(_OPP_ACTIVE), [("cost_change", _cost(p))]
    p.want("your opponent's active pokemon 's retreat cost is", "the retreat cost of your opponent's active pokemon is")
    k = _symbols(p)
    sign = p.want("less", "more")
    return dict(_OPP_ACTIVE), [("retreat_change", {"amount": k if sign == "more" else -k})]


def lasting(p: P, kind: str) -> list:
    """[CONDITION ,] SUBJECT PREDICATES [, except F]: one PASSIVE entry per predicate, each with the subject's reach.
    The subject may stand inside the first predicate ("The attacks of SUBJECT do ...", "The Retreat Cost of SUBJECT
    is ..."); the predicates after it then speak of "it" (", and it has no Retreat Cost")."""
    lead = _lead(p, kind)
    got = p.attempt(_embedded, kind) if not lead.get("_it") else None
    opp = p.attempt(_opponent_active, kind) if got is None else None
    if opp is not None:
        r, preds = opp
    elif got is not None:
        r, preds = got
        if p.lit(", and", "and"):
            p.lit("it")
            preds = preds + _predicates(p)
    else:
        r = _subject(p, kind, lead)
        preds = _predicates(p)
    lead = {k: v for k, v in lead.items() if k != "_it"}
    if p.lit(", except"):
        # "The Basic Pokémon this card is attached to gets +50 HP, except Pokémon-GX": the holder must not be one
        f = _pokemon(p)
        if not f or any(k == "not" for k in f) or "any_of" in f:
            raise Fail("an exception")
        r = _merge_holder(r, {"not": f})
    if "holder_condition" in r and any(k in ("no_special_conditions", "prize_change") for k, _ in preds):
        raise Fail("a condition on the holder")
    if r.get("scope") == "in_play" and any(k in ("prize_change",) for k, _ in preds):
        raise Fail("a Stadium's prize change")
    if r.get("scope") == "in_play" and any("per" in body for _, body in preds):
        raise Fail("a Stadium's \"your opponent\"")   # both players' Pokémon: whose opponent is not said
    return [_entry(k, {**body, **r, **lead}) for k, body in preds]


def _protected_subject(p: P, kind: str, verb: str) -> tuple:
    """[CONDITION ,] VERB SUBJECT (a protection's opening): the subject's reach ("it" after a lead that names the
    holder; everyone a Stadium names; else the holder) and the lead's fields. A condition on the holder is refused."""
    lead = _lead(p, kind)
    p.want(verb)
    if lead.get("_it") and p.lit("it"):
        r: dict = {}
    else:
        r = everyone(p) if kind == "stadium" else holder(p)
    if "holder_condition" in r:
        raise Fail("a condition on the holder")
    return r, {k: v for k, v in lead.items() if k != "_it"}


def prevent_all_damage(p: P, kind: str) -> list:
    """[CONDITION ,] "prevent all damage done to" SUBJECT "by attacks" [from your / the opponent's F]: a
    `damage_change` of `amount: prevent` at the defender step (DMG4) with the subject's reach; F (any of "A and B",
    "A or B") filters the Attacking Pokémon (`other`); with no "from ...", every attack's damage (`from: any`)."""
    r, lead = _protected_subject(p, kind, "prevent all damage done to")
    p.want("by attacks")
    body: dict = {"amount": "prevent", "step": "defender"}
    if p.lit("from your opponent's", "from the opponent's", "used by your opponent's"):
        alts = list(cards(p, True))
        while p.lit("and", "or", ", or"):
            # "the opponent's Pokémon ex and Pokémon V": attacks from either kind of Pokémon
            alts += list(cards(p, True))
        other = flt(alts)
        if other:
            body["other"] = other
    else:
        body["from"] = "any"
    return [_entry("damage_change", {**body, **r, **lead})]


def prevent_counters(p: P, kind: str) -> list:
    """[CONDITION ,] "Prevent all damage counters from being placed on" SUBJECT "by effects of attacks [and / or
    Abilities] from / used by the (your) opponent's Pokémon" ["(Damage from attacks is still taken.)"]: `prevent_counters`
    with `from` the sources named and the subject's reach (A5; Battle Cage). Effects of any player's attacks (no
    "opponent's") are not read: the entry is about the opponent's."""
    r, lead = _protected_subject(p, kind, "prevent all damage counters from being placed on")
    p.want("by effects of attacks")
    sources = ["attack"]
    if p.lit("and abilities", "or abilities"):
        sources.append("ability")
    p.want("from the opponent's pokemon", "from your opponent's pokemon", "used by your opponent's pokemon",
           "used by the opponent's pokemon")
    p.lit("( damage from attacks is still taken )")
    return [_entry("prevent_counters", {"from": sources, **r, **lead})]


def _counters_on_attacker(p: P) -> dict:
    """After "put" in a reaction: "N damage counters on the Attacking Pokémon"."""
    n = p.number()
    p.want("damage counters on the attacking pokemon", "damage counter on the attacking pokemon")
    return {"counters_on_attacker": n}


def _energy_to_hand(p: P) -> dict:
    """After "put": "an Energy / N Energy attached to the Attacking Pokémon into your opponent's hand" (Rugged Helmet)."""
    n = 1 if p.lit("an") else p.number()
    p.want("energy attached to the attacking pokemon into your opponent's hand")
    return {"attacker_energy_to_hand": n}


def _by_attacker(p: P) -> dict:
    """After "damage from": "an attack from your opponent's [F] Pokémon" -> the Attacking Pokémon's filter (`other`; {}
    for any Pokémon), or "an opponent's attack" (any)."""
    if p.lit("an opponent's attack"):
        return {}
    p.want("an attack from your opponent's")
    return _alternatives(p)


def _even_if_knocked_out(p: P, r: dict) -> None:
    """The reminder "(even if it / this Pokémon is Knocked Out)", or "(even if this F Pokémon is Knocked Out)" naming
    the holder by the same words as the sentence's subject ("the Team Rocket's Pokémon this card is attached to")."""
    if p.lit("( even if it is knocked out )", "( even if this pokemon is knocked out )"):
        return
    p.want("( even if this")
    f = _pokemon(p)
    if f != r.get("holder", {}):
        raise Fail("the reminder names another Pokémon")
    p.want("is knocked out )")


def reaction_any(p: P, kind: str) -> list:
    """If the [F] Pokémon this card is attached to is in the Active Spot and is damaged by an attack from your
    opponent's Pokémon / by an opponent's attack (even if it is Knocked Out), put N damage counters on the Attacking
    Pokémon / the Attacking Pokémon is now CONDITION / draw N cards" (when_damaged)."""
    p.want("if")
    r = holder(p)
    if "holder_condition" in r:
        raise Fail("a condition on the holder of a reaction")
    p.want("is in the active spot and is damaged by", "is your active pokemon and is damaged by")
    other: dict = {}
    if not p.lit("an opponent's attack"):
        # "an attack from your opponent's [F] Pokémon": F (any of "A or B") is what the Attacking Pokémon must be
        p.want("an attack from your opponent's")
        other = _alternatives(p)
    _even_if_knocked_out(p, r)
    p.want(",")
    if p.lit("put", "place"):
        # "place N damage counters" says the same as "put" (the Mega Evolution series' wording)
        body: dict = p.attempt(_counters_on_attacker) or _energy_to_hand(p)
    elif p.lit("the attacking pokemon is now"):
        body = {"attacker_condition": p.want(*CONDITION_WORDS)}
        if p.lit("and"):
            # "the Attacking Pokémon is now Burned and Confused": two conditions that stand together (SC1: Poisoned and
            # Burned with any other; Asleep, Confused and Paralyzed replace each other) -- one entry each
            more = p.want(*CONDITION_WORDS)
            rotating = {"asleep", "confused", "paralyzed"}
            if more == body["attacker_condition"] or {more, body["attacker_condition"]} <= rotating:
                raise Fail("two conditions that do not stand together")
            body["$also"] = more
    elif p.lit("move"):
        # "move an Energy / N Energy from the Attacking Pokémon to 1 of your opponent's Benched Pokémon" (Handheld Fan)
        n = 1 if p.lit("an") else p.number()
        p.want("energy from the attacking pokemon to 1 of your opponent's benched pokemon")
        body = {"attacker_energy_to_bench": n}
    elif p.lit("your opponent discards"):
        # "your opponent discards a card / N cards from their hand": the Attacking Pokémon's player chooses them
        n = 1 if p.lit("a card") else p.number()
        if n != 1 or p.toks[p.i - 1] != "card":
            p.want("cards")
        p.want("from their hand")
        body = {"opp_discards_hand": n}
    else:
        p.want("draw")
        n = 1 if p.lit("a card") else p.number()
        if n != 1 or p.toks[p.i - 1] != "card":
            p.want("cards")
        body = {"draw": n}
    if p.lit(", and discard this card", "and discard this card"):
        # the reaction in one sentence with its one-shot discard ("..., and discard this card" = "Then, discard this card.")
        body["discard"] = True
    if other:
        body["other"] = other
    also = body.pop("$also", None)
    if also is not None:
        if body.get("discard"):
            raise Fail("a one-shot reaction of two entries")
        return [_entry("when_damaged", {**body, **r}),
                _entry("when_damaged", {**body, "attacker_condition": also, **r})]
    return [_entry("when_damaged", {**body, **r})]


def protect_abilities(p: P, kind: str) -> list:
    """Prevent all effects of your opponent's Pokémon's Abilities done to the Pokémon this card is attached to."""
    p.want("prevent all effects of your opponent's pokemon 's abilities done to the pokemon this card is attached to")
    return [_entry("protect", {"from": "ability", "covers": ["self"]})]


def _only_target(p: P) -> dict:
    p.want("a", "an")
    f = _pokemon(p)
    if not f:
        raise Fail("a kind of Pokémon")
    return f


def only_attach(p: P, kind: str) -> list:
    """"This card can only be attached to a X Pokémon." and "If this card is attached to anything other than a X
    Pokémon, discard this card." -- together (the same X) the Special Energy's `only_attach_to` (X2)."""
    if p.lit("this card can only be attached to"):
        f = _only_target(p)
        return [Part("field", value={"only_attach_to": f}), Part("pair", value=("only_attach_to", repr(f)))]
    p.want("if this card is attached to anything other than")
    f = _only_target(p)
    p.want(", discard this card")
    return [Part("pair", value=("only_attach_to", repr(f)))]


def _type_word(p: P) -> str:
    tok = p.peek()
    if tok in TYPE_WORDS:
        p.i += 1
        return TYPE_WORDS[tok]
    if tok in SYMBOLS:
        p.i += 1
        return SYMBOLS[tok]
    raise Fail("a type")


def provides_one_of(p: P, kind: str) -> list:
    """"As long as this card is attached to a Pokémon, it provides T and U Energy but provides only 1 Energy at a time
    [, and LASTING-SENTENCE]" -> provides [[t, u]] (one Energy of either type) and the lasting entries."""
    p.want("as long as this card is attached to a pokemon , it provides")
    types = [_type_word(p)]
    while p.lit("and", ",", ", and"):
        types.append(_type_word(p))
    p.want("energy but provides only 1 energy at a time")
    if len(types) < 2 or len(set(types)) != len(types):
        raise Fail("two types")
    out = [Part("provides", value=[sorted(types)])]
    if p.lit(", and"):
        start = p.i
        for rule in (lasting,):
            got = p.attempt(rule, kind)
            if got is not None and p.end():
                return out + got
            p.i = start
        raise Fail("the rest")
    return out


def provides_except(p: P, kind: str) -> list:
    """"As long as this card is attached to a Pokémon that isn't X, it provides {C}{C} Energy." with "If this card is
    attached to X, it provides T Energy instead." (the same X): `provides` and a `provides_if` on X (Twin Energy)."""
    if p.lit("as long as this card is attached to a pokemon that isn't"):
        p.want("a", "an")
        f = flt(cards(p, True))
        p.want(", it provides")
        units = _energy_units(p)
        p.want("energy")
        return [Part("provides", value=units), Part("pair", value=("provides_instead", repr(f)))]
    p.want("if this card is attached to")
    p.want("a", "an")
    f = flt(cards(p, True))
    p.want(", it provides", ", this card provides")
    if p.lit("every type of energy but provides only 1 energy at a time instead"):
        units = ["any"]   # "... this card provides every type of Energy but provides only 1 Energy at a time instead"
    else:
        units = _energy_units(p)
        p.want("energy instead")
    return [_entry("provides_if", {"holder": f, "provides": units}), Part("pair", value=("provides_instead", repr(f)))]


def _energy_units(p: P) -> list:
    """"{C}{C}" -> [colorless, colorless]; "Colorless" (a type word) -> [colorless]."""
    out = []
    while p.peek() in SYMBOLS:
        out.append(SYMBOLS[p.peek()])
        p.i += 1
    if not out:
        out = [_type_word(p)]
    return out


def endure(p: P, kind: str) -> list:
    """"If the Pokémon this card is attached to [has full HP and] would be Knocked Out by damage from an attack [from your
    opponent's Pokémon], it is not Knocked Out, and its remaining HP becomes N." (endure; Survival Brace)."""
    p.want("if")
    r = holder(p)
    if "holder_condition" in r:
        raise Fail("a condition on the holder")
    full = bool(p.lit("has full hp and"))
    p.want("would be knocked out by damage from an attack")
    whose = "opp" if p.lit("from your opponent's pokemon") else "any"
    p.want(", it is not knocked out , and its remaining hp becomes")
    n = p.number()
    body: dict = {"hp_left": n}
    if full:
        body["full_hp"] = True
    body["from"] = whose
    if r.get("holder"):
        body["holder"] = r["holder"]
    return [_entry("endure", body)]


def ko_reaction(p: P, kind: str) -> list:
    """"If the [F] Pokémon this card is attached to is Knocked Out by damage from an attack from your opponent's Pokémon
    (from an opponent's attack), put N damage counters on the Attacking Pokémon / draw cards until you have N cards in
    your hand." (when_knocked_out)."""
    p.want("if")
    r = holder(p)
    if "holder_condition" in r:
        raise Fail("a condition on the holder")
    full = bool(p.lit("has full hp and"))
    retreat = None
    if not full and p.lit("has a retreat cost of exactly"):
        # "has a Retreat Cost of exactly 4, is in the Active Spot, and is Knocked Out" (Heavy Baton): the holder's Retreat
        # Cost when Knock Outs are checked (`retreat`, TU1); the list of conditions must go on
        retreat = p.number()
        p.want(",")
    if retreat is not None:
        active = bool(p.lit("is in the active spot , and"))
        if not active:
            p.want("and")
    else:
        active = bool(p.lit("is in the active spot and", "is your active pokemon and"))
    p.want("is knocked out by damage from")
    other = _by_attacker(p)
    p.want(",")
    if p.lit("move"):
        body: dict = _ko_move_energy(p)
    elif p.lit("put", "place"):
        body = _counters_on_attacker(p)
    elif p.lit("discard a random card from your opponent's hand"):
        body = {"discard_opp_hand_random": 1}
    elif p.lit("discard the top"):
        n = p.number()
        p.want("cards of your opponent's deck", "card of your opponent's deck")
        body = {"discard_opp_deck_top": n}
    elif p.lit("search your deck for"):
        # "search your deck for up to N cards / for a card and put them / it into your hand": any cards, no filter
        if p.lit("a card and put it into your hand"):
            body = {"search_deck": 1}
        else:
            p.want("up to")
            n = p.number()
            p.want("cards and put them into your hand" if n > 1 else "card and put it into your hand")
            body = {"search_deck": n, "up_to": True}
    elif p.lit("draw"):
        if p.lit("cards until you have"):
            n = p.number()
            p.want("cards in your hand")
            body = {"draw_until": n}
        else:
            # "draw 3 cards" / "draw a card"
            n = 1 if p.lit("a card") else p.number()
            if n != 1 or p.toks[p.i - 1] != "card":
                p.want("cards")
            body = {"draw": n}
    else:
        raise Fail("a Knock Out reaction")
    if full:
        body["full_hp"] = True
    if active:
        body["active"] = True
    if retreat is not None:
        body["retreat"] = retreat
    if other:
        body["other"] = other   # "... from an attack from your opponent's Pokémon ex": only such an attacker
    return [_entry("when_knocked_out", {**body, **r})]


def ko_share(p: P, kind: str) -> list:
    """"When your Active Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon (from an opponent's
    attack), you may move a basic Energy from that Pokémon / 1 basic Energy card that was attached to that Pokémon to the
    Pokémon this card is attached to." (Exp. Share): `when_knocked_out` with `move_energy`, `to: holder`, `may`, and the
    reach `scope: mine, reached: active` (the holder's player's Active Pokémon)."""
    reach: dict = {"scope": "mine"}
    if p.lit("when your active pokemon is knocked out by damage from"):
        reach["reached"] = "active"
    else:
        # "When 1 of your [F] Pokémon is Knocked Out ...": any of them that fits F
        p.want("when 1 of your")
        f = _pokemon(p)
        if f:
            reach["holder"] = f
        p.want("is knocked out by damage from")
    other = _by_attacker(p)
    from .phrases import _provided_type
    p.want(", you may move")
    n = 1 if p.lit("a", "an") else p.number()
    start = p.i
    alts = cards(p)
    if len(alts) != 1 or alts[0].get("kind") not in ("basic_energy", "energy", "special_energy"):
        raise Fail("one kind of Energy card")
    alts = [_provided_type(p, start, alts[0])]
    if n == 1:
        p.want("from that pokemon", "card that was attached to that pokemon") if p.toks[p.i - 1] != "card" else \
            p.want("that was attached to that pokemon")
    else:
        p.want("from that pokemon", "that were attached to that pokemon")
    p.want("to the pokemon this card is attached to")
    body: dict = {"move_energy": n, "energy": alts[0], "to": "holder", "may": True, **reach}
    if other:
        body["other"] = other
    return [_entry("when_knocked_out", body)]


def _ko_move_energy(p: P) -> dict:
    """After "move" in a Knock Out reaction: "[up to] N F cards from that Pokémon to your Benched Pokémon in any way you
    like" / "to 1 of your Benched Pokémon" (Heavy Baton) -> `move_energy: N` with the cards' filter (`energy`, an Energy
    card filter: "Basic Energy cards", "{W} Energy cards"), `up_to`, and `to` (bench: spread over the Benched Pokémon;
    bench_one: all to one of them)."""
    from .phrases import _provided_type
    up_to = bool(p.lit("up to"))
    n = 1 if p.lit("a", "an") else p.number()
    start = p.i
    alts = cards(p)
    if len(alts) != 1 or alts[0].get("kind") not in ("basic_energy", "energy", "special_energy"):
        raise Fail("one kind of Energy card")
    # Energy attached: "{W} Energy" (no "Basic", no "card") is any Energy that provides it (phrases._provided_type)
    alts = [_provided_type(p, start, alts[0])]
    if n == 1 and not up_to and p.toks[p.i - 1] not in ("card", "energy"):
        raise Fail("one card")
    # "from this Pokémon" in an Ability's text, said as its holder ("the Pokémon this card is attached to"): the same one
    p.want("from that pokemon to", "from the pokemon this card is attached to to")
    if p.lit("your benched pokemon in any way you like"):
        to = "bench"
    else:
        p.want("1 of your benched pokemon")
        to = "bench_one"
    return {"move_energy": n, "energy": alts[0], **({"up_to": True} if up_to else {}), "to": to}


def protect_sentence(p: P, kind: str) -> list:
    """Protections of the holder (`protect`, A5):
    "[As long as the Pokémon this card is attached to is in the Active Spot,] prevent all effects of attacks from your
    opponent's Pokémon done to the [F] Pokémon this card is attached to / to all of your Pokémon";
    "[If the F Pokémon this card is attached to has "X" in its name,] whenever your opponent plays a Supporter card from
    their hand, prevent all effects of that card done to the [F] Pokémon this card is attached to / to that Pokémon"."""
    out: dict = {}
    if p.lit("as long as the pokemon this card is attached to is in the active spot ,"):
        out["while"] = "active"
    cond = None
    if p.peek() == "if":
        p.want("if")
        r = holder(p)
        cond = _merge_holder(r, _holder_condition(p)).get("holder")
        p.want(",")
    kinds = None
    if p.lit("whenever your opponent plays a supporter card from their hand , prevent all effects of that card done to"):
        out["from"] = "supporter"
    elif p.lit("prevent all effects of your opponent's"):
        # "of your opponent's Pokémon's Abilities / Item cards / Supporter cards / Trainer cards [and ...] done to":
        # one entry per kind of card (A5; the protection's `from`)
        kinds = [_protect_kind(p)]
        while p.lit(", and", "and", ", or", "or"):
            p.lit("your opponent's")
            kinds.append(_protect_kind(p))
        if len(set(kinds)) != len(kinds) or ("trainer" in kinds and len(kinds) > 1):
            raise Fail("a kind twice")
        p.want("done to")
        out["from"] = kinds[0]
    else:
        p.want("prevent all effects of attacks from your opponent's pokemon done to",
               "prevent all effects of attacks used by your opponent's pokemon done to")
        out["from"] = "attack"
    if cond is not None:
        p.want("that pokemon")
        f = cond
        out["covers"] = ["self"]
    elif p.lit("all of your pokemon"):
        if out.get("while") != "active":
            raise Fail("all of your Pokémon while in play")
        f = {}
        out["covers"] = ["bench", "self"]     # the holder is the Active Pokémon: with the Bench, all of them
    else:
        # "the [F] Pokémon this card is attached to" / "the Pokémon VSTAR or Pokémon VMAX this card is attached to"
        p.want("the")
        f = flt(cards(p, True))
        p.want("this card is attached to")
        out["covers"] = ["self"]
    if any(k == "not" or k.endswith(("_max", "_min")) for k in f) or "any_of" in f and any(
            any(k == "not" or k.endswith(("_max", "_min")) for k in a) for a in f["any_of"]):
        raise Fail("a holder filter protect can read")
    body = {"from": out["from"], "covers": out["covers"], **({"while": out["while"]} if "while" in out else {}),
            **({"holder": f} if f else {})}
    return [_entry("protect", {**body, "from": k}) for k in (kinds or [out["from"]])]


def damage_and_effects(p: P, kind: str) -> list:
    """"[As long as the Pokémon this card is attached to is in the Active Spot / on your Bench ,] prevent all damage from and
    effects of attacks from your opponent's Pokémon done to the [F] Pokémon this card is attached to": the two
    protections `prevent_all_damage` and `protect_sentence` read, said at once -- a `damage_change` of `amount: prevent`
    (DMG4) and a `protect` from attacks (A5), with the same holder and place."""
    lead = _lead(p, kind)
    if "if" in lead:
        raise Fail("a Prize condition on a protection")
    p.want("prevent all damage from and effects of attacks from your opponent's pokemon done to")
    if lead.get("_it") and p.lit("it"):
        f: dict = {}
    else:
        p.want("the")
        f = flt(cards(p, True))
        p.want("this card is attached to")
    if any(k == "not" or k.endswith(("_max", "_min")) for k in f) or "any_of" in f:
        raise Fail("a holder filter protect can read")
    reach = {**({"holder": f} if f else {}), **({"while": lead["while"]} if "while" in lead else {})}
    return [_entry("damage_change", {"amount": "prevent", "step": "defender", **reach}),
            _entry("protect", {"from": "attack", "covers": ["self"], **reach})]


_DECK_KINDS = (("attacks", "attack"), ("abilities", "ability"), ("item cards", "item"), ("pokemon tool cards", "tool"),
               ("supporter cards", "supporter"))


def deck_guard(p: P, kind: str) -> list:
    """"[As long as the Pokémon this card is attached to is in the Active Spot / on your Bench ,] cards in your deck can't
    be discarded by effects of your opponent's attacks, Abilities, Item cards, Pokémon Tool cards, or Supporter cards"
    (Patrol Cap; A5): one `protect` entry per kind of card named, covering the holder's player's deck against being
    discarded (`covers: [deck_discard]`), with the lead's `while`."""
    out: dict = {}
    if p.lit("as long as the pokemon this card is attached to is in the active spot ,"):
        out["while"] = "active"
    elif p.lit("as long as the pokemon this card is attached to is on your bench ,"):
        out["while"] = "bench"
    p.want("cards in your deck can't be discarded by effects of your opponent's")
    kinds: list = []
    while True:
        got = next((k for w, k in _DECK_KINDS if p.lit(w)), None)
        if got is None or got in kinds:
            raise Fail("a kind of card")
        kinds.append(got)
        if p.end():
            break
        p.want(", or", ",", "or")
    return [_entry("protect", {"from": k, "covers": ["deck_discard"], **out}) for k in kinds]


def _protect_kind(p: P) -> str:
    """"Pokémon's Abilities" / "Item cards" / "Supporter cards" / "Trainer cards" after "your opponent's" -> the kind a
    protection is from."""
    if p.lit("pokemon 's abilities"):
        return "ability"
    kind = p.want("item", "supporter", "trainer")
    p.want("cards")
    return kind


def once_each(p: P, kind: str) -> list:
    """"This effect can't be applied more than once at a time to the same Pokémon." (V Guard Energy)."""
    p.want("this effect can't be applied more than once at a time to the same pokemon")
    return [Part("once_each")]


def returns_after_attack(p: P, kind: str) -> list:
    """"If this card is discarded by an effect of an attack used by the Pokémon this card is attached to, attach this card
    from your discard pile to that Pokémon after attacking." (Boomerang Energy): `returns_after_attack`."""
    p.want("if this card is discarded by an effect of an attack used by the pokemon this card is attached to , attach "
           "this card from your discard pile to that pokemon after attacking")
    return [_entry("returns_after_attack", {})]


def end_of_turn_discard(p: P, kind: str) -> list:
    """"If this card is attached to 1 of your Pokémon, discard it at the end of your turn." (discard_at_end_of_turn)."""
    p.want("if this card is attached to 1 of your pokemon , discard it at the end of your turn")
    return [_entry("discard_at_end_of_turn", {})]


def use_attacks(p: P, kind: str) -> list:
    """"The [F] Pokémon this card is attached to can use the attack(s) on this card." (Technical Machines; the reminder
    "(You still need the necessary Energy to use this attack.)" is skipped): `use_attacks`, the card's own `attacks`
    are its holder's. The importer keeps the sentence unsupported when the card data has no attack."""
    r = holder(p)
    if "holder_condition" in r:
        raise Fail("a condition on the holder")
    p.want("can use the attack on this card", "can use the attacks on this card")
    return [_entry("use_attacks", r)]


def use_abilities(p: P, kind: str) -> list:
    """"The [F] Pokémon this card is attached to can use the VSTAR Power / the Ability on this card." (Seal Stones; the
    reminder "(You still need the necessary Energy to use this attack.)" skipped): `use_abilities`, the card's own
    `abilities` are its holder's. The translator keeps the sentence unsupported without an Ability printed after it."""
    r = holder(p)
    if "holder_condition" in r:
        raise Fail("a condition on the holder")
    p.want("can use the vstar power on this card", "can use the ability on this card")
    return [_entry("use_abilities", r)]


def end_of_turn(p: P, kind: str) -> list:
    """"At the end of your turn / each turn, if the [F] Pokémon this card is attached to CONDITION, heal N damage from
    it [and discard this card] / it recovers from all of them, and discard this card." (`end_of_turn`: Leftovers, Sitrus
    Berry, Emergency Jelly, Lum Berry). CONDITION: is in the Active Spot / on your Bench; has N or more damage counters on it; has N HP or
    less remaining and has any damage counters on it; is affected by any Special Conditions."""
    p.want("at the end of")
    turn = "yours" if p.want("your turn", "each turn") == "your turn" else "each"
    if turn == "yours":
        p.lit("( after your attack )")   # the end of the turn comes after the attack (seed 001: the end-of-turn phase)
    p.want(", if")
    r = holder(p)
    if "holder_condition" in r:
        raise Fail("a condition on the holder")
    body: dict = {"turn": turn, **r}
    recover = False
    if p.lit("is in the active spot"):
        body["while"] = "active"
    elif p.lit("is on your bench"):
        body["while"] = "bench"
    elif p.lit("has"):
        if p.peek(1) == "hp":
            body["hp_left_max"] = p.number()
            p.want("hp or less remaining and has any damage counters on it")
            body["damage_min"] = 10
        else:
            body["damage_min"] = 10 * p.number()
            p.want("or more damage counters on it")
    else:
        p.want("is affected by any special conditions")
        recover = True
    p.want(",")
    if recover:
        p.want("it recovers from all of them , and discard this card")
        body.update(recover=True, discard=True)
    elif p.lit("you may attach a basic energy card from your discard pile to it"):
        # Powerglass: a choice of one Basic Energy card from the discard pile, or none
        body["attach_from_discard"] = "basic_energy"
    else:
        p.want("heal")
        body["heal"] = p.number()
        p.want("damage from it")
        if p.lit("and discard this card", ", and discard this card"):
            body["discard"] = True
    return [_entry("end_of_turn", body)]


def healed_discard(p: P, kind: str) -> list:
    """"If you healed any damage in this way, discard this card." after an `end_of_turn` heal (Emergency Jelly)."""
    p.want("if you healed any damage in this way , discard this card")
    return [Part("eot_discard")]


def then_shuffle(p: P, kind: str) -> list:
    """"Then, shuffle your deck." after a Knock Out reaction that searches the deck: the search's own shuffle (A8)."""
    p.want("then , shuffle your deck")
    return [Part("then_shuffle")]


def then_discard(p: P, kind: str) -> list:
    """"Then, discard this card." after a one-shot entry."""
    p.want("then , discard this card")
    return [Part("then_discard")]


TOOL = TOOL + (reaction_any, lasting, endure, then_discard, ko_reaction, protect_sentence, prevent_all_damage,
               damage_and_effects,
               end_of_turn_discard, then_shuffle, use_attacks, end_of_turn, healed_discard, prevent_counters, ko_share,
               tools_jammed, deck_guard, use_abilities)
STADIUM = STADIUM + (lasting, prevent_all_damage, prevent_counters)
ENERGY = ENERGY + (once_each, reaction_any, ko_reaction, protect_sentence, protect_abilities, only_attach, provides_one_of, provides_except, lasting, prevent_all_damage, end_of_turn_discard,
                   damage_and_effects, endure, then_discard, prevent_counters, returns_after_attack)   # a Special Energy's endure reads as a Tool's
