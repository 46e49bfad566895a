"""From answer sets to a verdict: legal or not, the reasons, every distinct resolution.

A resolution is the player's choices (cards by name and count, targets, optional parts,
options); coin flips and cards drawn or looked at are outcomes, listed under each resolution
with their probability.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Callable, Optional

from clingo import Function, Number, Symbol, SymbolType

from .compiler import Problem
from .explain import coin_label, describe, text, _mon
from .solver import Limits, SolveOutput, diagnose, enumerate_resolutions

CHOICE_PREDICATES = {"take", "aim", "put", "chosen", "evolve_with", "retreat_pay", "drawn_amount", "cnt_on", "take_off",
                     "ko_found", "react_lose", "react_bounce", "react_shift_on", "eot_attached", "bench_cut", "down_cut",
                     "down_pick", "swap_with", "ko_move_on"}
DAMAGE_STEPS = ("base", "attacker", "weakness", "resistance", "final")


@dataclass(frozen=True)
class Reason:
    principle: str
    detail: str
    term: str = field(default="", compare=False)   # the reason term's name in the encodings (bench_full)
    atom: str = field(default="", compare=False)   # the whole reason term (bench_full(me)): other languages word it

    def line(self) -> str:
        return f"{self.principle}: {self.detail}"


@dataclass
class Outcome:
    """One way chance can go for a resolution: coins and random cards, with its probability."""

    events: tuple
    probability: Fraction
    moved: dict
    damage: dict = field(default_factory=dict)       # position -> damage placed
    trace: tuple = ()                                 # ((step, value), ...) of the damage calculation
    knocked_out: tuple = ()                           # ((position, prize cards), ...)
    conditions: tuple = ()                            # ((position, (condition, ...)), ...) after a checkup
    healed: tuple = ()                                # ((position, HP healed), ...)


@dataclass
class Resolution:
    choices: tuple          # sorted human-readable choice lines
    outcomes: list = field(default_factory=list)
    choice_data: tuple = ()  # the same choices as data (`choice_data`), one dict per line, in the same order


@dataclass
class Verdict:
    legal: bool
    reasons: list
    resolutions: list
    moved: dict             # "from>to" -> sorted list of totals (over every model)
    complete: bool = True
    limit: Optional[str] = None
    timings: dict = field(default_factory=dict)
    damage: dict = field(default_factory=dict)  # position -> sorted damage values (over every model)
    damage_unknown: bool = False
    game_result: Optional[str] = None  # with `game_over`: me, opp, none, sudden_death
    decided: bool = True    # False: a limit cut the search short before any resolution was found

    @property
    def word(self) -> str:
        """The verdict as every output spells it: legal, illegal, or unknown (no verdict: a limit
        was reached before a resolution was found or the search for one finished)."""
        if not self.decided:
            return "unknown"
        return "legal" if self.legal else "illegal"
    prizes: dict = field(default_factory=dict)  # position -> sorted Prize-card counts for Knocking it Out (over every model)

    def principles(self) -> list:
        return sorted({r.principle for r in self.reasons})


def _zone(sym: Symbol) -> str:
    player, zone = sym.arguments
    z = text(zone)
    z = {"prizes_up": "prizes"}.get(z, z)
    return z if text(player) == "me" else f"opp.{z}"


def choice_line(sym: Symbol, problem: Problem) -> Optional[str]:
    a = sym.arguments
    if sym.name == "take":
        step = a[0].number
        info = problem.steps[step - 1]
        if info.forced:
            return None  # "all": every fitting card moves; nothing is chosen
        what = info.op if info.role != "cost" else f"cost, {info.op}"
        route = f", {info.route.replace('attached', 'Pokémon')}" if info.route else ""
        who = "" if info.player == "me" else ", opponent's cards"
        if info.chooser == "opp":
            who += ", the opponent chooses"   # their choice, not the player's (a move's `chooser`)
        return f"step {step} ({what}{route}{who}): {text(a[2])} x {text(a[1])}"
    if sym.name == "aim":
        if a[0].number <= len(problem.steps) and problem.steps[a[0].number - 1].fixed_target:
            return None  # "this Pokémon", "that Pokémon": the text names it, nobody chooses it
        return f"step {a[0].number}: choose {_mon(a[1])}"
    if sym.name == "put":
        return f"step {a[0].number}: attach {text(a[3])} x {text(a[1])} to {_mon(a[2])}"
    if sym.name == "take_off":
        return f"step {a[0].number}: take {text(a[3])} x {text(a[2])} off {_mon(a[1])}"
    if sym.name == "chosen":
        answer = opp_options(problem).get(a[0].number)
        if answer is not None:
            return f"the opponent chooses answer {answer}"   # their choice, not the player's (A6)
        return f"do optional part {a[0].number}"
    if sym.name == "drawn_amount":
        return f"step {a[0].number}: draw {a[1].number}"
    if sym.name == "cnt_on":
        return f"step {a[0].number}: put {a[2].number} damage counter(s) on {_mon(a[1])}"
    if sym.name == "retreat_pay":
        return f"retreat: discard {text(a[1])} x {text(a[0])}"
    if sym.name == "react_lose":
        who = "" if text(a[0]) == "me" else "opponent's "
        return f"after the attack (reaction to damage): discard {text(a[1])} x {a[2].number} from the {who}hand"
    if sym.name == "react_bounce":
        return f"after the attack (reaction to damage): {text(a[0])} x {a[1].number} from the Attacking Pokémon to its " \
               f"player's hand"
    if sym.name == "react_shift_on":
        return f"after the attack (reaction to damage): move {text(a[0])} x {a[1].number} from the Attacking Pokémon " \
               f"to {_mon(a[2])}"
    if sym.name == "ko_move_on":
        return f"after the attack (Knock Out reaction): move {text(a[0])} x {a[1].number} from the Knocked Out Pokémon " \
               f"to {_mon(a[2])}"
    if sym.name == "ko_found":
        who = "" if text(a[0]) == "me" else "opponent's "
        return f"after the attack ({who}Knock Out reaction): search the deck for {a[1].number} card(s)"
    if sym.name == "evolve_with":
        return f"step {a[0].number}: evolve into {text(a[1])}"
    if sym.name == "eot_attached":
        return f"at the end of the turn: attach {text(a[2])} from the discard pile to {_mon(a[1])}"
    if sym.name == "swap_with":
        return f"step {a[0].number}: put {text(a[1])} in the chosen Pokémon's place"
    if sym.name == "down_pick":
        return f"step {a[0].number}: devolve {_mon(a[1])} down to {text(a[2])}"
    if sym.name == "down_cut":
        who = "you discard" if _mon(a[1]).startswith("bench") else "the opponent discards"
        return f"step {a[0].number}: {who} {_mon(a[1])} from the Bench"
    if sym.name == "bench_cut":
        when = "after the action"
        who = "you discard" if text(a[1]) == "me" else "the opponent discards"
        return f"{when} (over the Bench limit): {who} {_mon(a[2])} from the Bench"
    return None


def _count(sym: Symbol) -> object:
    return sym.number if sym.type == SymbolType.Number else text(sym)


def choice_data(sym: Symbol, problem: Problem) -> dict:
    """One choice as data (the interchange format, docs/interchange.md): its step, its kind, the
    cards by name and count, the target positions; `choice_line` says the same in words."""
    a = sym.arguments
    out: dict = {"step": None, "kind": sym.name, "cards": [], "targets": []}
    if sym.name == "take":
        info = problem.steps[a[0].number - 1]
        source, _, target = info.route.partition(" -> ")
        out.update(step=a[0].number, kind="take", op=info.op, role=info.role, player=info.player,
                   cards=[{"name": text(a[1]), "count": _count(a[2])}])
        if info.chooser == "opp":
            out["chooser"] = "opp"
        if info.route:
            out.update({"from": source, "to": target})
    elif sym.name == "aim":
        out.update(step=a[0].number, kind="target", targets=[_mon(a[1])])
    elif sym.name == "put":
        out.update(step=a[0].number, kind="attach", cards=[{"name": text(a[1]), "count": _count(a[3])}],
                   targets=[_mon(a[2])])
    elif sym.name == "take_off":
        # cards a spread step takes off one of the Pokémon it reaches: a `take` with the Pokémon as its target
        info = problem.steps[a[0].number - 1]
        source, _, target = info.route.partition(" -> ")
        out.update(step=a[0].number, kind="take", op=info.op, role=info.role, player=info.player,
                   cards=[{"name": text(a[2]), "count": _count(a[3])}], targets=[_mon(a[1])])
        if info.route:
            out.update({"from": source, "to": target})
    elif sym.name == "chosen":
        answer = opp_options(problem).get(a[0].number)
        if answer is not None:
            out.update(kind="opponent_choice", part=a[0].number, player="opp", amount=answer)
        else:
            out.update(kind="optional", part=a[0].number)
    elif sym.name == "drawn_amount":
        out.update(step=a[0].number, kind="draw_amount", amount=a[1].number)
    elif sym.name == "cnt_on":
        out.update(step=a[0].number, kind="target", targets=[_mon(a[1])], amount=a[2].number)  # K counters on it
    elif sym.name == "retreat_pay":
        out.update(kind="retreat_pay", cards=[{"name": text(a[0]), "count": _count(a[1])}])
    elif sym.name == "react_lose":
        out.update(kind="react_discard", player=text(a[0]), cards=[{"name": text(a[1]), "count": _count(a[2])}])
    elif sym.name == "react_bounce":
        out.update(kind="react_return", cards=[{"name": text(a[0]), "count": _count(a[1])}])
    elif sym.name == "react_shift_on":
        out.update(kind="react_move", cards=[{"name": text(a[0]), "count": _count(a[1])}], targets=[_mon(a[2])])
    elif sym.name == "ko_move_on":
        out.update(kind="ko_move", cards=[{"name": text(a[0]), "count": _count(a[1])}], targets=[_mon(a[2])])
    elif sym.name == "ko_found":
        out.update(kind="ko_search", player=text(a[0]), amount=a[1].number)
    elif sym.name == "evolve_with":
        out.update(step=a[0].number, kind="evolve", cards=[{"name": text(a[1]), "count": 1}])
    elif sym.name == "eot_attached":
        out.update(kind="end_of_turn_attach", cards=[{"name": text(a[2]), "count": 1}], targets=[_mon(a[1])])
    elif sym.name == "swap_with":
        # the card that takes the chosen Pokémon's place (effects.lp `swap_top`)
        out.update(step=a[0].number, kind="swap_in", cards=[{"name": text(a[1]), "count": 1}])
    elif sym.name == "down_pick":
        # "any number of Evolution cards": the card left on top of the devolved Pokémon (effects.lp `down_pick`)
        out.update(step=a[0].number, kind="devolve", cards=[{"name": text(a[2]), "count": 1}], targets=[_mon(a[1])])
    elif sym.name == "down_cut":
        mon = _mon(a[1])
        out.update(step=a[0].number, kind="bench_discard", player="me" if mon.startswith("bench") else "opp",
                   targets=[mon])
    elif sym.name == "bench_cut":
        # (fin: once the action is done, before the Knock Outs are judged)
        out.update(kind="bench_discard", player=text(a[1]), targets=[_mon(a[2])])
    return out


def analyse(problem: Problem, limits: Limits) -> Verdict:
    """The reference path: one grounding to enumerate, another to diagnose an illegal action."""
    out = enumerate_resolutions(problem.facts, limits)
    timings = dict(out.timings)

    def diagnosis() -> SolveOutput:
        diag = diagnose(problem.facts, limits)
        timings["diagnose"] = diag.timings.get("solve", 0.0)
        return diag

    verdict = judge(problem, out, diagnosis)
    verdict.timings = timings
    return verdict


# A fact's name by its `_rep` (clingo interns symbols for the process's life, so a `_rep` names one symbol): `Symbol.name`
# is a call into clingo and a string decoding (about 1 µs), and `opp_options` reads the name of every fact of every
# problem (some 140 a generated state), though the states of a run repeat most facts: 200-250 µs of a generated
# state's verdict went there (docs/benchmarks.md (i), lane speed4). Bounded: cleared when full.
_NAMES: dict = {}
_NAMES_MAX = 200_000


def _fact_name(sym) -> str:
    """`sym.name`, read once per symbol."""
    found = _NAMES.get(sym._rep)
    if found is None:
        if len(_NAMES) >= _NAMES_MAX:
            _NAMES.clear()
        found = _NAMES[sym._rep] = sym.name
    return found


def _fact_names(facts: list) -> list:
    """`[sym.name for sym in facts]`, each read once per symbol (the known ones looked up in one pass)."""
    names = list(map(_NAMES.get, [sym._rep for sym in facts]))
    if None in names:
        for k, name in enumerate(names):
            if name is None:
                names[k] = _fact_name(facts[k])
    return names


def opp_options(problem: Problem) -> dict:
    """unit -> answer number (1, 2, ... in printed order) of every option the opponent chooses (`opp_option` facts:
    "Ask your opponent if ... If yes, A. If no, B."); read once from the problem's facts."""
    got = getattr(problem, "_opp_options", None)
    if got is None:
        names = _fact_names(problem.facts)
        units = {f.arguments[0].number for f, n in zip(problem.facts, names) if n == "opp_option"}
        by_choice: dict = {}
        for f, n in zip(problem.facts, names):
            if n == "option_of" and f.arguments[0].number in units:
                by_choice.setdefault(f.arguments[1].number, []).append(f.arguments[0].number)
        got = {u: k + 1 for us in by_choice.values() for k, u in enumerate(sorted(us))}
        problem._opp_options = got
    return got


