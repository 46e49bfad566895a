"""Scenario loader: one YAML file (docs/scenario-format.md: version 1 and its extensions) -> `model.Scenario`.

Every field of the contract is read through the typed `yamlsrc.want_*` helpers, unknown keys are
rejected everywhere, card names are resolved through the card library, and every problem is an
`InputError` naming the file, the line and the dotted field (`state.me.bench.2.damage`).

The `library` argument is duck-typed: `extended(cards_node, path)`, `resolve(name, path, line,
field)`, `kind(name)` and optionally `playable_as_pokemon(name)` (Items with `play_as`) and `get(key)` (a card, for the
script of its Chinese names: `written_lang`).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field as dc_field
from typing import Any, Optional

from . import yamlsrc as y
from .errors import InputError
from .model import (
    CONDITIONS,
    DEFAULT_READING,
    DEFAULT_RULESET,
    MAX_BENCH,
    MAX_BENCH_SIZE,
    READINGS,
    PILE_ZONES,
    PLAYERS,
    RULESETS,
    TYPES,
    USED_THIS_TURN,
    Action,
    CardCount,
    Expectation,
    GameState,
    InPlay,
    PlayerState,
    Prize,
    Scenario,
    Stadium,
    Where,
)

TOP_KEYS = ("id", "title", "source", "ruleset", "reading", "lang", "tags", "known_divergence", "cards", "state", "action",
            "expect")
TOP_REQUIRED = ("id", "title", "source", "state", "action")
STATE_KEYS = ("turn", "me", "opp", "stadium")
PLAYER_KEYS = ("first_turn", "active", "bench") + PILE_ZONES + ("prizes", "used_this_turn", "knocked_out_last_turn",
                                                               "knocked_out_other_last_turn", "used_once_per_game",
                                                               "effects", "played_this_turn")
IN_PLAY_KEYS = ("card", "evolved_from", "damage", "energy", "tool", "conditions", "new_this_turn", "effects",
                "type_change", "damaged_last_turn", "evolved_this_turn", "abilities_used",
                "moved_to_active_this_turn", "devolved_this_turn")
ACTION_KINDS = ("play", "ability", "attach", "evolve", "bench", "retreat", "attack", "checkup", "validate_deck", "actions",
                "game_over", "setup", "use_stadium")
EXPECT_KEYS = ("legal", "because", "moved", "resolutions", "damage", "allowed", "forbidden", "valid", "winner",
               "prizes_taken", "readings")
# The keys of one reading's expectation, `expect.readings.NAME` (docs/readings.md).
READING_EXPECT_KEYS = ("legal", "resolutions", "because")
WINNERS = ("me", "opp", "none", "sudden_death")
MOVE_ZONES = ("deck", "hand", "discard", "lost_zone", "prizes", "bench", "active", "attached", "stadium")

DEFAULT_TURN = 3
MAX_PRIZES = 6
MAX_COUNT = 999          # copies in one card-list entry
# Cards of one player in the state, all zones and in play together. A player owns 60 cards; the cap
# is twice that so that a miscounted corpus state (61 cards) still loads, while absurd ones do not.
MAX_CARDS = 60
MAX_DAMAGE = 990         # damage on a Pokémon in the state
MAX_DAMAGE_PLACED = 9990  # damage values in `expect.damage`
EXCLUSIVE_CONDITIONS = ("asleep", "paralyzed", "confused")  # they replace each other (SC1)
ENERGY_KINDS = ("basic_energy", "special_energy")
TRAINER_KINDS = ("item", "tool", "supporter", "stadium")

ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
PRINCIPLE_RE = re.compile(r"^[A-Z]+[0-9]+$")
POSITION_RE = re.compile(r"^(opp\.)?(active|bench\.[0-4])$")
POSITION_TEXT = "a position: active, bench.0-4, opp.active or opp.bench.0-4"
MY_BENCH_RE = re.compile(r"^bench\.[0-4]$")
COPIES_RE = re.compile(r"^(.*\S)\s+[x×]\s*([0-9]+)$")
NUMBERISH_RE = re.compile(r"^[-+]?[0-9][0-9_:.,]*$")


@dataclass(frozen=True)
class _Ctx:
    """What every reader needs: the file (for errors) and the card library."""

    path: str
    library: Any
    written: list = dc_field(default_factory=list, compare=False)   # (name as written, card key), in reading order

    def error(self, line: Optional[int], field: str, expected: str, got: Optional[str] = None) -> InputError:
        return InputError(self.path, line, field, expected, got)

    def where(self, line: int) -> Where:
        return Where(self.path, line)

    def resolve(self, name: str, line: Optional[int], field_name: str) -> str:
        """A card name resolved by the library; the name as written is kept (`written_lang`)."""
        key = self.library.resolve(name, self.path, line, field_name)
        self.written.append((name, key))
        return key


# ---- entry points ---------------------------------------------------------------------------

def load_scenario(path: str, library: Any) -> Scenario:
    """Read, parse and validate one scenario file: YAML, or a case in JSON (`*.json`,
    docs/interchange.md)."""
    if path.endswith(".json"):
        return load_case_text(y.read_text(path), path, library)
    return load_scenario_node(y.want_map(y.parse_cached(y.read_text(path), path), path, "document"), path, library)


def load_case_text(text: str, path: str, library: Any) -> Scenario:
    """A case in JSON (docs/interchange.md) -> the same `model.Scenario` its scenario file gives (same validation)."""
    from .jsoncase import case_root, parse_json
    return load_scenario_node(case_root(parse_json(text, path), path), path, library)


def load_scenario_text(text: str, path: str, library: Any) -> Scenario:
    """Parse and validate scenario text; `path` is used in error messages and kept in the model."""
    return load_scenario_node(y.want_map(y.parse(text, path), path, "document"), path, library)


def load_scenario_node(root: y.YMap, path: str, library: Any) -> Scenario:
    """Validate a scenario's document tree (from YAML, or from a case in JSON)."""
    y.check_keys(root, path, "", TOP_KEYS, TOP_REQUIRED)
    header = _header(root, _Ctx(path, library))
    cards_node = None if root.get("cards") is None else y.want_list(root.get("cards"), path, "cards")
    ctx = _Ctx(path, library if cards_node is None else library.extended(cards_node, path))
    state = _state(root.get("state"), ctx)
    action = _action(root.get("action"), ctx, state)
    expect_node = root.get("expect")
    if not header["lang"]:
        header["lang"] = written_lang(ctx.written, ctx.library)
    return Scenario(
        state=state,
        action=action,
        expect=None if expect_node is None else _expect(expect_node, ctx, action),
        cards=() if cards_node is None else tuple(y.plain(item) for item in cards_node.items),
        path=path,
        library=ctx.library,
        **header,
    )


