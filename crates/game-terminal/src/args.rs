//! The command line every terminal program shares: the common flags, the seed policy, lineups of
//! AIs by name, and refusals with exit code 2.

use std::fmt::Display;
use std::fs::OpenOptions;
use std::hash::{BuildHasher, RandomState};
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};
use game_core::{Game, Record};

use crate::text::{fill, flush, short, width};

/// The pause between the moves of a watched game on a terminal when `--delay` is not given.
pub const DEFAULT_DELAY_MS: u64 = 700;

/// The flags every game takes (`--seed`, `--delay`, `--no-colour`), flattened into its own.
#[derive(clap::Args, Debug, Clone)]
pub struct Common {
    /// The seed: the same seed and the same moves give the same game [default: drawn at random
    /// and printed, so that the game can be replayed]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Milliseconds between the moves of a watched game (default 700); no pause when the output
    /// is not a terminal
    #[arg(long, value_name = "MS")]
    pub delay: Option<u64>,
    /// No colour, even on a terminal (a non-empty NO_COLOR in the environment does the same;
    /// there is no colour when the output is not a terminal)
    #[arg(long = "no-colour", alias = "no-color")]
    pub no_colour: bool,
    /// Write each finished game's record (JSON, what a replay page is made from) to
    /// FILE; with several games the first goes to FILE, the second to FILE with `-2` before its
    /// extension (game.json, game-2.json, …), and so on. Checked before the game starts
    #[arg(long, value_name = "FILE")]
    pub save_record: Option<PathBuf>,
}

impl Common {
    /// The seed given, or one drawn at random.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(random_seed)
    }

    /// Whether to colour the output: on a terminal, without `--no-colour` or `NO_COLOR`.
    pub fn colour(&self) -> bool {
        !self.no_colour && crate::text::wants_colour()
    }

    /// Refuses (exit code 2) a `--save-record` file that cannot be written, before any game is
    /// played rather than after it. A file that did not exist is not left behind.
    pub fn check_save_record<A: CommandFactory>(&self) {
        if let Some(path) = &self.save_record
            && let Err(e) = check_writable(path)
        {
            refuse::<A>(format!("cannot write the record {}: {e}", path.display()));
        }
    }

    /// Writes `record` to the `--save-record` file (numbered for every game after the first,
    /// `game` counting from 0) and says where; a failure is reported and the program goes on.
    ///
    /// `replay` is the command that turns a record into a page (`my-game replay`), named in the
    /// message.
    pub fn save_record<G>(&self, record: &Record<G>, game: u64, replay: &str)
    where
        G: Game,
        Record<G>: serde::Serialize,
    {
        let Some(path) = &self.save_record else {
            return;
        };
        let path = numbered(path, game);
        let written = serde_json::to_string(record)
            .map_err(io::Error::other)
            .and_then(|json| std::fs::write(&path, json + "\n"));
        match written {
            Ok(()) => println!(
                "{}",
                fill(&format!(
                    "The record is saved in {0}; `{replay} {0}` makes it a page to step through.",
                    path.display()
                ))
            ),
            Err(e) => eprintln!("could not write the record {}: {e}", path.display()),
        }
    }

    /// The pause between the moves of a watched game: `--delay` (or the default) on a terminal,
    /// none when the output goes elsewhere.
    pub fn pace(&self) -> Pace {
        let ms = if io::stdout().is_terminal() {
            self.delay.unwrap_or(DEFAULT_DELAY_MS)
        } else {
            0
        };
        Pace(Duration::from_millis(ms))
    }
}

/// Whether a file can be written at `path`, found out before a long run rather than after it:
/// an existing file is opened for writing without being cut short, and a file made to find out
/// is removed again.
pub fn check_writable(path: &Path) -> io::Result<()> {
    if path.exists() {
        OpenOptions::new().write(true).open(path).map(drop)
    } else {
        OpenOptions::new().write(true).create_new(true).open(path)?;
        std::fs::remove_file(path)
    }
}

