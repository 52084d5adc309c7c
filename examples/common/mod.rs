//! What the playable examples share, so that every game takes the same flags and behaves the
//! same way at the prompt: the seed policy, colour, the pace of watched games, the prompt loop,
//! lineups of AIs by name, and refusing bad flags with exit code 2.
//!
//! Each example includes it with `mod common;`. Cargo builds `examples/NAME.rs` and
//! `examples/NAME/main.rs` as examples; this folder has no `main.rs`, so it is not one itself.

// Every example uses only part of what is here.
#![allow(dead_code)]

use std::fmt::Display;
use std::hash::{BuildHasher, RandomState};
use std::io::{self, BufRead, IsTerminal, Write};
use std::time::Duration;

use clap::CommandFactory;
use clap::error::ErrorKind;

/// The pause between the moves of a watched game on a terminal when `--delay` is not given.
pub const DEFAULT_DELAY_MS: u64 = 700;

/// The flags every game takes (`--seed`, `--delay`, `--no-color`), flattened into its own.
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
    #[arg(long)]
    pub no_color: bool,
}

impl Common {
    /// The seed given, or one drawn at random.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(random_seed)
    }

    /// Whether to colour the output: on a terminal, without `--no-color` or `NO_COLOR`.
    pub fn colour(&self) -> bool {
        !self.no_color && recess::cards_core::wants_color()
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

/// Prints `message` as a usage error, with the usage line of `A`, and exits with code 2, as
/// clap does for the flags it refuses itself.
pub fn refuse<A: CommandFactory>(message: impl Display) -> ! {
    let mut command = A::command();
    if let Some(name) = std::env::args_os()
        .next()
        .as_deref()
        .and_then(|path| std::path::Path::new(path).file_stem())
    {
        command = command.bin_name(name.to_string_lossy().into_owned());
    }
    command.error(ErrorKind::InvalidValue, message).exit()
}

/// Checks that every name in `names` is one of `known`; the error lists them.
pub fn check_names(names: &[String], known: &[String]) -> Result<(), String> {
    match names.iter().find(|name| !known.contains(name)) {
        Some(name) => Err(format!(
            "there is no AI called {name:?}; choose from: {}",
            known.join(", ")
        )),
        None => Ok(()),
    }
}

/// The AIs for `seats` seats from the names given to `flag`: one name plays every seat, or one
/// name per seat. Unknown names and a wrong count are refused with what is allowed.
pub fn lineup(
    flag: &str,
    names: &[String],
    seats: usize,
    known: &[String],
) -> Result<Vec<String>, String> {
    check_names(names, known)?;
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

/// What a game makes of an answer typed at its prompt (a refusal is printed wrapped to the
/// width of a small terminal).
pub enum Answer<T> {
    /// Accepted.
    Take(T),
    /// Not accepted: print this and ask again.
    Retry(String),
    /// A command that printed what it had to (a list, a view): ask again.
    Again,
}

/// Standard input, read one answer at a time. Every prompt understands `help` (or `?`), and
/// `quit` (or `q`, `exit`) and the end of the input leave the game; an empty answer asks again.
pub struct Input {
    lines: io::StdinLock<'static>,
    terminal: bool,
}

impl Input {
    /// Standard input.
    pub fn new() -> Self {
        let stdin = io::stdin();
        Input {
            terminal: stdin.is_terminal(),
            lines: stdin.lock(),
        }
    }

    /// Asks until `parse` takes an answer; `None` when the player leaves (after "Bye.", on a
    /// line of its own).
    pub fn ask<T>(
        &mut self,
        prompt: &str,
        help: &str,
        parse: impl FnMut(&str) -> Answer<T>,
    ) -> Option<T> {
        self.ask_with(prompt, help, false, parse)
    }

    /// [`Input::ask`] with the answer kept off the screen: on a terminal the typed text is not
    /// echoed (as a password prompt does), and `parse` must not repeat it in its refusals.
    pub fn ask_hidden<T>(
        &mut self,
        prompt: &str,
        help: &str,
        parse: impl FnMut(&str) -> Answer<T>,
    ) -> Option<T> {
        self.ask_with(prompt, help, true, parse)
    }

    fn ask_with<T>(
        &mut self,
        prompt: &str,
        help: &str,
        hidden: bool,
        mut parse: impl FnMut(&str) -> Answer<T>,
    ) -> Option<T> {
        loop {
            let Some(line) = self.read(prompt, hidden) else {
                println!("Bye.");
                return None;
            };
            let text = line.trim();
            match text.to_lowercase().as_str() {
                "" => continue,
                "quit" | "q" | "exit" => {
                    println!("Bye.");
                    return None;
                }
                "help" | "?" => {
                    println!("{help}");
                    continue;
                }
                _ => {}
            }
            match parse(text) {
                Answer::Take(value) => return Some(value),
                Answer::Retry(why) => println!("{}", wrap(&why, 78)),
                Answer::Again => {}
            }
        }
    }

    /// Prints `prompt` and reads one line; `None` at the end of the input, after ending the
    /// prompt's line.
    fn read(&mut self, prompt: &str, hidden: bool) -> Option<String> {
        print!("{prompt}");
        flush();
        if hidden && self.terminal {
            // Read from the terminal with echo off; Enter prints the newline.
            return match rpassword::read_password() {
                Ok(line) => {
                    if !io::stdout().is_terminal() {
                        // Enter ended the line on the terminal, not in the output.
                        println!();
                    }
                    Some(line)
                }
                Err(e) => {
                    println!();
                    if e.kind() != io::ErrorKind::UnexpectedEof {
                        eprintln!("cannot read a hidden answer from the terminal: {e}");
                    }
                    None
                }
            };
        }
        let mut line = String::new();
        match self.lines.read_line(&mut line) {
            Ok(0) | Err(_) => {
                println!();
                None
            }
            Ok(_) => {
                if !self.terminal {
                    // Nothing echoed the answer: show it (unless hidden), so that a transcript
                    // reads as the dialogue it was and the next line starts on its own.
                    if hidden {
                        println!();
                    } else {
                        println!("{}", line.trim_end());
                    }
                }
                Some(line)
            }
        }
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

/// Flushes standard output (a prompt has no newline).
pub fn flush() {
    let _ = io::stdout().flush();
}

/// `text` with ANSI `code` (for instance `1` bold, `31` red) when `colour` is on.
pub fn paint(colour: bool, code: &str, text: &str) -> String {
    if colour {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// `text` with a capital first letter.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `1 potion`, `2 potions`.
pub fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// `text` wrapped at `width` columns, paragraph by paragraph (lines are split at spaces; a
/// character counts one column).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for (i, paragraph) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut column = 0;
        for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
            let len = word.chars().count();
            if column > 0 && column + 1 + len > width {
                out.push('\n');
                column = 0;
            } else if column > 0 {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += len;
        }
    }
    out
}
