//! AI tournaments for every game.
//!
//! ```text
//! cargo run --release --example arena -- [GAME...] [--lineup A,B,...] [--games N] [--seed S] [--json]
//! ```
//!
//! With no game named it runs every game's standard lineups. `--json` prints one JSON object per
//! line instead of tables.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use game_core::Roster;
use game_core::arena::{self, Report, Settings};
use indicatif::{ProgressBar, ProgressStyle};

/// Play AIs against each other over many seeded games, seats rotated, and report win rates with
/// 95% confidence intervals.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Games to run (default: all of them).
    #[arg(value_name = "GAME")]
    games_to_run: Vec<String>,
    /// Agents, one per seat, comma-separated (default: each game's standard lineups).
    #[arg(long, value_delimiter = ',')]
    lineup: Option<Vec<String>>,
    /// Games per lineup (default: a per-game number that keeps the whole run short).
    #[arg(long)]
    games: Option<usize>,
    /// Seed of the run; every game's and agent's seed derives from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One JSON object per line instead of tables.
    #[arg(long)]
    json: bool,
}

/// One game the arena knows: its name, how many games a default run plays, and how to run it.
struct Entry {
    name: &'static str,
    default_games: usize,
    run: fn(&Args, usize) -> Result<Vec<Report>, String>,
    agents: fn() -> Vec<String>,
}

fn run_game<G: Roster>(args: &Args, default_games: usize) -> Result<Vec<Report>, String> {
    let lineups = match &args.lineup {
        Some(lineup) => vec![lineup.clone()],
        None => G::standard_lineups(),
    };
    lineups
        .into_iter()
        .map(|lineup| {
            let config = G::arena_config(&lineup);
            let settings = Settings {
                lineup,
                games: args.games.unwrap_or(default_games),
                seed: args.seed,
            };
            let bar = progress_bar::<G>(&settings, !args.json);
            let report = arena::run_with_progress::<G>(&config, &settings, |_| bar.inc(1));
            bar.finish_and_clear();
            report.map_err(|e| e.to_string())
        })
        .collect()
}

/// A progress bar on standard error when it is a terminal (and `wanted`), else a hidden one.
fn progress_bar<G: Roster>(settings: &Settings, wanted: bool) -> ProgressBar {
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(settings.games as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} games, {eta} left")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(format!("{} {}", G::NAME, settings.lineup.join(",")));
    bar
}

fn entry<G: Roster>(default_games: usize) -> Entry {
    Entry {
        name: G::NAME,
        default_games,
        run: run_game::<G>,
        agents: G::agent_names,
    }
}

fn entries() -> Vec<Entry> {
    vec![
        // One line per game; keep in the order of the README's table.
        entry::<tictactoe::TicTacToe>(2000),
        entry::<duel_rules::Duel>(1000),
        entry::<big_two_reversal::BigTwo>(100),
        entry::<life_go::LifeGo>(20),
        entry::<scoundrel::Scoundrel>(100),
    ]
}

fn main() -> ExitCode {
    let args = Args::parse();
    let entries = entries();
    let chosen: Vec<&Entry> = if args.games_to_run.is_empty() {
        entries.iter().collect()
    } else {
        let mut chosen = Vec::new();
        for name in &args.games_to_run {
            match entries.iter().find(|e| e.name == name) {
                Some(entry) => chosen.push(entry),
                None => {
                    let known: Vec<&str> = entries.iter().map(|e| e.name).collect();
                    eprintln!("unknown game {name:?}; choose from: {}", known.join(", "));
                    return ExitCode::FAILURE;
                }
            }
        }
        chosen
    };
    if args.lineup.is_some() && chosen.len() != 1 {
        eprintln!("--lineup needs exactly one game, since agent names differ between games");
        return ExitCode::FAILURE;
    }
    for entry in chosen {
        let started = Instant::now();
        match (entry.run)(&args, entry.default_games) {
            Ok(reports) => {
                for report in reports {
                    if args.json {
                        match serde_json::to_string(&report) {
                            Ok(line) => println!("{line}"),
                            Err(e) => {
                                eprintln!("cannot print the report: {e}");
                                return ExitCode::FAILURE;
                            }
                        }
                    } else {
                        println!("{report}");
                    }
                }
                if !args.json {
                    println!(
                        "({} took {:.1} s)\n",
                        entry.name,
                        started.elapsed().as_secs_f64()
                    );
                }
            }
            Err(message) => {
                eprintln!("{}: {message}", entry.name);
                eprintln!("agents for {}: {}", entry.name, (entry.agents)().join(", "));
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
