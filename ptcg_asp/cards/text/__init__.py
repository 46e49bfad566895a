"""English card text -> the effect vocabulary (docs/vocabulary.md).

The translator reads the official English text of a Trainer (Item, Supporter, Tool, Stadium) or a
Special Energy and gives the card fields that say the same in the vocabulary, or the sentences it
could not read. It never guesses: a card with any untranslated sentence is `unsupported`, and no
verdict is given on an action that needs its text.

This module is the interface the importer (`ptcg_asp.cards.importer`) and `ptcg-asp cards coverage` use.
"""
from dataclasses import dataclass, field
from typing import Optional, Tuple

TEXT_KINDS = ("item", "supporter", "tool", "stadium", "special_energy")


@dataclass(frozen=True)
class Translation:
    """What the grammar made of one card text.

    fields: library-card fields in the schema of docs/vocabulary.md (`effect`, `passive`,
        `provides`, `play_as`, `trigger_filter`, ...) as plain data (dicts, lists, str, int, bool),
        ready to be written as YAML and read back by the library's vocabulary reader. Empty when
        `unsupported` is not.
    unsupported: the sentences, verbatim from the text, that the grammar does not translate.
    skipped: reminder texts left out (only those on the documented list).
    """
    fields: dict = field(default_factory=dict)
    unsupported: Tuple[str, ...] = ()
    skipped: Tuple[str, ...] = ()

    @property
    def supported(self) -> bool:
        return not self.unsupported


@dataclass(frozen=True)
class TextRecord:
    """One card text to translate or measure: a Trainer's or Special Energy's English text, with what
    `cards coverage` groups and filters by (regulation mark, set id)."""
    name: str
    kind: str
    text: str
    regulation_mark: str = ""
    set_id: str = ""
    has_attacks: bool = False   # the card data prints attacks on it (a Technical Machine's: `use_attacks`)


def _parsers(kind: str, name_tokens: tuple) -> tuple:
    from . import passives as ps
    from . import sentences as s
    if kind == "item":
        return (s.condition_sentence, s.order_sentence, s.play_as_sentence, s.step_sentence, s.card_rule_sentence,
                s.end_of_turn_sentence)
    if kind == "supporter":
        return (s.condition_sentence, s.order_sentence, s.step_sentence, s.card_rule_sentence, s.end_of_turn_sentence)
    if kind == "stadium":
        from . import stadiums as st
        # a sentence said of the Stadium's user ("If they do, they draw 3 cards") is read in the second person first
        return (s.stadium_sentence, lambda p: ps.passive_sentence(p, "stadium"), st.stadium_step,
                lambda p: s.step_sentence(p, stadium=True), s.card_rule_sentence,
                st.stadium_usable, st.stadium_cost, st.attach_trigger, st.bench_trigger, st.stadium_step_evolve_limits,
                st.evolve_trigger)
    if kind == "tool":
        return (lambda p: ps.passive_sentence(p, "tool"), s.card_rule_sentence)
    return (lambda p: s.provides_sentence(p, name_tokens), s.trigger_sentence,
            lambda p: ps.passive_sentence(p, "special_energy"), s.step_sentence, s.card_rule_sentence)


def parse_sentence(kind: str, tokens: tuple, name: str = "", printed: tuple = ()) -> Optional[list]:
    """The parts of one sentence (its tokens read in full by one sentence rule), or None. `printed`: the same
    tokens with their printed case (names)."""
    from .lexer import tokenize
    from .phrases import P
    for rule in _parsers(kind, tokenize(name) if name else ()):
        p = P(tokens, printed)
        p.stadium = kind == "stadium"
        p.own = tokenize(name) if name else ()
        parts = p.attempt(rule)
        if parts is not None and p.end():
            return parts
    return None


