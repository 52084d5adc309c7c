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
- Errors are subclasses of ``RecessError`` (itself a ``ValueError``) by kind:
  ``IllegalActionError``, ``ParseError`` (action notation, serialised states),
  ``UnknownGameError``, ``UnknownAgentError``, ``ConfigError`` (parameters), ``StateError`` (a
  state of another game, or a finished one), ``ArgumentError`` (an argument of the wrong type or
  out of range, a size that cannot be allocated) and ``MergeError``; the adapters raise them too,
  or their peer's documented errors. A seed is any integer from 0 to 2**64 - 1.
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

import json
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from typing import Optional

from . import _recess
from ._recess import (
    SIMULTANEOUS,
    TERMINAL,
    AgentResult,
    ArgumentError,
    ConfigError,
    IllegalActionError,
    MergeError,
    ParseError,
    RecessError,
    Report,
    SeatResult,
    StateError,
    UnknownAgentError,
    UnknownGameError,
    agent_seed,
    derive_seed,
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
    "ArgumentError",
    "ConfigError",
    "Game",
    "IllegalActionError",
    "MergeError",
    "ParseError",
    "RecessError",
    "Report",
    "SeatResult",
    "State",
    "StateError",
    "UnknownAgentError",
    "UnknownGameError",
    "VectorGame",
    "agent",
    "agent_seed",
    "arena",
    "derive_seed",
    "game_names",
    "load_game",
    "merge",
    "module_of",
    "pettingzoo",
    "register_module",
    "solve_matrix_game",
]

# The compiled modules whose games `load_game` offers: recess's own, then those that
# `register_module` adds (a crate of another game builds one with the whole binding for it).
_modules = [_recess]
# What the adapters imported so far do when a module brings new games (register them too).
_on_register = []


def _name_of(game):
    """The name a ``game`` argument gives (a name, or a loaded game of any module)."""
    if isinstance(game, str):
        return game
    name = getattr(game, "name", None)
    if isinstance(name, str) and any(isinstance(game, m.Game) for m in _modules):
        return name
    raise UnknownGameError(f"a game is a name or a loaded recess.Game, not {game!r}")


class _EveryModule(type):
    """The class of that name in every registered module, as one class: ``isinstance`` takes
    an instance of any of them, and calling it builds one with the module that offers the game
    (its first argument), so a registered game gets ``recess.VectorGame`` as a built-in one
    does. Attributes are the built-in module's class's."""

    def __call__(cls, game, *args, **kwargs):
        return getattr(module_of(_name_of(game)), cls.__name__)(game, *args, **kwargs)

    def __instancecheck__(cls, instance) -> bool:
        return any(isinstance(instance, getattr(m, cls.__name__)) for m in _modules)

    def __subclasscheck__(cls, subclass) -> bool:
        return any(issubclass(subclass, getattr(m, cls.__name__)) for m in _modules)

    def __getattr__(cls, name: str):
        return getattr(getattr(_recess, cls.__name__), name)


def _every_module(name: str):
    compiled = getattr(_recess, name)
    return _EveryModule(name, (), {"__doc__": compiled.__doc__, "__module__": __name__})


Game = _every_module("Game")
State = _every_module("State")
Agent = _every_module("Agent")
VectorGame = _every_module("VectorGame")


def register_module(module) -> None:
    """Offers the games of ``module``, a compiled module built with ``recess_python::init``
    (see ``examples/my_game``), to ``load_game``, ``agent``, ``arena``, ``VectorGame`` and every
    adapter (OpenSpiel, Gymnasium, PettingZoo, RLCard), as the built-in games are. A name the
    modules already offer is refused."""
    if module in _modules:
        return
    taken = [name for name in module._all_names() if any(m._knows(name) for m in _modules)]
    if taken:
        raise ConfigError(f"the games {taken} are registered already")
    _modules.append(module)
    for hook in list(_on_register):
        hook(module)


def module_of(name: str):
    """The compiled module that offers the game ``name`` (a name or alias, ``_`` and ``-``
    alike, optionally after ``recess_``, with or without parameters); ``UnknownGameError``,
    with the nearest name suggested, when none does."""
    if not isinstance(name, str):
        raise UnknownGameError(f"a game name is text, not {name!r}")
    for module in _modules:
        if module._knows(name):
            return module
    # recess's own module words the refusal, with the nearest of every module's names.
    if len(_modules) == 1:
        _recess.load_game(name)
    known = [n for m in _modules for n in m._all_names()]
    bare = name.split("(")[0].strip()
    bare = bare[len("recess_"):] if bare.startswith("recess_") else bare
    hint = _recess._suggestion(bare, known)
    raise UnknownGameError(
        f"no game is called {json.dumps(name)}{hint}; games: {', '.join(game_names())}"
    )


def game_names() -> list[str]:
    """The names ``load_game`` knows, every registered module's."""
    return [name for module in _modules for name in module.game_names()]


def load_game(name, **params) -> Game:
    """The game called ``name``, as ``pyspiel.load_game`` writes it too: ``"life_go(size=13)"``,
    or ``"life-go"`` with ``size=13``. Keywords are the game's declared parameters
    (``game.declaration()["parameters"]``), the same names the string form takes; a keyword no
    parameter declares is a field of the game's configuration (``game.parameters()``), such as
    a duel's ``rules={"round_limit": 3}``. Names and aliases: ``_`` and ``-`` are the same
    letter, and OpenSpiel's ``recess_`` may come first."""
    if not isinstance(name, str):
        raise UnknownGameError(f"a game name is text, not {name!r}")
    return module_of(name).load_game(name, **params)


def agent(game, name: str, seed: int = 0) -> Agent:
    """The AI called ``name`` of ``game`` (a name or a loaded game), seeded with ``seed``."""
    if isinstance(game, str):
        game = load_game(game)
    return module_of(_name_of(game)).agent(game, name, seed)


def arena(game, lineup, games, seed, shard=None, *, threads=None) -> Report:
    if not isinstance(game, str):
        raise UnknownGameError(f"the arena takes a game's name, not {game!r}")
    return module_of(game).arena(game, lineup, games, seed, shard, threads=threads)


# The compiled function's own account of the arena, for help(recess.arena).
arena.__doc__ = _recess.arena.__doc__


# What pickles name: the compiled module of the game (imported first, which registers its games
# in a fresh process) and what that module restores.


def _load_game_json(module: str, name: str, params_json: str) -> Game:
    """A pickled game back."""
    return import_module(module)._load_game_json(name, params_json)


def _restore_state(module: str, name: str, params_json: str, state: Optional[str], history,
                   move_number: int) -> State:
    """A pickled state back: its JSON (none while dealing) and its history."""
    return import_module(module)._restore_state(name, params_json, state, history, move_number)


def _load_openspiel_game(module: str, short_name: str, params_json: str):
    """A pickled ``OpenSpielGame`` back."""
    return import_module(module).OpenSpielGame(short_name, params_json)



def __getattr__(name: str):
    # The adapters, without importing PettingZoo, Gymnasium, OpenSpiel, RLCard or Ray for
    # everyone who does not use them.
    if name in ("pettingzoo", "gymnasium", "openspiel", "rlcard", "ray"):
        return import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
