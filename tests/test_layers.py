"""Single encoding layers against their exact answer sets (in the style of potassco's clintest).

Each test grounds ONE file of encodings/ with a handful of input facts -- and, where the layer reads a
predicate another layer derives, that predicate given as a fact or a one-line stand-in rule, named in
the test -- and compares the complete set of answer sets, projected on the shown predicates, with the
set written down from the rule's principle. Nothing else of the encodings is loaded, so a change in
another layer cannot hide a change in this one.
"""
from __future__ import annotations

import os

import clingo

ENCODINGS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "encodings")


def answer_sets(layer: str, program: str, show: list) -> set:
    """Every answer set of `layer` plus `program`, each as the frozenset of its shown atoms (as text)."""
    # clingo's info messages (atoms the other layers would define) are expected here: one layer alone.
    ctl = clingo.Control(["--models=0", "--project=show"], logger=lambda code, message: None)
    ctl.load(os.path.join(ENCODINGS, layer))
    ctl.add("base", [], program + "\n" + "\n".join(f"#show {sig}." for sig in show))
    ctl.ground([("base", [])])
    found: list = []
    result = ctl.solve(on_model=lambda m: found.append(frozenset(str(s) for s in m.symbols(shown=True))))
    assert result.exhausted
    assert len(found) == len(set(found)), "a projection listed twice"
    return set(found)


def one(*atoms: str) -> set:
    """A single answer set with exactly these shown atoms."""
    return {frozenset(atoms)}


# ---- patterns.lp: "A. If you do, B" after a mandatory A is T2, "A. Then, B" is T1 ----------------------------

# Bird Keeper: step 1 switches (done), step 2 draws after "If you do" and finds an empty deck.
IF_YOU_DO = """
step(1). step(2). unit(1,1). unit(2,1). unit_kind(1,top). role(1,main). role(2,then). ifdone_step(2,1).
runs(1). acted(1). runs(2).
blocked(2,"A4",empty(me,deck)).
"""


def test_patterns_a_skipped_part_after_if_you_do_is_t2():
    assert answer_sets("patterns.lp", IF_YOU_DO, ["note/2"]) == one('note("T2",ifdone_skipped(empty(me,deck)))')


def test_patterns_a_skipped_part_after_then_stays_t1():
    program = IF_YOU_DO.replace("ifdone_step(2,1).", "")
    assert answer_sets("patterns.lp", program, ["note/2"]) == one('note("T1",then_skipped(empty(me,deck)))')


def test_patterns_a_part_after_if_you_do_that_is_done_is_t2():
    program = IF_YOU_DO.replace('blocked(2,"A4",empty(me,deck)).', "acts_on(2).")
    assert answer_sets("patterns.lp", program, ["note/2"]) == one('note("T2",ifdone_done)')


def test_patterns_the_first_part_did_nothing_so_the_part_after_if_you_do_is_not_reached():
    program = IF_YOU_DO.replace("acted(1).", "").replace("runs(2).", "").replace('blocked(2,"A4",empty(me,deck)).', "")
    assert answer_sets("patterns.lp", program, ["note/2"]) == one('note("T2",first_part_not_done)')


# ---- activation.lp: a step that waits on a coin and is known impossible is A4, not A3 ---------------------------

# Poké Ball with an empty deck, the tails outcome: the search (heads only) is not carried out. Stand-ins:
# blocked/1 (effects.lp), unknown_src/1 (knowledge.lp), needs_effect/1, counts_for/2, blocks/1 (patterns.lp).
COIN = """
step(1). unit(1,1). unit_kind(1,top). role(1,main). kind(1,take). who(1,me). src(1,deck). pile(deck).
size(1,me,deck,0). on_coin(1,1,heads). source_kind(item).
unknown_src(1). needs_effect(1). counts_for(1,1). blocks(1).
blocked(S) :- blocked(S,_,_).
"""
A4_A6 = one('violation("A4",1,empty(me,deck))', 'violation("A6",1,mandatory(item,empty(me,deck)))')


def test_activation_a_coin_step_known_impossible_is_a4_whichever_way_the_coin_falls():
    assert answer_sets("activation.lp", COIN, ["violation/3"]) == A4_A6            # tails: not carried out
    assert answer_sets("activation.lp", COIN + "runs(1).", ["violation/3"]) == A4_A6  # heads: carried out


