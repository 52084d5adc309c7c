//! How fast game-core's MCTS searches: iterations per second on tic-tac-toe from the empty board.
//!
//! ```text
//! cargo run --release --example mcts_rate -- [--iterations N] [--exploration C] [--repeats R] [--json]
//! ```
//!
//! One agent, as a program keeps for a whole game, makes one untimed decision from the empty
//! board and then `--repeats` timed ones; the median rate is printed, for `Uct` and
//! for `Mcts`, the plain reference it is tested against. The untimed decision leaves the agent's tree arena sized and
//! its memory in place, as OpenSpiel's bot finds the allocator's memory in a running Python
//! process: a fresh agent in a fresh process would also time the kernel handing it new pages
//! (measured 10% of a decision). `scripts/mcts_vs_openspiel.py` runs this beside OpenSpiel's
//! C++ `MCTSBot`.

use recess::game_terminal as common;

use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use game_core::{Agent, Decision, Game};
use game_search::{Mcts, MctsConfig, Uct};
use tictactoe::{Config, TicTacToe};

/// Iterations per second of game-core's MCTS on tic-tac-toe from the empty board.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Search iterations per decision.
    #[arg(long, default_value_t = 100_000)]
    iterations: usize,
    /// UCB exploration constant.
    #[arg(long, default_value_t = 1.4)]
    exploration: f64,
    /// Decisions timed per engine (the median is reported).
    #[arg(long, default_value_t = 5)]
    repeats: usize,
    /// Time only the fast engine (skip the reference).
    #[arg(long)]
    fast_only: bool,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The median rate over `repeats` decisions of agents made by `make`.
fn median_rate<A: Agent<TicTacToe>>(args: &Args, make: impl Fn(MctsConfig, u64) -> A) -> f64 {
    let config = MctsConfig {
        iterations: args.iterations,
        exploration: args.exploration,
        ..MctsConfig::default()
    };
    let board = TicTacToe::new(Config::default(), 0).expect("the default configuration");
    let legal = board.legal_actions(0);
    let decision = Decision::<TicTacToe>::new(0, &board, &legal).expect("moves on an empty board");
    let mut agent = make(config, 0);
    agent.choose(&decision);
    let mut rates: Vec<f64> = (0..args.repeats.max(1))
        .map(|_| {
            let start = Instant::now();
            agent.choose(&decision);
            args.iterations as f64 / start.elapsed().as_secs_f64()
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

fn main() -> ExitCode {
    let args: Args = common::parse_args();
    if args.iterations == 0 {
        eprintln!("--iterations must be at least 1");
        return ExitCode::from(2);
    }
    let fast = median_rate(&args, Uct::<TicTacToe>::with_config);
    let reference = if args.fast_only {
        f64::NAN
    } else {
        median_rate(&args, Mcts::<TicTacToe>::with_config)
    };
    if args.json {
        println!(
            "{{\"iterations\":{},\"exploration\":{},\"fast_per_s\":{fast:.0},\"reference_per_s\":{reference:.0}}}",
            args.iterations, args.exploration
        );
    } else {
        println!(
            "recess Uct and Mcts, tic-tac-toe from the empty board, {} iterations, c = {}:",
            args.iterations, args.exploration
        );
        println!("  Uct               {:>6.2} M iterations/s", fast / 1e6);
        println!(
            "  Mcts (reference)  {:>6.2} M iterations/s",
            reference / 1e6
        );
    }
    ExitCode::SUCCESS
}