# Directories a corpus walk does not enter (docs/scenario-format.md, "Corpora"): they hold no
# scenarios by construction. Hidden ones (.git, .venv, ...) and those named here are tool output;
# a directory with `pyvenv.cfg` is a virtual environment; one holding IGNORE_MARKER says so itself
# (the card library, the hostile-input fixtures of the tests).
SKIPPED_DIRS = ("__pycache__", "build", "dist", "node_modules")
SKIPPED_SUFFIXES = (".egg-info",)
IGNORE_MARKER = ".ptcg-asp-ignore"


def _walked(folder: str, name: str) -> bool:
    """Whether a corpus walk enters the subdirectory `name` of `folder`."""
    path = os.path.join(folder, name)
    return not (name.startswith(".") or name in SKIPPED_DIRS or name.endswith(SKIPPED_SUFFIXES)
                or os.path.exists(os.path.join(path, "pyvenv.cfg")) or os.path.exists(os.path.join(path, IGNORE_MARKER)))


def find_scenarios(target: str) -> list[str]:
    """A file, or every *.yaml / *.yml under a directory (recursively, past the directories that
    hold no scenarios: `_walked`), sorted. A file named on its own is always taken."""
    if os.path.isfile(target):
        return [target]
    if not os.path.isdir(target):
        got = "nothing there" if not os.path.exists(target) else "a pipe, socket or device"
        raise InputError(target, None, "path", "an existing scenario file or directory", got)
    found = []
    for folder, dirs, files in os.walk(target):
        dirs[:] = sorted(d for d in dirs if _walked(folder, d))
        found.extend(os.path.join(folder, f) for f in files
                     if f.endswith((".yaml", ".yml")) and os.path.isfile(os.path.join(folder, f)))
    if not found:
        raise InputError(target, None, "directory", "at least one scenario file (*.yaml or *.yml)", "none")
    return sorted(found)


# ---- header ---------------------------------------------------------------------------------

def _header(root: y.YMap, ctx: _Ctx) -> dict:
    """id, title, source, ruleset, tags and a known divergence."""
    tags = root.get("tags")
    divergence = root.get("known_divergence")
    return {
        "known_divergence": "" if divergence is None else _divergence(divergence, ctx),
        "id": _scenario_id(root.get("id"), ctx),
        "title": y.want_str(root.get("title"), ctx.path, "title"),
        "source": y.want_str(root.get("source"), ctx.path, "source"),
        "ruleset": _ruleset(root.get("ruleset"), ctx),
        "reading": DEFAULT_READING if root.get("reading") is None else reading_name(
            root.get("reading"), ctx, "reading"),
        "tags": () if tags is None else y.want_str_list(tags, ctx.path, "tags"),
        "lang": "" if root.get("lang") is None else _lang(root.get("lang"), ctx),
    }


LANGS = ("en", "zh-Hans", "zh-Hant")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def _lang(node: y.Node, ctx: _Ctx) -> str:
    """`lang: en | zh-Hans | zh-Hant`: the language explanations default to (docs/explanations.md)."""
    value = y.want_str(node, ctx.path, "lang")
    if value not in LANGS:
        raise ctx.error(node.line, "lang", "one of " + ", ".join(LANGS), repr(value))
    return value


def written_lang(written: list, library: Any) -> str:
    """The language a scenario's card names are written in, when it states none: "" when no name is one of
    its card's Chinese names (`zh_hans`, `zh_hant`); else the script its Chinese names belong to — zh-Hant when some name is only a Traditional
    name of its card and none is only a Simplified one, otherwise zh-Hans (the seeds' script; also when
    every Chinese name is spelt the same in both)."""
    only_hans = only_hant = chinese = False
    get = getattr(library, "get", None)   # optional in the loader's library protocol (module docstring)
    for name, key in written:
        if not _CJK.search(name) or get is None:
            continue
        card = get(key)
        hans, hant = name in (getattr(card, "zh_hans", ()) or ()), name in (getattr(card, "zh_hant", ()) or ())
        chinese |= hans or hant          # one of the card's Chinese names (a card's own `name` is its English name)
        only_hans |= hans and not hant
        only_hant |= hant and not hans
    if not chinese:
        return ""
    return "zh-Hant" if only_hant and not only_hans else "zh-Hans"


def _divergence(node: y.Node, ctx: _Ctx) -> str:
    """`known_divergence: TEXT`: the expectation is the rules', and ptcg-asp is known to answer
    otherwise; TEXT says where and why (docs/scenario-format.md)."""
    value = y.want_str(node, ctx.path, "known_divergence").strip()
    if not value:
        raise ctx.error(node.line, "known_divergence", "what ptcg-asp answers instead and why", "an empty text")
    return value


def _scenario_id(node: y.Node, ctx: _Ctx) -> str:
    value = y.want_str(node, ctx.path, "id")
    if not ID_RE.match(value):
        raise ctx.error(node.line, "id", "lowercase letters, digits and single '-' between them", repr(value))
    return value


def _ruleset(node: Optional[y.Node], ctx: _Ctx) -> str:
    if node is None:
        return DEFAULT_RULESET
    value = y.want_str(node, ctx.path, "ruleset")
    if value not in RULESETS:
        raise ctx.error(node.line, "ruleset", "one of " + ", ".join(RULESETS), repr(value))
    return value


