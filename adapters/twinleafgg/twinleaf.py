"""Run interchange cases through twinleafgg (a TypeScript Pokémon TCG engine) and write its answers.

The glue between ptcg-asp and `adapter.js`: it reads cases (JSON Lines from `ptcg-asp export` or
`ptcg-asp generate`), tells the adapter what ptcg-asp's card library knows of each card a case names
(its printed name, kind, print, HP, attacks and Abilities: what the adapter needs to find the same
card among twinleafgg's classes), runs the adapter with the checkout's own node, and splits what it
prints into the answers `ptcg-asp compare` reads and the cases it skipped, with the reason.

    TWINLEAFGG=/path/to/twinleafgg python adapters/twinleafgg/twinleaf.py CASES.jsonl \\
        --answers ANSWERS.jsonl --skipped SKIPPED.jsonl

Nothing of twinleafgg is part of ptcg-asp: the checkout is the one the user points TWINLEAFGG at.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from typing import Iterable, Iterator, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(HERE, "adapter.js")
PILES = ("hand", "deck", "discard", "lost_zone", "prizes")


def read_cases(lines: Iterable[str]) -> Iterator[dict]:
    """The cases of an export (`{id, case, result}` lines) or of `generate` (case lines)."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        data = json.loads(line)
        if not isinstance(data, dict):
            raise ValueError(f"line {number}: expected a JSON object")
        yield data["case"] if "case" in data else data


def _entry_names(entries) -> Iterator[str]:
    """The card names of a card list (`{card, count}` objects, bare numbers, plain names)."""
    if not isinstance(entries, list):
        return
    for entry in entries:
        if isinstance(entry, dict) and "card" in entry:
            yield entry["card"]
        elif isinstance(entry, str):
            yield entry


def _in_play_names(spot) -> Iterator[str]:
    """The cards of one Pokémon in play: the top card, the cards under it, Energy and Tool."""
    if spot is None:
        return
    if isinstance(spot, str):
        yield spot
        return
    yield spot["card"]
    yield from _entry_names(spot.get("evolved_from") or [])
    yield from _entry_names(spot.get("energy") or [])
    if spot.get("tool"):
        yield spot["tool"]


def case_card_names(case: dict) -> list:
    """Every card name a case's state and action use, sorted."""
    names: set = set()
    state = case.get("state") or {}
    for side in ("me", "opp"):
        player = state.get(side) or {}
        names.update(_in_play_names(player.get("active")))
        for spot in player.get("bench") or []:
            names.update(_in_play_names(spot))
        for pile in PILES:
            names.update(_entry_names(player.get(pile)))
    stadium = state.get("stadium")
    if isinstance(stadium, dict) and stadium.get("card"):
        names.add(stadium["card"])
    for value in (case.get("action") or {}).values():
        if isinstance(value, dict) and isinstance(value.get("card"), str):
            names.add(value["card"])
        elif isinstance(value, str):
            names.add(value)
    return sorted(names)


def card_info(library, name: str, test_cards: set) -> dict:
    """What the adapter needs to find `name` among twinleafgg's cards (`library`: ptcg-asp's)."""
    if name in test_cards:
        return {"name": name, "test_card": True}
    card = library.get(library.resolve(name, "<case>", 0, "card"))
    info = {"name": card.name, "kind": card.kind, "print": card.print,
            "prints": list(card.prints), "hp": card.hp,
            "attacks": [a.name for a in card.attacks], "abilities": [a.name for a in card.abilities],
            "stage": card.stage, "types": list(card.types), "retreat": card.retreat,
            "weakness": [w[0] for w in card.weakness], "resistance": [r[0] for r in card.resistance],
            "evolves_from": card.evolves_from}
    return info


def prepare(case: dict, library) -> dict:
    """One line of the adapter's input: the case and, by name, what the library says of its cards."""
    test_cards = {c.get("name") for c in case.get("cards") or [] if isinstance(c, dict)}
    cards = {}
    for name in case_card_names(case):
        try:
            cards[name] = card_info(library, name, test_cards)
        except Exception as error:   # a name the library lacks: the adapter skips the case, saying why
            cards[name] = {"name": name, "unknown": str(error)}
    return {"id": case["id"], "case": case, "cards": cards, "acting": acting_pokemon(case)}


