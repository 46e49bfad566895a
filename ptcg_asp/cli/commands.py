"""The `ptcg-asp` command: check, resolve, explain, facts, encodings, audit, table, diverge, prove, cards, export,
compare, generate.

Exit status: 0 every expectation holds; 1 an expectation does not hold; 2 invalid input;
3 a time limit or the resolution cap was reached (the result is incomplete, not a verdict);
4 an internal error (a bug in ptcg-asp); 5 the action needs card text the vocabulary does not
express (`unsupported: CARD: '<sentence>'`, no verdict). When several apply, the first in the order
4 > 2 > 5 > 3 > 1 > 0 wins (docs/errors.md). Nothing ever ends in a Python traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Optional

from .. import __version__
from ..tell.check import run, run_scenario
from ..solve.compiler import compile_scenario
from ..read.errors import InputError, InternalError, UnsupportedError, one_line
from ..read.loader import find_scenarios, load_scenario
from ..tell.report import incomplete_note, resolve_text, text_report, to_json
from ..solve.session import Session
from ..solve.solver import encodings_dir
from ..solve.workers import default_jobs
from ..solve.readings import READINGS, reading_list, with_reading
from .options import (EXIT_FAIL, EXIT_INPUT, EXIT_INTERNAL, EXIT_LIMIT, EXIT_OK, EXIT_UNSUPPORTED, MAX_JOBS,
                      add_cards_option, add_limits, corpus_dir, jobs as _jobs, library as _library, limits as _limits)

# A command imports the modules only it uses when it runs (start-up time: a one-scenario command
# never imports the audit, table, interchange or card-import machinery); `_parser` builds only the
# running command's sub-parser when the command comes first.




def _add_check(sub) -> None:
    c = sub.add_parser("check", help="check scenarios against their expectations")
    c.add_argument("files", nargs="+")
    c.add_argument("--json", action="store_true")
    c.add_argument("--why-not", action="store_true", help="with `actions: {}`: also list the actions that are "
                   "illegal, with the principle that forbids each")
    c.add_argument("--lang", choices=("en", "zh-Hans", "zh-Hant"), default=None,
                   help="the language of verdicts and reasons (docs/explanations.md): English, Simplified or "
                   "Traditional Chinese, card names in that script; default: each scenario's `lang:`, else the "
                   "script of its Chinese card names, else English")
    _reading_options(c, several=True)
    add_limits(c)


def _add_resolve(sub) -> None:
    r = sub.add_parser("resolve", help="list every legal resolution of a scenario's action")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    r.add_argument("--lang", choices=("en", "zh-Hans", "zh-Hant"), default=None,
                   help="the language of the verdict, reasons, choices and outcomes (docs/explanations.md); default: "
                        "the scenario's `lang:`, else the script of its Chinese card names, else English")
    _reading_options(r)
    add_limits(r)


def _add_explain(sub) -> None:
    e = sub.add_parser("explain", help="the tree of principles behind a scenario's verdict; --why-not RESOLUTION")
    e.add_argument("file")
    e.add_argument("--json", action="store_true")
    e.add_argument("--why-not", metavar="RESOLUTION", default=None,
                   help="a resolution you expected, as `resolve` prints its choice lines, separated by ';' "
                        "('nothing': no choice at all): is it legal, and if not, which principle rules it out")
    e.add_argument("--brief", action="store_true", help="without each principle's statement and source")
    e.add_argument("--lang", choices=("en", "zh-Hans", "zh-Hant"), default=None,
                   help="the language of the explanation (docs/explanations.md); default: the scenario's `lang:`, "
                        "else English")
    _reading_options(e)
    add_limits(e)


def _add_facts(sub) -> None:
    f = sub.add_parser("facts", help="print the compiled facts (run clingo on them with ptcg.lp: see `encodings`)")
    f.add_argument("file")
    add_cards_option(f)
    _reading_options(f)


def _add_encodings(sub) -> None:
    sub.add_parser("encodings", help="print the directory of the encodings (ptcg.lp), to run clingo by hand")


def _add_audit(sub) -> None:
    a = sub.add_parser("audit", help="check a whole corpus (default: the bundled one) and print a table")
    a.add_argument("dir", nargs="?")
    a.add_argument("--json", action="store_true")
    a.add_argument("--jobs", type=int, default=None,
                   help=f"worker processes (default: one per CPU, here {default_jobs()}; at most {MAX_JOBS}); "
                        "the output does not depend on it")
    _reading_options(a)
    add_limits(a)


def _add_table(sub) -> None:
    from .table import add_table_parser
    add_table_parser(sub, add_limits)


def _add_diverge(sub) -> None:
    from .space import add_diverge_parser
    add_diverge_parser(sub, add_limits)


def _add_prove(sub) -> None:
    from .space import add_prove_parser
    add_prove_parser(sub, add_limits)


def _add_cards(sub) -> None:
    from .cards import add_cards_parser
    add_cards_parser(sub)


def _add_export(sub) -> None:
    from .exchange import add_export_parser
    add_export_parser(sub, add_limits)


def _add_compare(sub) -> None:
    from .exchange import add_compare_parser
    add_compare_parser(sub, add_limits)


def _add_generate(sub) -> None:
    from .exchange import add_generate_parser
    add_generate_parser(sub, add_limits)


_SUBPARSERS = {"check": _add_check, "resolve": _add_resolve, "explain": _add_explain, "facts": _add_facts, "encodings": _add_encodings,
               "audit": _add_audit, "table": _add_table, "diverge": _add_diverge, "prove": _add_prove, "cards": _add_cards, "export": _add_export,
               "compare": _add_compare, "generate": _add_generate}


def _parser(argv: Optional[list] = None) -> argparse.ArgumentParser:
    """The command line's parser: every sub-parser, or only the command's when `argv` starts with a
    command (the same parse and the same messages: nothing before the command, so argparse reads
    no other sub-parser)."""
    p = argparse.ArgumentParser(prog="ptcg-asp", description="Pokémon TCG rulings verifier (clingo).")
    p.add_argument("--version", action="version", version=f"ptcg-asp {__version__}")
    first = argv[0] if argv else None
    # With one sub-parser, `metavar` as argparse writes it for all of them: the same usage line (in
    # `unrecognized arguments`); `prog` as argparse computes it (no help formatter, no `shutil`, until needed).
    one = {"metavar": "{" + ",".join(_SUBPARSERS) + "}"} if first in _SUBPARSERS else {}
    sub = p.add_subparsers(dest="command", required=True, prog="ptcg-asp", **one)
    for name, add in _SUBPARSERS.items():
        if first not in _SUBPARSERS or name == first:
            add(sub)
    return p


def _reading_options(sp: argparse.ArgumentParser, several: bool = False) -> None:
    """`--reading NAME` (docs/readings.md): solve under that reading; it wins over a scenario's `reading:`, whose
    plain `expect` is then checked only under its own reading. `--readings all|A,B` (check): side by side."""
    group = sp.add_mutually_exclusive_group() if several else sp
    group.add_argument("--reading", choices=READINGS, default="",
                       help="the reading of the contested rules to judge under (docs/readings.md); default: the "
                            "scenario's `reading:`, else seed-000")
    if several:
        group.add_argument("--readings", metavar="all|A,B", default="",
                           help="check each scenario under these readings side by side, marking where they differ")


def _exit_status(internal: bool, invalid: bool, incomplete: bool, all_passed: bool, unsupported: bool = False) -> int:
    """Precedence: internal error 4 > invalid input 2 > unsupported card text 5 > limit reached 3 >
    failed expectation 1 > 0."""
    if internal:
        return EXIT_INTERNAL
    if invalid:
        return EXIT_INPUT
    if unsupported:
        return EXIT_UNSUPPORTED
    if incomplete:
        return EXIT_LIMIT
    return EXIT_OK if all_passed else EXIT_FAIL


def _status(reports: list, errors: list) -> int:
    return _exit_status(any(isinstance(e, InternalError) for e in errors),
                        any(not isinstance(e, UnsupportedError) for e in errors),
                        any(r.status == "INCOMPLETE" for r in reports), all(r.status != "FAIL" for r in reports),
                        any(isinstance(e, UnsupportedError) for e in errors) or any(r.unsupported for r in reports))


def _run_one(path: str, library, session: Session, reading: str = ""):
    """One file: its report, or raises InputError / InternalError (never anything else)."""
    try:
        if reading:
            return run_scenario(with_reading(load_scenario(path, library), reading), session)
        return run(path, library, session.limits, session)
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - the CLI never shows a traceback
        raise InternalError(path, exc) from None


def _incomplete_notes(reports: list, words: Optional[list] = None) -> None:
    """On stderr: which results are partial, and what the partial result means (`words`: each report's language,
    tell/report.Lines); which print a bare card name took where the pool has several cards of that name
    (docs/importing.md)."""
    for r, w in zip(reports, words or [None] * len(reports)):
        note = incomplete_note(r, w)
        if note:
            print(note, file=sys.stderr)
    libraries = {id(r.scenario.library): r.scenario.library for r in reports}
    for name, (key, count) in sorted({k: v for lib in libraries.values()
                                      for k, v in getattr(lib, "defaulted", {}).items()}.items()):
        print(f"note: {name!r} is {key}, the default of {count} cards of that name (the newest print); "
              f"name a print, e.g. 'Name (SET NNN)', for another", file=sys.stderr)


def _run_all(files: list, args) -> tuple:
    """Run every file; invalid ones become errors (reported, never a crash)."""
    library, session = _library(args), Session(_limits(args))
    reports, errors = [], []
    for f in files:
        try:
            reports.append(_run_one(f, library, session, args.reading))
        except (InputError, InternalError) as exc:
            errors.append(exc)
    return reports, errors


def _check_readings(files: list, args, errors: list) -> int:
    """`check --readings`: each file under each reading, side by side (docs/readings.md)."""
    from ..tell.interchange import document, error_dict, result_dict
    from ..tell.readings import side_by_side, side_by_side_text
    names = reading_list(args.readings)
    library, session = _library(args), Session(_limits(args))
    groups = []
    for f in files:
        try:
            groups.append(side_by_side(f, library, session, names))
        except InputError as exc:
            errors.append(exc)
        except Exception as exc:  # noqa: BLE001 - the CLI never shows a traceback
            errors.append(InternalError(f, exc))
    reports = [r for g in groups for r in g]
    if args.json:
        print(to_json(document("check", [dict(result_dict(r), reading=r.scenario.active_reading) for r in reports],
                               [error_dict(e) for e in errors])))
    elif groups:
        _print_text("\n\n".join(side_by_side_text(g) for g in groups))
    _incomplete_notes(reports)
    for e in errors:
        print(f"error: {e.render()}", file=sys.stderr)
    return _status(reports, errors)


def _lang(args, scenario) -> str:
    """The language of a scenario's output: `--lang`, else its `lang:` (or the script of its Chinese card
    names, read by the loader), else English (docs/explanations.md)."""
    return args.lang or scenario.lang or "en"


def cmd_check(args) -> int:
    files, bad_targets = [], []
    for target in args.files:
        try:
            files.extend(find_scenarios(target))
        except InputError as exc:  # a missing path or an empty directory: report it, check the rest
            bad_targets.append(exc)
    if args.readings:
        if args.lang not in (None, "en") or args.why_not:
            raise InputError("<command line>", None, "--readings", "no --lang or --why-not with it", "both")
        return _check_readings(files, args, bad_targets)
    reports, errors = _run_all(files, args)
    errors = bad_targets + errors
    langs = [_lang(args, r.scenario) for r in reports]
    words = [None] * len(reports)
    if any(lang != "en" for lang in langs):
        from ..tell.wording import localize_report, report_words
        reports = [r if lang == "en" else localize_report(r, lang) for r, lang in zip(reports, langs)]
        words = [None if lang == "en" else report_words(r.scenario, lang) for r, lang in zip(reports, langs)]
    if args.json:
        from ..tell.interchange import document, error_dict, result_dict
        print(to_json(document("check", [result_dict(r) for r in reports], [error_dict(e) for e in errors])))
    elif reports:
        _print_text("\n\n".join(text_report(r, why_not=args.why_not, words=w) for r, w in zip(reports, words)))
    _incomplete_notes(reports, words)
    for e in errors:
        print(f"error: {e.render()}", file=sys.stderr)
    return _status(reports, errors)


def cmd_resolve(args) -> int:
    library, session = _library(args), Session(_limits(args))
    try:
        report = _run_one(args.file, library, session, args.reading)
    except (InputError, InternalError) as exc:
        if args.json:
            from ..tell.interchange import document, error_dict
            print(to_json(document("resolve", [], [error_dict(exc)])))
        raise
    lang = _lang(args, report.scenario)
    words = None
    if lang != "en":
        from ..tell.wording import localize_report, report_words
        report = localize_report(report, lang)
        words = report_words(report.scenario, lang)
    if args.json:
        from ..tell.interchange import document, result_dict
        print(to_json(document("resolve", [result_dict(report)], [])))
    else:
        _print_text(resolve_text(report, words))
    _incomplete_notes([report], [words])
    return EXIT_LIMIT if not report.verdict.complete else EXIT_OK


def cmd_explain(args) -> int:
    """`explain FILE`: the verdict and the principles behind it, as a tree (tell/explanation.py)."""
    from ..tell.explanation import explain, text_lines
    library, session = _library(args), Session(_limits(args))
    scenario = load_scenario(args.file, library)
    if args.reading:
        scenario = with_reading(scenario, args.reading)
    lang = _lang(args, scenario)
    say, words, step_say, rw = None, None, None, None
    if lang != "en":
        from ..tell.wording import card_namer, Speaker, report_words, speaker_say, table
        speaker = Speaker(lang, card_namer(scenario.library, lang))
        rw = report_words(scenario, lang)
        say, words, step_say = speaker_say(speaker), dict(table(lang).explain), rw.step
    lines = None if args.why_not is None else [x for x in args.why_not.split(";")]
    try:
        result = explain(scenario, session, say, lines)
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - the CLI never shows a traceback
        raise InternalError(args.file, exc) from None
    if args.json:
        from ..tell.interchange import FORMAT_VERSION
        print(to_json({"format_version": FORMAT_VERSION, "command": "explain", "results": [result.data()], "errors": []}))
    else:
        _print_text("\n".join(text_lines(result, statements=not args.brief, words=words, step_say=step_say,
                                          report_words=rw)))
    if not result.complete:
        return EXIT_LIMIT
    return EXIT_OK


def cmd_facts(args) -> int:
    scenario = load_scenario(args.file, _library(args))
    problem = compile_scenario(with_reading(scenario, args.reading) if args.reading else scenario)
    print("\n".join(f"{sym}." for sym in problem.facts))
    return EXIT_OK


def cmd_encodings(args) -> int:
    """The directory holding ptcg.lp, installed or in the checkout:
    `python -m clingo "$(ptcg-asp encodings)/ptcg.lp" facts.lp 0 --project=show`."""
    print(encodings_dir())
    return EXIT_OK


AUDIT_STATUSES = ("PASS", "FAIL", "INCOMPLETE", "INVALID", "UNCHECKED", "DIVERGENT", "UNSUPPORTED", "ERROR")
_COUNTED = {"PASS": "passed", "FAIL": "failed", "INCOMPLETE": "incomplete", "INVALID": "invalid",
            "UNCHECKED": "unchecked (no expectation)", "DIVERGENT": "known divergences",
            "UNSUPPORTED": "unsupported (no verdict)",
            "ERROR": "internal errors"}


def audit_summary(rows: list) -> str:
    """`audit: 370 passed, 1 failed, 1 incomplete, 1 invalid, 1 unchecked (no expectation)` (an
    internal error count only when there is one)."""
    counts = {k: sum(1 for r in rows if r.status == k) for k in AUDIT_STATUSES}
    return "audit: " + ", ".join(f"{counts[k]} {_COUNTED[k]}" for k in AUDIT_STATUSES
                                 if k not in ("ERROR", "UNSUPPORTED", "DIVERGENT") or counts[k])


class Progress:
    """`audit`'s progress on stderr, once a run is past `delay` seconds, and only when stderr is
    a terminal: one line, overwritten in place and erased at the end (stdout is never touched)."""

    def __init__(self, stream, delay: float = 1.0):
        self.stream, self.delay = stream, delay
        self.start = time.perf_counter()
        self.shown = False
        self.live = bool(getattr(stream, "isatty", lambda: False)())

    def __call__(self, done: int, total: int) -> None:
        if self.live and time.perf_counter() - self.start >= self.delay:
            self.stream.write(f"\raudit: {done}/{total} scenarios checked")
            self.stream.flush()
            self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def cmd_audit(args) -> int:
    """Every scenario of a corpus on the fast path (`audit.audit`: parsed-once encodings, similar
    scenarios grounded together, worker processes); rows in file order whatever the workers.
    stdout is the same bytes for the same corpus: the elapsed time and the progress go to stderr."""
    from ..tell.audit import audit
    library, limits, jobs = _library(args), _limits(args), _jobs(args)
    files = find_scenarios(args.dir or corpus_dir())
    start = time.perf_counter()
    progress = Progress(sys.stderr)
    try:
        rows = audit(files, library, limits, jobs=jobs, progress=progress, reading=args.reading)
    finally:
        progress.close()
    elapsed = time.perf_counter() - start
    bad = [r for r in rows if r.status in ("INVALID", "ERROR")]
    if args.json:
        from ..tell.interchange import document, summary
        print(to_json(document("audit", [r.summary for r in rows if r.summary is not None and r.status != "INVALID"],
                               [r.error_data for r in rows if r.error_data], summary(r.status for r in rows))))
    else:
        cells = []
        for r in rows:
            if r.status in ("INVALID", "ERROR", "UNSUPPORTED") and r.error:
                cells.append((os.path.basename(r.path), "-", "-", "-", r.status, f"  [{r.status.lower()}: {r.error}]"))
            else:
                failed = f"  [failed: {', '.join(r.failed)}]" if r.status == "FAIL" else ""
                cells.append((r.id, r.verdict, ",".join(r.principles) or "-", str(r.resolutions), r.status, failed))
        width = max([len(c[0]) for c in cells] + [8])
        lines = [f"{'scenario':<{width}}  {'verdict':<7}  {'res':>5}  {'status':<10}  principles"]
        for sid, verdict, principles, nres, status, extra in cells:
            lines.append(f"{sid:<{width}}  {verdict:<7}  {nres:>5}  {status:<10}  {principles}{extra}".rstrip())
        lines.append("")
        lines.append(audit_summary(rows))
        _print_text("\n".join(lines))
    print(f"{len(files)} scenarios in {elapsed:.1f} s", file=sys.stderr)
    for r in rows:
        if r.note:
            print(r.note, file=sys.stderr)
    for r in bad + [r for r in rows if r.status == "UNSUPPORTED" and r.error]:
        print(f"error: {r.error}", file=sys.stderr)
    return _exit_status(any(r.status == "ERROR" for r in rows), bool(bad), any(r.status == "INCOMPLETE" for r in rows),
                        not any(r.status == "FAIL" for r in rows), any(r.status == "UNSUPPORTED" for r in rows))


def cmd_table(args) -> int:
    from .table import cmd_table as run_table
    return run_table(args)


def cmd_diverge(args) -> int:
    from .space import cmd_diverge as run_diverge
    return run_diverge(args)


def cmd_prove(args) -> int:
    from .space import cmd_prove as run_prove
    return run_prove(args)


def cmd_cards(args) -> int:
    from .cards import cmd_cards as run_cards
    return run_cards(args)


def cmd_export(args) -> int:
    from .exchange import cmd_export as run_export
    return run_export(args)


def cmd_compare(args) -> int:
    from .exchange import cmd_compare as run_compare
    return run_compare(args)


def cmd_generate(args) -> int:
    from .exchange import cmd_generate as run_generate
    return run_generate(args)


COMMANDS = {"check": cmd_check, "resolve": cmd_resolve, "explain": cmd_explain, "facts": cmd_facts, "encodings": cmd_encodings,
            "audit": cmd_audit, "table": cmd_table, "diverge": cmd_diverge, "prove": cmd_prove, "cards": cmd_cards, "export": cmd_export,
            "compare": cmd_compare, "generate": cmd_generate}


def _print_text(text: str) -> None:
    """Text output: input strings (names, titles) may hold control characters; a terminal must
    never interpret them (escape sequences, bidirectional overrides). Line breaks stay."""
    print("\n".join(one_line(line) for line in text.split("\n")))


def main(argv: Optional[list] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = _parser(argv).parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except UnsupportedError as exc:
        print(f"error: {exc.render()}", file=sys.stderr)
        return EXIT_UNSUPPORTED
    except InputError as exc:
        print(f"error: {exc.render()}", file=sys.stderr)
        return EXIT_INPUT
    except InternalError as exc:
        print(f"error: {exc.render()}", file=sys.stderr)
        return EXIT_INTERNAL
    except BrokenPipeError:
        # The reader went away (`ptcg-asp ... | head`): stop quietly, and keep Python from
        # complaining when it flushes stdout at exit.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return EXIT_OK
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - the CLI never shows a traceback
        print(f"error: {InternalError('<ptcg-asp>', exc).render()}", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