def _unanswerable(problem: Problem, models: list) -> list:
    """The answers of the opponent (A6) that no legal resolution follows: the player cannot choose the opponent's
    answer, so the card can be played only if it can be carried out whatever the opponent answers."""
    answers = opp_options(problem)
    if not answers:
        return []
    seen = {sym.arguments[0].number for model in models for sym in model if sym.name == "chosen"}
    return sorted(k for u, k in answers.items() if u not in seen)


def judge(problem: Problem, out: SolveOutput, diagnosis: Callable[[], SolveOutput],
          decoder: Optional["Decoder"] = None, summary: bool = False) -> Verdict:
    """The verdict from the enumeration of a problem's resolutions. Some: legal, with each of them.
    None, and the enumeration finished: illegal, with the reasons `diagnosis()` finds. None before
    a limit: no verdict (incomplete). `summary`: the verdict, its reasons and its resolutions'
    choices only (no outcomes, totals moved or damage: what a table shows). An answer of the opponent's
    (`opp_option`) that no resolution follows makes the action illegal (A6), or undecided when a limit cut the
    enumeration short."""
    missing = _unanswerable(problem, out.models) if out.models else []
    if missing and not out.complete:
        return Verdict(False, [], [], {}, False, out.limit, decided=False)
    if missing:
        reasons = [Reason("A6", describe(Function("opponent_answer_impossible", [Number(k)])),
                          "opponent_answer_impossible", f"opponent_answer_impossible({k})") for k in missing]
        return Verdict(False, reasons, [], {}, True, out.limit)
    if out.models:
        return _legal(problem, out, decoder, summary)
    if not out.complete:
        return Verdict(False, [], [], {}, False, out.limit, decided=False)
    diag = diagnosis()
    return Verdict(False, _violations(diag.models, decoder), [], {}, diag.complete, diag.limit)


