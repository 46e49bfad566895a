"""The sentence grammar: one sentence of card text -> its parts (conditions, costs, effect steps with the
connective that joins them to the steps before, passive entries, what an Energy provides).

    sentence   := condition | passive | provides | trigger | [connective ","] clauses
    connective := "Then" | "If you do" | "If you drew any cards in this way" | ...
    clauses    := clause ((", and" | "and" | ",") clause)*
    clause     := [subject] ["may"] verb-phrase          (subject: you, your opponent, each player, that player)

`assemble.py` joins the parts of a card's sentences into the vocabulary's EFFECT.
"""
from __future__ import annotations

import copy

import re
from dataclasses import dataclass, field
from typing import Optional

from .lexer import term_words
from .phrases import P, Fail, attached_cards, cards, count, flt, named_cards, pile, poss, target, this_card, HEAD_WORDS, SYMBOLS, TYPE_WORDS


@dataclass
class Part:
    """What one sentence (or one clause of it) says.

    role: cond (a printed condition), cost, step (effect items, joined by `conn`), passive, provides,
    trigger (a Special Energy's attach effect: `filter` for the Pokémon, `parts` its steps),
    flip_heads / flip_tails (the steps after "If heads," / "If tails,"), choose (the "Choose 1 or both:" line),
    option (one option of a choice, after a bullet).
    """
    role: str
    items: list = field(default_factory=list)
    conn: str = ""          # "", "then", "ifdo"
    past: str = ""          # "If you VERBed ... in this way": the verb, naming the step "ifdo" refers to
    value: object = None


def _plural(p: P) -> None:
    p.lit("it", "them")


# ---- verb phrases (who: the subject, me / opp / each) -------------------------------------------------

def _per_in_play(p: P, lead: tuple = ("a", "card", "for", "each")) -> dict:
    """"a card for each of your [Benched] [X] Pokémon [in play]", "a card for each Pokémon ex your opponent has in
    play" -> prims per_in_play. `lead`: the words before "of" ("cards for each" after a number: "2 cards for each")."""
    if p.toks[p.i:p.i + len(lead)] == lead and p.peek(len(lead)) != "of":
        p.i += len(lead)
        where = "bench" if p.lit("benched") else None
        alts = cards(p, True)
        side = "opp" if p.lit("your opponent has") else "me" if p.lit("you have") else _no()
        if where is None:
            p.want("in play")
        if len(alts) != 1:
            raise Fail("one filter")
        return {"side": side, **({"where": where} if where else {}), **({"filter": alts[0]} if alts[0] else {})}
    p.want(" ".join(lead) + " of")
    side = poss(p, "me")
    where = "bench" if p.lit("benched") else None
    alts = cards(p, True)
    in_play = p.lit("in play") is not None
    if len(alts) != 1 or not (where or in_play):
        raise Fail("one filter, in play or on the Bench")
    return {"side": side, **({"where": where} if where else {}), **({"filter": alts[0]} if alts[0] else {})}


def vp_draw(p: P, who: str) -> list:
    p.want("draw", "draws")
    if p.lit("a card for each of your benched pokemon and your opponent's benched pokemon",
             "a card for each benched pokemon ( both yours and your opponent's )") and who == "me":
        return [{"draw": {"count": {"per": "benched"}}}]
    if who == "me" and p.toks[p.i:p.i + 4] == ("cards", "until", "you", "have") and "than" in p.toks[p.i:p.i + 12]:
        # "Draw cards until you have N more card(s) in your hand than your opponent" (prims: until_hand_over_opp)
        p.want("cards until you have")
        n = p.number()
        got = p.want("more cards in your hand than your opponent", "more card in your hand than your opponent")
        if (n == 1) != got.startswith("more card "):
            raise Fail("card / cards")
        return [{"draw": {"count": {"until_hand_over_opp": n}}}]
    for pro, poss_ in (("you", "your"), ("they", "their")):
        if who == "me" and p.lit(f"cards until {pro} have as many cards in {poss_} hand as {pro} have"):
            # "draw cards until you have as many cards in your hand as you have {P} Pokémon in play" (Mystery
            # Garden, "they" in a Stadium's text): the target is a count of the player's Pokémon in play that fit,
            # counted when the step is reached (prims: until_hand_per_in_play)
            alts = cards(p, True)
            p.want("in play")
            if len(alts) != 1:
                raise Fail("one filter")
            per = {"side": "me", **({"filter": alts[0]} if alts[0] else {})}
            return [{"draw": {"count": {"until_hand_per_in_play": per}}}]
    if who == "me" and p.lit("cards until you have", "cards until they have"):
        n = p.number()
        p.want("cards in your hand", "cards in their hand")
        return [{"draw": {"count": {"until_hand": n}}}]
    if who in ("opp", "each") and p.lit("cards until they have"):
        # "Your opponent (Each player) ... draws cards until they have N cards in their hand": the drawing player's hand
        n = p.number()
        p.want("cards in their hand")
        return [{"draw": {"count": {"until_hand": n}}}]
    per = p.attempt(_per_in_play) if who == "me" else None
    if per is not None:
        return [{"draw": {"count": {"per_in_play": per}}}]
    if who == "me" and (p.peek() or "").isdigit() and p.toks[p.i + 1:p.i + 4] == ("cards", "for", "each"):
        # "draw 2 cards for each of your opponent's Benched Pokémon V" / "... for each card you discarded in this way":
        # N for each of what the count counts (`times`)
        k = int(p.peek())
        p.i += 1
        if k < 2:
            raise Fail("a multiple")
        via = p.lit("cards for each card you discarded in this way",
                    "cards for each card you put on the bottom of your deck in this way")
        if via:
            return [{"draw": {"count": {"moved": "$anchor", "times": k,
                                        "$via": "discard" if "discarded" in via else "deck"}}}]
        per = _per_in_play(p, ("cards", "for", "each"))
        return [{"draw": {"count": {"per_in_play": per, "times": k}}}]
    if p.lit("a card for each of"):
        owner = poss(p, who)
        if owner == who and p.lit("remaining prize cards"):
            return [{"draw": {"count": {"per": "prizes_left"}}}]   # the drawing player's own Prize cards (quantity.lp)
        raise Fail("per")
    if p.lit("a card for each card in your opponent's hand") and who == "me":
        return [{"draw": {"count": {"per": "opponent_hand"}}}]
    if p.lit("a card for each of your benched pokemon and your opponent's benched pokemon",
             "a card for each benched pokemon ( both yours and your opponent's )") and who == "me":
        return [{"draw": {"count": {"per": "benched"}}}]
    if p.lit("that many cards"):
        if p.lit("plus"):
            # "draw that many cards plus 1" (Brassius): N more than the step before moved (prims: draw count `plus`)
            k = p.number()
            if not 1 <= k <= 10:
                raise Fail("plus 1 to 10")
            return [{"draw": {"count": {"moved": "$anchor", "plus": k}}}]
        return [{"draw": {"count": {"moved": "$anchor"}}}]   # as many as the step before moved (prims: moved)
    if p.lit("a card for each card you discarded in this way"):
        return [{"draw": {"count": {"moved": "$anchor", "$via": "discard"}}}]   # the step before must be a discard
    if p.lit("a card for each card you put on the bottom of your deck in this way"):
        return [{"draw": {"count": {"moved": "$anchor", "$via": "deck"}}}]
    n, up_to = count(p)
    p.lit("more")  # "draw 2 more cards" (after a guard: an additional step)
    p.want("cards", "card")
    if not isinstance(n, int):
        raise Fail("draw count")
    return [{"draw": {"count": n, "up_to": True}} if up_to else {"draw": n}]


def vp_shuffle_hand(p: P, who: str) -> list:
    p.want("shuffle", "shuffles")
    owner, name = pile(p, who)
    if name != "hand" or owner != who:
        raise Fail("own hand")
    if p.lit("into"):
        o2, deck = pile(p, who)
        if deck != "deck" or o2 != who:
            raise Fail("own deck")
        return [{"move": {"from": "hand", "to": "deck", "count": "all"}}, {"shuffle": "deck"}]
    p.want("and put it on the bottom of", "and puts it on the bottom of")
    o2, deck = pile(p, who)
    if deck != "deck" or o2 != who:
        raise Fail("own deck")
    return [{"move": {"from": "hand", "to": "deck", "count": "all", "bottom": True}}]


def vp_chooses_and_discards(p: P, who: str) -> list:
    """"Your opponent chooses 2 cards from their hand and discards them": their own choice, as "discards 2 cards
    from their hand"."""
    p.want("choose", "chooses")
    n, up_to = count(p)
    alts = cards(p)
    p.want("from")
    owner, src = pile(p, who)
    if owner != who or src != "hand":
        raise Fail("own hand")
    if p.lit("and shuffle those cards into", "and shuffles those cards into", "and shuffles them into",
             "and shuffle them into", "and shuffles it into", "and shuffle it into"):
        # "... and shuffles those cards into their deck": their own choice, into their own deck, then shuffled
        o2, dst = pile(p, who)
        if o2 != who or dst != "deck":
            raise Fail("own deck")
        return [_move("hand", "deck", alts, n, up_to), {"shuffle": "deck"}]
    p.want("and discard them", "and discards them", "and discard it", "and discards it")
    return [_move("hand", "discard", alts, n, up_to)]


def vp_look_prizes(p: P, who: str) -> list:
    """"Look at your face-down Prize cards." (Daisy's Help): the player sees them, nothing moves (prims: look)."""
    p.want("look at")
    owner = poss(p, who)
    if owner != who:
        raise Fail("own Prize cards")
    p.want("face-down prize cards")
    return [{"look": "prizes"}]


def vp_keep_from_hand(p: P, who: str) -> list:
    """"Choose a card in your hand, and discard the other cards" (Kamado) / "... and shuffle the other cards into your
    deck": every card of the hand but the N chosen moves -- as many as the hand holds above N, the player choosing
    which stay (prims: move `count: {down_to: N}`)."""
    p.want("choose", "chooses")
    n, up_to = count(p)
    if up_to or not isinstance(n, int):
        raise Fail("an exact number of cards to keep")
    p.want("cards" if n > 1 else "card")
    p.want("in", "from")
    owner, src = pile(p, who)
    if owner != who or src != "hand":
        raise Fail("own hand")
    p.lit(",")
    p.want("and")
    verb = p.want("discard", "discards", "shuffle", "shuffles")
    p.want("the other cards")
    step = {"move": {"from": "hand", "to": "discard", "count": {"down_to": n}}}
    if verb.startswith("discard"):
        return [step]
    p.want("into")
    o2, deck = pile(p, who)
    if o2 != who or deck != "deck":
        raise Fail("own deck")
    return [{"move": {**step["move"], "to": "deck"}}, {"shuffle": "deck"}]


def vp_the_other(p: P, who: str) -> list:
    """"Attach the other to 1 of your Pokémon" / "Attach the others to your Pokémon in any way you like" after a
    search that set its cards aside and put some of them into the hand (Crispin): the rest of the cards found
    (`from: looked`, every one left: `count: all`; checked when assembled)."""
    if who != "me":
        raise Fail("the other")
    p.want("attach")
    p.want("the other", "the others", "the other cards", "the other card")
    p.want("to")
    tgt, spread = attach_target(p, who)
    a = {"from": "looked", "count": "all", "target": tgt}
    if spread:
        a["spread"] = True
    return [{"attach": a, "$rest": True}]


def vp_discard_hand(p: P, who: str) -> list:
    p.want("discard", "discards")
    owner, name = pile(p, who)
    if name != "hand" or owner != who:
        raise Fail("own hand")
    return [{"move": {"from": "hand", "to": "discard", "count": "all"}}]


def _move(src: str, dst: str, alts: Optional[list], n, up_to: bool, **extra) -> dict:
    m = {"from": src, "to": dst}
    if alts is not None and alts != [{}]:
        m["filter"] = flt(alts)
    m["count"] = n
    if up_to:
        m["up_to"] = True
    m.update(extra)
    return {"move": m}


def vp_move_cards(p: P, who: str) -> list:
    """put / shuffle / discard COUNT CARDS from PILE into / in / on the bottom of PILE."""
    verb = p.want("put", "puts", "shuffle", "shuffles", "discard", "discards")
    n, up_to = count(p)
    alts = cards(p)
    distinct = p.lit("of different types") is not None   # no two cards of one type (prims: move distinct)
    p.want("from")
    owner, src = pile(p, who)
    if owner != who and not (owner == "opp" and who == "me" and verb == "put" and src == "discard"):
        raise Fail("another player's pile")
    bottom = top = False
    if verb.startswith("put") and p.lit("onto"):
        # "put a Basic Pokémon from your (opponent's) discard pile onto your (their) Bench"
        bench_owner = poss(p, "opp" if owner == "opp" else who)
        p.want("bench")
        if bench_owner != owner:
            raise Fail("the same player's Bench")
        if distinct:
            raise Fail("different types onto the Bench")
        step = _move(src, "bench", alts, n, up_to)
        return [{**step, "player": owner} if owner != "me" else step]
    if owner != who:
        raise Fail("another player's pile")
    if verb.startswith("discard"):
        dst = "discard"
        if p.lit("( you must discard at least 1 card )"):
            # the reminder restates Q4 ("up to N": at least 1 once the step is carried out): read only after "up to N"
            if not (up_to and isinstance(n, int)):
                raise Fail("the reminder after up to N")
    elif p.lit("in the lost zone"):
        dst = "lost_zone"
    elif p.lit("on the bottom of"):
        o2, dst = pile(p, who)
        bottom = True
        if dst != "deck" or o2 != who:
            raise Fail("own deck")
        p.lit("in any order")
    elif p.lit("on top of"):
        # the deck's order is not tracked: a card put on top is in the deck, unshuffled
        o2, dst = pile(p, who)
        if dst != "deck" or o2 != who:
            raise Fail("own deck")
        top = True
        p.lit("in any order")
    else:
        p.want("into")
        o2, dst = pile(p, who)
        if o2 != who:
            raise Fail("another player's pile")
    if src == dst:
        raise Fail("same pile")
    shuffles = verb.startswith("shuffle")
    if shuffles != (dst == "deck" and not bottom and not top):
        raise Fail("shuffle into the deck")
    if n == "any" and not up_to:
        pass
    step = _move(src, dst, alts, n, up_to, **({"bottom": True} if bottom else {}), **(
        {"distinct": "type"} if distinct else {}))
    return [step] + ([{"shuffle": "deck"}] if shuffles else [])


def _search_targets(p: P) -> list:
    """"an Item card and a Pokémon Tool card", "a Pokémon, a Supporter card, and a Basic Energy card",
    or one counted phrase ("up to 2 Basic Pokémon") -> [(count, up_to, alternatives)]."""
    if p.lit("a number of"):
        # "a number of cards up to the number of your Benched Pokémon" (Nab 'n' Dash): as many as those Pokémon in
        # play when the step is reached, or fewer (`count: {per_in_play: GROUP}`, `up_to`)
        alts = cards(p)
        p.want("up to the number of")
        group = target_group(p, "me")
        if group["side"] != "me" or ("where" not in group and not p.lit("in play")):
            raise Fail("your [Benched] Pokémon [in play]")
        return [(({"per_in_play": group}, True), alts)]
    first = (count(p), cards(p))
    if first[0] == ("any", False) and p.peek() == "and":
        # "any number of Water Pokémon and Water Energy cards": any number of cards, each one of these
        save = p.i
        p.i += 1
        more = p.attempt(cards)
        if more is not None:
            return [(first[0], first[1] + more)]
        p.i = save
    rest = []
    while True:
        save = p.i
        if p.lit(", and", "and", ","):
            c = p.attempt(count)
            if c is not None and c == (1, False):
                alts = p.attempt(cards)
                if alts is not None:
                    rest.append((c, alts))
                    continue
        p.i = save
        break
    if rest and first[0] != (1, False):
        raise Fail("a list of single cards")
    return [first] + rest



def attach_target(p: P, who: str) -> tuple:
    """(target, spread) after "attach ... to": one Pokémon ("1 of your Benched Pokémon"), or "your Pokémon in any
    way you like" -- spread over the Pokémon that fit; "in any way you like" after one target spreads too."""
    tgt = p.attempt(target, who)
    if tgt is None:
        tgt = target_group(p, who)
        p.want("in any way you like")
        return tgt, True
    return tgt, p.lit("in any way you like") is not None

