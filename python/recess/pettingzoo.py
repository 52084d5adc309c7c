"""PettingZoo environments for every recess game, in the style of PettingZoo's classic games.

``env(name, **params)`` is an AEC environment; ``parallel_env(name, **params)`` a parallel one,
meant for games where every seat acts at once (the duel). Agents are ``player_0``,
``player_1``, ... in seat order. An observation is a dict: ``observation`` (float32, the game's
observation tensor in its documented shape, holding only what that seat may see) and
``action_mask`` (int8, one flag per action id; all zeros for an agent that does not act now).
Rewards come at the end: each seat's return. An illegal action raises ``ValueError`` with the
game's reason and changes nothing.

``reset(seed=N)`` deals the game ``new(config, N)`` of the Rust crate, the game
``recess.load_game(name).new_initial_state(seed=N)`` is (the seed rule of every adapter);
``reset()`` without a seed deals a game whose seed is drawn from a generator seeded with the last
seed given (or from the system when none was).

``render()`` shows the whole table as an onlooker with every card face up sees it, as
PettingZoo's card games draw it, in the ``render_mode`` given at creation: ``"rgb_array"``
returns ``state.to_rgb_array()``, a ``(height, width, 3)`` uint8 array one pixel per unit of the
game's drawing (the same shape at every step for a given game and parameters, so frames make a
video); ``"ansi"`` returns ``str(state)``;
``"human"`` prints that text. A seat's own view is ``env.state.to_rgb_array(seat)`` or
``env.observe(agent)``::

    import recess.pettingzoo

    env = recess.pettingzoo.env("big-two", render_mode="rgb_array")
    env.reset(seed=1)
    frame = env.render()  # numpy uint8, shape (height, width, 3)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import logger, spaces
from gymnasium.error import ResetNeeded
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from . import load_game
from ._recess import SIMULTANEOUS, ArgumentError, ConfigError, IllegalActionError
from ._spaces import observation_bounds

__all__ = ["env", "raw_env", "parallel_env", "RecessAECEnv", "RecessParallelEnv"]

class _Common:
    """What both environment kinds share: spaces, seeds, observations."""

    def _setup(self, name: str, render_mode: str | None, params: dict[str, Any]) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(map(repr, self.metadata["render_modes"]))
            raise ConfigError(f"render_mode is one of {modes} or None, not {render_mode!r}")
        self.game = load_game(name, **params)
        self.render_mode = render_mode
        players = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._shape = tuple(self.game.observation_tensor_shape())
        self._num_actions = self.game.num_distinct_actions()
        low, high = observation_bounds(self.game)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(self._num_actions,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self._num_actions) for agent in self.possible_agents
        }
        self._seeds = np.random.default_rng()
        self._next_seed: int | None = None
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _new_state(self, seed: int | None) -> None:
        # Seed N deals the game new(config, N), as in every adapter; later unseeded resets
        # draw their seeds from a stream seeded with N (or from the system when none was given).
        if seed is not None:
            game_seed = int(seed)
            self._seeds = np.random.default_rng(game_seed)
        else:
            game_seed = int(self._seeds.integers(0, 2**64, dtype=np.uint64))
        self.state = self.game.new_initial_state(game_seed)

    def _observation(self, seat: int, acting: bool) -> dict[str, np.ndarray]:
        tensor = self.state.observation_tensor(seat).reshape(self._shape)
        if acting and not self.state.is_terminal():
            mask = self.state.legal_actions_mask(seat).astype(np.int8)
        else:
            mask = np.zeros(self._num_actions, dtype=np.int8)
        return {"observation": tensor, "action_mask": mask}

    def render(self) -> np.ndarray | str | None:
        """The whole table, every card face up: an RGB array, text, or printed text (``None``),
        as ``render_mode`` says."""
        if self.render_mode is None:
            logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.state is None:
            raise ResetNeeded("call reset() before render()")
        if self.render_mode == "rgb_array":
            return self.state.to_rgb_array()
        text = str(self.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def __str__(self) -> str:
        return f"recess_{self.game.name}"


class RecessAECEnv(_Common, AECEnv, EzPickle):
    """A recess game as a PettingZoo AEC environment. Where every seat acts at once, the seats
    choose one after the other (in seat order) without seeing each other's choices, and the
    joint action is applied when the last one has chosen."""

    metadata = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "render_fps": 1,
        "name": "recess",
        "is_parallelizable": False,
    }

    def __init__(self, name: str, render_mode: str | None = None, **params: Any):
        EzPickle.__init__(self, name, render_mode, **params)
        super().__init__()
        self._setup(name, render_mode, params)
        self.metadata = {**self.metadata, "name": f"recess_{name}"}
        self._pending: dict[int, int] = {}
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self.agent_selection = self.possible_agents[0]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._new_state(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._pending = {}
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        player = self.state.current_player()
        if player >= 0:
            return self.possible_agents[player]
        if player == SIMULTANEOUS:
            waiting = [s for s in range(len(self.possible_agents)) if s not in self._pending]
            return self.possible_agents[waiting[0]]
        return self.agent_selection

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observation(self._seat[agent], agent == self.agent_selection)

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        action = int(action)
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_simultaneous_node():
            if not 0 <= action < self._num_actions or not self.state.legal_actions_mask(seat)[action]:
                legal = self.state.legal_actions(seat)
                raise IllegalActionError(f"{action} is not a legal action of {agent} (legal: {legal})")
            self._pending[seat] = action
            if len(self._pending) < len(self.possible_agents):
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self.agent_selection = self._selected()
                return
            joint = [self._pending[s] for s in range(len(self.possible_agents))]
            self.state.apply_actions(joint)
            self._pending = {}
        else:
            self.state.apply_action(action)
        if self.state.is_terminal():
            returns = self.state.returns()
            self.rewards = {a: float(returns[self._seat[a]]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self._accumulate_rewards()
        self.agent_selection = self._selected()
        if self.render_mode == "human":
            self.render()

    def close(self) -> None:
        pass


class RecessParallelEnv(_Common, ParallelEnv, EzPickle):
    """A recess game as a PettingZoo parallel environment: every live agent passes an action at
    each step. Where every seat acts at once they form the joint action; where one seat moves,
    only its action is read."""

    metadata = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "render_fps": 1,
        "name": "recess",
        "is_parallelizable": True,
    }

    def __init__(self, name: str, render_mode: str | None = None, **params: Any):
        EzPickle.__init__(self, name, render_mode, **params)
        self._setup(name, render_mode, params)
        self.metadata = {**self.metadata, "name": f"recess_{name}"}

    def _acting(self) -> set[int]:
        player = self.state.current_player()
        if player >= 0:
            return {player}
        if player == SIMULTANEOUS:
            return set(range(len(self.possible_agents)))
        return set()

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        acting = self._acting()
        return {
            agent: self._observation(self._seat[agent], self._seat[agent] in acting)
            for agent in self.possible_agents
        }

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_state(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]):
        acting = sorted(self._acting())
        missing = [self.possible_agents[s] for s in acting if self.possible_agents[s] not in actions]
        if missing:
            raise ArgumentError(f"no action given for {', '.join(missing)}")
        ids = [int(actions[self.possible_agents[s]]) for s in acting]
        if self.state.is_simultaneous_node():
            self.state.apply_actions(ids)
        else:
            self.state.apply_action(ids[0])
        done = self.state.is_terminal()
        returns = self.state.returns() if done else [0.0] * len(self.possible_agents)
        live = self.agents
        observations = self._observations()
        rewards = {agent: float(returns[self._seat[agent]]) for agent in live}
        terminations = dict.fromkeys(live, done)
        truncations = dict.fromkeys(live, False)
        infos = {agent: {} for agent in live}
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def close(self) -> None:
        pass


def raw_env(name: str, render_mode: str | None = None, **params: Any) -> RecessAECEnv:
    """The AEC environment of game ``name`` without PettingZoo's wrappers."""
    return RecessAECEnv(name, render_mode=render_mode, **params)


def env(name: str, render_mode: str | None = None, **params: Any):
    """The AEC environment of game ``name`` (``recess.game_names()``), with ``params`` as
    ``load_game`` takes them, wrapped in PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(name, render_mode=render_mode, **params))


def parallel_env(name: str, render_mode: str | None = None, **params: Any) -> RecessParallelEnv:
    """The parallel environment of game ``name``, for games where every seat acts at once."""
    return RecessParallelEnv(name, render_mode=render_mode, **params)
