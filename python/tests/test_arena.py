"""`recess.arena` and `recess.merge`: the Rust arena's reports, whole or in shards, and their JSON
as the `arena` command line writes and reads it."""

from __future__ import annotations

import pickle

import pytest

import recess

LINEUP = ["perfect", "random"]

# The lines `cargo run --release --example arena -- GAME --lineup ... --json` printed for these
# runs: the JSON of the command line, which Python must read and write alike.
CLI_RUNS = {
    ("tictactoe", "perfect,random", 30, 1, None): (
        '{"game":"tictactoe","lineup":["perfect","random"],"games":30,"seed":1,"results":[{"agent":"perfect","games":30,"wins":26,"draws":4,"losses":0,"mean_return":0.8666666666666667,"total_return":26.0,"win_rate":0.8666666666666667,"ci95":[0.7031867331796371,0.9469034451594525]},{"agent":"random","games":30,"wins":0,"draws":4,"losses":26,"mean_return":-0.8666666666666667,"total_return":-26.0,"win_rate":0.0,"ci95":[0.0,0.11351339317396876]}],"by_seat":[{"seat":0,"wins":15,"draws":4,"losses":11,"mean_return":0.13333333333333333,"total_return":4.0},{"seat":1,"wins":11,"draws":4,"losses":15,"mean_return":-0.13333333333333333,"total_return":-4.0}]}'
    ),
    ("tictactoe", "perfect,random", 30, 1, (2, 3)): (
        '{"game":"tictactoe","lineup":["perfect","random"],"games":30,"seed":1,"shard":"2/3","results":[{"agent":"perfect","games":10,"wins":8,"draws":2,"losses":0,"mean_return":0.8,"total_return":8.0,"win_rate":0.8,"ci95":[0.4901624715366418,0.9433178485456248]},{"agent":"random","games":10,"wins":0,"draws":2,"losses":8,"mean_return":-0.8,"total_return":-8.0,"win_rate":0.0,"ci95":[0.0,0.2775327998628892]}],"by_seat":[{"seat":0,"wins":5,"draws":2,"losses":3,"mean_return":0.2,"total_return":2.0},{"seat":1,"wins":3,"draws":2,"losses":5,"mean_return":-0.2,"total_return":-2.0}]}'
    ),
    ("big-two", "ai1,random,random,random", 12, 4, None): (
        '{"game":"big-two","lineup":["ai1","random","random","random"],"games":12,"seed":4,"results":[{"agent":"ai1","games":12,"wins":6,"draws":0,"losses":6,"mean_return":2.0,"total_return":24.0,"win_rate":0.5,"ci95":[0.2537815976337061,0.7462184023662939]},{"agent":"random","games":12,"wins":1,"draws":0,"losses":11,"mean_return":-0.6666666666666666,"total_return":-8.0,"win_rate":0.08333333333333333,"ci95":[0.014865094404917095,0.35387991114111694]},{"agent":"random","games":12,"wins":2,"draws":0,"losses":10,"mean_return":-1.1666666666666667,"total_return":-14.0,"win_rate":0.16666666666666666,"ci95":[0.04696514218385378,0.4480308622529734]},{"agent":"random","games":12,"wins":3,"draws":0,"losses":9,"mean_return":-0.16666666666666666,"total_return":-2.0,"win_rate":0.25,"ci95":[0.08894166839405476,0.5323053349335656]}],"by_seat":[{"seat":0,"wins":2,"draws":0,"losses":10,"mean_return":0.16666666666666666,"total_return":2.0},{"seat":1,"wins":3,"draws":0,"losses":9,"mean_return":-0.6666666666666666,"total_return":-8.0},{"seat":2,"wins":4,"draws":0,"losses":8,"mean_return":0.3333333333333333,"total_return":4.0},{"seat":3,"wins":3,"draws":0,"losses":9,"mean_return":0.16666666666666666,"total_return":2.0}]}'
    ),
}


@pytest.fixture(scope="module")
def whole():
    return recess.arena("tictactoe", LINEUP, 300, 1)


@pytest.fixture(scope="module")
def shards():
    return [recess.arena("tictactoe", LINEUP, 300, 1, shard=(k, 3)) for k in (1, 2, 3)]


def test_a_report_holds_the_run_and_one_result_per_slot_and_seat(whole):
    assert whole.game == "tictactoe"
    assert whole.lineup == LINEUP
    assert (whole.games, whole.seed, whole.shard) == (300, 1, None)
    assert [r.agent for r in whole.results] == LINEUP
    assert [s.seat for s in whole.by_seat] == [0, 1]
    for r in whole.results:
        assert r.games == r.wins + r.draws + r.losses == 300
        assert r.win_rate == pytest.approx(r.wins / 300)
        assert r.mean_return == pytest.approx(r.total_return / 300)
        low, high = r.ci95
        assert 0 <= low <= r.win_rate <= high <= 1
    # Seats rotate: each agent sits in each seat for half the games.
    assert sum(s.wins + s.draws + s.losses for s in whole.by_seat) == 2 * 300
    # The perfect player never loses.
    assert whole.results[0].losses == 0 and whole.results[0].wins > 0