def vp_search(p: P, who: str) -> list:
    """A search of the deck: of cards as the card phrases say them, or else of Pokémon named by their bare printed
    names (each reading tried on the whole sentence: a list of bare names may begin like a card phrase)."""
    got = p.attempt(_vp_search, who, False)
    return got if got is not None else _vp_search(p, who, True)


def _vp_search(p: P, who: str, bare: bool) -> list:
    p.want("search", "searches")
    owner, zone = pile(p, who)
    if zone != "deck" or owner != who:
        raise Fail("own deck")
    p.want("for")
    if bare:
        # "up to 2 Grubbin", "up to 2 in any combination of Maushold and Maushold ex", "any number of Magikarp": cards
        # named by their bare printed name (the name alone is the filter: a fossil benched by name is no Pokémon card)
        found = [_bare_pokemon(p)]
    else:
        found = _search_targets(p)
    either = None
    distinct = len(found) == 1 and p.lit("of different types") is not None
    if len(found) == 1 and p.lit("or"):
        # "up to 2 Basic Pokémon or 1 Evolution Pokémon": one of two searches, the player's choice
        either = (count(p), cards(p))
    if p.lit(", shuffle your deck , then put those cards on top of it in any order",
             ", shuffle your deck , then put that card on top of it", ", shuffle your deck , then put it on top of it"):
        # the found cards end on top of the deck: its order is not tracked, so its contents stay (search deck_top)
        if either is not None or distinct:
            raise Fail("deck top")
        return _searches(found, "deck_top", None)
    # the verbs after the search are in the subject's person: "search ..., reveal it, and put it" / (a Stadium's "that
    # player") "searches ..., reveals it, and puts it"
    if p.lit(", reveal it ,", ", reveal them ,", ", reveal it, and", "reveal it ,"):
        pass
    p.lit(",")
    p.lit("reveal it", "reveal them", "show it to your opponent", "show them to your opponent", "reveals it",
          "reveals them")
    p.lit(",")
    if not p.lit("and") and p.peek() not in ("put", "puts"):
        raise Fail("and")
    if p.peek() in ("put", "puts") and (p.peek(1) or "").isdigit() and p.peek(2) == "of" and p.peek(3) == "them":
        # "Search your deck for up to 2 Basic Energy cards of different types, reveal them, and put 1 of them into your
        # hand." (Crispin): the found cards are set aside (`to: looked`), N of them go into the hand, and "the other"
        # is what a later sentence does with the rest (prims: search `to: looked`)
        p.i += 1
        keep = p.number()
        p.want("of them into")
        o2, dst = pile(p, who)
        (n, up_to), alts = found[0]
        if dst != "hand" or o2 != who or len(found) != 1 or either is not None or bare or not isinstance(n, int) \
                or keep >= n:
            raise Fail("N of more found cards into your own hand")
        out = _searches(found, "looked", None)
        if distinct:
            out[0]["search"]["distinct"] = "type"
        return out + [{"move": {"from": "looked", "to": "hand", "count": keep}}]
    if p.lit("put it into", "put them into", "puts it into", "puts them into"):
        o2, dst = pile(p, who)
        if dst != "hand" or o2 != who:
            raise Fail("own hand")
        to, tgt = "hand", None
    elif p.lit("put it onto", "put them onto", "puts it onto", "puts them onto"):
        poss(p, who)
        p.want("bench")
        to, tgt = "bench", None
    elif p.lit("attach it to", "attach them to", "attaches it to", "attaches them to"):
        to = "attach"
        tgt, spread = attach_target(p, who)
    elif p.lit("discard them", "discard it"):
        to, tgt = "discard", None
    else:
        raise Fail("where the cards go")
    if to != "attach":
        spread = False
    if bare and (to not in ("bench", "hand") or either is not None or distinct):
        raise Fail("bare names only for cards put onto the Bench or into the hand")
    p.lit(", and shuffle your deck", "and shuffle your deck")   # the search's own shuffle (A8)
    if either is not None:
        options = [_searches([f], to, tgt) for f in (found[0], either)]
        return [{"choose": {"options": options}}]
    out = _searches(found, to, tgt)
    if distinct:
        out[0]["search"]["distinct"] = "type"   # no two cards of one type (prims: distinct)
    if to == "attach" and spread:
        if len(out) != 1:
            raise Fail("one search spread")
        out[0]["search"]["spread"] = True
    return out


# Printed words the lexer changes (a dropped "." or symbol: "Mr. Mime", "Mime Jr.", "Nidoran♀", "Type: Null"): a bare
# name with one of them would not be the card's name.
_LOSSY_NAME_WORDS = frozenset(("mr", "mrs", "jr", "nidoran", "type"))
# Words of a name that are also the game's terms for kinds of cards ("a Fossil", "a Technical Machine", "an Ancient
# card"): a bare name with one of them could be a kind, not a name, and is refused. The words a Pokémon's name ends or
# starts with (its tag: "Zacian V", "Mega Kangaskhan ex") are names' own.
def _bare_name(p: P) -> str:
    """A Pokémon's bare printed name ("Grubbin", "Maushold ex"): capitalized words that are no term of the grammar,
    perhaps followed by "ex"."""
    j = p.i
    terms = term_words()
    while j < len(p.toks) and p.printed[j][:1].isupper() and p.toks[j] not in HEAD_WORDS \
            and p.toks[j] not in SYMBOLS and p.toks[j] not in TYPE_WORDS and p.toks[j] not in _LOSSY_NAME_WORDS \
            and re.fullmatch(r"[A-Za-z\u00C0-\u024F'-]+", p.printed[j]):
        j += 1
    if j == p.i or any(t in terms for t in p.toks[p.i:j]):
        raise Fail("a Pokémon's name")
    if j < len(p.toks) and p.printed[j] == "ex":
        j += 1
    name = " ".join(p.printed[p.i:j])
    p.i = j
    return name


def _bare_pokemon(p: P) -> tuple:
    """"up to 2 Grubbin" / "a Pikachu" / "up to 2 in any combination of A and B" / "any number of A, B, and C" ->
    (count, alternatives)."""
    n = count(p)
    combination = p.lit("in any combination of") is not None
    if combination or n[0] == "any":
        names = [_bare_name(p)]
        while True:
            save = p.i
            if p.lit(", and", "and", ","):
                more = p.attempt(_bare_name)
                if more is not None:
                    names.append(more)
                    continue
            p.i = save
            break
        if len(names) < 2 and combination:
            raise Fail("a combination of two or more")
    else:
        names = [_bare_name(p)]
    return n, [{"name": x} for x in names]


def _searches(found: list, to: str, tgt) -> list:
    out = []
    for k, ((n, up_to), alts) in enumerate(found):
        s = {"zone": "deck"}
        if alts != [{}]:
            s["filter"] = flt(alts)
        s.update({"count": n})
        if up_to:
            s["up_to"] = True
        s["to"] = to
        if tgt is not None:
            s["target"] = tgt
        if k < len(found) - 1:
            s["shuffle"] = False
        out.append({"search": s})
    return out


def vp_reveal_put(p: P, who: str) -> list:
    """"Reveal a Pokémon from your hand and put it into your deck"."""
    p.want("reveal", "reveals")
    n, up_to = count(p)
    alts = cards(p)
    p.want("from", "in")
    owner, src = pile(p, who)
    p.want("and put it into", "and put them into")
    o2, dst = pile(p, who)
    if owner != who or o2 != who or src != "hand" or dst != "deck":
        raise Fail("hand to deck")
    return [_move("hand", "deck", alts, n, up_to)]


def vp_discard_random(p: P, who: str) -> list:
    """"discard a random card from your opponent's hand" (an outcome, not a choice)."""
    verb = p.want("discard", "discards", "put", "puts")
    n, up_to = count(p)
    p.want("random card", "random cards")
    p.want("from")
    owner, src = pile(p, who)
    if src != "hand" or up_to:
        raise Fail("a random card from a hand")
    extra = {}
    if verb.startswith("discard"):
        dst = "discard"
    else:
        # "Put a random card from your opponent's hand on the bottom of their deck"
        p.want("on the bottom of")
        if _said(p, owner) not in ("$owner", owner):
            raise Fail("the owner's deck")
        p.want("deck")
        dst, extra = "deck", {"bottom": True}
    step = {"move": {"from": "hand", "to": dst, "count": n, "random": True, **extra}}
    return [{**step, "player": owner} if owner != "me" else step]


def vp_evolve(p: P, who: str) -> list:
    """"search your deck for a card that evolves from 1 of your Pokémon and put it onto that Pokémon to evolve it";
    "if you have a Stage 2 card in your hand that evolves from that Pokémon, put that card onto the Basic Pokémon
    to evolve it, skipping the Stage 1" (after "Choose 1 of your Basic Pokémon in play")."""
    if who != "me":
        raise Fail("evolve")
    if p.lit("if you have a stage 2 card in your hand that evolves from that pokemon , put that card onto the basic "
             "pokemon to evolve it , skipping the stage 1"):
        return [{"evolve": {"from": "hand", "skip_stage1": True, "target": {"ref": "$chosen"}}}]
    if p.lit("search your deck for a card that evolves from that pokemon and put it onto that pokemon to evolve it"):
        # after "Choose 1 of your Pokémon in play."
        return [{"evolve": {"from": "deck", "target": {"ref": "$chosen"}}}]
    stage = p.lit("search your deck for a stage 1 pokemon that evolves from that pokemon and put it onto that pokemon to "
                  "evolve it", "search your deck for a stage 2 pokemon that evolves from that pokemon and put it onto "
                  "that pokemon to evolve it")
    if stage:
        # "that Pokémon": the one the step before chose (the Pokémon it evolved, after "If that Pokémon was evolved in
        # this way")
        return [{"evolve": {"from": "deck", "filter": {"stage": "stage1" if "stage 1" in stage else "stage2"},
                            "target": {"ref": "$prev"}}}]
    p.want("search your deck for a")
    evo_filter = None
    stage = p.lit("stage 1 pokemon that", "stage 2 pokemon that")
    if stage:
        # "a Stage 1 Pokémon that evolves from ...": what the evolution card must be (prims: evolve filter)
        evo_filter = {"stage": "stage1" if stage.startswith("stage 1") else "stage2"}
    else:
        p.want("card that")
        if p.lit("has no abilities and"):
            evo_filter = {"not": {"has": "ability"}}   # what the evolution card must be (prims: evolve filter)
    p.want("evolves from")
    tgt = target(p, who)
    if "where" in tgt or tgt.get("each") or tgt["side"] != "me":
        raise Fail("one of your Pokémon")
    p.lit(",")
    p.want("and put it onto that pokemon to evolve it")
    return [{"evolve": {"from": "deck", **({"filter": evo_filter} if evo_filter else {}), "target": tgt}}]


def vp_shuffle_deck(p: P, who: str) -> list:
    p.want("shuffle", "shuffles")
    owner, name = pile(p, who)
    if name != "deck" or owner != who:
        raise Fail("own deck")
    return [{"shuffle": "deck"}]


# the labels of a chain of distinct targets ("up to N of your Pokémon"), made unique on the card when assembled
CHAIN_LABELS = ("$first", "$second", "$third", "$fourth", "$fifth")


def _up_to_targets(op: str, body: dict, group: dict, n: int) -> list:
    """A step on "up to N" of the Pokémon that fit (1 <= N <= 6): one, then (optionally) another listed after it, then
    (optionally) another listed after that one, ...: N different Pokémon, each set of them listed once (`after`)."""
    if n == 1:
        return [{op: {**body, "target": group}}]
    if not 2 <= n <= len(CHAIN_LABELS) + 1:
        raise Fail("up to 1 to 6 Pokémon")
    inner: list = []
    for k in range(n - 1, 0, -1):
        step = {op: {**body, "target": {**group, "after": CHAIN_LABELS[k - 1]}}}
        if inner:
            step["label"] = CHAIN_LABELS[k]
        inner = [{"may": [step] + inner}]
    return [{op: {**body, "target": group}, "label": "$first"}] + inner


def _group_post(p: P, who: str) -> dict:
    """"your [Benched] [X] Pokémon [that have Energy attached]"."""
    from .phrases import _target_post
    return _target_post(p, target_group(p, who))


def vp_heal(p: P, who: str) -> list:
    p.want("heal", "heals")
    amount = "all" if p.lit("all") else p.number()
    if p.lit("damage from up to"):
        # "Heal 30 damage from up to 2 of your Pokémon that have Energy attached"
        n = p.number()
        p.want("of")
        return _up_to_targets("heal", {"amount": amount}, _group_post(p, who), n)
    cure = False
    if p.lit("damage and remove all special conditions from"):
        cure = True   # "Heal 30 damage and remove all Special Conditions from your Active Pokémon"
    else:
        p.want("damage from")
    tgt = {"ref": "$prev"} if p.lit("it", "that pokemon") else target(p, who)
    if cure:
        if "ref" in tgt or "where" not in tgt or tgt.get("each"):
            raise Fail("one known Pokémon")
        return [{"heal": {"amount": amount, "target": tgt}}, {"cure": {"target": dict(tgt)}}]
    return [{"heal": {"amount": amount, "target": tgt}}]


def vp_choose_heal(p: P, who: str) -> list:
    """"Choose up to 2 of your Rapid Strike Pokémon and heal 60 damage from each of them"."""
    if who != "me":
        raise Fail("choose")
    p.want("choose up to")
    n = p.number()
    p.want("of")
    group = _group_post(p, who)
    p.want("and heal")
    amount = "all" if p.lit("all") else p.number()
    p.want("damage from each of them")
    return _up_to_targets("heal", {"amount": amount}, group, n)


def _benched(p: P) -> dict:
    """"Benched [Basic] Pokémon" -> the filter (may be empty)."""
    p.want("benched")
    alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    return alts[0]


def _gusted(p: P) -> dict:
    """"Benched [F] Pokémon [that has N HP or less remaining | that has any damage counters on it]" -> the gust's fields
    (`filter`, and the bounds `hp_left_max` / `damaged` of the Pokémon chosen)."""
    from .phrases import _target_post
    f = _benched(p)
    post = _target_post(p, {})
    if set(post) - {"hp_left_max", "damaged"}:
        raise Fail("a bound of the gust")
    return {**({"filter": f} if f else {}), **post}


def vp_switch(p: P, who: str) -> list:
    """switch (your Active with 1 of your Benched), gust (1 of your opponent's Benched to the Active Spot),
    and the opponent's own switch ("Switch out your opponent's Active Pokémon to the Bench")."""
    if who == "me" and p.lit("switch in 1 of your opponent's"):
        g = _gusted(p)
        p.want("to the active spot")
        return [{"gust": g}]
    if who == "me" and p.lit("choose 1 of your opponent's"):
        g = _gusted(p)
        p.want("and switch it with their active pokemon", "and switch it with your opponent's active pokemon")
        return [{"gust": g}]
    if who == "me" and p.lit("switch 1 of your opponent's"):
        g = _gusted(p)
        p.want("with their active pokemon", "with your opponent's active pokemon")
        return [{"gust": g}]
    if who == "me" and p.lit("switch out your opponent's active pokemon to the bench ( your opponent chooses the "
                             "new active pokemon )"):
        return [{"switch": {}, "player": "opp"}]
    if who == "me" and p.lit("switch it with 1 of your benched pokemon"):
        # "it": your Active Pokémon, the step before's (checked when assembled)
        return [{"switch": {}, "$it_active": True}]
    p.want("switch", "switches")
    if poss(p, who) != who:
        raise Fail("own Active")
    p.want("active")
    active = cards(p, True)
    p.want("with 1 of")
    if poss(p, who) != who:
        raise Fail("own Bench")
    bench = _benched(p)
    if len(active) != 1:
        raise Fail("one filter on the Active Pokémon")
    if active[0] == bench:
        return [{"switch": {"filter": bench} if bench else {}}]
    # "Switch your Active [F] Pokémon with 1 of your Benched [G] Pokémon" with two different filters: each Pokémon must
    # fit its own (`active_filter`, `bench_filter`)
    sw: dict = {}
    if active[0]:
        sw["active_filter"] = active[0]
    if bench:
        sw["bench_filter"] = bench
    return [{"switch": sw}]


