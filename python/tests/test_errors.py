"""Each kind of error has its own class, every one a ``ValueError``, with the crate's message;
and a seed is any integer from 0 to 2**64 - 1."""

from __future__ import annotations

import pytest

import recess

KINDS = [
    recess.IllegalActionError,
    recess.ParseError,
    recess.UnknownGameError,
    recess.UnknownAgentError,
    recess.ConfigError,
    recess.StateError,
]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_every_kind_is_a_value_error(kind):
    assert issubclass(kind, ValueError)
    assert kind.__module__ == "recess"
    assert len({k.__name__ for k in KINDS}) == len(KINDS)


def test_an_illegal_action_is_an_illegal_action_error_and_changes_nothing():
    state = recess.load_game("tictactoe").new_initial_state()
    state.apply_action(4)
    before = state.serialize()
    with pytest.raises(recess.IllegalActionError, match="occupied|taken|empty"):
        state.apply_action(4)
    with pytest.raises(recess.IllegalActionError, match="not an action id"):
        state.apply_action(9)
    assert state.serialize() == before


def test_an_illegal_action_in_a_vector_is_an_illegal_action_error():
    vector = recess.VectorGame("tictactoe", 2)
    with pytest.raises(recess.IllegalActionError, match="game 1"):
        vector.step([0, 9])


def test_text_that_does_not_read_is_a_parse_error():
    game = recess.load_game("tictactoe")
    state = game.new_initial_state()
    with pytest.raises(recess.ParseError):
        state.string_to_action("not a move")
    with pytest.raises(recess.ParseError):
        game.deserialize_state("{not json")


def test_an_unknown_game_is_an_unknown_game_error():
    with pytest.raises(recess.UnknownGameError, match='no game is called "chess"'):
        recess.load_game("chess")
    with pytest.raises(recess.UnknownGameError):
        recess.VectorGame("chess", 1)


def test_an_unknown_agent_is_an_unknown_agent_error():
    with pytest.raises(recess.UnknownAgentError, match="grandmaster"):
        recess.agent("tictactoe", "grandmaster")


@pytest.mark.parametrize(
    "params, words",
    [({"size": 4}, "no parameter"), ({"first": "o"}, "first is x or by_lot")],
)
def test_refused_parameters_are_a_config_error(params, words):
    with pytest.raises(recess.ConfigError, match=words):
        recess.load_game("tictactoe", **params)


def test_a_state_that_does_not_fit_is_a_state_error():
    game = recess.load_game("tictactoe")
    other = recess.load_game("tictactoe", first="by_lot")
    with pytest.raises(recess.StateError, match="parameters"):
        other.deserialize_state(game.new_initial_state().serialize())
    duel = recess.load_game("duel").new_initial_state()
    with pytest.raises(recess.StateError, match="plays tictactoe"):
        recess.agent("tictactoe", "random").step(duel)
    finished = game.new_initial_state()
    for action in (0, 3, 1, 4, 2):
        finished.apply_action(action)
    with pytest.raises(recess.StateError, match="over"):
        recess.agent(game, "random").step(finished)


@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_every_seed_below_two_to_the_64_is_taken(seed):
    game = recess.load_game("scoundrel")
    assert game.new_initial_state(seed) == game.new_initial_state(seed)
    recess.agent(game, "random", seed)
    recess.VectorGame(game, 1, seed).reset(seed)


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_a_seed_out_of_range_is_a_value_error_that_says_so(seed):
    game = recess.load_game("scoundrel")
    calls = [
        lambda: game.new_initial_state(seed),
        lambda: recess.agent(game, "random", seed),
        lambda: recess.VectorGame(game, 1, seed),
        lambda: recess.VectorGame(game, 1).reset(seed),
    ]
    for call in calls:
        with pytest.raises(ValueError, match=r"a seed is an integer from 0 to 2\*\*64 - 1"):
            call()


@pytest.mark.parametrize("seed", ["7", 1.5, None, -1, 2**64])
def test_a_seed_that_is_not_a_u64_is_a_value_error_that_says_what_a_seed_is(seed):
    with pytest.raises(ValueError, match="a seed is an integer from 0 to 2\\*\\*64 - 1"):
        recess.load_game("scoundrel").new_initial_state(seed)


def test_threads_is_at_least_one():
    with pytest.raises(ValueError, match="threads is at least 1"):
        recess.VectorGame("tictactoe", 2, threads=0)


def test_every_exception_class_of_recess_derives_from_recess_error():
    exported = [getattr(recess, name) for name in recess.__all__] + list(vars(recess._recess).values())
    classes = [
        value for value in exported if isinstance(value, type) and issubclass(value, BaseException)
    ]
    assert {c.__name__ for c in classes} >= {k.__name__ for k in KINDS} | {
        "RecessError",
        "ArgumentError",
        "MergeError",
    }
    for kind in classes:
        assert issubclass(kind, recess.RecessError), kind
        assert issubclass(kind, ValueError), kind


