"""A state whose `played_this_turn` lists a Supporter or a Stadium must say, in `used_this_turn`, that the player's one
Supporter / Stadium of the turn is spent (TU1), and list at most one of each: otherwise a second one could be played
(review of the seventh/eighth primitives; Team Rocket's Factory's named-Supporter condition reads the list)."""
import textwrap

import pytest

from ptcg_asp.read.errors import InputError
from ptcg_asp.read.loader import load_scenario_text
from ptcg_asp.solve.compiler import compile_scenario
from ptcg_asp.solve.session import Session

_SCN = textwrap.dedent("""\
    id: t
    title: t
    source: t
    state:
      turn: 6
      me:
        active: Pikachu
        hand: [Iono]
        deck: 20
        prizes: 6
        played_this_turn: PLAYED
        used_this_turn: USED
      opp:
        active: Snorlax
        hand: 5
        deck: 20
        prizes: 6
    action:
      play: Iono
    """)


def _load(library, played, used):
    return load_scenario_text(_SCN.replace("PLAYED", played).replace("USED", used), "<t>", library)


@pytest.mark.parametrize("played, used, words", [
    ("[Team Rocket's Petrel]", "[]", "'supporter' in used_this_turn"),             # a Supporter played, none spent
    ("[Collapsed Stadium]", "[supporter]", "'stadium' in used_this_turn"),         # a Stadium played, none spent
    ("[Team Rocket's Petrel, Iono]", "[supporter]", "at most one Supporter card"),  # two Supporters in one turn
    ("[Team Rocket's Petrel x2]", "[supporter]", "at most one Supporter card"),
])
def test_a_played_card_the_turn_does_not_account_for_is_an_input_error(library, played, used, words):
    with pytest.raises(InputError) as e:
        _load(library, played, used)
    assert words in str(e.value) and "<t>" in str(e.value)


def test_a_consistent_state_is_read_and_the_second_supporter_refused(library):
    scn = _load(library, "[Team Rocket's Petrel, Nest Ball x2]", "[supporter]")
    assert [c.name for c in scn.state.me.played_this_turn] == ["Team Rocket's Petrel", "Nest Ball"]
    assert Session().analyse(compile_scenario(scn)).legal is False      # Iono: a second Supporter this turn