def _stadium_step(to: str) -> dict:
    """The Stadium in play (either player's, one at most) goes to its owner's pile: done for the player who owns it."""
    return {"move": {"from": "stadium", "to": to, "count": 1}, "player": "each", "if_possible": True}


def vp_discard_stadium(p: P, who: str) -> list:
    """"discard a Stadium in play"."""
    if who != "me":
        raise Fail("stadium")
    p.want("discard a stadium in play", "discard any stadium in play")
    return [_stadium_step("discard")]


def vp_choose_attached(p: P, who: str) -> list:
    """"Choose up to 2 Pokémon Tools attached to Pokémon (yours or your opponent's) and discard them", "Choose a
    Pokémon Tool attached to any Pokémon, or any Stadium in play, and put it in the Lost Zone": attached cards (on
    different Pokémon, each pair listed once: `after`) or the Stadium in play, to the discard pile or the Lost Zone."""
    if who != "me":
        raise Fail("choose")
    p.want("choose")
    n, up_to = count(p)
    f = attached_cards(p)
    p.want("attached to")
    if p.lit("any pokemon", "pokemon ( yours or your opponent's )"):
        tgt = {"side": "any"}
    else:
        tgt = target(p, who)
    stadium = p.lit(", or any stadium in play ,") is not None
    p.want("and")
    if p.lit("discard them", "discard it"):
        to = "discard"
    else:
        p.want("put it in the lost zone", "put them in the lost zone")
        to = "lost_zone"
    if not isinstance(n, int) or n > 6 or (n > 2 and f != {"kind": "tool"}) or (stadium and (n != 1 or up_to)):
        # more than 2 only for Pokémon Tools: a Pokémon has one Tool, so N of them are on N different Pokémon
        raise Fail("one or two attached cards")
    body = {"target": tgt, "filter": f, "count": 1, **({"up_to": True} if up_to else {}),
            **({"to": to} if to != "discard" else {})}
    if stadium:
        return [{"choose": {"options": [[{"discard_attached": body}], [_stadium_step(to)]]}}]
    if n == 1:
        return [{"discard_attached": body}]
    # "up to 2": the first card, then (if the player wants) a second one on another Pokémon (listed after the first)
    if n > 2 and up_to:
        return _up_to_targets("discard_attached", {k: v for k, v in body.items() if k != "target"}, tgt, n)
    if n > 2:
        raise Fail("exactly N Tools")
    second = {**body, "target": {**tgt, "after": "$first"}}
    if not up_to:
        return [{"discard_attached": body, "label": "$first"}, {"discard_attached": second}]
    return [{"discard_attached": body, "label": "$first"}, {"may": [{"discard_attached": second}]}]


def _all_of_group(p: P, who: str) -> dict:
    """"all of / each of your opponent's [Benched] [X] Pokémon", "your opponent's Pokémon" (every one of them)."""
    p.lit("all of", "each of")
    group = target_group(p, who)
    if p.peek() not in (None, ",", "and"):
        raise Fail("the end of the clause")
    return group


def vp_discard_attached_up_to(p: P, who: str) -> list:
    """"Discard N X from up to K of your opponent's [Benched] [F] Pokémon": N cards off each of K different Pokémon,
    each one a choice (`_up_to_targets`)."""
    if who != "me":
        raise Fail("discard")
    p.want("discard")
    n, up_to = count(p)
    if not isinstance(n, int) or up_to:
        raise Fail("a number of cards")
    f = attached_cards(p)
    p.want("from up to")
    k = p.number()
    p.want("of")
    group = _group_post(p, who)
    return _up_to_targets("discard_attached", {"filter": f, "count": n}, group, k)


def vp_discard_attached(p: P, who: str) -> list:
    p.want("discard", "discards")
    parts = [(count(p), attached_cards(p))]
    while p.lit("and"):
        if parts[-1][0] == ("all", False) and p.attempt(count) is None:
            # "all Pokémon Tools and Special Energy": every card that is one or the other
            more = attached_cards(p)
            (n, up_to), f = parts[-1]
            parts[-1] = ((n, up_to), {"any_of": [f, more]})
            continue
        parts.append((count(p), attached_cards(p)))
    p.want("from", "attached to")
    group = p.attempt(_all_of_group, who) if all(c == ("all", False) for c, _ in parts) else None
    each = None
    if group is None and len(parts) == 1 and isinstance(parts[0][0][0], int) and p.peek() == "each":
        each = p.attempt(_all_of_group, who)
    if each is not None:
        # "Discard a Special Energy from each of your opponent's Pokémon": N fitting cards off each fitting Pokémon
        # (as many as it has, up to N), the player choosing which (prims: discard_attached `from_each`)
        if "type" in parts[0][1] or "each" in each:
            raise Fail("from each")   # a typed Energy is left as the attack grammar leaves it
        (n, up_to), f = parts[0]
        d = {"target": {**each, "each": True}, "filter": f, "count": n, "from_each": True}
        if up_to:
            d["up_to"] = True
        return [{"discard_attached": d}]
    if group is not None:
        # "Discard all Pokémon Tools from (all of / each of) your opponent's (Benched) Pokémon": every card that fits
        # off every Pokémon that fits
        tgt = {**group, "each": True}
    elif (len(parts) == 1 and parts[0][0][0] != "all" and p.peek() in ("your", "their")
          and p.toks[p.i:p.i + 2] != ("your", "active") and p.toks[p.i:p.i + 3] != ("your", "opponent's", "active")):
        # "Discard up to 2 Pokémon Tools from your opponent's Pokémon": that many cards off those Pokémon together,
        # the player choosing which off which (`each` with `spread`); "from each of" (so many off each) is not this
        save = p.i
        group = p.attempt(_all_of_group, who) if p.peek() != "each" else None
        typed = "type" in parts[0][1]
        if group is not None and "each" not in group and not group.get("where") == "active" and not typed:
            # (a typed Energy, "{G} Energy (cards)", is left as the attack grammar leaves it: not read)
            (n, up_to), f = parts[0]
            d = {"target": {**group, "each": True}, "filter": f, "count": n, "spread": True}
            if up_to:
                d["up_to"] = True
            return [{"discard_attached": d}]
        p.i = save
        tgt = target(p, who)
    else:
        tgt = {"ref": "$prev"} if p.lit("it", "that pokemon") else target(p, who)
    out = []
    for k, ((n, up_to), f) in enumerate(parts):
        d = {"target": tgt if k == 0 else {"ref": "t1"}, "filter": f, "count": n}
        if up_to:
            d["up_to"] = True
        item = {"discard_attached": d}
        if k == 0 and len(parts) > 1:
            item["label"] = "t1"
        out.append(item)
    return out


def vp_attach(p: P, who: str) -> list:
    p.want("attach", "attaches")
    n, up_to = count(p)
    alts = cards(p)
    p.want("from")
    owner, src = pile(p, who)
    if owner != who or src not in ("hand", "discard"):
        raise Fail("own hand or discard pile")
    p.want("to")
    tgt, spread = attach_target(p, who)
    a = {"from": src}
    if alts != [{}]:
        a["filter"] = flt(alts)
    a["count"] = n
    if up_to:
        a["up_to"] = True
    a["target"] = tgt
    if spread:
        a["spread"] = True
    return [{"attach": a}]


def vp_attach_moved(p: P, who: str) -> list:
    """"attach any Energy cards you discarded in this way to your Benched {F} Pokémon in any way you like" (Bea, after
    "Discard the top 5 cards of your deck"): every card that fits among those the step before put into the discard
    pile (prims: attach `among`, `count: all`; the zh text reads "all the Energy cards among them"). Only after a step
    that discarded (checked when assembled); the cards the step chooses from are the player's own discard pile."""
    if who != "me":
        raise Fail("own cards")
    p.want("attach")
    p.want("any")
    alts = cards(p)
    if alts == [{}]:
        raise Fail("a card filter")
    p.want("you discarded in this way to")
    tgt, spread = attach_target(p, who)
    a = {"from": "discard", "filter": flt(alts), "count": "all", "among": "$anchor", "target": tgt}
    if spread:
        a["spread"] = True
    return [{"attach": a}]


def vp_attach_moved_if(p: P, who: str) -> list:
    """"If any of those cards are Energy cards, attach them to this Pokémon" (Regidrago V, after "Discard the top 3
    cards of your deck"), "If that card is a {W} Energy card, attach it to 1 of your Pokémon" (Kyurem VMAX's Ability,
    after "discard the top card of your deck"): as `vp_attach_moved` -- every card that fits among those the step
    before discarded is attached (prims: attach `among`, `count: all`); none fits, none is attached."""
    if who != "me":
        raise Fail("own cards")
    p.want("if")
    one = p.want("that card is", "any of those cards are") == "that card is"
    if one:
        p.want("a", "an")
    alts = cards(p)
    if alts == [{}]:
        raise Fail("a card filter")
    p.want(",")
    p.want("attach")
    p.want("it" if one else "them")
    p.want("to")
    tgt, spread = attach_target(p, who)
    a = {"from": "discard", "filter": flt(alts), "count": "all", "among": "$anchor", "target": tgt}
    if spread:
        a["spread"] = True
    return [{"attach": a}]


def vp_put_those_moved(p: P, who: str) -> list:
    """"If you discarded any Item cards in this way, put those Item cards into your hand" (PokéStop, after "discard 3
    cards from the top of your deck"): every card that fits among those the step before put into the player's
    discard pile goes to the hand (prims: move `among`, `count: all`). Read only after "If you discarded ... in this
    way" (the anchor is that step, checked when assembled)."""
    if who != "me" or getattr(p, "past", "") != "discarded":
        raise Fail("after 'If you discarded ... in this way'")
    p.want("put")
    p.want("those")
    alts = cards(p)
    if alts == [{}]:
        raise Fail("a card filter")
    p.want("into your hand")
    return [{"move": {"from": "discard", "to": "hand", "filter": flt(alts), "count": "all", "among": "$anchor"}}]


def vp_move_to_active(p: P, who: str) -> list:
    """"Move up to 2 Energy from your Benched Pokémon to your Active Pokémon": each card from any Benched Pokémon (one
    at a time, the same Pokémon or another), onto the Active Pokémon (`to: {where: active}`); the second of "up to 2"
    is optional."""
    if who != "me":
        raise Fail("move")
    p.want("move")
    n, up_to = count(p) if not p.lit("any amount of") else ("any", False)
    f = attached_cards(p)
    def ends() -> bool:   # the phrase is the whole place (no filter after "Pokémon": vp_move_attached reads those)
        return p.peek() in (None, ",", "and", "(")
    if p.lit("from your active pokemon to 1 of your benched pokemon") and ends():
        return [{"move_attached": {"target": {"side": "me", "where": "active"}, "to": {"where": "bench"}, "filter": f,
                                   "count": n, **({"up_to": True} if up_to else {})}}]
    if p.lit("from 1 of your benched pokemon to your active pokemon") and ends():
        # one Benched Pokémon is the source
        return [{"move_attached": {"target": {"side": "me", "where": "bench"}, "to": {"where": "active"}, "filter": f,
                                   "count": n, **({"up_to": True} if up_to else {})}}]
    p.want("from your benched pokemon to your active pokemon")
    if not ends():
        raise Fail("a filter")
    if not isinstance(n, int) or n > 6:
        raise Fail("one to six cards")
    one = {"move_attached": {"target": {"side": "me", "where": "bench"}, "to": {"where": "active"}, "filter": f,
                             "count": 1, **({"up_to": True} if up_to else {})}}
    if n == 1:
        return [one]
    if not up_to:
        return [copy.deepcopy(one) for _ in range(n)]
    # "up to N": the first card, then (if the player wants) another, and so on (each from any Benched Pokémon)
    rest: list = []
    for _ in range(n - 1):
        rest = [{"may": [copy.deepcopy(one)] + rest}]
    return [one] + rest


def _one_filter(p: P) -> dict:
    alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    return alts[0]


def vp_move_attached(p: P, who: str) -> list:
    """"Move N X from SOURCE to DESTINATION" between one player's Pokémon: SOURCE "1 of your [Benched] [F] Pokémon" /
    "your Active [F] Pokémon" (the chosen Pokémon, `target`), DESTINATION "another of your [Benched] [G] Pokémon" / "1
    of your Benched [G] Pokémon" / "your Active [G] Pokémon" (`to: {where, filter}`; always another Pokémon)."""
    p.want("move", "moves")
    n, up_to = count(p)
    f = attached_cards(p)
    p.want("from")
    if p.peek() not in ("1", "your", "their") or (p.peek() == "your" and p.peek(1) == "benched"):
        raise Fail("one Pokémon")   # "from your Benched Pokémon" (any of them, one at a time) is vp_move_to_active's
    src = target(p, who)
    if src.get("each") or set(src) - {"side", "where", "filter"}:
        raise Fail("one chosen Pokémon")
    side = src["side"]
    p.want("to")
    to: dict = {}
    plain_bench = False
    if p.lit("another of"):
        if poss(p, side) != side:   # "another of their Pokémon": the same player's
            raise Fail("same player's Pokémon")
        if p.lit("benched"):
            to["where"] = "bench"
    elif p.lit("1 of"):
        if poss(p, side) != side:
            raise Fail("same player's Pokémon")
        p.want("benched")
        to["where"] = "bench"
    else:
        if poss(p, side) != side:
            raise Fail("same player's Pokémon")
        plain_bench = p.lit("benched") is not None
        to["where"] = "bench" if plain_bench else p.want("active")
    dest = _one_filter(p)
    if dest:
        to["filter"] = dest
    # "to your Benched Pokémon in any way you like" (Night Cyclone): the cards split over those Pokémon (`spread`)
    spread = p.lit("in any way you like") is not None
    if spread != plain_bench:
        raise Fail("'your Benched Pokémon' with 'in any way you like'")
    if spread and (src.get("where") != "active" or n != "all" or up_to):
        raise Fail("all cards off the Active Pokémon")   # other counts or sources in any way you like: not seen printed
    if to.get("where") and to["where"] == src.get("where"):
        raise Fail("from and to the same place")
    m = {"target": src, **({"to": to} if to else {}), "filter": f, "count": n, **({"spread": True} if spread else {})}
    if up_to:
        m["up_to"] = True
    return [{"move_attached": m}]


def vp_return_attached(p: P, who: str) -> list:
    """"Put an Energy attached to 1 of your opponent's Pokémon into their hand"."""
    p.want("put", "puts")
    n, up_to = count(p)
    f = attached_cards(p)
    p.want("attached to")
    if who == "me" and p.lit("that pokemon into your hand"):
        # "put all Energy attached to that Pokémon into your hand": the Pokémon a step before chose (one of yours:
        # a card goes to its owner's hand)
        d = {"target": {"ref": "$prev"}, "filter": f, "count": n, **({"up_to": True} if up_to else {}), "to": "hand"}
        return [{"discard_attached": d, "$mine": True}]   # checked when assembled: the step before chose yours
    tgt = target(p, who)
    where = p.want("into", "on top of", "on the bottom of")
    owner = poss(p, tgt["side"] if tgt.get("side") in ("me", "opp") else who) if p.peek() != "your" else poss(p, who)
    zone = p.want("hand" if where == "into" else "deck")
    if owner != tgt.get("side"):
        raise Fail("the owner's pile")
    d = {"target": tgt, "filter": f, "count": n}
    if up_to:
        d["up_to"] = True
    d["to"] = zone   # "on top of / on the bottom of their deck": into the deck (its order is not tracked)
    return [{"discard_attached": d}]


def vp_counters_up_to(p: P, who: str) -> list:
    """"Put N damage counter(s) on up to K of your opponent's [Benched] [F] Pokémon" / "Choose up to K of your opponent's
    [Benched] [F] Pokémon and put N damage counter(s) on each of them": K different Pokémon, each one a choice
    (`_up_to_targets`)."""
    if who != "me":
        raise Fail("counters")
    if p.lit("choose up to"):
        k = p.number()
        p.want("of")
        group = _group_post(p, who)
        p.want("and put")
        n = p.number()
        p.want("damage counters on each of them", "damage counter on each of them")
    else:
        p.want("put")
        n = p.number()
        p.want("damage counters on up to", "damage counter on up to")
        k = p.number()
        p.want("of")
        group = _group_post(p, who)
    return _up_to_targets("damage_counters", {"count": n}, group, k)


