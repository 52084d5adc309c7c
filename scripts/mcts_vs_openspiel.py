#!/usr/bin/env python3
"""recess's MCTS beside OpenSpiel's C++ MCTSBot, in one run, on tic-tac-toe from the empty board.

    pip install open_spiel
    python3 scripts/mcts_vs_openspiel.py [--iterations 100000] [--repeats 5]

OpenSpiel: pyspiel.MCTSBot(game, RandomRolloutEvaluator(1, seed), c=1.4, max_simulations,
max_memory_mb=4000, solve=False, seed, verbose=False); one `step` from the empty board is timed.
recess: `cargo run --release --example mcts_rate` with the same iterations and constant (built
into $CARGO_TARGET_DIR when set). Each side makes one untimed decision first, so that both are
timed warm (OpenSpiel's bot in this Python process, recess's agent in its own); the two are then
run alternately, and the median rate of each is printed with their ratio.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def openspiel_rate(iterations: int, exploration: float, seed: int) -> float:
    import pyspiel

    game = pyspiel.load_game("tic_tac_toe")
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, exploration, iterations, 4000, False, seed, False)
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.step(state)
    return iterations / (time.perf_counter() - start)


def recess_rate(binary: Path, iterations: int, exploration: float) -> dict:
    out = subprocess.run(
        [str(binary), "--iterations", str(iterations), "--exploration", str(exploration),
         "--repeats", "1", "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100_000)
    parser.add_argument("--exploration", type=float, default=1.4)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed: pip install open_spiel", file=sys.stderr)
        return 2
    root = Path(__file__).resolve().parent.parent
    subprocess.run(["cargo", "build", "--quiet", "--release", "--example", "mcts_rate"],
                   cwd=root, check=True)
    target = root / os.environ.get("CARGO_TARGET_DIR", "target")
    binary = target / "release" / "examples" / "mcts_rate"
    openspiel_rate(args.iterations, args.exploration, 0)  # untimed warm-up
    ours, reference, theirs = [], [], []
    for seed in range(args.repeats):
        r = recess_rate(binary, args.iterations, args.exploration)
        ours.append(r["fast_per_s"])
        reference.append(r["reference_per_s"])
        theirs.append(openspiel_rate(args.iterations, args.exploration, seed))
    fast, ref, os_rate = (statistics.median(x) for x in (ours, reference, theirs))
    print(f"tic-tac-toe from the empty board, {args.iterations} iterations, c = {args.exploration}, "
          f"median of {args.repeats}:")
    print(f"  recess Uct                      {fast / 1e6:6.2f} M iterations/s")
    print(f"  recess Mcts (its reference)     {ref / 1e6:6.2f} M iterations/s")
    print(f"  OpenSpiel C++ MCTSBot           {os_rate / 1e6:6.2f} M iterations/s")
    print(f"  ratio fast / OpenSpiel          {fast / os_rate:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
