"""A card's sentence parts -> the vocabulary's card fields (`effect`, `passive`, `provides`, `trigger_filter`).

The readings of the connectives follow seed 000 and the hand-written cards:
- "Then, B" (T1): B goes to `then`, done as far as it can be, never blocking the card.
- "You may A. If you do, B" (T2): `{may: [A], if_you_do: [B]}`.
- "A. If you do, B" after a mandatory A: B goes to `then` with `if_done: <A's label>` (Prime Catcher).
- "Then, shuffle your deck." after a deck search is the search's own shuffle (A8), not a step.
- "Flip a coin. If heads, A. If tails, B.": `{flip: {heads: [A], tails: [B]}}`.
- "Choose 1 or both: A. B." / "Choose 1: • A • B": `{choose: ...}`; a shuffle of the deck that ends every
  option is done once, after the choice (Ordinary Rod).
"""
from __future__ import annotations

from typing import List, Optional, Tuple

from .sentences import Part


class Unassembled(Exception):
    """The parts do not make a card (e.g. "If heads" with no coin): carries the sentence's index."""

    def __init__(self, index: int, why: str):
        super().__init__(why)
        self.index = index


# A Stadium's trigger role -> (why two are refused, why "that Pokémon" with no reference is refused)
_STADIUM_TRIGGERS = {
    "bench_trigger": ("two Bench triggers", "'that Pokémon' in a Bench trigger (no reference to the Pokémon)"),
    "evolve_trigger": ("two evolve triggers", "'that Pokémon' in an evolve trigger (no reference to the Pokémon)"),
}


def _deck_search_last(items: list) -> bool:
    if not items:
        return False
    last = items[-1]
    if any(last.get(k, {}).get("from") == "looked" for k in ("move", "attach")) and \
            any(it.get("search", {}).get("to") == "looked" for it in items[:-1]):
        return _deck_search_last(items[:-1])   # the found cards set aside are put somewhere: the search's shuffle
    if "search" in last:
        return last["search"].get("zone") == "deck" and last["search"].get("shuffle", True)
    if "flip" in last:
        branches = [last["flip"].get(k, []) for k in ("heads", "tails", "all_heads")]
        return all(_deck_search_last(b) for b in branches if b) and any(branches)
    if "may" in last:
        return _deck_search_last(last["may"])
    if "evolve" in last:
        return last["evolve"].get("from") == "deck"  # an evolve from the deck is a search (it shuffles)
    if "choose" in last:
        return all(_deck_search_last(o) for o in last["choose"]["options"])
    return False


def _hoist_shuffle(options: list) -> Tuple[list, bool]:
    if all(o and o[-1] == {"shuffle": "deck"} for o in options):
        return [o[:-1] for o in options], True
    return options, False