def test_activation_a_step_held_back_with_no_coin_keeps_a3():
    program = COIN.replace("on_coin(1,1,heads).", "")
    assert answer_sets("activation.lp", program, ["violation/3"]) == one('violation("A3",1,no_change(empty(me,deck)))')


def test_activation_a_take_from_the_hidden_opposing_hand_may_change_the_state():
    """K4 with A3: the stand-in hand_unseen/1 (knowledge.lp) makes the step a potential change; without it, a take
    with no fitting card (no some_avail/1) is none."""
    program = "step(2). kind(2,take). who(2,opp). src(2,hand). pile(hand). qty(2,1)."
    assert answer_sets("activation.lp", program + "hand_unseen(2).", ["potential/1"]) == one("potential(2)")
    assert answer_sets("activation.lp", program, ["potential/1"]) == one()


# ---- structure.lp: an optional part done with nothing taken is the declined play ----------------------------------

# Roto-Stick: step 1 looks (it changes the state), step 2 in the "you may" unit 2 takes 0 or 1 Supporter.
# Stand-ins: counts_for/2 (patterns.lp), potential/1 (activation.lp), amt/2 (quantity.lp: 0 or 1 here).
MAY = """
step(1). step(2). unit(1,1). unit(2,2). unit_kind(1,top). unit_kind(2,may). unit_parent(2,1).
role(1,main). role(2,main). kind(1,take). kind(2,take).
counts_for(1,1). potential(1).
1 { amt(2,0); amt(2,1) } 1 :- runs(2).
"""


def test_structure_choosing_an_optional_part_that_takes_nothing_is_declining_it():
    assert answer_sets("structure.lp", MAY, ["chosen/1", "amt/2"]) == {
        frozenset(), frozenset({"chosen(2)", "amt(2,1)"})}


def test_structure_an_optional_part_that_shuffles_after_taking_nothing_is_a_play_of_its_own():
    program = MAY + "shuffle_after(2)."
    assert answer_sets("structure.lp", program, ["chosen/1", "amt/2"]) == {
        frozenset(), frozenset({"chosen(2)", "amt(2,0)"}), frozenset({"chosen(2)", "amt(2,1)"})}


def test_structure_taking_nothing_stays_when_declining_would_leave_nothing_that_changes():
    program = MAY.replace("potential(1).", "")
    assert answer_sets("structure.lp", program, ["chosen/1", "amt/2"]) == {
        frozenset(), frozenset({"chosen(2)", "amt(2,0)"}), frozenset({"chosen(2)", "amt(2,1)"})}


# ---- effects.lp: a search that attaches what it finds chooses no Pokémon when it finds nothing --------------------

# Wait and See Turbo: step 1 searches the deck and attaches the card to 1 of 2 Pokémon. Stand-ins: aimable/2
# (structure.lp), amt/2 (quantity.lp: 0 or 1 here).
ATTACH = """
step(1). kind(1,take). who(1,me). src(1,deck). pile(deck). dst(1,attach). runs(1).
aimable(1,m1). aimable(1,m2).
1 { amt(1,0); amt(1,1) } 1.
"""


def test_effects_finding_nothing_to_attach_chooses_no_pokemon():
    assert answer_sets("effects.lp", ATTACH, ["aim/2", "amt/2"]) == {
        frozenset({"amt(1,0)"}), frozenset({"amt(1,1)", "aim(1,m1)"}), frozenset({"amt(1,1)", "aim(1,m2)"})}


def test_effects_a_heal_still_chooses_its_pokemon():
    program = """step(1). kind(1,heal). runs(1). aimable(1,m1). aimable(1,m2). dmg(1,m1,30). dmg(1,m2,0)."""
    assert answer_sets("effects.lp", program, ["aim/2"]) == one("aim(1,m1)")


# ---- knowledge.lp: the opponent's hand is hidden from the activating player (K4) --------------------------------

# Eri: step 2 discards Item cards from the opponent's hand of 5 cards, none of them an Item in truth (the
# blocked/3 fact stands in for activation.lp's Q2 on the true contents).
HAND = """
step(2). kind(2,take). who(2,opp). src(2,hand). size(2,opp,hand,5). runs(2).
blocked(2,"Q2",none_in(opp,hand)).
"""
SHOW_HAND = ["hand_unseen/1", "unseen_src/1", "note/2"]


