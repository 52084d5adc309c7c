"""Random play through the Python API for every game, checking at every step what the crates'
conformance checks promise: legal actions until the end, masks equal to them, tensors of the
declared size, refused actions that change nothing, clones and serialisations that equal the
state, action notation that round-trips, and consistent returns."""

from __future__ import annotations

import random

import numpy as np
import pytest

import recess

GAMES = recess.game_names()
# Random games per name, and a cap on steps per game to keep the run short.
RUNS = {"life-go": 2, "big-two": 3}
MAX_STEPS = 400


def random_joint(state, rng):
    return [rng.choice(state.legal_actions(p)) for p in range(state.num_players())]


def check_state(game, state, rng):
    players = game.num_players()
    actions = game.num_distinct_actions()
    size = game.observation_tensor_size()
    assert size == int(np.prod(game.observation_tensor_shape()))
    player = state.current_player()
    assert player == recess.SIMULTANEOUS or 0 <= player < players
    for seat in range(players):
        legal = state.legal_actions(seat)
        assert legal == sorted(set(legal))
        assert all(0 <= a < actions for a in legal)
        mask = state.legal_actions_mask(seat)
        assert mask.shape == (actions,)
        assert list(np.flatnonzero(mask)) == legal
        if player == seat or player == recess.SIMULTANEOUS:
            assert legal, f"seat {seat} must act but has no legal action"
        elif player >= 0:
            assert legal == []
        tensor = state.observation_tensor(seat)
        assert tensor.shape == (size,) and tensor.dtype == np.float32
        assert np.isfinite(tensor).all()
        assert isinstance(state.observation_string(seat), str)
        for action in rng.sample(legal, min(3, len(legal))):
            text = state.action_to_string(seat, action)
            assert state.string_to_action(seat, text) == action
    text = state.serialize()
    assert game.deserialize_state(text) == state
    assert state.clone() == state
    # An action id that is not legal for the mover is refused, and nothing changes.
    if player >= 0:
        legal = set(state.legal_actions())
        illegal = [a for a in rng.sample(range(actions), min(actions, 40)) if a not in legal]
        for action in illegal[:3] + [actions, -1]:
            with pytest.raises(ValueError):
                state.apply_action(action)
            assert state.serialize() == text
    else:
        with pytest.raises(ValueError):
            state.apply_action(state.legal_actions(0)[0])
        with pytest.raises(ValueError):
            state.apply_actions([0] * (players + 1))
        assert state.serialize() == text


@pytest.mark.parametrize("name", GAMES)
def test_random_play_conforms(name):
    game = recess.load_game(name)
    rng = random.Random(7)
    for seed in range(RUNS.get(name, 5)):
        state = game.new_initial_state(seed)
        steps = 0
        while not state.is_terminal() and steps < MAX_STEPS:
            check_state(game, state, rng)
            if state.is_simultaneous_node():
                state.apply_actions(random_joint(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        assert steps <= game.max_game_length()
        returns = state.returns()
        assert len(returns) == game.num_players()
        assert all(np.isfinite(returns))
        if state.is_terminal():
            assert state.current_player() == recess.TERMINAL
            assert state.legal_actions() == []
            if game.is_zero_sum():
                assert abs(sum(returns)) < 1e-9


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name):
    game = recess.load_game(name)
    first, second = game.new_initial_state(11), game.new_initial_state(11)
    assert first == second
    assert all(
        (first.observation_tensor(p) == second.observation_tensor(p)).all()
        for p in range(game.num_players())
    )