def assemble(parts: List[Tuple[int, Part]], kind: str) -> dict:
    conds: list = []
    cost: list = []
    do: list = []
    then: list = []
    passives: list = []
    provides = None
    trigger = None
    section = do
    prev: list = []          # the items of the previous step sentence
    labels = 0
    flip = None              # the flip item heads/tails parts fill
    choose = None            # (item, min, max, bullets) while options are read
    flags: list = []
    play_as = None
    state: dict = {"last": None}   # the last step that chose a Pokémon ("that Pokémon", "it")
    extra: dict = {}         # card fields a sentence sets on its own ("field" parts: only_attach_to)
    pairs: dict = {}         # (tag, data) -> sentence indexes: sentences that say a thing only together ("pair")
    bases: list = []         # sentences that state a provision "... instead" may replace ("instead_base")
    end_items: list = []     # the steps "At the end of this turn" ("end_of_turn")
    for index, part in parts:
        role = part.role
        if choose is not None and role == "step" and part.conn == "ifdo" and choose[0]["choose"]["options"]:
            # "• A. If you do, B." inside an option (Serena): B belongs to that option (T2)
            labels = _option_if_done(choose[0]["choose"]["options"][-1], part, labels, index)
            continue
        if choose is not None and role not in ("option", "step") or (choose is not None and role == "step" and part.conn):
            choose = _close_choose(choose, section)
        if role == "cond":
            conds.append(part.value)
            continue
        if role == "flag":
            flags.append(part.value)
            continue
        if role == "play_as":
            if play_as is not None:
                raise Unassembled(index, "played as a Pokémon twice")
            play_as = dict(part.value)
            continue
        if role == "play_rule":
            if play_as is None:
                raise Unassembled(index, "a rule of a card played as a Pokémon before 'Play this card as'")
            for r in part.value:
                play_as[r] = True
            continue
        if role == "group":
            if state.get("group") is not None:
                raise Unassembled(index, "two chosen groups of Pokémon")
            state["group"] = part.value
            continue
        if role == "chosen":
            if state.get("chosen") is not None:
                raise Unassembled(index, "two chosen Pokémon")
            state["chosen"] = part.value
            continue
        if role == "no_hand_limits":
            state["no_hand_limits"] = index
            continue
        if role == "hand_limits":
            evolves = [it for it in do + then if "evolve" in it]
            if part.value == "basic":
                # "(Players can't evolve a Basic Pokémon during ...)": the evolve step onto a Basic Pokémon
                evolves = [it for it in evolves
                           if (it["evolve"].get("target") or {}).get("filter", {}).get("stage") == "basic"]
            if len(evolves) != 1:
                raise Unassembled(index, "evolving limits with no evolve step")
            evolves[0]["evolve"]["hand_limits"] = True
            continue
        if role == "order":
            # "Your opponent VERBs first.": the `each` step before becomes the opponent's, then yours, each done
            # as far as it can be (a player who can't, doesn't)
            if not prev or len([it for it in prev if it.get("player") == "each"]) != 1 or len(prev) != 1:
                raise Unassembled(index, "'first' with no step of each player before it")
            step = prev[0]
            if part.value is not None and step.get("move", {}).get("count") != {"down_to": part.value}:
                raise Unassembled(index, "the reminder does not match the step")
            at = section.index(step)
            body = {k: v for k, v in step.items() if k != "player"}
            section[at:at + 1] = [{**body, "player": "opp", "if_possible": True}, {**body, "if_possible": True}]
            prev = section[at:at + 2]
            continue
        if role == "cost":
            cost.extend(part.items)
            continue
        if role == "exclude_cost":
            # "(You can't choose a card you discarded with the effect of this card.)": the cost's discarded cards
            paid = [c for c in cost if c.get("move", {}).get("to") == "discard"]
            took = [it for it in prev if it.get("move", {}).get("from") == "discard"]
            if len(paid) != 1 or len(took) != 1 or len(prev) != 1:
                raise Unassembled(index, "'a card you discarded with the effect of this card' with no such cost")
            if "label" not in paid[0]:
                labels += 1
                paid[0]["label"] = f"step{labels}"
            took[0]["move"]["exclude"] = paid[0]["label"]
            continue
        if role == "cost_of_prev":
            # "A. If you do, B. (If you can't A, you can't use this card.)": A is a cost, B the effect (A1); also
            # "A. (If you can't A, you can't play this card.) B." (the older wording: B is the effect)
            alone = len(do) == 1 and not then and "label" not in do[0] and set(do[0]) == {"move"}
            if len(do) != 1 or "move" not in do[0] or do[0]["move"]["from"] != "hand" or cost or not (alone or (
                    "label" in do[0] and then and all(it.get("if_done") == do[0]["label"] for it in then))):
                raise Unassembled(index, "'you can't use this card' with no step from the hand before")
            step = {k: v for k, v in do[0].items() if k != "label"}
            if isinstance(part.value, tuple):
                if step["move"]["to"] != "discard" or step["move"].get("count") != part.value[1] or \
                        step["move"].get("up_to"):
                    raise Unassembled(index, "the reminder does not restate the step")
            elif part.value == "no_other" and isinstance(step["move"].get("count"), dict):
                # "Choose a card in your hand, and discard the other cards. If you do, B. (If you have no other cards
                # in your hand, you can't use this card.)" (Kamado): the step moves every card but the N kept, and the
                # card needs N cards in the hand besides itself to keep (A1): 1 other card is kept, none discarded
                keep = step["move"]["count"].get("down_to")
                if set(step["move"]["count"]) != {"down_to"} or keep != 1 or step["move"].get("up_to"):
                    # keeping 2 or more with 1 other card: the reminder does not say (no reading)
                    raise Unassembled(index, "'no other cards' after a step that keeps more than one card")
                conds.append({"hand": {"side": "me", "min": 1}})
                # ... and the discard is no cost but the first part (T1/T2, seed 000 conclusion 4 and Q7: Zoroark-GX's
                # Trade, "discard a card. If you do, draw 2", can be used with an empty deck): A and B are each done
                # as far as they can be and the card needs one of them to change something (A3): with 2 other cards
                # and an empty deck it discards and draws nothing; with 1 other card none is discarded and B happens
                do[:] = [{**step, "if_possible": True}] + [
                    {**{k: v for k, v in it.items() if k != "if_done"}, "if_possible": True} for it in then]
                then.clear()
                section = do
                prev = do[:]
                continue
            elif part.value == "no_other":
                if step["move"].get("count") != 1 or step["move"].get("up_to"):
                    raise Unassembled(index, "'no other cards' after a step of more than one card")
            elif part.value != [step]:
                raise Unassembled(index, "the reminder does not restate the step")
            cost.append(step)
            do[:] = [{k: v for k, v in it.items() if k != "if_done"} for it in then]
            then.clear()
            section = do
            prev = do[:]
            continue
        if role == "passive":
            passives.append(part.value)
            continue
        if role == "bench_rule":
            # SU1: a sentence on how the Stadium's Bench limit is kept says what the `bench_size` entry before it does
            # (the encodings' discard down, state.lp `bench_cut`); one that says anything else is not read
            shape, n, f = part.value
            entry = next((q["bench_size"] for q in reversed(passives) if "bench_size" in q), None)
            if entry is None:
                raise Unassembled(index, "a Bench limit rule with no Bench limit before it")
            if shape == "lost" and (f != entry.get("if_in_play") or n != 5 or entry["max"] <= 5):
                raise Unassembled(index, "a discard down that is not to 5 when the limit's condition is lost")
            if shape == "leaves" and (n != 5 or entry["max"] <= 5):
                raise Unassembled(index, "a discard down that is not to 5 when the Stadium leaves play")
            if shape == "over" and (n != entry["max"] or "if_in_play" in entry):
                raise Unassembled(index, "a discard down to another number than the limit")
            continue
        if role == "once_each":
            # "This effect can't be applied more than once at a time to the same Pokémon." after a lasting entry
            if not passives or not isinstance(next(iter(passives[-1].values())), dict):
                raise Unassembled(index, "'more than once at a time' with no entry before it")
            body = next(iter(passives[-1].values()))
            if body.get("once_each") or set(passives[-1]) & {"protect", "when_damaged", "when_knocked_out", "endure",
                                                             "provides_if"}:
                raise Unassembled(index, "'more than once at a time' on an entry it does not apply to")
            body["once_each"] = True
            continue
        if role == "then_discard":
            # "Then, discard this card." after a one-shot entry (endure, when_damaged): its `discard`
            if not passives or not set(passives[-1]) & {"endure", "when_damaged"}:
                raise Unassembled(index, "'Then, discard this card' with no one-shot entry before it")
            body = next(iter(passives[-1].values()))
            if body.get("discard"):
                raise Unassembled(index, "discarded twice")
            body["discard"] = True
            continue
        if role == "eot_discard":
            # "If you healed any damage in this way, discard this card." after an end-of-turn heal: its `discard`
            body = passives[-1].get("end_of_turn") if passives else None
            if body is None or "heal" not in body or body.get("discard") or body.get("discard_if_healed"):
                raise Unassembled(index, "'If you healed any damage in this way' with no end-of-turn heal before it")
            body["discard_if_healed"] = True
            continue
        if role == "then_shuffle":
            # "Then, shuffle your deck." after a Knock Out reaction that searches the deck: its own shuffle (A8)
            if not passives or "search_deck" not in passives[-1].get("when_knocked_out", {}):
                raise Unassembled(index, "'Then, shuffle your deck' with no search before it")
            continue
        if role == "field":
            if set(part.value) & set(extra):
                raise Unassembled(index, "a card field twice")
            extra.update(part.value)
            continue
        if role == "pair":
            pairs.setdefault(part.value, []).append(index)
            continue
        if role == "end_of_turn":
            # "At the end of this turn, ...": steps after all the others, when the turn ends
            end_items.extend(part.items)
            continue
        if role == "instead_base":
            # "As long as this card is attached to a Pokémon, it provides X": what a later "... instead" replaces
            bases.append(index)
            continue
        if role in ("passive_discard", "passive_once"):
            key, flag = ("when_damaged", "discard") if role == "passive_discard" else ("prize_change", "once_per_game")
            if not passives or key not in passives[-1] or flag in passives[-1][key]:
                raise Unassembled(index, f"'{flag}' with no {key} before it")
            passives[-1][key][flag] = True
            continue
        if role == "provides":
            if provides is not None:
                raise Unassembled(index, "two provides sentences")
            provides = part.value
            continue
        if role == "attach_trigger":
            # a Stadium's "Whenever any player attaches an Energy card from their hand to 1 of their F Pokémon, ..."
            if "attach_trigger" in extra:
                raise Unassembled(index, "two attach triggers")
            _attached_refs(part.items)
            if _placeholder(part.items):
                raise Unassembled(index, "'that Pokémon' in an attach trigger (no reference to the Pokémon)")
            extra["attach_trigger"] = {**({"holder": part.value} if part.value else {}),
                                       "effect": {"do": _sink(part.items, index)}}
            continue
        if role in _STADIUM_TRIGGERS:
            # a Stadium's "Whenever any player puts a F Pokémon onto their Bench [during their turn], ..." (bench_trigger)
            # or "Whenever either player plays a F from their hand to evolve a G [during their turn], ..." (evolve_trigger), X4
            twice, unnamed = _STADIUM_TRIGGERS[role]
            if role in extra:
                raise Unassembled(index, twice)
            _attached_refs(part.items)
            if _placeholder(part.items):
                raise Unassembled(index, unnamed)
            extra[role] = {**part.value, "effect": {"do": _sink(part.items, index)}}
            continue
        if role == "trigger":
            if trigger is not None:
                raise Unassembled(index, "two triggers")
            _attached_refs(part.items)
            if _placeholder(part.items):
                raise Unassembled(index, "'that Pokémon' in an attach trigger (no reference to the Pokémon)")
            trigger = part
            trigger_index = index
            section = None
            continue
        if role == "flip_until":
            if state.get("until") is not None:
                raise Unassembled(index, "two chains of coins")
            state["until"] = index
            continue
        if role == "flip_each_heads" and state.get("until") is not None:
            # "Flip a coin until you get tails. For each heads, STEP." (Sweet Honey): one step, done once for each heads
            # (prims: flip `until: tails`, `each_heads`); "that Pokémon" is the one chosen before the coins
            if state.pop("until") != index - 1 or part.conn or len(part.items) != 1 or \
                    any(k in part.items[0] for k in ("may", "choose", "flip", "when", "unless", "label")):
                raise Unassembled(index, "'For each heads' right after the coins, one step")
            step = part.items[0]
            for _o, body in _targets(step):
                if body.get("target") == {"ref": "$prev"}:
                    if state.get("chosen") is None:
                        raise Unassembled(index, "'that Pokémon' with no Pokémon chosen")
                    body["target"] = state.pop("chosen")
            if _placeholder([step]) or state.get("chosen") is not None:
                raise Unassembled(index, "a chosen Pokémon the step does not work on")
            section.append({"flip": {"until": "tails", "each_heads": [step]}})
            flip = None
            prev = [section[-1]]
            continue
        if role == "flip_each_heads":
            # "Flip N coins. For each heads, STEP.": each coin is a flip of its own whose heads does STEP once (as the
            # attack grammar reads it); nothing may follow about those coins ("If tails", ...)
            n = flip["flip"].get("coins") if flip is not None else None
            if not isinstance(n, int) or n < 2 or set(flip["flip"]) != {"coins"} or flip.get("$each") \
                    or not section or section[-1] is not flip:
                raise Unassembled(index, "'For each heads' without a flip of several coins just before")
            if any(_has_that_many(it) or "label" in it for it in part.items):
                raise Unassembled(index, "'For each heads' with a step another refers to")
            import copy
            section[-1:] = [{"flip": {"heads": copy.deepcopy(part.items)}} for _ in range(n)]
            flip = None
            prev = section[-n:]
            continue
        if role == "flip_all_heads":
            if flip is None or "coins" not in flip["flip"] or set(flip["flip"]) - {"coins"}:
                raise Unassembled(index, "'If both of them are heads' without a flip of several coins")
            flip["flip"]["all_heads"] = part.items
            prev = [flip]
            continue
        if role in ("flip_heads", "flip_tails"):
            side = "heads" if role == "flip_heads" else "tails"
            if flip is None or side in flip["flip"] or (side == "tails" and "heads" not in flip["flip"]):
                raise Unassembled(index, f"'If {side}' without a coin flip")
            steps = part.items
            if flip.get("$each"):
                # "each player flips a coin. If heads, that player ... If tails, they ...": each player's steps
                steps = [{**{k: v for k, v in it.items() if k not in ("$they", "$that")}, "player": "each"}
                         if it.get("$they") or it.get("$that") else it for it in steps]
                if any(it.get("player") != "each" for it in steps):
                    raise Unassembled(index, "a step of one player after 'each player flips a coin'")
            flip["flip"][side] = steps
            prev = [flip]
            continue
        if flip is not None and not {"heads", "all_heads"} & set(flip["flip"]):
            raise Unassembled(index, "a coin flip with no 'If heads'")
        if trigger is not None and section is None:
            # steps after the trigger sentence belong to the trigger's effect
            section = trigger.items
        if role == "choose":
            low, high = part.value
            choose = [{"choose": {"min": low, "max": high, "options": []}}, part.conn]
            continue
        if role in ("ask", "guess"):
            # "Ask your opponent if ... If yes, A. If no, B." / "Your opponent guesses ... If your opponent guessed
            # right, A. If they guessed wrong, B.": the opponent's answer picks A or B (`by: opp`)
            if choose is not None:
                raise Unassembled(index, "a question inside a choice")
            expect = ["yes", "no"] if role == "ask" else ["right", "wrong"]
            choose = [{"choose": {"min": 1, "max": 1, "options": [], "by": "opp", "$answers": [],
                                  "$expect": expect}}, part.conn]
            continue
        if role == "aside":
            # "Tell your opponent the name of a Pokémon in your hand and put that Pokémon face down ...": a condition
            # (A1) whose card comes back with "Then, return the Pokémon to your hand."
            if state.get("aside") is not None or prev or cost or conds:
                raise Unassembled(index, "a card set aside after other steps")
            conds.append(part.value)
            state["aside"] = index
            continue
        if role == "return_aside":
            if state.pop("aside", None) is None or choose is not None:
                raise Unassembled(index, "'return the Pokémon' with no Pokémon set aside")
            continue
        if role == "option" or (role == "step" and choose is not None and not part.conn):
            if choose is None:
                raise Unassembled(index, "an option without 'Choose'")
            answers = choose[0]["choose"].get("$answers")
            expect = choose[0]["choose"].get("$expect", ())
            answer = role == "option" and part.value in ("yes", "no", "right", "wrong")
            if (answers is not None) != answer or (answer and part.value not in expect):
                raise Unassembled(index, "'If yes' / 'If no' only after 'Ask your opponent', and only they there")
            items = part.items
            if answers is not None:
                answers.append(part.value)
                # "If they guessed wrong, ..." / "..., they draw 4 cards": "they" is the opponent who answered
                if any("$they" in it and it.get("player") != "opp" for it in items):
                    raise Unassembled(index, "'they' in an answer that is not the opponent's step")
                items = [{k: v for k, v in it.items() if k != "$they"} for it in items]
            choose[0]["choose"]["options"].append(items)
            continue
        items = part.items
        if role in ("flip", "flip_each"):
            flip = {"flip": {"coins": part.value}} if part.value else {"flip": {}}
            if role == "flip_each":
                flip["$each"] = True
            items = [flip]
        else:
            flip = None
        if part.conn == "then":
            if items == [{"shuffle": "deck"}] and _deck_search_last(section if section else do):
                continue  # the search's own shuffle
            if section is do:
                section = then
        elif part.conn == "instead":
            # "If <guard>, B instead": the step before is done unless the guard holds, B when it holds
            if not prev or len(prev) != 1 or len(items) != 1 or any(k in prev[0] for k in ("when", "unless")):
                raise Unassembled(index, "'instead' with no single step before it")
            if isinstance(part.value, dict) and part.value.get("$first_only"):
                # "If none of your Pokémon have any Energy attached, B instead" (Grusha): the Energy in play is counted
                # on the state the card is played in, so only a card's first step may be replaced (no cost before it)
                if cost or conds or section is not do or len(do) != 1 or do[0] is not prev[0]:
                    raise Unassembled(index, "'If <Energy in play>, B instead' after other than the card's first step")
                part.value = {k: v for k, v in part.value.items() if k != "$first_only"}
            guard, items = _that_pokemon(prev[0], part.value, items, index)
            prev[0]["unless"] = guard
            items = [{**items[0], "when": guard}]
        elif part.conn == "otherwise":
            # "If <guard>, A. If not, B.": B is done when the guard does not hold (`unless`), A when it does; B is as
            # optional as A ("If <guard>, draw 2 more cards" after the main part is done as far as it can be)
            guards = [it.get("when") for it in prev] if prev else []
            if not guards or any(g is None or g != guards[0] for g in guards) or any("unless" in it for it in prev):
                raise Unassembled(index, "'If not' with no guarded step before it")
            optional = all(it.get("if_possible") for it in prev)
            items = [{**it, "unless": guards[0], **({"if_possible": True} if optional else {})} for it in items]
            if any(k in it for it in part.items for k in ("when", "unless")):
                raise Unassembled(index, "'If not' with a guard of its own")
        elif part.conn == "ifnot":
            # "You may A. If you don't, B": the player does A or B (a choice of one)
            last = prev[-1] if prev else None
            if last is None or "may" not in last or "if_you_do" in last or set(last) != {"may"} or last not in section:
                raise Unassembled(index, "'If you don't' with no 'you may' before it")
            at = section.index(last)
            section[at] = {"choose": {"options": [last["may"], items]}}
            for it in items:
                _resolve_there(it, state, index)
            prev = [section[at]]
            continue
        elif part.conn == "ifdo":
            if not prev:
                raise Unassembled(index, "'If you do' with nothing before it")
            last = prev[-1]
            if "may" in last and "if_you_do" not in last:
                if any(_has_that_many(it) for it in items):
                    # "You may put up to 2 cards ... If you do, draw that many cards": the optional step's count
                    if len(last["may"]) != 1:
                        raise Unassembled(index, "'that many' after several optional steps")
                    inner = last["may"][0]
                    if "label" not in inner:
                        labels += 1
                        inner["label"] = f"step{labels}"
                    items = [_that_many(it, inner["label"], inner, index) for it in items]
                last["if_you_do"] = items
                prev = items
                continue
            anchor = _anchor(prev, part.past)
            if anchor is None or "if_done" in anchor:
                raise Unassembled(index, "'If you do' after no step")
            if "label" not in anchor:
                labels += 1
                anchor["label"] = f"step{labels}"
            done = anchor["label"]
            if part.past == "$either":
                done = {"step": anchor["label"], "either": True}
            if part.past == "attached_active":
                # "If you attached Energy to your Active Pokémon in this way, it ...": "it" is that Active Pokémon
                done = {"step": anchor["label"], "onto": "active"}
                for it in items:
                    for _o, body in _targets(it):
                        if body.get("target") == {"ref": "$prev"}:
                            body["target"] = {"side": "me", "where": "active"}
            items = [{**_that_many(it, anchor["label"], anchor, index), "if_done": done} for it in items]
            if role in ("flip", "flip_each"):
                flip = items[0]   # the flip the next "If heads" / "If tails" sentences fill (its steps get if_done)
            if section is do:
                section = then
        if part.conn != "ifdo" and len(items) == 2 and not _has_that_many(items[0]) and _has_that_many(items[1]) and \
                "move" in items[0] and set(items[0]) <= {"move", "player"}:
            # "Discard up to 2 cards from your hand, and draw 2 cards for each card you discarded in this way": in one
            # sentence, as many as the clause before moved (its label)
            labels += 1
            items = [{**items[0], "label": f"step{labels}"}, _that_many(items[1], f"step{labels}", items[0], index)]
        if part.conn != "ifdo" and any(_has_that_many(it) for it in items):
            # "Then, draw that many cards": as many as the step before moved
            anchor = _anchor(prev, "")
            if anchor is None or len([it for it in prev if it != {"shuffle": "deck"}]) != 1:
                raise Unassembled(index, "'that many' after no single step")
            if "label" not in anchor:
                labels += 1
                anchor["label"] = f"step{labels}"
            items = [_that_many(it, anchor["label"], anchor, index) for it in items]
        if any("$it_active" in it for it in items):
            # "switch it with 1 of your Benched Pokémon": "it" is your Active Pokémon, which the step before worked on
            t = _active_target(prev[0]) if len(prev) == 1 else None
            if t is None or t.get("side") != "me" or t.get("filter"):
                raise Unassembled(index, "'switch it' after no step on your Active Pokémon")
            items = [{k: v for k, v in it.items() if k != "$it_active"} for it in items]
        if any("$mine" in it for it in items):
            # "... attached to that Pokémon into your hand": that Pokémon (the step before chose it) must be yours
            chosen = [body.get("target") for it in prev for _o, body in _targets(it)]
            if not chosen or any(not isinstance(t, dict) or t.get("side") != "me" for t in chosen):
                raise Unassembled(index, "'that Pokémon into your hand' after no step on one of your Pokémon")
            items = [{k: v for k, v in it.items() if k != "$mine"} for it in items]
        if any("$opp_pick" in it for it in items):
            # "... and have your opponent choose K of them": the next sentence moves "the chosen cards"
            if len(items) != 2 or "look_top" not in items[0] or state.get("opp_pick") is not None:
                raise Unassembled(index, "'have your opponent choose' after no cards revealed")
            state["opp_pick"] = items[1]["$opp_pick"]
            items = items[:1]
        elif state.get("opp_pick") is not None:
            # the sentence right after it must be "VERB the chosen cards and VERB the remaining cards"
            picked = state.pop("opp_pick")
            if part.conn or len(items) != 2 or items[0].get("move", {}).get("count") != "$opp_pick":
                raise Unassembled(index, "the opponent's chosen cards with nothing done with them")
            items = [{"move": {**items[0]["move"], "count": picked, "chooser": "opp"}}, items[1]]
        if any(it.get("move", {}).get("count") == "$opp_pick" for it in items):
            raise Unassembled(index, "'the chosen cards' with no choice of the opponent's before")
        if any("$rest" in it for it in items):
            # "the other": the cards a search set aside (`to: looked`) that the steps before did not put elsewhere
            if not any(it.get("search", {}).get("to") == "looked" for it in section) or not prev or \
                    prev[-1].get("move", {}).get("from") != "looked" or part.conn:
                raise Unassembled(index, "'the other' with no cards set aside by a search just before")
            items = [{k: v for k, v in it.items() if k != "$rest"} for it in items]
        if any("$they" in it for it in items):
            # "they": the player of the steps before, which must all be the opponent's
            if not prev or any(it.get("player") != "opp" for it in prev):
                raise Unassembled(index, "'they' after steps that are not the opponent's")
            items = [{k: v for k, v in it.items() if k != "$they"} for it in items]
        for it in items:
            for _o, body in _targets(it):
                if body.get("target") == {"ref": "$new_active"}:
                    # "the new Active Pokémon" after your switch: your Active Pokémon when the step is reached; after
                    # a gust: the Pokémon it switched in
                    if prev and "switch" in prev[-1] and prev[-1].get("player", "me") == "me":
                        body["target"] = {"side": "me", "where": "active"}
                    elif prev and "gust" in prev[-1]:
                        body["target"] = {"ref": "$gusted"}
                    else:
                        raise Unassembled(index, "'the new Active Pokémon' with no switch or gust before")
        from .sentences import CHAIN_LABELS
        for chained in CHAIN_LABELS:
            if _labelled(items, chained):
                labels += 1
                items = _relabel(items, chained, f"step{labels}")
        if section is None:
            raise Unassembled(index, "steps with no place")
        for it in items:
            if _has_that_many(it):
                raise Unassembled(index, "'that many' with no step before it")
            if "evolve" in it and it["evolve"]["target"] == {"ref": "$chosen"}:
                if state.get("chosen") is None:
                    raise Unassembled(index, "'that Pokémon' with no Pokémon chosen")
                it["evolve"]["target"] = state.pop("chosen")
            _resolve_there(it, state, index)
            if it.get("search", {}).get("target") == "$group":
                group = state.pop("group", None)
                if group is None:
                    raise Unassembled(index, "'those Pokémon' with no Pokémon chosen")
                it["search"].update({"count": group["count"], "up_to": True, "target": group["target"]})
            labels = _resolve_refs(it, state, labels, index)
            section.append(it)
        prev = items
    if choose is not None:
        _close_choose(choose, section if section is not None else do)
    if state.get("opp_pick") is not None:
        raise Unassembled(len(parts) and parts[-1][0], "the opponent's chosen cards with nothing done with them")
    if state.get("aside") is not None:
        raise Unassembled(state["aside"], "a Pokémon set aside and never returned")
    if state.get("until") is not None:
        raise Unassembled(state["until"], "coins until tails with nothing done for each heads")
    if "no_hand_limits" in state and len([it for it in do + then if "evolve" in it and
                                          not it["evolve"].get("hand_limits")]) != 1:
        raise Unassembled(state["no_hand_limits"], "'You can use this card on a Pokémon ... put into play this turn' "
                                                   "with no evolve step")
    if "no_hand_limits" in state and len([it for it in do + then if "evolve" in it and
                                          not it["evolve"].get("hand_limits")]) != 1:
        raise Unassembled(state["no_hand_limits"], "'You can use this card on a Pokémon ... put into play this turn' "
                                                   "with no evolve step")
    if state.get("chosen") is not None or state.get("group") is not None:
        raise Unassembled(parts[-1][0], "a chosen Pokémon nothing is done to")
    if flip is not None and not {"heads", "all_heads"} & set(flip["flip"]):
        raise Unassembled(parts[-1][0], "a coin flip with no 'If heads'")
    last = parts[-1][0] if parts else 0
    do, then = _each_flips(do, last), _each_flips(then, last)
    do, then = _sink(do, last), _sink(then, last)
    if trigger is not None:
        trigger.items = _sink(trigger.items, last)
    fields: dict = {}
    effect: dict = {}
    if conds:
        effect["condition"] = conds
    if cost:
        effect["cost"] = cost
    if trigger is not None:
        if do or then or conds or cost:
            raise Unassembled(parts[0][0], "steps outside the attach trigger")
        if trigger.past == "benched":
            # "When you attach this card from your hand to 1 of your Benched Pokémon, ...": each step only if the
            # Pokémon attached to is on the Bench (X2; `self: benched`, judged on the state it is attached in). Only
            # plain steps carry a guard: a choice, a flip or "you may" around them has no reading here
            for it in trigger.items:
                ops = [k for k in it if not k.startswith("$") and k not in ("label", "player", "when", "unless")]
                if len(ops) != 1 or ops[0] in ("may", "flip", "choose", "either") or "when" in it or "unless" in it:
                    raise Unassembled(trigger_index, "a guard on a step that is not a plain step")
                it["when"] = {"self": "benched"}
        effect["do"] = trigger.items
        if trigger.value:
            fields["trigger_filter"] = trigger.value
    else:
        if do:
            effect["do"] = do
        if then:
            effect["then"] = then
    if end_items:
        if trigger is not None:
            raise Unassembled(parts[0][0], "steps at the end of the turn in an attach trigger")
        effect["at_end_of_turn"] = end_items
    for flag in flags:
        effect[flag] = True
    if effect:
        if "do" not in effect:
            raise Unassembled(parts[0][0], "conditions with no effect")
        fields["effect"] = effect
    if play_as is not None:
        if effect:
            raise Unassembled(parts[0][0], "a card played as a Pokémon with an effect")
        fields["play_as"] = play_as
    if passives:
        fields["passive"] = passives
    if provides is not None:
        fields["provides"] = provides
    for (tag, _), where in sorted(pairs.items()):
        # "This card can only be attached to X." needs "If this card is attached to anything other than X, discard
        # this card." (the same X), and the other way round: one without the other is not the card field.
        if tag == "provides_instead" and len(where) == 1 and len(bases) == 1 and bases[0] < where[0] \
                and len([t for t, _ in pairs if t == tag]) == 1:
            continue    # "it provides {C} Energy. If this card is attached to X, it provides {C}{C}{C} Energy instead."
        if len(where) != 2 or len([t for t, _ in pairs if t == tag]) != 1:
            raise Unassembled(where[0], f"the sentences of {tag} do not match")
    fields.update(extra)
    return fields