def common_violations(models: list) -> list:
    """The violation(ID,X,Why) symbols every optimal model of a diagnosis has (or, if none is common to
    all, those of any), sorted: the explanation tree's nodes (tell/explanation.py)."""
    sets = [{sym for sym in model if sym.name == "violation"} for model in models]
    if not sets:
        return []
    return sorted(set.intersection(*sets) or set.union(*sets))


def _violations(models: list, decoder: Optional["Decoder"] = None) -> list:
    """The reasons of an illegal action: the violations every optimal model of the diagnosis has
    (or, if none is common to all, those of any). Each distinct atom is read once (`decoder`)."""
    memo = decoder.violations if decoder is not None else {}
    sets, reason = [], {}
    for model in models:
        found = set()
        for sym in model:
            r = sym._rep
            if r not in memo:
                if sym.name == "violation":
                    pid, _, why = sym.arguments
                    memo[r] = ((text(pid), why._rep), Reason(text(pid), describe(why), _term(why), str(why)))
                else:
                    memo[r] = None
            v = memo[r]
            if v is not None:
                found.add(v[0])
                reason[v[0]] = v[1]
        sets.append(found)
    if not sets:
        return []
    common = set.intersection(*sets) or set.union(*sets)
    return sorted({reason[key] for key in common}, key=lambda r: (r.principle, r.detail))