def vp_counters(p: P, who: str) -> list:
    """"put 2 damage counters on 1 of your opponent's Pokémon" / "on it" ("place 2 damage counters on that Pokémon":
    placing them is putting them, DMG3)."""
    p.want("put", "puts", "place", "places")
    n = p.number()
    p.want("damage counters on", "damage counter on")
    tgt = {"ref": "$prev"} if p.lit("it", "that pokemon") else target(p, who)
    return [{"damage_counters": {"count": n, "target": tgt}}]


def vp_discard_down_to(p: P, who: str) -> list:
    """"discards cards from their hand until they have 5 cards in their hand"."""
    p.want("discard", "discards")
    p.want("cards from")
    owner, src = pile(p, who)
    if src != "hand" or owner != who:
        raise Fail("own hand")
    p.want("until you have" if who == "me" else "until they have")
    n = p.number()
    p.want("cards in your hand" if who == "me" else "cards in their hand")
    return [{"move": {"from": "hand", "to": "discard", "count": {"down_to": n}}}]


def vp_discard_bench_down_to(p: P, who: str) -> list:
    """"discards Pokémon from their Bench until they have 3" (Avery): the player discards Benched Pokémon of their own
    choice, with every card attached, until N are left (`pick_up` with `bench_down_to`; SU1's discard down)."""
    p.want("discard", "discards")
    p.want("pokemon from your bench until you have" if who == "me" else "pokemon from their bench until they have")
    n = p.number()
    if not 0 <= n <= 7:
        raise Fail("a Bench size")
    return [{"pick_up": {"bench_down_to": n, "to": "discard"}}]


def vp_reveal_hand(p: P, who: str) -> list:
    if who == "me" and p.lit("look at your opponent's hand"):
        # the opponent's hand becomes known to you: as if they revealed it (they know it already)
        return [{"reveal": "hand", "player": "opp"}]
    p.want("reveals", "reveal")
    owner, name = pile(p, who)
    if name != "hand" or owner != who:
        raise Fail("own hand")
    return [{"reveal": "hand"}]


def vp_pick_up(p: P, who: str) -> list:
    p.want("put", "puts")
    if p.peek() == "1" and p.peek(1) == "of":
        # "Put 1 of your Pokémon in play into your hand. (Discard all cards attached to that Pokémon.)"
        save = p.i
        tgt = target(p, who)
        p.lit("in play")
        if p.lit("into your hand ( discard all cards attached to that pokemon )",
                 "into your hand ( discard all attached cards )"):
            if tgt.get("side") != who:
                raise Fail("own Pokémon")
            return [{"pick_up": {"target": tgt, "attached": "discard"}}]
        p.i = save
    tgt = target(p, who)
    p.want("and all attached cards into", "and all cards attached to it into")
    owner, name = pile(p, who)
    # `pick_up` puts the Pokémon into its owner's hand: the hand said must be the Pokémon's owner's, and "your hand"
    # is the hand of the player the clause is about ("Put 1 of your opponent's Benched Pokémon ... into your hand"
    # takes the opponent's card into your hand, which no primitive expresses)
    if name != "hand" or owner != who or tgt.get("side") != owner or tgt.get("each") or "ref" in tgt:
        raise Fail("the Pokémon's owner's hand")
    return [{"pick_up": {"target": tgt}}]


def vp_shuffle_in_play(p: P, who: str) -> list:
    """"Shuffle 1 of your Benched Pokémon and all attached cards into your deck" / "... 1 of your opponent's Benched
    Pokémon and all attached cards into their deck": the Pokémon, the cards under it and attached to it into its
    owner's deck (`pick_up` with `to: deck`, A2), then that deck shuffled; "Discard 1 of your (opponent's) Benched
    Pokémon and all attached cards": into its owner's discard pile (`to: discard`). Only in a clause about "you" (whose "their"
    is the Pokémon's owner, the opponent)."""
    if who != "me":
        raise Fail("a clause about you")
    verb = p.want("shuffle", "discard")
    tgt = target(p, who)
    side = tgt.get("side")
    if side not in ("me", "opp") or tgt.get("each") or "ref" in tgt:
        raise Fail("one Pokémon of one player")
    if verb == "discard":
        # "Discard 1 of your Benched Pokémon and all attached cards": into its owner's discard pile (no Knock Out)
        p.want("and all attached cards")
        return [{"pick_up": {"target": tgt, "to": "discard"}}]
    p.want("and all attached cards into", "and all cards attached to it into")
    if side == "opp" and p.lit("their deck", "your opponent's deck"):
        return [{"pick_up": {"target": tgt, "to": "deck"}}, {"shuffle": "deck", "player": "opp"}]
    if side == "me" and p.lit("your deck"):
        return [{"pick_up": {"target": tgt, "to": "deck"}}, {"shuffle": "deck"}]
    raise Fail("the Pokémon's owner's deck")


def _deck_top(p: P, who: str) -> tuple:
    """"the top 3 cards of your (opponent's) deck", "the top card of their deck" -> (count, owner)."""
    p.want("the top")
    if p.lit("card of"):
        n = 1
    else:
        n = p.number()
        p.want("cards of")
    owner = "opp" if p.lit("your opponent's") else who if p.lit("their") and who in ("opp", "each") else \
        "me" if who == "me" and p.lit("your") else _no()
    p.want("deck")
    return n, owner


def _of_them_discard(p: P) -> tuple:
    """"and discard any number of them" / "and discard 2 of them" (of the cards looked at)."""
    p.want("and discard")
    k, up_to = count(p)
    if not p.lit("them"):
        p.want("of them")
    return k, up_to


def vp_look_either(p: P, who: str) -> list:
    """"Look at the top N cards of either player's deck and put them back in any order": the player chooses whose deck
    (A2, `choose`), then looks at its top N cards and puts them back (`look_top`, the move back; that deck's owner's:
    `player`), as "of your deck" and "of your opponent's deck" are read."""
    if who != "me":
        raise Fail("look")
    p.want("look at the top")
    n = p.number()
    p.want("cards of either player's deck and put them back in any order")
    return [{"choose": {"options": [
        [{"look_top": {"count": n}, **mark}, {**_move("looked", "deck", None, "all", False), **mark}]
        for mark in ({}, {"player": "opp"})]}}]


def vp_looked(p: P, who: str) -> list:
    """The cards looked at: "look at / reveal the top N cards of your (opponent's) deck [and put K of them into your
    hand | and discard any number of them]", and what is done with the rest: "shuffle the other cards back into your
    deck", "put the other cards in the Lost Zone", "discard the other cards", "put them back in any order, or shuffle
    them and put them on the bottom of your deck". The looked-at cards are their deck owner's (`player`)."""
    bottom = False
    looked = p.lit("look at")
    if looked or p.lit("reveal", "reveals"):
        # "reveal the top N cards": both players see them (`revealed`, knowledge.lp)
        shown = {} if looked else {"revealed": True}
        if p.lit("the bottom"):
            # the bottom N cards: prims look_top `bottom: true` (as unknown as the top N; shown as the bottom)
            bottom = True
            n = p.number()
            p.want("cards of")
            owner, deck = pile(p, who)
            if deck != "deck" or owner != who:
                raise Fail("own deck")
        else:
            n, owner = _deck_top(p, who)
        mark = {} if owner == "me" else {"player": owner}
        out = [{"look_top": {"count": n, **({"bottom": True} if bottom else {}), **shown}, **mark}]
        if p.lit("and have your opponent choose"):
            # "Reveal the top 5 cards of your deck and have your opponent choose 2 of them." (Riley): the opponent picks
            # K of the revealed cards; the next sentence says what is done with "the chosen cards" (assembled)
            if owner != "me" or bottom:
                raise Fail("your own top cards")
            k = p.number()
            p.want("of them")
            if k >= n:
                raise Fail("fewer chosen than revealed")
            return out + [{"$opp_pick": k}]
        then = p.attempt(_of_them_discard)
        if then is not None:
            out.append({**_move("looked", "discard", None, then[0], then[1]), **mark})
        else:
            # "and put them back in any order[, or shuffle them and put them on the bottom of your deck]", "and put
            # 2 of them into your hand"; any other "and ..." is a clause of its own ("and put any number of Pokémon
            # you find there into your hand")
            more = p.attempt(_put_them, who, owner, mark)
            if more is not None:
                out.extend(more)
        return out
    return _vp_looked_rest(p, who)


def _put_them(p: P, who: str, owner: str, mark: dict) -> list:
    p.want("and put")
    if p.lit("them back in any order , or shuffle them and put them on the bottom of your deck"):
        # the player chooses one of the two (A2): back on top, or to the bottom
        return [{"choose": {"options": [[{**_move("looked", "deck", None, "all", False), **mark}],
                                        [{**_move("looked", "deck", None, "all", False, bottom=True), **mark}]]}}]
    if p.lit("them back in any order") or (owner == "me" and p.lit("them on top of your deck in any order")):
        # the deck's order is not tracked: the cards are back in the deck (their owner's)
        return [{**_move("looked", "deck", None, "all", False), **mark}]
    if owner != "me":
        raise Fail("another player's cards into your hand")
    k, up_to = count(p)
    p.want("of them into")
    o2, hand = pile(p, who)
    if hand != "hand" or o2 != who:
        raise Fail("own hand")
    return [_move("looked", "hand", None, k, up_to)]


def _put_k_of_them(p: P) -> list:
    """"Put 1 of them into your hand [and discard the other card(s)]" (of your cards looked at)."""
    p.want("put")
    k, up_to = count(p)
    p.want("of them into your hand")
    out = [_move("looked", "hand", None, k, up_to)]
    if p.lit("and discard the other card", "and discard the other cards"):
        out.append(_move("looked", "discard", None, "all", False))
    return out


def _vp_looked_rest(p: P, who: str) -> list:
    got = p.attempt(_put_k_of_them) if who == "me" else None
    if got is not None:
        return got
    if who == "me" and p.peek(1) == "the" and p.peek(2) == "chosen":
        # "Discard the chosen cards and put the remaining cards into your hand" (after "have your opponent choose K of
        # them"): the K cards the opponent picks, then every card left (the count and chooser are set when assembled)
        out = []
        for which, count in (("chosen", "$opp_pick"), ("remaining", "all")):
            if which == "remaining" and not p.lit("and"):
                raise Fail("the remaining cards")
            verb = p.want("discard", "put")
            p.want(f"the {which} cards")
            dst = "discard"
            if verb == "put":
                p.want("into your hand")
                dst = "hand"
            out.append(_move("looked", dst, None, count, False))
        if out[0]["move"]["to"] == out[1]["move"]["to"]:
            raise Fail("the chosen and the remaining cards to two places")
        return out
    if p.lit("discard the other card"):
        return [_move("looked", "discard", None, "all", False)]
    if p.lit("put that card into your hand", "put it into your hand"):
        return [{"move": {"from": "$that_card", "to": "hand", "count": 1}}]
    if p.lit("discard that card", "discard it"):
        return [{"move": {"from": "$that_card", "to": "discard", "count": 1}}]
    if p.lit("shuffle the other cards back into", "shuffles the other cards back into"):
        o2, deck = pile(p, who)
        if deck != "deck" or o2 != who:
            raise Fail("own deck")
        return [_move("looked", "deck", None, "all", False), {"shuffle": "deck"}]
    if p.lit("shuffle the other cards and put them on the bottom of your deck",
             "put the other cards on the bottom of your deck in any order",
             "put the other cards on the bottom of your deck",
             "put the other card on the bottom of your deck"):
        # "the other card" (one left of the cards looked at) says what "the other cards" says of more
        return [_move("looked", "deck", None, "all", False, bottom=True)]
    if p.lit("put the other cards back in any order", "put the other cards back on top of your deck in any order"):
        return [_move("looked", "deck", None, "all", False)]
    if p.lit("put the other cards in the lost zone"):
        return [_move("looked", "lost_zone", None, "all", False)]
    p.want("discard the other cards")
    return [_move("looked", "discard", None, "all", False)]


def vp_there(p: P, who: str) -> list:
    """What is done with cards "you find there" (the cards looked at, or a hand revealed, just before): "[you may]
    reveal / choose / put COUNT CARDS you find there [and put them] into your hand | onto their Bench | on the bottom
    of their deck", "discard COUNT CARDS you find there", "attach COUNT Energy cards you find there to TARGET [in any
    way you like]". The cards are those of the player whose cards were found (`player`, set when assembled); a
    destination said to be "your" or "your opponent's" pile must be that player's."""
    verb = p.want("reveal", "reveals", "choose", "chooses", "put", "puts", "discard", "discards", "attach")
    found = _search_targets(p)
    (n, up_to), alts = found[0]
    from_it = verb.startswith("discard") and p.lit("from it") is not None
    if not from_it:
        p.want("you find there", "they find there")
    if len(found) > 1 and verb in ("attach", "discard", "discards"):
        raise Fail("one kind of card")
    if from_it:
        # "Your opponent reveals their hand. Discard up to 2 ... from it." (Sidney): "it" is the hand revealed just
        # before (checked when assembled: never cards looked at)
        return [{**_move("$there", "discard", alts, n, up_to), "player": "$owner", "$from_hand": True}]
    step = None
    if verb.startswith(("reveal", "choose")):
        p.want("and put them", "and put it", "and put those pokemon", "and put those cards", ", and put them",
               ", and put it")
        verb = "put"
    if verb.startswith("discard"):
        dst, said = "discard", None
    elif verb == "attach":
        p.want("to")
        tgt = _there_target(p, who)
        a = {"from": "$there", **({"filter": flt(alts)} if alts != [{}] else {}), "count": n}
        if up_to:
            a["up_to"] = True
        a["target"] = tgt
        if p.lit("in any way you like"):
            a["spread"] = True
        return [{"attach": a, "player": "$owner", "$said": tgt["side"]}]
    elif p.lit("into"):
        said = _said(p, who)
        p.want("hand")
        dst = "hand"
    elif p.lit("onto"):
        said = _said(p, who)
        p.want("bench")
        dst = "bench"
    else:
        p.want("on the bottom of")
        said = _said(p, who)
        p.want("deck")
        dst, step = "deck", {"bottom": True}
    return [{**_move("$there", dst, a, k, u, **(step or {})), "player": "$owner", **({"$said": said} if said else {})}
            for (k, u), a in found]


def _said(p: P, who: str) -> str:
    """Whose pile a destination names: "your" (the subject's), "your opponent's", "their" (the found cards' owner)."""
    if p.lit("your opponent's"):
        return "opp"
    if p.lit("their"):
        return "$owner"
    p.want("your")
    return who


def _there_target(p: P, who: str) -> dict:
    """"your Benched {L} Pokémon" / "1 of your Pokémon": where found Energy is attached."""
    if p.peek() == "1":
        return target(p, who)
    return target_group(p, who)


CONDITIONS = {"burned": "burned", "confused": "confused", "asleep": "asleep", "paralyzed": "paralyzed",
              "poisoned": "poisoned"}


def vp_remove_conditions(p: P, who: str) -> list:
    """"Remove all Special Conditions from your Active Pokémon / from it": `cure` (as "... recovers from all Special
    Conditions")."""
    if who != "me":
        raise Fail("cure")
    p.want("remove all special conditions from")
    tgt = {"ref": "$prev"} if p.lit("it", "that pokemon") else target(p, who)
    if tgt.get("each"):
        raise Fail("one Pokémon")
    return [{"cure": {"target": tgt}}]


