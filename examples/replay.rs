//! A saved game as a replay page: one self-contained HTML file that steps through the game.
//!
//! ```text
//! cargo run --example replay -- RECORD.json -o page.html [--player N]
//! cargo run --example replay -- --sample big-two [--seed S] -o page.html [--save-sample RECORD.json]
//! ```
//!
//! RECORD.json is a game's record as every recess game serialises it (`{"game": …, "config":
//! …, "seed": …, "actions": […]}`). The page shows every step drawn as SVG, the move's notation
//! and what happened, and steps with its buttons or the arrow keys (Home and End jump). It needs
//! no server and loads nothing: open it in any browser, offline. `--seat N` draws the game as
//! player N saw it (players are numbered from 1, as the games number them; other hands face
//! down); by default every hand is shown. `--sample GAME`
//! replays a game the AIs play from `--seed` instead of a saved record.

mod common;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use recess::game_core::svg::View;
use recess::replay::{Replay, ReplayError, sample_record};

/// A saved game as one self-contained HTML page.
#[derive(Parser, Debug)]
#[command(name = "replay", version, long_about = None)]
struct Args {
    /// The record to replay (JSON, as every recess game's record serialises).
    #[arg(required_unless_present = "sample", conflicts_with = "sample")]
    record: Option<PathBuf>,
    /// Where to write the page (default: the record's name with `.html`, or `GAME.html`).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Draw the game as this player saw it (players are numbered from 1), the others' cards
    /// face down.
    #[arg(long, alias = "seat", value_name = "N")]
    player: Option<usize>,
    /// Replay a game the AIs play instead: tictactoe, duel, big-two, life-go or scoundrel.
    #[arg(long, value_name = "GAME")]
    sample: Option<String>,
    /// The seed of the --sample game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also write the --sample game's record here.
    #[arg(long, value_name = "FILE", requires = "sample")]
    save_sample: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args: Args = common::parse_args();
    let (json, default_output) = match (&args.record, &args.sample) {
        (Some(path), _) => match std::fs::read_to_string(path) {
            Ok(json) => (json, path.with_extension("html")),
            Err(e) => {
                eprintln!("replay: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
        (None, Some(game)) => match sample_record(game, args.seed) {
            Ok(json) => (json, PathBuf::from(format!("{game}.html"))),
            Err(e) => {
                eprintln!("replay: {e}");
                return ExitCode::FAILURE;
            }
        },
        (None, None) => {
            eprintln!("replay: give a record, or --sample GAME");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.save_sample
        && let Err(e) = std::fs::write(path, &json)
    {
        eprintln!("replay: {}: {e}", path.display());
        return ExitCode::FAILURE;
    }
    let view = match args.player {
        None => View::Everything,
        Some(0) => {
            eprintln!("replay: --player 0: players are numbered from 1");
            return ExitCode::from(2);
        }
        Some(n) => View::Seat(n - 1),
    };
    let replay = match Replay::from_json(&json, view) {
        Ok(replay) => replay,
        Err(ReplayError::Seat(e)) => {
            eprintln!(
                "replay: --player {}: the game has {} players, numbered 1 to {}",
                e.seat.saturating_add(1),
                e.players,
                e.players
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("replay: {e}");
            return ExitCode::FAILURE;
        }
    };
    let output = args.output.unwrap_or(default_output);
    if let Err(e) = std::fs::write(&output, replay.to_html()) {
        eprintln!("replay: {}: {e}", output.display());
        return ExitCode::FAILURE;
    }
    // The page counts its steps from 0, the start, to the last move.
    println!(
        "{}: {} (seed {}), step 0 (the start) to step {}",
        output.display(),
        replay.game,
        replay.seed,
        replay.steps.len().saturating_sub(1)
    );
    ExitCode::SUCCESS
}
