"""The sentence grammar: one sentence of card text -> its parts (conditions, costs, effect steps with the
connective that joins them to the steps before, passive entries, what an Energy provides).

    sentence   := condition | passive | provides | trigger | [connective ","] clauses
    connective := "Then" | "If you do" | "If you drew any cards in this way" | ...
    clauses    := clause ((", and" | "and" | ",") clause)*
    clause     := [subject] ["may"] verb-phrase          (subject: you, your opponent, each player, that player)

`assemble.py` joins the parts of a card's sentences into the vocabulary's EFFECT.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .phrases import P, Fail, attached_cards, cards, count, flt, pile, poss, target, SYMBOLS, TYPE_WORDS


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
    value: object = None


def _plural(p: P) -> None:
    p.lit("it", "them")


# ---- verb phrases (who: the subject, me / opp / each) -------------------------------------------------

def vp_draw(p: P, who: str) -> list:
    p.want("draw", "draws")
    if p.lit("a card for each of your benched pokemon and your opponent's benched pokemon",
             "a card for each benched pokemon ( both yours and your opponent's )") and who == "me":
        return [{"draw": {"count": {"per": "benched"}}}]
    if p.lit("cards until you have", "cards until they have") and who == "me":
        n = p.number()
        p.want("cards in your hand", "cards in their hand")
        return [{"draw": {"count": {"until_hand": n}}}]
    if who == "me" and p.lit("a card for each of"):
        side = poss(p, who)
        where = "bench" if p.lit("benched") else None
        alts = cards(p, True)
        in_play = p.lit("in play") is not None
        if len(alts) != 1 or not (where or in_play):
            raise Fail("one filter, in play or on the Bench")
        per = {"side": side, **({"where": where} if where else {}), **({"filter": alts[0]} if alts[0] else {})}
        return [{"draw": {"count": {"per_in_play": per}}}]
    if p.lit("a card for each of"):
        owner = poss(p, who)
        if p.lit("remaining prize cards"):
            return [{"draw": {"count": {"per": "prizes_left"}}}]
        raise Fail("per")
    if p.lit("a card for each card in your opponent's hand") and who == "me":
        return [{"draw": {"count": {"per": "opponent_hand"}}}]
    if p.lit("a card for each of your benched pokemon and your opponent's benched pokemon",
             "a card for each benched pokemon ( both yours and your opponent's )") and who == "me":
        return [{"draw": {"count": {"per": "benched"}}}]
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
        step = _move(src, "bench", alts, n, up_to)
        return [{**step, "player": owner} if owner != "me" else step]
    if owner != who:
        raise Fail("another player's pile")
    if verb.startswith("discard"):
        dst = "discard"
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
    step = _move(src, dst, alts, n, up_to, **({"bottom": True} if bottom else {}))
    return [step] + ([{"shuffle": "deck"}] if shuffles else [])


def _search_targets(p: P) -> list:
    """"an Item card and a Pokémon Tool card", "a Pokémon, a Supporter card, and a Basic Energy card",
    or one counted phrase ("up to 2 Basic Pokémon") -> [(count, up_to, alternatives)]."""
    first = (count(p), cards(p))
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


def vp_search(p: P, who: str) -> list:
    p.want("search", "searches")
    owner, zone = pile(p, who)
    if zone != "deck" or owner != who:
        raise Fail("own deck")
    p.want("for")
    found = _search_targets(p)
    either = None
    distinct = len(found) == 1 and p.lit("of different types") is not None
    if len(found) == 1 and p.lit("or"):
        # "up to 2 Basic Pokémon or 1 Evolution Pokémon": one of two searches, the player's choice
        either = (count(p), cards(p))
    if p.lit(", reveal it ,", ", reveal them ,", ", reveal it, and", "reveal it ,"):
        pass
    p.lit(",")
    p.lit("reveal it", "reveal them")
    p.lit(",")
    p.want("and")
    if p.lit("put it into", "put them into"):
        o2, dst = pile(p, who)
        if dst != "hand" or o2 != who:
            raise Fail("own hand")
        to, tgt = "hand", None
    elif p.lit("put it onto", "put them onto"):
        poss(p, who)
        p.want("bench")
        to, tgt = "bench", None
    elif p.lit("attach it to", "attach them to"):
        to, tgt = "attach", target(p, who)
    elif p.lit("discard them", "discard it"):
        to, tgt = "discard", None
    else:
        raise Fail("where the cards go")
    if either is not None:
        options = [_searches([f], to, tgt) for f in (found[0], either)]
        return [{"choose": {"options": options}}]
    out = _searches(found, to, tgt)
    if distinct:
        out[0]["search"]["distinct"] = "type"   # no two cards of one type (prims: distinct)
    return out


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
    p.want("discard", "discards")
    n, up_to = count(p)
    p.want("random card", "random cards")
    p.want("from")
    owner, src = pile(p, who)
    if src != "hand" or up_to:
        raise Fail("a random card from a hand")
    step = {"move": {"from": "hand", "to": "discard", "count": n, "random": True}}
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
    p.want("search your deck for a card that evolves from")
    tgt = target(p, who)
    if "where" in tgt or tgt.get("each") or tgt["side"] != "me":
        raise Fail("one of your Pokémon")
    p.lit(",")
    p.want("and put it onto that pokemon to evolve it")
    return [{"evolve": {"from": "deck", "target": tgt}}]


def vp_shuffle_deck(p: P, who: str) -> list:
    p.want("shuffle", "shuffles")
    owner, name = pile(p, who)
    if name != "deck" or owner != who:
        raise Fail("own deck")
    return [{"shuffle": "deck"}]


def vp_heal(p: P, who: str) -> list:
    p.want("heal", "heals")
    amount = "all" if p.lit("all") else p.number()
    p.want("damage from")
    tgt = {"ref": "$prev"} if p.lit("it", "that pokemon") else target(p, who)
    return [{"heal": {"amount": amount, "target": tgt}}]


def _benched(p: P) -> dict:
    """"Benched [Basic] Pokémon" -> the filter (may be empty)."""
    p.want("benched")
    alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    return alts[0]


def vp_switch(p: P, who: str) -> list:
    """switch (your Active with 1 of your Benched), gust (1 of your opponent's Benched to the Active Spot),
    and the opponent's own switch ("Switch out your opponent's Active Pokémon to the Bench")."""
    if who == "me" and p.lit("switch in 1 of your opponent's"):
        f = _benched(p)
        p.want("to the active spot")
        return [{"gust": {"filter": f} if f else {}}]
    if who == "me" and p.lit("switch 1 of your opponent's"):
        f = _benched(p)
        p.want("with their active pokemon")
        return [{"gust": {"filter": f} if f else {}}]
    if who == "me" and p.lit("switch out your opponent's active pokemon to the bench ( your opponent chooses the "
                             "new active pokemon )"):
        return [{"switch": {}, "player": "opp"}]
    p.want("switch", "switches")
    if poss(p, who) != who:
        raise Fail("own Active")
    p.want("active")
    active = cards(p, True)
    p.want("with 1 of")
    if poss(p, who) != who:
        raise Fail("own Bench")
    bench = _benched(p)
    if len(active) != 1 or active[0] != bench:
        raise Fail("the same filter on both")
    return [{"switch": {"filter": bench} if bench else {}}]


def vp_discard_attached(p: P, who: str) -> list:
    p.want("discard", "discards")
    parts = [(count(p), attached_cards(p))]
    while p.lit("and"):
        parts.append((count(p), attached_cards(p)))
    p.want("from")
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
    tgt = target(p, who)
    a = {"from": src}
    if alts != [{}]:
        a["filter"] = flt(alts)
    a["count"] = n
    if up_to:
        a["up_to"] = True
    a["target"] = tgt
    return [{"attach": a}]


def vp_move_attached(p: P, who: str) -> list:
    p.want("move", "moves")
    n, up_to = count(p)
    f = attached_cards(p)
    p.want("from 1 of")
    side = poss(p, who)
    p.want("pokemon to another of")
    if poss(p, side) != side:   # "another of their Pokémon": the same player's
        raise Fail("same player's Pokémon")
    p.want("pokemon")
    m = {"target": {"side": side}, "filter": f, "count": n}
    if up_to:
        m["up_to"] = True
    return [{"move_attached": m}]


def vp_return_attached(p: P, who: str) -> list:
    """"Put an Energy attached to 1 of your opponent's Pokémon into their hand"."""
    p.want("put", "puts")
    n, up_to = count(p)
    f = attached_cards(p)
    p.want("attached to")
    tgt = target(p, who)
    where = p.want("into", "on top of")
    owner = poss(p, tgt["side"] if tgt.get("side") in ("me", "opp") else who) if p.peek() != "your" else poss(p, who)
    zone = p.want("hand" if where == "into" else "deck")
    if owner != tgt.get("side"):
        raise Fail("the owner's pile")
    d = {"target": tgt, "filter": f, "count": n}
    if up_to:
        d["up_to"] = True
    d["to"] = zone   # "on top of their deck": into the deck (its order is not tracked)
    return [{"discard_attached": d}]


def vp_counters(p: P, who: str) -> list:
    """"put 2 damage counters on 1 of your opponent's Pokémon"."""
    p.want("put", "puts")
    n = p.number()
    p.want("damage counters on", "damage counter on")
    return [{"damage_counters": {"count": n, "target": target(p, who)}}]


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


def vp_reveal_hand(p: P, who: str) -> list:
    p.want("reveals", "reveal")
    owner, name = pile(p, who)
    if name != "hand" or owner != who:
        raise Fail("own hand")
    return [{"reveal": "hand"}]


def vp_found_there(p: P, who: str) -> list:
    """"you discard up to 2 Item cards you find there", "put any number of Basic Pokémon you find there onto your
    opponent's Bench": cards from the hand revealed just before (its owner's)."""
    verb = p.want("discard", "put")
    n, up_to = count(p)
    alts = cards(p)
    p.want("you find there")
    if verb == "put":
        p.want("onto your opponent's bench")
        dst = "bench"
    else:
        dst = "discard"
    step = _move("hand", dst, alts, n, up_to)
    step["player"] = "$revealed"
    return [step]


def vp_pick_up(p: P, who: str) -> list:
    p.want("put", "puts")
    tgt = target(p, who)
    p.want("and all attached cards into", "and all cards attached to it into")
    owner, name = pile(p, who)
    if name != "hand" or owner != who:
        raise Fail("own hand")
    return [{"pick_up": {"target": tgt}}]


def vp_looked(p: P, who: str) -> list:
    """The cards looked at: "look at the top N cards of your deck [and put K of them into your hand]",
    "[you may] reveal COUNT CARDS you find there and put them into your hand", "shuffle the other cards back
    into your deck", "put the other cards in the Lost Zone", "discard the other cards"."""
    bottom = False
    if p.lit("look at the top") or (p.lit("look at the bottom") and (bottom := True)):
        # the bottom N cards: prims look_top `bottom: true` (as unknown as the top N; shown as the bottom)
        n = p.number()
        p.want("cards of")
        owner, deck = pile(p, who)
        if deck != "deck" or owner != who:
            raise Fail("own deck")
        out = [{"look_top": {"count": n, **({"bottom": True} if bottom else {})}}]
        if p.lit("and discard"):
            k, up_to = count(p)
            p.want("of them")
            out.append(_move("looked", "discard", None, k, up_to))
        elif p.lit("and put"):
            k, up_to = count(p)
            p.want("of them into")
            o2, hand = pile(p, who)
            if hand != "hand" or o2 != who:
                raise Fail("own hand")
            out.append(_move("looked", "hand", None, k, up_to))
        return out
    if p.lit("reveal"):
        found = _search_targets(p)
        p.want("you find there and put it into", "you find there and put them into")
        o2, hand = pile(p, who)
        if hand != "hand" or o2 != who:
            raise Fail("own hand")
        return [_move("looked", "hand", alts, n, up_to) for (n, up_to), alts in found]
    if p.lit("shuffle the other cards back into"):
        o2, deck = pile(p, who)
        if deck != "deck" or o2 != who:
            raise Fail("own deck")
        return [_move("looked", "deck", None, "all", False), {"shuffle": "deck"}]
    if p.lit("shuffle the other cards and put them on the bottom of your deck"):
        return [_move("looked", "deck", None, "all", False, bottom=True)]
    if p.lit("put the other cards back in any order", "put the other cards back on top of your deck in any order"):
        return [_move("looked", "deck", None, "all", False)]
    if p.lit("put the other cards in the lost zone"):
        return [_move("looked", "lost_zone", None, "all", False)]
    p.want("discard the other cards")
    return [_move("looked", "discard", None, "all", False)]


CONDITIONS = {"burned": "burned", "confused": "confused", "asleep": "asleep", "paralyzed": "paralyzed",
              "poisoned": "poisoned"}


def vp_inflict(p: P, who: str) -> list:
    """"your opponent's Active Pokémon is now Burned and Confused"."""
    if who != "me":
        raise Fail("inflict")
    tgt = {"ref": "$prev"} if p.lit("it", "that pokemon") else {"ref": "$gusted"} \
        if p.lit("the new active pokemon") else target(p, who)
    if p.lit("recovers from all special conditions"):
        return [{"cure": {"target": tgt}}]
    p.want("is now")
    conds = [CONDITIONS[p.want(*CONDITIONS)]]
    while p.lit("and", ","):
        conds.append(CONDITIONS[p.want(*CONDITIONS)])
    extra = {} if tgt == {"side": "opp", "where": "active"} else {"target": tgt}
    return [{"inflict": {"condition": c, **extra}} for c in conds]


def vp_modifier(p: P, who: str) -> list:
    """"During this turn, your [X] Pokémon's attacks do N more damage to your opponent's Active Pokémon [Y]
    (before applying Weakness and Resistance)" / "... attacks used by your [X] Pokémon do N more damage ..."."""
    if who != "me":
        raise Fail("modifier")
    p.want("during this turn ,")
    if p.lit("attacks used by your"):
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
    m = {"name": "$CARD", "lasts": "turn", "damage_change": n}
    if attacker[0]:
        m["attacker"] = attacker[0]
    if foe:
        m["against"] = foe
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
    if n is None:
        n = p.number()
        p.want("cards from the top of")
    owner, deck = pile(p, who)
    if deck != "deck" or owner != who:
        raise Fail("own deck")
    return [{"move": {"from": "deck", "to": "discard", "count": n, "random": True}}]


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


VERBS = (vp_move_to_new_active, vp_mill, vp_end_turn, vp_attach_each, vp_modifier, vp_evolve, vp_reveal_put, vp_discard_random, vp_draw, vp_shuffle_hand, vp_discard_hand, vp_search, vp_move_cards, vp_shuffle_deck, vp_heal, vp_switch,
         vp_discard_attached, vp_attach, vp_move_attached, vp_return_attached, vp_pick_up, vp_looked, vp_counters,
         vp_discard_down_to, vp_reveal_hand, vp_found_there)


def verb_phrase(p: P, who: str) -> list:
    for rule in VERBS:
        items = p.attempt(rule, who)
        if items is not None:
            return items
    raise Fail("verb phrase")


def subject(p: P, default: str, stadium: bool) -> str:
    if p.lit("each player"):
        return "each"
    if p.lit("your opponent"):
        return "opp"
    if p.lit("you"):
        return "me"
    if stadium and p.lit("that player"):
        return "me"
    return default


def _with_player(items: list, who: str) -> list:
    if who == "me":
        return items
    return [{**it, "player": who} if "player" not in it else it for it in items]


def clause(p: P, default: str, stadium: bool, said: Optional[list] = None) -> list:
    """[subject] [may] verb phrase -> items; "you may X" -> [{may: X}]. A clause with no subject has the
    one before it ("Each player shuffles ... and draws 4 cards"); `said` receives the subject."""
    who = subject(p, default, stadium)
    if said is not None:
        said.append(who)
    may = p.lit("may") is not None
    if who == "each" or who == "opp":
        items = p.attempt(verb_phrase, who)
        if items is None:
            raise Fail("verb")
        # "their" inside the phrase is the subject's: the steps are that player's
        items = _with_player(items, who)
    else:
        items = p.attempt(vp_inflict, who) or verb_phrase(p, who)
    return [{"may": items}] if may else items


def clauses(p: P, stadium: bool = False) -> list:
    said: list = []
    items = clause(p, "me", stadium, said)
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
    ("if you drew any cards in this way ,", "ifdo"),
    ("if you healed any damage in this way ,", "ifdo"),
    # Marnie, Iono: the card can be played only if the first part moves a card (A3), so "either player put
    # any cards ... in this way" holds whenever the rest is reached: read as "then" (T1), as seed 000 does.
    ("if either player put any cards on the bottom of their deck in this way ,", "then"),
)