def _term(why: Symbol) -> str:
    """A reason term's name (`bench_full` of bench_full(me)), as the explainer's table is keyed."""
    return why.name if why.type == SymbolType.Function else str(why)


def _record(sym: Symbol, problem: Problem) -> Optional[tuple]:
    """What one shown atom contributes to a resolution, as a small tuple (None: nothing).

    A card taken by a step is a choice, or a random card when the step is random (a draw from an
    unknown deck): the record carries both readings and the tally picks one.
    """
    name = sym.name
    if name in CHOICE_PREDICATES:
        line = choice_line(sym, problem)
        data = choice_data(sym, problem) if line else None
        if name == "take":
            a = sym.arguments
            return ("take", a[0].number, text(a[1]), a[2].number, line, data)
        return ("choice", line, data) if line else None
    a = sym.arguments
    if name == "random":
        return ("random", a[0].number)
    if name == "xfer":
        frm, to = _zone(a[1]), _zone(a[2])
        if to == "looked" or to == "opp.looked":
            return None
        return ("moved", f"{frm.replace('looked', 'deck')}>{to}", a[3].number)
    if name in ("damage_placed", "self_damage", "retaliation"):
        return ("placed", _mon(a[0]), a[1].number)
    if name == "heal_by":
        return ("healed", _mon(a[1]), a[2].number)
    if name == "game_result":
        return ("result", text(a[0]))
    if name == "eot_heal":
        return ("healed", _mon(a[0]), a[1].number)
    if name == "checkup_hit":
        return ("placed", _mon(a[0]), a[2].number)
    if name == "condition_after":
        return ("cond", _mon(a[0]), text(a[1]))
    if name == "step_damage":
        return ("placed", _mon(a[1]), a[2].number)
    if name == "dmg_step":
        return ("trace", text(a[0]), a[1].number)
    if name == "prize_value":
        return ("ko", _mon(a[0]), a[1].number)
    if name == "damage_rule_missing":
        return ("unknown",)
    if name == "note":
        return ("note", text(a[0]), describe(a[1]), _term(a[1]), str(a[1]))
    if name == "coin":
        return ("coin", coin_label(a[0]), text(a[1]), str(a[0]))
    if name == "rand_pool":
        return ("pool", a[0].number, text(a[1]), a[2].number)
    if name == "rand_sure":
        return ("sure", a[0].number, text(a[1]), a[2].number)
    return None


