"""recess: fast, deterministic game rules written in Rust, for people who build game AIs in Python.

The API follows OpenSpiel's ``pyspiel``::

    import random
    import recess

    game = recess.load_game("tictactoe")
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

- ``load_game(name, **params)`` gives a :class:`Game` (``game_names()`` lists the names).
- A :class:`State` offers ``current_player()`` (the seat; ``SIMULTANEOUS`` = -2 where every seat
  acts at once, ``TERMINAL`` = -4 once the game is over), ``legal_actions()``,
  ``legal_actions_mask()``, ``apply_action(id)``, ``apply_actions(ids)``, ``returns()``,
  ``observation_tensor(player)`` (numpy, float32), ``observation_string(player)``,
  ``action_to_string``, ``string_to_action``, ``clone()`` and ``serialize()``. An illegal action
  raises ``IllegalActionError`` with the game's reason and changes nothing.
- ``state.to_svg(player)`` draws the state as ``player`` sees it (everything when omitted; Jupyter
  shows that), ``state.to_rgb_array(player)`` as a (height, width, 3) uint8 numpy array.
- Errors are ``ValueError`` subclasses by kind: ``IllegalActionError``, ``ParseError`` (action
  notation, serialised states), ``UnknownGameError``, ``UnknownAgentError``, ``ConfigError``
  (parameters) and ``StateError`` (a state of another game, or a finished one). A seed is any
  integer from 0 to 2**64 - 1.
- ``agent(game, name, seed)`` is one of the game's AIs; its ``step(state)`` gives an action id.
- :class:`VectorGame` steps ``n`` games together in Rust, writing into numpy arrays.
- ``recess.pettingzoo.env(name)`` and ``recess.pettingzoo.parallel_env(name)`` are PettingZoo
  environments (``pip install pettingzoo``).
- ``import recess.gymnasium`` registers single-agent Gymnasium environments (one seat against
  the game's AIs): ``gymnasium.make("recess/Scoundrel-v0")`` (``pip install "recess[gymnasium]"``).
- ``import recess.openspiel`` registers every game with OpenSpiel's ``pyspiel``
  (``pip install "recess[openspiel]"``): ``pyspiel.load_game("recess_big_two")``.
- ``arena(game, lineup, games, seed, shard=None)`` plays the game's AIs against each other over
  many seeded games, seats rotated, on every core without the GIL, and gives a :class:`Report`
  (win rates with 95% intervals; the JSON of the Rust ``arena --json``). ``shard=(k, n)`` plays
  shard ``k`` of ``n`` (from 1, as ``--shard k/n``), and ``merge(reports)`` adds the shards up into
  the whole run's report (``MergeError`` for reports of different runs).
  ``recess.ray.arena(...)`` runs the shards as Ray tasks (``pip install "recess[ray]"``).
- ``import recess.rlcard`` registers the turn-based games with RLCard
  (``pip install "recess[rlcard]"``): ``rlcard.make("recess-big-two")``.
- ``solve_matrix_game(payoff, rows, cols)`` solves a two-player zero-sum matrix game exactly.

Randomness lives in the state: a game created with a seed is dealt the same way forever, and
every AI is seeded too.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import PackageNotFoundError, version

from ._recess import (
    SIMULTANEOUS,
    TERMINAL,
    Agent,
    AgentResult,
    ConfigError,
    Game,
    IllegalActionError,
    MergeError,
    ParseError,
    Report,
    SeatResult,
    State,
    StateError,
    UnknownAgentError,
    UnknownGameError,
    VectorGame,
    agent,
    arena,
    game_names,
    load_game,
    merge,
    solve_matrix_game,
)

try:
    __version__ = version("recess")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "SIMULTANEOUS",
    "TERMINAL",
    "Agent",
    "AgentResult",
    "ConfigError",
    "Game",
    "IllegalActionError",
    "MergeError",
    "ParseError",
    "Report",
    "SeatResult",
    "State",
    "StateError",
    "UnknownAgentError",
    "UnknownGameError",
    "VectorGame",
    "agent",
    "arena",
    "game_names",
    "load_game",
    "merge",
    "pettingzoo",
    "solve_matrix_game",
]


def __getattr__(name: str):
    # The adapters, without importing PettingZoo, Gymnasium, OpenSpiel, RLCard or Ray for
    # everyone who does not use them.
    if name in ("pettingzoo", "gymnasium", "openspiel", "rlcard", "ray"):
        return import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