def test_knowledge_a_filtered_take_from_the_hidden_opposing_hand_decides_nothing():
    assert answer_sets("knowledge.lp", HAND, SHOW_HAND) == one(
        "hand_unseen(2)", "unseen_src(2)", 'note("K4",decided_by_hidden_hand)')


def test_knowledge_an_empty_hand_a_take_of_any_card_or_a_hand_face_up_are_known():
    empty = HAND.replace("size(2,opp,hand,5).", "size(2,opp,hand,0).")
    any_card = HAND + "any_card(2)."
    face_up = HAND + "hand_up(g). side(g,me). other(me,opp). mon(1,g)."
    for program in (empty, any_card, face_up):
        assert answer_sets("knowledge.lp", program, SHOW_HAND) == one()


# ---- passive.lp: a protection against "Trainer cards" is one against each kind of Trainer (A5) --------------

def test_passive_a_protection_against_trainer_cards_covers_each_kind():
    program = "guard(m,trainer,self,any). guard(n,attack,self,any)."
    assert answer_sets("passive.lp", program, ["guard/4"]) == one(
        "guard(m,trainer,self,any)", "guard(m,item,self,any)", "guard(m,supporter,self,any)",
        "guard(m,tool,self,any)", "guard(m,stadium,self,any)", "guard(n,attack,self,any)")


# ---- turn.lp: whose first turn it is, from the turn number unless the state says it (TU2) ------------------

def first_turns(program: str) -> set:
    return answer_sets("turn.lp", program, ["first_turn/1"])


def test_turn_first_turns_from_the_turn_number():
    assert first_turns("turn_number(1).") == one("first_turn(me)", "first_turn(opp)")
    assert first_turns("turn_number(2).") == one("first_turn(me)")
    assert first_turns("turn_number(3).") == one()


def test_turn_a_stated_first_turn_wins_over_the_turn_number():
    assert first_turns("turn_number(2). first_turn_stated(me,no). first_turn_stated(opp,yes).") == one("first_turn(opp)")


# ---- state.lp: the action's own move (TU1) comes before its effect ------------------------------------

PLAYED_HAND = """
nsteps(0). player(me). player(opp). pile(hand). pile(deck).
init_pile(me,hand,"Nest Ball",2). init_pile(me,hand,"Potion",1). init_size(me,hand,3).
init_pile(opp,hand,"Nest Ball",1). init_size(opp,hand,1).
"""


def test_state_the_played_card_has_left_the_hand_at_time_1():
    assert answer_sets("state.lp", PLAYED_HAND + 'action(play,"Nest Ball").', ["has/5", "size/4"]) == one(
        'has(1,me,hand,"Nest Ball",1)', 'has(1,me,hand,"Potion",1)', 'size(1,me,hand,2)',
        'has(1,opp,hand,"Nest Ball",1)', 'size(1,opp,hand,1)', "size(1,me,deck,0)", "size(1,opp,deck,0)")


def test_state_the_last_copy_played_leaves_no_entry():
    assert answer_sets("state.lp", PLAYED_HAND + 'action(play,"Potion").', ["has/5", "size/4"]) == one(
        'has(1,me,hand,"Nest Ball",2)', 'size(1,me,hand,2)',
        'has(1,opp,hand,"Nest Ball",1)', 'size(1,opp,hand,1)', "size(1,me,deck,0)", "size(1,opp,deck,0)")


ATTACH_ACTION = """
nsteps(0). player(me). player(opp). pile(hand).
init_pile(me,hand,"Grass Energy",1). init_size(me,hand,1).
init_mon(m(me,active),me,active). init_mon(m(me,bench(0)),me,bench(0)).
init_att(m(me,active),"Grass Energy",1).
action(attach_energy,"Grass Energy").
"""


def test_state_the_attached_energy_is_on_its_receiver_at_time_1():
    assert answer_sets("state.lp", ATTACH_ACTION + "action_target(m(me,active)).", ["att/4", "size/4"]) == one(
        'att(1,m(me,active),"Grass Energy",2)', "size(1,me,hand,0)", "size(1,opp,hand,0)")
    assert answer_sets("state.lp", ATTACH_ACTION + "action_target(m(me,bench(0))).", ["att/4", "size/4"]) == one(
        'att(1,m(me,active),"Grass Energy",1)', 'att(1,m(me,bench(0)),"Grass Energy",1)', "size(1,me,hand,0)",
        "size(1,opp,hand,0)")
