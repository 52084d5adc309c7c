"""VectorGame: n games stepped together in Rust, writing into numpy arrays."""

from __future__ import annotations

import numpy as np
import pytest

import recess

GAMES = recess.game_names()


def assert_matches_states(games):
    """The arrays say what each game's state says."""
    game = games.game
    for i in range(len(games)):
        state = games.state(i)
        assert games.current_players[i] == state.current_player()
        for p in range(game.num_players()):
            tensor = games.observations[i, p].reshape(-1)
            assert (tensor == state.observation_tensor(p)).all()
            assert (games.masks[i, p] == state.legal_actions_mask(p)).all()


def test_shapes_and_first_observations():
    games = recess.VectorGame("tictactoe", 8, seed=3)
    assert len(games) == 8
    assert games.observations.shape == (8, 2, 3, 3, 3)
    assert games.observations.dtype == np.float32
    assert games.masks.shape == (8, 2, 9) and games.masks.dtype == np.bool_
    assert games.rewards.shape == (8, 2) and games.dones.shape == (8,)
    assert (games.current_players == 0).all()
    assert games.masks[:, 0].all() and not games.masks[:, 1].any()
    assert_matches_states(games)


def test_random_play_counts_episodes_and_rewards():
    games = recess.VectorGame("tictactoe", 16, seed=1)
    finished = 0
    for _ in range(40):
        rewards, dones = games.step(games.random_actions())
        finished += int(dones.sum())
        assert (rewards[~dones] == 0).all()
        assert (rewards[dones].sum(axis=1) == 0).all()
        assert_matches_states(games)
    assert games.episodes == finished > 16


def test_step_with_numpy_policy_and_lists():
    games = recess.VectorGame("tictactoe", 4, seed=2)
    rows = np.arange(4)
    legal = games.masks[rows, games.current_players]
    games.step(np.argmax(legal, axis=1))
    games.step([int(np.flatnonzero(m)[0]) for m in games.masks[rows, games.current_players]])
    assert_matches_states(games)


def test_illegal_actions_change_nothing():
    games = recess.VectorGame("tictactoe", 4, seed=2)
    games.step(np.array([4, 4, 4, 4]))
    before = [games.state(i).serialize() for i in range(4)]
    observations = games.observations.copy()
    with pytest.raises(ValueError, match="game 3"):
        games.step(np.array([0, 1, 2, 4]))  # game 3's centre is taken
    with pytest.raises(ValueError, match="shape"):
        games.step(np.zeros(5, dtype=np.int64))
    assert [games.state(i).serialize() for i in range(4)] == before
    assert (games.observations == observations).all()


def test_joint_actions_read_the_movers_column():
    games = recess.VectorGame("tictactoe", 3, seed=2)
    joint = games.random_actions(joint=True)
    assert joint.shape == (3, 2)
    assert (joint[:, 1] == -1).all()
    games.step(joint)
    assert (games.current_players == 1).all()


def test_same_seed_same_games_with_any_number_of_threads():
    runs = []
    for threads in (1, 2, 3):
        games = recess.VectorGame("tictactoe", 10, seed=9, threads=threads)
        trace = []
        for _ in range(30):
            rewards, dones = games.step(games.random_actions())
            trace.append((rewards.copy(), dones.copy(), games.observations.copy()))
        runs.append((trace, games.episodes))
    for trace, episodes in runs[1:]:
        assert episodes == runs[0][1]
        for (r, d, o), (r0, d0, o0) in zip(trace, runs[0][0]):
            assert (r == r0).all() and (d == d0).all() and (o == o0).all()


def test_reset_starts_again():
    games = recess.VectorGame("tictactoe", 4, seed=5)
    first = [games.state(i).serialize() for i in range(4)]
    for _ in range(3):
        games.step(games.random_actions())
    games.reset(5)
    assert [games.state(i).serialize() for i in range(4)] == first
    assert games.episodes == 0
    assert_matches_states(games)


def test_parameters_and_loaded_games():
    games = recess.VectorGame("tictactoe", 2, seed=0, first="by_lot")
    assert games.observations.shape == (2, 2, 4, 3, 3)
    loaded = recess.load_game("tictactoe", first="by_lot")
    assert recess.VectorGame(loaded, 2).game == loaded
    with pytest.raises(ValueError):
        recess.VectorGame("tictactoe", 0)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_steps_in_a_vector(name):
    n = 3
    games = recess.VectorGame(name, n, seed=4, threads=2)
    game = games.game
    assert games.observations.shape == (n, game.num_players(), *game.observation_tensor_shape())
    joint = (games.current_players == recess.SIMULTANEOUS).any()
    for _ in range(25):
        games.step(games.random_actions(joint=bool(joint)))
        joint = (games.current_players == recess.SIMULTANEOUS).any()
    assert_matches_states(games)


def test_the_arrays_are_read_only_views():
    games = recess.VectorGame("tictactoe", 2, seed=0)
    for array in (games.observations, games.masks, games.rewards, games.dones, games.current_players):
        with pytest.raises(ValueError):
            array[...] = 0
    masks = games.masks
    games.step(games.random_actions())
    assert masks is games.masks or (masks == games.masks).all()
    assert not masks[:, 0].all()  # the view follows the games


def test_float_actions_are_refused_and_no_game_moves():
    games = recess.VectorGame("tictactoe", 2, seed=1)
    before = games.observations.copy()
    for bad in (np.array([4.0, 4.0]), [4.0, 4.0], np.array([0.5, 1.5], dtype=np.float32)):
        with pytest.raises(ValueError, match="integer action ids"):
            games.step(bad)
    assert (games.observations == before).all()
    games.step(np.array([4, 4], dtype=np.int32))
    games.step(np.array([0, 0], dtype=np.uint8))
    assert games.state(0).legal_actions() == [1, 2, 3, 5, 6, 7, 8]


