"""What counts as English left in a Chinese report (tests/test_wording.py): an ASCII word of 3 or more letters
outside what the report quotes from its input."""
import re

# Quoted from the input, never worded: card names 【…】, attack / Ability / effect names and card text “…”.
QUOTED = re.compile(r"【[^】]*】|“[^”]*”")
WORD = re.compile(r"(?<![A-Za-z0-9_.-])[A-Za-z][A-Za-z'’]{2,}(?![A-Za-z0-9_])")
# The game's own terms printed in Latin letters on the Chinese cards.
GAME_TERMS = frozenset({"VSTAR", "TAG", "TEAM", "ACE", "SPEC", "VMAX", "GX"})


def english_left(text: str, scenario) -> list:
    """The lines of `text` (a check, resolve or explain report in Chinese) with English words left: the header
    (the file, the id) and the scenario's own title, known divergence and typed lines are its input, not words
    of the report, and are left out."""
    out = []
    own = [scenario.title]
    if scenario.known_divergence:
        own.append(scenario.known_divergence)
    exp = scenario.expect
    if exp is not None:
        own.extend(exp.allowed)
        own.extend(exp.forbidden)
    for i, line in enumerate(text.split("\n")):
        body = line
        if i == 0:
            body = body.replace(scenario.path, "").replace(scenario.id, "")
        for s in own:
            body = body.replace(s, "")
        body = QUOTED.sub("", body)
        if [w for w in WORD.findall(body) if w not in GAME_TERMS]:
            out.append(line)
    return out


def chinese_reports(report) -> list:
    """(lang, command, text): what `check --why-not` and `resolve` print for a solved report in each Chinese
    script (the renderings of the CLI, from the one solve)."""
    from ptcg_asp.tell.report import resolve_text, text_report
    from ptcg_asp.tell.wording import LANGS, localize_report, report_words
    out = []
    for lang in LANGS:
        r, w = localize_report(report, lang), report_words(report.scenario, lang)
        out.append((lang, "check", text_report(r, why_not=True, words=w)))
        if report.scenario.action.kind != "actions":
            out.append((lang, "resolve", resolve_text(r, w)))
    return out


def chinese_explanations(scenario, session, langs=None) -> list:
    """(lang, "explain", text): what `explain` prints in each Chinese script of `langs` (default: both; one solve
    per script: the reasons are worded as the tree is built)."""
    from ptcg_asp.tell.explanation import explain, text_lines
    from ptcg_asp.tell.wording import LANGS, report_words, speaker_say, table
    out = []
    for lang in langs or LANGS:
        w = report_words(scenario, lang)
        e = explain(scenario, session, speaker_say(w.s))
        out.append((lang, "explain", "\n".join(text_lines(e, True, dict(table(lang).explain), w.step, w))))
    return out
