"""Gymnasium environments: one seat of a recess game, the other seats played by its AIs.

``import recess.gymnasium`` registers five environments with ``gymnasium.register``:

=========================  ===========  ==================================================
id                         game         the other seats (default ``opponents``)
=========================  ===========  ==================================================
``recess/Scoundrel-v0``    scoundrel    none: the solitaire
``recess/BigTwo-v0``       big-two      three AIs, ``"ai3"``
``recess/TicTacToe-v0``    tictactoe    ``"perfect"`` (minimax)
``recess/LifeGo-v0``       life-go      ``"eval"`` (``"strong"`` is stronger and slower)
``recess/Duel-v0``         duel         ``"equilibrium"``, its move chosen with the learner's
=========================  ===========  ==================================================

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

from .env import DEFAULT_OPPONENTS, ILLEGAL_ACTIONS, RecessEnv
from .vector import RecessVectorEnv

__all__ = ["DEFAULT_OPPONENTS", "ENV_IDS", "ILLEGAL_ACTIONS", "RecessEnv", "RecessVectorEnv"]

# Each registered id and the game it plays.
ENV_IDS = {
    "recess/Scoundrel-v0": "scoundrel",
    "recess/BigTwo-v0": "big-two",
    "recess/TicTacToe-v0": "tictactoe",
    "recess/LifeGo-v0": "life-go",
    "recess/Duel-v0": "duel",
}

for _env_id, _game in ENV_IDS.items():
    # A second import (a reload) finds them registered: registering again would only warn.
    if _env_id not in gymnasium.registry:
        gymnasium.register(
            id=_env_id,
            entry_point="recess.gymnasium.env:RecessEnv",
            vector_entry_point="recess.gymnasium.vector:RecessVectorEnv",
            kwargs={"game": _game},
        )
