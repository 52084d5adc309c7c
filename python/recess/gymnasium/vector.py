"""A Gymnasium ``VectorEnv`` over :class:`recess.VectorGame`: ``num_envs`` games stepped together
in Rust, for one learner.

The learner holds one seat (``seat``, 0 by default); in a game of several players the other
seats are played by AIs of the game's roster inside Rust (``opponents``: ``"ai3"`` in Big Two),
which move until the learner is to move again or the game ends. So each step is one decision of
the learner, and a Python policy never waits for the opponents::

    import numpy as np
    from recess.gymnasium.vector import RecessVectorEnv

    envs = RecessVectorEnv("big-two", num_envs=64)
    observations, infos = envs.reset(seed=7)
    rng = np.random.default_rng(7)
    for _ in range(10):
        masks = infos["action_mask"]  # or envs.action_masks(), as sb3-contrib asks
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        observations, rewards, terminations, truncations, infos = envs.step(actions)
    envs.close()

- Observations: the learner's observation tensor (float32, the game's documented shape); the
  arrays returned are the environment's own copies, kept safely across steps.
- Actions: one action id per game (an integer array); an illegal id raises
  ``recess.IllegalActionError`` naming the game, and no game moves.
- ``infos["action_mask"]`` (bool, ``[num_envs, num_distinct_actions]``): the learner's legal
  actions, also given by ``action_masks()``.
- Rewards: the learner's return when its game ends (Big Two: +3, +1, -1, -3 by place), else 0.
  Games always end by their rules: ``truncations`` are all false.
- Autoreset: same-step (``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): a game
  that ends is replaced within the step, the observation returned is the new game's first, and
  ``infos["final_obs"]`` (an object array, ``None`` for games that did not end) holds the ended
  game's last observation, ``infos["final_info"]`` its info, each with its ``_final_obs`` /
  ``_final_info`` mask, as Gymnasium's ``SyncVectorEnv`` gives them in that mode.
- ``reset(seed=s)`` deals every game from ``s`` (game ``i`` from ``s`` and ``i``); ``reset()``
  without a seed deals from a seed drawn from the last one given (at random when none was).
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .. import ArgumentError, ConfigError, load_game, module_of
from .._spaces import observation_bounds
from .env import opponent_names

__all__ = ["RecessVectorEnv"]

class RecessVectorEnv(VectorEnv):
    """``num_envs`` games of ``game`` (with ``params`` as ``recess.load_game`` takes them) for a
    learner in ``seat``; ``opponents`` is the AI of the game's roster that plays every other
    seat, or one name per other seat in seat order, by default the single environment's
    (:func:`recess.gymnasium.env.default_opponent`). ``threads`` splits the games over that many
    threads. The arguments are :class:`recess.gymnasium.RecessEnv`'s, so
    ``gymnasium.make_vec("recess/BigTwo-v0", num_envs=64)`` builds one.

    Seeds: ``reset(seed=s)`` is ``VectorGame.reset(s)``: sub-environment ``i`` plays the game
    ``new_initial_state(recess.derive_seed(recess.derive_seed(s, i), 0))`` (not Gymnasium's
    ``reset(seed=s + i)`` of the single environment), its ``k``-th game after that the one of
    ``recess.derive_seed(recess.derive_seed(s, i), k)``; a ``reset()`` without a seed draws the
    next ``s`` from a generator seeded with the last seed given."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        game: str,
        num_envs: int,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] | None = None,
        threads: int = 1,
        **params: Any,
    ):
        game = load_game(game, **params)
        players = game.num_players()
        if not isinstance(seat, (int, np.integer)) or not 0 <= seat < players:
            raise ConfigError(f"there is no seat {seat!r}: seats are 0 to {players - 1}")
        self.seat = int(seat)
        opponents = list(opponent_names(game, self.seat, opponents).values())
        lineup = opponents[: self.seat] + [None] + opponents[self.seat :]
        vector_game = module_of(game.name).VectorGame
        self._games = vector_game(game, num_envs, threads=threads, opponents=lineup)
        self._players = players
        self.num_envs = num_envs
        self.game = game
        low, high = observation_bounds(game)
        self.single_observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(game.num_distinct_actions())
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.metadata = {**self.metadata, "name": f"recess/{game.name}"}
        self._seeds: np.random.Generator | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if options:
            raise ArgumentError(f"reset takes no options, not {sorted(options)}")
        if seed is not None:
            if not isinstance(seed, (int, np.integer)):
                raise ArgumentError(
                    f"seed is one integer for all the games (game i is dealt from it and i), "
                    f"not {seed!r}"
                )
            self._np_random, self._np_random_seed = seeding.np_random(int(seed))
            self._seeds = np.random.default_rng(int(seed))
            self._games.reset(int(seed))
        else:
            if self._seeds is None:
                self._seeds = np.random.default_rng()
            self._games.reset(int(self._seeds.integers(0, 2**63)))
        return self._observations(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        games = self._games
        actions = np.asarray(actions)
        if self._players > 1 and actions.shape == (self.num_envs,):
            # Every seat's column, so that a node where every seat acts at once reads the
            # learner's; the vector's AIs fill the others, the mover's column is read elsewhere.
            joint = np.full((self.num_envs, self._players), -1, dtype=np.int64)
            if actions.dtype.kind in "iu":
                joint[:, self.seat] = actions
                actions = joint
        rewards, dones = games.step(actions)
        rewards = rewards[:, self.seat].astype(np.float64)
        terminations = dones.copy()
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        infos = self._infos()
        if terminations.any():
            final_obs = np.full(self.num_envs, None, dtype=object)
            ended = np.flatnonzero(terminations)
            for i in ended:
                final_obs[i] = games.final_observations[i, self.seat].copy()
            # A finished game has no legal action: the info its last step would have given.
            final_masks = np.zeros_like(infos["action_mask"])
            infos["final_obs"] = final_obs
            infos["_final_obs"] = terminations.copy()
            infos["final_info"] = {
                "action_mask": final_masks,
                "_action_mask": terminations.copy(),
            }
            infos["_final_info"] = terminations.copy()
        return self._observations(), rewards, terminations, truncations, infos

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions in each game (bool, ``[num_envs, num_distinct_actions]``),
        as sb3-contrib's ``MaskablePPO`` asks for them."""
        return self._games.masks[:, self.seat].copy()

    def _observations(self) -> np.ndarray:
        return self._games.observations[:, self.seat].copy()

    def _infos(self) -> dict[str, Any]:
        return {
            "action_mask": self.action_masks(),
            "_action_mask": np.ones(self.num_envs, dtype=np.bool_),
        }

    def __repr__(self) -> str:
        return f"RecessVectorEnv({self.game.name}, num_envs={self.num_envs}, seat={self.seat})"
