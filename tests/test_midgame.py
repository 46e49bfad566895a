"""Issue 14: `actions: {}` on a mid-game state of two imported Standard decks judges every action."""
from ptcg_asp.cards.library import load_library
from pathlib import Path

from ptcg_asp.read.loader import load_scenario
from ptcg_asp.solve.session import Session
from ptcg_asp.solve.solver import Limits
from ptcg_asp.tell.check import run_scenario

MIDGAME = str(Path(__file__).resolve().parent.parent / "scenarios" / "actions-midgame-ethans-fire-against-ionos-lightning.yaml")


def test_midgame_listing_judges_every_candidate_action() -> None:
    """Every candidate action gets a decided verdict: none unsupported, none cut by the time limit."""
    scn = load_scenario(MIDGAME, load_library())
    report = run_scenario(scn, Session(Limits()))
    assert len(report.actions) >= 16
    assert [j.line for j in report.actions if j.word not in ("legal", "illegal")] == []
    assert all(j.complete for j in report.actions)
    assert report.status == "PASS"
