//! The replay command line for any set of games: a record in, a page out.
//!
//! ```text
//! replay RECORD.json [-o PAGE.html] [--player N]
//! replay --sample GAME [--seed S] [--save-sample FILE]
//! ```

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser};
use game_core::svg::View;

use crate::{Games, PageError};

/// Turns a saved game's record into a page to step through, in any browser, offline.
#[derive(Parser, Debug)]
#[command(version, long_about = None)]
struct Args {
    /// The record to replay (JSON, as every game's record serialises).
    #[arg(required_unless_present = "sample", conflicts_with = "sample")]
    record: Option<PathBuf>,
    /// Where to write the page (default: the record's name with `.html`, or `GAME.html`).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Draw the game as this player saw it (players are numbered from 1), the others' cards
    /// face down.
    #[arg(long, alias = "seat", value_name = "N")]
    player: Option<usize>,
    /// Replay a game the AIs play instead (the games are listed below).
    #[arg(long, value_name = "GAME")]
    sample: Option<String>,
    /// The seed of the --sample game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also write the --sample game's record here.
    #[arg(long, value_name = "FILE", requires = "sample")]
    save_sample: Option<PathBuf>,
}

/// The replay command line `args` (the program's name first, as [`std::env::args_os`] gives
/// them) over `games`, under the program name `name`: exit code 0 with the page written, 2 for
/// bad input (flags, a seat the game lacks), 1 when a file cannot be read or written or the
/// record is refused.
///
/// ```no_run
/// use game_replay::{Games, cli};
/// use game_testkit::Nim;
///
/// fn main() -> std::process::ExitCode {
///     cli::run("nim-replay", &Games::new().with_roster::<Nim>(), std::env::args_os())
/// }
/// ```
pub fn run<I, T>(name: &'static str, games: &Games, args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let command = Args::command()
        .name(name)
        .bin_name(name)
        .term_width(game_terminal::width())
        .after_help(format!("Games: {}.", games.names().join(", ")));
    let args = match command
        .try_get_matches_from(args)
        .and_then(|m| Args::from_arg_matches(&m))
    {
        Ok(args) => args,
        Err(e) => e.exit(),
    };
    let fail = |message: String, code: u8| {
        eprintln!("{name}: {message}");
        ExitCode::from(code)
    };
    let (json, default_output) = match (&args.record, &args.sample) {
        (Some(path), _) => match std::fs::read_to_string(path) {
            Ok(json) => (json, path.with_extension("html")),
            Err(e) => return fail(format!("{}: {e}", path.display()), 1),
        },
        (None, Some(game)) => match games.sample(game, args.seed) {
            Ok(json) => (json, PathBuf::from(format!("{game}.html"))),
            Err(e @ PageError::UnknownGame { .. }) => return fail(e.to_string(), 2),
            Err(e) => return fail(e.to_string(), 1),
        },
        (None, None) => return fail("give a record, or --sample GAME".to_string(), 2),
    };
    if let Some(path) = &args.save_sample
        && let Err(e) = std::fs::write(path, &json)
    {
        return fail(format!("{}: {e}", path.display()), 1);
    }
    let view = match args.player {
        None => View::Everything,
        Some(0) => return fail("--player 0: players are numbered from 1".to_string(), 2),
        Some(n) => View::Seat(n - 1),
    };
    let replay = match games.replay(&json, view) {
        Ok(replay) => replay,
        Err(PageError::Seat(e)) => {
            return fail(
                format!(
                    "--player {}: the game has {} players, numbered 1 to {}",
                    e.seat.saturating_add(1),
                    e.players,
                    e.players
                ),
                2,
            );
        }
        Err(e) => return fail(e.to_string(), 1),
    };
    let output = args.output.unwrap_or(default_output);
    if let Err(e) = std::fs::write(&output, replay.to_html()) {
        return fail(format!("{}: {e}", output.display()), 1);
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
