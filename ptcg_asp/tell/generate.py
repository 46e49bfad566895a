"""Generated states around one action: `ptcg-asp generate BASE --vary FIELD=RANGE ... (--all | --n N --seed S)`.

A base scenario gives the action (a card to play, an attack, a retreat, ...) and the state the
fields are varied in. The fields are those of `ptcg-asp table` (tell/table.py: a pile's unspecified
cards, copies of one card in a pile, the Bench, plain copies of a Pokémon on the Bench, Prize
cards, the turn) and two about one Pokémon in play (POS: `me.active`, `me.bench.N`, `opp.active`,
`opp.bench.N`, the spot as it is after the Bench fields are applied):

* `POS.damage=RANGE`: the damage on it; the values are multiples of 10 and a span `A..B` takes
  every multiple of 10 from A to B (`0..60` is 0, 10, ..., 60).
* `POS.energy.CARD=RANGE`: that many copies of the Energy card CARD attached to it (its other
  attached cards stay).

The states within the bounds are the product of the fields' values, numbered in product order
(the first field varying slowest). `--all` gives every one of them; `--n N --seed S` draws N
different ones with `random.Random(S)` (never the global generator) and gives them in that same
order, so the same seed gives the same bytes, and a state has the same id (`BASE-ID-NUMBER`) in
both. Each state is a case (docs/interchange.md, schemas/case.schema.json) without `expect`: the
rules' answer is what another engine and ptcg-asp are compared on, not something generated.
"""
from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from typing import Optional, Sequence

from ..read.errors import InputError
from ..read.loader import MAX_BENCH, MAX_DAMAGE, MAX_COUNT, load_case_text
from ..read.model import CardCount, InPlay, Scenario, quick_replace
from . import table as _table
from .interchange import case_dict, to_line

MAX_ALL = _table.MAX_STATES          # `--all` refuses more states than this before building any
POSITION_RE = re.compile(r"^(me|opp)\.(active|bench\.([0-9]+))\.(damage|energy\.(.+))$")
FIELDS_TEXT = (_table.FIELDS_TEXT + ", POS.damage=RANGE or POS.energy.CARD=RANGE "
               "(POS: me.active, me.bench.N, opp.active, opp.bench.N)")


@dataclass(frozen=True)
class Spot:
    """A `POS.damage` or `POS.energy.CARD` field: which Pokémon, what, and its values in order."""

    arg: str
    field: str
    kind: str                 # damage, energy
    values: tuple
    player: str
    spot: str                 # active, bench.N
    card: Optional[str] = None


@dataclass(frozen=True)
class Generated:
    """One generated state: its number in product order, the values of the fields, the scenario."""

    number: int
    values: tuple
    scenario: Scenario


def _bad(arg: str, expected: str, got: Optional[str] = None) -> InputError:
    return InputError("--vary", None, arg, expected, got)


def _damage_range(arg: str, text: str) -> tuple:
    """RANGE for damage: each value a multiple of 10, a span A..B every multiple of 10 in it."""
    values: list = []
    for part in text.split(","):
        m = _table.RANGE_RE.match(part)
        if m is None:
            raise _bad(arg, _table.RANGE_TEXT + " (damage: multiples of 10)", repr(text))
        a = int(m.group(1))
        b = a if m.group(2) is None else int(m.group(2))
        for v in (a, b):
            if v % 10 or not 0 <= v <= MAX_DAMAGE:
                raise _bad(arg, f"damage from 0 to {MAX_DAMAGE} in multiples of 10", str(v))
        if b < a:
            raise _bad(arg, _table.RANGE_TEXT, f"{part.strip()!r} (the end is below the start)")
        for v in range(a, b + 1, 10):
            if v in values:
                raise _bad(arg, "each value once", f"{v} more than once")
            values.append(v)
    return tuple(values)


