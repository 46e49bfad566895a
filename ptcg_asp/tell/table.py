"""Exhaustive verdict tables: one base scenario, some fields varied over ranges, every combination.

`ptcg-asp table SCENARIO --vary FIELD=RANGE ...` varies fields of the base scenario's state and
prints, for every combination, the verdict, the principles cited and the number of distinct
resolutions. The base scenario's `expect:` is not used.

Fields (PLAYER is `me` or `opp`, PILE is `hand`, `deck`, `discard` or `lost_zone`):

* `PLAYER.PILE.CARD=RANGE`: that many copies of CARD in the pile (the base's entries for CARD are
  replaced; its other cards stay).
* `PLAYER.PILE=RANGE`: that many unspecified cards in the pile (the base's unspecified cards are
  replaced; its named cards stay).
* `PLAYER.bench=RANGE`: that many Benched Pokémon. The base's Benched Pokémon are kept in order
  (cut off when the number is smaller); the other slots hold the filler, `Pikachu (MEW 025)` (a
  Basic Pokémon with no Ability). Identical Pokémon are one target, so the filler never multiplies
  resolutions; to choose the Pokémon, vary `PLAYER.bench.CARD` instead.
* `PLAYER.bench.CARD=RANGE`: that many plain copies of the Pokémon CARD (no damage, no Energy)
  on the Bench, after the base's other Benched Pokémon (the base's plain copies of CARD are
  replaced).
* `PLAYER.prizes=RANGE`: that many face-down Prize cards (as `prizes: N` in a scenario).
* `turn=RANGE`: the turn number (first turns are derived from it unless the base sets them).

RANGE is a whole number `N`, a span `A..B`, or a comma-separated list of those (`0,1,20`,
`0..3,10`). Combinations come in the order the `--vary` options are given, the first varying
slowest; the output is the same bytes for the same input, whatever the number of workers.

Solving: states are grouped into blocks (at most `DEFAULT_BLOCK` states: a run of neighbouring
values of each field, so a block has few distinct values); each block is one program, grounded
once and enumerated once for all its states (`session.Session.analyse_batch`), and blocks are
spread over worker processes.
"""
from __future__ import annotations

import itertools
import json
import math
import re
import time
from dataclasses import dataclass, field
from typing import Optional, Sequence

from ..read import loader as _loader
from ..read.errors import InputError
from ..read.loader import MAX_COUNT, MAX_PRIZES
from ..read.model import MAX_BENCH, MAX_BENCH_SIZE
from ..read.model import DEFAULT_READING, CardCount, InPlay, PlayerState, Prize, Scenario, quick_replace
from ..solve.batch import BatchStats
from ..solve.session import Session
from ..solve.workers import default_jobs, run_ordered
from ..solve.solver import Limits

PILES = ("hand", "deck", "discard", "lost_zone")
FILLER = "Pikachu (MEW 025)"
DEFAULT_BLOCK = 256      # states per block at most (a block's states are grounded and enumerated together)
SERIAL_UP_TO = DEFAULT_BLOCK   # up to this many states (one block): one process (a fork would cost more than it saves)
RANGE_RE = re.compile(r"^\s*([0-9]+)\s*(?:\.\.\s*([0-9]+)\s*)?$")
FIELDS_TEXT = ("PLAYER.PILE=RANGE, PLAYER.PILE.CARD=RANGE (PILE: hand, deck, discard, lost_zone), "
               "PLAYER.bench=RANGE, PLAYER.bench.CARD=RANGE, PLAYER.prizes=RANGE or turn=RANGE "
               "(PLAYER: me or opp)")
RANGE_TEXT = "a range: N, A..B with A <= B, or a comma-separated list of them (whole numbers)"


@dataclass(frozen=True)
class Vary:
    """One `--vary` option: which field, and its values in order."""

    arg: str                  # as given on the command line
    field: str                # the field, normalised (card names as the library keys them)
    kind: str                 # pile, pile_card, bench, bench_card, prizes, turn
    values: tuple
    player: Optional[str] = None
    zone: Optional[str] = None
    card: Optional[str] = None


