"""`recess.rlcard`: the turn-based games as RLCard environments, driven by RLCard's own agents
and tournament."""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pytest

rlcard = pytest.importorskip("rlcard")
from rlcard.agents import RandomAgent  # noqa: E402
from rlcard.utils import tournament  # noqa: E402

import recess  # noqa: E402
import recess.rlcard  # noqa: E402

IDS = list(recess.rlcard.ENV_IDS)
# Games per tournament: enough to finish several games, few enough to stay quick.
GAMES = {"recess-big-two": 3, "recess-life-go": 2}


class FirstLegal:
    """The smallest agent RLCard drives: always the lowest legal action id."""

    use_raw = False

    def step(self, state):
        return next(iter(state["legal_actions"]))

    def eval_step(self, state):
        return self.step(state), {}


class RawFirstLegal(FirstLegal):
    """The same, choosing in the game's notation, as RLCard's human agents do."""

    use_raw = True

    def step(self, state):
        return state["raw_legal_actions"][0]


def random_agents(env):
    return [RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)]


def test_recess_rlcard_is_imported_on_first_use():
    import subprocess
    import sys

    code = (
        "import sys, recess; assert 'rlcard' not in sys.modules; "
        "assert 'recess-big-two' in recess.rlcard.ENV_IDS; assert 'rlcard' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_registration():
    for env_id in IDS:
        assert env_id in rlcard.envs.registration.registry.env_specs
    # The duel's players act at once, which RLCard's environments have no room for.
    assert "recess-duel" not in rlcard.envs.registration.registry.env_specs


@pytest.mark.parametrize("env_id", IDS)
def test_make_and_a_tournament_of_random_agents(env_id):
    env = rlcard.make(env_id, config={"seed": 11})
    game = env.game.game
    assert env.num_players == game.num_players()
    assert env.num_actions == game.num_distinct_actions()
    assert env.state_shape == [[game.observation_tensor_size()]] * env.num_players
    assert env.action_shape == [None] * env.num_players
    env.set_agents(random_agents(env))
    np.random.seed(0)
    payoffs = tournament(env, GAMES.get(env_id, 5))
    assert len(payoffs) == env.num_players
    if game.is_zero_sum():
        assert sum(payoffs) == pytest.approx(0.0)


@pytest.mark.parametrize("env_id", IDS)
def test_state_dicts_have_rlcards_shape(env_id):
    env = rlcard.make(env_id, config={"seed": 5})
    state, player = env.reset()
    assert player == env.get_player_id()
    assert set(state) == {"obs", "legal_actions", "raw_obs", "raw_legal_actions", "action_record"}
    assert isinstance(state["obs"], np.ndarray)
    assert state["obs"].shape == tuple(env.state_shape[player])
    assert isinstance(state["legal_actions"], OrderedDict) and state["legal_actions"]
    ids = list(state["legal_actions"])
    assert ids == sorted(ids) and all(v is None for v in state["legal_actions"].values())
    assert all(0 <= a < env.num_actions for a in ids)
    assert state["raw_legal_actions"] == [env._decode_action(a) for a in ids]
    assert state["raw_obs"]["player_id"] == player
    assert state["action_record"] == []
    # A seat that does not move now has no legal actions.
    for other in range(env.num_players):
        if other != player:
            assert not env.get_state(other)["legal_actions"]
    action = ids[-1]
    state, _ = env.step(action)
    assert env.action_recorder == [(player, env._decode_action(action))]
    assert state["action_record"] is env.action_recorder


def test_an_illegal_action_raises_and_changes_nothing():
    env = rlcard.make("recess-tictactoe", config={"seed": 1})
    state, player = env.reset()
    env.step(4)
    before = env.get_state(env.get_player_id())
    with pytest.raises(recess.IllegalActionError):
        env.step(4)
    with pytest.raises(recess.IllegalActionError):
        env.step(99)
    after = env.get_state(env.get_player_id())
    assert after["raw_obs"] == before["raw_obs"]
    assert len(env.action_recorder) == 1 and env.timestep == 1


def test_the_same_seed_deals_the_same_games():
    def play(seed):
        env = rlcard.make("recess-big-two", config={"seed": seed})
        env.set_agents(random_agents(env))
        np.random.seed(3)
        runs = [env.run(is_training=False) for _ in range(2)]
        return [
            ([[str(s["raw_obs"]) for s in t if isinstance(s, dict)] for t in traj], list(pay))
            for traj, pay in runs
        ]

    assert play(8) == play(8)
    assert play(8) != play(9)


def test_agents_that_choose_ids_or_notation_play_the_same_game():
    results = []
    for agent in (FirstLegal, RawFirstLegal):
        env = rlcard.make("recess-big-two", config={"seed": 2})
        env.set_agents([agent() for _ in range(env.num_players)])
        trajectories, payoffs = env.run()
        results.append((list(payoffs), env.action_recorder[:]))
    assert results[0] == results[1]
    assert sum(results[0][0]) == 0


def test_step_back_restores_the_state_and_the_record():
    env = rlcard.make("recess-tictactoe", config={"seed": 1, "allow_step_back": True})
    state, player = env.reset()
    env.step(0)
    env.step(4)
    middle = env.get_perfect_information()
    env.step(8)
    state, player = env.step_back()
    assert env.get_perfect_information() == middle
    assert player == env.get_player_id() == 0
    assert [a for _, a in env.action_recorder] == [env._decode_action(0), env._decode_action(4)]
    assert env.step_back() and env.step_back()
    assert env.step_back() is False
    off = rlcard.make("recess-tictactoe", config={"seed": 1})
    off.reset()
    off.step(0)
    with pytest.raises(Exception, match="allow_step_back"):
        off.step_back()


def test_game_parameters_come_from_game_config_keys():
    env = rlcard.make("recess-tictactoe", config={"seed": 1, "game_first": "by_lot"})
    assert env.game.game == recess.load_game("tictactoe", first="by_lot")
    with pytest.raises(recess.ConfigError):
        rlcard.make("recess-tictactoe", config={"game_sides": 4})


def test_payoffs_and_perfect_information_at_the_end():
    env = rlcard.make("recess-scoundrel", config={"seed": 4})
    env.set_agents([FirstLegal()])
    _, payoffs = env.run()
    assert isinstance(payoffs, np.ndarray)
    info = env.get_perfect_information()
    assert info["returns"] == list(payoffs) and info["legal_actions"] == []
    assert recess.load_game("scoundrel").deserialize_state(info["serialized"]).is_terminal()


def test_training_trajectories_reorganize_into_transitions():
    # What RLCard's DQN and NFSP agents feed on: (state, action, reward, next state, done).
    from rlcard.utils import reorganize

    env = rlcard.make("recess-tictactoe", config={"seed": 6})
    env.set_agents(random_agents(env))
    np.random.seed(1)
    trajectories, payoffs = env.run(is_training=True)
    transitions = reorganize(trajectories, payoffs)
    assert len(transitions) == env.num_players
    for player, steps in enumerate(transitions):
        assert steps, "each player moves at least once"
        for state, action, reward, next_state, done in steps:
            assert action in state["legal_actions"]
            assert next_state["obs"].shape == state["obs"].shape == (27,)
        *_, (_, _, reward, _, done) = steps
        assert done and reward == payoffs[player]


def test_an_unknown_config_key_lists_the_games_keys():
    with pytest.raises(recess.ConfigError, match="config keys of recess-tictactoe: game_first"):
        rlcard.make("recess-tictactoe", config={"game_nope": 1})
    with pytest.raises(recess.ConfigError, match="config keys of recess-big-two: game_rules"):
        rlcard.make("recess-big-two", config={"game_nope": 1})
