"""Typed model of a scenario (docs/scenario-format.md, version 1 and its extensions).

The loader builds these objects from YAML; the compiler turns them into answer-set facts.
Every object that came from a file keeps the line it came from, so later checks can still
point at the right place.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union

PLAYERS = ("me", "opp")
# SU1: the most Pokémon a Bench holds without an effect that changes it, and the most any card's text allows
# (Area Zero Underdepths, Sky Field: 8; docs/vocabulary.md `bench_size`): a state may list more than 5 Benched
# Pokémon only where a card in play allows it (solve/benchsize.py checks the state against its limit).
MAX_BENCH = 5
MAX_BENCH_SIZE = 8
# The Pokémon and Energy types (the scenarios' `types:` and the cards' vocabulary both read them).
TYPES = ("grass", "fire", "water", "lightning", "psychic", "fighting", "darkness", "metal",
         "fairy", "dragon", "colorless")
CONDITIONS = ("asleep", "paralyzed", "confused", "poisoned", "burned")
USED_THIS_TURN = ("supporter", "stadium", "energy", "retreat", "gx", "vstar", "stadium_effect")
PILE_ZONES = ("hand", "deck", "discard", "lost_zone")
# Named rulesets a scenario may select (docs/principles.md, Rulesets): the modern default (seeds 000/002),
# HeartGold/SoulSilver and Black & White (seed 001), the 2006 EX era (seed 003).
RULESETS = ("standard", "expanded-2011", "ex-2006")
DEFAULT_RULESET = "standard"
# Named readings of the contested rules (docs/readings.md): seed 000's (the default), the English Advanced
# Player's Rulebook's, and the official rulings' where they differ from both. Each has its layer in
# encodings/readings.lp (encodings/readings/<name>.lp).
READINGS = ("seed-000", "english-rulebook", "official-rulings")
DEFAULT_READING = "seed-000"


@dataclass(frozen=True)
class Where:
    """A place in an input file: path and 1-based line."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class CardCount:
    """`count` copies of the card `name`; `name` None means unspecified cards."""

    name: Optional[str]
    count: int
    where: Optional[Where] = None


@dataclass(frozen=True)
class Prize:
    """One Prize card: a named or unspecified card, face up or face down."""

    name: Optional[str]
    face_up: bool = False


@dataclass(frozen=True)
class InPlay:
    """A Pokémon in play (the Active Spot or one Bench slot)."""

    card: str
    evolved_from: tuple[str, ...] = ()
    damage: int = 0
    energy: tuple[CardCount, ...] = ()
    tool: Optional[str] = None
    conditions: tuple[str, ...] = ()
    new_this_turn: bool = False
    effects: tuple[str, ...] = ()
    # Extensions (seed 001 状态与事实): the type(s) an effect on it has set (the latest such effect);
    # the damage attacks did to it during the opponent's last turn.
    type_change: tuple[str, ...] = ()
    damaged_last_turn: int = 0
    # Seed 001 刚出场: its top card was put on it by evolving during this turn (so it is new this turn too).
    evolved_this_turn: bool = False
    # Seed 001 刚出场: its top card is on top because an effect devolved it during this turn (so it is new this turn
    # too, but was not played this turn).
    devolved_this_turn: bool = False
    # Extension: the Abilities of this Pokémon already used during this turn (TU1 for "once during your turn").
    abilities_used: tuple[str, ...] = ()
    # Extension (a fact of this turn): it moved from the Bench to the Active Spot during this turn (retreat, switch).
    moved_to_active_this_turn: bool = False
    where: Optional[Where] = None


@dataclass(frozen=True)
class PlayerState:
    """One player's side. `hand` etc. are card lists (bare numbers are unspecified cards)."""

    active: Optional[InPlay] = None
    bench: tuple[InPlay, ...] = ()
    hand: tuple[CardCount, ...] = ()
    deck: tuple[CardCount, ...] = ()
    discard: tuple[CardCount, ...] = ()
    lost_zone: tuple[CardCount, ...] = ()
    prizes: tuple[Prize, ...] = ()
    used_this_turn: tuple[str, ...] = ()
    first_turn: Optional[bool] = None
    # Extension (seed 001 事实): this player's Pokémon Knocked Out by damage from the opponent's attacks
    # during the opponent's last turn (their top cards).
    knocked_out_last_turn: tuple[CardCount, ...] = ()
    # Extension (PASSIVE `once_per_game`): cards of this player whose once-per-game effect was already applied
    # ("This effect of your Legacy Energy can't be applied more than once per game").
    used_once_per_game: tuple[CardCount, ...] = ()
    # ... and those Knocked Out during the opponent's last turn in another way (not by damage from an attack).
    knocked_out_other_last_turn: tuple[CardCount, ...] = ()
    # Extension (a fact of this turn): the Trainer cards this player played from their hand during this turn ("if you
    # played Canari from your hand this turn").
    played_this_turn: tuple[CardCount, ...] = ()
    # Extension (seed 001 状态 on a player): named lasting effects on this player, e.g. an opponent's attack's "During
    # your opponent's next turn, they can't play any Item cards from their hand" (a `modifier` with `reach: opponent`).
    effects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Stadium:
    card: str
    owner: str  # "me" | "opp"


