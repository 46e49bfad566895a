""""Each player ..." is one part, judged on both players' sides (seed 000 Q8-Q10, Judge and Marnie): one side being
impossible does not stop it while the other side can be done (Lure Module with my deck empty); both sides impossible
stop it (A4, T1)."""
from __future__ import annotations

import pytest

from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

TEXT = """\
id: t
title: t
source: t
state:
  me:
    active: Pikachu
    hand: [Lure Module]
    deck: {mine}
    prizes: 6
  opp:
    active: Charmander
    hand: 5
    deck: {theirs}
    prizes: 6
action:
  play: Lure Module
"""


@pytest.mark.parametrize("mine, theirs, legal", [("0", "3", True), ("3", "0", True), ("3", "3", True),
                                                 ("0", "0", False)])
def test_lure_module_needs_a_deck_on_either_side(library, mine, theirs, legal):
    scn = load_scenario_text(TEXT.format(mine=mine, theirs=theirs), "<test>", library)
    assert Session().analyse(compile_scenario(scn)).legal is legal
