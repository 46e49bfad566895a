"""An explanation as data, then words: the tree of principles behind a verdict (docs/explanations.md).

`explain(scenario, session)` solves the scenario's action once (the same grounding `check` uses) and
builds an `Explanation`:

* an illegal action: one node per principle that blocks it in every optimal diagnosis, at the place the
  encodings name (the card as a whole, a step of its effect, an effect unit, a player, the deck), with the
  fact it rests on; a reason that wraps another one (A6's "a mandatory part cannot be carried out"
  around A4's "your Bench has 5 Pokémon") has it as its child — the structure is the reason terms' own,
  read off the atoms, never guessed;
* a legal action: the principles that shaped its resolutions (whiffs, shuffles, what the opponent can
  know), the number of distinct resolutions and the cards each route moves;
* with `why_not`: whether the resolution the user names is legal, and if not the nodes that rule it out.

Every node carries its principle's statement and source from the catalogue (docs/principles.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from clingo import Symbol, SymbolType, parse_term

from ..read.errors import InputError
from ..read.model import Scenario
from ..solve.compiler import Problem, compile_scenario
from ..solve.contrast import Contrast, why_not as solve_why_not
from ..solve.explain import describe, text
from ..solve.session import Session
from ..solve.verdict import Verdict, common_violations, judge
from .principles import catalogue
from .report import Lines

# The reason terms whose violation/3 names an effect unit (an optional part, a "then" part, a whole card's
# effect), not a step: encodings/activation.lp, structure.lp and patterns.lp (tests/test_explanation.py
# reads the encodings and keeps this list equal to theirs).
UNIT_REASONS = frozenset({"no_change", "before_then_changes_nothing", "extra_changes_nothing", "neither_part_changes"})


@dataclass(frozen=True)
class Node:
    """One principle at one place, the fact it rests on, and the reasons it wraps."""

    principle: str
    fact: str           # the reason in words (the language of the explanation)
    term: str           # the reason term's name in the encodings (bench_full)
    at: tuple           # where it applies (kind, number, detail): `_Places`
    children: tuple = ()

    def data(self) -> dict:
        entry = catalogue().get(self.principle, {})
        return {"principle": self.principle, "statement": entry.get("statement", ""),
                "source": entry.get("source", ""), "fact": self.fact, "term": self.term,
                "at": {"kind": self.at[0], "number": self.at[1], "detail": self.at[2]},
                "children": [c.data() for c in self.children]}


@dataclass
class Explanation:
    """What `ptcg-asp explain` prints: the verdict and the tree of principles behind it."""

    path: str
    id: str
    title: str
    action: str
    verdict: str                     # legal / illegal / unknown
    nodes: tuple
    resolutions: int = 0
    moved: dict = field(default_factory=dict)
    complete: bool = True
    contrast: Optional[dict] = None  # with --why-not: {"choices", "legal", "impossible", "nodes"}
    steps: dict = field(default_factory=dict)   # step number -> compiler.StepInfo (for wording a step's place)
    act: object = None   # the scenario's Action (for wording the action in another language)

    def data(self) -> dict:
        out = {"file": self.path, "id": self.id, "title": self.title, "action": self.action,
               "verdict": self.verdict, "complete": self.complete, "resolutions": self.resolutions,
               "moved": {k: list(v) for k, v in sorted(self.moved.items())},
               "explanation": [n.data() for n in self.nodes]}
        if self.contrast is not None:
            out["why_not"] = dict(self.contrast, nodes=[n.data() for n in self.contrast["nodes"]])
        return out


def _term_name(why: Symbol) -> str:
    return why.name if why.type == SymbolType.Function else str(why)


class _Places:
    """Where a violation applies, from the compiled problem (its steps and effect units): a place is
    (kind, number, detail): ("card", 0, ""), ("step", 1, "search, deck -> bench"), ("part", 1, "1, 2"),
    ("deck", 0, ""), ("side", 0, "me"), ("resolutions", 0, "")."""

    def __init__(self, problem: Problem):
        self.steps = {s.number: s for s in problem.steps}
        self.units: dict = {}
        for sym in problem.facts:
            if sym.name == "unit" and len(sym.arguments) == 2:
                s, u = sym.arguments
                if s.type == SymbolType.Number and u.type == SymbolType.Number:
                    self.units.setdefault(u.number, []).append(s.number)

    def step(self, n: int) -> tuple:
        info = self.steps.get(n)
        if info is None:
            return ("step", n, "")
        what = info.op if info.role != "cost" else f"cost, {info.op}"
        route = f", {info.route.replace('attached', 'Pokémon')}" if info.route else ""
        return ("step", n, f"{what}{route}")

    def of(self, locus: Symbol, why: Symbol) -> tuple:
        if locus.type == SymbolType.Number:
            if _term_name(why) in UNIT_REASONS:
                return ("part", locus.number, ", ".join(map(str, sorted(self.units.get(locus.number, ())))))
            return self.step(locus.number)
        word = text(locus)
        if word in ("me", "opp"):
            return ("side", 0, word)
        return {"action": ("card", 0, ""), "deck": ("deck", 0, "")}.get(word, ("other", 0, word))


def tree(violations: Sequence[Symbol], problem: Problem, say: Callable[[Symbol], str]) -> tuple:
    """The violations as a forest: a violation whose reason term has another violation's reason as an
    argument (mandatory(K, Why), no_change(Why), same_limits(Why), ...) is that one's parent."""
    places = _Places(problem)
    by_why: dict = {}
    for v in violations:
        by_why.setdefault(v.arguments[2], []).append(v)
    wrapped: dict = {}
    for v in violations:
        why = v.arguments[2]
        if why.type == SymbolType.Function:
            inner = [w for arg in why.arguments for w in by_why.get(arg, ()) if w != v]
            if inner:
                wrapped[v] = inner
    is_child = {w for ws in wrapped.values() for w in ws}

    def node(v: Symbol, seen: frozenset) -> Node:
        pid, locus, why = v.arguments
        kids = tuple(node(w, seen | {v}) for w in sorted(wrapped.get(v, ())) if w not in seen)
        return Node(text(pid), say(why), _term_name(why), places.of(locus, why), kids)

    roots = [v for v in violations if v not in is_child] or list(violations)
    return _merged(node(v, frozenset()) for v in roots)


