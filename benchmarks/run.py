#!/usr/bin/env python3
"""ptcg-asp benchmarks: print, for this machine, in one run (a few minutes):

(a) the audit of the bundled corpus (wall time, scenarios/s): `ptcg-asp audit` as shipped, and the
    fast path (`audit.audit`: parsed-once encodings) on 1 and on all cores;
(b) per-scenario median time split into load, compile, ground and solve (reference and fast path);
(c) the same problems solved by bare clingo on the facts `ptcg-asp facts` prints: the ratio
    ptcg-asp / bare clingo (in-process, and as commands for a sample);
(d) three combinatorial enumeration cases against a plain generate-and-test Python enumerator
    of the same resolutions, written from the rules (docs/principles.md), not from the encodings; the counts
    must agree;
(e) ground program size (atoms/rules from clingo's statistics) for decks of 60, 120, 300 and 600
    cards (a search through N/4 different Pokémon x4, and a draw from N unspecified cards);
(f) table throughput (states/s) on the Welder table;
(g) the card pool: `ptcg-asp resolve FILE` with the full bundled pool against bare clingo on the same
    facts (commands, medians), and the time of `cards import` on the whole card data;
(h) issue 12: the relevance pruning against `#program` parts per action family (`--part families`);
(i) issue 17: generate -> solve -> compare in process on random Nest Ball, Ultra Ball and Iono states,
    states per second on one core (`--part throughput`).

Usage: python benchmarks/run.py [--json FILE] [--case-timeout SECONDS] [--part pool|families|throughput] [--data CARDS.json]
The figures are recorded in docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import clingo  # noqa: E402

from ptcg_asp.cli.commands import main as cli_main  # noqa: E402
from ptcg_asp.solve.compiler import compile_scenario  # noqa: E402
from ptcg_asp.cards.library import load_library  # noqa: E402
from ptcg_asp.read.loader import find_scenarios, load_scenario, load_scenario_text  # noqa: E402
from ptcg_asp.solve.session import Session  # noqa: E402
from ptcg_asp.solve.workers import default_jobs  # noqa: E402
from ptcg_asp.tell.audit import DEFAULT_BATCH, audit  # noqa: E402
from ptcg_asp.solve.solver import ENCODING, Limits, encodings_dir  # noqa: E402
from ptcg_asp.tell.table import build_table, parse_varies  # noqa: E402
from ptcg_asp.solve.verdict import analyse  # noqa: E402

CORPUS = os.path.join(ROOT, "scenarios")
WELDER = os.path.join(CORPUS, "welder-1-fire-energy-deck-1.yaml")
LIMITS = Limits(timeout=120.0, max_models=100000)
SKIP_KINDS = ("actions",)   # many candidate actions, not one problem: left out of the per-scenario figures

FIGURES: dict = {}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def med(values) -> float:
    values = list(values)
    return statistics.median(values) if values else float("nan")


def timed(fn, repeat: int = 1):
    """(median seconds, last result) over `repeat` runs."""
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return med(times), result


def section(title: str) -> None:
    print(f"\n== {title} " + "=" * max(0, 90 - len(title)), flush=True)


# ---- the machine -----------------------------------------------------------------------------------

def machine() -> dict:
    model = "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "?")
    except OSError:
        pass
    try:
        nproc = subprocess.run(["nproc"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        nproc = str(os.cpu_count())
    git = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--", "encodings", "ptcg_asp"],
                           capture_output=True, text=True).stdout.strip() if git else ""
    if not git:   # e.g. a `git archive` export: say which commit it is with PTCG_ASP_COMMIT
        git = os.environ.get("PTCG_ASP_COMMIT", "unknown (not a git checkout)")
    return {"nproc": nproc, "cpu": model, "python": platform.python_version(), "clingo": clingo.__version__,
            "platform": platform.platform(), "commit": git + (" (+ uncommitted changes)" if dirty else ""),
            "loadavg_start": os.getloadavg()[0]}


def _burn(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def parallel_headroom(jobs: int) -> float:
    """Speed-up of a pure-Python CPU loop on `jobs` processes over 1: what the machine gives now.

    On an idle machine with `jobs` free cores this is close to `jobs`; when other work holds the
    cores it is lower, and so is every parallel figure below.
    """
    import multiprocessing
    ctx = multiprocessing.get_context("fork")
    times = []
    for j in (1, jobs):
        t = time.perf_counter()
        with ctx.Pool(j) as pool:
            pool.map(_burn, [3_000_000] * 4)
        times.append(time.perf_counter() - t)
    return times[0] / times[1]


# ---- (a) corpus audit, (b) per-scenario split, (c) bare clingo ----------------------------------------

def corpus_files(library) -> tuple:
    files = find_scenarios(CORPUS)
    solvable = []
    for f in files:
        try:
            if load_scenario(f, library).action.kind not in SKIP_KINDS:
                solvable.append(f)
        except Exception:  # noqa: BLE001 - an invalid corpus file is the audit's business
            pass
    return files, solvable


def bench_audit(library, files: list) -> dict:
    section("(a) audit of the bundled corpus")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "ptcg_asp", "audit", CORPUS], capture_output=True, text=True,
                          cwd=ROOT, env=env)
    wall_cli = time.perf_counter() - t
    tail = [line for line in proc.stdout.splitlines() if line.startswith("audit:")]
    out = {"scenarios": len(files), "cli_wall": wall_cli, "cli_status": proc.returncode,
           "cli_summary": tail[-1] if tail else proc.stderr.strip()[-200:]}
    print(f"corpus: {len(files)} scenarios")
    print(f"ptcg-asp audit (as shipped: fast path, {default_jobs()} worker(s), command incl. start-up): {wall_cli:.2f} s wall, "
          f"{len(files) / wall_cli:.1f} scenarios/s  [{out['cli_summary']}]")
    rows_by_run = {}
    for batch, jobs in ((DEFAULT_BATCH, 1), (DEFAULT_BATCH, default_jobs())):
        if (batch, jobs) in rows_by_run:
            continue
        c0 = time.process_time()
        t = time.perf_counter()
        rows = audit(files, library, LIMITS, jobs, batch)
        wall = time.perf_counter() - t
        cpu = time.process_time() - c0
        passed = sum(1 for r in rows if r.status == "PASS")
        out[f"fast_wall_b{batch}_j{jobs}"] = wall
        out[f"fast_passed_b{batch}_j{jobs}"] = passed
        rows_by_run[(batch, jobs)] = rows
        how = "one grounding per scenario" if batch == 1 else f"up to {batch} similar scenarios per grounding"
        print(f"fast path (audit.audit, {how}, {jobs} worker{'s' if jobs > 1 else ''}): {wall:.2f} s wall, "
              f"{len(files) / wall:.1f} scenarios/s, {passed}/{len(rows)} pass"
              + (f"; CPU {cpu:.2f} s" if jobs == 1 else ""))
    jobs = default_jobs()
    best = out[f"fast_wall_b{DEFAULT_BATCH}_j{jobs}"]
    listing = [r for r in rows_by_run[(DEFAULT_BATCH, 1)] if r.timings and "compile" not in r.timings]
    print(f"of which scenarios that list every action (their candidate actions solved as one batch): "
          f"{len(listing)}, {sum(r.seconds for r in listing):.2f} s")
    print(f"target: whole corpus in < 3 s wall on 2 cores (at 150 scenarios): "
          f"{'MET' if best < 3 * len(files) / 150 and jobs >= 2 else 'MISSED'} ({best:.2f} s for {len(files)} "
          f"scenarios on {jobs} cores, i.e. {best * 150 / len(files):.2f} s per 150)")
    return out


def print_split(ref: dict, fast: dict, n: int) -> dict:
    section("(b) per-scenario median time by phase")
    print(f"{n} scenarios (scenarios that list every action are left out: judged action by action)")
    print(f"{'phase':<34}{'median':>10}{'sum':>10}")
    for label, data in (("reference path (verdict.analyse, the cross-check)", ref), ("fast path (session, one grounding per scenario: what the commands run)", fast)):
        print(f"-- {label}")
        for k, values in data.items():
            print(f"   {k:<31}{ms(med(values)):>10}{sum(values):>9.2f}s")
    print("   reference: `parse+facts` is clingo parsing the encodings plus adding the facts, for the first solve;"
          " an illegal action is parsed and grounded again for its diagnosis (in `solve`).")
    print("   fast: `build+facts` is building a Control from the parsed statements; one grounding serves"
          " both solves (`relax` is an external).")
    return {"reference": {k: med(v) for k, v in ref.items()}, "fast": {k: med(v) for k, v in fast.items()},
            "reference_sum": {k: sum(v) for k, v in ref.items()}, "fast_sum": {k: sum(v) for k, v in fast.items()}}


def fast_split(solvable: list, fast_rows: list) -> dict:
    keep = {os.path.abspath(f) for f in solvable}
    fast = {"load": [], "compile": [], "build+facts": [], "ground": [], "solve": [], "verdict": [], "total": []}
    for r in fast_rows:
        if os.path.abspath(r.path) not in keep or not r.timings:
            continue
        fast["load"].append(r.timings.get("load", 0.0))
        fast["compile"].append(r.timings.get("compile", 0.0))
        fast["build+facts"].append(r.timings.get("build", 0.0))
        fast["ground"].append(r.timings.get("ground", 0.0))
        fast["solve"].append(r.timings.get("solve", 0.0))
        fast["verdict"].append(r.timings.get("verdict", 0.0))
        fast["total"].append(r.seconds)
    return fast


def reference_run(path: str, library) -> tuple:
    """The reference path (`verdict.analyse`: the encodings parsed for every solve, an illegal action
    grounded twice; the tests cross-check the commands' fast path against it), timed by phase."""
    from ptcg_asp.tell.check import compare
    t0 = time.perf_counter()
    scn = load_scenario(path, library)
    t1 = time.perf_counter()
    problem = compile_scenario(scn)
    t2 = time.perf_counter()
    v = analyse(problem, LIMITS)
    compare(scn, v)
    t3 = time.perf_counter()
    split = {"load": t1 - t0, "compile": t2 - t1, "parse+facts": v.timings.get("load", 0.0),
             "ground": v.timings.get("ground", 0.0),
             "solve": v.timings.get("solve", 0.0) + v.timings.get("diagnose", 0.0), "total": t3 - t0}
    return t3 - t0, split


def facts_text(path: str) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = cli_main(["facts", path])
    if code != 0:
        raise RuntimeError(f"ptcg-asp facts {path}: exit {code}")
    return buf.getvalue()


def bare_clingo(facts_file: str) -> int:
    """What `clingo encodings/ptcg.lp FACTS 0 --project=show` does, in this process; returns #models."""
    ctl = clingo.Control(["--models=0", "--project=show"])
    ctl.load(os.path.join(encodings_dir(), ENCODING))
    ctl.load(facts_file)
    ctl.ground([("base", [])])
    count = 0

    def on_model(m):
        nonlocal count
        count += 1
        m.symbols(shown=True)
    ctl.solve(on_model=on_model)
    return count


def bench_bare(library, solvable: list, sample: int = 8) -> tuple:
    """(b) and (c): every solvable scenario by bare clingo, by the reference path and by the fast
    path (one grounding each), one after the other, so that all three see the same machine load."""
    from ptcg_asp.tell.audit import check_one
    session = Session(LIMITS)
    ref_split: dict = {}
    fast_rows = []
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for i, f in enumerate(solvable):
            p = os.path.join(tmp, f"{i}.lp")
            with open(p, "w", encoding="utf-8") as out:
                out.write(facts_text(f))
            paths[f] = p
        for f in solvable:
            bare, _ = timed(lambda: bare_clingo(paths[f]))
            ref, split = reference_run(f, library)
            for k, v in split.items():
                ref_split.setdefault(k, []).append(v)
            t = time.perf_counter()
            fast_rows.append(check_one(f, library, session))
            rows.append((f, bare, ref, time.perf_counter() - t))
        b = print_split(ref_split, fast_split(solvable, fast_rows), len(rows))
        section("(c) overhead over bare clingo on the same program")
        tot = [sum(r[i] for r in rows) for i in (1, 2, 3)]
        print(f"{len(rows)} scenarios, in-process (no interpreter start-up on either side):")
        print(f"  bare clingo (parse encodings + facts, ground, enumerate): total {tot[0]:.2f} s, "
              f"median {ms(med(r[1] for r in rows))}")
        print(f"  ptcg-asp reference path (verdict.analyse: load YAML, compile, solve, diagnose, explain, compare): total {tot[1]:.2f} s,"
              f" median {ms(med(r[2] for r in rows))}")
        print(f"  ptcg-asp fast path (what the commands run: encodings parsed once, one grounding per scenario): total {tot[2]:.2f} s, "
              f"median {ms(med(r[3] for r in rows))}")
        ratio_ref = tot[1] / tot[0]
        ratio_fast = tot[2] / tot[0]
        med_ref = med(r[2] / r[1] for r in rows)
        med_fast = med(r[3] / r[1] for r in rows)
        worst = max(rows, key=lambda r: r[2] / r[1])
        print(f"  overhead ptcg-asp / bare clingo: reference {ratio_ref:.2f}x (median per scenario {med_ref:.2f}x), "
              f"fast path {ratio_fast:.2f}x (median {med_fast:.2f}x)")
        print(f"  largest reference overhead: {os.path.basename(worst[0])} {worst[2] / worst[1]:.1f}x "
              f"({ms(worst[2])} vs {ms(worst[1])})")
        # As commands, for a sample: both sides pay an interpreter start-up. ptcg-asp's modules are
        # byte-compiled first, as `pip install` does (PYTHONDONTWRITEBYTECODE would otherwise make
        # every command compile them from source).
        import compileall
        compileall.compile_dir(os.path.join(ROOT, "ptcg_asp"), quiet=1)
        env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
        step = max(1, len(solvable) // sample)
        cmd_rows = []
        for f in solvable[::step][:sample]:
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "clingo", os.path.join(encodings_dir(), ENCODING), paths[f], "0",
                            "--project=show", "--quiet=2"], capture_output=True, env=env)
            bare_cmd = time.perf_counter() - t
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "ptcg_asp", "check", f], capture_output=True, env=env, cwd=ROOT)
            cmd_rows.append((bare_cmd, time.perf_counter() - t))
        cmd_ratio = med(b / a for a, b in cmd_rows)
        print(f"  as commands ({len(cmd_rows)} scenarios): `python -m clingo ...` median {ms(med(r[0] for r in cmd_rows))},"
              f" `ptcg-asp check FILE` median {ms(med(r[1] for r in cmd_rows))}: {cmd_ratio:.2f}x")
    met = ratio_fast <= 3
    print(f"target: overhead <= 3x: {'MET' if met else 'MISSED'} (fast path, what the commands run, {ratio_fast:.2f}x "
          f"over the corpus; reference path {ratio_ref:.2f}x)")
    return b, {"scenarios": len(rows), "bare_total": tot[0], "reference_total": tot[1], "fast_total": tot[2],
               "ratio_reference": ratio_ref, "ratio_fast": ratio_fast, "median_ratio_reference": med_ref,
               "median_ratio_fast": med_fast, "command_ratio": cmd_ratio}


