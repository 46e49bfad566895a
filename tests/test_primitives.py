"""The primitive list lives in one place (vocabulary.PRIMITIVES): the compiler builds facts for exactly
those primitives, and docs/vocabulary.md documents exactly those."""
import os
import re

from ptcg_asp.cards.vocabulary import PRIMITIVES
from ptcg_asp.solve import compiler

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_compiler_builds_facts_for_every_primitive_and_no_other():
    assert len(PRIMITIVES) > 20
    assert sorted(compiler._PRIM_FACTS) == sorted(PRIMITIVES)


def test_the_vocabulary_document_has_one_row_per_primitive():
    with open(os.path.join(ROOT, "docs", "vocabulary.md"), encoding="utf-8") as fh:
        text = fh.read()
    section = text[text.index("\n## PRIM\n"):text.index("\n### FILTER\n")]
    rows = re.findall(r"^\| `([a-z_]+)` \|", section, re.M)
    assert sorted(rows) == sorted(PRIMITIVES)
    assert len(rows) == len(set(rows))