@dataclass
class Cell:
    """The result for one combination of values."""

    values: tuple
    legal: bool
    principles: tuple
    resolutions: int
    complete: bool = True
    limit: Optional[str] = None

    @property
    def verdict(self) -> str:
        if not self.complete:
            return "INCOMPLETE"
        return "legal" if self.legal else "illegal"


@dataclass
class Table:
    scenario: Scenario
    varies: tuple
    cells: list
    stats: BatchStats = field(default_factory=BatchStats)
    seconds: float = 0.0

    @property
    def complete(self) -> bool:
        return all(c.complete for c in self.cells)


# ---- parsing --vary ---------------------------------------------------------------------------

def _bad(arg: str, expected: str, got: Optional[str] = None) -> InputError:
    return InputError("--vary", None, arg, expected, got)


def parse_range(arg: str, text: str, low: int, high: int) -> tuple:
    values: list = []
    parts = text.split(",")
    for part in parts:
        m = RANGE_RE.match(part)
        if m is None:
            raise _bad(arg, RANGE_TEXT, repr(text))
        a = int(m.group(1))
        b = a if m.group(2) is None else int(m.group(2))
        if b < a:
            raise _bad(arg, RANGE_TEXT, f"{part.strip()!r} (the end is below the start)")
        for v in (a, b):
            if not low <= v <= high:
                raise _bad(arg, f"values from {low} to {high} for this field", str(v))
        for v in range(a, b + 1):
            if v in values:
                raise _bad(arg, "each value once", f"{v} more than once")
            values.append(v)
    return tuple(values)


def _bench_bound(scenario: Scenario) -> int:
    """SU1: the most Benched Pokémon a varied state may have: 5, or up to 8 with a Stadium in play that changes the
    limit (`bench_size`; each state is then checked against its own limit)."""
    st = scenario.state.stadium
    if st is not None and any(p.bench_size is not None for p in scenario.library.get(st.card).passive):
        return MAX_BENCH_SIZE
    return MAX_BENCH


def parse_vary(arg: str, scenario: Scenario) -> Vary:
    """One `FIELD=RANGE` option, checked against the base scenario's card library."""
    name, sep, text = arg.rpartition("=")
    name = name.strip()
    if not sep or not name:
        raise _bad(arg, f"FIELD=RANGE, one of {FIELDS_TEXT}", repr(arg))
    if name == "turn":
        return Vary(arg, "turn", "turn", parse_range(arg, text, 1, 10**6))
    parts = name.split(".", 2)
    if len(parts) < 2 or parts[0] not in ("me", "opp") or parts[1] not in PILES + ("bench", "prizes"):
        raise _bad(arg, f"a field: {FIELDS_TEXT}", repr(name))
    player, zone = parts[0], parts[1]
    card = None
    if len(parts) == 3:
        if zone == "prizes":
            raise _bad(arg, "PLAYER.prizes=RANGE (the number of face-down Prize cards)", repr(name))
        card = scenario.library.resolve(parts[2].strip(), "--vary", None, arg)
    if zone == "prizes":
        return Vary(arg, name, "prizes", parse_range(arg, text, 0, MAX_PRIZES), player, zone)
    if zone == "bench":
        if card is not None and not scenario.library.get(card).is_pokemon:
            raise _bad(arg, "a Pokémon for the Bench", f"{card!r}, a {scenario.library.kind(card).replace('_', ' ')} card")
        kind = "bench" if card is None else "bench_card"
        field_name = name if card is None else f"{player}.bench.{card}"
        return Vary(arg, field_name, kind, parse_range(arg, text, 0, _bench_bound(scenario)), player, zone, card)
    kind = "pile" if card is None else "pile_card"
    field_name = name if card is None else f"{player}.{zone}.{card}"
    return Vary(arg, field_name, kind, parse_range(arg, text, 0, MAX_COUNT), player, zone, card)