def vp_inflict(p: P, who: str) -> list:
    """"your opponent's Active Pokémon is now Burned and Confused"."""
    if who != "me":
        raise Fail("inflict")
    tgt = {"ref": "$prev"} if p.lit("it", "that pokemon") else target(p, who)
    both = tgt == {"side": "any", "where": "active", "each": True}
    if p.lit("recovers from all special conditions") and not both:
        return [{"cure": {"target": tgt}}]
    # "Both Active Pokémon are now Confused": each Active Pokémon gets it (yours, then your opponent's; SC1 on each)
    p.want("are now" if both else "is now")
    conds = [CONDITIONS[p.want(*CONDITIONS)]]
    while p.lit("and", ","):
        conds.append(CONDITIONS[p.want(*CONDITIONS)])
    if len(set(conds)) != len(conds):
        raise Fail("a condition twice")
    if both:
        return [{"inflict": {"condition": c, "target": {"side": side, "where": "active"}}}
                for side in ("me", "opp") for c in conds]
    extra = {} if tgt == {"side": "opp", "where": "active"} else {"target": tgt}
    return [{"inflict": {"condition": c, **extra}} for c in conds]


def vp_modifier(p: P, who: str) -> list:
    """"During this turn, your [X] Pokémon's attacks do N more damage to your opponent's Active Pokémon [Y]
    (before applying Weakness and Resistance)" / "... attacks used by your [X] Pokémon do N more damage ..."."""
    if who != "me":
        raise Fail("modifier")
    p.want("during this turn ,")
    if p.lit("attacks used by your", "the attacks of your"):
        attacker = cards(p, True)
        p.want("do")
    else:
        p.want("your")
        attacker = cards(p, True)
        p.want("'s attacks do")
    n = p.number()
    p.want("more damage to")
    foe = against(p)
    if len(attacker) != 1:
        raise Fail("one attacker filter")
    m = {"name": "$CARD", "lasts": "turn", "damage_change": n, "reach": "player"}
    if attacker[0]:
        m["attacker"] = attacker[0]
    if foe:
        m["against"] = foe
    return [{"modifier": m}]


LASTS = (("during this turn ,", "turn"), ("during your opponent's next turn ,", "opponents_next_turn"))


def _your_pokemon(p: P) -> dict:
    """"your [F] Pokémon" (after "all of" or "an attack used by") -> F, one filter of Pokémon."""
    p.want("your")
    alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    return alts[0]


def vp_lasting_player(p: P, who: str) -> list:
    """A lasting effect of the player on each of their Pokémon (`modifier` with `reach: player`, A7):
    "During your opponent's next turn, all of your [F] Pokémon take N less (more) damage from attacks from your
    opponent's [G] Pokémon (after applying Weakness and Resistance). (This includes new Pokémon that come into play.)"
    (defender step; F the Pokémon reached, G the Attacking Pokémon) and "During this turn, if your opponent's Active
    Pokémon is Knocked Out by damage from an attack used by your [F] Pokémon, take N more Prize card(s)." (ATK3)."""
    if who != "me":
        raise Fail("modifier")
    lasts = next((v for k, v in LASTS if p.lit(k)), None)
    if lasts is None:
        raise Fail("a time")
    m: dict = {"name": "$CARD", "lasts": lasts, "reach": "player"}
    if p.lit("if your opponent's active pokemon is knocked out by damage from an attack used by"):
        attacker = _your_pokemon(p)
        p.want(", take")
        n = p.number()
        p.want("more prize cards", "more prize card")
        m["prize_change"] = n
        if attacker:
            m["attacker"] = attacker
        return [{"modifier": m}]
    p.lit("all of")
    reached = _your_pokemon(p)
    if p.lit("can't attack"):
        # "During this turn, your [F] Pokémon can't attack. (This includes Pokémon that come into play this turn.)":
        # the player's own Pokémon (new ones too: the reminder says what `reach` means) can't attack (ATK1)
        if lasts != "turn":
            raise Fail("this turn")
        p.want("( this includes pokemon that come into play this turn )")
        if reached:
            raise Fail("a filter on the Pokémon that can't attack")   # `against` is not read with forbids_attack
        m["forbids_attack"] = "all"
        return [{"modifier": m}]
    p.want("take")
    n = p.number()
    sign = -1 if p.want("less", "more") == "less" else 1
    p.want("damage from attacks from your opponent's")
    attacker = cards(p, True)
    if len(attacker) != 1:
        raise Fail("one attacker filter")
    p.want("( after applying weakness and resistance )")
    if lasts == "opponents_next_turn":
        # the effect reaches the Pokémon the player has then, new ones too: the reminder says what `reach` means
        p.want("( this includes new pokemon that come into play )",
               "( this includes pokemon that come into play during that turn )")
    m.update({"damage_change": sign * n, "step": "defender"})
    if reached:
        m["against"] = reached
    if attacker[0]:
        m["attacker"] = attacker[0]
    return [{"modifier": m}]


LOCKABLE = (("item cards", "item"), ("supporter cards", "supporter"), ("stadium cards", "stadium"),
            ("trainer cards", "trainer"), ("pokemon tool cards", "tool"))


def vp_lasting_lock(p: P, who: str) -> list:
    """A lasting effect on the opponent that forbids playing cards of one kind from the hand (`modifier` with `reach:
    opponent` and `lock`, A1): "During your opponent's next turn, they can't play any Item (Supporter, Stadium, Trainer,
    Pokémon Tool) cards from their hand" / "Your opponent can't play any ... cards from their hand during their next
    turn". Two kinds at once are not read (one `lock` each)."""
    if who == "opp":
        # "Your opponent can't play any ... during their next turn": the clause's subject was "your opponent"
        lead = False
        p.want("can't play any")
    elif who != "me":
        raise Fail("modifier")
    else:
        lead = bool(p.lit("during your opponent's next turn , they can't play any"))
        if not lead:
            p.want("your opponent can't play any")
    kind = next((k for w, k in LOCKABLE if p.lit(w)), None)
    if kind is None:
        raise Fail("a kind of card")
    p.want("from their hand")
    if not lead:
        p.want("during their next turn")
    out = {"modifier": {"name": "$CARD", "lasts": "opponents_next_turn", "reach": "opponent", "lock": kind}}
    # the effect is the card's player's (on their opponent), whoever the clause's subject is (`clause`: `$card_player`)
    return [{**out, "$card_player": True}] if who == "opp" else [out]


def vp_lasting_no_retreat(p: P, who: str) -> list:
    """"During your opponent's next turn, your opponent's Active Pokémon can't retreat" / "Your opponent's Active Pokémon
    can't retreat during your opponent's next turn": a lasting effect on that Pokémon (`modifier` with a `target` and
    `forbids_retreat`, TU1; it ends as every effect on a Pokémon does, SC4)."""
    if who != "me":
        raise Fail("modifier")
    lead = bool(p.lit("during your opponent's next turn ,"))
    p.want("your opponent's active pokemon can't retreat")
    if not lead:
        p.want("during your opponent's next turn")
    return [{"modifier": {"name": "$CARD", "lasts": "opponents_next_turn", "target": {"side": "opp", "where": "active"},
                          "forbids_retreat": True}}]


def vp_lasting_that_attacks(p: P, who: str) -> list:
    """"During this turn, that Pokémon's attacks do N more damage to your opponent's Active [F] (before applying
    Weakness and Resistance)": a lasting effect on the Pokémon a step before chose (`modifier` with a `target`, attacker
    step, F its `against`; DMG1 step 2)."""
    if who != "me":
        raise Fail("modifier")
    p.want("during this turn , that pokemon 's attacks do", "during this turn , attacks used by that pokemon do")
    n = p.number()
    p.want("more damage to")
    foe = against(p)
    m = {"name": "$CARD", "lasts": "turn", "target": {"ref": "$prev"}, "step": "attacker", "damage_change": n}
    if foe:
        m["against"] = foe
    return [{"modifier": m}]


def vp_lasting_that(p: P, who: str) -> list:
    """A lasting effect placed on the Pokémon a step before chose ("that Pokémon": `modifier` with a `target`, A7; it ends
    as every effect on a Pokémon does, SC4): "During your opponent's next turn, that Pokémon takes N less (more) damage
    from attacks [from your opponent's F Pokémon] (after applying Weakness and Resistance)" (defender step; F the
    Attacking Pokémon) and "During your opponent's next turn, prevent all damage done to that Pokémon by attacks [from
    your opponent's F Pokémon]" (`prevents_damage`)."""
    if who != "me":
        raise Fail("modifier")
    p.want("during your opponent's next turn ,")
    m: dict = {"name": "$CARD", "lasts": "opponents_next_turn", "target": {"ref": "$prev"}}
    if p.lit("prevent all damage done to that pokemon by attacks"):
        m["prevents_damage"] = True
    elif p.lit("prevent all damage from and effects of attacks done to that pokemon"):
        # "... prevent all damage from and effects of attacks done to that Pokémon [by your opponent's F Pokémon]": the
        # damage and the effects alike (DMG4, A5), from attacks of Pokémon that fit F
        m["prevents_damage"] = True
        m["prevents_effects"] = True
        if p.lit("by your opponent's"):
            attacker = cards(p, True)
            if len(attacker) != 1 or not attacker[0]:
                raise Fail("one attacker filter")
            m["attacker"] = attacker[0]
        if p.peek() is not None:
            raise Fail("the end of the sentence")
        return [{"modifier": m}]
    else:
        p.want("that pokemon takes")
        n = p.number()
        sign = -1 if p.want("less", "more") == "less" else 1
        p.want("damage from attacks")
        m.update({"damage_change": sign * n, "step": "defender"})
    if p.lit("from your opponent's"):
        attacker = cards(p, True)
        if len(attacker) != 1:
            raise Fail("one attacker filter")
        if attacker[0]:
            m["attacker"] = attacker[0]
    if "damage_change" in m:
        # an effect on the damaged Pokémon is after Weakness and Resistance either way (DMG1 step 5)
        p.lit("( after applying weakness and resistance )")
    return [{"modifier": m}]


def vp_move_to_new_active(p: P, who: str) -> list:
    """"move any amount of Energy from the Pokémon you moved to your Bench to the new Active Pokémon" (after a switch)."""
    p.want("move")
    n, up_to = count(p) if not p.lit("any amount of") else ("any", False)
    f = attached_cards(p)
    p.want("from the pokemon you moved to your bench to the new active pokemon")
    m = {"target": {"ref_benched": "$switched"}, "to": {"where": "active"}, "filter": f, "count": n}
    if up_to:
        m["up_to"] = True
    return [{"move_attached": m}]


def vp_mill(p: P, who: str) -> list:
    """"discard 3 cards from the top of your deck": the deck's top cards, which are chance (`random`)."""
    p.want("discard", "discards")
    n = 1 if p.lit("the top card of") else None
    if n is None and p.lit("the top"):
        n = p.number()
        p.want("cards of")
    elif n is None:
        n = p.number()
        p.want("cards from the top of")
    owner, deck = pile(p, who)
    if deck != "deck":
        raise Fail("a deck")
    if owner != who:
        # "Discard the top card of your opponent's deck": the cards go from that deck to its owner's discard pile,
        # the opponent's step (a move stays within one player's piles)
        if who != "me" or owner != "opp":
            raise Fail("own or the opponent's deck")
        return [{"move": {"from": "deck", "to": "discard", "count": n, "random": True}, "player": "opp"}]
    return [{"move": {"from": "deck", "to": "discard", "count": n, "random": True}}]


def vp_self_to(p: P, who: str) -> list:
    """"shuffle this Caretaker into your deck instead of discarding it", "put this Lucky Ice Pop into your hand
    instead of the discard pile", "put this Egg Incubator on the bottom of your deck instead of in the discard pile":
    the card played goes to that pile (`self_to`), not to the discard pile. The deck's order is not tracked: a card
    put on the bottom of the deck is in the deck, unshuffled."""
    if who != "me":
        raise Fail("self_to")
    verb = p.want("shuffle", "put")
    this_card(p)
    if verb == "shuffle":
        p.want("into your deck")
        zone = "deck"
    elif p.lit("into your hand"):
        zone = "hand"
    else:
        p.want("on the bottom of your deck")
        zone = "deck"
    p.want("instead of discarding it", "instead of the discard pile", "instead of in the discard pile",
           "instead of putting it in the discard pile")
    return [{"self_to": zone}] + ([{"shuffle": "deck"}] if verb == "shuffle" else [])


def vp_count_pile(p: P, who: str) -> list:
    """"count the cards in your hand, shuffle those cards into your deck", "counts the cards in their hand, shuffles
    those cards, and puts them on the bottom of their deck", "count your Prize cards, shuffle them, and put them on
    the bottom of your deck": all the cards of the pile move (how many is what a later "that many" counts). Prize
    cards are the face-down ones (face-up Prize cards are a pile of their own)."""
    p.want("count", "counts")
    if p.lit("the cards in"):
        owner, src = pile(p, who)
        if src != "hand":
            raise Fail("a hand")
    else:
        owner = poss(p, who)
        p.want("prize cards")
        src = "prizes"
    if owner != who:
        raise Fail("own pile")
    p.want(",")
    p.want("shuffle", "shuffles")
    p.want("those cards", "them")
    if p.lit("into"):
        o2, deck = pile(p, who)
        bottom = False
    else:
        p.want(", and put", ", and puts", "and put", "and puts")
        p.want("them on the bottom of")
        o2, deck = pile(p, who)
        bottom = True
    if o2 != who or deck != "deck":
        raise Fail("own deck")
    step = _move(src, "deck", None, "all", False, **({"bottom": True} if bottom else {}))
    return [step] if bottom else [step, {"shuffle": "deck"}]


def vp_take_prize_cards(p: P, who: str) -> list:
    """"take a Prize card" / "Each player takes a Prize card": a face-down Prize card into the hand, taken without
    seeing it (an outcome: `random`, W3 -- Prize cards are an unknown zone)."""
    p.want("take", "takes")
    if p.lit("a prize card"):
        n = 1
    else:
        n = p.number()
        p.want("prize cards" if n > 1 else "prize card")
    return [{"move": {"from": "prizes", "to": "hand", "count": n, "random": True}}]


def vp_take_prizes(p: P, who: str) -> list:
    """"take that many cards from the top of your deck and put them face down as your Prize cards": the deck's top
    cards (chance: `random`) become face-down Prize cards."""
    if who != "me":
        raise Fail("take")
    p.want("take")
    if p.lit("that many cards"):
        n = {"moved": "$anchor"}
    else:
        n = p.number()
        p.want("cards")
    p.want("from the top of your deck and put them face down as your prize cards")
    return [{"move": {"from": "deck", "to": "prizes", "count": n, "random": True}}]


def vp_for_each_chosen(p: P, who: str) -> list:
    """"For each of those Pokémon, search your deck for a Basic {D} Energy card and attach it to that Pokémon" (after
    "Choose up to 2 of your {D} Pokémon"): one search, up to one card for each chosen Pokémon, attached to it
    (prims: search `spread` with `per_target: 1`); "a different type of basic Energy card": no two of one type."""
    if who != "me":
        raise Fail("for each")
    p.want("for each of those pokemon , search your deck for")
    distinct = p.lit("a different type of") is not None
    if not distinct:
        p.want("a", "an", "1")
    alts = cards(p)
    p.want("and attach it to that pokemon")
    s = {"zone": "deck", **({"filter": flt(alts)} if alts != [{}] else {}), "count": "$group", "to": "attach",
         "target": "$group", "spread": True, "per_target": 1}
    if distinct:
        s["distinct"] = "type"
    return [{"search": s}]


def vp_for_each_in_play(p: P, who: str) -> list:
    """"For each of your Benched Pokémon, search your deck for a Basic {P} Energy card and attach it to that Pokémon"
    (Adornment, Overflowing Wishes; "For each of your Benched Houndour, ... attach it to that Houndour"): one search,
    up to one card for each of those Pokémon in play (`count: {per_in_play: ...}`, `up_to`: a search may find fewer,
    W1), attached one to each (`spread`, `per_target: 1`), as "Choose up to N of your X Pokémon. For each of those
    Pokémon, ..." is read (`vp_for_each_chosen`) with every such Pokémon chosen."""
    if who != "me":
        raise Fail("for each")
    p.want("for each of")
    start = p.i
    group = p.attempt(target_group, who)
    if group is None:
        # "your Benched Houndour": the Pokémon of that name (a printed name, before the comma)
        p.want("your benched")
        names = named_cards(p)
        if len(names) != 1 or p.peek() != ",":
            raise Fail("one name")
        group = {"side": "me", "where": "bench", "filter": names[0]}
    noun = p.toks[p.i - 1]
    if group["side"] != "me":
        raise Fail("your own Pokémon")   # a card from your deck onto each opposing Pokémon: not seen printed
    if p.toks[start:p.i] == ("your",) or "where" not in group and "filter" not in group:
        raise Fail("a group of your Pokémon in play")   # "For each of your Pokémon" alone: not seen printed
    p.lit("in play")
    p.want(", search your deck for")
    distinct = p.lit("a different type of") is not None
    if not distinct:
        p.want("a", "an", "1")
    alts = cards(p)
    p.want("and attach it to that")
    if not (p.lit("pokemon") or (noun != "pokemon" and p.lit(noun))):
        raise Fail("'that' the Pokémon gone over")
    s = {"zone": "deck", **({"filter": flt(alts)} if alts != [{}] else {}), "count": {"per_in_play": dict(group)},
         "up_to": True, "to": "attach", "target": dict(group), "spread": True, "per_target": 1}
    if distinct:
        s["distinct"] = "type"
    return [{"search": s}]


