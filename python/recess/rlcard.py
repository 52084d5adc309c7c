"""RLCard environments for the recess games where one player acts at a time
(``pip install "recess[rlcard]"``).

Importing the module registers them with RLCard::

    import rlcard
    from rlcard.agents import RandomAgent
    from rlcard.utils import tournament

    import recess.rlcard

    env = rlcard.make("recess-big-two", config={"seed": 7})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    print(tournament(env, 10))

The ids: ``recess-`` and the name (or an alias) of every game whose declaration says its players
act one at a time: ``recess-big-two`` (four players), ``recess-scoundrel`` (a one-player card
game, as RLCard's Blackjack), ``recess-tictactoe`` and ``recess-life-go`` (two-player board
games), and those of any module ``recess.register_module`` adds later. The duel is left out: its
players act at once, and RLCard's environments have one player act at a time. Config keys
``game_<name>`` set the game's parameters, as ``load_game(name=...)`` does
(``{"game_first": "by_lot"}`` for tic-tac-toe); ``allow_step_back`` keeps copies of the states
for ``step_back``.

Seeds: ``config={"seed": N}`` (or ``env.seed(N)``) deals the next game ``new(config, N)`` of the
Rust crate, the game ``recess.load_game(name).new_initial_state(seed=N)`` is, as in every
adapter; the games after it draw their seeds from ``env.np_random``, which ``N`` seeds too.

A state, as RLCard's environments give it, is a dict: ``obs`` (float32, the game's observation
tensor flattened, holding only what that player may see; ``env.state_shape`` gives its length),
``legal_actions`` (an ``OrderedDict`` of the player's legal action ids, in increasing order, to
``None``), ``raw_obs`` (the game's own view: the player, the player to move, the observation as
text and the legal actions in the game's notation), ``raw_legal_actions`` (those notations, in
the order of ``legal_actions``) and ``action_record`` (``(player, action)`` for every action so
far). Payoffs are the game's returns, once it is over. An illegal action raises
``recess.IllegalActionError`` and changes nothing.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import numpy as np
from rlcard.envs import Env
from rlcard.envs.registration import DEFAULT_CONFIG, register, registry

from . import ConfigError, _modules, _on_register, load_game

__all__ = ["ENV_IDS", "RecessEnv", "RecessGame", "env_class"]


class RecessGame:
    """The game object an RLCard ``Env`` drives: one recess game, dealt from ``np_random``
    (which ``Env.seed`` sets)."""

    def __init__(self, name: str, params: dict[str, Any], allow_step_back: bool = False):
        self.game = load_game(name, **params)
        self.allow_step_back = allow_step_back
        self.np_random = np.random.RandomState()
        # The seed of the next game, when one was given (`RecessEnv.seed`).
        self.next_seed: int | None = None
        self.state = None
        self.player_id = 0
        self.history: list[tuple[Any, int]] = []

    def init_game(self) -> tuple[dict[str, Any], int]:
        """Deals a new game from ``np_random``; its first state and the player to move."""
        if self.next_seed is not None:
            seed, self.next_seed = self.next_seed, None
        else:
            # 64 bits of the environment's generator: the whole deal follows from them.
            seed = int.from_bytes(self.np_random.bytes(8), "little")
        self.state = self.game.new_initial_state(seed)
        self.history = []
        self.player_id = self.state.current_player()
        return self.get_state(self.player_id), self.player_id

    def step(self, action: str | int) -> tuple[dict[str, Any], int]:
        """Plays ``action`` (the game's notation, or an action id) for the player to move; the
        next state and the player to move next (the last mover once the game is over)."""
        if isinstance(action, str):
            action = self.state.string_to_action(action)
        before = self.state.clone() if self.allow_step_back else None
        self.state.apply_action(int(action))
        if before is not None:
            self.history.append((before, self.player_id))
        if not self.state.is_terminal():
            self.player_id = self.state.current_player()
        return self.get_state(self.player_id), self.player_id

    def step_back(self) -> bool:
        """Takes back the last action; False at the start of the game."""
        if not self.history:
            return False
        self.state, self.player_id = self.history.pop()
        return True

    def get_num_players(self) -> int:
        return self.game.num_players()

    def get_num_actions(self) -> int:
        return self.game.num_distinct_actions()

    def get_player_id(self) -> int:
        return self.player_id

    def is_over(self) -> bool:
        return self.state is not None and self.state.is_terminal()

    def get_legal_actions(self) -> list[str]:
        """The legal actions of the player to move, in the game's notation."""
        return [self.state.action_to_string(a) for a in self.state.legal_actions()]

    def get_payoffs(self) -> np.ndarray:
        return np.array(self.state.returns(), dtype=np.float64)

    def get_state(self, player_id: int) -> dict[str, Any]:
        """What ``player_id`` sees: the raw state that ``Env._extract_state`` encodes."""
        state = self.state
        legal = state.legal_actions(player_id) if not state.is_terminal() else []
        return {
            "player_id": player_id,
            "current_player": state.current_player(),
            "observation": state.observation_string(player_id),
            "tensor": state.observation_tensor(player_id),
            "legal_actions": legal,
            "raw_legal_actions": [state.action_to_string(a) for a in legal],
        }


class RecessEnv(Env):
    """An RLCard environment over the recess game ``game_name`` (set by each subclass)."""

    game_name: str = ""

    def __init__(self, config: dict[str, Any] | None = None):
        config = {**DEFAULT_CONFIG, **(config or {})}
        params = {key[len("game_") :]: v for key, v in config.items() if key.startswith("game_")}
        self.name = f"recess-{self.game_name}"
        try:
            self.game = RecessGame(self.game_name, params)
        except ConfigError as error:
            # In RLCard's terms: the config keys, each a parameter with `game_` before it.
            declared = [p["name"] for p in load_game(self.game_name).declaration()["parameters"]]
            keys = ", ".join(f"game_{name}" for name in declared) or "none"
            raise ConfigError(f"{error} (config keys of {self.name}: {keys})") from error
        self.default_game_config = {f"game_{k}": v for k, v in self.game.game.parameters().items()}
        super().__init__(config)
        size = self.game.game.observation_tensor_size()
        self.state_shape = [[size] for _ in range(self.num_players)]
        self.action_shape = [None for _ in range(self.num_players)]

    def seed(self, seed=None):
        """Seeds ``np_random`` (as ``Env.seed``) and, when ``seed`` is given, deals the next
        game from it: the game ``new_initial_state(seed=seed)`` is."""
        seed = super().seed(seed)
        self.game.next_seed = None if seed is None else int(seed)
        return seed

    def step(self, action, raw_action: bool = False):
        # As `Env.step`, but the action is recorded only once the game has taken it, so that an
        # illegal one changes nothing.
        if not raw_action:
            action = self._decode_action(action)
        player = self.get_player_id()
        next_state, player_id = self.game.step(action)
        self.timestep += 1
        self.action_recorder.append((player, action))
        return self._extract_state(next_state), player_id

    def step_back(self):
        stepped = super().step_back()
        if stepped and self.action_recorder:
            self.action_recorder.pop()
        return stepped

    def _extract_state(self, state: dict[str, Any]) -> dict[str, Any]:
        return {
            "obs": np.asarray(state["tensor"], dtype=np.float32),
            "legal_actions": OrderedDict((a, None) for a in state["legal_actions"]),
            "raw_obs": {k: v for k, v in state.items() if k != "tensor"},
            "raw_legal_actions": list(state["raw_legal_actions"]),
            "action_record": self.action_recorder,
        }

    def _decode_action(self, action_id) -> str:
        return self.game.state.action_to_string(int(action_id))

    def _get_legal_actions(self) -> list[int]:
        return self.game.state.legal_actions()

    def get_payoffs(self) -> np.ndarray:
        """Every player's return: the score of the finished game (0 while it is played)."""
        return self.game.get_payoffs()

    def get_perfect_information(self) -> dict[str, Any]:
        """Everything about the game now, hidden cards included."""
        state = self.game.state
        return {
            "current_player": self.game.get_player_id(),
            "legal_actions": self.game.get_legal_actions() if not state.is_terminal() else [],
            "state": str(state),
            "serialized": state.serialize(),
            "returns": state.returns(),
        }


ENV_IDS: dict[str, type] = {}
"""The RLCard id of each game's environment (under its name; its aliases' ids are registered
too), and its class."""


def env_class(name: str) -> type:
    """The ``RecessEnv`` subclass of the game ``name`` (RLCard makes environments from a class
    registered by its module and name)."""
    words = name.replace("_", "-").split("-")
    class_name = "".join(word[:1].upper() + word[1:] for word in words) + "Env"
    cls = globals().get(class_name)
    if cls is None:
        cls = type(class_name, (RecessEnv,), {
            "game_name": name,
            "__module__": __name__,
            "__doc__": f"The RLCard environment of {name}.",
        })
        globals()[class_name] = cls
    return cls


def _register(module) -> None:
    for game in module.game_names():
        declaration = module.load_game(game).declaration()
        if declaration["dynamics"] != "Sequential":
            continue
        cls = env_class(game)
        ENV_IDS.setdefault(f"recess-{game}", cls)
        for name in [declaration["name"], *declaration["aliases"]]:
            # A reload of this module must not register twice (RLCard refuses that).
            if f"recess-{name}" not in registry.env_specs:
                register(env_id=f"recess-{name}", entry_point=f"{__name__}:{cls.__name__}")


for _module in _modules:
    _register(_module)
_on_register.append(_register)
