"""recess's games inside OpenSpiel: ``import recess.openspiel`` registers every game with
``pyspiel``, as real ``pyspiel.Game`` and ``pyspiel.State`` subclasses, so that OpenSpiel's
algorithms, bots and tools take them like any other game::

    import pyspiel
    import recess.openspiel

    game = pyspiel.load_game("recess_duel(players=3,rules=classic)")
    state = game.new_initial_state()

The games: ``recess_tictactoe`` (parameter ``first``: ``x`` or ``by_lot``), ``recess_duel``
(``players``; ``rules``: ``hk``, ``classic`` or ``extended``; ``start_health``, ``start_qi``
and ``round_limit``, -1 for the rule set's own), ``recess_big_two``, ``recess_life_go``
(``size``, ``move_limit``) and ``recess_scoundrel`` (``weapon_rule``: ``default`` or
``strict``).

The random start (Big Two's deal, Scoundrel's Dungeon, Life Go's mirrored setup on boards below
17, tic-tac-toe's lot under ``first=by_lot``) is played as chance nodes, one outcome at a time,
with ``chance_outcomes()`` giving the true distribution. Information states have perfect recall
(``information_state_string``/``_tensor``, and ``make_py_observer`` with
``IIGObservationType(perfect_recall=True)``); Big Two and Scoundrel draw worlds for
information-set search with ``resample_from_infostate`` (a perfect-information game is its own
only world). ``bot(game, name, player)`` makes any of the crates' AIs a ``pyspiel.Bot``.

Each state holds its game in Rust (the attribute ``_core``, a ``recess.State`` that begins at
the root), with the history of every action.
The methods OpenSpiel's Python algorithms call are overridden here and go straight to Rust;
OpenSpiel's C++ code reaches the same Rust calls through ``pyspiel``'s protocol for Python
games (``_legal_actions``, ``_apply_action``, ``__str__``, ...). From Python, ``history()`` is
the whole history whichever way the actions came, and ``serialize()`` writes it; C++ code that
reads ``History()`` directly sees the actions C++ applied (and those a deserialised state
carries).
"""

from __future__ import annotations

import base64
import json
import pickle
from typing import NamedTuple, Optional, Union

import numpy as np
import pyspiel

from . import ConfigError, UnknownGameError, _modules, _on_register, _recess, module_of

__all__ = ["PlayerAction", "RecessBot", "RecessGame", "RecessState", "bot", "game_names",
           "load_game"]

_GameType = pyspiel.GameType
_IIG_DEFAULT = pyspiel.IIGObservationType(perfect_recall=False)


def _game_type(core: _recess.OpenSpielGame, defaults: dict,
               short_name: Optional[str] = None) -> pyspiel.GameType:
    """The `GameType` of a game loaded with some parameters (the chance mode depends on them:
    tic-tac-toe has a lot only under ``first=by_lot``), read from the game's declaration;
    ``short_name`` registers it under an alias."""
    return pyspiel.GameType(
        short_name=short_name or core.short_name,
        long_name=core.long_name,
        dynamics=(_GameType.Dynamics.SIMULTANEOUS if core.simultaneous
                  else _GameType.Dynamics.SEQUENTIAL),
        chance_mode=(_GameType.ChanceMode.EXPLICIT_STOCHASTIC if core.max_chance_outcomes
                     else _GameType.ChanceMode.DETERMINISTIC),
        information=(_GameType.Information.PERFECT_INFORMATION if core.perfect_information
                     else _GameType.Information.IMPERFECT_INFORMATION),
        utility=(_GameType.Utility.ZERO_SUM if core.zero_sum
                 else _GameType.Utility.GENERAL_SUM),
        reward_model=_GameType.RewardModel.TERMINAL,
        max_num_players=core.max_players,
        min_num_players=core.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


def _game_info(core: _recess.OpenSpielGame) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=core.num_distinct_actions,
        max_chance_outcomes=core.max_chance_outcomes,
        num_players=core.num_players,
        min_utility=core.min_utility,
        max_utility=core.max_utility,
        utility_sum=0.0 if core.zero_sum else None,
        max_game_length=core.max_game_length,
    )


class PlayerAction(NamedTuple):
    """One step of ``full_history()``: who acted (-1 for chance) and the action, as
    ``pyspiel.PlayerAction``."""

    player: int
    action: int