# ---- (d) enumeration against generate-and-test --------------------------------------------------------

def test_pokemon(prefix: str, n: int) -> str:
    return "".join(f"  - {{name: {prefix} {i:02d}, kind: pokemon, stage: basic, hp: 60, types: [colorless]}}\n"
                   for i in range(1, n + 1))


def names(prefix: str, n: int) -> list:
    return [f"{prefix} {i:02d}" for i in range(1, n + 1)]


OPP = "  opp: {active: Pikachu, bench: [], hand: 6, deck: 30, prizes: 6}\n"

ULTRA_BALL = f"""id: bench-ultra-ball
title: Ultra Ball with 10 different cards in hand and 30 different Pokémon in the deck
source: benchmarks/run.py
cards:
{test_pokemon('Hand Test', 10)}{test_pokemon('Deck Test', 30)}state:
  me:
    active: Charmander
    hand: [Ultra Ball, {', '.join(names('Hand Test', 10))}]
    deck: [{', '.join(names('Deck Test', 30))}]
    prizes: 6
{OPP}action:
  play: Ultra Ball
"""

SUPER_ROD_DISCARD = names("Discard Test", 8) + ["Basic Grass Energy", "Basic Water Energy",
                                                "Basic Lightning Energy", "Basic Psychic Energy"]