def reading_name(node: y.Node, ctx: _Ctx, field_name: str) -> str:
    """A reading's name (`reading:`, a key of `expect.readings`): one of READINGS (docs/readings.md)."""
    value = y.want_str(node, ctx.path, field_name)
    if value not in READINGS:
        raise ctx.error(node.line, field_name, "a reading: one of " + ", ".join(READINGS), repr(value))
    return value


# ---- cards ----------------------------------------------------------------------------------

def _resolve(node: y.Node, ctx: _Ctx, field: str) -> str:
    """A card name (trimmed) resolved to the library's canonical name."""
    name = y.want_str(node, ctx.path, field).strip()
    return ctx.resolve(name, node.line, field)


def _is_pokemon(ctx: _Ctx, name: str) -> bool:
    kind = ctx.library.kind(name)
    if kind == "pokemon":
        return True
    playable = getattr(ctx.library, "playable_as_pokemon", None)
    return kind == "item" and playable is not None and bool(playable(name))


def _check_kind(ctx: _Ctx, name: str, line: int, field: str, kinds: tuple, what: str) -> None:
    """Reject a card whose kind is not in `kinds` ("pokemon" also admits play_as Items)."""
    if "pokemon" in kinds and _is_pokemon(ctx, name):
        return
    kind = ctx.library.kind(name)
    if kind not in kinds:
        raise ctx.error(line, field, what, f"{name!r}, {_a(kind)} card")


def _a(kind: str) -> str:
    """`item` -> "an item", `basic_energy` -> "a basic energy" (for messages)."""
    words = kind.replace("_", " ")
    return ("an " if words[:1] in "aeiou" else "a ") + words


def _card(node: y.Node, ctx: _Ctx, field: str, kinds: tuple = (), what: str = "") -> str:
    """One card name, resolved and (when `kinds` is given) of the right kind."""
    name = _resolve(node, ctx, field)
    if kinds:
        _check_kind(ctx, name, node.line, field, kinds, what)
    return name


def _number(node: y.Node, ctx: _Ctx, field: str, low: int = 0, high: int = MAX_COUNT) -> int:
    return y.want_int(node, ctx.path, field, low, high)


def _looks_numeric(node: y.Node) -> bool:
    return isinstance(node, y.YScalar) and node.value is not None and bool(NUMBERISH_RE.match(node.value))


def _entry(node: y.Node, ctx: _Ctx, field: str, extra_keys: tuple = ()) -> tuple[Optional[str], int, dict]:
    """One card-list entry -> (name or None for unspecified cards, count, extra mapping values)."""
    if isinstance(node, y.YMap):
        y.check_keys(node, ctx.path, field, ("card", "count") + extra_keys, ("card",))
        count = 1 if node.get("count") is None else _number(node.get("count"), ctx, f"{field}.count", 1)
        extras = {key: node.get(key) for key in extra_keys if node.get(key) is not None}
        return _resolve(node.get("card"), ctx, f"{field}.card"), count, extras
    if _looks_numeric(node):
        return None, _number(node, ctx, field), {}
    text = y.want_str(node, ctx.path, field)
    copies = COPIES_RE.match(text.strip())
    if copies is None:
        return ctx.resolve(text.strip(), node.line, field), 1, {}
    count_node = y.YScalar(copies.group(2), node.line, False)
    count = _number(count_node, ctx, f"{field} (copies)", 1)
    return ctx.resolve(copies.group(1).strip(), node.line, field), count, {}


def _card_list(node: y.Node, ctx: _Ctx, field: str, kinds: tuple = (), what: str = "") -> tuple[CardCount, ...]:
    """A card list; `kinds` restricts named cards and forbids unspecified ones."""
    result = []
    for i, item in enumerate(y.want_list(node, ctx.path, field).items):
        name, count, _ = _entry(item, ctx, f"{field}.{i}")
        if kinds and name is None:
            raise ctx.error(item.line, f"{field}.{i}", what, "a number of unspecified cards")
        if kinds:
            _check_kind(ctx, name, item.line, f"{field}.{i}", kinds, what)
        if count:
            result.append(CardCount(name, count, ctx.where(item.line)))
    return tuple(result)


def _pile(node: Optional[y.Node], ctx: _Ctx, field: str) -> tuple[CardCount, ...]:
    """A pile (hand, deck, discard, Lost Zone): a card list or a bare number."""
    if node is None:
        return ()
    if isinstance(node, y.YList):
        return _card_list(node, ctx, field)
    if not _looks_numeric(node):
        raise ctx.error(node.line, field, "a card list or a number of unspecified cards", y.describe(node))
    count = _number(node, ctx, field)
    return (CardCount(None, count, ctx.where(node.line)),) if count else ()


def _prizes(node: Optional[y.Node], ctx: _Ctx, field: str) -> tuple[Prize, ...]:
    """Prize cards: a number (face down, unspecified) or a list; at most 6 in all."""
    if node is None:
        return ()
    if not isinstance(node, y.YList):
        if not _looks_numeric(node):
            raise ctx.error(node.line, field, "a card list or a number of face-down Prize cards", y.describe(node))
        return (Prize(None),) * _number(node, ctx, field, 0, MAX_PRIZES)
    prizes: list[Prize] = []
    for i, item in enumerate(node.items):
        name, count, extras = _entry(item, ctx, f"{field}.{i}", ("face_up",))
        face_up = "face_up" in extras and y.want_bool(extras["face_up"], ctx.path, f"{field}.{i}.face_up")
        prizes.extend([Prize(name, face_up)] * count)
        if len(prizes) > MAX_PRIZES:
            raise ctx.error(item.line, field, f"at most {MAX_PRIZES} Prize cards", f"{len(prizes)} or more")
    return tuple(prizes)


# ---- in play --------------------------------------------------------------------------------

