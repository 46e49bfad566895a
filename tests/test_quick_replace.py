"""`model.quick_replace` makes what `dataclasses.replace` makes for the scenario model's classes: the same fields,
equal objects, the original untouched, an unknown field a TypeError; and no model class has what would make them
differ (`__post_init__`, a field `__init__` leaves out)."""
import dataclasses
import inspect

import pytest

from ptcg_asp.read import model
from ptcg_asp.read.model import CardCount, GameState, InPlay, PlayerState, quick_replace


def _classes():
    return [c for _, c in inspect.getmembers(model, inspect.isclass)
            if dataclasses.is_dataclass(c) and c.__module__ == model.__name__]


def test_no_model_class_has_what_replace_would_run():
    for cls in _classes():
        assert not hasattr(cls, "__post_init__"), cls
        assert all(f.init for f in dataclasses.fields(cls)), cls
        assert cls.__dataclass_params__.frozen, cls


def _same(a, b):
    assert type(a) is type(b) and a == b
    assert vars(a) == vars(b)
    assert {f.name for f in dataclasses.fields(a)} == set(vars(a))


def test_the_same_objects_as_replace():
    mon = InPlay("Pikachu", damage=10, energy=(CardCount("Basic Lightning Energy", 1),))
    side = PlayerState(hand=(CardCount("Iono", 1), CardCount(None, 3)), bench=(mon,))
    state = GameState(turn=4, me=side)
    for obj, changes in [(mon, {"damage": 30}), (mon, {}), (side, {"bench": (mon, mon), "hand": ()}),
                         (state, {"opp": side}), (state, {"turn": 5, "me": PlayerState()})]:
        before = vars(obj).copy()
        _same(quick_replace(obj, **changes), dataclasses.replace(obj, **changes))
        assert vars(obj) == before
        assert quick_replace(obj, **changes) is not obj


def test_an_unknown_field_is_an_error():
    with pytest.raises(TypeError):
        quick_replace(InPlay("Pikachu"), hp=3)
    with pytest.raises(TypeError):
        dataclasses.replace(InPlay("Pikachu"), hp=3)
