"""OpenSpiel's algorithms on recess's games: the whole tic-tac-toe tree and its exploitability
against pyspiel's own game, CFR (Python and C++) on a small duel against an exact backward
induction, MCTS and information-set MCTS, recess's AIs as pyspiel bots, and tabular Q-learning
through OpenSpiel's RL environment."""

from __future__ import annotations

import collections

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import recess  # noqa: E402
import recess.openspiel  # noqa: E402
from open_spiel.python import policy, rl_environment  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    cfr,
    exploitability,
    expected_game_score,
    get_all_states,
    ismcts,
    mcts,
    random_agent,
    tabular_qlearner,
)

# The exploitability of the uniformly random policy in pyspiel 2.0.2's C++ tic_tac_toe
# (exploitability.exploitability(game, policy.UniformRandomPolicy(game))).
PYSPIEL_TICTACTOE_UNIFORM_EXPLOITABILITY = 0.9598296957671957


def terminal_returns(states):
    return collections.Counter(tuple(s.returns()) for s in states.values() if s.is_terminal())


def test_tictactoe_has_the_states_of_pyspiels():
    ours = get_all_states.get_all_states(pyspiel.load_game("recess_tictactoe"), to_string=str)
    theirs = get_all_states.get_all_states(pyspiel.load_game("tic_tac_toe"), to_string=str)
    assert len(ours) == len(theirs) == 5478
    assert terminal_returns(ours) == terminal_returns(theirs)


def test_tictactoe_exploitability_of_the_uniform_policy_is_pyspiels():
    game = pyspiel.load_game("recess_tictactoe")
    # OpenSpiel's exploitability() is the NashConv over the number of players, with its best
    # responses computed in C++, which calls into Python at every node (150 s here); nash_conv
    # computes them in Python (15 s). pyspiel.nash_conv on the CFR test's duel covers the C++.
    uniform = policy.UniformRandomPolicy(game)
    value = exploitability.nash_conv(game, uniform) / game.num_players()
    assert value == pytest.approx(PYSPIEL_TICTACTOE_UNIFORM_EXPLOITABILITY, abs=1e-9)


# A duel small enough to solve exactly: the first hit wins, 3 rounds. (Its value is 0, as in
# every duel: the seats start alike.)
SMALL_DUEL = "recess_duel(rules=classic,round_limit=3)"


def backward_induction(state):
    """Player 0's value of a two-player zero-sum simultaneous game, round by round: each
    round's matrix game of the values of its outcomes, solved exactly by the duel crate."""
    if state.is_terminal():
        return state.returns()[0]
    rows, cols = state.legal_actions(0), state.legal_actions(1)
    payoff = []
    for a in rows:
        for b in cols:
            child = state.clone()
            child.apply_actions([a, b])
            payoff.append(backward_induction(child))
    value, _, _ = recess.solve_matrix_game(payoff, len(rows), len(cols))
    return value


def test_cfr_solves_a_small_duel():
    game = pyspiel.load_game(SMALL_DUEL)
    exact = backward_induction(game.new_initial_state())
    turn_based = pyspiel.convert_to_turn_based(game)

    python_solver = cfr.CFRSolver(turn_based)
    cpp_solver = pyspiel.CFRSolver(turn_based)
    for _ in range(300):
        python_solver.evaluate_and_update_policy()
        cpp_solver.evaluate_and_update_policy()
    gaps = []
    for average in (python_solver.average_policy(), cpp_solver.average_policy()):
        if isinstance(average, policy.Policy):
            gap = exploitability.nash_conv(turn_based, average)
            values = expected_game_score.policy_value(
                turn_based.new_initial_state(), [average] * 2)
        else:
            gap = pyspiel.nash_conv(turn_based, average)
            values = pyspiel.expected_returns(
                turn_based.new_initial_state(), average, -1, True)
        assert gap < 0.01
        # Each seat gains at most the NashConv by deviating, so the value is that close.
        assert abs(values[0] - exact) <= gap + 1e-9
        gaps.append(gap)
    # Both solvers walk the same game, one through Python's calls and one through C++'s.
    assert gaps[0] == pytest.approx(gaps[1], abs=1e-9)


def random_bots(game):
    return [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(game.num_players())]


def test_mcts_bot_beats_random_at_tictactoe():
    game = pyspiel.load_game("recess_tictactoe")
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    wins = 0
    for seed in range(4):
        bots = random_bots(game)
        bots[seed % 2] = mcts.MCTSBot(game, 2.0, 300, evaluator, random_state=rng)
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        wins += returns[seed % 2] >= 0
    assert wins == 4


def test_ismcts_bot_plays_big_two():
    game = pyspiel.load_game("recess_big_two")
    rng = np.random.RandomState(5)
    searcher = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                                uct_c=2.0, max_simulations=20, random_state=rng)
    bots = [searcher] + [recess.openspiel.bot(game, "ai1", p, seed=p) for p in (1, 2, 3)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 1)
    assert sorted(returns) == [-3.0, -1.0, 1.0, 3.0]