def _notes(verdict: Verdict, say: Callable[[Symbol], str]) -> tuple:
    """A legal action's principles: one leaf per reason the resolutions share (note/2 carries no place)."""
    return tuple(Node(r.principle, say(parse_term(r.atom)) if r.atom else r.detail, r.term, ("resolutions", 0, ""))
                 for r in verdict.reasons)


def _merged(nodes) -> tuple:
    """Nodes that say the same thing at the same place are one, with the children of all of them (two
    violation atoms can differ only in an argument the words do not show: A6's part kind)."""
    groups: dict = {}
    for n in nodes:
        groups.setdefault((n.principle, n.at, n.fact, n.term), []).append(n)
    out = [Node(p, f, t, at, _merged([c for n in ns for c in n.children])) for (p, at, f, t), ns in groups.items()]
    return tuple(sorted(out, key=lambda n: (n.principle, n.at, n.fact)))


def _action_line(scenario: Scenario) -> str:
    """The action in a few words: "play Nest Ball", "attack Surf", "ability Concealed Cards (Greninja)"."""
    return Lines().scenario_action(scenario.action)


def explain(scenario: Scenario, session: Session, say: Optional[Callable[[Symbol], str]] = None,
            why_not: Optional[Sequence[str]] = None) -> Explanation:
    """The explanation of a scenario's action (`say`: a reason term in words, English by default)."""
    if scenario.action.kind == "actions":
        raise InputError(scenario.path, None, "action",
                         "one action (for `actions: {}`, `check --why-not` gives each illegal action's reason)",
                         "actions: {}")
    say = say or describe
    problem = compile_scenario(scenario)
    ctl, _, _ = session.grounded(problem.facts)
    out = session.enumerate_under(ctl, ())
    diag_models: list = []

    def diagnosis():
        diag = session.diagnose_under(ctl, ())
        diag_models.extend(diag.models)
        return diag

    verdict = judge(problem, out, diagnosis)
    if verdict.word == "illegal":
        nodes = tree(common_violations(diag_models), problem, say)
    elif verdict.word == "legal":
        nodes = _notes(verdict, say)
    else:
        nodes = ()
    result = Explanation(scenario.path, scenario.id, scenario.title, _action_line(scenario), verdict.word, nodes,
                         len(verdict.resolutions), dict(verdict.moved), verdict.complete,
                         steps={st.number: st for st in problem.steps}, act=scenario.action)
    if why_not is not None:
        c: Contrast = solve_why_not(problem, session, why_not)
        result.contrast = {"choices": list(c.choices), "legal": c.legal, "impossible": c.impossible,
                           "complete": c.complete, "nodes": tree(c.violations, problem, say)}
    return result


