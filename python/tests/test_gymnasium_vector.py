"""RecessVectorEnv: Gymnasium's vector API over VectorGame, one learner against AIs in Rust."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402

import recess  # noqa: E402
from recess.gymnasium.vector import RecessVectorEnv  # noqa: E402

NAMES = ["scoundrel", "big-two", "tictactoe", "duel", "life-go"]


def random_actions(masks, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


@pytest.mark.parametrize("name", NAMES)
def test_spaces_and_first_observations(name):
    envs = RecessVectorEnv(name, num_envs=5)
    game = recess.load_game(name)
    assert isinstance(envs, VectorEnv)
    assert envs.num_envs == 5
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.single_action_space == gymnasium.spaces.Discrete(game.num_distinct_actions())
    assert envs.action_space.shape == (5,)
    shape = tuple(game.observation_tensor_shape())
    assert envs.single_observation_space.shape == shape
    assert envs.observation_space.shape == (5, *shape)
    observations, infos = envs.reset(seed=1)
    assert observations in envs.observation_space
    assert infos["action_mask"].shape == (5, game.num_distinct_actions())
    assert infos["_action_mask"].all()
    assert (infos["action_mask"] == envs.action_masks()).all()
    assert envs.action_space.sample() in envs.action_space
    envs.close()


@pytest.mark.parametrize("name", NAMES)
def test_steps_masks_and_same_step_autoreset(name):
    envs = RecessVectorEnv(name, num_envs=6)
    observations, infos = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(300):
        masks = infos["action_mask"]
        assert masks.any(axis=1).all()  # the learner always has a move
        before = [envs._games.state(i) for i in range(envs.num_envs)]
        actions = random_actions(masks, rng)
        kept = observations
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert observations in envs.observation_space
        assert rewards.dtype == np.float64 and not truncations.any()
        assert (rewards[~terminations] == 0).all()
        # What was returned earlier is a copy the step left alone.
        assert kept is not observations
        for i in range(envs.num_envs):
            state = envs._games.state(i)
            assert (observations[i] == state.observation_tensor(envs.seat).reshape(
                envs.single_observation_space.shape)).all()
            assert (infos["action_mask"][i] == state.legal_actions_mask(envs.seat)).all()
            assert state.current_player() in (envs.seat, recess.SIMULTANEOUS)
        if terminations.any():
            assert (infos["_final_obs"] == terminations).all()
            assert (infos["_final_info"] == terminations).all()
            for i in range(envs.num_envs):
                if terminations[i]:
                    final = infos["final_obs"][i]
                    assert final in envs.single_observation_space
                    assert not infos["final_info"]["action_mask"][i].any()
                    assert before[i].current_player() in (envs.seat, recess.SIMULTANEOUS)
                    ended += 1
                else:
                    assert infos["final_obs"][i] is None
        else:
            assert "final_obs" not in infos
        if ended >= 4:
            break
    assert ended >= 4
    envs.close()


def test_big_two_opponents_are_the_named_ais_and_the_learner_always_moves():
    envs = RecessVectorEnv("big-two", num_envs=4, seat=2, opponents=["ai1", "random", "ai2"])
    _, infos = envs.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(40):
        assert (envs._games.current_players == 2).all()
        _, _, _, _, infos = envs.step(random_actions(infos["action_mask"], rng))
    with pytest.raises(recess.UnknownAgentError):
        RecessVectorEnv("big-two", num_envs=2, opponents="ai9")
    with pytest.raises(ValueError, match="one per seat other than 0"):
        RecessVectorEnv("big-two", num_envs=2, opponents=["ai3", "ai3"])
    with pytest.raises(ValueError, match="no seat 4"):
        RecessVectorEnv("big-two", num_envs=2, seat=4)
    with pytest.raises(ValueError, match="played alone"):
        RecessVectorEnv("scoundrel", num_envs=2, opponents="greedy")


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seed_gives_the_same_run(name):
    def run(seed):
        envs = RecessVectorEnv(name, num_envs=3)
        observations, infos = envs.reset(seed=seed)
        rng = np.random.default_rng(0)
        trace = [observations]
        for _ in range(30):
            step = envs.step(random_actions(infos["action_mask"], rng))
            trace.extend(step[:3])
            infos = step[4]
        return trace

    first, again, other = run(9), run(9), run(10)
    assert all((a == b).all() for a, b in zip(first, again))
    assert not all((a == b).all() for a, b in zip(first, other))


def test_reset_without_seed_goes_on_from_the_last_seed():
    envs = RecessVectorEnv("scoundrel", num_envs=3)
    envs.reset(seed=4)
    second, _ = envs.reset()
    again = RecessVectorEnv("scoundrel", num_envs=3)
    again.reset(seed=4)
    assert (again.reset()[0] == second).all()


def test_bad_actions_are_refused_and_nothing_moves():
    envs = RecessVectorEnv("big-two", num_envs=3)
    observations, infos = envs.reset(seed=2)
    illegal = np.argmax(~infos["action_mask"], axis=1)
    with pytest.raises(recess.IllegalActionError, match="game 0"):
        envs.step(illegal)
    with pytest.raises(ValueError, match="integer action ids"):
        envs.step(np.argmax(infos["action_mask"], axis=1).astype(np.float32))
    with pytest.raises(ValueError):
        envs.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(ValueError):
        envs.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError):
        envs.reset(options={"reset_mask": np.ones(3, dtype=bool)})
    assert (envs.step(np.argmax(infos["action_mask"], axis=1))[0] != observations).any()


@pytest.mark.parametrize("name", NAMES)
def test_gymnasium_checks_and_wrappers_take_it(name):
    from gymnasium.utils.passive_env_checker import check_obs
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    envs = RecordEpisodeStatistics(RecessVectorEnv(name, num_envs=4))
    observations, infos = envs.reset(seed=6)
    check_obs(observations, envs.observation_space, "reset")
    rng = np.random.default_rng(6)
    episodes = 0
    for _ in range(300):
        observations, rewards, terminations, _, infos = envs.step(
            random_actions(infos["action_mask"], rng)
        )
        check_obs(observations, envs.observation_space, "step")
        if terminations.any():
            # The wrapper reads the same-step autoreset from the metadata: each ended game's
            # return is the reward of its last step.
            ended = infos["_episode"]
            assert (ended == terminations).all()
            assert (infos["episode"]["r"][ended] == rewards[ended]).all()
            episodes += int(ended.sum())
        if episodes >= 3:
            break
    assert episodes >= 3


def test_make_vec_builds_the_rust_vector_env_from_a_registered_id():
    import recess.gymnasium  # noqa: F401  (registers the ids)

    envs = gymnasium.make_vec("recess/BigTwo-v0", num_envs=4, seat=1)
    assert isinstance(envs.unwrapped, RecessVectorEnv) and envs.unwrapped.seat == 1
    _, infos = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(20):
        _, _, _, _, infos = envs.step(random_actions(infos["action_mask"], rng))
    single = gymnasium.make("recess/BigTwo-v0")
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space


def test_the_seed_rule_is_the_documented_one():
    envs = RecessVectorEnv("scoundrel", num_envs=3)
    observations, _ = envs.reset(seed=11)
    game = recess.load_game("scoundrel")
    for i in range(3):
        seed = recess.derive_seed(recess.derive_seed(11, i), 0)
        expected = game.new_initial_state(seed).observation_tensor(0)
        np.testing.assert_array_equal(observations[i], expected.reshape(observations[i].shape))


def test_reset_takes_no_options_in_the_vector_and_the_single_env_alike():
    from recess.gymnasium import RecessEnv

    with pytest.raises(recess.ArgumentError, match="no options"):
        RecessVectorEnv("scoundrel", num_envs=2).reset(options={"x": 1})
    with pytest.raises(recess.ArgumentError, match="no options"):
        RecessEnv("scoundrel").reset(options={"x": 1})
