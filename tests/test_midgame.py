"""Issue 14: `actions: {}` on a mid-game state of two imported Standard decks judges every action."""
from pathlib import Path

import pytest

from ptcg_asp.cards.library import load_library
from ptcg_asp.read.loader import load_scenario
from ptcg_asp.solve.session import Session
from ptcg_asp.solve.solver import Limits
from ptcg_asp.tell.check import run_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
MIDGAME = [str(SCENARIOS / n) for n in ("actions-midgame-ethans-fire-against-ionos-lightning.yaml",
                                         "actions-midgame-ionos-lightning-after-supporter-and-energy.yaml")]


@pytest.mark.parametrize("path", MIDGAME)
def test_midgame_listing_judges_every_candidate_action(path: str) -> None:
    """Every candidate action gets a decided verdict: none unsupported, none cut by the time limit."""
    scn = load_scenario(path, load_library())
    report = run_scenario(scn, Session(Limits()))
    assert len(report.actions) >= 14
    assert [j.line for j in report.actions if j.word not in ("legal", "illegal")] == []
    assert all(j.complete for j in report.actions)
    assert report.status == "PASS"