def parse_field(arg: str, scenario: Scenario):
    """One `FIELD=RANGE`: a `table.Vary` or a `Spot`."""
    name, sep, text = arg.rpartition("=")
    m = POSITION_RE.match(name.strip()) if sep else None
    if m is None:
        if sep and re.match(r"^(me|opp)\.(active\.|bench\.[0-9]+\.)", name.strip()):
            raise _bad(arg, "POS.damage=RANGE or POS.energy.CARD=RANGE (POS: me.active, me.bench.N, ...)", repr(name.strip()))
        try:
            return _table.parse_vary(arg, scenario)
        except InputError as exc:
            if exc.expected.startswith(("a field:", "FIELD=RANGE")):
                raise _bad(arg, f"a field: {FIELDS_TEXT}", exc.got) from None
            raise
    player, spot, slot, what = m.group(1), m.group(2), m.group(3), m.group(4)
    if slot is not None and int(slot) >= MAX_BENCH:
        raise _bad(arg, f"a Bench spot from bench.0 to bench.{MAX_BENCH - 1}", spot)
    if what == "damage":
        return Spot(arg, f"{player}.{spot}.damage", "damage", _damage_range(arg, text), player, spot)
    card = scenario.library.resolve(m.group(5).strip(), "--vary", None, arg)
    if scenario.library.kind(card) not in ("basic_energy", "special_energy"):
        raise _bad(arg, "an Energy card to attach", f"{card!r}, a {scenario.library.kind(card).replace('_', ' ')} card")
    return Spot(arg, f"{player}.{spot}.energy.{card}", "energy", _table.parse_range(arg, text, 0, MAX_COUNT),
                player, spot, card)


def parse_fields(args: Sequence[str], scenario: Scenario) -> tuple:
    """Every `--vary`, checked: at least one, each field once, an action to judge."""
    if not args:
        raise InputError("<options>", None, "--vary", "at least one --vary FIELD=RANGE", "none")
    fields = tuple(parse_field(a, scenario) for a in args)
    seen: dict = {}
    for f in fields:
        if f.field in seen:
            raise _bad(f.arg, "each field varied once", f"{f.field} also in {seen[f.field]!r}")
        seen[f.field] = f.arg
    if scenario.action.kind in ("actions", "validate_deck", "setup", "game_over"):
        raise InputError(scenario.path, scenario.action.where.line if scenario.action.where else None, "action",
                         "one action in a state (a card to play, an attack, a retreat, ...)", scenario.action.kind)
    return fields


def total(fields: Sequence) -> int:
    """The number of states within the bounds (the product of the fields' value counts)."""
    return math.prod(len(f.values) for f in fields)


def values_of(fields: Sequence, number: int) -> tuple:
    """The fields' values of state `number` (product order, the first field varying slowest)."""
    out = []
    for f in reversed(fields):
        number, i = divmod(number, len(f.values))
        out.append(f.values[i])
    return tuple(reversed(out))


def numbers_all(fields: Sequence) -> range:
    n = total(fields)
    if n > MAX_ALL:
        raise InputError("<options>", None, "--all", f"at most {MAX_ALL} states within the bounds (or --n N to draw some)",
                         f"{n} states")
    return range(n)


def numbers_random(fields: Sequence, n: int, seed: int) -> list:
    """N different state numbers drawn with random.Random(seed), sorted."""
    size = total(fields)
    if n < 1:
        raise InputError("<options>", None, "--n", "a number of states >= 1", str(n))
    if n > size:
        raise InputError("<options>", None, "--n", f"at most {size} (the number of states within the bounds; "
                         "--all gives them all)", str(n))
    return sorted(random.Random(seed).sample(range(size), n))


def _spot_mon(state, player: str, spot: str) -> Optional[InPlay]:
    side = state.side(player)
    if spot == "active":
        return side.active
    i = int(spot.split(".")[1])
    return side.bench[i] if i < len(side.bench) else None


def _put(state, player: str, spot: str, mon: InPlay):
    side = state.side(player)
    if spot == "active":
        side = quick_replace(side, active=mon)
    else:
        i = int(spot.split(".")[1])
        side = quick_replace(side, bench=side.bench[:i] + (mon,) + side.bench[i + 1:])
    return quick_replace(state, **{player: side})


def build(scenario: Scenario, fields: Sequence, number: int, how: str) -> Generated:
    """State `number`: the base with each field set to its value, as a scenario (id, title and
    source say where it comes from; no expectation). An impossible state is an error naming it."""
    values = values_of(fields, number)
    pairs = list(zip(fields, values))
    scn = state_of(scenario, fields, values)
    width = len(str(max(0, total(fields) - 1)))
    sid = f"{scenario.id}-{number:0{width}d}"
    shown = ", ".join(f"{f.field}={v}" for f, v in pairs)
    scn = quick_replace(scn, id=sid, known_divergence="", title=f"{scenario.title} [generated: {shown}]",
                  source=f"ptcg-asp generate from {scenario.id} ({how}), state {number}",
                  tags=tuple(sorted(set(scenario.tags) | {"generated"})))
    return Generated(number, values, scn)


