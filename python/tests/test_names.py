"""OpenSpiel's names and parameter strings in ``load_game``, overrides that keep the rest of a
rule set, ``str(state)`` as people read it, and returns without negative zeros."""

from __future__ import annotations

import math

import pytest

import recess


@pytest.mark.parametrize(
    "alias, name",
    [
        ("tic_tac_toe", "tictactoe"),
        ("recess_tictactoe", "tictactoe"),
        ("big_two", "big-two"),
        ("recess_big_two", "big-two"),
        ("life_go", "life-go"),
        ("duel", "duel"),
    ],
)
def test_openspiel_spellings_name_the_same_game(alias, name):
    assert recess.load_game(alias) == recess.load_game(name)


def test_openspiel_parameter_strings_map_as_recess_openspiel_maps_them():
    duel = recess.load_game("duel(players=3)")
    assert duel.num_players() == 3
    classic = recess.load_game("recess_duel(players=4,rules=classic,round_limit=7)")
    assert classic.num_players() == 4
    assert classic.parameters()["rules"]["name"] == "classic"
    assert classic.parameters()["rules"]["round_limit"] == 7
    small = recess.load_game("life_go(size=13)")
    assert small.observation_tensor_shape()[-2:] == [13, 13]
    assert recess.load_game("tic_tac_toe(first=by_lot)") == recess.load_game(
        "tictactoe", first="by_lot"
    )
    assert recess.load_game("duel()") == recess.load_game("duel")
    # The same string works wherever a name does.
    assert recess.VectorGame("duel(players=3)", 2).observations.shape[1] == 3


@pytest.mark.parametrize(
    "text, error",
    [
        ("duel(players=3", recess.ParseError),
        ("duel(players)", recess.ParseError),
        ("duel(players=1)", recess.ConfigError),
        ("duel(weapons=3)", recess.ConfigError),
        ("chess(size=8)", recess.UnknownGameError),
    ],
)
def test_bad_parameter_strings_are_refused(text, error):
    with pytest.raises(error):
        recess.load_game(text)


def test_a_nested_override_keeps_the_rest_of_the_rule_set():
    default = recess.load_game("duel").parameters()["rules"]
    changed = recess.load_game("duel", rules={"round_limit": 3}).parameters()["rules"]
    assert changed["round_limit"] == 3
    assert {k: v for k, v in changed.items() if k != "round_limit"} == {
        k: v for k, v in default.items() if k != "round_limit"
    }
    # Over a parameter string too.
    three = recess.load_game("duel(players=3)", rules={"start_qi": 2})
    assert three.num_players() == 3 and three.parameters()["rules"]["start_qi"] == 2
    with pytest.raises(recess.ConfigError, match="rules has no parameter"):
        recess.load_game("duel", rules={"round_limt": 3})


@pytest.mark.parametrize("name", recess.game_names())
def test_str_is_the_board_and_serialize_the_json(name):
    state = recess.load_game(name).new_initial_state(3)
    text = str(state)
    assert text and not text.startswith("{")
    assert state.serialize().startswith("{")
    assert str(state.clone()) == text


def test_a_drawn_game_returns_zeros_not_negative_zeros():
    state = recess.load_game("tictactoe").new_initial_state()
    for action in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        state.apply_action(action)
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert all(math.copysign(1.0, r) == 1.0 for r in state.returns())
    assert "-0.0" not in repr(state.returns())
