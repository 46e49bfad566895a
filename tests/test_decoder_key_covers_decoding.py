"""The shared decoder's key (`Decoder.key`) covers everything decoding reads (review2).

Batches share one decoder between problems with the same key (`batch.shared_decoder`), so a record decoded for one
problem is reused for another. If decoding read something the key leaves out (a step attribute, or a fact such as the
opponent's answers `opp_option`), a long in-process run (`ptcg-asp audit`, the table) would print the first problem's
choice line for the second one. These tests vary one thing at a time: problems with equal keys must decode every
choice atom alike."""
import dataclasses

from clingo import Function, Number, String

from ptcg_asp.solve.compiler import Problem, StepInfo
from ptcg_asp.solve.verdict import CHOICE_PREDICATES, Decoder, _record


def _m(player="me", pos="active"):
    return Function("m", [Function(player), Function(pos)])


# one atom of each choice predicate that reads the problem (step 1), and the other shown atoms decoding reads
_ATOMS = [
    Function("take", [Number(1), String("Psychic Energy"), Number(2)]),
    Function("aim", [Number(1), _m("opp")]),
    Function("chosen", [Number(1)]),
    Function("take_off", [Number(1), _m("opp"), String("Psychic Energy"), Number(1)]),
    Function("put", [Number(1), String("Psychic Energy"), _m(), Number(1)]),
    Function("drawn_amount", [Number(1), Number(3)]),
]


def _decode(problem: Problem) -> list:
    return [_record(atom, problem) for atom in _ATOMS]


def _step(**changes) -> StepInfo:
    base = StepInfo(1, "move", "me", "effect", 1, label=None, route="hand -> discard", forced=False,
                    fixed_target=False, chooser="me")
    return dataclasses.replace(base, **changes)


_OTHER = {"number": 1, "op": "search", "player": "opp", "role": "cost", "line": 7, "label": "x",
          "route": "deck -> hand", "forced": True, "fixed_target": True, "chooser": "opp"}


def test_every_step_attribute_read_by_decoding_is_in_the_key():
    assert {f.name for f in dataclasses.fields(StepInfo)} <= set(_OTHER), "a new StepInfo field: give it a value here"
    for name, value in _OTHER.items():
        one, two = Problem([], [_step()]), Problem([], [_step(**{name: value})])
        if Decoder.key(one) == Decoder.key(two):
            assert _decode(one) == _decode(two), f"decoding reads StepInfo.{name}, which Decoder.key leaves out"


def test_the_opponents_answers_are_in_the_key():
    # 'Ask your opponent ... If yes, A. If no, B.': `chosen(1)` is the opponent's answer, not an optional part
    asked = Problem([Function("opp_option", [Number(1)]), Function("option_of", [Number(1), Number(9)])], [_step()])
    plain = Problem([], [_step()])
    assert _decode(asked) != _decode(plain)
    assert Decoder.key(asked) != Decoder.key(plain)


def test_the_sampled_atoms_are_choice_atoms():
    assert {a.name for a in _ATOMS} <= CHOICE_PREDICATES