PAST_VERBS = ("drew", "healed", "attached", "shuffled", "discarded", "searched", "moved", "put")


def _in_this_way(p: P) -> str:
    """"If you VERBed any ... in this way," (the step before did something: T2 on it)."""
    p.want("if you")
    p.want(*PAST_VERBS)
    j = p.i
    while j < len(p.toks) and p.toks[j] not in ("if", ",", "in"):
        j += 1
    p.i = j
    p.want("in this way ,")
    return "ifdo"


def _guard(p: P) -> dict:
    """"if you have exactly 6 Prize cards remaining", "if your opponent has 3 or fewer Prize cards remaining",
    "if you have 10 or more cards in your hand" -> a step guard (prims: prizes / hand conditions)."""
    p.want("if")
    if p.peek() is not None and p.printed[p.i][:1].isupper():
        # "if Community Center is in play": a Stadium in play (prims: stadium condition)
        j = p.i
        while j < len(p.toks) and p.printed[j][:1].isupper() and p.toks[j] not in ("is",):
            j += 1
        if p.toks[j:j + 4] == ("is", "in", "play", ",") and j > p.i:
            name = " ".join(p.printed[p.i:j])
            p.i = j + 4
            return {"stadium": {"name": name}}
    if p.lit("all of your pokemon in play are"):
        alts = cards(p, True)
        if len(alts) != 1 or not alts[0]:
            raise Fail("one filter")
        p.want(",")
        return {"in_play": {"side": "me", "filter": {"not": alts[0]}, "max": 0}}
    side = "opp" if p.lit("your opponent has") else "me" if p.lit("you have") else _no()
    exact = p.lit("exactly") is not None
    n = p.number()
    bound = {"min": n, "max": n} if exact else {"max": n} if p.lit("or fewer") else {"min": n} if p.lit("or more") \
        else _no()
    if p.lit("prize cards remaining", "prize card remaining"):
        p.want(",")
        return {"prizes": {"side": side, **bound}}
    p.want("cards in your hand ,") if side == "me" else _no()
    return {"hand": {"side": "me", **bound}}