def _in_play(node: y.Node, ctx: _Ctx, field: str) -> InPlay:
    """A Pokémon in play: a name or the full mapping."""
    pokemon = ("pokemon",)
    if not isinstance(node, y.YMap):
        return InPlay(card=_card(node, ctx, field, pokemon, "a Pokémon card"), where=ctx.where(node.line))
    y.check_keys(node, ctx.path, field, IN_PLAY_KEYS, ("card",))
    get = node.get
    evolved = get("evolved_this_turn") is not None and y.want_bool(
        get("evolved_this_turn"), ctx.path, f"{field}.evolved_this_turn")
    if evolved and (get("evolved_from") is None or not y.want_list(get("evolved_from"), ctx.path,
                                                                   f"{field}.evolved_from").items):
        raise ctx.error(node.key_line("evolved_this_turn"), f"{field}.evolved_this_turn",
                        "the cards it evolved from in `evolved_from` (evolving puts the top card on another card)",
                        "no evolved_from")
    if evolved and get("new_this_turn") is not None and not y.want_bool(
            get("new_this_turn"), ctx.path, f"{field}.new_this_turn"):
        raise ctx.error(node.key_line("new_this_turn"), f"{field}.new_this_turn",
                        "true or nothing (a Pokémon that evolved this turn is new this turn, seed 001 刚出场)",
                        "false next to evolved_this_turn: true")
    devolved = get("devolved_this_turn") is not None and y.want_bool(
        get("devolved_this_turn"), ctx.path, f"{field}.devolved_this_turn")
    if devolved and evolved:
        raise ctx.error(node.key_line("devolved_this_turn"), f"{field}.devolved_this_turn",
                        "one of evolved_this_turn and devolved_this_turn (the top card came by one of them last)",
                        "both")
    if devolved and get("new_this_turn") is not None and not y.want_bool(
            get("new_this_turn"), ctx.path, f"{field}.new_this_turn"):
        raise ctx.error(node.key_line("new_this_turn"), f"{field}.new_this_turn",
                        "true or nothing (a Pokémon that devolved this turn is new this turn, seed 001 刚出场)",
                        "false next to devolved_this_turn: true")
    return InPlay(
        card=_card(get("card"), ctx, f"{field}.card", pokemon, "a Pokémon card"),
        evolved_from=_evolved_from(get("evolved_from"), ctx, f"{field}.evolved_from"),
        evolved_this_turn=evolved,
        devolved_this_turn=devolved,
        damage=_damage(get("damage"), ctx, f"{field}.damage"),
        energy=() if get("energy") is None else _card_list(
            get("energy"), ctx, f"{field}.energy", ENERGY_KINDS, "an Energy card"),
        tool=_tool(get("tool"), ctx, f"{field}.tool"),
        conditions=_conditions(get("conditions"), ctx, f"{field}.conditions"),
        new_this_turn=evolved or devolved or (get("new_this_turn") is not None and y.want_bool(
            get("new_this_turn"), ctx.path, f"{field}.new_this_turn")),
        effects=() if get("effects") is None else y.want_str_list(get("effects"), ctx.path, f"{field}.effects"),
        type_change=() if get("type_change") is None else _types(get("type_change"), ctx, f"{field}.type_change"),
        damaged_last_turn=_damage(get("damaged_last_turn"), ctx, f"{field}.damaged_last_turn"),
        abilities_used=() if get("abilities_used") is None else tuple(sorted(
            y.want_str_list(get("abilities_used"), ctx.path, f"{field}.abilities_used", unique=True))),
        moved_to_active_this_turn=get("moved_to_active_this_turn") is not None and y.want_bool(
            get("moved_to_active_this_turn"), ctx.path, f"{field}.moved_to_active_this_turn"),
        where=ctx.where(node.line),
    )


def _types(node: y.Node, ctx: _Ctx, field: str) -> tuple[str, ...]:
    """A type or a list of distinct types (a type change's result)."""
    if isinstance(node, y.YScalar):
        node = y.YList([node], node.line)
    values = _choices(node, ctx, field, TYPES)
    if not values:
        raise ctx.error(node.line, field, "at least one type", "an empty list")
    return values


def _evolved_from(node: Optional[y.Node], ctx: _Ctx, field: str) -> tuple[str, ...]:
    if node is None:
        return ()
    items = y.want_list(node, ctx.path, field).items
    return tuple(_card(item, ctx, f"{field}.{i}", ("pokemon",), "a Pokémon card") for i, item in enumerate(items))


def _damage(node: Optional[y.Node], ctx: _Ctx, field: str) -> int:
    if node is None:
        return 0
    value = _number(node, ctx, field, 0, MAX_DAMAGE)
    if value % 10:
        raise ctx.error(node.line, field, "a multiple of 10", str(value))
    return value


def _tool(node: Optional[y.Node], ctx: _Ctx, field: str) -> Optional[str]:
    if node is None or y.is_null(node):
        return None
    return _card(node, ctx, field, ("tool",), "a Pokémon Tool card")


def _conditions(node: Optional[y.Node], ctx: _Ctx, field: str) -> tuple[str, ...]:
    if node is None:
        return ()
    values = _choices(node, ctx, field, CONDITIONS)
    exclusive = [c for c in values if c in EXCLUSIVE_CONDITIONS]
    if len(exclusive) > 1:
        raise ctx.error(node.line, field, "at most one of asleep, paralyzed, confused", " and ".join(exclusive))
    return values


def _choices(node: y.Node, ctx: _Ctx, field: str, allowed: tuple) -> tuple[str, ...]:
    """A list of distinct words, each one of `allowed`."""
    values = y.want_str_list(node, ctx.path, field, unique=True)
    for i, value in enumerate(values):
        if value not in allowed:
            raise ctx.error(node.items[i].line, f"{field}.{i}", "one of " + ", ".join(allowed), repr(value))
    return values


# ---- state ----------------------------------------------------------------------------------