SINKING = ("if_done", "when", "unless", "if_possible")   # step modifiers that a coin flip or choice passes to its steps
COMPOSITIONS = ("flip", "choose", "may")


def _each_flips(items: list, index: int) -> list:
    """"Each player flips a coin. If heads, that player A. If tails, they B.": one flip for each player, the player's
    first, each with that player's steps (`player: each` becomes the flipping player)."""
    out = []
    for it in items:
        if "flip" not in it or not it.get("$each"):
            out.append(it)
            continue
        mods = {k: it[k] for k in SINKING if k in it}
        if set(it) - {"flip", "$each"} - set(mods) or set(mods) - {"if_done"}:
            raise Unassembled(index, "a step modifier on 'each player flips a coin'")
        for who in ("me", "opp"):
            body = {side: [{**{k: v for k, v in step.items() if k != "player"},
                            **({"player": "opp"} if who == "opp" else {})} for step in steps]
                    for side, steps in it["flip"].items() if side in ("heads", "tails")}
            # "If either player put any cards ... in this way, each player flips a coin": the modifier goes to each
            # player's flip (and from there to its steps, `_sink`)
            out.append({"flip": body, **mods})
    return out


def _sink(items: list, index: int) -> list:
    """A step modifier written on a composition ("If you drew any cards in this way, flip a coin. If heads, ...") goes
    to the primitives inside it (the vocabulary's reader reads modifiers on primitives only); `player` or `label` on a
    composition has no such reading and makes the card unsupported."""
    out = []
    for it in items:
        comp = next((k for k in COMPOSITIONS if k in it), None)
        if comp is None:
            out.append(it)
            continue
        mods = {k: it[k] for k in SINKING if k in it}
        if set(it) - set(SINKING) - {comp} - ({"if_you_do"} if comp == "may" else set()):
            raise Unassembled(index, "a player or label on a coin flip or choice")
        new = {k: v for k, v in it.items() if k not in SINKING}
        if comp == "flip":
            for side in ("heads", "tails", "all_heads"):
                if side in new["flip"]:
                    new["flip"][side] = _sink([{**x, **mods} for x in new["flip"][side]], index)
        elif comp == "choose":
            new["choose"]["options"] = [_sink([{**x, **mods} for x in o], index) for o in new["choose"]["options"]]
        else:
            new["may"] = _sink([{**x, **mods} for x in new["may"]], index)
            if "if_you_do" in new:
                new["if_you_do"] = _sink([{**x, **mods} for x in new["if_you_do"]], index)
        out.append(new)
    return out


