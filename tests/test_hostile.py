"""Hostile and broken input (issue 6): clear errors, never a traceback, and no injection.

The corpus: every `tests/hostile/*.yaml` states its expected error on line 1,
`# expect: LINE FIELD | PHRASE` (LINE is `-` when the error has no line): the file must be refused
with an `InputError` at that line, for that dotted field, whose message contains PHRASE; the CLI
must print exactly that one line on stderr and exit 2, in-process and as a subprocess.

Injection: names and other strings holding ASP syntax are data. A scenario whose names are
hostile must give exactly the verdict of the same scenario with plain names (and a `#include`
of a trap file or a `#script` that would leave a mark must change nothing).
"""
from __future__ import annotations

import contextlib
import glob
import io
import json
import os
import subprocess
import sys

import clingo
import pytest
import yaml

from ptcg_asp.tell.check import run
from ptcg_asp.cli.commands import main
from ptcg_asp.read.errors import InputError
from ptcg_asp.cards.library import load_library
from ptcg_asp.solve.solver import Limits

from .conftest import order_free

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HOSTILE = os.path.join(HERE, "hostile")
CORPUS = sorted(glob.glob(os.path.join(HOSTILE, "*.yaml")))
LIMITS = Limits(timeout=30.0, max_models=5000)


def expectation(path: str) -> tuple:
    """(line or None, field, phrase) from the file's first line."""
    with open(path, "rb") as fh:
        first = fh.readline().decode("utf-8", errors="replace").strip()
    assert first.startswith("# expect: "), f"{path}: line 1 must be '# expect: LINE FIELD | PHRASE'"
    place, phrase = first[len("# expect: "):].split(" | ", 1)
    line, field = place.split(" ", 1)
    return (None if line == "-" else int(line)), field, phrase


