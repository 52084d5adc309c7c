"""The Gymnasium environments: Gymnasium's own checker, seeding, masks, illegal actions, the
opponents, the parameters and rendering."""

from __future__ import annotations

import pickle
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import recess  # noqa: E402
import recess.gymnasium  # noqa: E402
from recess.gymnasium import ENV_IDS, RecessEnv, default_opponent  # noqa: E402

IDS = list(ENV_IDS)
SMALL_LIFE_GO = {"width": 9, "height": 9, "setup": {"mirrored": {"groups": 2}}}


def lowest_legal(info) -> int:
    return int(np.flatnonzero(info["action_mask"])[0])


def play(env, seed, choose=lowest_legal):
    """One episode from ``seed``; the observations, rewards and actions along it."""
    observation, info = env.reset(seed=seed)
    observations, rewards, actions = [observation], [], []
    terminated = False
    while not terminated:
        action = choose(info)
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        observations.append(observation)
        rewards.append(reward)
        actions.append(action)
    return observations, rewards, actions


@pytest.mark.parametrize("env_id", IDS)
def test_gymnasium_checker(env_id):
    # The checker steps unmasked random actions (`action_space.sample()`), which the rules
    # mostly refuse: the default `illegal_action="ignore"` makes them no-ops.
    env = gymnasium.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # not a single complaint
        check_env(env.unwrapped)
    with pytest.warns(UserWarning, match="different from the unwrapped"):
        check_env(env)


def test_registered_ids_play_their_games():
    for env_id, game in ENV_IDS.items():
        env = gymnasium.make(env_id)
        assert env.unwrapped.game.name == game
        assert env.spec.max_episode_steps is None


@pytest.mark.parametrize("env_id", IDS)
def test_spaces(env_id):
    env = gymnasium.make(env_id).unwrapped
    game = env.game
    assert env.action_space == gymnasium.spaces.Discrete(game.num_distinct_actions())
    assert env.observation_space.dtype == np.float32
    assert env.observation_space.shape == tuple(game.observation_tensor_shape())
    assert np.isfinite(env.observation_space.low).all()
    assert np.isfinite(env.observation_space.high).all()


@pytest.mark.parametrize(
    ("env_id", "episodes"),
    [("recess/Scoundrel-v0", 200), ("recess/BigTwo-v0", 20), ("recess/TicTacToe-v0", 50),
     ("recess/Duel-v0", 50), ("recess/LifeGo-v0", 3)],
)
def test_random_episodes_stay_in_the_spaces(env_id, episodes):
    # Random play reaches the corners: Scoundrel's deaths (health below 0), long duels.
    env = gymnasium.make(env_id)
    rng = np.random.default_rng(0)
    for seed in range(episodes):
        observation, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            assert env.observation_space.contains(observation)
            legal = np.flatnonzero(info["action_mask"])
            observation, reward, terminated, _, info = env.step(int(rng.choice(legal)))
            # These games pay only at the end.
            assert terminated or reward == 0.0
        assert env.observation_space.contains(observation)
        assert reward == env.unwrapped.state.returns()[env.unwrapped.seat]


def test_scoundrel_deaths_reach_the_health_bound():
    env = gymnasium.make("recess/Scoundrel-v0")
    healths = []
    for seed in range(50):
        observations, _, _ = play(env, seed)
        healths.append(observations[-1][9 * 44])
    assert min(healths) < 0
    assert min(healths) >= env.observation_space.low[9 * 44]


@pytest.mark.parametrize("env_id", IDS)
def test_the_same_seed_plays_the_same_episode(env_id):
    kwargs = SMALL_LIFE_GO if env_id == "recess/LifeGo-v0" else {}
    if env_id != "recess/Scoundrel-v0":
        # Opponents that draw from their seeds at every move.
        kwargs["opponents"] = "dice" if env_id == "recess/Duel-v0" else "random"
    first, second = gymnasium.make(env_id, **kwargs), gymnasium.make(env_id, **kwargs)
    for seed in (5, 2**64 - 1):
        a, b = play(first, seed), play(second, seed)
        assert all(np.array_equal(x, y) for x, y in zip(a[0], b[0]))
        assert a[1:] == b[1:]


def test_reset_without_a_seed_continues_the_stream():
    first, second = gymnasium.make("recess/BigTwo-v0"), gymnasium.make("recess/BigTwo-v0")
    first.reset(seed=11)
    second.reset(seed=11)
    deal = first.unwrapped.state.serialize()
    first.reset()
    second.reset()
    assert first.unwrapped.state.serialize() == second.unwrapped.state.serialize()
    assert first.unwrapped.state.serialize() != deal


def test_different_seeds_deal_different_games():
    env = gymnasium.make("recess/Scoundrel-v0")
    deals = set()
    for seed in range(10):
        env.reset(seed=seed)
        deals.add(env.unwrapped.state.serialize())
    assert len(deals) == 10