@dataclass(frozen=True)
class GameState:
    turn: int = 3
    me: PlayerState = field(default_factory=PlayerState)
    opp: PlayerState = field(default_factory=PlayerState)
    stadium: Optional[Stadium] = None

    def side(self, player: str) -> PlayerState:
        return self.me if player == "me" else self.opp


@dataclass(frozen=True)
class Action:
    """The one action of a scenario.

    kind is one of: play, ability, attach, evolve, retreat, attack, checkup, validate_deck,
    actions. The other fields are filled as the kind needs them: `card` (play, attach,
    evolve), `to` (play a Tool, attach: a position), `onto` (evolve), `pokemon` and `name`
    (ability), `name` (attack), `deck` (validate_deck).
    """

    kind: str
    card: Optional[str] = None
    to: Optional[str] = None
    onto: Optional[str] = None
    pokemon: Optional[str] = None
    name: Optional[str] = None
    deck: tuple[CardCount, ...] = ()
    mulligans: tuple = (0, 0)  # with `setup`: (mine, the opponent's)
    where: Optional[Where] = None


@dataclass(frozen=True)
class Expectation:
    """What the rules say about the action; every field is optional."""

    legal: Optional[bool] = None
    because: tuple[str, ...] = ()
    moved: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (("deck>bench", (0, 1)), ...)
    resolutions: Optional[int] = None
    damage: tuple[tuple[str, tuple[int, ...]], ...] = ()
    prizes_taken: tuple[tuple[str, tuple[int, ...]], ...] = ()  # position -> Prize-card counts for Knocking it Out
    allowed: tuple[str, ...] = ()
    forbidden: tuple[str, ...] = ()
    valid: Optional[bool] = None
    winner: Optional[str] = None  # with `game_over: {}`: me, opp, none, sudden_death
    # `readings: {NAME: {legal, resolutions, because}}`: what the rules say under each named reading
    readings: tuple[tuple[str, "Expectation"], ...] = ()
    where: dict = field(default_factory=dict, compare=False, hash=False)  # key -> Where

    def is_empty(self) -> bool:
        return (
            self.legal is None
            and not self.because
            and not self.moved
            and self.resolutions is None
            and not self.damage
            and not self.prizes_taken
            and not self.allowed
            and not self.forbidden
            and self.valid is None
            and self.winner is None
            and not self.readings
        )


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    source: str
    state: GameState
    action: Action
    expect: Optional[Expectation] = None
    ruleset: str = DEFAULT_RULESET
    # The reading the scenario's plain `expect` is written for (`reading:`), and the one it is solved under when
    # an option names another (`--reading`, `--readings`; docs/readings.md).
    reading: str = DEFAULT_READING
    reading_override: str = ""
    # The language explanations default to: `lang:`, else the script of its Chinese card names ("" English).
    lang: str = ""
    tags: tuple[str, ...] = ()
    # The expectation is the rules'; ptcg-asp is known to answer otherwise (why, in words).
    known_divergence: str = ""
    cards: tuple[dict, ...] = ()  # raw card definitions, validated by the card library
    path: str = "<memory>"
    # The card library the names were resolved against (extended with `cards:`), for the compiler.
    library: object = field(default=None, compare=False, hash=False, repr=False)

    @property
    def active_reading(self) -> str:
        """The reading the action is solved under: the option's, else the scenario's."""
        return self.reading_override or self.reading


Position = Union[str]  # "active", "bench.0", "opp.active", "opp.bench.3"


def quick_replace(obj, **changes):
    """`dataclasses.replace(obj, **changes)` for this module's frozen dataclasses, without their `__init__`: a new
    object of the class whose attributes are `obj`'s with `changes` over them. The same object `replace` makes for
    these classes (no `__post_init__`, `InitVar` or field that `__init__` leaves out, nothing else in an
    instance's `__dict__`; tests/test_quick_replace.py compares them); an unknown field is a TypeError, as there.
    `replace` builds keyword arguments and runs a frozen class's `__init__` (an `object.__setattr__` per field):
    some 5 µs a call, five calls a generated state (docs/benchmarks.md (i), lane speed4)."""
    cls = obj.__class__
    names = cls.__dataclass_fields__
    for key in changes:
        if key not in names:
            raise TypeError(f"{cls.__name__} has no field {key!r}")
    new = object.__new__(cls)
    attrs = new.__dict__
    attrs.update(obj.__dict__)
    attrs.update(changes)
    return new
