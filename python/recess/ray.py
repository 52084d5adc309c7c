"""Arena runs spread over a Ray cluster (``pip install "recess[ray]"``).

``arena(game, lineup, games, seed, shards)`` plays the ``shards`` shards of a run as Ray tasks,
one shard each, and merges their reports with :func:`recess.merge`: the report is equal, field by
field, to ``recess.arena(game, lineup, games, seed)`` played in one process, since every game is
dealt from the run's seed and its index whoever plays it::

    import recess.ray

    report = recess.ray.arena("tictactoe", ["perfect", "random"], games=10_000, seed=1)
    print(report)

It uses the Ray the program has started (``ray.init(address="auto")`` joins a cluster); when
none is, it starts a local one with ``ray.init()``, which stays up for later calls until
``ray.shutdown()``. Errors in a shard (an unknown game or AI) come back as the exception
``recess.arena`` raises, which Ray wraps in a ``RayTaskError`` of that class.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ray

from ._recess import ConfigError, Report, merge
from . import arena as _arena

__all__ = ["arena"]


def _play_shard(
    game: str, lineup: list[str], games: int, seed: int, shard: tuple[int, int], threads: int
) -> Report:
    return _arena(game, lineup, games, seed, shard, threads=threads)


# Made remote once: Ray ships the function to the workers the first time it runs.
_shard_task = ray.remote(_play_shard)


def arena(
    game: str,
    lineup: Sequence[str] | str,
    games: int,
    seed: int,
    shards: int | None = None,
    *,
    threads_per_shard: int = 1,
    **task_options: Any,
) -> Report:
    """The report of ``recess.arena(game, lineup, games, seed)``, its games played as ``shards``
    Ray tasks.

    ``shards`` defaults to the cluster's CPUs divided by ``threads_per_shard`` (at most one shard
    per game). Each task asks Ray for ``threads_per_shard`` CPUs and plays its shard on as many
    threads; ``task_options`` go to the tasks' ``.options(...)`` (``resources``,
    ``scheduling_strategy``, ``max_retries``, ...).
    """
    if not isinstance(threads_per_shard, int) or threads_per_shard < 1:
        raise ConfigError(f"threads_per_shard is at least 1, not {threads_per_shard!r}")
    if not isinstance(games, int) or games < 1:
        raise ConfigError(f"games is the number of games of the run, at least 1, not {games!r}")
    if isinstance(lineup, str):
        lineup = [name.strip() for name in lineup.split(",")]
    else:
        lineup = list(lineup)
    if not ray.is_initialized():
        ray.init()
    if shards is None:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        shards = min(games, max(1, cpus // threads_per_shard))
    if not isinstance(shards, int) or isinstance(shards, bool) or shards < 1:
        raise ConfigError(f"shards is the number of Ray tasks, at least 1, not {shards!r}")
    task = _shard_task.options(num_cpus=threads_per_shard, **task_options)
    pending = [
        task.remote(game, lineup, games, seed, (k, shards), threads_per_shard)
        for k in range(1, shards + 1)
    ]
    return merge(ray.get(pending))