def _state(node: y.Node, ctx: _Ctx) -> GameState:
    state = y.want_map(node, ctx.path, "state")
    y.check_keys(state, ctx.path, "state", STATE_KEYS)
    turn = state.get("turn")
    out = GameState(
        turn=DEFAULT_TURN if turn is None else _number(turn, ctx, "state.turn", 1, 10**6),
        me=_player(state.get("me"), ctx, "state.me", state.key_line("me")),
        opp=_player(state.get("opp"), ctx, "state.opp", state.key_line("opp")),
        stadium=_stadium(state.get("stadium"), ctx),
    )
    for player in PLAYERS:
        _check_bench_limit(out, player, ctx)
    return out


def _check_bench_limit(state: GameState, player: str, ctx: _Ctx) -> None:
    """SU1: a player has at most 5 Benched Pokémon, or the limit a card in play gives them (`bench_size`: the library
    derives it, cards/benchsize.py); more is no game's state."""
    ps = state.side(player)
    if len(ps.bench) <= MAX_BENCH and state.stadium is None:
        return
    limit = MAX_BENCH
    if state.stadium is not None and hasattr(ctx.library, "bench_limit"):
        in_play = [m.card for m in ([ps.active] if ps.active is not None else []) + list(ps.bench)]
        limit = ctx.library.bench_limit(state.stadium.card, in_play)
    if len(ps.bench) > limit:
        where = ps.bench[limit].where
        raise ctx.error(where.line if where else None, f"state.{player}.bench", f"at most {limit} Benched Pokémon",
                        str(len(ps.bench)))


def _player(node: Optional[y.Node], ctx: _Ctx, field: str, key_line: Optional[int] = None) -> PlayerState:
    """One player's side; a missing key is an empty zone (no Prize cards, no Active Pokémon)."""
    if node is None:
        return PlayerState()
    side = y.want_map(node, ctx.path, field)
    y.check_keys(side, ctx.path, field, PLAYER_KEYS)
    get = side.get
    active = get("active")
    player = PlayerState(
        active=None if active is None or y.is_null(active) else _in_play(active, ctx, f"{field}.active"),
        bench=_bench(get("bench"), ctx, f"{field}.bench"),
        hand=_pile(get("hand"), ctx, f"{field}.hand"),
        deck=_pile(get("deck"), ctx, f"{field}.deck"),
        discard=_pile(get("discard"), ctx, f"{field}.discard"),
        lost_zone=_pile(get("lost_zone"), ctx, f"{field}.lost_zone"),
        prizes=_prizes(get("prizes"), ctx, f"{field}.prizes"),
        used_this_turn=() if get("used_this_turn") is None else _choices(
            get("used_this_turn"), ctx, f"{field}.used_this_turn", USED_THIS_TURN),
        first_turn=None if get("first_turn") is None else y.want_bool(
            get("first_turn"), ctx.path, f"{field}.first_turn"),
        knocked_out_last_turn=() if get("knocked_out_last_turn") is None else _card_list(
            get("knocked_out_last_turn"), ctx, f"{field}.knocked_out_last_turn", ("pokemon",), "a Pokémon card"),
        knocked_out_other_last_turn=() if get("knocked_out_other_last_turn") is None else _card_list(
            get("knocked_out_other_last_turn"), ctx, f"{field}.knocked_out_other_last_turn", ("pokemon",),
            "a Pokémon card"),
        used_once_per_game=() if get("used_once_per_game") is None else _card_list(
            get("used_once_per_game"), ctx, f"{field}.used_once_per_game", ("tool", "special_energy", "stadium"),
            "a Tool, Stadium or Special Energy card"),
        effects=() if get("effects") is None else y.want_str_list(get("effects"), ctx.path, f"{field}.effects"),
        played_this_turn=() if get("played_this_turn") is None else _card_list(
            get("played_this_turn"), ctx, f"{field}.played_this_turn", ("item", "supporter", "tool", "stadium"),
            "a Trainer card"),
    )
    _played_agrees(player, ctx, field, side)
    total = _card_total(player)
    if total > MAX_CARDS:
        raise ctx.error(key_line or side.line, field,
                        f"at most {MAX_CARDS} cards for one player in all zones and in play (a player has 60)",
                        str(total))
    return player


def _played_agrees(ps: PlayerState, ctx: _Ctx, field: str, side: y.Node) -> None:
    """TU1: a Supporter or a Stadium listed in `played_this_turn` is the player's one Supporter / Stadium of the turn, so
    `used_this_turn` must say so, and at most one of each can be listed; a state that says otherwise is an input error
    (it would let a second Supporter or Stadium be played)."""
    for kind in ("supporter", "stadium"):
        played = [e for e in ps.played_this_turn if ctx.library.kind(e.name) == kind]
        if not played:
            continue
        first = played[0]
        line = first.where.line if first.where else side.key_line("played_this_turn")
        if sum(e.count for e in played) > 1:
            raise ctx.error(line, f"{field}.played_this_turn", f"at most one {kind.capitalize()} card played in a turn "
                            "(TU1)", ", ".join(e.name for e in played))
        if kind not in ps.used_this_turn:
            raise ctx.error(line, f"{field}.used_this_turn", f"'{kind}' in used_this_turn, since played_this_turn "
                            f"lists the {kind.capitalize()} {first.name} (TU1: one a turn)",
                            ", ".join(ps.used_this_turn) or "nothing")


def _card_total(ps: PlayerState) -> int:
    """Every card one player has: piles, Prize cards, and in play (with what lies under or is attached)."""
    total = sum(e.count for pile in (ps.hand, ps.deck, ps.discard, ps.lost_zone) for e in pile) + len(ps.prizes)
    for mon in ([ps.active] if ps.active is not None else []) + list(ps.bench):
        total += 1 + len(mon.evolved_from) + sum(e.count for e in mon.energy) + (1 if mon.tool else 0)
    return total