SUPER_ROD = f"""id: bench-super-rod
title: Super Rod with 12 different cards (Pokémon and Basic Energy) in the discard pile
source: benchmarks/run.py
cards:
{test_pokemon('Discard Test', 8)}state:
  me:
    active: Charmander
    hand: [Super Rod]
    deck: 20
    discard: [{', '.join(SUPER_ROD_DISCARD)}]
    prizes: 6
{OPP}action:
  play: Super Rod
"""

def infernal_reign(ident: str, fire: int, other: int) -> str:
    """Charizard ex evolving from the Active Charmeleon with 5 different Benched Pokémon: its
    Infernal Reign searches the deck of `fire` Basic Fire Energy and `other` unspecified cards."""
    return f"""id: {ident}
title: Charizard ex's Infernal Reign with 6 different Pokémon in play and {fire} Basic Fire Energy in a {fire + other}-card deck
source: benchmarks/run.py
cards:
{test_pokemon('Bench Test', 5)}state:
  me:
    active: {{card: Charmeleon, evolved_from: [Charmander]}}
    bench: [{', '.join(names('Bench Test', 5))}]
    hand: [Charizard ex]
    deck: [Basic Fire Energy x{fire}, {other}]
    prizes: 6
{OPP}action:
  evolve: {{card: Charizard ex, onto: active}}
"""


INFERNAL_REIGN = infernal_reign("bench-infernal-reign", 3, 27)
INFERNAL_REIGN_DECK = infernal_reign("bench-infernal-reign-identical", 10, 30)