def vp_end_turn(p: P, who: str) -> list:
    if who != "me":
        raise Fail("end turn")
    p.want("your turn ends")
    return [{"end_turn": {}}]


def vp_attach_each(p: P, who: str) -> list:
    """"attach a Basic Energy card from your discard pile to each of your Future Pokémon" / "choose up to 2 of your
    Benched {C} Pokémon and attach a Basic Energy card from your discard pile to each of them": one card per Pokémon."""
    if who != "me":
        raise Fail("attach each")
    if p.lit("choose"):
        n, up_to = count(p)
        p.want("of")
        tgt = target_group(p, who)
        p.want("and attach a", "and attach an")
        alts = cards(p)
        p.want("from")
        owner, src = pile(p, who)
        p.want("to each of them")
        how_many = n
    else:
        p.want("attach a", "attach an")
        alts = cards(p)
        p.want("from")
        owner, src = pile(p, who)
        p.want("to each of")
        tgt = target_group(p, who)
        how_many, up_to = {"per_in_play": {k: v for k, v in tgt.items()}}, False
    if owner != who or src not in ("hand", "discard"):
        raise Fail("own hand or discard pile")
    a = {"from": src}
    if alts != [{}]:
        a["filter"] = flt(alts)
    a["count"] = how_many
    if up_to:
        a["up_to"] = True
    a.update({"target": tgt, "spread": True, "per_target": 1})
    return [{"attach": a}]


def _named_post(p: P, f: dict) -> dict:
    """An optional "that has "X" in its name" after a card phrase: `name_contains: X` added to the filter."""
    if p.peek() == "that" and p.peek(1) == "has" and (p.peek(2) or "").startswith('"'):
        p.i += 2
        name = p.printed[p.i].strip('"')
        p.i += 1
        p.want("in its name")
        if "name_contains" in f:
            raise Fail("one name")
        return {**f, "name_contains": name}
    return f


def vp_swap_in(p: P, who: str) -> list:
    """"Choose a F in your discard pile [that has "X" in its name][,] and switch it with 1 of your G in play [that has
    "X" in its name]" (Thorton, Ogre's Mask; prims: swap_in). The sentence after it must be "Any attached cards, damage
    counters, Special Conditions, turns in play, and any other effects remain on the new Pokémon." (checked when the
    card is read: `swap_remain`), which is what `swap_in` does; the Pokémon switched out goes to the discard pile."""
    if who != "me":
        raise Fail("swap")
    p.want("choose a", "choose an")
    alts = cards(p, True)
    if len(alts) != 1 or alts[0].get("kind", "pokemon") != "pokemon":
        raise Fail("one kind of Pokémon")
    p.want("in your discard pile")
    card = _named_post(p, alts[0])
    p.lit(",")
    p.want("and switch it with 1 of your")
    mons = cards(p, True)
    if len(mons) != 1:
        raise Fail("one filter")
    p.want("in play")
    mon = _named_post(p, mons[0])
    tgt = {"side": "me", **({"filter": mon} if mon else {})}
    return [{"swap_in": {"from": "discard", **({"filter": card} if card else {}), "target": tgt},
             "$swap_remain": True}]


def vp_devolve(p: P, who: str) -> list:
    """"Devolve 1 of your [opponent's] [Benched] evolved [F] Pokémon by putting (the highest Stage Evolution card | any
    number of Evolution cards) on it into (your | your opponent's) hand [(That Pokémon can't evolve this turn.)]"
    (Espathra's Mystical Eyes, Strange Timepiece; prims: devolve). The hand is the Pokémon's owner's: another
    player's hand, or a shuffle into a deck, stays unsupported. The reminder says what EV1 already gives a devolved
    Pokémon (it counts as new this turn); it is read only here."""
    if who != "me":
        raise Fail("devolve")
    p.want("devolve 1 of")
    side = poss(p, who)
    where = "bench" if p.lit("benched") else None
    p.want("evolved")
    alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    p.want("by putting")
    depth = "any" if p.lit("any number of evolution cards on it") else None
    if depth is None:
        p.want("the highest stage evolution card on it")
    owner = "opp" if p.lit("into your opponent's hand") else "me" if p.lit("into your hand") else _no()
    if owner != side:
        raise Fail("the owner's hand")
    p.lit("( that pokemon can't evolve this turn )")
    tgt = {"side": side, **({"where": where} if where else {}), **({"filter": alts[0]} if alts[0] else {})}
    return [{"devolve": {"target": tgt, "to": "hand", **({"cards": "any"} if depth else {})}}]


def target_group(p: P, who: str) -> dict:
    """"your [Benched] [F] Pokémon" as the Pokémon a step goes over."""
    side = poss(p, who)
    where = "bench" if p.lit("benched") else None
    alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    out = {"side": side}
    if where:
        out["where"] = where
    if alts[0]:
        out["filter"] = alts[0]
    return out


VERBS = (vp_swap_in, vp_devolve, vp_look_prizes, vp_keep_from_hand, vp_the_other, vp_chooses_and_discards, vp_choose_heal, vp_move_to_active, vp_discard_stadium, vp_choose_attached, vp_for_each_chosen, vp_for_each_in_play, vp_count_pile, vp_take_prizes, vp_take_prize_cards, vp_self_to, vp_move_to_new_active, vp_mill, vp_end_turn, vp_attach_each, vp_modifier, vp_lasting_player, vp_lasting_that, vp_lasting_lock, vp_lasting_no_retreat, vp_lasting_that_attacks, vp_evolve, vp_reveal_put, vp_discard_random, vp_look_either, vp_draw, vp_shuffle_hand, vp_discard_hand, vp_search, vp_move_cards, vp_shuffle_deck, vp_heal, vp_switch,
         vp_discard_attached_up_to, vp_discard_attached, vp_attach_moved, vp_attach_moved_if, vp_put_those_moved, vp_attach, vp_move_attached, vp_return_attached, vp_pick_up, vp_shuffle_in_play, vp_looked, vp_counters_up_to, vp_counters, vp_remove_conditions,
         vp_discard_down_to, vp_discard_bench_down_to, vp_reveal_hand, vp_there)


def verb_phrase(p: P, who: str) -> list:
    for rule in VERBS:
        items = p.attempt(rule, who)
        if items is not None:
            return items
    raise Fail("verb phrase")


def subject(p: P, default: str, stadium: bool) -> str:
    if p.lit("each player", "both players"):
        return "each"   # "Both players draw 2 cards": each player, the card's player first
    if p.lit("your opponent"):
        return "opp"
    if p.lit("you"):
        return "me"
    if stadium and p.lit("that player"):
        return "me"
    if not stadium and p.lit("that player"):
        return "$that"   # after "each player flips a coin": the player whose coin it is (each one, in turn)
    if p.past == "$they" and p.lit("they"):
        return "opp"   # "If they do, they draw ...": the opponent, whose step is before
    if default == "me" and p.peek() == "they" and p.peek(1) in ("draw", "shuffle", "discard", "put", "search"):
        p.i += 1
        return "$they"   # "Then, they draw 4 cards": the opponent, when the steps before are the opponent's
    return default


def _own_side(item: dict) -> dict:
    """A step of the opponent (`player: opp`) whose targets were read with the card's player's sides: "opp" (the
    opponent's Pokémon) is the step's player's own ("me"); one of the card's player's Pokémon has no reading here."""
    def fix(t):
        if not isinstance(t, dict) or "side" not in t or t["side"] == "any":
            return t
        if t["side"] != "opp":
            raise Fail("the card's player's Pokémon in a step of the opponent")
        return {**t, "side": "me"}
    out = {}
    for k, v in item.items():
        if isinstance(v, dict) and isinstance(v.get("target"), dict):
            v = {**v, "target": fix(v["target"])}
        if k in ("may", "if_you_do") and isinstance(v, list):
            v = [_own_side(x) for x in v]
        out[k] = v
    return out


def _with_player(items: list, who: str) -> list:
    if who == "me":
        return items
    return [{**it, "player": who} if "player" not in it else it for it in items]


def clause(p: P, default: str, stadium: bool, said: Optional[list] = None) -> list:
    """[subject] [may] verb phrase -> items; "you may X" -> [{may: X}]. A clause with no subject has the
    one before it ("Each player shuffles ... and draws 4 cards"); `said` receives the subject."""
    who = subject(p, default, stadium)
    they = who == "$they"
    if they:
        who = "opp"
    that = who == "$that"
    if that:
        who = "each"
    if said is not None:
        said.append(who)
    may = p.lit("may") is not None
    if who == "each" or who == "opp":
        items = p.attempt(verb_phrase, who)
        if items is None:
            raise Fail("verb")
        # "their" inside the phrase is the subject's: the steps are that player's
        items = [{k: v for k, v in it.items() if k != "$card_player"} if it.get("$card_player") else
                 _with_player([it], who)[0] for it in items]
        if who == "opp":
            # a TARGET's side is the step's player's (`player: opp`): "their Benched Pokémon" (the opponent's, as read)
            # is that player's own
            items = [_own_side(it) if it.get("player") == "opp" else it for it in items]
    else:
        items = p.attempt(vp_inflict, who) or verb_phrase(p, who)
    if they:
        items = [{**it, "$they": True} for it in items]   # checked against the steps before when assembled
    if that:
        items = [{**it, "$that": True} for it in items]   # only after "each player flips a coin" (assembled)
    if may and _separate_picks(items):
        # "You may reveal a Pokémon and a Trainer card you find there and put them into your hand": each card is a
        # pick of its own -- the Pokémon, the Trainer card, both or neither -- not one all-or-nothing part.
        return [{"may": [it]} for it in items]
    return [{"may": items}] if may else items


def _separate_picks(items: list) -> bool:
    """Several moves out of the cards looked at into one pile, from one list of single cards ("a Pokémon and a
    Trainer card you find there"): picks the player makes one by one."""
    # "$..." keys and `player` are resolved when the sentence is assembled ("you find there": `from: $there`)
    if len(items) < 2 or not all({k for k in it if not k.startswith("$")} - {"player"} == {"move"} for it in items):
        return False
    moves = [it["move"] for it in items]
    return all(m.get("from") in ("looked", "$there") and m.get("to") == moves[0].get("to")
               and it.get("player") == items[0].get("player") for m, it in zip(moves, items))


def clauses(p: P, stadium: bool = False) -> list:
    said: list = []
    # a clause with no subject is the card's player's, also after "If they do," ("If they do, draw 1 more card.",
    # Wallace: you draw); only "they" there is the opponent
    items = clause(p, "me", stadium, said)
    save = p.i
    if p.lit(", or"):
        # "A, or B" (two whole clauses): the player does one of them, a choice (`choose`, as "Choose 1:")
        more = p.attempt(clause, said[-1], stadium, said)
        if more is not None and p.end() and not any(k.startswith("$") for it in items + more for k in it):
            return [{"choose": {"options": [items, more]}}]
    p.i = save
    while True:
        save = p.i
        if p.lit(", and", "and", ","):
            more = p.attempt(clause, said[-1], stadium, said)
            if more is not None:
                items += more
                continue
        p.i = save
        return items


ORDER_SENTENCES = (
    "your opponent switches first ( if a player does not have a benched pokemon , they don't switch pokemon )",
    "your opponent discards first ( if a player has",
)


def order_sentence(p: P) -> list:
    """"Your opponent switches first. (If a player does not have a Benched Pokémon, they don't switch Pokémon.)":
    the `each` step before is done by the opponent first, each as far as it can be (Escape Rope)."""
    if p.lit(ORDER_SENTENCES[0]):
        return [Part("order")]
    p.want(ORDER_SENTENCES[1])
    n = p.number()
    p.want("or fewer cards in their hand , they do not discard )")
    return [Part("order", value=n)]


CONNECTIVES = (
    ("then ,", "then"),
    ("if you do ,", "ifdo"),
    ("if you don't ,", "ifnot"),   # "You may A. If you don't, B": one of A or B (a choice)
    ("if not ,", "otherwise"),   # "If <guard>, A. If not, B": B when the guard does not hold
    ("if they do ,", "ifdo"),   # the opponent's step before ("Your opponent ... If they do, they draw ...")
    ("if you attached energy to your active pokemon in this way ,", "ifdo"),
    ("if you drew any cards in this way ,", "ifdo"),
    ("if you healed any damage in this way ,", "ifdo"),
    ("if that pokemon was evolved in this way ,", "ifdo"),   # the evolve step before evolved it (T2)
    # Marnie, Iono: B only if either player's side of the "each player" step A put a card there (T2 on either of the
    # two steps: `if_done: {step, either: true}`); A may be carried out and put nothing when the opponent's hand is
    # protected (A5, seed 000 Q10), and then nobody draws.
    ("if either player put any cards on the bottom of their deck in this way ,", "ifdo"),
)


# connectives that name the step they refer to: "they" (the opponent's step), an attachment onto the Active Pokémon
CONNECTIVE_PAST = {"if they do ,": "$they",
                   "if either player put any cards on the bottom of their deck in this way ,": "$either",
                   "if you attached energy to your active pokemon in this way ,": "attached_active"}


PAST_VERBS = ("drew", "healed", "attached", "shuffled", "discarded", "searched", "moved", "put")


def _in_this_way(p: P) -> str:
    """"If you VERBed any ... in this way," (the step before did something: T2 on it)."""
    p.want("if you")
    p.past = p.want(*PAST_VERBS)
    j = p.i
    while j < len(p.toks) and p.toks[j] not in ("if", ",", "in"):
        j += 1
    p.i = j
    p.want("in this way")
    if p.peek() != "and":
        p.want(",")
    return "ifdo"


def _guard(p: P) -> dict:
    """"if COND ," before a step -> a step guard (a CONDITION, as under EFFECT: prims' prizes / hand / in_play /
    stadium / knocked_out_last_turn conditions, counted when the step is reached)."""
    p.want("if")
    conds = [state_condition(p)]
    while p.lit("and"):
        # "If you go second and it's your first turn": all of them (a list guard)
        conds.append(state_condition(p))
    p.want(",")
    if any("energy_in_play" in c for c in conds):
        # the Energy in play is counted on the state the card is played in, not when a step is reached (the
        # vocabulary's STEP_CONDITIONS): a step guard only where no step runs before it (the vocabulary checks it;
        # `$first_only`: the assembler reads it only for "..., B instead" replacing a card's first step)
        if len(conds) != 1:
            raise Fail("an Energy count in a list guard")
        return {**conds[0], "$first_only": True}
    if len(conds) == 1:
        return conds[0]
    if any("one_of" in c or _placeholder_side(c) for c in conds):
        raise Fail("a list of conditions")
    return {"all": conds}


def _count_bound(p: P) -> dict:
    """"exactly 2" / "3 or fewer" / "10 or more" -> {min, max}; "exactly 1, 3, or 5" -> {"one_of": [1, 3, 5]}."""
    if p.lit("exactly"):
        n = p.number()
        more = []
        while p.lit(", or", ",", "or"):
            more.append(p.number())
        return {"min": n, "max": n} if not more else {"one_of": [n] + more}
    n = p.number()
    if p.lit("or fewer"):
        return {"max": n}
    if p.lit("or more"):
        return {"min": n}
    raise Fail("a bound")


