"""`devolved_this_turn` (a Pokémon in play): devolved by an effect during this turn, so new this turn (seed 001 刚出场) but
not played this turn. Forest of Vitality ("can evolve ... during the turn they play those Pokémon") does not lift EV1's
limit for it (scenario forest-of-vitality-does-not-let-a-pokemon-devolved-this-turn-evolve-again); the same Basic
played this turn may evolve (the control). The field is read, checked and written back (interchange)."""
from __future__ import annotations

import pytest

from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session
from ptcg_asp.tell.interchange import _mon

TEXT = """\
id: t
title: t
source: t
state:
  turn: 5
  stadium: {{card: Forest of Vitality, owner: opp}}
  me:
    active: Pikachu
    bench: [{{card: Bulbasaur (SCR 143), {flags}}}]
    hand: [Ivysaur (MEW 167)]
    deck: 20
    prizes: 6
  opp:
    active: Pikachu
    deck: 20
    prizes: 6
action:
  evolve: {{card: Ivysaur (MEW 167), onto: bench.0}}
"""


def _legal(library, flags):
    scn = load_scenario_text(TEXT.format(flags=flags), "<test>", library)
    return Session().analyse(compile_scenario(scn)).legal


def test_a_basic_played_this_turn_may_evolve_under_forest_of_vitality(library):
    assert _legal(library, "new_this_turn: true")


def test_a_basic_devolved_this_turn_may_not(library):
    assert not _legal(library, "new_this_turn: true, devolved_this_turn: true")
    # new_this_turn may be omitted: devolving makes it new
    assert not _legal(library, "devolved_this_turn: true")


@pytest.mark.parametrize("flags, words", [
    ("devolved_this_turn: true, new_this_turn: false", "new_this_turn"),
    ("devolved_this_turn: true, evolved_this_turn: true, evolved_from: [Bulbasaur (SCR 143)]", "devolved_this_turn"),
    ("devolved_this_turn: 3", "devolved_this_turn"),
])
def test_contradictions_are_input_errors(library, flags, words):
    with pytest.raises(InputError) as err:
        load_scenario_text(TEXT.format(flags=flags), "<test>", library)
    assert words in str(err.value)


def test_the_field_is_written_back(library):
    scn = load_scenario_text(TEXT.format(flags="devolved_this_turn: true"), "<test>", library)
    mon = scn.state.me.bench[0]
    assert mon.new_this_turn and mon.devolved_this_turn
    assert _mon(mon).get("devolved_this_turn") is True
