"""recess's games registered with OpenSpiel (`import recess.openspiel`): their game types and
parameters, OpenSpiel's own random-simulation test, chance nodes, serialisation, observers, and
the agreement of the methods Python calls directly with the same methods reached through
pyspiel's C++ State."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import recess.openspiel  # noqa: E402

GameType = pyspiel.GameType
SEQUENTIAL, SIMULTANEOUS = GameType.Dynamics.SEQUENTIAL, GameType.Dynamics.SIMULTANEOUS
DETERMINISTIC = GameType.ChanceMode.DETERMINISTIC
STOCHASTIC = GameType.ChanceMode.EXPLICIT_STOCHASTIC
PERFECT = GameType.Information.PERFECT_INFORMATION
IMPERFECT = GameType.Information.IMPERFECT_INFORMATION
ZERO_SUM, GENERAL_SUM = GameType.Utility.ZERO_SUM, GameType.Utility.GENERAL_SUM

# Game string: (dynamics, chance mode, information, utility, players, min and max utility,
# max chance outcomes).
FACTS = {
    "recess_tictactoe": (SEQUENTIAL, DETERMINISTIC, PERFECT, ZERO_SUM, 2, -1, 1, 0),
    "recess_tictactoe(first=by_lot)": (SEQUENTIAL, STOCHASTIC, PERFECT, ZERO_SUM, 2, -1, 1, 2),
    "recess_duel": (SIMULTANEOUS, DETERMINISTIC, PERFECT, ZERO_SUM, 2, -1, 1, 0),
    "recess_duel(players=3,rules=classic)":
        (SIMULTANEOUS, DETERMINISTIC, PERFECT, ZERO_SUM, 3, -1, 2, 0),
    "recess_big_two": (SEQUENTIAL, STOCHASTIC, IMPERFECT, ZERO_SUM, 4, -3, 3, 54),
    "recess_life_go(size=13)": (SEQUENTIAL, STOCHASTIC, PERFECT, ZERO_SUM, 2, -1, 1, None),
    "recess_scoundrel": (SEQUENTIAL, STOCHASTIC, IMPERFECT, GENERAL_SUM, 1, -188, 30, 44),
}

# Random games each for OpenSpiel's random_sim_test, kept small for the long games.
SIMS = {"recess_big_two": 2, "recess_life_go(size=13)": 1, "recess_scoundrel": 4}


@pytest.mark.parametrize("name", FACTS)
def test_game_type_and_info(name):
    game = pyspiel.load_game(name)
    dynamics, chance, information, utility, players, low, high, outcomes = FACTS[name]
    kind = game.get_type()
    assert isinstance(game, recess.openspiel.RecessGame)
    assert (kind.dynamics, kind.chance_mode, kind.information, kind.utility) == (
        dynamics, chance, information, utility)
    assert kind.reward_model == GameType.RewardModel.TERMINAL
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert kind.min_num_players <= game.num_players() == players <= kind.max_num_players
    assert game.max_utility() == high
    if low is not None:
        assert game.min_utility() == low
    assert game.min_utility() < game.max_utility()
    assert game.utility_sum() == (0.0 if utility == ZERO_SUM else None)
    if outcomes is not None:
        assert game.max_chance_outcomes() == outcomes
    assert game.max_game_length() > 0
    assert isinstance(game.new_initial_state(), recess.openspiel.RecessState)


@pytest.mark.parametrize("name, events", [
    ("recess_tictactoe", 0), ("recess_tictactoe(first=by_lot)", 1), ("recess_duel", 0),
    ("recess_big_two", 54), ("recess_scoundrel", 44), ("recess_life_go(size=13)", 4)])
def test_history_length_counts_the_chance_events(name, events):
    game = pyspiel.load_game(name)
    assert game.max_chance_nodes_in_history() == events
    # A joint action is one entry of the history per seat.
    per_step = game.num_players() if game.get_type().dynamics == SIMULTANEOUS else 1
    assert game.max_history_length() == game.max_game_length() * per_step + events


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    assert set(recess.openspiel.game_names()) <= names
    assert {"recess_tictactoe", "recess_duel", "recess_big_two", "recess_life_go",
            "recess_scoundrel"} <= names


def test_parameters_map_onto_the_configuration():
    duel = pyspiel.load_game("recess_duel(players=3,rules=classic,round_limit=4)")
    assert duel.get_parameters() == {
        "players": 3, "rules": "classic", "start_health": -1, "start_qi": -1, "round_limit": 4}
    assert duel.max_game_length() == 4
    small = pyspiel.load_game("recess_duel", {"start_health": 2, "start_qi": 1})
    assert "health 2 qi 1" in str(small.new_initial_state())
    assert pyspiel.load_game("recess_life_go(size=13)").observation_tensor_shape()[-2:] == [13, 13]
    with pytest.raises(Exception):
        pyspiel.load_game("recess_duel(rules=nonsense)")
    with pytest.raises(Exception):
        pyspiel.load_game("recess_big_two(players=3)")


@pytest.mark.parametrize("name", FACTS)
def test_random_sim_test(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=SIMS.get(name, 10), serialize=True, verbose=False)


def random_step(state, rng):
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    elif state.is_simultaneous_node():
        state.apply_actions([rng.choice(state.legal_actions(p))
                             for p in range(state.num_players())])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def check_paths_agree(state):
    """Python's calls (straight to Rust) and pyspiel's C++ State methods (through pyspiel's
    protocol for Python games) give the same answers."""
    base = pyspiel.State
    assert base.current_player(state) == state.current_player()
    assert base.is_terminal(state) == state.is_terminal()
    assert base.is_chance_node(state) == state.is_chance_node()
    assert base.returns(state) == state.returns()
    assert base.rewards(state) == state.rewards()
    assert base.to_string(state) == str(state)
    if state.is_chance_node():
        assert base.chance_outcomes(state) == state.chance_outcomes()
        assert base.legal_actions(state) == state.legal_actions()
        return
    for player in range(state.num_players()):
        assert base.legal_actions(state, player) == state.legal_actions(player)
        assert base.information_state_string(state, player) == \
            state.information_state_string(player)
        assert base.information_state_tensor(state, player) == pytest.approx(
            state.information_state_tensor(player))
        assert base.observation_string(state, player) == state.observation_string(player)
        assert base.observation_tensor(state, player) == pytest.approx(
            state.observation_tensor(player))
        for action in state.legal_actions(player)[:3]:
            assert base.action_to_string(state, player, action) == \
                state.action_to_string(player, action)


@pytest.mark.parametrize("name", FACTS)
def test_python_and_cpp_paths_agree(name):
    game = pyspiel.load_game(name)
    rng = random.Random(3)
    state = game.new_initial_state()
    # The same game played through pyspiel's C++ State::ApplyAction(s).
    twin = game.new_initial_state()
    for _ in range(60):
        check_paths_agree(state)
        if state.is_terminal():
            break
        joint = state.is_simultaneous_node()
        random_step(state, rng)
        if joint:
            pyspiel.State.apply_actions(twin, state.history()[-state.num_players():])
        else:
            pyspiel.State.apply_action(twin, state.history()[-1])
        assert str(twin) == str(state)
        assert twin.history() == state.history() == pyspiel.State.history(twin)
        assert twin.move_number() == state.move_number() == pyspiel.State.move_number(twin)


@pytest.mark.parametrize("name", FACTS)
def test_history_serialisation_and_pickling(name):
    game = pyspiel.load_game(name)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        random_step(state, rng)
    assert len(state.history()) == len(state.full_history())
    assert state.history_str() == ", ".join(map(str, state.history()))
    assert state.move_number() <= len(state.history())
    for copy in (game.deserialize_state(state.serialize()),
                 pickle.loads(pickle.dumps(state)),
                 state.clone()):
        assert isinstance(copy, recess.openspiel.RecessState)
        assert str(copy) == str(state)
        assert copy.history() == state.history()
        assert pyspiel.State.history(game.deserialize_state(copy.serialize())) == state.history()
    # A child moves on alone.
    if not state.is_terminal() and not state.is_simultaneous_node():
        action = state.legal_actions()[0]
        child = state.child(action)
        assert child.history() == state.history() + [action]
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()


def test_the_deal_is_chance_nodes_with_the_true_distribution():
    game = pyspiel.load_game("recess_big_two")
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    for dealt in range(54):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 54 - dealt
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert all(p == pytest.approx(1 / (54 - dealt)) for _, p in outcomes)
        assert [o for o, _ in outcomes] == state.legal_actions()
        state.apply_action(outcomes[-1][0])
    assert state.is_player_node()
    assert state.history() == list(range(53, -1, -1))
    # No seat sees anything of a deal in progress.
    assert game.new_initial_state().information_state_string(0) == ""
    with pytest.raises(ValueError):
        game.new_initial_state().apply_action(54)


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = pyspiel.load_game("recess_tictactoe")
    state = game.new_initial_state()
    state.apply_action(4)
    for bad in (4, 9, -1):
        with pytest.raises(ValueError):
            state.apply_action(bad)
    assert state.history() == [4]


@pytest.mark.parametrize("name", ["recess_big_two", "recess_tictactoe", "recess_scoundrel"])
def test_observers(name):
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(name)
    rng = random.Random(9)
    state = game.new_initial_state()
    while not state.is_player_node():
        random_step(state, rng)
    random_step(state, rng)
    while not state.is_player_node() and not state.is_terminal():
        random_step(state, rng)
    player = 0
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    recall.set_from(state, player)
    assert recall.tensor.shape == (game.information_state_tensor_size(),)
    assert list(recall.tensor) == pytest.approx(state.information_state_tensor(player))
    assert recall.string_from(state, player) == state.information_state_string(player)
    present = make_observation(game)
    present.set_from(state, player)
    assert list(present.tensor) == pytest.approx(state.observation_tensor(player))
    assert present.string_from(state, player) == state.observation_string(player)
    if game.get_type().information == IMPERFECT:
        with pytest.raises(ValueError):
            make_observation(game, pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize("name", ["recess_big_two", "recess_scoundrel"])
def test_resampled_worlds_look_the_same_to_the_player(name):
    game = pyspiel.load_game(name)
    rng = random.Random(2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < 70:
        if state.is_player_node():
            player = state.current_player()
            worlds = [state.resample_from_infostate(player, sampler) for _ in range(3)]
            for world in worlds:
                assert world.information_state_string(player) == \
                    state.information_state_string(player)
                assert world.legal_actions() == state.legal_actions()
                # The world's history deals it: replaying it gives the world again.
                assert str(game.deserialize_state(world.serialize())) == str(world)
            assert len({str(world) for world in worlds}) > 1
        random_step(state, rng)


@pytest.mark.parametrize("name", ["recess_tictactoe", "recess_duel", "recess_life_go(size=13)"])
def test_a_perfect_information_game_is_its_only_world(name):
    game = pyspiel.load_game(name)
    rng = random.Random(4)
    state = game.new_initial_state()
    for _ in range(3):
        random_step(state, rng)
    world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert str(world) == str(state) and world.history() == state.history()
    assert world is not state


def test_tensors_are_numbers_of_the_declared_size():
    for name in FACTS:
        game = pyspiel.load_game(name)
        state = game.new_initial_state()
        rng = random.Random(1)
        while state.is_chance_node():
            random_step(state, rng)
        player = 0 if state.is_simultaneous_node() else state.current_player()
        tensor = np.asarray(state.information_state_tensor(player))
        assert tensor.shape == (game.information_state_tensor_size(),)
        assert np.isfinite(tensor).all()
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()


@pytest.mark.parametrize("name", ["recess_tictactoe", "recess_big_two"])
def test_serialize_game_and_state_round_trips_the_whole_history(name):
    # pyspiel's own writer fills `history=` only with the actions its C++ side applied; the
    # state's record rides in the pickled attributes, and the state read back is the same.
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    game_back, state_back = pyspiel.deserialize_game_and_state(text)
    assert str(game_back) == str(game)
    assert state_back.history() == state.history()
    assert str(state_back) == str(state)
    assert recess.openspiel.RecessState.serialize(state).startswith(
        "history=" + ",".join(f"{p}:{a}" for p, a in state.full_history())
    )


@pytest.mark.parametrize("name", ["big-two", "scoundrel", "tictactoe"])
def test_a_state_starts_on_a_seeds_deal(name):
    game = pyspiel.load_game(f"recess_{name.replace('-', '_')}")
    for seed in (0, 7):
        state = game.new_initial_state(seed=seed)
        assert not state.is_chance_node()
        seeded = recess.load_game(name).new_initial_state(seed)
        for seat in range(game.num_players()):
            assert state.observation_string(seat) == seeded.observation_string(seat)
        # The deal is in the history: a replay of it is the same state.
        assert str(game.deserialize_state(state.serialize())) == str(state)
    assert game.new_initial_state().is_chance_node() == (name != "tictactoe")


CPP_BOT_STEP = """
import sys
import open_spiel.python.games  # registers OpenSpiel's own Python games
import pyspiel
import recess.openspiel
game = pyspiel.load_game(sys.argv[1])
state = game.new_initial_state()
while state.is_chance_node():
    state.apply_action(state.legal_actions()[0])
bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 10, 100, False, 1, False)
print("stepping", flush=True)
bot.step(state)
print("stepped", flush=True)
"""


@pytest.mark.parametrize("name", ["python_tic_tac_toe", "recess_tictactoe"])
def test_a_cpp_bots_step_on_a_python_game_crashes_pyspiel(name):
    """pyspiel's defect, not recess's: a C++ bot's `step` called from Python on a Python game
    (here the C++ `MCTSBot`, on OpenSpiel's own `python_tic_tac_toe` as on recess's) kills the
    process with a segmentation fault. Pinned here in a
    subprocess; `recess.openspiel.bot` and OpenSpiel's Python bots are the ones to use."""
    import signal
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", CPP_BOT_STEP, name], capture_output=True, text=True, timeout=120
    )
    assert "stepping" in done.stdout and "stepped" not in done.stdout, done.stdout + done.stderr
    assert done.returncode == -signal.SIGSEGV, (done.returncode, done.stderr[-500:])