def _subject_count(p: P) -> dict:
    """"you have N or more cards in your hand", "your opponent has exactly 2 Prize cards remaining", "you have 7 or
    more cards in the Lost Zone" -> a counted condition (prims: prizes / hand; lost_zone)."""
    side = "opp" if p.lit("your opponent has") else "me" if p.lit("you have") else _no()
    if p.peek() is not None and p.peek().isdigit() and p.peek(1) == "prize":
        n = p.number()   # "if you have 6 Prize cards remaining": exactly that many
        bound = {"min": n, "max": n}
    else:
        bound = _count_bound(p)
    if p.lit("prize cards remaining", "prize card remaining"):
        kind = "prizes"
    elif p.lit("cards in your hand", "card in your hand") and side == "me":
        kind = "hand"
    elif p.lit("cards in their hand", "card in their hand") and side == "opp":
        kind = "hand"
    elif p.lit("cards in the lost zone", "card in the lost zone"):
        kind = "lost_zone"
    else:
        raise Fail("what is counted")
    if "one_of" in bound:
        # "exactly 1, 3, or 5": one of several exact counts (each a condition; they exclude one another)
        return {"one_of": [{kind: {"side": side, "min": n, "max": n}} for n in bound["one_of"]]}
    return {kind: {"side": side, **bound}}


def _active_is(p: P) -> dict:
    """"your (opponent's) Active Pokémon is a Pokémon VMAX", "your Active Pokémon has "Hisuian" in its name",
    "that Pokémon is an Arven's Pokémon" (the Active Pokémon the step before chose) -> an in-play condition on
    the Active Pokémon (prims: in_play where: active)."""
    if p.lit("that pokemon") or (p.peek() == "it" and p.peek(1) == "is" and p.lit("it")):
        side = "$that"
    else:
        side = "opp" if p.lit("your opponent's active pokemon") else "me" if p.lit("your active pokemon") else _no()
    if p.lit("is your only pokemon in play"):
        if side != "me":
            raise Fail("only Pokémon")
        return {"in_play": {"side": "me", "where": "bench", "max": 0}}
    if p.peek() == "has" and (p.peek(1) or "").startswith('"'):
        p.i += 1
        name = p.printed[p.i].strip('"')
        p.i += 1
        p.want("in its name")
        flt_ = {"name_contains": name}
    elif p.lit("has an ability"):
        flt_ = {"has": "ability"}
    elif p.lit("doesn't have a rule box"):
        flt_ = {"not": {"has": "rule_box"}}
    else:
        p.want("is")
        p.lit("a", "an")
        alts = cards(p, True)
        if len(alts) != 1 or not alts[0]:
            raise Fail("one filter")
        flt_ = alts[0]
    return {"in_play": {"side": side, "where": "active", "filter": flt_, "min": 1}}


def state_condition(p: P) -> dict:
    """A condition on the game state, as card text states it after "if" (A1 on playing the card, or a step guard):
    counts of Prize cards, cards in hand or in the Lost Zone, the Active Pokémon, Pokémon in play, Knock Outs
    during the last turn, a Stadium in play."""
    if p.peek() is not None and p.printed[p.i][:1].isupper() and p.peek() not in ("you", "your", "that", "any", "all"):
        # "if Community Center is in play": a Stadium in play (prims: stadium condition)
        j = p.i
        while j < len(p.toks) and p.printed[j][:1].isupper() and p.toks[j] not in ("is",):
            j += 1
        if p.toks[j:j + 3] == ("is", "in", "play") and j > p.i:
            name = " ".join(p.printed[p.i:j])
            p.i = j + 3
            return {"stadium": {"name": name}}
        save = p.i
        got = p.attempt(_bare_name)
        if got is not None and p.lit("is on your bench"):
            # "if Mightyena is on your Bench": a Pokémon of that name on the player's Bench
            return {"in_play": {"side": "me", "where": "bench", "filter": {"name": got}, "min": 1}}
        p.i = save
        raise Fail("a name in play")
    got = p.attempt(_energy_in_play)
    if got is not None:
        return got
    if p.lit("a stadium is in play", "there is a stadium in play"):
        return {"stadium": {}}    # any Stadium, either player's
    if p.lit("you have a stadium in play"):
        return {"stadium": {"side": "me"}}   # the Stadium in play is the player's (they played it)
    if p.lit("your opponent has a stadium in play"):
        return {"stadium": {"side": "opp"}}
    if p.lit("all of your pokemon in play are"):
        alts = cards(p, True)
        if len(alts) != 1 or not alts[0]:
            raise Fail("one filter")
        return {"in_play": {"side": "me", "filter": {"not": alts[0]}, "max": 0}}
    if p.lit("any of your"):
        alts = cards(p, True)
        p.want("were knocked out during your opponent's last turn")
        if len(alts) != 1:
            raise Fail("one filter")
        # Knocked Out in any way (not only by an attack's damage): prims `by: any`
        return {"knocked_out_last_turn": {**({"filter": alts[0]} if alts[0] else {}), "by": "any"}}
    if p.lit("you have more prize cards remaining than your opponent"):
        return {"prizes_remaining": "more"}
    if p.lit("you have fewer prize cards remaining than your opponent",
             "your opponent has more prize cards remaining than you"):
        return {"prizes_remaining": "fewer"}
    if p.lit("your opponent has fewer prize cards remaining than you"):
        return {"prizes_remaining": "more"}
    if p.lit("it is the last card in your hand", "you have no other cards in your hand", "you have no cards in your hand"):
        return {"hand": {"side": "me", "max": 0}}   # the card being played is not counted
    if p.lit("it 's your first turn", "it is your first turn"):
        return {"turn": "first"}
    if p.lit("you go second"):
        return {"going": "second"}
    if p.lit("you go first"):
        return {"going": "first"}
    for rule in (_subject_count, _active_is, _in_play_count):
        got = p.attempt(rule)
        if got is not None:
            return got
    raise Fail("condition")


def _energy_in_play(p: P) -> dict:
    """"none of your Pokémon have any [{R}] Energy attached" / "you have no [{R}] Energy in play" (at most 0) and "any of
    your Pokémon have any [{R}] Energy attached" / "you have any [{R}] Energy in play" (at least 1): the Energy the
    player's Pokémon in play have attached (prims: energy_in_play)."""
    if p.lit("none of your pokemon have any"):
        bound, tail = {"max": 0}, "energy attached"
    elif p.lit("any of your pokemon have any"):
        bound, tail = {"min": 1}, "energy attached"
    elif p.lit("you have no"):
        bound, tail = {"max": 0}, "energy in play"
    elif p.lit("you have any"):
        bound, tail = {"min": 1}, "energy in play"
    else:
        raise Fail("energy")
    etype = None
    if p.peek() in SYMBOLS:
        etype = SYMBOLS[p.peek()]
        p.i += 1
    p.want(tail)
    if p.peek() not in (None, ",", "."):
        raise Fail("the end of the condition")
    return {"energy_in_play": {"side": "me", **({"type": etype} if etype else {}), **bound}}


def _in_play_count(p: P) -> dict:
    """"you have no Basic Pokémon in play", "you have any Tera Pokémon in play", "your opponent has 2 or more Pokémon
    V in play"."""
    side = "opp" if p.lit("your opponent has") else "me" if p.lit("you have") else _no()
    if side == "me":
        save = p.i
        name = p.attempt(_bare_name)
        if name is not None and p.lit("on your bench"):
            # "you have Lunatone on your Bench": a Pokémon named by its bare printed name, on the Bench
            return {"in_play": {"side": "me", "where": "bench", "filter": {"name": name}, "min": 1}}
        p.i = save
    named = p.attempt(_named_in_play) if p.peek() is not None and p.printed[p.i][:1].isupper() else None
    if named is not None:
        # "if you have Solrock in play": a Pokémon of that name (named without "card")
        return {"in_play": {"side": side, "filter": named, "min": 1}}
    if p.lit("no"):
        bound = {"max": 0}
    elif p.lit("any"):
        bound = {"min": 1}
    elif p.lit("a", "an"):
        # "if you have a Tera Pokémon in play": at least one
        bound = {"min": 1}
    else:
        bound = _count_bound(p)
        if "one_of" in bound:
            raise Fail("one bound")
    where = "bench" if p.lit("benched") else None
    alts = cards(p, True)
    if where is None:
        # "you have any {M} Pokémon on your Bench": those Pokémon on the Bench
        on = p.lit("on your bench", "on their bench")
        if on is not None:
            if (on == "on your bench") != (side == "me"):
                raise Fail("whose Bench")
            where = "bench"
        else:
            p.want("in play")
    else:
        p.lit("in play")
    return {"in_play": {"side": side, **({"where": where} if where else {}), "filter": flt(alts), **bound}}


def _named_in_play(p: P) -> dict:
    """"Solrock in play" (after "you have"): the filter of that name."""
    alts = named_cards(p)
    p.want("in play")
    return flt(alts)


def _no():
    raise Fail("guard")


def step_sentence(p: P, stadium: bool = False) -> list:
    p.past = ""
    parts = _step_sentence(p, stadium)
    for part in parts:
        if part.conn == "ifdo":
            part.past = p.past
    if p.lit("( you can't choose a card you discarded with the effect of this card )"):
        # the cards the cost discarded cannot be taken back by the step (prims: move `exclude`)
        parts.append(Part("exclude_cost"))
    elif p.peek() == "(":
        restated = _cannot_use(p)
        parts.append(Part("cost_of_prev", value=restated))
    return parts


def _cannot_use(p: P):
    """"(If you can't put 2 cards from your hand on the bottom of your deck, you can't use this card.)", "(If you
    have no other cards in your hand, you can't use this card.)" after "A. If you do, B.": A is a condition of
    playing the card, a cost (A1). The restated step (or "no_other": A moves a card from the hand)."""
    p.want("( if you")
    if p.lit("have no other cards in your hand"):
        restated = "no_other"
    else:
        p.want("can't")
        restated = p.attempt(vp_move_cards, "me")
        if restated is None:
            # "(If you can't discard 2 cards, you can't play this card.)": the count of the step from the hand
            p.want("discard")
            n = p.number()
            p.want("cards", "card")
            restated = ("discard", n)
    p.want(", you can't use this card )", ", you can't play this card )")
    return restated


def _step_sentence(p: P, stadium: bool = False) -> list:
    conn = ""
    for phrase, c in CONNECTIVES:
        if p.lit(phrase):
            conn = c
            p.past = CONNECTIVE_PAST.get(phrase, "")
            break
    if not conn:
        conn = p.attempt(_in_this_way) or ""
    if conn == "ifdo" and p.lit("and"):
        # "If you drew any cards in this way and if Community Center is in play, ..." (both must hold)
        guard = _guard(p)
    elif conn and p.peek() == "and":
        raise Fail("and")
    else:
        guard = p.attempt(_guard)
    if guard is not None:
        items = clauses(p, stadium)
        if "all" in guard:
            guard = guard["all"]   # a list guard: all of them hold
            alternatives = [guard]
        else:
            alternatives = guard.pop("one_of", None) or [guard]
        if p.lit("instead"):
            if len(alternatives) > 1:
                raise Fail("'instead' under one of several conditions")
            return [Part("step", items, "instead", value=guard)]
        if isinstance(guard, dict) and guard.get("$first_only"):
            raise Fail("an Energy count as a step guard")   # read only before "instead" (see _guard)
        # "exactly 1, 3, or 5 Prize cards": one guarded copy of the steps per count (at most one of them holds)
        if conn:
            return [Part("step", [{**it, "when": g} for g in alternatives for it in items], conn)]
        # an additional step of the main part ("draw 2 more cards") is done as far as it can be: the card's
        # activation rests on the steps before it (as the hand-written Emcee's Hype reads it)
        return [Part("step", [{**it, "when": g, "if_possible": True} for g in alternatives for it in items],
                     "guarded")]
    if not conn and p.lit("shuffle your deck afterward"):
        return [Part("step", [{"shuffle": "deck"}], "then")]   # as "Then, shuffle your deck."
    if not conn and p.lit("flip a coin until you get tails"):
        return [Part("flip_until")]   # "For each heads, STEP." must follow (assembled)
    if p.lit("flip a coin"):
        return [Part("flip", conn=conn)]
    if p.lit("each player flips a coin"):
        # one coin per player; "If heads, that player ..." is that player's step (each one's own flip)
        return [Part("flip_each", conn=conn)]
    if p.lit("flip"):
        n = p.number()
        p.want("coins")
        if n < 2:
            raise Fail("coins")
        return [Part("flip", conn=conn, value=n)]
    if p.lit("for each heads ,"):
        return [Part("flip_each_heads", clauses(p, stadium), conn)]
    if p.lit("if both of them are heads ,", "if all of them are heads ,", "if both are heads ,"):
        return [Part("flip_all_heads", clauses(p, stadium), conn)]
    if p.lit("if heads ,"):
        return [Part("flip_heads", clauses(p, stadium), conn)]
    if p.lit("if tails ,"):
        return [Part("flip_tails", clauses(p, stadium), conn)]
    if p.lit("•"):
        return [Part("option", clauses(p, stadium), conn)]
    if not conn and not stadium and p.lit("ask your opponent if"):
        # "Ask your opponent if each player may take a Prize card." opens a choice the opponent makes: its answers are
        # the sentences "If yes, A." and "If no, B." after it (prims: choose `by: opp`). What is asked must read as a
        # clause; it does nothing by itself (the answer "yes" is the sentence that says what happens).
        clauses(p, stadium)
        return [Part("ask")]
    if not conn and p.lit("if yes ,"):
        return [Part("option", clauses(p, stadium), value="yes")]
    if not conn and p.lit("if no ,"):
        return [Part("option", clauses(p, stadium), value="no")]
    if not conn and not stadium and p.lit("tell your opponent the name of"):
        # "Tell your opponent the name of a Pokémon in your hand and put that Pokémon face down in front of you." (Tyme):
        # the card needs such a card in the hand (A1); the card is set aside and "Then, return the Pokémon to your
        # hand." puts it back (nothing moves in the end: both sentences are read together, when assembled)
        n, up_to = count(p)
        alts = cards(p)
        if n != 1 or up_to or len(alts) != 1 or alts[0].get("kind") != "pokemon":
            raise Fail("the name of a Pokémon")
        p.want("in your hand and put that pokemon face down in front of you")
        return [Part("aside", value={"hand": {"side": "me", "min": 1, "filter": alts[0]}})]
    if not conn and not stadium and p.lit("your opponent guesses that pokemon 's hp , and then you reveal it"):
        # the opponent's guess opens a choice of theirs: "If your opponent guessed right, A." / "If they guessed wrong,
        # B." (prims: choose `by: opp`)
        return [Part("guess")]
    if not conn and p.lit("if your opponent guessed right ,", "if they guessed right ,"):
        return [Part("option", clauses(p, stadium), value="right")]
    if not conn and p.lit("if your opponent guessed wrong ,", "if they guessed wrong ,"):
        return [Part("option", clauses(p, stadium), value="wrong")]
    if conn == "then" and not stadium and p.lit("return the pokemon to your hand", "return that pokemon to your hand"):
        return [Part("return_aside")]
    if p.lit("choose 1 or more :"):
        # as many of the options as the player likes, at least 1 (the maximum is the number of options)
        p.lit("•")
        return [Part("choose", value=(1, "all"))] + ([Part("option", clauses(p, stadium))] if not p.end() else [])
    if p.lit("choose 1 or both :"):
        p.lit("•")
        return [Part("choose", value=(1, 2))] + ([Part("option", clauses(p, stadium))] if not p.end() else [])
    if p.lit("choose 1 :", "choose 1 of the following :"):
        p.want("•")
        return [Part("choose", value=(1, 1)), Part("option", clauses(p, stadium))]
    if p.peek() == "choose" and p.toks[p.i + 1:p.i + 4] in (("1", "or", "2"), ("up", "to", "2"), ("up", "to", "3")) \
            and p.peek(4) == ":":
        # "Choose 1 or 2:" / "Choose up to N:": from 1 to N of the options (Q4), in their printed order
        high = int(p.peek(3))
        p.i += 5
        p.want("•")
        return [Part("choose", value=(1, high)), Part("option", clauses(p, stadium))]
    if p.peek() == "choose" and (p.peek(1) or "").isdigit() and p.peek(2) == ":" and int(p.peek(1)) >= 2:
        # "Choose 2:": exactly that many of the options (checked against their number when assembled)
        n = int(p.peek(1))
        p.i += 3
        p.want("•")
        return [Part("choose", value=(n, n)), Part("option", clauses(p, stadium))]
    items = clauses(p, stadium)
    if p.peek() == "," and p.peek(1) == "then" and p.peek(2) != ",":
        # "A, then B" in one sentence: B is "Then, B" (T1), with A's subject ("Your opponent shuffles ..., then draws")
        p.i += 2
        who = next((it.get("player") for it in items if it.get("player")), "me")
        if any(it.get("player", "me") != who for it in items):
            raise Fail("one subject")
        more = p.attempt(clause, who, stadium)
        if more is None:
            raise Fail("then")
        return [Part("step", items, conn), Part("step", more, "then")]
    if len(items) > 1 and any(it == _stadium_step(it.get("move", {}).get("to", "")) for it in items):
        # "A, and discard a Stadium in play": each part is done as far as it can be; the card needs one of them to
        # change something (the mandatory effect as a whole, A3)
        items = [{**it, "if_possible": True} for it in items]
    return [Part("step", items, conn)]