class Decoder:
    """Shown atoms to records, each distinct atom decoded once and remembered.

    Decoding a clingo symbol crosses into C for every name and argument; a model repeats most
    atoms of the others, and the problems of a batch (a table's states) repeat most atoms of each
    other. A record depends on the atom and on how the problem's steps read (`key`), so problems
    with the same key may share one decoder.
    """

    def __init__(self, problem: Problem):
        self.problem = problem
        self.memo: dict = {}
        self.violations: dict = {}    # `_rep` -> ((principle, `_rep` of why), Reason) of a violation atom; None: another atom

    @staticmethod
    def key(problem: Problem) -> tuple:
        """Everything `_record` reads from the problem: each step's attributes that `choice_line` and `choice_data`
        read, and the opponent's answers (`opp_options`, from the `opp_option` facts: a `chosen` atom is their answer,
        not an optional part). tests/test_decoder_key_covers_decoding.py fails if decoding reads more."""
        return (tuple((s.number, s.op, s.player, s.role, s.route, s.forced, s.chooser, s.fixed_target)
                      for s in problem.steps), tuple(sorted(opp_options(problem).items())))

    def records(self, models: list) -> tuple:
        """(per model: its atoms as `_rep`s, record by `_rep`) for the distinct atoms of `models`.

        Symbols are interned by clingo: `_rep` (the C symbol) is equal exactly when they are."""
        memo = self.memo
        reps = []
        for model in models:
            row = []
            for s in model:
                r = s._rep
                if r not in memo:
                    memo[r] = _record(s, self.problem)
                row.append(r)
            reps.append(row)
        return reps, memo


