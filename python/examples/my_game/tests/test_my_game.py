"""Take-away, written outside recess, gets recess's adapters from its declaration: each runs
its peer's own checker on it."""

from __future__ import annotations

import numpy as np
import pytest

import my_game  # noqa: F401  (registers take-away with recess)
import recess


def test_load_game_knows_it_by_name_alias_and_parameters():
    game = recess.load_game("take-away", heap=9)
    assert game == recess.load_game("take_away(heap=9)") == recess.load_game("takeaway", heap=9)
    assert game.num_distinct_actions() == 3
    assert "take-away" in recess.game_names()
    assert game.declaration()["default_opponent"] == "perfect"
    with pytest.raises(recess.ConfigError, match='did you mean "heap"'):
        recess.load_game("take-away", haep=9)
    with pytest.raises(recess.UnknownGameError, match='did you mean "take-away"'):
        recess.load_game("take-awya")


def test_its_errors_are_recess_classes():
    state = recess.load_game("take-away").new_initial_state()
    with pytest.raises(recess.IllegalActionError):
        state.apply_action(7)
    with pytest.raises(recess.UnknownAgentError):
        recess.agent("take-away", "chess-master")


def test_openspiel_random_sim_test():
    pyspiel = pytest.importorskip("pyspiel")
    import recess.openspiel  # noqa: F401

    for name in ("recess_take_away", "recess_take_away(heap=7,most=2)", "recess_takeaway"):
        game = pyspiel.load_game(name)
        pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)
    assert pyspiel.load_game("recess_takeaway").get_type().short_name == "recess_take_away"


def test_gymnasium_check_env():
    pytest.importorskip("gymnasium")
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import recess.gymnasium

    env = gymnasium.make("recess/TakeAway-v0")
    check_env(env.unwrapped)
    observation, _ = env.reset(seed=5)
    state = recess.load_game("take-away").new_initial_state(seed=5)
    np.testing.assert_array_equal(observation, state.observation_tensor(0))
    check_env(recess.gymnasium.RecessEnv("take-away", opponents="random", seat=1))


def test_pettingzoo_api_test():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, parallel_api_test

    import recess.pettingzoo

    api_test(recess.pettingzoo.env("take-away"), num_cycles=100)
    parallel_api_test(recess.pettingzoo.parallel_env("take-away", heap=9), num_cycles=100)


def test_rlcard_plays_it():
    rlcard = pytest.importorskip("rlcard")
    from rlcard.agents import RandomAgent
    from rlcard.utils import tournament

    import recess.rlcard  # noqa: F401

    env = rlcard.make("recess-take-away", config={"seed": 3})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    payoffs = tournament(env, 20)
    assert len(payoffs) == 2 and abs(sum(payoffs)) < 1e-9


def test_vector_game_plays_it():
    vector = recess.VectorGame("take-away", 4, seed=3, heap=9)
    assert isinstance(vector, recess.VectorGame)
    assert vector.game == recess.load_game("take-away", heap=9)
    assert vector.observations.shape[:2] == (4, 2)
    for _ in range(40):
        vector.step(vector.random_actions())
    assert vector.episodes > 0
    state = vector.state(0)
    assert isinstance(state, recess.State)
    with pytest.raises(recess.ArgumentError):
        vector.state(-1)
    loaded = recess.VectorGame(recess.load_game("takeaway"), 2)
    assert len(loaded) == 2


def test_states_pickle_and_deserialize():
    import pickle

    game = recess.load_game("take-away", heap=9, most=2)
    state = game.new_initial_state(seed=4)
    state.apply_action(1)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.serialize() == state.serialize()
    assert pickle.loads(pickle.dumps(game)) == game
    assert game.deserialize_state(state.serialize()) == state


def test_a_pickle_loads_in_a_fresh_process():
    import pickle
    import subprocess
    import sys

    state = recess.load_game("take-away", heap=7).new_initial_state()
    state.apply_action(0)
    script = (
        "import pickle, sys; state = pickle.loads(sys.stdin.buffer.read()); "
        "print(state.serialize())"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script], input=pickle.dumps(state), capture_output=True, check=True
    )
    assert shown.stdout.decode().strip() == state.serialize()


def test_openspiel_states_pickle_deserialize_and_random_sim_test_with_serialize():
    import pickle

    pyspiel = pytest.importorskip("pyspiel")
    import recess.openspiel  # noqa: F401

    game = pyspiel.load_game("recess_take_away(heap=9)")
    state = game.new_initial_state()
    state.apply_action(2)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)
    restored = game.deserialize_state(state.serialize())
    assert restored.history() == state.history() and str(restored) == str(state)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_gymnasium_vector_env_plays_it():
    pytest.importorskip("gymnasium")
    import gymnasium

    import recess.gymnasium  # noqa: F401

    envs = gymnasium.make_vec("recess/TakeAway-v0", num_envs=3)
    observations, infos = envs.reset(seed=1)
    assert observations.shape == (3, *envs.single_observation_space.shape)
    actions = [int(np.flatnonzero(mask)[0]) for mask in infos["action_mask"]]
    envs.step(actions)
    envs.close()