def _labelled(value, label: str) -> bool:
    """Some step inside (a may's included) carries this label."""
    if isinstance(value, dict):
        return value.get("label") == label or any(_labelled(v, label) for v in value.values())
    if isinstance(value, list):
        return any(_labelled(v, label) for v in value)
    return False


def _relabel(value, old: str, new: str):
    """The sentence's own label (`label: $first`, `after: $first`) made unique on the card."""
    if isinstance(value, dict):
        return {k: (new if v == old and k in ("label", "after") else _relabel(v, old, new)) for k, v in value.items()}
    if isinstance(value, list):
        return [_relabel(v, old, new) for v in value]
    return value


def _did(item: dict, verb: str) -> bool:
    """The step does what "If you VERBed ... in this way" says was done."""
    body = next((v for k, v in item.items() if k not in ("player", "label", "if_done", "when", "unless",
                                                             "if_possible")), None)
    op = next((k for k in item if k not in ("player", "label", "if_done", "when", "unless", "if_possible")), "")
    dst = body.get("to") if isinstance(body, dict) else None
    return {"drew": op == "draw", "healed": op == "heal", "searched": op == "search",
            "attached": op == "attach" or (op == "search" and dst == "attach"),
            "attached_active": op == "attach" or (op == "search" and dst == "attach"),
            "discarded": (op == "move" and dst == "discard") or op == "discard_attached",
            "shuffled": op == "move" and dst == "deck", "moved": op in ("move", "move_attached"),
            "put": op in ("move", "self_to") or (op == "search" and dst in ("hand", "bench"))}.get(verb, False)


