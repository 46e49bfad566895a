"""The quantity notes (Q2-Q4) name whose cards the amount is counted in: the opponent's attached cards when the step
takes them off the opponent's Pokémon (Crushing Hammer), and the count on each Pokémon for "from each" (Giacomo)."""
from __future__ import annotations

import os

from ptcg_asp.cli.commands import main

from .conftest import SCENARIOS as SC


def _check(capsys, name: str) -> str:
    main(["check", os.path.join(SC, name)])
    return capsys.readouterr().out


def test_crushing_hammer_counts_in_the_opponents_attached_cards(capsys):
    out = _check(capsys, "crushing-hammer-opponent-has-energy.yaml")
    assert "Q2: the count in the opponent's attached cards is known" in out
    assert "your attached cards" not in out


def test_giacomo_takes_a_known_count_off_each_pokemon_not_all(capsys):
    out = _check(capsys, "giacomo-discards-one-special-energy-from-each-opposing-pokemon.yaml")
    assert "Q2: the count on each Pokémon is known (the opponent's attached cards)" in out
    assert "\u201call\u201d" not in out and "0 is an allowed amount" not in out