def test_the_same_seed_gives_the_same_report_on_any_number_of_threads(whole):
    again = recess.arena("tictactoe", "perfect,random", 300, 1, threads=1)
    assert again == whole
    assert again.to_json() == whole.to_json()
    assert recess.arena("tictactoe", LINEUP, 300, 2) != whole


def test_shards_split_the_games_and_merge_into_the_whole_run(whole, shards):
    assert [s.shard for s in shards] == [(1, 3), (2, 3), (3, 3)]
    assert [s.results[0].games for s in shards] == [100, 100, 100]
    merged = recess.merge(reversed(shards))
    assert merged == whole
    assert merged.to_dict() == whole.to_dict()
    for got, want in zip(merged.results, whole.results):
        assert got == want
    assert merged.by_seat == whole.by_seat
    # Uneven shards too: 300 games in 7 shards of 43 or 42.
    sevens = [recess.arena("tictactoe", LINEUP, 300, 1, shard=f"{k}/7") for k in range(1, 8)]
    assert recess.merge(sevens) == whole


@pytest.mark.parametrize("run", list(CLI_RUNS))
def test_a_report_written_by_the_command_line_loads_and_equals_the_python_run(run):
    game, lineup, games, seed, shard = run
    line = CLI_RUNS[run]
    ours = recess.arena(game, lineup, games, seed, shard)
    assert recess.Report.from_json(line) == ours
    # And the other way: Python writes what the command line writes, byte for byte.
    assert ours.to_json() == line


def test_json_dict_and_pickle_round_trips(whole, shards):
    for report in [whole, *shards]:
        assert recess.Report.from_json(report.to_json()) == report
        assert recess.Report.from_dict(report.to_dict()) == report
        assert pickle.loads(pickle.dumps(report)) == report
    # Every float reads back as the same float, whatever its digits.
    for games in range(3, 40):
        report = recess.arena("tictactoe", ["heuristic", "random"], games, games)
        assert recess.Report.from_json(report.to_json()) == report
    data = shards[1].to_dict()
    # The shard is written as `--shard` takes it.
    assert data["shard"] == "2/3"
    assert "shard" not in whole.to_dict()
    assert data["results"][0]["ci95"] == list(shards[1].results[0].ci95)


def test_the_table_and_repr(whole, shards):
    table = str(whole)
    assert table.splitlines()[0] == "tictactoe: 300 games, seed 1, lineup perfect,random"
    assert "perfect" in table and "95% interval" in table and "by player" in table
    assert "(shard 2/3)" in str(shards[1])
    assert repr(shards[1]) == (
        'recess.Report("tictactoe", lineup=["perfect", "random"], games=300, seed=1, shard=(2, 3))'
    )


@pytest.mark.parametrize(
    "change, error",
    [
        ({"game": "chess"}, recess.UnknownGameError),
        ({"lineup": ["perfect", "nobody"]}, recess.UnknownAgentError),
        ({"lineup": ["perfect"]}, recess.ConfigError),
        ({"shard": (0, 3)}, recess.ConfigError),
        ({"shard": (4, 3)}, recess.ConfigError),
        ({"shard": (-1, 3)}, recess.ConfigError),
        ({"shard": "2 of 3"}, recess.ConfigError),
        ({"shard": 2}, recess.ConfigError),
        ({"games": 0}, recess.ConfigError),
        ({"games": -5}, recess.ConfigError),
        ({"threads": 0}, recess.ConfigError),
        ({"game": "duel(players=3)"}, recess.ConfigError),
        ({"seed": -1}, ValueError),
    ],
)
def test_bad_arguments_are_refused(change, error):
    args = {"game": "tictactoe", "lineup": LINEUP, "games": 10, "seed": 1, **change}
    with pytest.raises(error):
        recess.arena(**args)
    assert issubclass(error, ValueError)


def test_game_names_take_the_same_aliases_as_load_game():
    assert recess.arena("tic_tac_toe", LINEUP, 10, 1) == recess.arena("tictactoe", LINEUP, 10, 1)


def test_merging_what_is_not_one_run_raises_merge_error(whole, shards):
    other_seed = recess.arena("tictactoe", LINEUP, 300, 2, shard=(2, 3))
    other_lineup = recess.arena("tictactoe", ["heuristic", "random"], 300, 1, shard=(2, 3))
    cases = [
        ([], "no reports"),
        ([whole], "whole run"),
        ([shards[0], shards[0], shards[2]], "twice"),
        (shards[:2], "missing"),
        ([shards[0], other_seed, shards[2]], "seed"),
        ([shards[0], other_lineup, shards[2]], "lineup"),
    ]
    for reports, words in cases:
        with pytest.raises(recess.MergeError, match=words):
            recess.merge(reports)
    assert issubclass(recess.MergeError, ValueError)
    with pytest.raises(recess.ArgumentError):
        recess.merge([shards[0], shards[1].to_dict()])


def test_a_report_that_is_not_json_of_one_raises_parse_error():
    with pytest.raises(recess.ParseError):
        recess.Report.from_json("{}")
    with pytest.raises(recess.ParseError):
        recess.Report.from_json('{"game": "tictactoe"')


def test_every_game_plays_in_the_arena():
    for name in recess.game_names():
        game = recess.load_game(name)
        lineup = [game.agent_names()[0]] * game.num_players()
        report = recess.arena(name, lineup, 2, 5)
        assert report.game == name and [r.games for r in report.results] == [2] * len(lineup)
