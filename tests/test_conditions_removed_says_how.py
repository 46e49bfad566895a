"""SC4: moving to the Bench, evolving and devolving each remove every Special Condition; the reason says which of the
three did it (review of the seventh/eighth primitives: Strange Timepiece's devolve was told as "moving to the Bench")."""
import textwrap

import pytest

from ptcg_asp.tell.api import check

_STATE = textwrap.dedent("""\
    id: t
    title: t
    source: t
    state:
      turn: 5
      me:
        active: ACTIVE
        bench: [Pikachu]
        hand: [HAND]
        deck: 20
        prizes: 6
      opp: {active: Snorlax, hand: 5, deck: 20, prizes: 6}
    action: ACTION
    """)


@pytest.mark.parametrize("active, hand, action, words", [
    ("{card: Kirlia, evolved_from: [Ralts], conditions: [poisoned]}", "Strange Timepiece",
     "{play: Strange Timepiece}", "devolving removes poisoned"),
    ("{card: Ralts, conditions: [poisoned]}", "Kirlia", "{evolve: {card: Kirlia, onto: active}}",
     "evolving removes poisoned"),
    ("{card: Ralts, conditions: [poisoned], energy: [Basic Psychic Energy]}", "Potion", "{retreat: {to: bench.0}}",
     "moving to the Bench removes poisoned"),
])
def test_the_sc4_reason_names_what_removed_the_conditions(active, hand, action, words):
    got = check(_STATE.replace("ACTIVE", active).replace("HAND", hand).replace("ACTION", action))
    assert got.legal is True
    told = [r.detail for r in got.because if r.principle == "SC4"]
    assert words in told, told
    assert not any("Bench" in t for t in told if words != "moving to the Bench removes poisoned")
