"""PettingZoo's own API and seed tests, for every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

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


def test_render_ansi():
    env = recess.pettingzoo.raw_env("tictactoe", render_mode="ansi")
    env.reset(seed=0)
    env.step(4)
    assert env.render() == "...\n.X.\n..."
