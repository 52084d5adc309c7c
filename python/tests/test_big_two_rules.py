"""Big Two's rule sets (the `rules` parameter) through every adapter: `recess.load_game`,
OpenSpiel (`recess_big_two(rules=...)`, its random-simulation test, chance nodes and
information states), Gymnasium (`check_env`), PettingZoo (`api_test`), RLCard (`game_rules`)
and VectorGame. The default rule set keeps its 11,493 action ids and 472-value observations;
every standard rule set shares one universe of 25,780 ids and a 442-value observation."""

from __future__ import annotations

import pickle
import random
import warnings

import numpy as np
import pytest

import recess

PRESETS = ["reversal", "hong-kong", "taiwan", "pusoy-dos", "pagat"]
STANDARD = PRESETS[1:]

# rules: (action ids, observation length, information state length, cards dealt by chance,
# lowest and highest return).
FACTS = {
    "reversal": (11_493, 472, 15_398, 54, -3.0, 3.0),
    "hong-kong": (25_780, 442, 11_760, 52, -39.0, 117.0),
    "taiwan": (25_780, 442, 11_760, 52, -13.0, 39.0),
    "pusoy-dos": (25_780, 442, 11_760, 52, -13.0, 39.0),
    "pagat": (25_780, 442, 11_760, 52, -39.0, 117.0),
}


def rules_of(parameters: dict) -> str:
    """The rule set a game's parameters name: the default's are stored as nothing at all
    (records written before rule sets existed load as it)."""
    return parameters.get("rules", "reversal")


def play_out(state, rng: random.Random) -> None:
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("rules", PRESETS)
def test_load_game_by_rules(rules):
    actions, observation, _, _, low, high = FACTS[rules]
    game = recess.load_game("big-two", rules=rules)
    assert rules_of(game.parameters()) == rules
    assert game.num_players() == 4
    assert game.num_distinct_actions() == actions
    assert game.observation_tensor_shape() == [observation]
    assert game.utility_range() == (low, high)
    lows, highs = game.observation_bounds()
    assert lows.shape == highs.shape == (observation,)
    rng = random.Random(rules)
    state = game.new_initial_state(7)
    assert sorted(state.legal_actions()) == state.legal_actions()
    assert int(np.sum(state.observation_tensor(state.current_player())[:52])) == 13
    play_out(state, rng)
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and low <= min(returns) and max(returns) <= high
    # The same seed deals the same game again, through the stored form too.
    again = game.deserialize_state(game.new_initial_state(7).serialize())
    assert again.observation_string(0) == game.new_initial_state(7).observation_string(0)


@pytest.mark.parametrize("rules", PRESETS)
def test_games_and_states_of_every_rule_set_pickle(rules):
    game = recess.load_game("big-two", rules=rules)
    state = game.new_initial_state(3)
    state.apply_action(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again.serialize() == state.serialize()
    assert rules_of(pickle.loads(pickle.dumps(game)).parameters()) == rules


def test_standard_rule_sets_share_their_action_ids():
    straight = "3c 4d 5h 6s 7c"
    ids = {
        rules: recess.load_game("big-two", rules=rules).new_initial_state(1).string_to_action(
            0, straight
        )
        for rules in STANDARD
    }
    assert len(set(ids.values())) == 1, ids
    with pytest.raises(recess.ConfigError):
        recess.load_game("big-two", rules="big-three")


def _pyspiel():
    """pyspiel, imported by each test that needs it, so that the others run without it."""
    return pytest.importorskip("pyspiel")


@pytest.mark.parametrize("rules", PRESETS)
def test_openspiel_loads_every_rule_set(rules):
    spiel = _pyspiel()
    import recess.openspiel  # noqa: F401

    actions, observation, information, outcomes, low, high = FACTS[rules]
    game = spiel.load_game(f"recess_big_two(rules={rules})")
    assert rules_of(game.get_parameters()) == rules
    assert game.num_distinct_actions() == actions
    assert game.observation_tensor_shape() == [observation]
    assert game.information_state_tensor_shape() == [information]
    assert game.max_chance_outcomes() == outcomes
    assert (game.min_utility(), game.max_utility()) == (low, high)
    state = game.new_initial_state()
    rng = random.Random(rules)
    dealt = 0
    while state.is_chance_node():
        outcomes_now = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes_now) - 1) < 1e-9
        state.apply_action(rng.choice([o for o, _ in outcomes_now]))
        dealt += 1
    assert dealt == outcomes
    seat = state.current_player()
    assert len(state.information_state_tensor(seat)) == information
    assert len(state.observation_tensor(seat)) == observation


