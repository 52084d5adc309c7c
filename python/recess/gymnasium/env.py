"""`RecessEnv`: one seat of a recess game as a single-agent Gymnasium environment, the other
seats played by the game's AIs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle

from .. import agent, agent_seed, load_game
from .._recess import (
    SIMULTANEOUS,
    Agent,
    ArgumentError,
    ConfigError,
    Game,
    IllegalActionError,
    State,
    StateError,
)
from .._spaces import observation_bounds

__all__ = ["ILLEGAL_ACTIONS", "RecessEnv", "default_opponent"]


def default_opponent(game: Game) -> str:
    """The AI that plays the other seats when none is named: the game's declared default
    opponent (``game.declaration()["default_opponent"]``), chosen in each crate as the
    strongest of its roster that still answers within a millisecond or so; ``"random"`` for a
    game that declares none."""
    return game.declaration()["default_opponent"] or "random"


# What `step` does with an action the rules refuse now.
ILLEGAL_ACTIONS = ("raise", "ignore")

def opponent_names(
    game: Game, seat: int, opponents: str | Sequence[str] | None
) -> dict[int, str]:
    """The AI that plays each seat other than the learner's ``seat``: ``opponents`` is one name
    for all, one name per other seat in seat order, or None for the game's default
    (:func:`default_opponent`). Empty for a game played alone."""
    others = [s for s in range(game.num_players()) if s != seat]
    if not others:
        if opponents is not None and (isinstance(opponents, str) or len(opponents) > 0):
            raise ConfigError(f"{game.name} is played alone: it takes no opponents")
        return {}
    if opponents is None:
        opponents = default_opponent(game)
    if isinstance(opponents, str):
        names = [opponents] * len(others)
    else:
        names = list(opponents)
        if len(names) != len(others) or not all(isinstance(n, str) for n in names):
            raise ConfigError(
                f"opponents is one AI name, or {len(others)} names (one per seat other "
                f"than {seat}, in seat order), not {opponents!r}"
            )
    return dict(zip(others, names))


def _action_id(action: Any) -> int:
    """`action` as a Python int: an integer, a numpy integer or a 0-d integer array."""
    if isinstance(action, (bool, np.bool_)):
        raise ArgumentError(f"an action is an integer action id, not {action!r}")
    if isinstance(action, (int, np.integer)):
        return int(action)
    array = np.asarray(action)
    if array.ndim == 0 and array.dtype.kind in "iu":
        return int(array)
    raise ArgumentError(f"an action is an integer action id, not {action!r}")


class RecessEnv(gymnasium.Env, EzPickle):
    """One seat of a recess game as a Gymnasium environment; the game's AIs play the others.

    - ``game``: a name as :func:`recess.load_game` takes it, ``params`` its parameters
      (``RecessEnv("life-go", width=9, height=9, setup={"mirrored": {"groups": 2}})``, or in
      OpenSpiel's spelling ``RecessEnv("life_go(size=9)")``).
    - ``opponents``: the AI of every other seat, by name (:meth:`recess.Game.agent_names`),
      either one name for all or a sequence with one name per other seat in seat order (the
      learner's seat left out). By default the game's declared default opponent
      (:func:`default_opponent`). None for a game played alone.
    - ``seat``: the learner's seat, from 0.
    - ``illegal_action``: ``"ignore"`` (the default) leaves the game as it was and returns the
      same observation with reward 0 and ``info["illegal_action"] = True``, as Gymnasium's own
      masked environments (Taxi) treat masked actions and as its ``check_env`` and
      Stable-Baselines3's, which step unmasked random actions, expect; ``"raise"`` raises
      :class:`recess.IllegalActionError` with the game's reason and changes nothing, for a
      learner that should never choose one.
      An id outside the action space raises either way.

    Spaces: ``Discrete(num_distinct_actions)`` actions and a float32 ``Box`` of the game's
    observation tensor shape for the learner's seat, holding only what that seat may see.
    ``info["action_mask"]`` (int8, 1 for legal, all 0 once the episode is over) and
    :meth:`action_masks` (bool, as sb3-contrib's ``MaskablePPO`` calls it) give the legal
    actions. The reward is the change of the learner's return, which these games pay only at
    the end; ``terminated`` is the end of the game (Life-Go's move limit is one of its rules)
    and ``truncated`` is always False.

    Seeds: ``reset(seed=N)`` deals the game ``new(config, N)`` of the Rust crate, the game
    ``recess.load_game(name).new_initial_state(seed=N)`` is, as every adapter does; the AI of
    seat ``s`` is seeded ``recess.agent_seed(N, s)``, the arena's rule. It also seeds
    ``np_random`` with ``N``, as Gymnasium's convention asks, and ``reset()`` without a seed
    draws the next game's seed from ``np_random``: the same seed plays the same episode for the
    same actions, and a run of unseeded resets after one seeded one is the same run too.

    >>> env = RecessEnv("tictactoe", opponents="random", seat=1)
    >>> observation, info = env.reset(seed=3)
    >>> observation.shape, int(info["action_mask"].sum())  # X has played one cell
    ((3, 3, 3), 8)
    >>> action = int(np.flatnonzero(info["action_mask"])[0])
    >>> observation, reward, terminated, truncated, info = env.step(action)
    """

    metadata = {
        "render_modes": ["ansi", "rgb_array"],
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str,
        opponents: str | Sequence[str] | None = None,
        seat: int = 0,
        render_mode: str | None = None,
        illegal_action: str = "ignore",
        **params: Any,
    ):
        EzPickle.__init__(
            self, game, opponents, seat, render_mode, illegal_action, **params
        )
        self.game: Game = load_game(game, **params)
        players = self.game.num_players()
        if isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer)):
            raise ConfigError(f"seat is an integer from 0 to {players - 1}, not {seat!r}")
        if not 0 <= seat < players:
            raise ConfigError(f"there is no seat {seat}: seats are 0 to {players - 1}")
        self.seat = int(seat)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(
                f"render_mode is one of {self.metadata['render_modes']} or None, "
                f"not {render_mode!r}"
            )
        self.render_mode = render_mode
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ConfigError(
                f"illegal_action is one of {ILLEGAL_ACTIONS}, not {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self.opponents = opponent_names(self.game, self.seat, opponents)
        # Built once here so that an unknown name fails now; `reset` seeds new ones.
        self._agents = self._make_agents([0] * len(self.opponents))

        self._shape = tuple(self.game.observation_tensor_shape())
        self._num_actions = self.game.num_distinct_actions()
        low, high = observation_bounds(self.game)
        self.observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
        self.action_space = spaces.Discrete(self._num_actions)
        self.state: State | None = None
        self.metadata = {**self.metadata, "name": f"recess/{self.game.name}"}

    def _make_agents(self, seeds: Sequence[int]) -> dict[int, Agent]:
        return {
            seat: agent(self.game, name, seed)
            for (seat, name), seed in zip(self.opponents.items(), seeds)
        }

    def _seed(self) -> int:
        """A seed for the game or an AI, drawn from ``np_random``: any u64."""
        return int(self.np_random.integers(0, 2**64, dtype=np.uint64))

    def _learner_moves(self) -> bool:
        player = self.state.current_player()
        return player == self.seat or player == SIMULTANEOUS

    def _play_opponents(self) -> None:
        """Lets the AIs move until the learner acts or the game is over."""
        while not self.state.is_terminal() and not self._learner_moves():
            mover = self.state.current_player()
            self.state.apply_action(self._agents[mover].step(self.state))

    def _mask(self) -> np.ndarray:
        if self.state.is_terminal():
            return np.zeros(self._num_actions, dtype=bool)
        return self.state.legal_actions_mask(self.seat)

    def _observation(self) -> np.ndarray:
        return self.state.observation_tensor(self.seat).reshape(self._shape)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask().astype(np.int8)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deals a new game (from ``seed`` when given) and plays the AIs up to the learner's
        first move. Returns the learner's observation and ``{"action_mask": ...}``. It takes no
        options (``ArgumentError`` for any), as the vector environment."""
        if options:
            raise ArgumentError(f"reset takes no options, not {sorted(options)}")
        super().reset(seed=seed)
        game_seed = self._seed() if seed is None else int(seed)
        self._agents = self._make_agents([agent_seed(game_seed, s) for s in self.opponents])
        self.state = self.game.new_initial_state(game_seed)
        self._play_opponents()
        return self._observation(), self._info()

    def step(
        self, action: Any
    ) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        """Plays the learner's ``action`` (together with the AIs' where every seat acts at
        once), then the AIs up to the learner's next move or the end."""
        if self.state is None:
            raise StateError("call reset() before step()")
        if self.state.is_terminal():
            raise StateError("the episode is over: call reset()")
        action = _action_id(action)
        if not 0 <= action < self._num_actions:
            # Outside the action space: an error whatever `illegal_action` says.
            raise IllegalActionError(
                f"{action} is not an action id of {self.game.name} (ids go from 0 to "
                f"{self._num_actions - 1})"
            )
        before = self.state.player_return(self.seat)
        if not self.state.legal_actions_mask(self.seat)[action]:
            if self.illegal_action == "ignore":
                info = self._info()
                info["illegal_action"] = True
                return self._observation(), 0.0, False, False, info
            self._raise_illegal(action)
        if self.state.is_simultaneous_node():
            joint = [
                action if seat == self.seat else self._agents[seat].step(self.state, seat)
                for seat in range(self.game.num_players())
            ]
            self.state.apply_actions(joint)
        else:
            self.state.apply_action(action)
        self._play_opponents()
        reward = self.state.player_return(self.seat) - before
        terminated = self.state.is_terminal()
        return self._observation(), float(reward), terminated, False, self._info()

    def _raise_illegal(self, action: int) -> None:
        """Raises the game's own reason why ``action`` is refused, leaving everything as it
        was: the state is tried on a copy, and the AIs are not asked for their moves."""
        trial = self.state.clone()
        if trial.is_simultaneous_node():
            joint = [
                action if seat == self.seat else trial.legal_actions(seat)[0]
                for seat in range(self.game.num_players())
            ]
            trial.apply_actions(joint)
        else:
            trial.apply_action(action)
        raise IllegalActionError(  # pragma: no cover - the mask and the rules agree
            f"{action} is not a legal action of seat {self.seat} now"
        )

    def action_masks(self) -> np.ndarray:
        """One bool per action id: whether the learner may play it now (all False once the
        episode is over). sb3-contrib's ``MaskablePPO`` reads the mask from this method."""
        if self.state is None:
            raise StateError("call reset() before action_masks()")
        return self._mask()

    def render(self) -> str | np.ndarray | None:
        """``"ansi"``: the game as text, as the learner may see it (the learner's
        observation string in a game of imperfect information, the whole state otherwise). ``"rgb_array"``: the learner's
        view as an H×W×3 uint8 array."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode; pass render_mode='ansi' or "
                "'rgb_array' to make()"
            )
            return None
        if self.state is None:
            raise StateError("call reset() before render()")
        if self.render_mode == "ansi":
            if self.game.declaration()["information"] == "Imperfect":
                return self.state.observation_string(self.seat)
            return str(self.state)
        return self.state.to_rgb_array(self.seat)

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return f"<RecessEnv {self.game.name} seat {self.seat}>"
