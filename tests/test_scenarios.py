"""Every scenario of the bundled corpus is a ruling: each runs as its own test case.

A scenario's expectations come from the seeds and docs/principles.md; a failure here means the encodings
or the card data disagree with the rules (or the scenario is marked as a known divergence).
"""
import os
import re

import pytest

from ptcg_asp.check import run
from ptcg_asp.loader import find_scenarios

from .conftest import SCENARIOS

FILES = find_scenarios(SCENARIOS)
RAW_TERM = re.compile(r"^[a-z_]+(\(.*\))?$")  # a reason the explainer did not put into words


@pytest.mark.parametrize("path", FILES, ids=[os.path.relpath(f, SCENARIOS) for f in FILES])
def test_ruling(path, library, limits):
    report = run(path, library, limits)
    assert report.scenario.expect is not None and not report.scenario.expect.is_empty(), \
        "a corpus scenario must say what the rules expect"
    assert report.verdict.complete, f"limit reached: {report.verdict.limit}"
    failed = [f"{f.key}: expected {f.expected}, got {f.actual}" for f in report.findings if not f.ok]
    assert not failed, "\n".join(failed)
    reasons = list(report.verdict.reasons) + [r for j in report.actions for r in j.reasons]
    raw = [r.line() for r in reasons if RAW_TERM.match(r.detail)]
    assert not raw, f"reasons not put into words: {raw}"


def test_corpus_ids_are_unique_and_match_file_names(library):
    from ptcg_asp.loader import load_scenario
    seen = {}
    for path in FILES:
        scn = load_scenario(path, library)
        assert scn.id not in seen, f"{scn.id} in {path} and {seen.get(scn.id)}"
        seen[scn.id] = path
        assert os.path.basename(path) == f"{scn.id}.yaml"