def gt_ultra_ball(hand: list, deck: list, is_pokemon) -> set:
    """Generate every (cost, search) candidate by card positions; keep the legal ones, by name.

    A1: the cost discards exactly 2 other cards from the hand. The search takes 1 Pokémon from the
    deck or none: the deck is an unknown zone and the opponent cannot tell whether it holds a
    Pokémon (W1, Q1). Identical choices by name are one resolution.
    """
    found = set()
    for i, j in itertools.product(range(len(hand)), repeat=2):
        if i == j:
            continue
        cost = tuple(sorted((hand[i], hand[j])))
        for k in itertools.chain([None], range(len(deck))):
            if k is not None and not is_pokemon(deck[k]):
                continue
            found.add((cost, None if k is None else deck[k]))
    return found


def gt_super_rod(discard: list, fits) -> set:
    """Every tuple of up to 3 discard-pile positions; legal: distinct cards, each a Pokémon or Basic
    Energy, at least 1 (Q4: "up to" in a known zone means 1..min(3, actual)); the shuffle is no choice."""
    found = set()
    for k in range(0, 4):
        for pos in itertools.product(range(len(discard)), repeat=k):
            if k < 1 or len(set(pos)) != k or not all(fits(discard[p]) for p in pos):
                continue
            found.add(tuple(sorted(discard[p] for p in pos)))
    return found


def gt_infernal_reign(deck: list, in_play: list) -> set:
    """Declining (X4: a triggered "you may") is one resolution. Otherwise every tuple of up to 3 deck
    positions (all Basic Fire Energy; 0 allowed: the deck is unknown, W1/Q1) and every tuple of
    Pokémon in play to attach each to ("in any way you like"); identical Energy make the result the
    multiset of targets."""
    found = {("decline",)}
    for k in range(0, 4):
        for pos in itertools.product(range(len(deck)), repeat=k):
            if len(set(pos)) != k or not all(deck[p] == "Basic Fire Energy" for p in pos):
                continue
            for targets in itertools.product(range(len(in_play)), repeat=k):
                found.add(("search",) + tuple(sorted(in_play[t] for t in targets)))
    return found


def bench_enumeration(library) -> dict:
    section("(d) enumeration: ptcg-asp against plain generate-and-test in Python")
    session = Session(LIMITS)
    cases = []
    ub = load_scenario_text(ULTRA_BALL, "bench-ultra-ball.yaml", library)
    lib_ub = ub.library
    hand = names("Hand Test", 10)
    deck = names("Deck Test", 30)
    cases.append(("Ultra Ball: 10 different cards in hand, 30 different Pokémon in the deck", ULTRA_BALL,
                  lambda: gt_ultra_ball(hand, deck, lambda c: lib_ub.get(c).is_pokemon), math.comb(10, 2) * 31))
    sr = load_scenario_text(SUPER_ROD, "bench-super-rod.yaml", library)
    lib_sr = sr.library
    cases.append(("Super Rod: 12 different cards in the discard pile", SUPER_ROD,
                  lambda: gt_super_rod(SUPER_ROD_DISCARD, lambda c: lib_sr.get(c).is_pokemon
                                       or lib_sr.get(c).kind == "basic_energy"),
                  sum(math.comb(12, k) for k in (1, 2, 3))))
    ir_deck = ["Basic Fire Energy"] * 3 + [None] * 27
    ir_play = ["Charizard ex"] + names("Bench Test", 5)
    cases.append(("Infernal Reign: up to 3 Basic Fire Energy onto 6 different Pokémon", INFERNAL_REIGN,
                  lambda: gt_infernal_reign(ir_deck, ir_play), 1 + sum(math.comb(6 + k - 1, k) for k in range(4))))
    ir_many = ["Basic Fire Energy"] * 10 + [None] * 30
    extra = [("Infernal Reign: up to 3 of 10 identical Basic Fire Energy in a 40-card deck onto 6 different Pokémon",
              INFERNAL_REIGN_DECK, lambda: gt_infernal_reign(ir_many, ir_play),
              1 + sum(math.comb(6 + k - 1, k) for k in range(4)))]
    out = []
    for number, (title, text, gt, closed) in enumerate(cases + extra):
        def asp():
            scn = load_scenario_text(text, "bench.yaml", library)
            return session.analyse(compile_scenario(scn))
        t_asp, verdict = timed(asp, 3)
        t_gt, found = timed(gt, 3)
        solve_only = verdict.timings.get("ground", 0) + verdict.timings.get("solve", 0)
        # Before its first model ptcg-asp has built and grounded the program: no enumeration,
        # however fast, makes it quicker than that.
        floor = verdict.timings.get("build", 0) + verdict.timings.get("ground", 0)
        agree = len(verdict.resolutions) == len(found) == closed
        ratio = t_gt / t_asp
        out.append({"case": title, "ptcg_asp": len(verdict.resolutions), "generate_and_test": len(found),
                    "closed_form": closed, "agree": agree, "asp_seconds": t_asp, "asp_ground_solve": solve_only,
                    "asp_verdict": verdict.timings.get("verdict", 0), "asp_floor": floor,
                    "gt_seconds": t_gt, "ratio": ratio, "target_case": number < len(cases)})
        print(f"{title}{'' if out[-1]['target_case'] else ' (identical cards; not one of the target cases)'}")
        print(f"  resolutions: ptcg-asp {len(verdict.resolutions)}, generate-and-test {len(found)}, "
              f"closed form {closed}: {'agree' if agree else 'DISAGREE'}")
        print(f"  ptcg-asp end to end {ms(t_asp)} (build+ground before the first model {ms(floor)}, ground+solve "
              f"{ms(solve_only)}, verdict assembly {ms(verdict.timings.get('verdict', 0))}); generate-and-test "
              f"{ms(t_gt)}; speed-up of ptcg-asp: {ratio:.2f}x (at most {t_gt / floor:.2f}x with a free enumeration)")
    worst = min(c["ratio"] for c in out if c["target_case"])
    print(f"target: enumeration >= 20x faster than generate-and-test: {'MET' if worst >= 20 else 'MISSED'} "
          f"(lowest speed-up {worst:.2f}x on the three cases)")
    return {"cases": out}


# ---- (e) ground program size -------------------------------------------------------------------------