/// Where game number `game` (from 0) of a run is saved: `path` itself for the first, then
/// `path` with `-2`, `-3`, … before its extension (`game.json`, `game-2.json`).
pub fn numbered(path: &Path, game: u64) -> PathBuf {
    if game == 0 {
        return path.to_path_buf();
    }
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{}.{}", game + 1, ext.to_string_lossy()),
        None => format!("{stem}-{}", game + 1),
    };
    path.with_file_name(name)
}

/// A seed drawn at random (from the process's hash keys, which the system seeds), small enough
/// to type back.
pub fn random_seed() -> u64 {
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    RandomState::new().hash_one(clock) % 1_000_000
}

/// `seed N (replay with --seed N)`: how every example shows its seed.
pub fn seed_note(seed: u64) -> String {
    format!("seed {seed} (replay with --seed {seed})")
}

/// The pause between the moves of a watched game.
#[derive(Clone, Copy, Debug)]
pub struct Pace(Duration);

impl Pace {
    /// Waits (after flushing what was printed), if there is a pause at all.
    pub fn wait(self) {
        if !self.0.is_zero() {
            flush();
            std::thread::sleep(self.0);
        }
    }
}

/// `A`'s command with its help wrapped to the output's width.
fn command<A: CommandFactory>() -> clap::Command {
    A::command().term_width(width())
}

/// The command line parsed as `A`, its help and errors wrapped to the output's width (a bad
/// flag exits with code 2, `--help` and `--version` with 0, as clap does).
pub fn parse_args<A: CommandFactory + FromArgMatches>() -> A {
    let matches = command::<A>().get_matches();
    A::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// Prints `message` as a usage error, with the usage line of `A`, and exits with code 2, as
/// clap does for the flags it refuses itself.
pub fn refuse<A: CommandFactory>(message: impl Display) -> ! {
    let mut command = command::<A>();
    if let Some(name) = std::env::args_os()
        .next()
        .as_deref()
        .and_then(|path| std::path::Path::new(path).file_stem())
    {
        command = command.bin_name(name.to_string_lossy().into_owned());
    }
    command.error(ErrorKind::InvalidValue, message).exit()
}

/// The AI `name` names, in any case (`Perfect` is `perfect`), as `known` spells it; the error
/// lists them.
pub fn known_name(name: &str, known: &[String]) -> Result<String, String> {
    let wanted = name.trim().to_lowercase();
    known
        .iter()
        .find(|k| k.to_lowercase() == wanted)
        .cloned()
        .ok_or_else(|| {
            format!(
                "there is no AI called {:?}; choose from: {}",
                short(name),
                known.join(", ")
            )
        })
}

/// Every name in `names` as `known` spells it (see [`known_name`]).
pub fn check_names(names: &[String], known: &[String]) -> Result<Vec<String>, String> {
    names.iter().map(|name| known_name(name, known)).collect()
}

/// The AIs for `seats` seats from the names given to `flag`: one name plays every seat, or one
/// name per seat, in any case. Unknown names and a wrong count are refused with what is allowed.
pub fn lineup(
    flag: &str,
    names: &[String],
    seats: usize,
    known: &[String],
) -> Result<Vec<String>, String> {
    let names = check_names(names, known)?;
    let names = names.as_slice();
    match names {
        [one] => Ok(vec![one.clone(); seats]),
        _ if names.len() == seats => Ok(names.to_vec()),
        _ if seats == 1 => Err(format!("{flag} takes one AI name, not {}", names.len())),
        _ => Err(format!(
            "{flag} takes one AI name for every seat or one per seat ({seats}), not {}",
            names.len()
        )),
    }
}

/// Ends the process quietly, with exit code 0, when standard output is a pipe that its reader
/// has closed (`--observe | head`), as command-line tools do, instead of the panic with which
/// `println!` meets the closed pipe (Rust ignores SIGPIPE, and the workspace forbids the
/// `unsafe` call that would restore it). Any other panic is reported as usual.
pub fn end_quietly_when_output_closes() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        report(info);
    }));
}
