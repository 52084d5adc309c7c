"""Tic-tac-toe's classic facts, counted through the Python API and action ids alone."""

from __future__ import annotations

import recess


def test_every_game_through_ids():
    game = recess.load_game("tictactoe")
    counts = {"x": 0, "o": 0, "draw": 0}
    positions = set()
    nodes = 0
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        nodes += 1
        positions.add(state.observation_string(0))
        if state.is_terminal():
            x, o = state.returns()
            counts["x" if x > 0 else "o" if o > 0 else "draw"] += 1
            continue
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            stack.append(child)
    assert counts == {"x": 131_184, "o": 77_904, "draw": 46_080}
    assert sum(counts.values()) == 255_168
    assert nodes == 549_946
    assert len(positions) == 5_478


def test_perfect_play_is_a_draw():
    game = recess.load_game("tictactoe")
    for seed in range(5):
        agents = [recess.agent(game, "perfect", seed), recess.agent(game, "perfect", seed + 1)]
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].step(state))
        assert state.returns() == [0.0, 0.0]