def parse_varies(args: Sequence[str], scenario: Scenario) -> tuple:
    if not args:
        raise InputError("<options>", None, "--vary", "at least one --vary FIELD=RANGE", "none")
    varies = tuple(parse_vary(a, scenario) for a in args)
    seen: dict = {}
    for v in varies:
        if v.field in seen:
            raise _bad(v.arg, "each field varied once", f"{v.field} also in {seen[v.field]!r}")
        seen[v.field] = v.arg
    if scenario.action.kind in ("actions", "validate_deck"):
        raise InputError(scenario.path, scenario.action.where.line if scenario.action.where else None,
                         "action", "one action to judge (a table does not list actions or validate decks)",
                         scenario.action.kind)
    return varies


# ---- applying values ----------------------------------------------------------------------------

def _set_pile(entries: tuple, key: Optional[str], n: int) -> tuple:
    kept = tuple(e for e in entries if e.name != key)
    return kept + ((CardCount(key, n),) if n else ())


def _zone_value(ps: PlayerState, changed: dict, v: Vary, n: int, library) -> tuple:
    """(the zone, its new value) for one varied field of one player (`changed`: the zones earlier
    fields of this player set already)."""
    if v.kind in ("pile", "pile_card"):
        return v.zone, _set_pile(changed.get(v.zone, getattr(ps, v.zone)), v.card, n)
    if v.kind == "prizes":
        return "prizes", (Prize(None),) * n
    bench = changed.get("bench", ps.bench)
    if v.kind == "bench":
        return "bench", bench[:n] + (InPlay(library.resolve(FILLER, "--vary", None, v.arg)),) * max(0, n - len(bench))
    # bench_card
    kept = tuple(b for b in bench if not (b.card == v.card and _plain(b)))
    return "bench", kept + (InPlay(v.card),) * n


def _plain(mon: InPlay) -> bool:
    return not (mon.evolved_from or mon.damage or mon.energy or mon.tool or mon.conditions
                or mon.new_this_turn or mon.effects)


def apply(scenario: Scenario, varies: Sequence[Vary], values: Sequence[int]) -> Scenario:
    """The base scenario with each varied field set to its value; an impossible state is an error."""
    state = scenario.state
    changes: dict = {}                      # "turn" -> n; player -> {zone: new value}
    for v, n in zip(varies, values):
        if v.kind == "turn":
            changes["turn"] = n
        else:
            zones = changes.setdefault(v.player, {})
            zone, value = _zone_value(state.side(v.player), zones, v, n, scenario.library)
            zones[zone] = value
    state = quick_replace(state, **{k: (x if k == "turn" else quick_replace(state.side(k), **x)) for k, x in changes.items()})
    combo = lambda: ", ".join(f"{v.field}={n}" for v, n in zip(varies, values))  # noqa: E731 - for errors only
    max_cards = getattr(_loader, "MAX_CARDS", None)   # the loader's cap on one player's cards
    for player in ("me", "opp"):
        ps = state.side(player)
        limit = MAX_BENCH
        if state.stadium is not None or len(ps.bench) > MAX_BENCH:
            # SU1: 5, or the limit a card in play gives (cards/benchsize.py)
            limit = scenario.library.bench_limit(state.stadium.card if state.stadium else None,
                                                 [m.card for m in ([ps.active] if ps.active else []) + list(ps.bench)])
        if len(ps.bench) > limit:
            raise _bad(combo(), f"at most {limit} Benched Pokémon ({player}.bench)", str(len(ps.bench)))
        if max_cards is not None and _card_total(ps) > max_cards:
            raise _bad(combo(), f"at most {max_cards} cards for {player} in all zones and in play, as in a "
                       "scenario file", str(_card_total(ps)))
    action = scenario.action
    if action.kind in ("play", "attach", "evolve") and action.card is not None:
        if not any(e.name == action.card and e.count > 0 for e in state.me.hand):
            raise _bad(combo(), f"a state where the action's card ({action.card}) is still in my hand",
                       "none in state.me.hand")
    for position in (action.to, action.onto, action.pokemon):
        if position and not _occupied(state, position):
            raise _bad(combo(), f"a Pokémon at {position} (the action uses it)", "an empty spot")
    return quick_replace(scenario, state=state, expect=None)