@pytest.mark.parametrize("env_id", IDS)
def test_the_masks_are_the_legal_actions(env_id):
    kwargs = {"seat": 1} if env_id != "recess/Scoundrel-v0" else {}
    env = gymnasium.make(env_id, **kwargs)
    _, info = env.reset(seed=3)
    seat = env.unwrapped.seat
    for _ in range(30):
        state = env.unwrapped.state
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (env.action_space.n,)
        assert np.flatnonzero(mask).tolist() == state.legal_actions(seat)
        masks = env.get_wrapper_attr("action_masks")()  # as sb3-contrib reads it
        assert masks.dtype == np.bool_ and np.array_equal(masks, mask.astype(bool))
        _, _, terminated, _, info = env.step(lowest_legal(info))
        if terminated:
            assert not info["action_mask"].any() and not env.unwrapped.action_masks().any()
            break


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [("recess/TicTacToe-v0", {}), ("recess/Scoundrel-v0", {}), ("recess/BigTwo-v0", {}),
     ("recess/LifeGo-v0", {}),
     # Every duel move costs its qi: with none, every attack is illegal in round 1.
     ("recess/Duel-v0", {"rules": {"start_qi": 0}, "opponents": "dice"})],
)
def test_an_illegal_action_raises_and_changes_nothing(env_id, kwargs):
    env = gymnasium.make(env_id, illegal_action="raise", **kwargs)
    twin = gymnasium.make(env_id, illegal_action="raise", **kwargs)
    _, info = env.reset(seed=9)
    _, twin_info = twin.reset(seed=9)
    if info["action_mask"].all():  # tic-tac-toe's first move: one more to make one illegal
        _, _, _, _, info = env.step(lowest_legal(info))
        twin.step(lowest_legal(twin_info))
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    state = env.unwrapped.state.serialize()
    rng = env.unwrapped.np_random.bit_generator.state
    with pytest.raises(recess.IllegalActionError):
        env.step(illegal)
    assert env.unwrapped.state.serialize() == state
    assert env.unwrapped.np_random.bit_generator.state == rng
    # Nor were the opponents asked for a move: the episode goes on as its twin's.
    a = env.step(lowest_legal(info))
    b = twin.step(lowest_legal(info))
    assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]
    assert env.unwrapped.state.serialize() == twin.unwrapped.state.serialize()


def test_actions_that_are_not_action_ids():
    env = gymnasium.make("recess/TicTacToe-v0", illegal_action="raise").unwrapped
    env.reset(seed=0)
    for action in (9, -1, 2**70):
        with pytest.raises(recess.IllegalActionError, match="not an action id"):
            env.step(action)
    lenient = RecessEnv("tictactoe")
    lenient.reset(seed=0)
    with pytest.raises(recess.IllegalActionError, match="not an action id"):
        lenient.step(9)
    for action in (2.0, "4", True, np.array([4])):
        with pytest.raises(ValueError):
            env.step(action)
    _, _, _, _, info = env.step(np.int64(4))
    env.step(np.array(lowest_legal(info)))
    assert env.state.legal_actions(0) != np.flatnonzero(info["action_mask"]).tolist()


def test_ignored_illegal_actions():
    env = gymnasium.make("recess/TicTacToe-v0", opponents="random")
    env.reset(seed=1)
    observation, _, _, _, info = env.step(4)
    state = env.unwrapped.state.serialize()
    taken = 4
    again, reward, terminated, truncated, info = env.step(taken)
    assert np.array_equal(again, observation) and reward == 0.0
    assert not terminated and not truncated and info["illegal_action"] is True
    assert env.unwrapped.state.serialize() == state
    _, _, _, _, info = env.step(lowest_legal(info))
    assert "illegal_action" not in info


def test_stepping_outside_an_episode():
    env = RecessEnv("tictactoe")
    with pytest.raises(recess.StateError):
        env.step(0)
    with pytest.raises(recess.StateError):
        env.action_masks()
    play(env, 0)
    with pytest.raises(recess.StateError):
        env.step(0)


@pytest.mark.parametrize("seat", range(4))
def test_big_two_opponents_play(seat):
    env = gymnasium.make("recess/BigTwo-v0", seat=seat, opponents=["ai3", "ai2", "random"])
    for seed in range(5):
        observations, rewards, actions = play(env, seed)
        state = env.unwrapped.state
        assert state.is_terminal()
        assert sum(rewards) == rewards[-1] == state.returns()[seat]
        assert -3.0 <= rewards[-1] <= 3.0
        # Cards each seat has played, seats counted from the learner's: the others played.
        played = observations[-1][54:270].reshape(4, 54).sum(axis=1)
        assert (played[1:] > 0).all()
        assert played.sum() > len([a for a in actions if a != 11492])


def test_the_duel_is_played_a_round_a_step():
    env = gymnasium.make("recess/Duel-v0", seat=1)
    observation, info = env.reset(seed=0)
    assert observation[0] == 0.0  # rounds played
    assert env.unwrapped.state.is_simultaneous_node()
    observation, *_ = env.step(lowest_legal(info))
    assert observation[0] == 1.0


def test_tictactoe_second_seat_starts_after_the_ai():
    env = gymnasium.make("recess/TicTacToe-v0", seat=1)
    _, info = env.reset(seed=0)
    assert info["action_mask"].sum() == 8