def _no():
    raise Fail("guard")


def step_sentence(p: P, stadium: bool = False) -> list:
    conn = ""
    for phrase, c in CONNECTIVES:
        if p.lit(phrase):
            conn = c
            break
    if not conn:
        conn = p.attempt(_in_this_way) or ""
    guard = p.attempt(_guard)
    if guard is not None:
        items = clauses(p, stadium)
        if p.lit("instead"):
            return [Part("step", items, "instead", value=guard)]
        if conn:
            return [Part("step", [{**it, "when": guard} for it in items], conn)]
        # an additional step of the main part ("draw 2 more cards") is done as far as it can be: the card's
        # activation rests on the steps before it (as the hand-written Emcee's Hype reads it)
        return [Part("step", [{**it, "when": guard, "if_possible": True} for it in items], "guarded")]
    if p.lit("flip a coin"):
        return [Part("flip", conn=conn)]
    if p.lit("flip"):
        n = p.number()
        p.want("coins")
        if n < 2:
            raise Fail("coins")
        return [Part("flip", conn=conn, value=n)]
    if p.lit("if both of them are heads ,", "if all of them are heads ,", "if both are heads ,"):
        return [Part("flip_all_heads", clauses(p, stadium), conn)]
    if p.lit("if heads ,"):
        return [Part("flip_heads", clauses(p, stadium), conn)]
    if p.lit("if tails ,"):
        return [Part("flip_tails", clauses(p, stadium), conn)]
    if p.lit("•"):
        return [Part("option", clauses(p, stadium), conn)]
    if p.lit("choose 1 or both :"):
        p.lit("•")
        return [Part("choose", value=(1, 2))] + ([Part("option", clauses(p, stadium))] if not p.end() else [])
    if p.lit("choose 1 :"):
        p.want("•")
        return [Part("choose", value=(1, 1)), Part("option", clauses(p, stadium))]
    return [Part("step", clauses(p, stadium), conn)]