def deck_scenario(kind: str, n: int, library):
    """The problem for a deck of n cards. The loader caps a player at 120 cards (a scenario file
    describes a real game), so the deck is set on the loaded model, past that check."""
    from dataclasses import replace
    from ptcg_asp.read.model import CardCount
    if kind == "search":
        distinct = n // 4
        text = f"""id: bench-deck-search
title: Ultra Ball, a deck of {n} cards ({distinct} different Pokémon x4)
source: benchmarks/run.py
cards:
{test_pokemon('Deck Test', distinct)}state:
  me:
    active: Charmander
    hand: [Ultra Ball, Basic Fire Energy x2]
    deck: []
    prizes: 6
{OPP}action:
  play: Ultra Ball
"""
        deck = tuple(CardCount(f"Deck Test {i:02d}", 4) for i in range(1, distinct + 1))
    else:
        text = f"""id: bench-deck-draw
title: Welder, a deck of {n} unspecified cards
source: benchmarks/run.py
state:
  me:
    active: Charmander
    hand: [Welder, Basic Fire Energy x2]
    deck: []
    prizes: 6
{OPP}action:
  play: Welder
"""
        deck = (CardCount(None, n),)
    scn = load_scenario_text(text, "bench.yaml", library)
    return replace(scn, state=replace(scn.state, me=replace(scn.state.me, deck=deck)))


def ground_size_case(kind: str, n: int) -> dict:
    """Run in a child process: ground the problem, then read clingo's statistics."""
    library = load_library()
    problem = compile_scenario(deck_scenario(kind, n, library))
    session = Session(LIMITS)
    ctl, _, ground = session.grounded(problem.facts)
    t = time.perf_counter()
    models = 0

    def on_model(m):
        nonlocal models
        models += 1
    ctl.solve(on_model=on_model)
    solve = time.perf_counter() - t
    lp = ctl.statistics["problem"]["lpStep"]
    return {"kind": kind, "deck": n, "symbols": len(ctl.symbolic_atoms), "atoms": int(lp["atoms"]),
            "rules": int(lp["rules"]), "bodies": int(lp["bodies"]), "ground_s": ground, "solve_s": solve,
            "models": models}


def bench_ground(case_timeout: float) -> dict:
    section("(e) ground program size by deck size")
    out = []
    print(f"{'deck':<8}{'cards':>6}{'symbols':>10}{'atoms':>10}{'rules':>10}{'ground':>11}{'solve':>11}")
    for kind in ("search", "draw"):
        stop = False
        for n in (60, 120, 300, 600):
            if stop:
                out.append({"kind": kind, "deck": n, "timeout": True})
                print(f"{kind:<8}{n:>6}   skipped (a smaller deck already hit the {case_timeout:.0f} s limit)")
                continue
            try:
                proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--ground-size-case", kind, str(n)],
                                      capture_output=True, text=True, timeout=case_timeout)
                if proc.returncode != 0:
                    raise RuntimeError(proc.stderr.strip().splitlines()[-1])
                r = json.loads(proc.stdout.strip().splitlines()[-1])
            except subprocess.TimeoutExpired:
                out.append({"kind": kind, "deck": n, "timeout": True})
                print(f"{kind:<8}{n:>6}   did not finish grounding and solving within {case_timeout:.0f} s")
                stop = True
                continue
            out.append(r)
            print(f"{kind:<8}{n:>6}{r['symbols']:>10}{r['atoms']:>10}{r['rules']:>10}{ms(r['ground_s']):>11}"
                  f"{ms(r['solve_s']):>11}")
    verdicts = []
    for kind in ("search", "draw"):
        pts = [r for r in out if r["kind"] == kind and not r.get("timeout")]
        if len(pts) >= 2:
            a, b = pts[0], pts[-1]
            exp = math.log(b["rules"] / a["rules"]) / math.log(b["deck"] / a["deck"])
            verdicts.append((kind, exp, a["deck"], b["deck"]))
            print(f"{kind}: rules grow as deck^{exp:.2f} from {a['deck']} to {b['deck']} cards "
                  f"({'linear or better' if exp <= 1.1 else 'faster than linear'})")
        missing = [r["deck"] for r in out if r["kind"] == kind and r.get("timeout")]
        if missing:
            verdicts.append((kind, float("inf"), None, None))
            print(f"{kind}: decks of {', '.join(map(str, missing))} cards did not finish in {case_timeout:.0f} s")
    met = all(v[1] <= 1.1 for v in verdicts)
    print(f"target: ground size at most linear in the deck size: {'MET' if met else 'MISSED'}")
    return {"rows": out}


# ---- (f) table throughput ------------------------------------------------------------------------------