# ---- conditions on playing the card ------------------------------------------------------------------

def condition_clause(p: P) -> Part:
    # "... only if you discard / put N X from your hand (in the Lost Zone)": an exact cost from the hand
    for verb, tail, to in (("you discard", "from your hand", "discard"),
                           ("you put", "from your hand in the lost zone", "lost_zone")):
        if p.lit(verb):
            n, up_to = count(p)
            alts = cards(p)
            p.want(tail)
            if up_to or not isinstance(n, int):
                raise Fail("an exact cost")
            return Part("cost", [_move("hand", to, alts, n, False)])
    if p.lit("during your first turn", "only during your first turn"):
        return Part("cond", value={"turn": "first"})
    if p.lit("when it is the last card in your hand"):
        return Part("cond", value={"hand": {"side": "me", "max": 0}})
    got = p.attempt(_active_condition)
    if got is not None:
        return Part("cond", value=got)
    cond = state_condition(p)
    if _placeholder_side(cond) or "one_of" in cond:
        raise Fail("a condition on the card's own terms")   # "that Pokémon" / one of several counts: no such A1
    return Part("cond", value=cond)


_SC_WORDS = ("poisoned", "burned", "asleep", "confused", "paralyzed")


def _active_condition(p: P) -> dict:
    """"(only if) your [opponent's] Active Pokémon is Poisoned / is affected by a Special Condition": the card's
    condition on the Special Conditions of an Active Pokémon when the card is played (A1; prims: in_play `condition`,
    a card's condition only). "is Poisoned or Burned" and "isn't ..." have no reading."""
    side = "opp" if p.lit("your opponent's active pokemon") else "me" if p.lit("your active pokemon") else _no()
    p.want("is")
    if p.lit("affected by a special condition", "affected by any special conditions"):
        sc = "any"
    else:
        sc = p.lit(*_SC_WORDS)
        if sc is None:
            raise Fail("a Special Condition")
    if p.peek() is not None and p.peek() not in (".", ","):
        raise Fail("one Special Condition")
    return {"in_play": {"side": side, "where": "active", "condition": sc, "min": 1}}


def _placeholder_side(cond: dict) -> bool:
    return any(isinstance(v, dict) and v.get("side") == "$that" for v in cond.values())


def play_as_sentence(p: P) -> list:
    """A card played as a Pokémon: "Play this card as if it were a 60-HP Basic {C} Pokémon." and its own rules
    ("This card can't be affected by any Special Conditions and can't retreat.", "If this card is Knocked Out,
    your opponent can't take any Prize cards for it.", "At any time during your turn, you may discard this card from
    play.") -> `play_as`."""
    if p.lit("play this card as if it were a"):
        hp = p.number()
        p.want("- hp basic")
        t = p.peek()
        if t in SYMBOLS or t in TYPE_WORDS:
            p.i += 1
        else:
            raise Fail("a type")
        p.want("pokemon")
        return [Part("play_as", value={"stage": "basic", "hp": hp, "types": [SYMBOLS.get(t) or TYPE_WORDS[t]]})]
    if p.lit("if this card is knocked out , your opponent can't take any prize cards for it"):
        return [Part("play_rule", value=["no_prizes"])]
    if p.lit("at any time during your turn , you may discard this card from play"):
        # the fossils' own rule: their player may discard them from play during their turn (`discard_any_time`)
        return [Part("play_rule", value=["discard_any_time"])]
    p.want("this card")
    rules = []
    while True:
        if p.lit("can't be affected by any special conditions"):
            rules.append("no_special_conditions")
        elif p.lit("can't retreat"):
            rules.append("no_retreat")
        else:
            raise Fail("a rule")
        if not p.lit(", and it", "and", ", and"):
            return [Part("play_rule", value=rules)]


def end_of_turn_sentence(p: P) -> list:
    """"At the end of this turn, [if CONDITION,] STEPS." -> the effect's `at_end_of_turn` steps (each guarded by the
    condition, counted when the turn ends)."""
    p.want("at the end of this turn ,")
    guard = p.attempt(_guard)
    if guard is not None and ("one_of" in guard or "all" in guard):
        raise Fail("one condition")
    items = clauses(p)
    if guard is not None:
        items = [{**it, "when": guard} for it in items]
    return [Part("end_of_turn", items)]


def card_rule_sentence(p: P) -> list:
    """A rule of the card itself, whatever its kind: "This card can't be put into your hand or deck from the discard
    pile." -> the card field `no_return_from_discard` (every step moving cards out of the discard pile respects it).
    "Any attached cards, damage counters, Special Conditions, turns in play, and any other effects remain on the new
    Pokémon." -> `swap_remain`: what a `swap_in` step of the sentence before does (read only right after one)."""
    if p.lit("any attached cards , damage counters , special conditions , turns in play , and any other effects "
             "remain on the new pokemon"):
        return [Part("swap_remain")]
    p.want("this card can't be put into your hand or deck from the discard pile")
    return [Part("field", value={"no_return_from_discard": True})]


def condition_sentence(p: P) -> list:
    if p.own and p.lit("you must play") and (p.peek() or "").isdigit() and \
            tuple(p.toks[p.i + 1:p.i + 1 + len(p.own)]) == p.own:
        # "You must play 2 Cross Switcher cards at once. (This effect works one time for 2 cards.)": playing the card
        # needs N-1 more copies of it from the hand, played with it (A1, an activation cost paid exactly): they leave
        # the hand for the discard pile with it, and the effect is carried out once
        n = p.number()
        p.i += len(p.own)
        p.want("cards at once (")
        p.want("this effect works one time for")
        if n < 2 or p.number() != n:
            raise Fail("the same number of cards")
        p.want("cards )")
        return [Part("cost", [_move("hand", "discard", [{"name": "$CARD"}], n - 1, False)])]
    if p.lit("you can't use this card during your first turn or on a basic pokemon that was put into play this turn",
             "you can't use this card during your first turn or on a pokemon that was put into play this turn"):
        # the limits of evolving from the hand, repeated by the card (seed 001; evolve `hand_limits`)
        return [Part("hand_limits")]
    if p.lit("choose up to"):
        # "Choose up to 2 of your {D} Pokémon.": the Pokémon a later "For each of those Pokémon" step goes over
        n = p.number()
        p.want("of")
        group = target_group(p, "me")
        p.lit("in play")
        return [Part("group", value={"count": n, "target": group})]
    if p.lit("you can use this card on a pokemon you put down when you were setting up to play or on a pokemon "
             "that was put into play this turn",
             "you can use this card during your first turn or on a pokemon that was put into play this turn"):
        # the evolving limits do not bind this card's evolve (seed 001: an effect that evolves is not bound by them
        # unless its text repeats them): the vocabulary's default, checked when assembled
        return [Part("no_hand_limits")]
    if p.toks[p.i:p.i + 3] == ("choose", "1", "of"):
        p.i += 1
        tgt = target(p, "me")
        p.lit("in play")
        if p.lit(", and then flip a coin until you get tails"):
            # "Choose 1 of your Pokémon, and then flip a coin until you get tails." (Sweet Honey): the Pokémon "For
            # each heads, ..." works on, and the coins (assembled: flip `until: tails` with `each_heads`)
            return [Part("chosen", value=tgt), Part("flip_until")]
        return [Part("chosen", value=tgt)]
    if p.lit("if you go first , you may use this card during your first turn",
             "if you go first , you may play this card during your first turn"):
        return [Part("flag", value="first_turn_allowed")]
    if p.lit("you can't use this card during your first turn", "you can't play this card during your first turn"):
        return [Part("cond", value={"turn": "not_first"})]
    p.want("you can use this card only", "you can play this card only")
    if p.lit("during your first turn"):
        return [Part("cond", value={"turn": "first"})]
    if p.peek() == "when":
        return [condition_clause(p)]
    p.want("if")
    names = p.attempt(_names_in_play)
    if names is not None:
        # "only if you have A, B, and C in play": each of those Pokémon (by name) in play (A1), all of them
        return [Part("cond", value={"in_play": {"side": "me", "filter": {"name": n}, "min": 1}}) for n in names]
    parts = [condition_clause(p)]
    while p.lit(", and", "and"):
        parts.append(condition_clause(p))
    return parts


def _printed_name(p: P) -> str:
    """A Pokémon's printed name in a list: capitalized words, a possessive "'s" inside ("N's Zekrom"), an "ex" at the end;
    no term of the grammar."""
    j = p.i
    terms = term_words()
    while j < len(p.toks) and (p.printed[j][:1].isupper() or (p.toks[j] == "'s" and j > p.i)) \
            and p.toks[j] not in HEAD_WORDS and p.toks[j] not in SYMBOLS and p.toks[j] not in TYPE_WORDS:
        j += 1
    if j == p.i or p.toks[j - 1] == "'s" or any(t in terms for t in p.toks[p.i:j]):
        raise Fail("a Pokémon's name")
    if j < len(p.toks) and p.printed[j] == "ex":
        j += 1
    name = " ".join(p.printed[p.i:j]).replace(" 's", "'s")
    p.i = j
    return name


def _names_in_play(p: P) -> list:
    """"you have A, B, and C in play" (two or more Pokémon named by their printed names) -> the names."""
    p.want("you have")
    names = [_printed_name(p)]
    while True:
        if p.lit(", and", "and"):
            names.append(_printed_name(p))
            break
        p.want(",")
        names.append(_printed_name(p))
    p.want("in play")
    if len(set(names)) != len(names):
        raise Fail("a name twice")
    return names


# ---- Tools, Stadiums, Special Energy -----------------------------------------------------------------

def _holder(p: P) -> dict:
    """"the Pokémon this card is attached to", "the Pokémon with Galarian in its name that this card is attached
    to" -> the holder's filter."""
    p.want("the")
    alts = p.attempt(cards, True) or [{}]
    if len(alts) != 1:
        raise Fail("one holder")
    holder = dict(alts[0])
    if p.lit("with galarian in its name"):
        holder["tag"] = "galarian"
    p.lit("that")
    p.want("this card is attached to")
    return holder


def against(p: P) -> dict:
    """"your opponent's Active Pokémon [ex|V|...] (before applying Weakness and Resistance)" -> the filter."""
    p.want("your opponent's active")
    alts = cards(p, True)
    while p.lit("and active"):
        alts += cards(p, True)
    if len(alts) != 1 and not all(alts):
        raise Fail("one filter")
    p.want("( before applying weakness and resistance )")
    return flt(alts)


def stadium_sentence(p: P) -> list:
    if p.lit("once during each player's turn , that player may"):
        if p.lit("flip a coin") and p.end():
            # "that player may flip a coin. If heads, ...": using the Stadium is the choice; the flip is its effect
            return [Part("flip")]
        items = clauses(p, stadium=True)
        if p.lit("in order to"):
            # "that player may discard X from their hand in order to B": the discard is the cost of B (A1)
            return [Part("cost", items), Part("step", clauses(p, stadium=True))]
        return [Part("step", items)]
    if p.lit("once during each player's turn , if they played a supporter card"):
        # Community Center: a condition on the player using the Stadium (A1); "a Supporter card that has "X" in its
        # name" (Team Rocket's Factory): a Supporter card that fits is among the cards they played this turn
        named = None
        if p.lit("that has") and (p.peek() or "").startswith('"'):
            named = p.printed[p.i].strip('"')
            p.i += 1
            p.want("in its name")
        p.want("from their hand this turn , they may")
        items = clauses(p, stadium=True)
        cond = {"played": "supporter"} if named is None else \
            {"played": {"kind": "supporter", "name_contains": named}}
        return [Part("cond", value=cond), Part("step", items)]
    if p.lit("once during each player's turn , if they played a", "once during each player's turn , if they played an"):
        # "if they played a Supporter card that has "Team Rocket" in its name from their hand this turn" (Team Rocket's
        # Factory): a card that fits is among the Trainer cards the player played from their hand this turn (A1)
        alts = cards(p)
        if len(alts) != 1 or alts[0].get("kind") not in ("item", "supporter", "tool", "stadium", "trainer"):
            raise Fail("one kind of Trainer card")
        p.want("from their hand this turn , they may")
        items = clauses(p, stadium=True)
        return [Part("cond", value={"played": alts[0]}), Part("step", items)]
    raise Fail("a Stadium's once-per-turn effect")


def _energy_symbols(p: P) -> list:
    out = []
    while p.peek() in SYMBOLS:
        out.append(SYMBOLS[p.peek()])
        p.i += 1
    if not out and p.peek() in TYPE_WORDS:
        out.append(TYPE_WORDS[p.peek()])
        p.i += 1
    if not out:
        raise Fail("Energy symbols")
    p.want("energy")
    return out


def provides_sentence(p: P, name_tokens: tuple) -> list:
    """What a Special Energy provides: "This card provides {C}{C} Energy.", "As long as this card is attached to a
    Pokémon, it provides ..." (that one may be followed by "If this card is attached to X, it provides ... instead":
    the base of a `provides_if`, part "instead_base")."""
    base: list = []
    if p.lit("as long as this card is attached to a pokemon , it provides"):
        base = [Part("instead_base")]
    elif p.lit("this card provides"):
        base = [Part("instead_base")]   # "This card provides {C} Energy." may be followed by "... instead" as well
    else:
        if tuple(p.toks[p.i:p.i + len(name_tokens)]) != name_tokens or not name_tokens:
            raise Fail("provides")
        p.i += len(name_tokens)
        p.want("provides")
    if p.lit("every type of energy but provides only 1 energy at a time"):
        return [Part("provides", value=["any"])] + base
    if p.peek() is not None and p.peek().isdigit() and p.peek(1) == "in":
        # "2 in any combination of {P} Energy and {D} Energy": each of the 2 Energy is one of those types
        n = p.number()
        p.want("in any combination of")
        types = [_energy_symbols(p)]
        while p.lit("and", ",", ", and"):
            types.append(_energy_symbols(p))
        if any(len(t) != 1 for t in types) or len(types) < 2:
            raise Fail("one type each")
        return [Part("provides", value=[[t[0] for t in types]] * n)] + base
    return [Part("provides", value=_energy_symbols(p))] + base


def trigger_sentence(p: P) -> list:
    p.want("when you attach this card from your hand to")
    benched = False
    if p.lit("1 of your"):
        # "to 1 of your Benched [F] Pokémon": the effect only when the Pokémon attached to is on the Bench (a guard
        # `self: benched` on each step, judged on the state the card is attached in; assembled)
        benched = p.lit("benched") is not None
        alts = cards(p, True)
    else:
        p.want("a", "an")
        alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    p.want(",")
    if benched and p.lit("switch that pokemon with your active pokemon"):
        # the Pokémon attached to (on the Bench) switched with the Active Pokémon (prims: switch `benched: self`)
        if p.peek() is not None:
            raise Fail("the end of the sentence")
        items = [{"switch": {"benched": "self"}}]
    else:
        items = clauses(p)
    return [Part("trigger", items, value=alts[0], past="benched" if benched else "")]