@pytest.mark.parametrize("rules", ["hong-kong", "taiwan"])
def test_openspiel_random_sim_test(rules):
    spiel = _pyspiel()
    import recess.openspiel  # noqa: F401

    game = spiel.load_game(f"recess_big_two(rules={rules})")
    spiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("rules", PRESETS)
def test_gymnasium_makes_every_rule_set(rules):
    gymnasium = pytest.importorskip("gymnasium")
    import recess.gymnasium  # noqa: F401

    actions, observation, *_ = FACTS[rules]
    env = gymnasium.make("recess/BigTwo-v0", rules=rules, opponents="ai1")
    obs, info = env.reset(seed=3)
    assert obs.shape == (observation,) and env.action_space.n == actions
    mask = info["action_mask"]
    action = int(np.flatnonzero(mask)[0])
    env.step(action)
    env.close()


@pytest.mark.parametrize("rules", ["hong-kong", "taiwan"])
def test_gymnasium_check_env(rules):
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import recess.gymnasium  # noqa: F401

    env = gymnasium.make("recess/BigTwo-v0", opponents="ai1", rules=rules)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # not a single complaint
        check_env(env.unwrapped)
    vector = gymnasium.make_vec("recess/BigTwo-v0", num_envs=3, rules=rules)
    obs, _ = vector.reset(seed=1)
    assert obs.shape == (3, FACTS[rules][1])
    vector.close()


@pytest.mark.parametrize("rules", PRESETS)
def test_pettingzoo_makes_every_rule_set(rules):
    pytest.importorskip("pettingzoo")
    import recess.pettingzoo

    _, observation, *_ = FACTS[rules]
    env = recess.pettingzoo.env("big-two", rules=rules)
    env.reset(seed=2)
    seen, reward, terminated, truncated, _ = env.last()
    assert seen["observation"].shape == (observation,)
    assert seen["action_mask"].shape == (FACTS[rules][0],)
    env.step(int(np.flatnonzero(seen["action_mask"])[0]))
    parallel = recess.pettingzoo.parallel_env("big-two", rules=rules)
    observations, _ = parallel.reset(seed=2)
    assert len(observations) == 4


@pytest.mark.parametrize("rules", ["hong-kong", "taiwan"])
def test_pettingzoo_api_test(rules):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, parallel_api_test

    import recess.pettingzoo

    with warnings.catch_warnings():
        # PettingZoo warns about things that are choices here.
        warnings.simplefilter("ignore")
        api_test(recess.pettingzoo.env("big-two", rules=rules), num_cycles=300)
        parallel_api_test(recess.pettingzoo.parallel_env("big-two", rules=rules), num_cycles=300)


@pytest.mark.parametrize("rules", PRESETS)
def test_rlcard_makes_every_rule_set(rules):
    rlcard = pytest.importorskip("rlcard")
    from rlcard.agents import RandomAgent

    import recess.rlcard  # noqa: F401

    actions, observation, *_ = FACTS[rules]
    env = rlcard.make("recess-big-two", config={"seed": 4, "game_rules": rules})
    assert env.num_actions == actions
    assert env.state_shape == [[observation]] * 4
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    np.random.seed(4)
    _, payoffs = env.run(is_training=False)
    assert abs(sum(payoffs)) < 1e-9


@pytest.mark.parametrize("rules", PRESETS)
def test_vector_game_steps_every_rule_set(rules):
    actions, observation, *_ = FACTS[rules]
    games = recess.VectorGame("big-two", 8, seed=5, rules=rules)
    assert games.observations.shape[-1] == observation
    assert games.masks.shape[-1] == actions
    finished = 0
    for _ in range(400):
        _, dones = games.step(games.random_actions())
        finished += int(np.sum(dones))
    assert finished > 0
    # The states inside are games of the rule set.
    assert rules_of(games.state(0).get_game().parameters()) == rules