def _anchor(prev: list, verb: str):
    """The step "If you do" / "If you VERBed ... in this way" refers to: with a verb, the one step before that did
    it (none or several: no reading); without, the first step before (not the search's shuffle)."""
    if verb == "$they":
        first = next((it for it in prev if it != {"shuffle": "deck"}), None)
        return first if first is not None and first.get("player") == "opp" else None
    if verb == "$either":
        # "If either player put any cards on the bottom of their deck in this way": the one "each player" step before
        # that puts cards on the bottom of the deck
        found = [it for it in prev if it.get("player") == "each" and isinstance(it.get("move"), dict)
                 and it["move"].get("bottom") and it["move"].get("to") == "deck"]
        return found[0] if len(found) == 1 else None
    if not verb:
        return next((it for it in prev if it != {"shuffle": "deck"}), None)
    found = [it for it in prev if _did(it, verb)]
    return found[0] if len(found) == 1 else None


def _resolve_there(item: dict, state: dict, index: int) -> None:
    """"you find there": the cards looked at (`look_top`) or the hand revealed (`reveal`) last, and their owner's;
    a destination said to be "your" / "your opponent's" must be that owner's pile (a move is within one player's
    piles)."""
    if "look_top" in item:
        state["there"] = ("looked", item.get("player", "me"))
        state["that_card"] = item["look_top"]["count"] == 1 and item.get("player", "me") == "me"
    body = item.get("move")
    if isinstance(body, dict) and body.get("from") == "$that_card":
        # "that card" / "it": the one card looked at
        if not state.get("that_card"):
            raise Unassembled(index, "'that card' with no single card of yours looked at")
        body["from"] = "looked"
    if "reveal" in item:
        state["there"] = ("hand", item.get("player", "me"))
    for key in ("may", "if_you_do"):
        for sub in item.get(key, []):
            _resolve_there(sub, state, index)
    if "flip" in item:
        for side in ("heads", "tails", "all_heads"):
            for sub in item["flip"].get(side, []):
                _resolve_there(sub, state, index)
    if "choose" in item:
        for option in item["choose"]["options"]:
            for sub in option:
                _resolve_there(sub, state, index)
    if item.get("player") != "$owner":
        return
    if state.get("there") is None:
        raise Unassembled(index, "'you find there' with no cards looked at or revealed")
    pile, owner = state["there"]
    if item.pop("$from_hand", False) and pile != "hand":
        raise Unassembled(index, "'from it' with no hand revealed just before")
    said = item.pop("$said", None)
    if said not in (None, "$owner", owner):
        raise Unassembled(index, "cards found in one player's pile put into another player's")
    body = next(v for k, v in item.items() if k in ("move", "attach"))
    body["from"] = pile
    if pile == "hand" and "attach" in item:
        raise Unassembled(index, "attaching cards from a revealed hand")
    if owner == "me":
        del item["player"]
    else:
        item["player"] = owner


