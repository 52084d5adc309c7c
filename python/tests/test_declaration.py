"""One declaration per game: every adapter reads it, one seed rule, one set of names.

Seed N is the game ``new(config, N)`` of the Rust crate whatever the door: the learner's first
observation after Gymnasium ``reset(seed=N)``, PettingZoo ``reset(seed=N)`` and RLCard's
``config={"seed": N}`` is that of ``load_game(name).new_initial_state(seed=N)``; the AIs are
seeded ``agent_seed(N, seat)``.
"""

from __future__ import annotations

import pathlib
import re

import numpy as np
import pytest

import recess

GAMES = recess.game_names()
SEEDS = [0, 7, 2**63 + 5]


def first_seat(name: str, seed: int) -> tuple[int, np.ndarray]:
    """The seat that moves first in the game seeded ``seed`` (seat 0 where every seat moves at
    once) and its observation there."""
    state = recess.load_game(name).new_initial_state(seed=seed)
    seat = max(state.current_player(), 0)
    return seat, state.observation_tensor(seat)


def test_the_seeds_deal_different_first_observations():
    # The seed rule's tests would prove nothing if every seed dealt the same first view.
    for name in ("big-two", "scoundrel"):
        views = {first_seat(name, seed)[1].tobytes() for seed in SEEDS}
        assert len(views) == len(SEEDS), name


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_reset_seed_n_is_new_initial_state_seed_n(name):
    from recess.gymnasium import RecessEnv

    for seed in SEEDS:
        seat, expected = first_seat(name, seed)
        env = RecessEnv(name, seat=seat)
        observation, _ = env.reset(seed=seed)
        np.testing.assert_array_equal(observation.ravel(), expected)


def test_gymnasium_seeds_the_ais_by_agent_seed():
    from recess.gymnasium import RecessEnv

    game = recess.load_game("tictactoe")
    env = RecessEnv("tictactoe", opponents="random", seat=1)
    firsts = set()
    for seed in range(12):
        observation, _ = env.reset(seed=seed)
        state = game.new_initial_state(seed=seed)
        ai = recess.agent(game, "random", recess.agent_seed(seed, 0))
        state.apply_action(ai.step(state))
        firsts.add(state.observation_tensor(1).tobytes())
        np.testing.assert_array_equal(observation.ravel(), state.observation_tensor(1))
    assert len(firsts) > 1  # the AI's first move does depend on its seed


def test_gymnasium_reset_without_a_seed_draws_from_np_random():
    from recess.gymnasium import RecessEnv

    one, other = RecessEnv("big-two"), RecessEnv("big-two")
    one.reset(seed=3)
    other.reset(seed=3)
    np.testing.assert_array_equal(one.reset()[0], other.reset()[0])


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_reset_seed_n_is_new_initial_state_seed_n(name):
    from recess.pettingzoo import env as make_env

    for seed in SEEDS:
        env = make_env(name)
        env.reset(seed=seed)
        first = env.agent_selection
        seat = env.possible_agents.index(first)
        state = recess.load_game(name).new_initial_state(seed=seed)
        assert seat == max(state.current_player(), 0)
        np.testing.assert_array_equal(
            env.observe(first)["observation"].ravel(), state.observation_tensor(seat)
        )


@pytest.mark.parametrize("name", GAMES)
def test_rlcard_seed_n_is_new_initial_state_seed_n(name):
    rlcard = pytest.importorskip("rlcard")
    import recess.rlcard

    if f"recess-{name}" not in recess.rlcard.ENV_IDS:
        declaration = recess.load_game(name).declaration()
        assert declaration["dynamics"] == "Simultaneous"
        pytest.skip(f"{name}: every seat acts at once, which RLCard does not model")
    for seed in SEEDS:
        env = rlcard.make(f"recess-{name}", config={"seed": seed})
        observed, player = env.reset()
        state = recess.load_game(name).new_initial_state(seed=seed)
        assert player == state.current_player()
        np.testing.assert_array_equal(observed["obs"], state.observation_tensor(player))


@pytest.mark.parametrize("name", GAMES)
def test_keyword_and_string_parameters_are_one_set(name):
    game = recess.load_game(name)
    for parameter in game.declaration()["parameters"]:
        value = parameter["default"]
        text = str(value).lower() if isinstance(value, bool) else str(value)
        spelled = name.replace("-", "_")
        assert recess.load_game(name, **{parameter["name"]: value}) == recess.load_game(
            f"{spelled}({parameter['name']}={text})"
        )


def test_life_go_size_by_keyword_and_by_string():
    assert recess.load_game("life-go", size=13) == recess.load_game("life_go(size=13)")
    assert recess.load_game("life-go", size=13).observation_tensor_shape()[-2:] == [13, 13]
    with pytest.raises(recess.ConfigError, match='did you mean "size"'):
        recess.load_game("life-go", szie=13)
    with pytest.raises(recess.ConfigError, match='did you mean "size"'):
        recess.load_game("life_go(szie=13)")


@pytest.mark.parametrize("name", GAMES)
def test_aliases_are_accepted_by_recess_and_pyspiel_alike(name):
    pyspiel = pytest.importorskip("pyspiel")
    import recess.openspiel

    declaration = recess.load_game(name).declaration()
    canonical = "recess_" + name.replace("-", "_")
    for alias in [name, *declaration["aliases"]]:
        assert recess.load_game(alias) == recess.load_game(name)
        spelled = "recess_" + alias.replace("-", "_")
        assert recess.load_game(spelled) == recess.load_game(name)
        game = pyspiel.load_game(spelled)
        assert game.get_type().short_name == canonical
        assert spelled in recess.openspiel.game_names()


@pytest.mark.parametrize("typo, right", [("bigtwoo", "big-two"), ("life_gog", "life-go"),
                                         ("Scoundrel", "scoundrel")])
def test_unknown_names_are_refused_alike_with_the_right_name(typo, right):
    pytest.importorskip("pyspiel")
    import recess.openspiel

    with pytest.raises(recess.UnknownGameError, match=f'did you mean "{right}"'):
        recess.load_game(typo)
    with pytest.raises(recess.UnknownGameError, match=f'did you mean "{right}"'):
        recess.openspiel.load_game(f"recess_{typo}")


def test_the_declaration_reaches_python():
    big_two = recess.load_game("big-two").declaration()
    assert big_two["information"] == "Imperfect" and big_two["default_opponent"] == "ai3"
    assert recess.load_game("scoundrel").declaration()["default_opponent"] is None
    low, high = recess.load_game("scoundrel").observation_bounds()
    assert low.shape == tuple(recess.load_game("scoundrel").observation_tensor_shape())
    assert low.min() < 0 <= high.min()
    assert recess.load_game("duel", players=3).utility_range() == (-1.0, 2.0)


def test_no_adapter_asks_which_game_it_is():
    package = pathlib.Path(recess.__file__).parent
    pattern = re.compile(
        r"(==|!=|in) *[\[(]?['\"](big-two|big_two|bigtwo|scoundrel|life-go|life_go|tictactoe|duel)"
    )
    hits = [
        f"{path.name}:{number}"
        for path in package.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(line)
    ]
    assert hits == []