def table_case() -> dict:
    """Run in a child process (as `ptcg-asp table` runs in its own): the Welder tables' figures."""
    library = load_library()
    base = load_scenario(WELDER, library)
    out: dict = {"lines": []}
    say = out["lines"].append
    seed = parse_varies(["me.hand.Basic Fire Energy=0..3", "me.deck=0,1,20"], base)
    t, table = timed(lambda: build_table(base, seed, LIMITS, jobs=1), 3)
    out["seed_table"] = {"states": len(table.cells), "seconds": t, "states_per_s": len(table.cells) / t}
    say(f"seed table (Fire Energy in hand 0..3 x cards in deck 0, 1, 20): {len(table.cells)} states in {ms(t)} "
        f"= {len(table.cells) / t:.0f} states/s (1 process; {table.stats.groundings} groundings)")
    big = parse_varies(["me.hand.Basic Fire Energy=0..5", "me.deck=0..29"], base)
    for jobs in sorted({1, default_jobs()}):
        runs = []
        for _ in range(4):   # a first run, then the median of three: a table takes a fraction of a second
            c0 = time.process_time()
            t = time.perf_counter()
            table = build_table(base, big, LIMITS, jobs=jobs)
            runs.append((time.perf_counter() - t, time.process_time() - c0, table))
        first = runs[0][0]
        wall, cpu, table = sorted(runs[1:], key=lambda r: r[0])[1]
        n = len(table.cells)
        jobs = min(jobs, table.stats.groundings)     # the processes that had a block to solve
        per_core = n / wall / jobs
        out[f"big_{jobs}"] = {"states": n, "seconds": wall, "states_per_s": n / wall, "per_core": per_core,
                              "first_run_s": first, "cpu": cpu if jobs == 1 else None}
        line = (f"Welder table Fire 0..5 x deck 0..29: {n} states, {jobs} process{'es' if jobs > 1 else ''} (median of 3 "
                f"after a first run of {first:.2f} s): {wall:.3f} s wall = {n / wall:.0f} states/s ({per_core:.0f} per core)")
        if jobs == 1:
            st = table.stats
            out[f"big_{jobs}"]["per_state_ms"] = {k: 1000 * v / n for k, v in st.timings.items()}
            out[f"big_{jobs}"]["groundings"] = st.groundings
            us = lambda key: f"{1e6 * st.timings.get(key, 0) / n:.0f} µs"  # noqa: E731
            line += (f"; per state: compile {us('compile')}, build {us('build')}, ground {us('ground')} "
                     f"({st.groundings} groundings), solve {us('solve')}, verdict {us('verdict')}; "
                     f"CPU {cpu:.3f} s = {n / cpu:.0f} states per CPU-second")
        say(line)
    # One Control per state, for comparison: what grounding a block once saves.
    session = Session(LIMITS)
    sample = [(f, d) for f in range(0, 6) for d in range(0, 30, 6)]
    from ptcg_asp.tell.table import apply
    t = time.perf_counter()
    for values in sample:
        session.analyse(compile_scenario(apply(base, big, values)))
    one = (time.perf_counter() - t) / len(sample)
    out["one_control_per_state"] = 1 / one
    say(f"for comparison, one grounding per state (Session.analyse): {1 / one:.0f} states/s")
    return out


def bench_table(case_timeout: float) -> dict:
    section("(f) table throughput (Welder)")
    print("(in a fresh process, as `ptcg-asp table` runs; interpreter start-up and the card library are not "
          "counted: they are paid once per command, not per state)")
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--table-case"], capture_output=True, text=True,
                          timeout=max(case_timeout, 120))
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1])
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    for line in out.pop("lines"):
        print(line)
    best = max(v["per_core"] for k, v in out.items() if k.startswith("big_"))
    print(f"target: >= 2,000 states/s per core on the Welder table: {'MET' if best >= 2000 else 'MISSED'} "
          f"({best:.0f} states/s per core)")
    return out


# ---- (g) the card pool: load cost against bare clingo, and `cards import` on the whole data --------------

POOL_SAMPLE = ("quick-ball-resolution-count.yaml", "acerola-needs-a-damaged-pokemon.yaml",
               "pikachu-pika-punch-rainbow-energy-pays-lightning.yaml", "zoroark-gx-riotous-beating-pokemon-in-play.yaml",
               "boss-orders-against-princess-curtain.yaml", "welder-1-fire-energy-deck-1.yaml")