def _active_target(item: dict):
    """The target of a step that chose one Active Pokémon ("your Active Pokémon"), or None."""
    found = _targets(item)
    if len(found) != 1:
        return None
    t = found[0][1]["target"]
    if t.get("where") != "active" or t.get("side") not in ("me", "opp") or set(t) - {"side", "where", "filter"}:
        return None
    return t


def _that_pokemon(before: dict, guard: dict, items: list, index: int):
    """"If that Pokémon is an Arven's Pokémon, heal 100 damage from it instead": when the step before chose an
    Active Pokémon, "that Pokémon" and "it" are that Active Pokémon (there is one), so the guard counts the Active
    Pokémon that fit and the new step has the same target."""
    uses_that = isinstance(guard, dict) and any(isinstance(v, dict) and v.get("side") == "$that"
                                                for v in guard.values())
    uses_it = any(body.get("target") == {"ref": "$prev"} for it in items for _o, body in _targets(it))
    if not uses_that and not uses_it:
        return guard, items
    t = _active_target(before)
    if t is None:
        raise Unassembled(index, "'that Pokémon' is not one Active Pokémon")
    if uses_that:
        guard = {k: ({**v, "side": t["side"]} if isinstance(v, dict) and v.get("side") == "$that" else v)
                 for k, v in guard.items()}
    for it in items:
        for _o, body in _targets(it):
            if body.get("target") == {"ref": "$prev"}:
                body["target"] = dict(t)
    return guard, items