def _card_total(ps: PlayerState) -> int:
    """One player's cards in all zones and in play (as the loader counts them)."""
    total = sum(e.count for pile in (ps.hand, ps.deck, ps.discard, ps.lost_zone) for e in pile) + len(ps.prizes)
    for mon in ([ps.active] if ps.active is not None else []) + list(ps.bench):
        total += 1 + len(mon.evolved_from) + sum(e.count for e in mon.energy) + (1 if mon.tool else 0)
    return total


def _occupied(state, position: str) -> bool:
    side = state.opp if position.startswith("opp.") else state.me
    spot = position[4:] if position.startswith("opp.") else position
    if spot == "active":
        return side.active is not None
    return int(spot.split(".")[1]) < len(side.bench)


MAX_STATES = 100_000  # a table larger than this is refused before anything is built


def combinations(varies: Sequence[Vary]) -> list:
    total = 1
    for v in varies:
        total *= len(v.values)
    if total > MAX_STATES:
        raise _bad(" ".join(v.arg for v in varies), f"at most {MAX_STATES} states in one table", f"{total} states")
    return list(itertools.product(*(v.values for v in varies)))


def block_runs(sizes: Sequence[int], block: int) -> list:
    """How many neighbouring values of each field one block takes: every value at first, then the
    longest run halved until a block holds at most `block` states (at least one value per field)."""
    runs = list(sizes)
    while math.prod(runs) > max(1, block) and max(runs) > 1:
        i = runs.index(max(runs))
        runs[i] = (runs[i] + 1) // 2
    return runs


def blocks(varies: Sequence[Vary], block: int = DEFAULT_BLOCK) -> list:
    """Indices of the combinations, grouped into blocks of at most `block` states, each the product
    of a run of neighbouring values per field (few distinct values, so a small superposition)."""
    sizes = [len(v.values) for v in varies]
    strides = [1] * len(sizes)
    for i in range(len(sizes) - 2, -1, -1):
        strides[i] = strides[i + 1] * sizes[i + 1]
    runs = [[range(a, min(a + run, n)) for a in range(0, n, run)] for n, run in zip(sizes, block_runs(sizes, block))]
    out = []
    for chosen in itertools.product(*runs):
        out.append([sum(i * s for i, s in zip(idx, strides)) for idx in itertools.product(*chosen)])
    return out


# ---- solving --------------------------------------------------------------------------------------

def _solve_block(states: list, combos: list, indices: list, session: Session) -> tuple:
    from ..solve.batch import collector_paused
    from ..solve.compiler import compile_scenario

    stats = BatchStats()
    with collector_paused():      # a loop over a block of states: see solve/batch.py
        t = time.perf_counter()
        problems = [compile_scenario(states[i]) for i in indices]
        stats.add("compile", time.perf_counter() - t)
        verdicts = session.analyse_batch(problems, stats, summary=True)
    cells = [Cell(combos[i], v.legal, tuple(v.principles()), len(v.resolutions), v.complete, v.limit)
             for i, v in zip(indices, verdicts)]
    return cells, stats


