"""Every scenario of the bundled corpus is a ruling: each runs as its own test case.

A scenario's expectations come from the seeds and docs/principles.md; a failure here means the encodings
or the card data disagree with the rules (or the scenario is marked as a known divergence).
"""
import glob
import hashlib
import os
import pickle
import re

import pytest

from ptcg_asp.tell.check import run
from ptcg_asp.read.loader import find_scenarios

from .conftest import SCENARIOS
from .zh_check import chinese_reports

FILES = find_scenarios(SCENARIOS)
RAW_TERM = re.compile(r"^[a-z_]+(\(.*\))?$")  # a reason the explainer did not put into words


class _SharedReasons(dict):
    """path -> (scenario id, every reason its report prints, whether its verdict is complete), filled by `test_ruling` as
    it solves each file, so that the checks on the corpus's sentences read the same solves (no second pass). Each entry
    is also written to a folder all the run's workers share (pytest-xdist), so that a worker reads the solves another
    worker made instead of repeating them; an entry no worker has made yet is solved where it is needed."""

    def __init__(self, folder: str):
        super().__init__()
        self.folder = folder

    def _file(self, path: str) -> str:
        return os.path.join(self.folder, hashlib.sha256(path.encode("utf-8")).hexdigest() + ".pickle")

    def __setitem__(self, path, value) -> None:
        super().__setitem__(path, value)
        tmp = self._file(path) + f".{os.getpid()}.tmp"
        with open(tmp, "wb") as fh:
            pickle.dump(value, fh)
        os.replace(tmp, self._file(path))     # whole or absent, never half written

    def __contains__(self, path) -> bool:
        if super().__contains__(path):
            return True
        try:
            with open(self._file(path), "rb") as fh:
                super().__setitem__(path, pickle.load(fh))
        except FileNotFoundError:
            return False
        return True


@pytest.fixture(scope="session")
def corpus_reasons(tmp_path_factory) -> dict:
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "corpus-reasons"
    shared.mkdir(exist_ok=True)
    return _SharedReasons(str(shared))


def _reasons(report) -> list:
    return list(report.verdict.reasons) + [r for j in report.actions for r in j.reasons]


@pytest.mark.parametrize("path", FILES, ids=[os.path.relpath(f, SCENARIOS) for f in FILES])
def test_ruling(path, library, limits, corpus_reasons, corpus_chinese):
    report = run(path, library, limits)
    corpus_reasons[path] = (report.scenario.id, _reasons(report), report.verdict.complete)
    corpus_chinese[path] = (report.scenario, chinese_reports(report))
    assert report.scenario.expect is not None and not report.scenario.expect.is_empty(), \
        "a corpus scenario must say what the rules expect"
    assert report.verdict.complete, f"limit reached: {report.verdict.limit}"
    failed = [f"{f.key}: expected {f.expected}, got {f.actual}" for f in report.findings if not f.ok]
    if report.scenario.known_divergence:
        # The rules expect what the file states; ptcg-asp is known to answer otherwise. Once it
        # answers as the rules say, the mark is stale and must go.
        assert failed, f"the known divergence no longer diverges: remove `known_divergence` ({report.scenario.known_divergence})"
        return
    assert not failed, "\n".join(failed)
    raw = [r.line() for r in _reasons(report) if RAW_TERM.match(r.detail)]
    assert not raw, f"reasons not put into words: {raw}"


def test_corpus_ids_are_unique_and_match_file_names(library):
    from ptcg_asp.read.loader import load_scenario
    seen = {}
    for path in FILES:
        scn = load_scenario(path, library)
        assert scn.id not in seen, f"{scn.id} in {path} and {seen.get(scn.id)}"
        seen[scn.id] = path
        assert os.path.basename(path) == f"{scn.id}.yaml"


# ---- reasons: one sentence per principle, and the fact that triggered it --------------------------

ENCODINGS = os.path.join(os.path.dirname(SCENARIOS), "encodings")
# A reason atom in the encodings: violation/note/blocked/refused with a principle ID and a term.
REASON_ATOM = re.compile(r'\b(?:violation|note|blocked|refused)\((?:[A-Za-z_]+,)?"([A-Z]+[0-9]*)",'
                         r'(?:[A-Za-z_]+,)?([a-z][a-z0-9_]*)')