def _placeholder(value) -> bool:
    """A `$...` reference left for the assembly to resolve."""
    if isinstance(value, dict):
        return any(_placeholder(v) for v in value.values())
    if isinstance(value, list):
        return any(_placeholder(v) for v in value)
    return isinstance(value, str) and value.startswith("$") and value != "$CARD"


def _option_if_done(option: list, part, labels: int, index: int) -> int:
    """"• A. If you do, B." read inside the option of a menu: after an optional A ("you may A"), B is its `if_you_do`
    (T2); after a mandatory A, B is carried out only if A did something (`if_done` on A, T2) and as far as it can be
    (`if_possible`): as "A. If you do, B" outside a menu reads B in `then` (T1), the option's activation rests on A.
    Only one step may stand before "If you do" in the option, and "If you VERBed ... in this way" is not read here."""
    if len(option) != 1 or part.past or any(k in option[0] for k in ("choose", "flip", "if_done", "when", "unless")):
        raise Unassembled(index, "'If you do' in an option after no single step")
    last = option[0]
    items = part.items
    if any(k in it for it in items for k in ("when", "unless", "may", "choose", "flip")):
        raise Unassembled(index, "'If you do' in an option with a guard or choice of its own")
    if "may" in last:
        if "if_you_do" in last or len(last["may"]) != 1 or any(_has_that_many(it) for it in items):
            raise Unassembled(index, "'If you do' in an option after a composed optional part")
        last["if_you_do"] = items
        return labels
    if "label" not in last:
        labels += 1
        last["label"] = f"step{labels}"
    option.extend({**_that_many(it, last["label"], last, index), "if_done": last["label"], "if_possible": True}
                  for it in items)
    return labels