def _bench(node: Optional[y.Node], ctx: _Ctx, field: str) -> tuple[InPlay, ...]:
    """The Bench: a list of Pokémon in play; an entry `NAME xN` (or a mapping with `count: N`) is N
    identical Pokémon in N slots (docs/scenario-format.md, "Cards and lists")."""
    if node is None:
        return ()
    bench: list[InPlay] = []
    for i, item in enumerate(y.want_list(node, ctx.path, field).items):
        entry, count = _bench_entry(item, ctx, f"{field}.{i}")
        if len(bench) + count > MAX_BENCH_SIZE:
            # SU1: more than 5 only where a card in play raises the limit (solve/benchsize.py checks that)
            raise ctx.error(item.line, field, f"at most {MAX_BENCH_SIZE} Benched Pokémon (5 unless a card in play "
                            "raises the limit)", f"{len(bench) + count}")
        mon = _in_play(entry, ctx, f"{field}.{i}")
        if mon.conditions:
            # SC4 (seed 003, Special Conditions: 回到替补席 removes them; SC1 shows them by turning the Active card and by
            # markers on it): only the Active Pokémon has Special Conditions, and a Pokémon moving to the Bench loses
            # them, so a Benched Pokémon with one is a state no game reaches (the Checkup would wrongly hurt it).
            raise ctx.error(entry.key_line("conditions"), f"{field}.{i}.conditions",
                            "no Special Condition on a Benched Pokémon (only the Active Pokémon can have one; moving "
                            "to the Bench removes them, SC4)", ", ".join(mon.conditions))
        bench.extend([mon] * count)
    return tuple(bench)


def _bench_entry(node: y.Node, ctx: _Ctx, field: str) -> tuple[y.Node, int]:
    """A Bench entry -> (the node of one Pokémon in play, how many copies)."""
    if isinstance(node, y.YMap):
        if node.get("count") is None:
            return node, 1
        count = _number(node.get("count"), ctx, f"{field}.count", 1, MAX_BENCH_SIZE)
        rest = y.YMap([pair for pair in node.pairs if pair[0] != "count"], node.line)
        return rest, count
    if isinstance(node, y.YScalar) and node.value is not None:
        copies = COPIES_RE.match(node.value.strip())
        if copies is not None:
            count = _number(y.YScalar(copies.group(2), node.line, False), ctx, f"{field} (copies)", 1, MAX_BENCH_SIZE)
            return y.YScalar(copies.group(1).strip(), node.line, False), count
    return node, 1


def _stadium(node: Optional[y.Node], ctx: _Ctx) -> Optional[Stadium]:
    if node is None or y.is_null(node):
        return None
    stadium = y.want_map(node, ctx.path, "state.stadium")
    y.check_keys(stadium, ctx.path, "state.stadium", ("card", "owner"), ("card", "owner"))
    owner_node = stadium.get("owner")
    owner = y.want_str(owner_node, ctx.path, "state.stadium.owner")
    if owner not in ("me", "opp"):
        raise ctx.error(owner_node.line, "state.stadium.owner", "me or opp", repr(owner))
    card = _card(stadium.get("card"), ctx, "state.stadium.card", ("stadium",), "a Stadium card")
    return Stadium(card, owner)


# ---- positions ------------------------------------------------------------------------------

def _occupant(state: GameState, position: str) -> Optional[InPlay]:
    """The Pokémon at a position (`active`, `bench.2`, `opp.active` ...), or None."""
    side = state.opp if position.startswith("opp.") else state.me
    spot = position.removeprefix("opp.")
    if spot == "active":
        return side.active
    index = int(spot.split(".")[1])
    return side.bench[index] if index < len(side.bench) else None


def _position(node: y.Node, ctx: _Ctx, field: str, state: Optional[GameState] = None,
              pattern: re.Pattern = POSITION_RE, what: str = POSITION_TEXT) -> str:
    """A position; with `state`, one that holds a Pokémon."""
    value = y.want_str(node, ctx.path, field).strip()
    if not pattern.match(value):
        raise ctx.error(node.line, field, what, repr(value))
    if state is not None and _occupant(state, value) is None:
        raise ctx.error(node.line, field, "a position that holds a Pokémon", f"{value!r}, which is empty")
    return value


# ---- action ---------------------------------------------------------------------------------

def _action(node: y.Node, ctx: _Ctx, state: GameState) -> Action:
    """The one action: exactly one known key."""
    action = y.want_map(node, ctx.path, "action")
    y.check_keys(action, ctx.path, "action", ACTION_KINDS)
    if len(action.pairs) != 1:
        line = action.pairs[1][1] if action.pairs else action.line
        raise ctx.error(line, "action", "exactly one action key: " + ", ".join(ACTION_KINDS),
                        f"{len(action.pairs)} keys")
    kind, kline, value = action.pairs[0]
    reader = _ACTION_READERS[kind]
    fields = reader(value, ctx, f"action.{kind}", state)
    return Action(kind=kind, where=ctx.where(kline), **fields)


def _from_hand(node: y.Node, ctx: _Ctx, field: str, state: GameState, kinds: tuple, what: str) -> str:
    """A card of the right kind that is in my hand."""
    name = _card(node, ctx, field, kinds, what)
    if not any(entry.name == name for entry in state.me.hand):
        raise ctx.error(node.line, field, "a card in my hand (state.me.hand)", f"{name!r}, which is not there")
    return name


def _action_map(node: y.Node, ctx: _Ctx, field: str, keys: tuple, required: tuple) -> y.YMap:
    mapping = y.want_map(node, ctx.path, field)
    y.check_keys(mapping, ctx.path, field, keys, required)
    return mapping


