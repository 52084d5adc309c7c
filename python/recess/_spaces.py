"""The observation spaces' bounds, shared by the Gymnasium and PettingZoo environments."""

from __future__ import annotations

import numpy as np

__all__ = ["observation_bounds"]


def observation_bounds(game) -> tuple[np.ndarray, np.ndarray]:
    """Elementwise bounds of the game's observation tensor, as its crate declares them
    (``Learning::observation_bounds``): two float32 arrays of the tensor's shape."""
    low, high = game.observation_bounds()
    return np.asarray(low, dtype=np.float32), np.asarray(high, dtype=np.float32)