# ---- conditions on playing the card ------------------------------------------------------------------

def condition_clause(p: P) -> Part:
    if p.lit("you discard"):
        n, up_to = count(p)
        alts = cards(p)
        p.want("from your hand")
        if up_to or not isinstance(n, int):
            raise Fail("an exact cost")
        return Part("cost", [_move("hand", "discard", alts, n, False)])
    if p.lit("you put"):
        n, up_to = count(p)
        alts = cards(p)
        p.want("from your hand in the lost zone")
        if up_to or not isinstance(n, int):
            raise Fail("an exact cost")
        return Part("cost", [_move("hand", "lost_zone", alts, n, False)])
    if p.lit("during your first turn", "only during your first turn"):
        return Part("cond", value={"turn": "first"})
    if p.lit("you go second"):
        return Part("cond", value={"going": "second"})
    if p.lit("you go first"):
        return Part("cond", value={"going": "first"})
    if p.lit("you have more prize cards remaining than your opponent"):
        return Part("cond", value={"prizes_remaining": "more"})
    if p.lit("you have fewer prize cards remaining than your opponent"):
        return Part("cond", value={"prizes_remaining": "fewer"})
    if p.lit("any of your"):
        alts = cards(p, True)
        p.want("were knocked out during your opponent's last turn")
        if len(alts) != 1:
            raise Fail("one filter")
        # Knocked Out in any way (not only by an attack's damage): prims `by: any`
        return Part("cond", value={"knocked_out_last_turn": {**({"filter": alts[0]} if alts[0] else {}), "by": "any"}})
    if p.lit("when it is the last card in your hand"):
        return Part("cond", value={"hand": {"side": "me", "max": 0}})
    if p.lit("your opponent has exactly"):
        n = p.number()
        p.want("prize cards remaining", "prize card remaining")
        return Part("cond", value={"prizes": {"side": "opp", "min": n, "max": n}})
    if p.lit("you have no"):
        alts = cards(p, True)
        p.want("in play")
        return Part("cond", value={"in_play": {"side": "me", "filter": flt(alts), "max": 0}})
    if p.lit("you have any"):
        alts = cards(p, True)
        p.want("in play")
        return Part("cond", value={"in_play": {"side": "me", "filter": flt(alts), "min": 1}})
    raise Fail("condition")