def _command_env(pyc: str) -> tuple:
    """Commands as an installed package runs them: with compiled bytecode (kept under `pyc`, not in
    the checkout) and the start-up cache warm (ptcg_asp/read/diskcache.py)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = ROOT
    return [sys.executable, "-X", f"pycache_prefix={pyc}"], env


def _wall(cmd: list, env: dict) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def bench_pool(data: str, repeat: int = 7) -> dict:
    """`ptcg-asp resolve FILE` with the full bundled pool against `clingo encodings/ptcg.lp FACTS`
    (both as commands, alternated, medians), and `cards import` on the whole card data."""
    from ptcg_asp.cards.library import pool_dir
    section("(g) the card pool: one-scenario command against bare clingo; `cards import` on the whole data")
    files = [f for f in os.listdir(pool_dir()) if f.startswith("cards-")]
    size = sum(os.path.getsize(os.path.join(pool_dir(), f)) for f in files)
    index = sum(os.path.getsize(os.path.join(pool_dir(), "index", f)) for f in os.listdir(os.path.join(pool_dir(), "index")))
    with open(os.path.join(pool_dir(), "index", "meta.json"), encoding="utf-8") as fh:
        ncards = json.load(fh)["cards"]
    print(f"  bundled pool: {ncards} cards, {size / 1e6:.2f} MB of YAML in {len(files)} files, index {index / 1e6:.2f} MB")
    out: dict = {"pool_cards": ncards, "pool_bytes": size, "index_bytes": index, "rows": []}
    with tempfile.TemporaryDirectory() as tmp:
        py, env = _command_env(os.path.join(tmp, "pyc"))
        env["PTCG_ASP_CACHE"] = os.path.join(tmp, "cache")
        ratios = []
        for name in POOL_SAMPLE:
            path = os.path.join(CORPUS, name) if os.path.exists(os.path.join(CORPUS, name)) else \
                os.path.join(ROOT, "docs", "examples", name)
            facts = os.path.join(tmp, name + ".lp")
            with open(facts, "w", encoding="utf-8") as fh:
                fh.write(facts_text(path))
            ours = py + ["-m", "ptcg_asp", "resolve", path]
            bare = py + ["-m", "clingo", os.path.join(encodings_dir(), ENCODING), facts, "0", "--project=show"]
            _wall(ours, env), _wall(bare, env)            # bytecode and start-up cache written
            a, b = [], []
            for _ in range(repeat):
                b.append(_wall(bare, env))
                a.append(_wall(ours, env))
            ratio = med(a) / med(b)
            ratios.append(ratio)
            out["rows"].append({"scenario": name, "ptcg_asp": med(a), "clingo": med(b), "ratio": ratio})
            print(f"  {name:<58} ptcg-asp resolve {ms(med(a))}  clingo {ms(med(b))}  {ratio:.2f}x")
        out["median_ratio"] = med(ratios)
        print(f"target: a one-scenario command within 1.5x of bare clingo with the full pool: "
              f"{'MET' if out['median_ratio'] <= 1.5 else 'MISSED'} (median {out['median_ratio']:.2f}x)")
        if data and os.path.exists(data):
            times = [_wall(py + ["-m", "ptcg_asp", "cards", "import", data, "--out-dir", os.path.join(tmp, "pool")], env)
                     for _ in range(3)]
            out["import_seconds"] = med(times)
            print(f"  `ptcg-asp cards import {os.path.basename(data)} --out-dir DIR` (whole data): {med(times):.2f} s "
                  f"(median of 3, including start-up)")
        else:
            print("  `cards import` not timed: give the card data with --data FILE (or $PTCG_CARDS_EN)")
    return out


def bench_families(step: int = 3) -> dict:
    """Issue 12: the relevance pruning against the encodings' own structure. For each action kind, the
    best `#program` part a hand-written split could give (the union of the statements the pruning keeps
    over every corpus problem of that kind: an exact part for the family holds at least these), the same
    part with every other rule kept but switched off by a body atom no fact gives (`family_off`), and the
    full encodings: ground and solve CPU time per problem, every `step`-th corpus problem."""
    from clingo import ast
    from ptcg_asp.solve.facts import fact_pattern
    from ptcg_asp.solve.program import RELAX_PATTERN
    section("(h) relevance pruning against #program parts per action family (issue 12)")
    statements: list = []
    ast.parse_files([os.path.join(encodings_dir(), ENCODING)],
                    lambda s: statements.append(s) if s.ast_type != ast.ASTType.Comment else None)
    where = {str(s): i for i, s in enumerate(statements)}
    library, session = load_library(), Session(LIMITS)
    problems = []
    for f in find_scenarios(CORPUS):
        scn = load_scenario(f, library)
        if scn.action.kind in SKIP_KINDS:
            continue
        problem = compile_scenario(scn)
        kept = session.rules.live(frozenset(fact_pattern(x) for x in problem.facts) | {RELAX_PATTERN})
        problems.append((scn.action.kind, problem, {where[str(x)] for x in kept if str(x) in where}))
    family: dict = {}
    for kind, _, kept in problems:
        family.setdefault(kind, set()).update(kept)
    loc = statements[0].location
    off = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(loc, "family_off", [], False)))

    def cpu(problem, chosen, switched_off=()) -> float:
        ctl = clingo.Control(["--models=0", "--project=show"], logger=lambda code, msg: None)
        with ctl.backend() as backend:
            for sym in problem.facts:
                backend.add_rule([backend.add_atom(sym)])
        with ast.ProgramBuilder(ctl) as builder:
            for i in sorted(chosen):
                builder.add(statements[i])
            for i in sorted(switched_off):
                s = statements[i]
                builder.add(s.update(body=list(s.body) + [off]) if s.ast_type == ast.ASTType.Rule else s)
        t = time.process_time()
        ctl.ground([("base", [])])
        ctl.solve()
        return time.process_time() - t

    everything = set(range(len(statements)))
    rows = [(cpu(p, kept), cpu(p, family[k]), cpu(p, family[k], everything - family[k]), cpu(p, everything))
            for k, p, kept in problems[::step]]
    names = ("relevance pruning", "#program part per family", "family switched off by a fact", "full encodings")
    out = {"problems": len(rows), "statements": len(statements),
           "kept_median": med(len(kept) for _, _, kept in problems),
           "family_sizes": {k: len(v) for k, v in sorted(family.items())}}
    print(f"  {len(rows)} problems (every {step}th of {len(problems)}); {len(statements)} statements; the pruning keeps "
          f"a median of {out['kept_median']:.0f}; parts per family: {out['family_sizes']}")
    for j, name in enumerate(names):
        col = [r[j] for r in rows]
        out[name] = {"median": med(col), "total": sum(col)}
        print(f"  {name:<32} ground+solve CPU median {ms(med(col))}, total {sum(col):.2f} s")
    return out


# ---- main ------------------------------------------------------------------------------------------------

# ---- (i) issue 17: generated states, solved and compared in process ------------------------------------

THROUGHPUT_CASES = (   # (card, base scenario, bounds): thousands of states each, 2,000 drawn
    ("Nest Ball", "nest-ball-open-bench.yaml",
     ["me.bench=0..5", "me.deck.Pikachu=0..4", "me.deck.Charmander=0..4", "me.deck=0..30", "me.hand=0..5"]),
    ("Ultra Ball", "ultra-ball-two-other-cards.yaml",
     ["me.hand=0..6", "me.hand.Basic Fire Energy=0..3", "me.deck.Charizard ex=0..3", "me.deck=0..30", "me.bench=0..3"]),
    ("Iono", "iono-each-player-draws-per-prize-left.yaml",
     ["me.hand=0..10", "opp.hand=0..10", "me.prizes=1..6", "opp.prizes=1..6", "me.deck=0..20", "opp.deck=0..20"]),
)


def throughput_case(library, base_file: str, bounds: list, n: int, seed: int, summary: bool) -> dict:
    """One card's pipeline on one core: draw N states, solve them in blocks on one grounding each,
    build the results, and compare answers with them (the answers are ptcg-asp's own, transcribed
    as another engine's answer lines: this measures the pipeline, not an agreement)."""
    from ptcg_asp.solve.batch import BatchStats
    from ptcg_asp.tell import generate as gen
    from ptcg_asp.tell.compare import Answer, compare

    base = load_scenario(os.path.join(CORPUS, base_file), library)
    fields = gen.parse_fields(bounds, base)
    session = Session(LIMITS)
    gen.solve(gen.generate(base, fields, gen.numbers_random(fields, 64, seed + 1), "warm-up"), session)  # encodings parsed
    times = {}
    cpu = time.process_time()
    t = time.perf_counter()
    states = gen.generate(base, fields, gen.numbers_random(fields, n, seed), f"--n {n} --seed {seed}")
    times["generate"] = time.perf_counter() - t
    t = time.perf_counter()
    stats = BatchStats()
    reports = gen.solve(states, session, stats=stats, summary=summary)
    times["solve"] = time.perf_counter() - t
    t = time.perf_counter()
    refs = gen.references(reports, summary)
    times["results"] = time.perf_counter() - t
    t = time.perf_counter()
    answers = []
    for i, (sid, ref) in enumerate(sorted(refs.items()), 1):
        r = ref.result
        moved = () if summary else tuple((k, tuple(v)) for k, v in sorted(r["moved"].items()))
        answers.append(Answer(i, sid, r["verdict"] == "legal", r["resolution_count"], moved))
    comparisons = compare(answers, refs, "<answers>", []).comparisons   # what `ptcg-asp compare` runs
    times["compare"] = time.perf_counter() - t
    cpu = time.process_time() - cpu
    wall = sum(times.values())
    legal = sum(1 for r in reports if r.verdict.legal)
    return {"states": n, "space": gen.total(fields), "legal": legal, "seconds": wall, "per_s": n / wall,
            "cpu_seconds": cpu, "per_cpu_s": n / cpu,
            "split_ms": {k: 1000 * v / n for k, v in times.items()}, "groundings": stats.groundings,
            "incomplete": sum(1 for r in reports if not r.verdict.complete),
            "disagree": sum(1 for c in comparisons if c.differences), "resolutions": sum(len(r.verdict.resolutions) for r in reports)}


def bench_throughput(n: int = 2000, seed: int = 1) -> dict:
    section("(i) generate -> solve -> compare in process, one core (issue 17)")
    library = load_library()
    out: dict = {}
    # A yardstick measured in the same conditions: the Welder table of (f) (2,713 states/s on a quiet
    # machine, docs/benchmarks.md); on a shared machine the ratio to it moves less than the rates.
    welder = load_scenario(WELDER, library)
    big = parse_varies(["me.hand.Basic Fire Energy=0..5", "me.deck=0..29"], welder)
    build_table(welder, big, LIMITS, jobs=1)
    c0 = time.process_time()
    cells = sum(len(build_table(welder, big, LIMITS, jobs=1).cells) for _ in range(3))
    out["welder_table_per_cpu_s"] = yard = cells / (time.process_time() - c0)
    print(f"yardstick: the Welder table of (f), 180 states, 1 process: {yard:.0f} states per CPU-second now")
    for summary in (False, True):
        what = ("summary verdicts (legal, reasons, resolution count: table's path)" if summary
                else "full results (every resolution, its outcomes, moved totals)")
        print(f"{what}:")
        total_n = total_s = total_cpu = 0.0
        for card, base_file, bounds in THROUGHPUT_CASES:
            r = throughput_case(library, base_file, bounds, n, seed, summary)
            out[f"{card}{' summary' if summary else ''}"] = r
            total_n += r["states"]
            total_s += r["seconds"]
            total_cpu += r["cpu_seconds"]
            split = ", ".join(f"{k} {v:.2f} ms" for k, v in r["split_ms"].items())
            print(f"  {card}: {r['states']} of {r['space']} states ({r['legal']} legal, {r['resolutions']} resolutions, "
                  f"{r['incomplete']} incomplete) in {r['seconds']:.2f} s = {r['per_s']:.0f} states/s "
                  f"({r['cpu_seconds']:.2f} CPU s = {r['per_cpu_s']:.0f} states per CPU-second); "
                  f"per state: {split}; {r['groundings']} groundings")
        rate, per_cpu = total_n / total_s, total_n / total_cpu
        out["all summary" if summary else "all"] = {"per_s": rate, "per_cpu_s": per_cpu}
        print(f"  all three: {rate:.0f} states/s on one process ({per_cpu:.0f} per CPU-second, the per-core figure when "
              f"other work shares the CPUs; {per_cpu / yard:.2f}x the Welder table's rate now); "
              f"target >= 2,000 per core: {'MET' if per_cpu >= 2000 else 'MISSED'}")
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", help="also write every figure to this file")
    p.add_argument("--case-timeout", type=float, default=40.0, help="seconds per ground-size case (default 40)")
    p.add_argument("--ground-size-case", nargs=2, metavar=("KIND", "N"), help=argparse.SUPPRESS)
    p.add_argument("--table-case", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--part", choices=("pool", "families", "throughput"),
                   help="run only this part (pool: (g), a minute or two; families: (h), issue 12's comparison; "
                        "throughput: (i), issue 17's generated states)")
    p.add_argument("--data", default=os.environ.get("PTCG_CARDS_EN", os.path.join(ROOT, "..", "shared", "reference",
                                                                                "tcgdex", "cards-en.json")),
                   help="TCGdex card data for (g)'s `cards import` timing (default $PTCG_CARDS_EN, else the "
                        "reference copy beside the checkout)")
    args = p.parse_args()
    if args.part == "pool":
        g = bench_pool(args.data)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump({"pool": g}, fh, indent=2, default=str)
        return 0
    if args.part == "families":
        h = bench_families()
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump({"families": h}, fh, indent=2, default=str)
        return 0
    if args.part == "throughput":
        i = bench_throughput()
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump({"throughput": i}, fh, indent=2, default=str)
        return 0
    if args.table_case:
        print(json.dumps(table_case()))
        return 0
    if args.ground_size_case:
        print(json.dumps(ground_size_case(args.ground_size_case[0], int(args.ground_size_case[1]))))
        return 0
    start = time.perf_counter()
    info = machine()
    info["parallel_headroom"] = round(parallel_headroom(default_jobs()), 2) if default_jobs() > 1 else 1.0
    section("machine")
    for k, v in info.items():
        print(f"{k}: {v}")
    print(f"(parallel_headroom: a pure-Python loop runs {info['parallel_headroom']:.2f}x faster on "
          f"{default_jobs()} processes than on 1 right now; the parallel figures below cannot beat it)")
    t = time.perf_counter()
    library = load_library()
    print(f"card library load: {ms(time.perf_counter() - t)} (once per process)")
    files, solvable = corpus_files(library)
    a = bench_audit(library, files)
    b, c = bench_bare(library, solvable)
    d = bench_enumeration(library)
    e = bench_ground(args.case_timeout)
    f = bench_table(args.case_timeout)
    g = bench_pool(args.data)
    info["loadavg_end"] = os.getloadavg()[0]
    section("done")
    print(f"total {time.perf_counter() - start:.0f} s; load average {info['loadavg_start']:.2f} at the start, "
          f"{info['loadavg_end']:.2f} at the end (above {info['nproc']} means other work shared the CPUs)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"machine": info, "audit": a, "split": b, "bare": c, "enumeration": d, "ground": e,
                       "table": f, "pool": g}, fh, indent=2, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
