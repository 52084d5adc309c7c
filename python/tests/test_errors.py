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
