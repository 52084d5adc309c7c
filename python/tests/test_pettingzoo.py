"""PettingZoo's own API, seed and render tests, for every game."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test  # noqa: E402

import recess  # noqa: E402
import recess.pettingzoo  # noqa: E402

GAMES = recess.game_names()
CYCLES = {"life-go": 200, "big-two": 300}


@pytest.fixture(autouse=True)
def quiet_warnings():
    # PettingZoo warns about things that are choices here (unbounded tensors of plain numbers).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("name", GAMES)
def test_api(name):
    api_test(recess.pettingzoo.env(name), num_cycles=CYCLES.get(name, 1000))


@pytest.mark.parametrize("name", GAMES)
def test_seed(name):
    seed_test(lambda: recess.pettingzoo.env(name), num_cycles=CYCLES.get(name, 500))


@pytest.mark.parametrize("name", GAMES)
def test_parallel_api(name):
    parallel_api_test(recess.pettingzoo.parallel_env(name), num_cycles=CYCLES.get(name, 1000))


def test_a_tictactoe_episode():
    env = recess.pettingzoo.env("tictactoe")
    env.reset(seed=1)
    assert env.agents == ["player_0", "player_1"]
    moves = iter([4, 0, 2, 1, 6])  # X wins on the diagonal 3 5 7
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        assert observation["observation"].shape == (3, 3, 3)
        assert observation["action_mask"].dtype == np.int8
        env.step(None if terminated or truncated else next(moves))
    assert env.rewards == {} and env.agents == []


def test_rewards_at_the_end():
    env = recess.pettingzoo.raw_env("tictactoe")
    env.reset(seed=1)
    for action in [4, 0, 2, 1, 6]:
        env.step(action)
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert all(env.terminations.values())


def test_illegal_actions_raise():
    env = recess.pettingzoo.env("tictactoe")
    env.reset(seed=0)
    env.step(4)
    with pytest.raises(ValueError):
        env.step(4)


def test_reset_with_a_seed_deals_the_same_game():
    env = recess.pettingzoo.raw_env("big-two" if "big-two" in GAMES else "tictactoe")
    env.reset(seed=3)
    first = env.state.serialize()
    env.reset()
    env.reset(seed=3)
    assert env.state.serialize() == first


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_render_test(name, capsys):
    render_test(lambda render_mode: recess.pettingzoo.env(name, render_mode=render_mode))
    assert "rgb_array" in recess.pettingzoo.env(name).metadata["render_modes"]


@pytest.mark.skipif("big-two" not in GAMES, reason="Big Two is not built in")
def test_a_big_two_env_renders_the_same_shape_at_every_step():
    env = recess.pettingzoo.env("big-two", render_mode="rgb_array")
    env.reset(seed=2)
    shape = env.render().shape
    assert len(shape) == 3 and shape[2] == 3
    rng = random.Random(2)
    steps = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            action = None
        else:
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        env.step(action)
        frame = env.render()
        assert frame.shape == shape and frame.dtype == np.uint8
        steps += 1
    assert steps > 4
    assert np.array_equal(frame, env.unwrapped.state.to_rgb_array())


def test_render_ansi_is_the_whole_table_as_text():
    env = recess.pettingzoo.raw_env("tictactoe", render_mode="ansi")
    env.reset(seed=0)
    env.step(4)
    text = env.render()
    assert text == str(env.state)
    assert text.count("X") == 1 and "O" not in text
    parallel = recess.pettingzoo.parallel_env("big-two", render_mode="ansi")
    parallel.reset(seed=1)
    assert parallel.render() == str(parallel.state)


def test_parallel_env_renders_rgb_arrays():
    env = recess.pettingzoo.parallel_env("duel", render_mode="rgb_array")
    observations, _ = env.reset(seed=1)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert np.array_equal(frame, env.state.to_rgb_array())
    # One shape all game long, however much a round says: the frames make a video.
    while env.agents:
        observations, *_ = env.step(
            {a: env.action_space(a).sample(observations[a]["action_mask"]) for a in env.agents}
        )
        assert env.render().shape == frame.shape


def test_render_without_a_mode_warns_and_a_bad_mode_is_refused():
    env = recess.pettingzoo.raw_env("tictactoe")
    env.reset(seed=0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert env.render() is None
    assert any("render mode" in str(w.message) for w in caught)
    with pytest.raises(ValueError, match="render_mode"):
        recess.pettingzoo.env("tictactoe", render_mode="rgb")


def test_render_before_reset_asks_for_reset():
    from gymnasium.error import ResetNeeded

    with pytest.raises(ResetNeeded):
        recess.pettingzoo.raw_env("tictactoe", render_mode="rgb_array").render()