def state_of(scenario: Scenario, fields: Sequence, values: Sequence) -> Scenario:
    """The base scenario's state with each field set to its value (no expectation)."""
    pairs = list(zip(fields, values))
    table_pairs = [(f, v) for f, v in pairs if not isinstance(f, Spot)]
    scn = _table.apply(scenario, [f for f, _ in table_pairs], [v for _, v in table_pairs]) if table_pairs \
        else quick_replace(scenario, expect=None)
    state = scn.state
    for f, v in pairs:
        if not isinstance(f, Spot):
            continue
        mon = _spot_mon(state, f.player, f.spot)
        if mon is None:
            combo = ", ".join(f"{g.field}={x}" for g, x in pairs)
            raise _bad(combo, f"a Pokémon at {f.player}.{f.spot} ({f.field} is varied)", "an empty spot")
        if f.kind == "damage":
            mon = quick_replace(mon, damage=v)
        else:
            kept = tuple(e for e in mon.energy if e.name != f.card)
            mon = quick_replace(mon, energy=kept + ((CardCount(f.card, v),) if v else ()))
        state = _put(state, f.player, f.spot, mon)
    if state is scn.state and scn.expect is None:
        return scn       # no Pokémon's field varied: `_table.apply` made it already
    return quick_replace(scn, state=state, expect=None)


def generate(scenario: Scenario, fields: Sequence, numbers: Sequence[int], how: str) -> list:
    """The states with these numbers, in order."""
    return [build(scenario, fields, k, how) for k in numbers]


def case_line(g: Generated, check: bool = True) -> str:
    """The state as one JSON line of the interchange format; `check`: read back through the
    loader first (a generated state must be a valid scenario; an error names the field)."""
    case = case_dict(g.scenario)
    line = to_line(case)
    if check:
        load_case_text(line, f"<generated {g.scenario.id}>", g.scenario.library)
    return line


# ---- in process: generated states solved in batches and compared ------------------------------------

BLOCK = _table.DEFAULT_BLOCK     # states per grounding (neighbours in product order: few distinct values)


def solve(states: Sequence[Generated], session, block: int = BLOCK, stats=None, summary: bool = False,
          similar: bool = True) -> list:
    """A `check.Report` per state, in order: each run of `block` states (neighbours in product
    order, so they differ in few facts) compiled and solved on one grounding
    (`Session.analyse_batch`), with the full verdict (every resolution and its outcomes), or with
    `summary` the verdict, its reasons and its resolutions' choices only (what a table shows)."""
    from ..solve.batch import collector_paused

    with collector_paused():      # a loop over thousands of states: see solve/batch.py
        return _solve(states, session, block, stats, summary, similar)


def _solve(states: Sequence[Generated], session, block: int, stats, summary: bool, similar: bool) -> list:
    from ..solve.compiler import compile_scenario
    from .check import Report, compare as expectations

    # Blocks of similar states: in product order (their numbers) (random draws are scattered over the
    # space; sorted, a block's states share most fields, so its grounding superposes few values per fact).
    order = sorted(range(len(states)), key=lambda i: (states[i].number, i)) if similar else list(range(len(states)))
    reports: list = [None] * len(states)
    for at in range(0, len(order), max(1, block)):
        members = order[at:at + block]
        chunk = [states[i].scenario for i in members]
        problems = [compile_scenario(s) for s in chunk]
        verdicts = session.analyse_batch(problems, stats, summary=summary)
        for i, s, p, v in zip(members, chunk, problems, verdicts):
            reports[i] = Report(s, p, v, expectations(s, v))
    return reports


def references(reports: Sequence, summary: bool = False) -> dict:
    """{id: compare.Reference}: each report as an export line would carry it (case and result);
    `summary` (reports solved with `summary`): the result's verdict, limits, principles and
    resolution count only, all that an answer of `legal` and `resolutions` is compared with."""
    from ..solve.batch import collector_paused
    from .compare import Reference
    from .interchange import result_dict

    def brief(r) -> dict:
        v = r.verdict
        return {"verdict": v.word, "complete": v.complete,
                "limit": v.limit, "resolution_count": len(v.resolutions), "moved": {}, "damage": {},
                "principles": [{"id": p} for p in v.principles() if p != "-"]}

    with collector_paused():      # thousands of results at once: see solve/batch.py
        return {r.scenario.id: Reference(r.scenario.id, case_dict(r.scenario), brief(r) if summary else result_dict(r))
                for r in reports}