class RecessGame(pyspiel.Game):
    """One of recess's games with its parameters; ``pyspiel.load_game`` creates it. Each game
    has its subclass (``RecessBigTwo``, ...), which pyspiel's registry holds."""

    _short_name: str = ""
    _defaults: dict = {}

    def __init__(self, params: Optional[dict] = None):
        params = dict(params or {})
        core = module_of(self._short_name).OpenSpielGame(self._short_name, json.dumps(params))
        super().__init__(_game_type(core, self._defaults), _game_info(core), params)
        self._core = core

    def new_initial_state(self, seed: Optional[int] = None) -> "RecessState":
        """The start: the chance nodes of the deal to come or, with ``seed``, seed ``seed``'s
        deal already drawn (its chance outcomes in the history), the game
        ``recess.load_game(name).new_initial_state(seed=seed)`` and ``env.reset(seed=seed)``
        deal, so that an OpenSpiel bot can play the deal a Gymnasium agent saw."""
        return _wrap(self, self._core.new_initial_state(seed))

    def max_chance_nodes_in_history(self) -> int:
        return self._core.max_chance_events

    def make_py_observer(self, iig_obs_type=None, params=None) -> "_Observer":
        """The observer of ``iig_obs_type``: perfect recall gives information states, the
        default the observation of the present."""
        if params:
            raise ConfigError(f"{self._core.short_name} observers take no parameters, "
                             f"not {params}")
        return _Observer(self._core, iig_obs_type or _IIG_DEFAULT)

    def __reduce__(self):
        return pyspiel.load_game, (str(self),)


class RecessState(pyspiel.State):
    """A state of a recess game: the game in Rust (``_core``) and its history."""

    def __init__(self, game: RecessGame, core: _recess.State):
        _state_init(self, game)
        self._core = core

    # What pyspiel's C++ side calls (and Python too).

    def current_player(self) -> int:
        return self._core.current_player()

    def is_terminal(self) -> bool:
        return self._core.is_terminal()

    def returns(self) -> list[float]:
        return self._core.returns()

    def rewards(self) -> list[float]:
        return self._core.rewards()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._core.chance_outcomes()

    def _legal_actions(self, player: int) -> list[int]:
        return self._core.legal_actions(player)

    def _apply_action(self, action: int) -> None:
        self._core.apply_action(action)

    def _apply_actions(self, actions: list[int]) -> None:
        self._core.apply_actions(actions)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._core.action_to_string(player, action)

    def __str__(self) -> str:
        return str(self._core)

    # Straight to Rust from Python, without the round trip through pyspiel's C++ State.

    def legal_actions(self, player: Optional[int] = None) -> list[int]:
        return self._core.legal_actions(player)

    def apply_action(self, action: int) -> None:
        self._core.apply_action(action)

    def apply_actions(self, actions: list[int]) -> None:
        self._core.apply_actions(actions)

    def child(self, action: int) -> "RecessState":
        return _wrap(self.get_game(), self._core.child(action))

    def clone(self) -> "RecessState":
        return _wrap(self.get_game(), self._core.clone())

    def __copy__(self) -> "RecessState":
        return self.clone()

    def __deepcopy__(self, memo) -> "RecessState":
        return self.clone()

    def __reduce__(self):
        return _restore_state, (str(self.get_game()), self._core)

    def serialize(self) -> str:
        """The state in pyspiel's form for Python games (``game.deserialize_state`` reads it),
        with the whole history: pyspiel's own ``serialize`` writes its C++ copy of the history,
        which lacks the actions applied from Python."""
        history = ",".join(f"{player}:{action}" for player, action in self._core.full_history())
        attributes = base64.b64encode(pickle.dumps(self.__dict__)).decode("ascii")
        return (f"history={history}\nmove_number={self._core.move_number()}\n"
                f"__dict__={attributes}")

    def is_chance_node(self) -> bool:
        return self._core.is_chance_node()

    def is_simultaneous_node(self) -> bool:
        return self._core.is_simultaneous_node()

    def is_player_node(self) -> bool:
        return self._core.is_player_node()

    def player_return(self, player: int) -> float:
        return self._core.player_return(player)

    def history(self) -> list[int]:
        return self._core.history()

    def history_str(self) -> str:
        return self._core.history_str()

    def full_history(self) -> list[PlayerAction]:
        return [PlayerAction(player, action) for player, action in self._core.full_history()]

    def move_number(self) -> int:
        return self._core.move_number()

    def information_state_string(self, player: Optional[int] = None) -> str:
        return self._core.information_state_string(player)

    def information_state_tensor(self, player: Optional[int] = None) -> list[float]:
        return self._core.information_state_tensor(player).tolist()

    def observation_string(self, player: Optional[int] = None) -> str:
        return self._core.observation_string(player)

    def observation_tensor(self, player: Optional[int] = None) -> list[float]:
        return self._core.observation_tensor(player).tolist()

    def action_to_string(self, player_or_action: int, action: Optional[int] = None) -> str:
        return self._core.action_to_string(player_or_action, action)

    def resample_from_infostate(self, player: int, probability_sampler) -> "RecessState":
        """A world ``player`` cannot tell from this one, its hidden parts drawn from a seed of
        two draws of ``probability_sampler`` (uniform on [0, 1), as
        ``pyspiel.UniformProbabilitySampler``); its history deals it."""
        seed = (int(probability_sampler() * 2**32) << 32) | int(probability_sampler() * 2**32)
        return _wrap(self.get_game(), self._core.resample(player, seed))