def cli(*argv: str) -> tuple:
    """`ptcg-asp ARGV` in-process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def subprocess_cli(*argv: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "ptcg_asp", *argv], capture_output=True, text=True,
                          timeout=120, env=env, cwd=ROOT)


# ---- the corpus -------------------------------------------------------------------------------

def test_the_corpus_is_large_enough():
    assert len(CORPUS) >= 40


@pytest.mark.parametrize("path", CORPUS, ids=[os.path.basename(p) for p in CORPUS])
def test_hostile_file_gives_its_documented_error(path, library):
    line, field, phrase = expectation(path)
    with pytest.raises(InputError) as info:
        run(path, library, LIMITS)
    err = info.value
    assert (err.path, err.line, err.field) == (path, line, field), err.render()
    assert phrase in err.render(), err.render()
    assert "\n" not in err.render()

    status, out, errtext = cli("check", path)
    assert status == 2
    assert out == ""
    assert errtext == f"error: {err.render()}\n"
    assert "Traceback" not in errtext


SUBPROCESS_SAMPLE = ["python-tag-object.yaml", "deep-nesting.yaml", "not-utf8-latin1.yaml",
                     "control-character.yaml", "cards-unknown-primitive.yaml", "action-empty-position.yaml"]


@pytest.mark.parametrize("name", SUBPROCESS_SAMPLE)
def test_hostile_file_through_a_subprocess(name, tmp_path):
    path = os.path.join(HOSTILE, name)
    line, field, phrase = expectation(path)
    marker = "/tmp/ptcg-asp-pwned"
    if os.path.exists(marker):
        os.remove(marker)
    proc = subprocess_cli("check", path)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    place = f"{path}:{line}" if line else path
    assert proc.stderr.startswith(f"error: {place}: {field}: expected "), proc.stderr
    assert phrase in proc.stderr
    assert not os.path.exists(marker), "a !!python tag was executed"


def test_every_hostile_file_at_once_in_check_and_audit():
    """All files in one run: each reported, none stops the others, exit 2, no traceback."""
    status, out, err = cli("check", *CORPUS)
    assert status == 2
    assert "Traceback" not in err
    assert len([x for x in err.splitlines() if x.startswith("error: ")]) == len(CORPUS)
    status, out, err = cli("audit", HOSTILE)
    assert status == 2
    assert out.count("INVALID") == len(CORPUS)
    assert f"audit: 0 passed, 0 failed, 0 incomplete, {len(CORPUS)} invalid" in out


def test_directory_without_scenarios():
    folder = os.path.join(HOSTILE, "no-scenarios")
    for argv in (("check", folder), ("audit", folder)):
        status, out, err = cli(*argv)
        assert status == 2
        assert err == f"error: {folder}: directory: expected at least one scenario file (*.yaml or *.yml), got none\n"


def test_missing_path_and_directory_given_as_a_file(tmp_path):
    status, _, err = cli("check", str(tmp_path / "nothing.yaml"))
    assert status == 2 and "path: expected an existing scenario file or directory, got nothing there" in err
    status, _, err = cli("resolve", str(tmp_path))
    assert status == 2 and "file: expected a regular file, got a directory" in err


def test_a_pipe_is_refused_without_blocking(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    status, _, err = cli("check", str(fifo))
    assert status == 2 and "a pipe, socket or device" in err
    # inside a directory it is skipped (a directory of nothing else has no scenarios)
    status, _, err = cli("check", str(tmp_path))
    assert status == 2 and "at least one scenario file" in err


def test_errors_escape_control_characters(tmp_path):
    """An error quoting a hostile key prints one line, with no raw escape sequence."""
    path = tmp_path / "esc.yaml"
    path.write_text('id: x\ntitle: t\nsource: s\n"\\e[2J\\u202ekey\\nnext": 1\nstate: {}\naction: {checkup: {}}\n',
                    encoding="utf-8")
    status, _, err = cli("check", str(path))
    assert status == 2
    assert err.count("\n") == 1 and "\x1b" not in err and "\u202e" not in err
    assert "\\x1b[2J\\u202ekey\\nnext" in err


# ---- injection --------------------------------------------------------------------------------

HOSTILE_NAMES = [
    'x). #include "/etc/passwd". y(',
    'p :- q. #include "TRAP".',
    '#script (python)\nimport pathlib\npathlib.Path("MARK").touch()\n#end.',
    "#const n=100. #show n/0.",
    "#show. #show card/1.",
    'a "quoted" name with \\ backslashes \\" and \\\\',
    "line one\nline two",
    "皮卡丘 Pikachu ✨ \u202e \U0001F525",
    "anon",
    "m(me,active)",
    "Nest Ball).",
    "%* comment *% %",
]
PLAIN = "Plain Name"


def _scenarios(name: str) -> dict:
    """Scenarios that carry NAME in every place a string can be: returns {label: document}."""
    mon = {"name": name, "kind": "pokemon", "stage": "basic", "hp": 70, "types": ["fire"],
           "abilities": [{"name": name, "kind": "activated",
                          "effect": [{"search": {"zone": "deck", "filter": {"any_of": [{"name": name}, {"type": "fire"}]},
                                                 "count": 1, "to": "hand"}},
                                     {"modifier": {"name": name}}]}],
           "attacks": [{"name": name, "cost": [], "damage": 10}]}
    item = {"name": f"{name} Ball", "kind": "item",
            "effect": {"cost": [{"move": {"from": "hand", "to": "discard", "count": 1,
                                          "filter": {"not": {"name": name}}}}],
                       "do": [{"search": {"zone": "deck", "filter": {"any_of": [{"name": name}, {"kind": "energy"}]},
                                          "count": 2, "up_to": True, "to": "hand"}}]}}
    energy = {"name": f"{name} Energy", "kind": "special_energy", "provides": ["colorless"],
              "effect": [{"draw": 1}]}
    # `lang: en`: a Chinese name would otherwise choose the language of the output (loader.written_lang)
    head = {"id": "injection", "title": name, "source": name, "lang": "en", "tags": [name]}
    me = {"active": {"card": name, "effects": [name], "energy": [f"{name} Energy"]},
          "bench": [name, {"card": name, "damage": 20}],
          "hand": [f"{name} Ball", f"{name} Energy", "Nest Ball", {"card": name, "count": 2}, "Potion"],
          "deck": [{"card": name, "count": 2}, "Basic Fire Energy", 5],
          "discard": [{"card": name}], "lost_zone": [{"card": name}],
          "prizes": [{"card": name, "face_up": True}, 5]}
    opp = {"active": name, "hand": 3, "deck": [{"card": name}, 10], "prizes": 6}
    cards = [mon, item, energy]

    def doc(action: dict) -> dict:
        return {**head, "cards": cards, "state": {"me": me, "opp": opp}, "action": action}

    return {
        "play a custom Item": doc({"play": f"{name} Ball"}),
        "play a library Item": doc({"play": "Nest Ball"}),
        "declare a custom Ability": doc({"ability": {"pokemon": "bench.1", "name": name}}),
        "attach a custom Energy": doc({"attach": {"card": f"{name} Energy", "to": "opp.active"}}),
        "attack": doc({"attack": {"name": name}}),
    }


def _report(tmp_path, doc: dict, file_name: str, name: str) -> dict:
    path = tmp_path / file_name
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    status, out, err = cli("check", "--json", str(path))
    assert status in (0, 1), err  # a verdict (no expectations here), never an error
    data = json.loads(out)
    assert not data["errors"]
    return order_free(data, {str(path): "FILE", name: "NAME"})


@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=[f"name{i}" for i in range(len(HOSTILE_NAMES))])
def test_hostile_names_are_data(name, tmp_path):
    trap = tmp_path / "trap.lp"
    trap.write_text("trap_loaded. :- trap_loaded.\n#script (python)\nimport pathlib\n"
                    f"pathlib.Path({str(tmp_path / 'TRAPPED')!r}).touch()\n#end.\n")
    name = name.replace("TRAP", str(trap)).replace("MARK", str(tmp_path / "MARKED"))
    plain, hostile = _scenarios(PLAIN), _scenarios(name)
    for label in plain:
        expected = _report(tmp_path, plain[label], "plain.yaml", PLAIN)
        got = _report(tmp_path, hostile[label], "hostile.yaml", name)
        assert got == expected, label
    assert not (tmp_path / "TRAPPED").exists(), "an #include in a name was read"
    assert not (tmp_path / "MARKED").exists(), "a #script in a name was run"


def test_the_plain_scenarios_do_something(tmp_path):
    """The comparison above is only worth something if the scenarios reach the solver and vary."""
    verdicts = {label: _report(tmp_path, doc, "plain.yaml", PLAIN)["results"][0]
                for label, doc in _scenarios(PLAIN).items()}
    assert verdicts["play a custom Item"]["verdict"] == "legal" and verdicts["play a custom Item"]["resolution_count"] > 1
    assert verdicts["declare a custom Ability"]["verdict"] == "legal"
    assert any("NAME" in json.dumps(v) for v in verdicts.values())


@pytest.mark.parametrize("name", HOSTILE_NAMES[:4], ids=["name0", "name1", "name2", "name3"])
def test_printed_facts_hold_names_as_strings(name, tmp_path, library):
    """`ptcg-asp facts` prints facts clingo reads back as the same terms: each name is one string."""
    doc = _scenarios(name)["play a custom Item"]
    path = tmp_path / "f.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    status, out, err = cli("facts", str(path))
    assert status == 0, err
    strings = set()
    for line in out.splitlines():
        assert line.endswith(".")
        term = clingo.parse_term(line[:-1])
        stack = [term]
        while stack:
            t = stack.pop()
            if t.type == clingo.SymbolType.String:
                strings.add(t.string)
            elif t.type == clingo.SymbolType.Function:
                stack.extend(t.arguments)
    assert name in strings and f"{name} Ball" in strings


def test_hostile_strings_in_expectations_and_positions_are_refused_cleanly(tmp_path):
    """Strings where the format wants a word (positions, zones, principle IDs) never reach the solver."""
    base = _scenarios(PLAIN)["play a library Item"]
    bad = [
        ({**base, "action": {"attach": {"card": "Plain Name Energy", "to": "bench.0). #include \"x\"."}}},
         "action.attach.to"),
        ({**base, "expect": {"because": ['A4"). #show.']}}, "expect.because.0"),
        ({**base, "expect": {"moved": {'deck>hand). #show x': [1]}}}, 'expect.moved.deck>hand). #show x'),
        ({**base, "state": {**base["state"], "me": {**base["state"]["me"], "used_this_turn": ["supporter). a"]}}},
         "state.me.used_this_turn.0"),
    ]
    for doc, field in bad:
        path = tmp_path / "bad.yaml"
        path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
        with pytest.raises(InputError) as info:
            run(str(path), load_library(), LIMITS)
        assert info.value.field == field


# ---- a former engine bug: `count: all` with `up_to: true` gave 'illegal' with no reason --------
# (the vocabulary now refuses the combination, which this test accepts as the fix)

def test_up_to_all_on_an_empty_pile_is_explained(tmp_path, library):
    doc = {"id": "up-to-all", "title": "t", "source": "s",
           "cards": [{"name": "Loop Ball", "kind": "item",
                      "effect": [{"move": {"from": "hand", "to": "deck", "count": "all", "up_to": True}}]}],
           "state": {"me": {"hand": ["Loop Ball"]}}, "action": {"play": "Loop Ball"}}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    try:
        report = run(str(path), library, LIMITS)
    except InputError:
        return  # refusing the combination is a fix too
    v = report.verdict
    assert v.legal or v.reasons, "an 'illegal' verdict with no reason"


@pytest.mark.parametrize("text, line, field", [
    ("- name: Evil\n  kind: item\n  effect: !!python/object/apply:os.system [ls]\n", 3, "document"),
    ("- name: Twice\n  kind: stadium\n- name: Twice\n  kind: stadium\n", 3, "cards.1.name"),
    ("- name: Odd\n  kind: pokemon\n  stage: basic\n  hp: 65\n  types: [fire]\n", 4, "cards.0.hp"),
    ("- {name: Bad, kind: item, effect: [{draw: 1}], colour: red}\n", 1, "cards.0.colour"),
    ("- name: Deep\n  kind: item\n  effect: " + "[" * 50 + "]" * 50 + "\n", 3, "document"),
])
def test_library_card_files_get_the_same_checks(tmp_path, text, line, field):
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_library(str(tmp_path))
    assert (info.value.path, info.value.line, info.value.field) == (str(tmp_path / "cards.yaml"), line, field)


# ---- a former vocabulary bug: the documented `{may: [...], if_you_do: [...]}` was always refused ----

def test_documented_may_with_if_you_do_is_accepted(tmp_path, library):
    doc = {"id": "may-if-you-do", "title": "t", "source": "s",
           "cards": [{"name": "May Ball", "kind": "item",
                      "effect": [{"may": [{"move": {"from": "hand", "to": "discard", "count": 1}}],
                                  "if_you_do": [{"draw": 2}]}]}],
           "state": {"me": {"active": "Pikachu", "hand": ["May Ball", "Potion"], "deck": 10}},
           "action": {"play": "May Ball"}}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    report = run(str(path), library, LIMITS)
    assert report.verdict.legal


def test_a_huge_name_gives_a_short_error(tmp_path):
    name = "abcdefghijklmnopqrstuvwxyz0123456789" * 40000
    path = tmp_path / "huge.yaml"
    path.write_text(f"id: x\ntitle: t\nsource: s\nstate:\n  me:\n    hand: [{name}]\naction: {{checkup: {{}}}}\n",
                    encoding="utf-8")
    status, out, err = cli("check", str(path))
    assert status == 2 and out == ""
    assert err.startswith(f"error: {path}:6: state.me.hand.0: expected a card name in the library, got '")
    assert err.endswith(f"... ({len(name) + 2} characters)\n") and len(err) < 1000
