"""The observation spaces' bounds, shared by the Gymnasium and PettingZoo environments."""

from __future__ import annotations

import numpy as np

from ._recess import Game

__all__ = ["observation_bounds"]

# The lowest value of Scoundrel's tensor: health / 20 at index 9 × 44 (after the nine card
# planes) goes below 0 when the adventurer dies; the deepest is 1 − 14 (an ace fought
# barehanded at health 1). Every other value lies in [0, 1].
_SCOUNDREL_HEALTH = 9 * 44
_SCOUNDREL_LOWEST_HEALTH = (1 - 14) / 20


def observation_bounds(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """Elementwise bounds of the game's observation tensor, as its crate documents the tensor."""
    shape = tuple(game.observation_tensor_shape())
    low = np.zeros(shape, dtype=np.float32)
    high = np.ones(shape, dtype=np.float32)
    if game.name == "scoundrel":
        low[_SCOUNDREL_HEALTH] = _SCOUNDREL_LOWEST_HEALTH
    elif game.name == "duel":
        # Rounds played and rounds left, then per seat: own seat, still in, health, qi and one
        # flag per move. Health only falls from the start; qi rises only by charging, at most
        # once a round.
        rules = game.parameters()["rules"]
        limit = rules["round_limit"]
        charge = max(
            (m["effect"]["charge"]["qi"] for m in rules["moves"]
             if isinstance(m["effect"], dict) and "charge" in m["effect"]),
            default=0,
        )
        bonus = (rules.get("low_health_bonus") or {}).get("extra_qi", 0)
        high[:2] = limit
        width = (shape[0] - 2) // game.num_players()
        for seat in range(game.num_players()):
            start = 2 + seat * width
            high[start + 2] = rules["start_health"]
            high[start + 3] = rules["start_qi"] + limit * (charge + bonus)
    elif game.name not in ("tictactoe", "big-two", "life-go"):
        low[...] = -np.inf
        high[...] = np.inf
    return low, high