_state_init = pyspiel.State.__init__


def _wrap(game: RecessGame, core: _recess.State) -> RecessState:
    """A new state around ``core``: the same as ``RecessState(game, core)``, made with
    ``__new__`` and pyspiel's ``__init__`` directly, which takes half the time of calling the
    class (whose call goes through pybind11's metaclass)."""
    state = RecessState.__new__(RecessState)
    _state_init(state, game)
    state._core = core
    return state


def _restore_state(game_string: str, core: _recess.State) -> RecessState:
    return RecessState(pyspiel.load_game(game_string), core)


class _Observer:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)
    over the information state (perfect recall) or the observation of the present."""

    def __init__(self, core: _recess.OpenSpielGame, iig_obs_type):
        private = iig_obs_type.private_info
        hides = not core.perfect_information
        if not iig_obs_type.public_info or (
                hides and private != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ConfigError(
                f"{core.short_name} offers a seat's own view (public_info=True, "
                "private_info=SINGLE_PLAYER), with perfect recall or without")
        core_state = type(core.new_initial_state())
        if iig_obs_type.perfect_recall:
            name, shape = "info_state", core.information_state_tensor_shape
            self._write = core_state.write_information_state_tensor
            self._text = core_state.information_state_string
        else:
            name, shape = "observation", core.observation_tensor_shape
            self._write = core_state.write_observation_tensor
            self._text = core_state.observation_string
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {name: self.tensor.reshape(shape)}

    def set_from(self, state: RecessState, player: int) -> None:
        self._write(state._core, player, self.tensor)

    def string_from(self, state: RecessState, player: int) -> str:
        return self._text(state._core, player)


class RecessBot(pyspiel.Bot):
    """One of the crates' AIs as a ``pyspiel.Bot`` for ``player``: it decides from what that
    seat may see."""

    def __init__(self, game: Union[str, RecessGame], name: str, player: int, seed: int = 0):
        pyspiel.Bot.__init__(self)
        if isinstance(game, str):
            game = pyspiel.load_game(game)
        if not isinstance(game, RecessGame):
            raise UnknownGameError(f"{game} is not one of recess's games")
        self._agent = game._core.agent(name, seed)
        self._player = player

    def step(self, state: RecessState) -> int:
        return self._agent.step(state._core, self._player)

    def player_id(self) -> int:
        return self._player

    def restart_at(self, state: RecessState) -> None:
        # The AIs decide from the seat's view of each state, so there is nothing to reset.
        pass

    def inform_action(self, state: RecessState, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


def bot(game: Union[str, RecessGame], name: str, player: int, seed: int = 0) -> RecessBot:
    """The AI called ``name`` (``game._core.agent_names`` lists them) of ``game`` (a loaded game
    or a game string) as a ``pyspiel.Bot`` playing seat ``player``, seeded with ``seed``."""
    return RecessBot(game, name, player, seed)


def game_names() -> list[str]:
    """The names ``pyspiel.load_game`` knows recess's games by (their aliases too)."""
    return [name for module in _modules for core in module.openspiel_games()
            for name in (core.short_name, *core.aliases)]


def load_game(name: str, params: Optional[dict] = None) -> pyspiel.Game:
    """``pyspiel.load_game`` for recess's games, which refuses an unknown name with
    ``recess.UnknownGameError`` and the nearest name (pyspiel itself prints its whole list of
    games to stderr before it raises)."""
    module_of(name)
    if params is None:
        return pyspiel.load_game(name)
    return pyspiel.load_game(name, params)


def _register(module) -> None:
    registered = set(pyspiel.registered_names())
    for core in module.openspiel_games():
        defaults = core.parameters()
        for short_name in (core.short_name, *core.aliases):
            if short_name in registered:
                continue
            name = "".join(word.capitalize() for word in short_name.split("_"))
            # pyspiel calls the registered creator with the parameters alone, hence a class
            # per name.
            game_class = type(name, (RecessGame,), {
                "_short_name": short_name,
                "_defaults": defaults,
                "__module__": __name__,
                "__doc__": f"{core.long_name}, as ``pyspiel.load_game({short_name!r})`` "
                           "gives it.",
            })
            globals()[name] = game_class
            pyspiel.register_game(_game_type(core, defaults, short_name), game_class)


for _module in _modules:
    _register(_module)
_on_register.append(_register)