# The fixed words of the text output; other languages: the `explain:` section of ptcg_asp/data/lang/<lang>.yaml.
EXPLAIN_WORDS = {
    "action": "action", "why": "why", "why_not": "why not", "rule": "rule", "source": "source",
    "node": "{principle} at {at}: {fact}", "card": "the card", "deck": "the deck", "side_me": "your side",
    "side_opp": "the opponent's side", "step": "step {n}", "step_detail": "step {n} ({detail})", "part": "part {n}",
    "part_detail": "part {n} (steps {detail})", "resolutions_place": "every resolution",
    "nothing_chosen": "nothing (no choice at all)", "is_legal": "it is one of the legal resolutions",
    "no_answer": "no answer: a limit was reached",
    "impossible": "no way of carrying out the effect makes these choices together, even with the principles "
                  "relaxed: the card's own text excludes it",
    "ruled_out": "ruled out by:", "no_verdict": "no verdict (a limit was reached before the search finished)",
}


def _place(at: tuple, w: dict, step_say: Optional[Callable] = None, steps: Optional[dict] = None) -> str:
    kind, n, detail = at
    if kind == "step" and step_say is not None and steps and n in steps:
        detail = step_say(steps[n])
    if kind in ("step", "part"):
        return w[f"{kind}_detail"].format(n=n, detail=detail) if detail else w[kind].format(n=n)
    if kind == "side":
        return w[f"side_{detail}"]
    if kind == "resolutions":
        return w["resolutions_place"]
    return w.get(kind, detail)


def _lines(nodes: Sequence[Node], depth: int, statements: bool, w: dict, stated: Optional[set] = None,
           place: Callable = lambda at: "", rw: Optional[Lines] = None) -> list:
    """Each node on a line, its children indented under it; a principle's statement and source under its
    first node only (`stated`: the principles already stated)."""
    out, stated = [], set() if stated is None else stated
    rw = rw or Lines()
    for n in nodes:
        pad = "  " * depth
        out.append(f"{pad}- " + w["node"].format(principle=n.principle, at=place(n.at), fact=n.fact))
        if statements and n.principle not in stated:
            stated.add(n.principle)
            entry = rw.principle(n.principle)
            if entry.get("statement"):
                out.append(f"{pad}    {rw.pair_word(w['rule'], entry['statement'])}")
            if entry.get("source"):
                out.append(f"{pad}    {rw.pair_word(w['source'], entry['source'])}")
        out.extend(_lines(n.children, depth + 1, statements, w, stated, place, rw))
    return out


def text_lines(e: Explanation, statements: bool = True, words: Optional[dict] = None,
               step_say: Optional[Callable] = None, report_words: Optional[Lines] = None) -> list:
    """The explanation as text (`statements`: each principle's statement and source under it, from the
    catalogue; `words`: the fixed words, EXPLAIN_WORDS by default; `step_say`: a step's operation and
    route in words, from its `StepInfo`, English by default; `report_words`: the words it shares with
    `check` (tell/report.Lines: the verdict, the moved routes, the action, the principles' statements))."""
    w = words or EXPLAIN_WORDS
    rw = report_words or Lines()

    def place(at: tuple) -> str:
        return _place(at, w, step_say, e.steps)
    lines = [f"{e.path}  {e.id}", f"  {e.title}", f"  {rw.pair_word(w['action'], e.action if e.act is None else rw.scenario_action(e.act))}",
             f"  {rw.pair('verdict', rw.verdict_word(e.verdict, e.act.kind if e.act is not None else ''))}"]
    if e.verdict == "legal":
        lines.append(f"  {rw.pair('resolutions', e.resolutions)}")
        for route, values in sorted(e.moved.items()):
            lines.append(f"  {rw.moved_line(route, list(values))}")
    if e.nodes:
        lines.append(f"  {rw.pair_word(w['why'], '').rstrip()}")
        lines.extend(_lines(e.nodes, 2, statements, w, None, place, rw))
    elif e.verdict == "unknown":
        lines.append(f"  {rw.pair_word(w['why'], w['no_verdict'])}")
    if e.contrast is not None:
        c = e.contrast
        lines.append(f"  {rw.pair_word(w['why_not'], '; '.join(c['choices']) or w['nothing_chosen'])}")
        if c["legal"]:
            lines.append(f"    {w['is_legal']}")
        elif not c["complete"]:
            lines.append(f"    {w['no_answer']}")
        elif c["impossible"]:
            lines.append(f"    {w['impossible']}")
        else:
            lines.append(f"    {w['ruled_out']}")
            lines.extend(_lines(c["nodes"], 3, statements, w, None, place, rw))
    return lines