def translate(kind: str, text: str, name: str = "", has_attacks: bool = False, has_abilities: bool = False) -> Translation:
    """The vocabulary for a card's English text. `kind` is one of TEXT_KINDS; `name` is the card's
    own name (its text may say "this Caretaker"); `has_attacks`: the card data prints attacks on the card (a Tool
    whose holder "can use the attack on this card" without one gives nothing: that sentence stays unsupported);
    `has_abilities`: likewise for "can use the VSTAR Power / the Ability on this card" (the Ability printed in the
    text after its name line is read by `granted.translate_card`, which the importer and `cards coverage` use)."""
    from .assemble import Unassembled, assemble
    from .lexer import sentences
    if kind not in TEXT_KINDS:
        raise ValueError(f"kind must be one of {', '.join(TEXT_KINDS)}: {kind!r}")
    sents, skipped = sentences(text)
    if not sents:
        return Translation(unsupported=(text,) if text.strip() else ("(no text)",), skipped=skipped)
    parts, unsupported = [], []
    for i, sent in enumerate(sents):
        got = parse_sentence(kind, sent.tokens, name, sent.printed)
        if got is None:
            unsupported.append(sent.text)
        else:
            parts.extend((i, part) for part in got)
    if not has_attacks:
        unsupported.extend(sents[i].text for i, part in parts if part.role == "passive" and "use_attacks" in part.value)
    if not has_abilities:
        unsupported.extend(sents[i].text for i, part in parts if part.role == "passive" and "use_abilities" in part.value)
    if kind == "stadium":
        # a sentence said of the Stadium's user is a step of its once-per-turn effect: only after that effect's lead
        from .stadiums import LEAD_TOKENS
        for i, part in parts:
            if getattr(part, "needs_lead", False) and sents[i].text not in unsupported and not any(
                    tuple(sents[j].tokens[:len(LEAD_TOKENS)]) == LEAD_TOKENS for j in range(i)):
                unsupported.append(sents[i].text)
    if unsupported:
        return Translation(unsupported=tuple(unsupported), skipped=skipped)
    bad = _swap_remain(parts)
    if bad is not None:
        return Translation(unsupported=(sents[bad].text,), skipped=skipped)
    parts = [(i, part) for i, part in parts if part.role != "swap_remain"]
    try:
        fields = _named(assemble(parts, kind), name)
    except Unassembled as e:
        return Translation(unsupported=(sents[e.index].text,), skipped=skipped)
    from .assemble import _placeholder
    if _placeholder(fields):
        return Translation(unsupported=tuple(s.text for s in sents), skipped=skipped)
    problem = check_fields(kind, name or "Card", fields)
    if problem is not None:
        return Translation(unsupported=tuple(s.text for s in sents), skipped=skipped)
    return Translation(fields=fields, skipped=skipped)


def _swap_remain(parts: list) -> Optional[int]:
    """A `swap_in` step ("switch it with 1 of your Pokémon in play") must be followed by the sentence saying what stays
    ("Any attached cards, damage counters, ... remain on the new Pokémon.", part `swap_remain`), and that sentence
    must follow one: the index of a sentence that breaks this, or None. The `$swap_remain` marks are removed."""
    swap_at = {i for i, part in parts for it in part.items if isinstance(it, dict) and it.pop("$swap_remain", None)}
    remain_at = {i for i, part in parts if part.role == "swap_remain"}
    for i in swap_at:
        if i + 1 not in remain_at:
            return i
    for i in remain_at:
        if i - 1 not in swap_at:
            return i
    return None


def _named(value, name: str):
    """The card's own name where the grammar wrote `$CARD` (a lasting effect is named after its card)."""
    if value == "$CARD":
        return name
    if isinstance(value, dict):
        return {k: _named(v, name) for k, v in value.items()}
    if isinstance(value, list):
        return [_named(v, name) for v in value]
    return value


def check_fields(kind: str, name: str, fields: dict) -> Optional[str]:
    """None when the library's own reader accepts a card of this kind with these fields, else its error."""
    from ...read import yamlsrc
    from .yamlout import flow
    from ...read.errors import InputError
    from ..schema import parse_cards
    card_kind = kind
    doc = flow([{"name": name, "kind": card_kind, **fields}])
    try:
        parse_cards(yamlsrc.parse(doc, "<translation>"), "<translation>", "cards")
    except InputError as e:
        return str(e)
    if kind in ("item", "supporter") and "effect" not in fields and "play_as" not in fields:
        return "no effect"
    if kind == "special_energy" and "provides" not in fields:
        return "no provides"
    if kind == "tool" and "passive" not in fields:
        return "no passive"
    if kind == "stadium" and not ({"effect", "passive", "attach_trigger", "bench_trigger", "evolve_trigger"} & set(fields)):
        return "nothing"
    return None
