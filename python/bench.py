"""Random-play tic-tac-toe games per second: recess state by state, recess's VectorGame, and
OpenSpiel's pyspiel, in one run; then random-play card-game transitions per second: Big Two
through VectorGame beside RLCard's Dou Dizhu; with --openspiel, recess's tic-tac-toe registered
in OpenSpiel (`recess.openspiel`) against pyspiel's own C++ `tic_tac_toe` under OpenSpiel's
algorithms.

    python python/bench.py [--seconds 3] [--n 4096]
    python python/bench.py --cards [--seconds 3] [--cards-n 256]
    python python/bench.py --openspiel [--seconds 3]

State by state, both libraries run the same Python loops: ask for the legal actions, pick one
with `random.choice` and apply it until the game is over; and the same with each library's own
uniformly random bot choosing (`recess.agent(game, "random")`, pyspiel's
`make_uniform_random_bot`). VectorGame steps `n` games per call in Rust, on one thread and on
two: with random legal actions drawn in Rust (`random_actions`), and with actions drawn in numpy
from the legal-action masks, as a Python policy would. pyspiel is used if it is installed
(`pip install open_spiel`); otherwise its lines are skipped. The ratios are to pyspiel's
`random.choice` loop.

Card games, in transitions per second (one transition: one seat's action applied), the rounds
taking turns and each line the median of five: Big Two (four seats, 11,493 action ids, 472-float
observations) stepped `--cards-n` games per call by VectorGame with random legal actions drawn in
Rust, every seat's observation and mask written after each step, on one thread and on two; the
same under Hong Kong's rules (`rules="hong-kong"`: 52 cards, the five-card hands, 25,780 action
ids, 442-float observations); and
RLCard's Dou Dizhu (`rlcard.make("doudizhu")`, three seats) played by `RandomAgent`s through
`env.run`, as RLCard's examples run it, if RLCard is installed (`pip install rlcard`). --cards
runs only these.

With --openspiel, the same three measurements on both games: (a) the seconds OpenSpiel's Python
`exploitability` of the uniformly random policy takes (a walk of the whole tree, mostly through
`get_all_states` and pyspiel's C++ `TabularBestResponse`); (b) the simulations per second of
OpenSpiel's Python `MCTSBot` (random rollouts) choosing the first move; (c) the random games per
second of `pyspiel.evaluate_bots` with pyspiel's C++ uniformly random bots, where every call to
the game goes from C++ to Python.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

# Run as `python python/bench.py`, Python puts this script's folder first on the path, and its
# source package recess/ (which lacks the compiled core) would shadow the installed recess.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]

import numpy as np  # noqa: E402

import recess  # noqa: E402

# The clock every measurement reads: wall time, or with --clock cpu this process's CPU time
# (steadier on a busy machine; with two threads it counts both, so it shows no gain from them).
clock = time.perf_counter


def timed(run, seconds: float) -> float:
    """Games per second of `run(budget)`, which plays until the budget (a deadline) and
    returns the number of games it finished; the best of three rounds."""
    best = 0.0
    for _ in range(3):
        start = clock()
        games = run(start + seconds / 3)
        best = max(best, games / (clock() - start))
    return best


def recess_states(deadline: float) -> int:
    game = recess.load_game("tictactoe")
    choice = random.choice
    games = 0
    while clock() < deadline:
        for seed in range(100):
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
        games += 100
    return games


def pyspiel_states(deadline: float) -> int:
    import pyspiel

    game = pyspiel.load_game("tic_tac_toe")
    choice = random.choice
    games = 0
    while clock() < deadline:
        for _ in range(100):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
        games += 100
    return games


def recess_bots(deadline: float) -> int:
    game = recess.load_game("tictactoe")
    bots = [recess.agent(game, "random", seed) for seed in (1, 2)]
    games = 0
    while clock() < deadline:
        for seed in range(100):
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                state.apply_action(bots[state.current_player()].step(state))
        games += 100
    return games


def pyspiel_bots(deadline: float) -> int:
    import pyspiel

    game = pyspiel.load_game("tic_tac_toe")
    bots = [pyspiel.make_uniform_random_bot(player, seed) for player, seed in ((0, 1), (1, 2))]
    games = 0
    while clock() < deadline:
        for _ in range(100):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(bots[state.current_player()].step(state))
        games += 100
    return games


def vector_rust_actions(n: int, threads: int):
    def run(deadline: float) -> int:
        games = recess.VectorGame("tictactoe", n, seed=1, threads=threads)
        while clock() < deadline:
            for _ in range(20):
                games.step(games.random_actions())
        return games.episodes

    return run


def vector_numpy_actions(n: int, threads: int):
    def run(deadline: float) -> int:
        games = recess.VectorGame("tictactoe", n, seed=2, threads=threads)
        rng = np.random.default_rng(3)
        rows = np.arange(n)
        masks, players = games.masks, games.current_players
        while clock() < deadline:
            for _ in range(20):
                legal = masks[rows, players]
                actions = np.argmax(rng.random(legal.shape, dtype=np.float32) * legal, axis=1)
                games.step(actions)
        return games.episodes

    return run


def exploitability_seconds(name: str) -> tuple[float, float]:
    """(a): the exploitability of the uniform policy and the seconds it took (one run)."""
    import pyspiel
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    game = pyspiel.load_game(name)
    start = clock()
    value = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    return value, clock() - start


def mcts_simulations(name: str, simulations: int = 200):
    """(b): `MCTSBot` simulations per second, choosing the first move again and again."""
    import pyspiel
    from open_spiel.python.algorithms import mcts

    def run(deadline: float) -> int:
        game = pyspiel.load_game(name)
        rng = np.random.RandomState(1)
        bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng),
                           random_state=rng)
        state = game.new_initial_state()
        done = 0
        while clock() < deadline:
            bot.step(state)
            done += simulations
        return done

    return run


def evaluate_bots_games(name: str):
    """(c): games per second of `pyspiel.evaluate_bots` with C++ uniformly random bots."""
    import pyspiel

    def run(deadline: float) -> int:
        game = pyspiel.load_game(name)
        bots = [pyspiel.make_uniform_random_bot(player, player + 1) for player in (0, 1)]
        games = 0
        while clock() < deadline:
            for seed in range(100):
                pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
            games += 100
        return games

    return run


def vector_big_two(n: int, threads: int, rules: str = "reversal"):
    """Big Two transitions per second through VectorGame under the rule set `rules`: `n` per
    step."""
    games = recess.VectorGame("big-two", n, seed=1, threads=threads, rules=rules)

    def run(deadline: float) -> int:
        steps = 0
        while clock() < deadline:
            for _ in range(10):
                games.step(games.random_actions())
            steps += 10
        return steps * n

    return run


def rlcard_dou_dizhu():
    """Dou Dizhu transitions per second through RLCard's `env.run` with random agents."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("doudizhu", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def run(deadline: float) -> int:
        transitions = 0
        while clock() < deadline:
            trajectories, _ = env.run(is_training=False)
            # Each seat's trajectory is state, action, state, ..., state.
            transitions += sum((len(t) - 1) // 2 for t in trajectories)
        return transitions

    return run


def medians(runs, seconds: float, rounds: int = 5) -> list[float]:
    """The median rate of each of `runs` over `rounds` rounds that take turns."""
    rates = [[] for _ in runs]
    for _ in range(rounds):
        for i, run in enumerate(runs):
            start = clock()
            done = run(start + seconds / rounds)
            rates[i].append(done / (clock() - start))
    return [sorted(r)[len(r) // 2] for r in rates]


def cards_main(seconds: float, n: int) -> None:
    print(f"random-play card games, transitions per second ({platform.python_version()}, "
          f"{platform.machine()}, {seconds:g} s of "
          f"{'CPU' if clock is time.process_time else 'wall'} time per line, medians of 5 "
          "rounds in turns)")
    rows = [(f"recess VectorGame big-two n={n}, {threads} thread(s), Rust actions",
             vector_big_two(n, threads)) for threads in (1, 2)]
    rows += [(f"recess VectorGame big-two(rules=hong-kong) n={n}, {threads} thread(s), "
              "Rust actions", vector_big_two(n, threads, "hong-kong")) for threads in (1, 2)]
    ours = len(rows)
    try:
        import rlcard  # noqa: F401

        rows.append(("RLCard doudizhu, env.run, RandomAgent", rlcard_dou_dizhu()))
    except ImportError:
        pass
    rates = medians([run for _, run in rows], seconds)
    baseline = rates[-1] if len(rows) > ours else None
    width = max(len(name) for name, _ in rows)
    for (name, _), rate in zip(rows, rates):
        ratio = f"  {rate / baseline:8.1f}x" if baseline else ""
        print(f"{name:<{width}}  {rate:>12,.0f}{ratio}")
    if baseline is None:
        print("RLCard is not installed (pip install rlcard): no comparison")


def interleaved(runs, seconds: float, rounds: int = 3) -> list[float]:
    """The best rate of each of `runs` over `rounds` rounds that take turns, so that a change
    in the machine's load falls on both games alike."""
    best = [0.0] * len(runs)
    for _ in range(rounds):
        for i, run in enumerate(runs):
            start = clock()
            done = run(start + seconds / rounds)
            best[i] = max(best[i], done / (clock() - start))
    return best


def openspiel_main(seconds: float) -> None:
    import pyspiel  # noqa: F401 (needed: --openspiel compares with it)

    import recess.openspiel  # noqa: F401 (registers recess_tictactoe)

    games = [("recess_tictactoe", "recess"), ("tic_tac_toe", "pyspiel")]
    print(f"tic-tac-toe under OpenSpiel's algorithms ({platform.python_version()}, "
          f"{platform.machine()}; recess's registered game against pyspiel's C++ game, "
          f"{seconds:g} s of {'CPU' if clock is time.process_time else 'wall'} time for (b) "
          "and (c), in turns)")
    rows = []
    for name, who in games:
        value, took = exploitability_seconds(name)
        rows.append((f"(a) exploitability of the uniform policy, {who}", took, "s",
                     f"  (value {value:.9f})"))
    for label, make in (("(b) MCTSBot simulations per second", mcts_simulations),
                        ("(c) evaluate_bots random games per second", evaluate_bots_games)):
        rates = interleaved([make(name) for name, _ in games], seconds)
        for (_, who), rate in zip(games, rates):
            rows.append((f"{label}, {who}", rate, "/s", ""))
    width = max(len(row[0]) for row in rows)
    for label, figure, unit, note in rows:
        shown = f"{figure:10.2f} s" if unit == "s" else f"{figure:10,.0f}/s"
        print(f"{label:<{width}}  {shown}{note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--n", type=int, default=4096, help="games in the VectorGame")
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                        help="wall time, or this process's CPU time")
    parser.add_argument("--cards-n", type=int, default=256,
                        help="games in the Big Two VectorGame")
    parser.add_argument("--cards", action="store_true",
                        help="only Big Two's VectorGame beside RLCard's Dou Dizhu")
    parser.add_argument("--openspiel", action="store_true",
                        help="recess's tic-tac-toe in OpenSpiel against pyspiel's own")
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.openspiel:
        openspiel_main(args.seconds)
        return
    if args.cards:
        cards_main(args.seconds, args.cards_n)
        return

    print(f"random-play tic-tac-toe, games per second ({platform.python_version()}, "
          f"{platform.machine()}, {args.seconds:g} s of {args.clock} time per line)")
    try:
        import pyspiel  # noqa: F401

        have_pyspiel = True
    except ImportError:
        have_pyspiel = False
    n = args.n
    rows = [("recess, state by state, random.choice", recess_states)]
    if have_pyspiel:
        rows.append(("pyspiel, state by state, random.choice", pyspiel_states))
    rows.append(("recess, state by state, own random bot", recess_bots))
    if have_pyspiel:
        rows.append(("pyspiel, state by state, own random bot", pyspiel_bots))
    for threads in (1, 2):
        rows.append((f"recess VectorGame n={n}, {threads} thread(s), Rust actions",
                     vector_rust_actions(n, threads)))
        rows.append((f"recess VectorGame n={n}, {threads} thread(s), numpy actions",
                     vector_numpy_actions(n, threads)))
    rates = [(name, timed(run, args.seconds)) for name, run in rows]
    baseline = dict(rates).get("pyspiel, state by state, random.choice")
    width = max(len(name) for name, _ in rates)
    for name, rate in rates:
        ratio = f"  {rate / baseline:6.1f}x" if baseline else ""
        print(f"{name:<{width}}  {rate:>12,.0f}{ratio}")
    if not have_pyspiel:
        print("pyspiel is not installed (pip install open_spiel): no comparison")
    print()
    cards_main(args.seconds, args.cards_n)


if __name__ == "__main__":
    main()
