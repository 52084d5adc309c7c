"""Gymnasium environments: one seat of a recess game, the other seats played by its AIs.

``import recess.gymnasium`` registers an environment for every game ``recess.load_game``
knows, under ``recess/`` and the game's name in CamelCase (each alias too), version 0:
``recess/Scoundrel-v0``, ``recess/BigTwo-v0``, ``recess/TicTacToe-v0``, ``recess/LifeGo-v0``,
``recess/Duel-v0``, and those of any module ``recess.register_module`` adds later. The other
seats are played by the game's declared default opponent (``game.declaration()
["default_opponent"]``: minimax for tic-tac-toe, the equilibrium player for the duel, ``ai3``
for Big Two, ``eval`` for Life Go; none for the solitaire Scoundrel).

Every one is a :class:`RecessEnv`; ``gymnasium.make`` passes its keyword arguments on:
``opponents`` (one AI name for every other seat, or one name per other seat in seat order),
``seat`` (the learner's, from 0), ``render_mode`` (``"ansi"``; ``"rgb_array"`` where the core
draws pictures), ``illegal_action`` and the game's own parameters, as :func:`recess.load_game`
takes them::

    import gymnasium
    import numpy as np
    import recess.gymnasium

    env = gymnasium.make("recess/BigTwo-v0", opponents=["ai3", "ai2", "ai1"], seat=2)
    observation, info = env.reset(seed=42)
    terminated = False
    while not terminated:
        action = env.action_space.sample(mask=info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
    print(reward)  # seat 2's return: its place's score

    small = gymnasium.make(
        "recess/LifeGo-v0", width=9, height=9, setup={"mirrored": {"groups": 2}}
    )

Actions are ``Discrete(num_distinct_actions)``; ``info["action_mask"]`` (int8, for
``action_space.sample(mask=...)``) and ``env.unwrapped.action_masks()`` (bool, the method
sb3-contrib's ``MaskablePPO`` calls) give the legal ones. An illegal action is a no-op that
sets ``info["illegal_action"]``, as Gymnasium's and Stable-Baselines3's ``check_env`` expect
(``illegal_action="raise"`` raises :class:`recess.IllegalActionError` instead, changing
nothing). Observations are the float32 observation tensor of the learner's seat; the reward is
the learner's return, paid at the end.

``gymnasium.make("recess.gymnasium:recess/Scoundrel-v0")`` imports this module itself.
"""

from __future__ import annotations

import gymnasium

from .. import _modules, _on_register
from .env import ILLEGAL_ACTIONS, RecessEnv, default_opponent
from .vector import RecessVectorEnv

__all__ = ["ENV_IDS", "ILLEGAL_ACTIONS", "RecessEnv", "RecessVectorEnv", "default_opponent",
           "env_id"]

# The id of each game's environment (under its name; its aliases' ids are registered too).
ENV_IDS: dict[str, str] = {}


def env_id(name: str) -> str:
    """The id of the environment of the game (or alias) ``name``: ``big-two`` gives
    ``recess/BigTwo-v0``."""
    words = name.replace("_", "-").split("-")
    return f"recess/{''.join(word[:1].upper() + word[1:] for word in words)}-v0"


def _register(module) -> None:
    for game in module.game_names():
        declaration = module.load_game(game).declaration()
        ENV_IDS.setdefault(env_id(game), game)
        for name in [declaration["name"], *declaration["aliases"]]:
            # A second import (a reload) finds them registered: registering again would warn.
            if env_id(name) not in gymnasium.registry:
                gymnasium.register(
                    id=env_id(name),
                    entry_point="recess.gymnasium.env:RecessEnv",
                    vector_entry_point="recess.gymnasium.vector:RecessVectorEnv",
                    kwargs={"game": game},
                )


for _module in _modules:
    _register(_module)
_on_register.append(_register)