# Reasons triggered by the state: each sentence must name the fact (a number, a zone, a position,
# a card, a condition), never only the principle's conclusion.
STATE_TERMS = {
    "empty", "bench_full", "no_room", "no_bench_space", "none_left", "all_copies_visible", "cannot_pay",
    "none_in", "nothing_to_move", "no_target", "no_change", "mandatory", "before_then", "linked_first_part",
    "same_limits", "first_turn", "new_this_turn", "no_face_down_prizes", "energy_part_skipped",
    "attack_part_skipped", "then_skipped", "ifdone_skipped", "first_part_skipped", "condition", "cannot_retreat",
    "retreat_cost_unpaid", "energy_cost_not_met", "size", "too_many", "prizes", "opening_hand", "total_cards", "must_take",
    "trainer_lock", "evolution_lock", "too_few_fitting", "too_many_fitting", "prizes_remaining", "unmet_fact", "same_stadium_in_play", "already_has_tool", "no_pokemon_in_play",
}
FACT = re.compile(r"\d|\b(hand|deck|discard pile|Bench|Prize cards?|Stadium|attached|Lost Zone|first turn|damage "
                  r"counters|Special Condition|asleep|paralyzed|active|bench\.\d|in play)\b|\([A-Z0-9-]+ \d+\)|Pokémon the")


def _reason_terms() -> dict:
    """term name -> the principle IDs the encodings cite it under."""
    found: dict = {}
    # Every encoding file, the reading layers (encodings/readings/*.lp) included.
    for path in sorted(glob.glob(os.path.join(ENCODINGS, "**", "*.lp"), recursive=True)):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                for pid, term in REASON_ATOM.findall(line.split("%")[0]):
                    found.setdefault(term, set()).add(pid)
    return found


def test_every_reason_term_has_one_principle_and_a_wording():
    """A term is cited under one principle only (a principle that builds on another's reason wraps
    it: A6's mandatory(K, Why)), and explain.py words every term."""
    from ptcg_asp.solve.explain import _WORDS

    terms = _reason_terms()
    assert len(terms) > 100
    shared = {t: sorted(ids) for t, ids in terms.items() if len(ids) > 1}
    assert not shared, f"terms cited under several principles: {shared}"
    assert not [t for t in terms if t not in _WORDS], "reason terms without a wording"
    assert not STATE_TERMS - set(_WORDS)


def _corpus_reasons(library, limits, corpus_reasons: dict) -> list:
    """(scenario id, Reason) for every reason the corpus prints, as `check` prints them: the reports
    `test_ruling` made in this run, and a solve of each file it did not reach (a run of this test alone).
    Every verdict must be complete."""
    out = []
    for path in FILES:
        if path not in corpus_reasons:
            report = run(path, library, limits)
            corpus_reasons[path] = (report.scenario.id, _reasons(report), report.verdict.complete)
        sid, reasons, complete = corpus_reasons[path]
        assert complete, path
        out.extend((sid, r) for r in reasons)
    return out


def test_no_reason_shows_an_encoding_placeholder(library, limits, corpus_reasons):
    # A count the encodings compute from the state (`qty(S, computed)`: "up to the number of your Benched Pokémon",
    # Nab 'n' Dash) is told as the number it comes to, never as the internal word (quantity.lp named_count).
    reasons = _corpus_reasons(library, limits, corpus_reasons)
    shown = sorted({f"{sid}: {r.line()}" for sid, r in reasons if re.search(r"\bcomputed\b", r.detail)})
    assert not shown, "reasons that show an encoding placeholder:\n" + "\n".join(shown)


def test_no_sentence_is_printed_under_two_principles_and_state_reasons_name_their_fact(library, limits, corpus_reasons):
    reasons = _corpus_reasons(library, limits, corpus_reasons)
    assert len(reasons) > 500
    by_sentence: dict = {}
    for sid, r in reasons:
        by_sentence.setdefault(r.detail, set()).add(r.principle)
    shared = {d: sorted(ids) for d, ids in by_sentence.items() if len(ids) > 1}
    assert not shared, f"sentences printed under several principles: {shared}"
    factless = sorted({f"{sid}: {r.line()}" for sid, r in reasons if r.term in STATE_TERMS and not FACT.search(r.detail)})
    assert not factless, "reasons that do not name their fact:\n" + "\n".join(factless)
    got = {(sid, r.principle, r.detail) for sid, r in reasons}
    # The examples of issue 12 and of RULES.md: Nest Ball with a full Bench is A4 (not A3), Marnie
    # with both hands empty names both hands, Professor's Research names the empty deck.
    nest = {(p, d) for sid, p, d in got if sid == "nest-ball-full-bench"}
    assert {p for p, _ in nest} == {"A4", "A6"}
    assert ("A4", "your Bench has 5 Pokémon, so the opponent can determine that no card can be put there") in nest
    marnie = {d for sid, p, d in got if sid == "marnie-both-hands-empty" and p == "A3"}
    assert marnie == {"your hand is empty: carried out, the effect would change nothing",
                      "the opponent's hand is empty: carried out, the effect would change nothing"}
    assert ("professors-research-empty-deck", "A4", "your deck is empty, so the opponent can determine that no card "
            "can move") in got
    # The same reasons in Simplified and Traditional Chinese (tests/test_wording.py).
    from .test_wording import check_corpus_wording
    check_corpus_wording(reasons)