def _read_play(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    what = "a Trainer card (Item, Tool, Supporter or Stadium)"
    if not isinstance(node, y.YMap):
        return {"card": _from_hand(node, ctx, field, state, TRAINER_KINDS, what)}
    play = _action_map(node, ctx, field, ("card", "to"), ("card",))
    card = _from_hand(play.get("card"), ctx, f"{field}.card", state, TRAINER_KINDS, what)
    to = play.get("to")
    if to is None:
        return {"card": card}
    if ctx.library.kind(card) != "tool":
        raise ctx.error(play.key_line("to"), f"{field}.to", "`to` only when playing a Pokémon Tool",
                        f"{card!r}, {_a(ctx.library.kind(card))} card")
    return {"card": card, "to": _position(to, ctx, f"{field}.to", state)}


def _read_ability(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    ability = _action_map(node, ctx, field, ("pokemon", "name"), ("pokemon", "name"))
    return {"pokemon": _position(ability.get("pokemon"), ctx, f"{field}.pokemon", state),
            "name": y.want_str(ability.get("name"), ctx.path, f"{field}.name").strip()}


def _read_attach(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    attach = _action_map(node, ctx, field, ("card", "to"), ("card", "to"))
    return {"card": _from_hand(attach.get("card"), ctx, f"{field}.card", state, ENERGY_KINDS, "an Energy card"),
            "to": _position(attach.get("to"), ctx, f"{field}.to", state)}


def _read_evolve(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    evolve = _action_map(node, ctx, field, ("card", "onto"), ("card", "onto"))
    return {"card": _from_hand(evolve.get("card"), ctx, f"{field}.card", state, ("pokemon",), "a Pokémon card"),
            "onto": _position(evolve.get("onto"), ctx, f"{field}.onto", state)}


def _read_bench(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    """`bench: {card: NAME}`: a Basic Pokémon from my hand onto my Bench (and the Ability that triggers on it, X4)."""
    bench = _action_map(node, ctx, field, ("card",), ("card",))
    return {"card": _from_hand(bench.get("card"), ctx, f"{field}.card", state, ("pokemon",), "a Pokémon card")}


def _need_active(line: int, ctx: _Ctx, field: str, state: GameState) -> None:
    if state.me.active is None:
        raise ctx.error(line, field, "a Pokémon in my Active Spot (state.me.active)", "none")


def _read_retreat(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    retreat = _action_map(node, ctx, field, ("to",), ("to",))
    _need_active(retreat.line, ctx, field, state)
    to = _position(retreat.get("to"), ctx, f"{field}.to", state, MY_BENCH_RE,
                   "one of my Bench positions: bench.0-4")
    return {"to": to}


def _read_attack(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    attack = _action_map(node, ctx, field, ("name",), ("name",))
    _need_active(attack.line, ctx, field, state)
    return {"name": y.want_str(attack.get("name"), ctx.path, f"{field}.name").strip()}


def _read_nothing(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    """`checkup: {}` and `actions: {}` take no arguments (an empty value is accepted too)."""
    if not y.is_null(node) and not (isinstance(node, y.YMap) and not node.pairs):
        raise ctx.error(node.line, field, "an empty mapping {}", y.describe(node))
    return {}


def _read_setup(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    """`setup: {mulligans: {me: N, opp: N}}` (both optional, default 0)."""
    if y.is_null(node):
        return {"mulligans": (0, 0)}
    setup = _action_map(node, ctx, field, ("mulligans",), ())
    if setup.get("mulligans") is None:
        return {"mulligans": (0, 0)}
    m = _action_map(setup.get("mulligans"), ctx, f"{field}.mulligans", ("me", "opp"), ())
    counts = tuple(0 if m.get(p) is None else _number(m.get(p), ctx, f"{field}.mulligans.{p}", 0, 20)
                   for p in ("me", "opp"))
    return {"mulligans": counts}


def _read_use_stadium(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    """`use_stadium: NAME` (or `{card: NAME}`): the effect of the Stadium in play ("Once during each player's turn,
    that player may ..."), used by the acting player; NAME is the Stadium of `state.stadium`."""
    if isinstance(node, y.YMap):
        node = _action_map(node, ctx, field, ("card",), ("card",)).get("card")
        field = f"{field}.card"
    name = _card(node, ctx, field, ("stadium",), "a Stadium card")
    if state.stadium is None or state.stadium.card != name:
        got = "no Stadium in play" if state.stadium is None else f"{state.stadium.card!r} in play"
        raise ctx.error(node.line, field, "the Stadium in play (state.stadium)", f"{name!r}, with {got}")
    return {"card": name}


def _read_validate_deck(node: y.Node, ctx: _Ctx, field: str, state: GameState) -> dict:
    return {"deck": _card_list(node, ctx, field)}


_ACTION_READERS = {
    "play": _read_play,
    "ability": _read_ability,
    "attach": _read_attach,
    "evolve": _read_evolve,
    "bench": _read_bench,
    "retreat": _read_retreat,
    "attack": _read_attack,
    "checkup": _read_nothing,
    "validate_deck": _read_validate_deck,
    "actions": _read_nothing,
    "game_over": _read_nothing,
    "setup": _read_setup,
    "use_stadium": _read_use_stadium,
}


# ---- expectations ---------------------------------------------------------------------------

def _expect(node: y.Node, ctx: _Ctx, action: Action) -> Expectation:
    """The `expect:` mapping; each key's line is kept in `Expectation.where`."""
    if y.is_null(node):
        return Expectation()
    expect = y.want_map(node, ctx.path, "expect")
    y.check_keys(expect, ctx.path, "expect", EXPECT_KEYS)
    _check_expect_fits(expect, ctx, action)
    get = expect.get
    return Expectation(
        legal=None if get("legal") is None else y.want_bool(get("legal"), ctx.path, "expect.legal"),
        because=() if get("because") is None else _because(get("because"), ctx),
        moved=() if get("moved") is None else _moved(get("moved"), ctx),
        resolutions=None if get("resolutions") is None else _number(
            get("resolutions"), ctx, "expect.resolutions", 0, 10**9),
        damage=() if get("damage") is None else _expected_damage(get("damage"), ctx),
        prizes_taken=() if get("prizes_taken") is None else _expected_prizes(get("prizes_taken"), ctx),
        allowed=() if get("allowed") is None else y.want_str_list(get("allowed"), ctx.path, "expect.allowed"),
        forbidden=() if get("forbidden") is None else y.want_str_list(
            get("forbidden"), ctx.path, "expect.forbidden"),
        valid=None if get("valid") is None else y.want_bool(get("valid"), ctx.path, "expect.valid"),
        winner=None if get("winner") is None else _winner(get("winner"), ctx),
        readings=() if get("readings") is None else _reading_expects(get("readings"), ctx),
        where={key: ctx.where(line) for key, line, _ in expect.pairs},
    )


def _reading_expects(node: y.Node, ctx: _Ctx) -> tuple:
    """`expect.readings: {NAME: {legal, resolutions, because}}`, sorted by name (docs/readings.md)."""
    table = y.want_map(node, ctx.path, "expect.readings")
    out = []
    for name, line, value in table.pairs:
        if name not in READINGS:
            raise ctx.error(line, "expect.readings", "a reading: one of " + ", ".join(READINGS), repr(name))
        key, field_name = name, f"expect.readings.{name}"
        one = y.want_map(value, ctx.path, field_name)
        y.check_keys(one, ctx.path, field_name, READING_EXPECT_KEYS)
        if not one.pairs:
            raise ctx.error(line, field_name, "legal, resolutions or because", "an empty mapping")
        get = one.get
        out.append((key, Expectation(
            legal=None if get("legal") is None else y.want_bool(get("legal"), ctx.path, field_name + ".legal"),
            because=() if get("because") is None else _because(get("because"), ctx),
            resolutions=None if get("resolutions") is None else _number(
                get("resolutions"), ctx, field_name + ".resolutions", 0, 10**9),
            where={k: ctx.where(ln) for k, ln, _ in one.pairs})))
    return tuple(sorted(out))


def _check_expect_fits(expect: y.YMap, ctx: _Ctx, action: Action) -> None:
    """`allowed`/`forbidden` belong to `actions: {}`, `valid` to `validate_deck` or `setup`, `winner` to
    `game_over`."""
    needs = {"allowed": ("actions",), "forbidden": ("actions",), "valid": ("validate_deck", "setup"),
             "winner": ("game_over",)}
    for key, line, _ in expect.pairs:
        if key in needs and action.kind not in needs[key]:
            raise ctx.error(line, f"expect.{key}", "this key only with the action " + " or ".join(
                f"`{k}`" for k in needs[key]), f"the action `{action.kind}`")


def _winner(node: y.Node, ctx: _Ctx) -> str:
    value = y.want_str(node, ctx.path, "expect.winner")
    if value not in WINNERS:
        raise ctx.error(node.line, "expect.winner", "one of " + ", ".join(WINNERS), repr(value))
    return value


def _because(node: y.Node, ctx: _Ctx) -> tuple[str, ...]:
    ids = y.want_str_list(node, ctx.path, "expect.because", unique=True)
    for i, value in enumerate(ids):
        if not PRINCIPLE_RE.match(value):
            raise ctx.error(node.items[i].line, f"expect.because.{i}", "a principle ID such as A4", repr(value))
    return ids


def _int_set(node: y.Node, ctx: _Ctx, field: str, high: int, step: int = 1) -> tuple[int, ...]:
    """A non-empty list of distinct whole numbers 0..high (multiples of `step`)."""
    items = y.want_list(node, ctx.path, field).items
    if not items:
        raise ctx.error(node.line, field, "at least one number", "an empty list")
    values: list[int] = []
    for i, item in enumerate(items):
        value = _number(item, ctx, f"{field}.{i}", 0, high)
        if value % step:
            raise ctx.error(item.line, f"{field}.{i}", f"a multiple of {step}", str(value))
        if value in values:
            raise ctx.error(item.line, f"{field}.{i}", "each value once", f"{value} again")
        values.append(value)
    return tuple(values)


def _zone(text: str) -> bool:
    return text.removeprefix("opp.") in MOVE_ZONES


def _moved(node: y.Node, ctx: _Ctx) -> tuple[tuple[str, tuple[int, ...]], ...]:
    moved = y.want_map(node, ctx.path, "expect.moved")
    result = []
    for key, line, value in moved.pairs:
        source, sep, target = (part.strip() for part in key.partition(">"))
        # The same zone twice is only `attached>attached` (cards moved from one Pokémon to another) and
        # `deck>deck` (a card searched for and put back on top of the deck, One Desire).
        if not sep or not _zone(source) or not _zone(target) or (source == target and
                                                                   source.removeprefix("opp.") not in ("attached", "deck")):
            raise ctx.error(line, f"expect.moved.{key}", "FROM>TO with two different zones among "
                            + ", ".join(MOVE_ZONES) + " (each optionally opp.; the same zone twice only "
                            "as attached>attached, between two Pokémon, or deck>deck, back on top of the deck)", repr(key))
        name = f"{source}>{target}"
        if any(existing == name for existing, _ in result):
            raise ctx.error(line, f"expect.moved.{key}", "each transfer once", f"{name!r} again")
        result.append((name, _int_set(value, ctx, f"expect.moved.{key}", MAX_COUNT)))
    return tuple(result)


def _expected_prizes(node: y.Node, ctx: _Ctx) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """`prizes_taken: {POSITION: [values]}`: the Prize cards taken for Knocking that Pokémon Out (0: not Knocked Out)."""
    prizes = y.want_map(node, ctx.path, "expect.prizes_taken")
    result = []
    for key, line, value in prizes.pairs:
        if not POSITION_RE.match(key):
            raise ctx.error(line, f"expect.prizes_taken.{key}", POSITION_TEXT, repr(key))
        result.append((key, _int_set(value, ctx, f"expect.prizes_taken.{key}", 6, 1)))
    return tuple(result)


def _expected_damage(node: y.Node, ctx: _Ctx) -> tuple[tuple[str, tuple[int, ...]], ...]:
    damage = y.want_map(node, ctx.path, "expect.damage")
    result = []
    for key, line, value in damage.pairs:
        if not POSITION_RE.match(key):
            raise ctx.error(line, f"expect.damage.{key}", POSITION_TEXT, repr(key))
        result.append((key, _int_set(value, ctx, f"expect.damage.{key}", MAX_DAMAGE_PLACED, 10)))
    return tuple(result)