def test_arrays_are_overwritten_in_place_so_keep_copies():
    games = recess.VectorGame("tictactoe", 4, seed=2)
    view = games.observations
    kept = games.observations.copy()
    assert not view.flags.writeable
    games.step(games.random_actions())
    # The view follows the games; the copy keeps what was seen.
    assert (view == games.observations).all()
    assert not (kept == games.observations).all()


def test_observations_kept_across_steps_are_copies_of_what_each_state_showed():
    games = recess.VectorGame("big-two", 3, seed=6)
    kept = []
    for _ in range(12):
        kept.append(
            ([games.state(i) for i in range(3)], games.observations.copy())
        )
        games.step(games.random_actions())
    for states, observations in kept:
        for i, state in enumerate(states):
            for p in range(4):
                assert (observations[i, p] == state.observation_tensor(p)).all()


@pytest.mark.parametrize("name", GAMES)
def test_final_observations_are_the_finished_games_tensors(name):
    n = 4
    games = recess.VectorGame(name, n, seed=8)
    players = games.game.num_players()
    finished = 0
    for _ in range(400):
        joint = bool((games.current_players == recess.SIMULTANEOUS).any())
        actions = games.random_actions(joint=joint)
        # The states the actions lead to, played on copies as the reference.
        after = []
        for i in range(n):
            state = games.state(i)
            if state.is_simultaneous_node():
                state.apply_actions([int(a) for a in actions[i]])
            else:
                row = actions[i]
                state.apply_action(int(row[state.current_player()] if joint else row))
            after.append(state)
        rewards, dones = games.step(actions)
        for i in np.flatnonzero(dones):
            assert after[i].is_terminal()
            assert list(rewards[i]) == pytest.approx(after[i].returns())
            for p in range(players):
                final = games.final_observations[i, p].reshape(-1)
                assert (final == after[i].observation_tensor(p)).all()
            finished += 1
        for i in np.flatnonzero(~dones):
            assert games.state(i) == after[i]
        if finished >= 6:
            break
    assert finished >= 6
    assert_matches_states(games)


def test_big_two_observations_written_step_by_step_equal_the_full_tensors():
    # A step writes only what changed in each tensor; the state's tensor is written in full.
    games = recess.VectorGame("big-two", 2, seed=11)
    episodes = 0
    while games.episodes < 3:
        games.step(games.random_actions())
        assert_matches_states(games)
        episodes = games.episodes
    assert episodes == 3


def test_bad_vector_sizes_are_refused():
    for bad in ({"n": 0}, {"n": -2}, {"n": 2, "threads": 0}, {"n": 2, "threads": -1}):
        with pytest.raises(ValueError):
            recess.VectorGame("tictactoe", **bad)


def test_an_illegal_action_names_its_game_and_moves_none():
    games = recess.VectorGame("big-two", 3, seed=4)
    before = [games.state(i) for i in range(3)]
    observations = games.observations.copy()
    actions = games.random_actions()
    actions[1] = 11_492  # pass, refused on a lead
    with pytest.raises(recess.IllegalActionError, match="game 1"):
        games.step(actions)
    actions[1] = -1
    with pytest.raises(recess.IllegalActionError, match="game 1"):
        games.step(actions)
    with pytest.raises(ValueError, match="integer action ids"):
        games.step(actions.astype(np.float64))
    assert [games.state(i) for i in range(3)] == before
    assert (games.observations == observations).all()


def test_opponents_play_their_seats_inside_the_vector():
    lineup = [None, "ai3", "ai3", "ai3"]
    games = recess.VectorGame("big-two", 8, seed=3, opponents=lineup)
    for _ in range(60):
        assert (games.current_players == 0).all()
        assert games.masks[:, 0].any(axis=1).all()
        assert not games.masks[:, 1:].any()
        assert_matches_states(games)
        games.step(games.random_actions())
    assert games.episodes > 0
    again = recess.VectorGame("big-two", 8, seed=3, opponents=lineup)
    again.reset(3)
    games.reset(3)
    assert [games.state(i) for i in range(8)] == [again.state(i) for i in range(8)]


def test_opponents_are_checked():
    with pytest.raises(recess.UnknownAgentError):
        recess.VectorGame("big-two", 2, opponents=[None, "ai9", "ai3", "ai3"])
    with pytest.raises(ValueError, match="each of the 4 seats"):
        recess.VectorGame("big-two", 2, opponents=[None, "ai3"])
    with pytest.raises(ValueError, match="no seat to the caller"):
        recess.VectorGame("tictactoe", 2, opponents=["random", "random"])
    plain = recess.VectorGame("tictactoe", 2, seed=1)
    nobody = recess.VectorGame("tictactoe", 2, seed=1, opponents=[None, None])
    for _ in range(10):
        plain.step(plain.random_actions())
        nobody.step(nobody.random_actions())
    assert [plain.state(i) for i in range(2)] == [nobody.state(i) for i in range(2)]


def test_opponents_at_simultaneous_nodes_fill_their_columns():
    games = recess.VectorGame("duel", 4, seed=2, opponents=[None, "dice"])
    for _ in range(30):
        joint = games.random_actions(joint=True)
        assert (joint[:, 1] == -1).all()
        games.step(joint)
    assert_matches_states(games)