def build_table(scenario: Scenario, varies: Sequence[Vary], limits: Optional[Limits] = None,
                jobs: Optional[int] = None, block: int = DEFAULT_BLOCK) -> Table:
    """Every combination of the varied values, solved; cells in combination order."""
    start = time.perf_counter()
    varies = tuple(varies)
    combos = combinations(varies)
    states = [apply(scenario, varies, values) for values in combos]   # all checked before anything is solved
    if jobs is None:
        jobs = default_jobs() if len(combos) > SERIAL_UP_TO else 1
    # Several workers need several blocks: at most an even share of the states each.
    groups = blocks(varies, block if jobs == 1 else min(block, -(-len(combos) // jobs)))
    session = Session(limits)
    results = run_ordered(lambda idx: _solve_block(states, combos, idx, session), groups, jobs)
    cells: list = [None] * len(combos)
    total = BatchStats()
    for idx, (block_cells, stats) in zip(groups, results):
        for i, cell in zip(idx, block_cells):
            cells[i] = cell
        total.problems += stats.problems
        total.groundings += stats.groundings
        total.varying += stats.varying
        for k, s in stats.timings.items():
            total.add(k, s)
    return Table(scenario, varies, cells, total, time.perf_counter() - start)


# ---- output ---------------------------------------------------------------------------------------

def _action_text(scenario: Scenario) -> str:
    a = scenario.action
    bits = [a.kind] + [x for x in (a.card, a.name) if x]
    for word, pos in (("to", a.to), ("onto", a.onto), ("with", a.pokemon)):
        if pos:
            bits.append(f"{word} {pos}")
    return " ".join(bits)


def _row(cell: Cell) -> list:
    # An incomplete cell found at least this many resolutions (`3+`); its principles are partial.
    count = str(cell.resolutions) + ("" if cell.complete else "+")
    return [str(v) for v in cell.values] + [cell.verdict, count, ",".join(cell.principles) or "-"]


def render_text(table: Table) -> str:
    head = [v.field for v in table.varies] + ["verdict", "resolutions", "principles"]
    rows = [head] + [_row(c) for c in table.cells]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    right = set(range(len(table.varies))) | {len(table.varies) + 1}

    def fmt(r: list) -> str:
        cols = [x.rjust(w) if i in right else x.ljust(w) for i, (x, w) in enumerate(zip(r, widths))]
        return "  ".join(cols).rstrip()

    s = table.scenario
    reading = [] if s.active_reading == DEFAULT_READING else [f"  reading: {s.active_reading}"]
    lines = [f"{s.path}  {s.id}", f"  action: {_action_text(s)}"] + reading + [""] + [fmt(r) for r in rows]
    legal = sum(1 for c in table.cells if c.complete and c.legal)
    illegal = sum(1 for c in table.cells if c.complete and not c.legal)
    summary = f"{len(table.cells)} states: {legal} legal, {illegal} illegal"
    if not table.complete:
        summary += f", {len(table.cells) - legal - illegal} incomplete (a limit was reached)"
    return "\n".join(lines + ["", summary])


def render_markdown(table: Table) -> str:
    head = [v.field for v in table.varies] + ["verdict", "resolutions", "principles"]
    esc = lambda x: x.replace("|", "\\|")
    lines = ["| " + " | ".join(esc(h) for h in head) + " |",
             "|" + "|".join("---:" if i < len(table.varies) or i == len(table.varies) + 1 else "---"
                            for i in range(len(head))) + "|"]
    lines.extend("| " + " | ".join(esc(x) for x in _row(c)) + " |" for c in table.cells)
    return "\n".join(lines)


def table_dict(table: Table) -> dict:
    s = table.scenario
    return {
        "scenario": s.id,
        "file": s.path,
        "action": _action_text(s),
        "vary": [{"field": v.field, "values": list(v.values)} for v in table.varies],
        "states": len(table.cells),
        "complete": table.complete,
        "cells": [{"values": {v.field: n for v, n in zip(table.varies, c.values)},
                   "verdict": c.verdict, "complete": c.complete, "limit": c.limit,
                   "resolutions": c.resolutions, "principles": list(c.principles)} for c in table.cells],
    }


def render_json(table: Table) -> str:
    return json.dumps(table_dict(table), ensure_ascii=False, indent=2, sort_keys=True)


RENDERERS = {"text": render_text, "markdown": render_markdown, "json": render_json}
