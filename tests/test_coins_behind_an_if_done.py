"""A coin flipped only under a condition on an earlier step (Lucian: "If either player put any cards on the bottom of
their deck in this way, each player flips a coin. If heads, that player draws 6 cards. If tails, they draw 3 cards.")
is not flipped when the condition fails (T2): against Dew Guard with Lucian as my only card nobody puts a card on the
bottom, so nobody flips (review2; before, the outcomes listed 4 coin results, each 1/4, for coins nobody flips)."""
from __future__ import annotations

import pytest

from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

STATE = """\
id: t
title: t
source: t
state:
  turn: 17
  me:
    active: Charmander
    hand: [Lucian{mine}]
    deck: 20
    prizes: 2
  opp:
    active: {{card: Milotic, evolved_from: [Feebas]}}
    hand: 6
    deck: 20
    prizes: 3
action:
  play: Lucian
"""


@pytest.fixture(scope="module")
def session():
    return Session()


def _verdict(library, session, mine=""):
    scn = load_scenario_text(STATE.format(mine=mine), "<test>", library)
    return session.analyse(compile_scenario(scn))


def test_nobody_flips_when_nobody_put_a_card_on_the_bottom(library, session):
    verdict = _verdict(library, session)
    assert verdict.legal
    outcomes = [o for r in verdict.resolutions for o in r.outcomes]
    assert len(outcomes) == 1 and outcomes[0].probability == 1
    assert not [e for e in outcomes[0].events if e[0] == "coin"]
    assert verdict.moved.get("deck>hand", [0]) == [0] and verdict.moved.get("opp.deck>opp.hand", [0]) == [0]


def test_each_player_flips_when_my_side_put_a_card_there(library, session):
    verdict = _verdict(library, session, ", Nest Ball")
    outcomes = [o for r in verdict.resolutions for o in r.outcomes]
    assert len(outcomes) == 4 and sum(o.probability for o in outcomes) == 1
    assert all(len([e for e in o.events if e[0] == "coin"]) == 2 for o in outcomes)
    # my draws follow my coin; the opponent flips too, but Dew Guard keeps their draws out of their hand (A5)
    assert verdict.moved["deck>hand"] == [3, 6] and not verdict.moved.get("opp.deck>opp.hand")
