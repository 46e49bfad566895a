"""docs/seed-coverage.md: every seed statement names existing scenarios (or why none can exist), and its counts add up."""
from __future__ import annotations

import os
import re

import yaml

from .conftest import ROOT

PATH = os.path.join(ROOT, "docs", "seed-coverage.md")
with open(PATH, encoding="utf-8") as fh:
    TEXT = fh.read()

ROW = re.compile(r"^\| (\d{3}-\d{2}[b-z]?) \| (.+?) \| (.*?) \| (.+) \|$", re.M)
ROWS = ROW.findall(TEXT)
FILE = re.compile(r"`([a-z0-9-]+\.yaml)`( \(new\))?")


def test_the_table_has_a_row_for_each_seed():
    seeds = {rid[:3] for rid, *_ in ROWS}
    assert seeds == {"000", "001", "002", "003"}
    assert len(ROWS) >= 150
    ids = [rid for rid, *_ in ROWS]
    assert len(ids) == len(set(ids)), "a row number is used twice"


def test_every_row_names_scenarios_or_says_why_not():
    for rid, _stmt, _rule, cov in ROWS:
        assert FILE.search(cov) or cov.startswith("not expressible: "), rid


def test_every_named_scenario_exists_and_cites_its_seed():
    for rid, _stmt, _rule, cov in ROWS:
        for name, new in FILE.findall(cov):
            path = os.path.join(ROOT, "scenarios", name)
            assert os.path.exists(path), f"{rid}: {name} is not in scenarios/"
            if new:
                with open(path, encoding="utf-8") as fh:
                    source = str(yaml.safe_load(fh)["source"])
                assert f"seed {rid[:3]}" in source, f"{rid}: the new scenario {name} does not cite seed {rid[:3]}"


def test_the_counts_match_the_table():
    m = re.search(r"\*\*(\d+) statements: (\d+) covered before this table, (\d+) newly covered, (\d+) not expressible\.\*\*",
                  TEXT)
    assert m, "the summary line is missing"
    total, before, new, never = map(int, m.groups())
    counted = {"before": 0, "new": 0, "never": 0}
    for _rid, _stmt, _rule, cov in ROWS:
        files = FILE.findall(cov)
        if cov.startswith("not expressible: "):
            counted["never"] += 1
        elif all(n for _f, n in files):
            counted["new"] += 1
        else:
            counted["before"] += 1
    assert (total, before, new, never) == (len(ROWS), counted["before"], counted["new"], counted["never"])