def test_a_perfect_opponent_never_loses():
    env = gymnasium.make("recess/TicTacToe-v0")
    rng = np.random.default_rng(1)
    for seed in range(20):
        _, rewards, _ = play(
            env, seed, lambda info: int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        assert rewards[-1] in (0.0, -1.0)


def test_default_opponents_are_the_declared_ones_on_the_rosters():
    declared = {"tictactoe": "perfect", "duel": "equilibrium", "big-two": "ai3", "life-go": "eval"}
    for game, name in declared.items():
        assert default_opponent(recess.load_game(game)) == name
        assert name in recess.load_game(game).agent_names()
        assert RecessEnv(game).opponents == {
            s: name for s in range(1, recess.load_game(game).num_players())
        }


def test_game_parameters_pass_through():
    env = gymnasium.make("recess/LifeGo-v0", **SMALL_LIFE_GO)
    assert env.observation_space.shape == (5, 9, 9)
    assert env.action_space.n == 81
    observation, _ = env.reset(seed=0)
    assert observation.shape == (5, 9, 9)
    duel = gymnasium.make("recess/Duel-v0", players=3, seat=2, opponents=["dice", "evolved"])
    assert duel.unwrapped.opponents == {0: "dice", 1: "evolved"}
    with pytest.raises(recess.ConfigError):
        gymnasium.make("recess/LifeGo-v0", colour="blue")


def test_bad_arguments():
    with pytest.raises(recess.UnknownAgentError):
        gymnasium.make("recess/BigTwo-v0", opponents="ai9")
    with pytest.raises(recess.UnknownAgentError):
        gymnasium.make("recess/BigTwo-v0", opponents=["ai3", "ai3", "deep-blue"])
    for seat in (4, -1, "0", 1.0, True):
        with pytest.raises(ValueError, match="seat"):
            gymnasium.make("recess/BigTwo-v0", seat=seat)
    with pytest.raises(ValueError, match="seat"):
        gymnasium.make("recess/Scoundrel-v0", seat=1)
    with pytest.raises(ValueError, match="opponents"):
        gymnasium.make("recess/BigTwo-v0", opponents=["ai3", "ai3"])
    with pytest.raises(ValueError, match="alone"):
        gymnasium.make("recess/Scoundrel-v0", opponents="greedy")
    with pytest.raises(ValueError, match="render_mode"):
        RecessEnv("tictactoe", render_mode="human")
    with pytest.raises(ValueError, match="illegal_action"):
        RecessEnv("tictactoe", illegal_action="skip")
    with pytest.raises(recess.UnknownGameError):
        RecessEnv("chess")


def test_render_ansi():
    env = gymnasium.make("recess/TicTacToe-v0", render_mode="ansi")
    env.reset(seed=0)
    env.step(4)
    assert env.render() == str(env.unwrapped.state)
    assert "X" in env.render() and "O" in env.render()


def test_render_ansi_hides_what_the_learner_may_not_see():
    env = gymnasium.make("recess/BigTwo-v0", render_mode="ansi", seat=2)
    env.reset(seed=0)
    text = env.render()
    assert text == env.unwrapped.state.observation_string(2)
    assert "player 3 holds" in text
    assert not any(f"player {p} holds" in text for p in (1, 2, 4))
    scoundrel = gymnasium.make("recess/Scoundrel-v0", render_mode="ansi")
    scoundrel.reset(seed=0)
    assert "Dungeon order" in str(scoundrel.unwrapped.state)
    assert "Dungeon order" not in scoundrel.render()


def test_render_without_a_mode():
    env = RecessEnv("tictactoe")
    env.reset(seed=0)
    with pytest.warns(UserWarning):
        assert env.render() is None


@pytest.mark.parametrize("env_id", IDS)
def test_render_rgb_array(env_id):
    env = gymnasium.make(env_id, render_mode="rgb_array")
    env.reset(seed=0)
    picture = env.render()
    assert isinstance(picture, np.ndarray) and picture.dtype == np.uint8
    assert picture.ndim == 3 and picture.shape[2] == 3 and picture.size > 0
    assert np.array_equal(picture, env.unwrapped.state.to_rgb_array(env.unwrapped.seat))


def test_pickling_makes_the_same_environment():
    env = RecessEnv("big-two", opponents="ai2", seat=3)
    copy = pickle.loads(pickle.dumps(env))
    assert (copy.game, copy.seat, copy.opponents) == (env.game, env.seat, env.opponents)
    a, b = play(env, 4), play(copy, 4)
    assert a[1:] == b[1:]


def test_lazy_import():
    assert recess.gymnasium.RecessEnv is RecessEnv


def test_the_docstring_examples_run(capsys):
    import doctest
    import textwrap

    import recess.gymnasium.env

    results = doctest.testmod(recess.gymnasium.env)
    assert results.attempted > 0 and results.failed == 0
    # The package's example: the indented lines after its "::".
    lines = recess.gymnasium.__doc__.split("::\n", 1)[1].splitlines()
    example = []
    for line in lines:
        if line and not line.startswith(" "):
            break
        example.append(line)
    assert "gymnasium.make" in "\n".join(example)
    exec(textwrap.dedent("\n".join(example)), {})