def test_ismcts_bot_plays_big_two_in_a_loop_of_its_own():
    # The second path that works: the Python ISMCTSBot asked for each move by hand.
    game = pyspiel.load_game("recess_big_two")
    rng = np.random.RandomState(6)
    searcher = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                                uct_c=2.0, max_simulations=10, random_state=rng)
    others = {p: recess.openspiel.bot(game, "ai1", p, seed=p) for p in (1, 2, 3)}
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(searcher.step(state))
        else:
            state.apply_action(others[state.current_player()].step(state))
    assert sorted(state.returns()) == [-3.0, -1.0, 1.0, 3.0]


def test_cpp_ismcts_bot_is_refused_by_pyspiels_protocol_for_python_games():
    # pyspiel's trampoline for games written in Python does not forward
    # ResampleFromInfostate, so OpenSpiel's C++ ISMCTSBot cannot search them (the Python
    # ISMCTSBot above can). If this starts passing, OpenSpiel has lifted the limit.
    game = pyspiel.load_game("recess_big_two")
    searcher = pyspiel.ISMCTSBot(5, pyspiel.RandomRolloutEvaluator(1, 5), 2.0, 10, -1,
                                 pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
                                 False, False)
    bots = [searcher] + [recess.openspiel.bot(game, "ai1", p, seed=p) for p in (1, 2, 3)]
    with pytest.raises(pyspiel.SpielError, match="ResampleFromInfostate"):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, 1)


def test_python_evaluate_bots_needs_restart_at_which_python_ismcts_lacks():
    # open_spiel.python.algorithms.evaluate_bots calls every bot's restart_at, which the
    # Python ISMCTSBot does not define: use pyspiel.evaluate_bots (above) with it instead.
    from open_spiel.python.algorithms import evaluate_bots

    game = pyspiel.load_game("recess_big_two")
    rng = np.random.RandomState(5)
    searcher = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                                uct_c=2.0, max_simulations=10, random_state=rng)
    bots = [searcher] + [recess.openspiel.bot(game, "ai1", p, seed=p) for p in (1, 2, 3)]
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random)


# A game string and an AI of the crate for each seat.
LINEUPS = {
    "recess_tictactoe": ["perfect", "heuristic"],
    "recess_duel": ["equilibrium", "evolved"],
    "recess_duel(players=3,rules=classic)": ["dice", "always-charge", "evolved"],
    "recess_big_two": ["ai4", "ai3", "ai2", "ai1"],
    "recess_life_go(size=13,move_limit=60)": ["eval", "random"],
    "recess_scoundrel": ["greedy"],
}


@pytest.mark.parametrize("name", LINEUPS)
def test_recess_ais_play_through_evaluate_bots(name):
    game = pyspiel.load_game(name)
    bots = [recess.openspiel.bot(game, ai, p, seed=p) for p, ai in enumerate(LINEUPS[name])]
    assert all(isinstance(b, pyspiel.Bot) for b in bots)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_a_perfect_player_never_loses_to_random():
    game = pyspiel.load_game("recess_tictactoe")
    for seed in range(6):
        bots = random_bots(game)
        bots[seed % 2] = recess.openspiel.bot("recess_tictactoe", "perfect", seed % 2)
        assert pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)[seed % 2] >= 0


def test_unknown_ai_is_refused():
    with pytest.raises(ValueError, match="ai4"):
        recess.openspiel.bot("recess_tictactoe", "ai4", 0)
    with pytest.raises(ValueError):
        recess.openspiel.bot("tic_tac_toe", "perfect", 0)


def win_rate(env, agents, opponents, episodes):
    """How often `agents[0]` (X) wins against a random O, greedily."""
    wins = 0
    for _ in range(episodes):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            agent = agents[0] if player == 0 else opponents[1]
            time_step = env.step([agent.step(time_step, is_evaluation=True).action])
        wins += time_step.rewards[0] > 0
    return wins / episodes


def test_tabular_q_learning_learns_tictactoe():
    env = rl_environment.Environment("recess_tictactoe")
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=actions) for p in (0, 1)]
    opponents = [random_agent.RandomAgent(player_id=p, num_actions=actions) for p in (0, 1)]
    np.random.seed(2)
    before = win_rate(env, agents, opponents, 300)
    for _ in range(3000):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            time_step = env.step([agents[player].step(time_step).action])
        for agent in agents:
            agent.step(time_step)
    after = win_rate(env, agents, opponents, 300)
    assert after > before + 0.1, (before, after)


def test_solve_matrix_game():
    value, row, col = recess.solve_matrix_game([0, -1, 1, 1, 0, -1, -1, 1, 0], 3, 3)
    assert value == pytest.approx(0.0, abs=1e-12)
    assert row == pytest.approx([1 / 3] * 3) and col == pytest.approx([1 / 3] * 3)
    with pytest.raises(ValueError):
        recess.solve_matrix_game([1.0, 2.0], 2, 2)