def acting_pokemon(case: dict) -> list:
    """The Pokémon whose attacks or Abilities the action uses (the adapter needs their very print;
    any other Pokémon may be a twinleafgg print with the same name, stage, HP, type, Weakness,
    Resistance, Retreat Cost and Evolves-from and no Ability: nothing else of it can matter)."""
    action = case.get("action") or {}
    state = case.get("state") or {}
    me = state.get("me") or {}

    def top(position: str) -> Optional[str]:
        spot = me.get("active") if position == "active" else \
            (me.get("bench") or [None] * 6)[int(position.split(".")[1])] if position.startswith("bench.") else None
        return spot if isinstance(spot, str) or spot is None else spot.get("card")

    if "attack" in action:
        name = top("active")
    elif "ability" in action and isinstance(action["ability"], dict):
        name = top(action["ability"].get("pokemon", "active"))
    elif "evolve" in action and isinstance(action["evolve"], dict):
        name = action["evolve"].get("card")
    else:
        name = None
    return [name] if name else []


ANSWER_KEYS = ("id", "legal", "resolutions", "moved", "damage", "engine")


def split_output(lines: Iterable[str]) -> tuple:
    """The adapter's lines as (answers, skipped, notes). An answer keeps only the keys of
    schemas/answer.schema.json; a skipped line is `{id, skipped: REASON}`; a note keeps what compare
    does not read: `refused` (the GameError twinleafgg threw), `playable` (whether its client
    would offer the card: Player.playableCardIds, a gate the Store itself does not apply) and
    `cancelled` (how many completed runs went through a prompt answered "cancel")."""
    answers, skipped, notes = [], [], []
    for line in lines:
        if not line.strip():
            continue
        data = json.loads(line)
        if "skipped" in data:
            skipped.append({"id": data["id"], "skipped": data["skipped"]})
        elif isinstance(data.get("legal"), bool):
            answers.append({k: data[k] for k in ANSWER_KEYS if k in data})
            note = {k: data[k] for k in ("refused", "playable", "cancelled") if k in data}
            if note:
                notes.append({"id": data["id"], **note})
        else:
            raise ValueError(f"adapter line with neither legal nor skipped: {line.strip()}")
    return answers, skipped, notes


def node_command(checkout: str) -> list:
    """How the adapter is started: the system's node on adapter.js, the checkout given as argument."""
    return ["node", "--max-old-space-size=4096", ADAPTER, checkout]


def run_adapter(prepared: list, checkout: str, timeout: Optional[float] = None) -> list:
    """Run adapter.js on the prepared cases; its output lines (one per case, in order)."""
    text = "".join(json.dumps(p, sort_keys=True, ensure_ascii=False) + "\n" for p in prepared)
    done = subprocess.run(node_command(checkout), input=text, capture_output=True, text=True,
                          timeout=timeout, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"adapter.js exited with {done.returncode}: {done.stderr[-4000:]}")
    return done.stdout.splitlines()


def _dump(path: str, rows: list) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, sort_keys=True, ensure_ascii=False) + "\n")


def main(argv: Optional[list] = None) -> int:
    """The command line: cases in, answers and skipped cases out."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", help="JSON Lines: `ptcg-asp export` or `ptcg-asp generate` output")
    parser.add_argument("--answers", required=True, help="where to write the answers (for ptcg-asp compare)")
    parser.add_argument("--skipped", required=True, help="where to write the skipped cases and why")
    parser.add_argument("--notes", help="where to write the GameError of each refusal and each card's `playable`")
    parser.add_argument("--checkout", default=os.environ.get("TWINLEAFGG"),
                        help="the twinleafgg checkout (default: $TWINLEAFGG)")
    args = parser.parse_args(argv)
    if not args.checkout:
        parser.error("no twinleafgg checkout: set TWINLEAFGG or give --checkout")
    from ptcg_asp.cards.library import load_library
    library = load_library()
    with open(args.cases, encoding="utf-8") as source:
        prepared = [prepare(case, library) for case in read_cases(source)]
    answers, skipped, notes = split_output(run_adapter(prepared, args.checkout))
    _dump(args.answers, answers)
    _dump(args.skipped, skipped)
    if args.notes:
        _dump(args.notes, notes)
    print(f"twinleafgg: {len(prepared)} cases, {len(answers)} answered, {len(skipped)} skipped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