def _bad_calls():
    game = recess.load_game("tictactoe")
    state = game.new_initial_state()
    vector = recess.VectorGame("tictactoe", 2)
    agent = recess.agent("tictactoe", "random")
    return {
        "apply_action(10**20)": lambda: state.apply_action(10**20),
        "apply_action(-1)": lambda: state.apply_action(-1),
        "apply_action('4')": lambda: state.apply_action("4"),
        "apply_action(4.0)": lambda: state.apply_action(4.0),
        "apply_actions('ab')": lambda: state.apply_actions("ab"),
        "apply_actions(3)": lambda: state.apply_actions(3),
        "legal_actions(10**20)": lambda: state.legal_actions(10**20),
        "legal_actions('x')": lambda: state.legal_actions("x"),
        "observation_tensor(7)": lambda: state.observation_tensor(7),
        "observation_string(-1)": lambda: state.observation_string(-1),
        "player_return(2**70)": lambda: state.player_return(2**70),
        "action_to_string('a')": lambda: state.action_to_string("a"),
        "string_to_action(5)": lambda: state.string_to_action(5),
        "string_to_action('x', 'a1')": lambda: state.string_to_action("x", "a1"),
        "to_svg(2**80)": lambda: state.to_svg(2**80),
        "to_rgb_array(width='wide')": lambda: state.to_rgb_array(width="wide"),
        "deserialize_state(3)": lambda: game.deserialize_state(3),
        "new_initial_state(-1)": lambda: game.new_initial_state(-1),
        "vg.state(-1)": lambda: vector.state(-1),
        "vg.state(10**20)": lambda: vector.state(10**20),
        "vg.step('ab')": lambda: vector.step("ab"),
        "vg.step([[0], [1, 2]])": lambda: vector.step([[0], [1, 2]]),
        "vg.random_actions(joint='x')": lambda: vector.random_actions(joint="x"),
        "VectorGame(n=2**40)": lambda: recess.VectorGame("tictactoe", 2**40),
        "VectorGame(n=10**30)": lambda: recess.VectorGame("tictactoe", 10**30),
        "VectorGame(n='4')": lambda: recess.VectorGame("tictactoe", "4"),
        "VectorGame(threads=2**70)": lambda: recess.VectorGame("tictactoe", 2, threads=2**70),
        "VectorGame(opponents='random')": lambda: recess.VectorGame(
            "tictactoe", 2, opponents="random"
        ),
        "VectorGame(3, 1)": lambda: recess.VectorGame(3, 1),
        "load_game(3)": lambda: recess.load_game(3),
        "load_game(x=object())": lambda: recess.load_game("tictactoe", first=object()),
        "agent(123, 'perfect')": lambda: recess.agent(123, "perfect"),
        "agent('tictactoe', 5)": lambda: recess.agent("tictactoe", 5),
        "agent.step('state')": lambda: agent.step("state"),
        "agent.step(state, 2**70)": lambda: agent.step(state, 2**70),
        "agent_seed(1, -1)": lambda: recess.agent_seed(1, -1),
        "derive_seed(-1, 0)": lambda: recess.derive_seed(-1, 0),
        "arena(5, ...)": lambda: recess.arena(5, "random,random", 2, 1),
        "arena(games='2')": lambda: recess.arena("tictactoe", "random,random", "2", 1),
        "arena(lineup=5)": lambda: recess.arena("tictactoe", 5, 2, 1),
        "merge([1])": lambda: recess.merge([1]),
        "solve_matrix_game(nan)": lambda: recess.solve_matrix_game([float("nan")] * 4, 2, 2),
        "solve_matrix_game(inf)": lambda: recess.solve_matrix_game([float("inf"), 0, 0, 1], 2, 2),
        "solve_matrix_game(rows=-1)": lambda: recess.solve_matrix_game([1.0], -1, -1),
        "solve_matrix_game('ab')": lambda: recess.solve_matrix_game("ab", 1, 2),
    }


@pytest.mark.parametrize("call", sorted(_bad_calls()))
def test_a_bad_call_raises_a_recess_error(call):
    with pytest.raises(recess.RecessError):
        _bad_calls()[call]()


def test_a_vector_too_big_for_memory_is_refused_and_the_interpreter_lives():
    with pytest.raises(recess.ArgumentError, match="do not fit in memory"):
        recess.VectorGame("tictactoe", 2**40)
    assert len(recess.VectorGame("tictactoe", 3)) == 3


def test_an_unknown_parameter_lists_each_parameter_once():
    with pytest.raises(recess.ConfigError) as refused:
        recess.load_game("tictactoe", nope=1)
    assert str(refused.value).endswith("its parameters: first")
    with pytest.raises(recess.ConfigError) as refused:
        recess.load_game("big-two", nope=1)
    assert str(refused.value).endswith("its parameters: rules")


def test_a_matrix_game_with_a_payoff_that_is_not_finite_is_refused():
    for bad in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(recess.ArgumentError, match="finite"):
            recess.solve_matrix_game([bad, 0.0, 0.0, 1.0], 2, 2)
    value, rows, cols = recess.solve_matrix_game([1.0, -1.0, -1.0, 1.0], 2, 2)
    assert value == pytest.approx(0.0) and rows == pytest.approx([0.5, 0.5])