_ONE, _HALF = Fraction(1), Fraction(1, 2)


class _Tally:
    """One model's resolution data, accumulated from its records."""

    __slots__ = ("choices", "moved", "placed", "trace", "kos", "conditions", "healed", "events", "pools", "draws",
                 "sure", "random_steps")

    def __init__(self, random_steps: set, base: Optional["_Tally"] = None):
        self.random_steps = random_steps
        if base is None:
            self.choices, self.events = [], []
            self.moved, self.placed, self.trace, self.kos, self.healed = {}, {}, {}, {}, {}
            self.conditions, self.pools, self.draws, self.sure = {}, {}, {}, {}
        else:
            self.choices, self.events = list(base.choices), list(base.events)
            self.moved, self.placed, self.trace = dict(base.moved), dict(base.placed), dict(base.trace)
            self.kos, self.healed = dict(base.kos), dict(base.healed)
            self.conditions = {k: list(v) for k, v in base.conditions.items()}
            self.pools = {k: dict(v) for k, v in base.pools.items()}
            self.draws = {k: dict(v) for k, v in base.draws.items()}
            self.sure = {k: dict(v) for k, v in base.sure.items()}

    def add(self, rec: tuple) -> None:
        kind = rec[0]
        if kind == "choice":
            self.choices.append(rec[1])
        elif kind == "take":
            if rec[1] in self.random_steps:
                self.draws.setdefault(rec[1], {})[rec[2]] = rec[3]
            elif rec[4]:
                self.choices.append(rec[4])
        elif kind == "moved":
            self.moved[rec[1]] = self.moved.get(rec[1], 0) + rec[2]
        elif kind == "placed":
            self.placed[rec[1]] = self.placed.get(rec[1], 0) + rec[2]
        elif kind == "healed":
            self.healed[rec[1]] = self.healed.get(rec[1], 0) + rec[2]
        elif kind == "cond":
            self.conditions.setdefault(rec[1], []).append(rec[2])
        elif kind == "trace":
            self.trace[rec[1]] = rec[2]
        elif kind == "ko":
            self.kos[rec[1]] = rec[2]
        elif kind == "coin":
            self.events.append(("coin", rec[1], rec[2], rec[3]))   # (coin, label, result, the coin's own term)
        elif kind == "pool":
            self.pools.setdefault(rec[1], {})[rec[2]] = rec[3]
        elif kind == "sure":
            self.sure.setdefault(rec[1], {})[rec[2]] = rec[3]

    def outcome(self) -> Outcome:
        events = list(self.events)
        coins = sum(1 for e in events if e[0] == "coin")
        prob = _HALF ** coins if coins else _ONE
        # A random step's cards: the certain ones (`sure`: parts of an ordered deck taken whole) and a
        # hypergeometric draw of the rest from its pool (the source, or the one part of the deck it reaches).
        for step in sorted(set(self.pools) | set(self.sure)):
            pool = self.pools.get(step, {})
            got = self.draws.get(step, {})
            sure = self.sure.get(step, {})
            chance = {card: n - sure.get(card, 0) for card, n in got.items()}
            total = sum(pool.values())
            k = sum(chance.values())
            ways = 1
            for card, n in pool.items():
                ways *= comb(n, chance.get(card, 0))
            prob *= Fraction(ways, comb(total, k)) if total else 1
            events.append(("cards", str(step), tuple(sorted(got.items()))))
        steps = tuple((name, self.trace[name]) for name in DAMAGE_STEPS if name in self.trace)
        return Outcome(tuple(sorted(events)), prob, self.moved, self.placed, steps, tuple(sorted(self.kos.items())),
                       tuple(sorted((p, tuple(sorted(c))) for p, c in self.conditions.items())),
                       tuple(sorted(self.healed.items())))