def _that_many(item: dict, label: str, anchor: Optional[dict] = None, index: int = -1) -> dict:
    """"up to that many": the count of the step "If you do" refers to. "for each card you discarded / put on the bottom
    of your deck in this way" (`$via`) must name what the anchor step did: else no reading (Fail)."""
    for body in item.values():
        if isinstance(body, dict) and body.get("among") == "$anchor":
            # "attach any Energy cards you discarded in this way": the anchor step must have put cards into the pile
            # this step takes from (prims `among`)
            move = (anchor or {}).get("move", {})
            if move.get("to") != body.get("from") or (anchor or {}).get("player") not in (None, "me"):
                raise Unassembled(index, "'... you discarded in this way' after no step that discarded your cards")
            body["among"] = label
    for body in item.values():
        if isinstance(body, dict) and isinstance(body.get("count"), dict) and body["count"].get("moved") == "$anchor":
            via = body["count"].get("$via")
            if via is not None:
                move = (anchor or {}).get("move", {})
                if move.get("to") != via or (via == "deck" and not move.get("bottom")):
                    raise Unassembled(index, "'for each card you VERBed in this way' after another step")
            body["count"] = {**{k: v for k, v in body["count"].items() if k != "$via"},
                             "moved": label}   # "2 cards for each ...": `times` kept
    return item


def _has_that_many(value) -> bool:
    if isinstance(value, dict):
        return value.get("moved") == "$anchor" or value.get("among") == "$anchor" or \
            any(_has_that_many(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_that_many(v) for v in value)
    return False


def _targets(item: dict) -> list:
    """The `target` mappings of a step (and of the steps inside a may / flip)."""
    out = []
    for key, body in item.items():
        if key in ("may", "if_you_do"):
            for sub in body:
                out += _targets(sub)
        elif key == "flip":
            for sub in body.get("heads", []) + body.get("tails", []) + body.get("all_heads", []):
                out += _targets(sub)
        elif isinstance(body, dict) and isinstance(body.get("target"), dict):
            out.append((item, body))
    return out


def _attached_refs(items: list) -> None:
    """In a Special Energy's attach effect, "that Pokémon" before any step chose one is the Pokémon the card was
    attached to: `{ref: self}` (the acting Pokémon of the attach action)."""
    for item in items:
        for _owner, body in _targets(item):
            t = body["target"]
            if t == {"ref": "$prev"}:
                body["target"] = {"ref": "self"}
            elif not {"ref", "ref_benched"} & set(t):
                return


def _resolve_refs(item: dict, state: dict, labels: int, index: int) -> int:
    """Replace `{ref: $prev}` by the label of the last step that chose a Pokémon (labelling it)."""
    if "gust" in item:
        state["gust"] = item
    if "switch" in item and item.get("player", "me") == "me":
        state["switch"] = item
    for _owner, body in _targets(item):
        if body.get("target") == {"ref_benched": "$switched"}:
            sw = state.get("switch")
            if sw is None:
                raise Unassembled(index, "'the Pokémon you moved to your Bench' with no switch before")
            if "label" not in sw:
                labels += 1
                sw["label"] = f"step{labels}"
            body["target"] = {"ref_benched": sw["label"]}
    for owner, body in _targets(item):
        t = body["target"]
        if t.get("ref") == "$gusted":
            # "the new Active Pokémon": the one the gust before switched in
            if state.get("gust") is None:
                raise Unassembled(index, "'the new Active Pokémon' with no gust before")
            g = state["gust"]
            if "label" not in g:
                labels += 1
                g["label"] = f"step{labels}"
            body["target"] = {"ref": g["label"]}
        elif t.get("ref") == "$prev" and state["last"] is None and state.get("chosen") is not None:
            # "Choose 1 of your opponent's Benched Pokémon. Put 2 damage counters on it.": the chosen Pokémon
            body["target"] = state.pop("chosen")
            state["last"] = owner
        elif t.get("ref") == "$prev":
            last = state["last"]
            if last is None:
                raise Unassembled(index, "'that Pokémon' with no Pokémon chosen before")
            if last == "$two":
                # after a move between two Pokémon, "that Pokémon" may be either: no reading
                raise Unassembled(index, "'that Pokémon' after a move between two Pokémon")
            if "label" not in last:
                labels += 1
                last["label"] = f"step{labels}"
            body["target"] = {"ref": last["label"]}
        elif not {"ref", "ref_benched"} & set(t) and not t.get("each"):
            state["last"] = "$two" if "move_attached" in owner else owner
    return labels


def _close_choose(choose: list, section: list):
    item, _conn = choose
    answers = item["choose"].pop("$answers", None)
    expect = item["choose"].pop("$expect", None)
    if answers is not None and answers != expect:
        raise Unassembled(0, "a question of the opponent's without both answers, in order")
    options, hoisted = _hoist_shuffle(item["choose"]["options"])
    if len(options) < 2 or any(not o for o in options):
        raise Unassembled(0, "a choice with fewer than 2 options")
    item["choose"]["options"] = options
    if item["choose"]["min"] > len(options) or (isinstance(item["choose"]["max"], int)
                                                 and item["choose"]["max"] > len(options)):
        # "Choose 3:" (or "up to 3") with fewer options than that: not a choice the words can mean
        raise Unassembled(0, "a choice of more options than there are")
    if item["choose"]["max"] == "all":
        item["choose"]["max"] = len(options)
    if item["choose"]["max"] == 1:
        del item["choose"]["max"]
        del item["choose"]["min"]
    section.append(item)
    if hoisted:
        section.append({"shuffle": "deck"})
    return None
