"""docs/contested.md: every reading difference in the gallery is what `ptcg-asp diverge` finds from its bounds."""
from __future__ import annotations

import os
import re
import shlex

import pytest

from ptcg_asp.read.loader import load_scenario
from ptcg_asp.solve.readings import READINGS, reading_list
from ptcg_asp.tell.diverge import diverge
from ptcg_asp.tell.generate import parse_fields

from .conftest import ROOT

ENTRY = re.compile(r"<!-- diverge (.+?) => (\d+)(?:; (.+?))? -->")
with open(os.path.join(ROOT, "docs", "contested.md"), encoding="utf-8") as fh:
    ENTRIES = ENTRY.findall(fh.read())


def test_the_gallery_has_entries():
    assert len(ENTRIES) >= 5


@pytest.mark.parametrize("command, count, smallest", ENTRIES)
def test_a_gallery_entry_is_what_diverge_finds(library, command, count, smallest):
    words = shlex.split(command)
    path, bounds = os.path.join(ROOT, words[0]), [w for k, w in zip(words, words[1:]) if k == "--bound"]
    scenario = load_scenario(path, library)
    readings = reading_list(words[words.index("--readings") + 1]) if "--readings" in words else READINGS
    answer = diverge(scenario, parse_fields(bounds, scenario), readings, counts="--counts" in words, shown=1)
    assert answer.complete and answer.found_count == int(count)
    if smallest:
        assert ", ".join(f"{v.field}={x}" for v, x in zip(answer.varies, answer.found[0].values)) == smallest
