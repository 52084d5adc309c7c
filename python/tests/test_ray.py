"""`recess.ray.arena`: the shards of a run played as Ray tasks merge into the report of the run
played in one process."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray")

import recess  # noqa: E402
import recess.ray  # noqa: E402

LINEUP = ["perfect", "random"]


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    if started:
        ray.shutdown()


def test_the_shards_as_ray_tasks_merge_into_the_single_process_report():
    whole = recess.arena("tictactoe", LINEUP, 300, 1)
    spread = recess.ray.arena("tictactoe", LINEUP, 300, 1, shards=3)
    assert spread == whole
    assert spread.to_dict() == whole.to_dict()
    assert spread.shard is None


def test_the_default_number_of_shards_is_the_cluster_cpus():
    whole = recess.arena("big-two", ["ai1", "random", "random", "random"], 8, 3)
    assert recess.ray.arena("big-two", "ai1,random,random,random", 8, 3) == whole


def test_errors_in_a_shard_come_back_as_recess_errors():
    with pytest.raises(recess.UnknownAgentError):
        recess.ray.arena("tictactoe", ["perfect", "nobody"], 10, 1, shards=2)
    with pytest.raises(recess.ConfigError):
        recess.ray.arena("tictactoe", LINEUP, 10, 1, shards=0)
