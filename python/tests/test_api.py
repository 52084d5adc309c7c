"""The OpenSpiel-shaped API, on tic-tac-toe (and on every game where it says so)."""

from __future__ import annotations

import copy
import json
import pickle

import numpy as np
import pytest

import recess


@pytest.fixture
def game():
    return recess.load_game("tictactoe")


def test_game_names_include_tictactoe():
    names = recess.game_names()
    assert "tictactoe" in names
    assert len(names) == len(set(names))


def test_game_facts(game):
    assert game.name == "tictactoe"
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 9
    assert game.observation_tensor_shape() == [3, 3, 3]
    assert game.observation_tensor_size() == 27
    assert game.max_game_length() == 9
    assert game.is_zero_sum()
    assert game.parameters() == {"first": "x"}
    assert set(game.agent_names()) == {"random", "heuristic", "perfect", "mcts"}
    assert game == recess.load_game("tictactoe")
    assert game != recess.load_game("tictactoe", first="by_lot")
    assert hash(game) == hash(recess.load_game("tictactoe"))
    assert "tictactoe" in repr(game)


def test_parameters_change_the_game():
    by_lot = recess.load_game("tictactoe", first="by_lot")
    assert by_lot.parameters() == {"first": "by_lot"}
    assert by_lot.observation_tensor_shape() == [4, 3, 3]
    firsts = {by_lot.new_initial_state(seed).current_player() for seed in range(32)}
    assert firsts == {0, 1}


@pytest.mark.parametrize(
    "name, params, words",
    [
        ("chess", {}, "no game is called"),
        ("tictactoe", {"size": 4}, "no parameter"),
        ("tictactoe", {"first": "o"}, "first is x or by_lot"),
    ],
)
def test_bad_games_are_refused(name, params, words):
    with pytest.raises(ValueError, match=words):
        recess.load_game(name, **params)


def test_a_game_through_ids(game):
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert not state.is_terminal() and state.is_player_node()
    assert not state.is_chance_node() and not state.is_simultaneous_node()
    assert state.legal_actions() == list(range(9))
    assert state.legal_actions(1) == []
    # X takes the centre (cell 5, id 4), O the bottom-left corner (cell 1, id 0).
    state.apply_action(4)
    state.apply_action(np.int64(0))
    assert state.current_player() == 0
    assert state.legal_actions() == [1, 2, 3, 5, 6, 7, 8]
    mask = state.legal_actions_mask()
    assert mask.dtype == np.bool_ and mask.shape == (9,)
    assert list(np.flatnonzero(mask)) == state.legal_actions()
    assert not state.legal_actions_mask(1).any()
    assert state.observation_string(0) == "...\n.X.\nO.."
    tensor = state.observation_tensor(1)
    assert tensor.dtype == np.float32 and tensor.shape == (27,)
    planes = tensor.reshape(3, 3, 3)
    assert planes[1, 1, 1] == 1.0  # X in the centre
    assert planes[2, 2, 0] == 1.0  # O bottom left
    assert planes[0].sum() == 7.0
    # X completes the diagonal 3 5 7 (ids 2, 4, 6) and wins.
    for action in [2, 1, 6]:
        state.apply_action(action)
    assert state.is_terminal()
    assert state.current_player() == recess.TERMINAL == -4
    assert state.returns() == [1.0, -1.0]
    assert state.player_return(1) == -1.0
    assert state.legal_actions() == []
    assert not state.legal_actions_mask().any()


def test_illegal_actions_raise_and_change_nothing(game):
    state = game.new_initial_state()
    state.apply_action(4)
    before = state.serialize()
    with pytest.raises(ValueError, match="cell 5 is already taken"):
        state.apply_action(4)
    for bad in [9, -1, 10**6]:
        with pytest.raises(ValueError, match="not an action id"):
            state.apply_action(bad)
    with pytest.raises(ValueError):
        state.apply_actions([0, 1])
    with pytest.raises(recess.ArgumentError):
        state.apply_action("5")
    assert state.serialize() == before
    with pytest.raises(ValueError, match="no player"):
        state.legal_actions(2)
    with pytest.raises(ValueError, match="no player"):
        state.observation_tensor(-1)