def _legal(problem: Problem, out, decoder: Optional[Decoder] = None, summary: bool = False) -> Verdict:
    """The verdict from the models of a legal action (`decoder`: one shared with similar problems;
    `summary`: resolutions without their outcomes, no totals)."""
    reps, records = (decoder or Decoder(problem)).records(out.models)
    seen = set().union(*map(set, reps))
    mine = [records[r] for r in seen if records[r] is not None]
    random_steps = {rec[1] for rec in mine if rec[0] == "random"}
    notes = {(rec[1], rec[2], rec[3], rec[4]) for rec in mine if rec[0] == "note"}
    result = min((rec[1] for rec in mine if rec[0] == "result"), default=None)
    damage_unknown = any(rec[0] == "unknown" for rec in mine)
    # Atoms true in every model are tallied once and copied into each model's tally.
    common = set.intersection(*map(set, reps))
    base = _Tally(random_steps)
    for rep in common:
        if records[rep] is not None:
            base.add(records[rep])
    groups: dict = {}
    moved_keys: set = set()
    per_model_moved = []
    per_model_damage = []
    per_model_kos = []
    for model_reps in reps:
        tally = _Tally(random_steps, base)
        for rep in model_reps:
            rec = records[rep]
            if rec is not None and rep not in common:
                tally.add(rec)
        key = tuple(sorted(tally.choices))
        res = groups.get(key)
        if res is None:
            res = groups[key] = Resolution(key)
        if summary:
            continue
        res.outcomes.append(tally.outcome())
        moved_keys.update(tally.moved)
        per_model_moved.append(tally.moved)
        per_model_damage.append(tally.placed)
        per_model_kos.append(tally.kos)
    moved_sets = {k: sorted({m.get(k, 0) for m in per_model_moved}) for k in sorted(moved_keys)}
    positions = sorted({p for d in per_model_damage for p in d})
    damage = {p: sorted({d.get(p, 0) for d in per_model_damage}) for p in positions}
    prizes = {p: sorted({k.get(p, 0) for k in per_model_kos}) for p in sorted({p for k in per_model_kos for p in k})}
    reasons = sorted({Reason(pid, why, term, atom) for pid, why, term, atom in notes}, key=lambda r: (r.principle, r.detail))
    resolutions = [groups[k] for k in sorted(groups)]
    data_of = {rec[-2]: rec[-1] for rec in mine if rec[0] in ("take", "choice") and rec[-2]}
    for r in resolutions:
        r.outcomes.sort(key=lambda o: o.events)
        r.choice_data = tuple(data_of.get(line) or {"step": None, "kind": "other", "cards": [], "targets": []}
                              for line in r.choices)
    return Verdict(True, reasons, resolutions, moved_sets, out.complete, out.limit, out.timings,
                   damage=damage, damage_unknown=damage_unknown, game_result=result, prizes=prizes)


def moved_values(verdict: Verdict, key: str) -> list:
    """The set of totals for one FROM>TO key; a transfer that never happens is [0]."""
    if not verdict.resolutions:
        return []
    return verdict.moved.get(key, [0])