def play_as_sentence(p: P) -> list:
    """A card played as a Pokémon: "Play this card as if it were a 60-HP Basic {C} Pokémon." and its own rules
    ("This card can't be affected by any Special Conditions and can't retreat.", "If this card is Knocked Out,
    your opponent can't take any Prize cards for it.") -> `play_as`."""
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


def condition_sentence(p: P) -> list:
    if p.lit("you can't use this card during your first turn or on a basic pokemon that was put into play this turn",
             "you can't use this card during your first turn or on a pokemon that was put into play this turn"):
        # the limits of evolving from the hand, repeated by the card (seed 001; evolve `hand_limits`)
        return [Part("hand_limits")]
    if p.toks[p.i:p.i + 3] == ("choose", "1", "of"):
        p.i += 1
        tgt = target(p, "me")
        p.lit("in play")
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
    parts = [condition_clause(p)]
    while p.lit(", and", "and"):
        parts.append(condition_clause(p))
    return parts


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
        items = clauses(p, stadium=True)
        return [Part("step", items)]
    if p.lit("once during each player's turn , if they played a supporter card from their hand this turn , they may"):
        # Community Center: a condition on the player using the Stadium (A1)
        items = clauses(p, stadium=True)
        return [Part("cond", value={"played": "supporter"}), Part("step", items)]
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
    if p.lit("as long as this card is attached to a pokemon , it provides"):
        pass
    elif p.lit("this card provides"):
        pass
    else:
        if tuple(p.toks[p.i:p.i + len(name_tokens)]) != name_tokens or not name_tokens:
            raise Fail("provides")
        p.i += len(name_tokens)
        p.want("provides")
    if p.lit("every type of energy but provides only 1 energy at a time"):
        return [Part("provides", value=["any"])]
    if p.peek() is not None and p.peek().isdigit() and p.peek(1) == "in":
        # "2 in any combination of {P} Energy and {D} Energy": each of the 2 Energy is one of those types
        n = p.number()
        p.want("in any combination of")
        types = [_energy_symbols(p)]
        while p.lit("and", ",", ", and"):
            types.append(_energy_symbols(p))
        if any(len(t) != 1 for t in types) or len(types) < 2:
            raise Fail("one type each")
        return [Part("provides", value=[[t[0] for t in types]] * n)]
    return [Part("provides", value=_energy_symbols(p))]


def trigger_sentence(p: P) -> list:
    p.want("when you attach this card from your hand to")
    if p.lit("1 of your"):
        alts = cards(p, True)
    else:
        p.want("a", "an")
        alts = cards(p, True)
    if len(alts) != 1:
        raise Fail("one filter")
    p.want(",")
    items = clauses(p)
    return [Part("trigger", items, value=alts[0])]