def test_action_strings(game):
    state = game.new_initial_state()
    assert state.action_to_string(0, 0) == "1"
    assert state.action_to_string(8) == "9"
    assert state.string_to_action("5") == 4
    assert state.string_to_action(1, " 7 ") == 6
    with pytest.raises(ValueError):
        state.string_to_action("0")
    with pytest.raises(ValueError):
        state.action_to_string(9)


def test_clone_serialize_pickle(game):
    state = game.new_initial_state()
    state.apply_action(0)
    twin = state.clone()
    assert twin == state
    twin.apply_action(8)
    assert twin != state
    assert state.legal_actions() == [1, 2, 3, 4, 5, 6, 7, 8]
    text = state.serialize()
    assert json.loads(text)["x"] == ["1"]
    assert game.deserialize_state(text) == state
    assert str(state) != text and "X" in str(state)
    assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(game)) == game
    assert copy.copy(state) == state and copy.deepcopy(state) == state
    assert state.get_game() == game


def test_deserialize_refuses_bad_states(game):
    with pytest.raises(ValueError):
        game.deserialize_state("not json")
    with pytest.raises(ValueError, match="marked twice"):
        game.deserialize_state('{"config":{"first":"x"},"first":"X","x":["5","5"],"o":["1"]}')
    by_lot = recess.load_game("tictactoe", first="by_lot")
    with pytest.raises(ValueError, match="parameters"):
        by_lot.deserialize_state(game.new_initial_state().serialize())


def test_agents_pick_legal_ids(game):
    perfect = recess.agent(game, "perfect", seed=1)
    assert perfect.name == "perfect"
    state = game.new_initial_state()
    # X on cells 1 and 2 threatens 1 2 3; O (perfect) must block at cell 3, id 2.
    for action in [0, 4, 1]:
        state.apply_action(action)
    assert perfect.step(state) == 2
    for name in game.agent_names():
        agent = recess.agent("tictactoe", name, seed=3)
        assert agent.step(state) in state.legal_actions()
    with pytest.raises(ValueError, match="does not act now"):
        perfect.step(state, 0)
    with pytest.raises(ValueError, match="no agent called"):
        recess.agent("tictactoe", "oracle")


def test_perfect_never_loses_to_random(game):
    for seed in range(20):
        agents = [recess.agent(game, "perfect", seed), recess.agent(game, "random", seed + 100)]
        if seed % 2:
            agents.reverse()
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].step(state))
        perfect_seat = 0 if seed % 2 == 0 else 1
        assert state.returns()[perfect_seat] >= 0


@pytest.mark.parametrize("name", recess.game_names())
def test_every_agent_plays_a_legal_move(name):
    game = recess.load_game(name)
    state = game.new_initial_state(5)
    for agent_name in game.agent_names():
        agent = recess.agent(game, agent_name, seed=2)
        if state.is_simultaneous_node():
            for player in range(game.num_players()):
                assert agent.step(state, player) in state.legal_actions(player)
        else:
            assert agent.step(state) in state.legal_actions()


def test_an_agent_refuses_another_game(game):
    others = [name for name in recess.game_names() if name != "tictactoe"]
    if not others:
        pytest.skip("only tic-tac-toe is built")
    other = recess.load_game(others[0])
    with pytest.raises(ValueError, match="plays"):
        recess.agent(game, "random").step(other.new_initial_state())


def test_an_openspiel_game_gives_states_from_the_root_with_their_history():
    # One state type: `OpenSpielGame`'s states are `recess.State`s that begin at the root.
    core = recess._recess.OpenSpielGame("recess_tictactoe", '{"first": "by_lot"}')
    root = core.new_initial_state()
    assert isinstance(root, recess.State) and root.is_chance_node()
    with pytest.raises(recess.StateError):
        root.serialize()
    # Nothing dealt, so no JSON: the pickle replays the (empty) history.
    again = pickle.loads(pickle.dumps(root))
    assert again.is_chance_node() and again.history() == [] and again.move_number() == 0
    # The lot that gives seat 1 the first move; then a joint action of one is seat 1's action.
    state = next(child for child in map(root.child, root.legal_actions())
                 if child.current_player() == 1)
    state.apply_actions([state.legal_actions()[0]])
    assert state.full_history()[-1][0] == 1
    assert core.replay(state.full_history()) == state
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.full_history() == state.full_history()
    assert again.move_number() == state.move_number() == 2
