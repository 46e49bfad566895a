"""A Stadium's effect said in the third person: the player using the Stadium is "that player", "they", "he or she"
("their", "his or her"), and an Item would say "you" ("your"). The steps of a Stadium's once-per-turn effect are
the steps of the player using it, the acting player of docs/vocabulary.md (`me`, as `stadium_sentence` reads
"that player may"), so the sentence is read by the Item and Supporter grammar once its player words are said in the
second person:

    stadium_usable := "Once during each player's turn ," ["if" CONDITION ","] PLAYER "may" CLAUSES
                      [". In order to use this effect ," PLAYER "must" CLAUSES]   (a cost, A1)
    stadium_step   := a step sentence of an Item with PLAYER for "you"          ("If they do, their turn ends.")
    PLAYER         := "that player" | "they" | "he or she" | "a player" (as the subject of "If ... in this way")

A sentence that also names another player ("opponent", "each player", "either player", "both players", "you") is
not rewritten: whose steps they are would be a guess.
"""
from __future__ import annotations

from typing import Optional

from .phrases import P, Fail, cards
from .sentences import Part, clauses, _active_condition, _energy_in_play, _guard, step_sentence

# Subjects that are the player using the Stadium, and their possessives (token sequences).
_SUBJECTS = (("that", "player"), ("he", "or", "she"), ("they",))
_POSSESSIVES = (("that", "player's"), ("his", "or", "her"), ("their",))
# Third-person verbs after a rewritten subject (optionally after "may" / "must", which take the base form).
_VERBS = {"draws": "draw", "shuffles": "shuffle", "discards": "discard", "puts": "put", "searches": "search",
          "attaches": "attach", "heals": "heal", "moves": "move", "flips": "flip", "looks": "look",
          "reveals": "reveal", "switches": "switch", "takes": "take", "chooses": "choose", "has": "have",
          "does": "do", "returns": "return", "plays": "play"}
# Words that name another player: such a sentence is left as it is.
_OTHERS = ("opponent", "opponent's", "opponents", "either", "both", "you", "your", "yours", "theirs", "each player",
           "each player's", "any player", "players")


def second_person(tokens: tuple, printed: tuple) -> Optional[tuple]:
    """(tokens, printed) with the Stadium user's words said as "you"/"your", or None when the sentence names no such
    player or names another one."""
    toks, prin = list(tokens), list(printed if len(printed) == len(tokens) else tokens)
    joined = " ".join(toks)
    for w in _OTHERS:
        if f" {w} " in f" {joined} ":
            return None
    out_t: list = []
    out_p: list = []
    changed = False
    i = 0
    while i < len(toks):
        hit = None
        for seq in _POSSESSIVES:
            if tuple(toks[i:i + len(seq)]) == seq:
                hit = ("your", len(seq))
                break
        if hit is None:
            for seq in _SUBJECTS:
                if tuple(toks[i:i + len(seq)]) == seq:
                    hit = ("you", len(seq))
                    break
        if hit is None and tuple(toks[i:i + 2]) == ("a", "player") and out_t[-1:] == ["if"]:
            # "If a player attached Energy to a Pokémon in this way": the player who used the Stadium
            hit = ("you", 2)
        if hit is None:
            if toks[i] in ("player", "player's", "he", "she", "his", "her", "them", "themselves"):
                if toks[i] != "them":
                    return None   # a player word not read above
            out_t.append(toks[i])
            out_p.append(prin[i])
            i += 1
            continue
        word, n = hit
        out_t.append(word)
        out_p.append(word)
        changed = True
        i += n
        if word == "you":
            j = i
            if j < len(toks) and toks[j] in ("may", "must"):
                out_t.append(toks[j])
                out_p.append(prin[j])
                j += 1
            if j < len(toks) and toks[j] in _VERBS:
                out_t.append(_VERBS[toks[j]])
                out_p.append(_VERBS[toks[j]])
                j += 1
            i = j
    if not changed:
        return None
    return tuple(out_t), tuple(out_p)


def _sub(p: P, toks: tuple, prin: tuple) -> P:
    q = P(toks, prin)
    q.own = p.own
    return q


def _rest(p: P) -> tuple:
    """The second-person form of the rest of p's sentence (p moves to its end), or Fail."""
    got = second_person(p.toks[p.i:], p.printed[p.i:])
    if got is None:
        raise Fail("a Stadium user's sentence")
    p.i = len(p.toks)
    return got


LEAD = "once during each player's turn ,"
LEAD_TOKENS = tuple(LEAD.split(" "))


def stadium_usable(p: P) -> list:
    """"Once during each player's turn, [if CONDITION,] PLAYER may CLAUSES": the Stadium's once-per-turn effect, the
    steps of the player using it (`effect`, with the condition as the effect's `if`, A1)."""
    p.want(LEAD)
    toks, prin = _rest(p)
    q = _sub(p, toks, prin)
    cond = None
    if q.peek() == "if":
        # the card conditions judged on the state the Stadium is used in (A1): the Active Pokémon's Special
        # Condition, the Energy in play; any other as a step guard reads it
        save = q.i
        q.want("if")
        cond = q.attempt(_active_condition) or q.attempt(_energy_in_play)
        if cond is not None:
            q.want(",")
        else:
            q.i = save
            cond = _guard(q)
            if cond.get("$first_only"):
                raise Fail("an Energy count as a step guard")
        if "all" in cond or "one_of" in cond:
            raise Fail("one condition")
    q.want("you may")
    if q.lit("flip a coin") and q.end():
        if cond is not None:
            raise Fail("a condition on a flip")
        return [Part("flip")]
    items = clauses(q)
    if q.lit("in order to"):
        if cond is not None:
            raise Fail("a condition with a cost")
        out = [Part("cost", items), Part("step", clauses(q))]
    else:
        out = [Part("step", items)]
    if not q.end():
        raise Fail("the rest")
    return ([Part("cond", value=cond)] if cond is not None else []) + out


def stadium_cost(p: P) -> list:
    """"In order to use this effect, PLAYER must CLAUSES." after the once-per-turn effect: CLAUSES are its cost (A1:
    the effect can be used only if they can be done)."""
    p.want("in order to use this effect ,")
    toks, prin = _rest(p)
    q = _sub(p, toks, prin)
    q.want("you must")
    items = clauses(q)
    if not q.end():
        raise Fail("the rest")
    return [Part("cost", items)]


def stadium_step(p: P) -> list:
    """A step sentence of the Stadium's effect with PLAYER for "you" ("If they do, their turn ends.", "They may
    discard that card.")."""
    toks, prin = _rest(p)
    q = _sub(p, toks, prin)
    parts = q.attempt(step_sentence)
    if parts is None or not q.end():
        raise Fail("a step")
    p.past = q.past
    for part in parts:
        part.needs_lead = True   # a step of the once-per-turn effect: only after "Once during each player's turn"
    return parts


# Words of a player in a triggered step: whose step it is would be a guess (the player who attached, or the Stadium's).
_PLAYER_WORDS = ("you", "your", "they", "their", "them", "player", "player's", "opponent", "opponent's", "he", "she")


def attach_trigger(p: P) -> list:
    """"Whenever any player / either player attaches an Energy card from their hand to 1 of their [F] Pokémon, CLAUSES":
    the Stadium's `attach_trigger` (X4), with F the filter on the Pokémon attached to and "that Pokémon" in CLAUSES that
    Pokémon (`{ref: self}`); CLAUSES that name a player are not read."""
    p.want("whenever any player attaches an energy card from their hand to 1 of their",
           "whenever either player attaches an energy card from their hand to 1 of their")
    alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    p.want(",")
    if any(w in _PLAYER_WORDS for w in p.toks[p.i:]):
        raise Fail("a player's step")
    items = clauses(p)
    if not p.end():
        raise Fail("the rest")
    return [Part("attach_trigger", items, value=alts[0])]


def bench_trigger(p: P) -> list:
    """"Whenever any player / either player puts a F Pokémon [from their hand] onto their Bench [during their turn],
    CLAUSES": the Stadium's `bench_trigger` (X4; Risky Ruins, Gapejaw Bog), with F the filter on the Pokémon put onto
    the Bench and "that Pokémon" in CLAUSES that Pokémon (`{ref: self}`); CLAUSES that name a player are not read."""
    p.want("whenever any player puts a", "whenever either player puts a")
    alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    body: dict = {"holder": alts[0]} if alts[0] else {}
    if p.lit("from their hand"):
        body["from"] = "hand"
    p.want("onto their bench")
    if p.lit("during their turn"):
        body["during_turn"] = True
    p.want(",")
    if any(w in _PLAYER_WORDS for w in p.toks[p.i:]):
        raise Fail("a player's step")
    items = clauses(p)
    if not p.end():
        raise Fail("the rest")
    return [Part("bench_trigger", items, value=body)]


def evolve_trigger(p: P) -> list:
    """"Whenever either player / any player plays a F from their hand to evolve a G [during their turn], CLAUSES": the
    Stadium's `evolve_trigger` (X4), F the filter on the card evolved with, G the filter on the Pokémon evolved (its card
    before evolving), "that Pokémon" in CLAUSES the evolved Pokémon (`{ref: self}`); CLAUSES that name a player are not
    read."""
    p.want("whenever either player plays", "whenever any player plays")
    p.lit("a", "an")
    card = cards(p, True)
    p.want("from their hand to evolve")
    p.lit("a", "an")
    onto = cards(p, True)
    if len(card) != 1 or len(onto) != 1 or not card[0] or not onto[0]:
        raise Fail("one filter each")
    body: dict = {"card": card[0], "onto": onto[0]}
    if p.lit("during their turn"):
        body["during_turn"] = True
    p.want(",")
    if any(w in _PLAYER_WORDS for w in p.toks[p.i:]):
        raise Fail("a player's step")
    items = clauses(p)
    if not p.end():
        raise Fail("the rest")
    return [Part("evolve_trigger", items, value=body)]


_BASIC_LIMITS = ("( players can't evolve a basic pokemon during their first turn or a basic pokemon that was put into play "
                 "this turn )")


def stadium_step_evolve_limits(p: P) -> list:
    """A step of the Stadium's effect followed by "(Players can't evolve a Basic Pokémon during their first turn or a
    Basic Pokémon that was put into play this turn.)": the step, and the limits of evolving from the hand on the
    effect's evolve step onto a Basic Pokémon (evolve `hand_limits`, seed 001; Grand Tree)."""
    tail = tuple(_BASIC_LIMITS.split(" "))
    if tuple(p.toks[-len(tail):]) != tail:
        raise Fail("the evolving limits")
    q = P(p.toks[:-len(tail)], p.printed[:-len(tail)])
    q.own = p.own
    q.stadium = getattr(p, "stadium", False)
    parts = stadium_step(q)
    p.past = q.past
    p.i = len(p.toks)
    return parts + [Part("hand_limits", value="basic")]
