//! What the playable examples share, so that every game takes the same flags and behaves the
//! same way at the prompt: the seed policy, colour, the pace of watched games, the prompt loop,
//! lineups of AIs by name (in any case), refusing bad flags with exit code 2, text wrapped to
//! the terminal's width (80 columns when the output is not a terminal) and typed input shown
//! back cut short.
//!
//! The same words everywhere: players are numbered from 1 in every game's text; `--no-colour`
//! (British, as the rest of the code; `--no-color` is accepted too) turns colour off; every
//! program answers `--version`; a game played by a person offers another game at its end. The
//! games' Chinese names are written as their sources write them: 零儲 and 逆轉大老2 in
//! traditional characters (Hong Kong and Taiwan), 地城恶棍 in simplified characters (the
//! mainland blog the game came from), 井字棋 the same in both.
//!
//! Each example includes it with `mod common;`. Cargo builds `examples/NAME.rs` and
//! `examples/NAME/main.rs` as examples; this folder has no `main.rs`, so it is not one itself.

// Every example uses only part of what is here.
#![allow(dead_code)]

use std::fmt::Display;
use std::fs::OpenOptions;
use std::hash::{BuildHasher, RandomState};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};
use game_core::{Game, Record};

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
    /// Write each finished game's record (JSON, what the replay example turns into a page) to
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
        !self.no_colour && recess::cards_core::wants_color()
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
    pub fn save_record<G>(&self, record: &Record<G>, game: u64)
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
                    "The record is saved in {0}; `cargo run --example replay -- {0}` makes it a \
                     page to step through.",
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

/// The width to wrap text to: the terminal's, or 80 columns when the output is not a terminal.
pub fn width() -> usize {
    match terminal_size::terminal_size() {
        Some((w, _)) if io::stdout().is_terminal() => usize::from(w.0).max(20),
        _ => 80,
    }
}

/// While it lives, keys pressed on the terminal are neither shown nor kept: for the time an AI
/// thinks, so that a move typed meanwhile does not appear above the next prompt, nor answer it
/// unseen. Does nothing when the input is not a terminal.
pub struct Thinking {
    #[cfg(unix)]
    saved: Option<rustix::termios::Termios>,
}

impl Thinking {
    /// Turns the terminal's echo off until the value is dropped.
    pub fn start() -> Self {
        #[cfg(unix)]
        {
            use rustix::termios::{LocalModes, OptionalActions, tcgetattr, tcsetattr};
            let stdin = io::stdin();
            if !stdin.is_terminal() {
                return Self { saved: None };
            }
            let Ok(saved) = tcgetattr(&stdin) else {
                return Self { saved: None };
            };
            let mut quiet = saved.clone();
            quiet.local_modes.remove(LocalModes::ECHO);
            if tcsetattr(&stdin, OptionalActions::Now, &quiet).is_err() {
                return Self { saved: None };
            }
            Self { saved: Some(saved) }
        }
        #[cfg(not(unix))]
        {
            Self {}
        }
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(saved) = self.saved.take() {
            use rustix::termios::{OptionalActions, QueueSelector, tcflush, tcsetattr};
            let stdin = io::stdin();
            // What was typed meanwhile is dropped, then the echo comes back.
            let _ = tcflush(&stdin, QueueSelector::IFlush);
            let _ = tcsetattr(&stdin, OptionalActions::Now, &saved);
        }
    }
}

/// `text` as [`fill`] wraps it, except that a line which already fits is kept as it is, its
/// spaces included: a table's aligned columns (the duel's moves) survive in help texts.
pub fn fill_keeping_columns(text: &str) -> String {
    let most = width() - 2;
    text.split('\n')
        .map(|line| {
            if visible_width(line) <= most {
                line.trim_end().to_string()
            } else {
                wrap(line, most)
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` wrapped to the output's width, two columns spare (see [`wrap`]).
pub fn fill(text: &str) -> String {
    wrap(text, width() - 2)
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
/// Typed text shown back (in a refusal, or echoed when the input is not a terminal) is cut to
/// [`SHOWN`] characters.
pub struct Input {
    lines: io::StdinLock<'static>,
    terminal: bool,
    confirm_quit: bool,
}

impl Input {
    /// Standard input.
    pub fn new() -> Self {
        let stdin = io::stdin();
        Input {
            terminal: stdin.is_terminal(),
            lines: stdin.lock(),
            confirm_quit: false,
        }
    }

    /// Asks "Leave the game?" before `quit` (or `q`, `exit`) leaves, for games where `q` could
    /// be meant as something else (a queen); the end of the input still leaves at once.
    pub fn confirming_quit(mut self) -> Self {
        self.confirm_quit = true;
        self
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
                    if self.confirm_quit && !self.leave_for_sure(text) {
                        continue;
                    }
                    println!("Bye.");
                    return None;
                }
                "help" | "?" => {
                    println!("{}", fill_keeping_columns(help));
                    continue;
                }
                _ => {}
            }
            match parse(text) {
                Answer::Take(value) => return Some(value),
                Answer::Retry(why) => {
                    let why = if hidden { why } else { cut_input(&why, text) };
                    println!("{}", fill(&why));
                }
                Answer::Again => {}
            }
        }
    }

    /// Asks whether `typed` (`q`, `quit`) means to leave: `true` for yes and at the end of the
    /// input.
    fn leave_for_sure(&mut self, typed: &str) -> bool {
        let queen = if typed.eq_ignore_ascii_case("q") {
            " (a queen is typed with its suit: Qs)"
        } else {
            ""
        };
        loop {
            let prompt = format!("Leave the game{queen}? (y/n) ");
            let Some(line) = self.read(&prompt, false) else {
                return true;
            };
            match line.trim().to_lowercase().as_str() {
                "y" | "yes" => return true,
                "n" | "no" => return false,
                _ => println!("Please answer y or n."),
            }
        }
    }

    /// Prints `prompt` and reads one line; `None` at the end of the input, after ending the
    /// prompt's line.
    fn read(&mut self, prompt: &str, hidden: bool) -> Option<String> {
        let mut prompt = fill(prompt);
        if !prompt.ends_with(' ') {
            prompt.push(' ');
        }
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
                        // Cut to what is left of the prompt's last line.
                        let used = visible_width(prompt.rsplit('\n').next().unwrap_or(""));
                        let room = width().saturating_sub(used + 1).clamp(8, SHOWN);
                        println!("{}", short_to(line.trim_end(), room));
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

/// Most characters of typed text shown back.
pub const SHOWN: usize = 40;

/// Typed text as shown back: control characters escaped (`\t`, `\u{1b}`), and cut to
/// [`SHOWN`] characters with `…` when longer.
pub fn short(text: &str) -> String {
    short_to(text, SHOWN)
}

/// [`short`], cut to `most` characters.
pub fn short_to(text: &str, most: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == most {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// `message` with every long piece of `typed` in it (the whole line, or one of its words) cut
/// as [`short`] shows it, so that no refusal repeats a long line in full.
pub fn cut_input(message: &str, typed: &str) -> String {
    let mut out = message.to_string();
    let pieces = std::iter::once(typed).chain(typed.split(|c: char| c.is_whitespace() || c == ','));
    for piece in pieces {
        if piece.chars().count() > SHOWN || piece.chars().any(char::is_control) {
            let quoted = format!("{piece:?}");
            out = out.replace(&quoted, &format!("\"{}\"", short(piece)));
            out = out.replace(piece, &short(piece));
        }
    }
    out
}

/// `text` wrapped at `width` columns, paragraph by paragraph, at spaces only (a word longer
/// than the line stands on a line of its own; a character counts one column). A paragraph's
/// indentation, and a list item's `- `, indent its following lines too.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for (i, paragraph) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let body = paragraph.trim_start_matches(' ');
        let indent = paragraph.len() - body.len();
        let hanging = indent + if body.starts_with("- ") { 2 } else { 0 };
        out.push_str(&" ".repeat(indent));
        let mut column = indent;
        let mut first = true;
        for word in body.split(' ').filter(|w| !w.is_empty()) {
            let len = visible_width(word);
            if !first && column + 1 + len > width {
                out.push('\n');
                out.push_str(&" ".repeat(hanging));
                column = hanging;
            } else if !first {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += len;
            first = false;
        }
    }
    out
}

/// The columns `text` takes on a terminal: its characters less ANSI colour codes, Chinese
/// characters (and other wide ones) two columns each.
pub fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut in_code = false;
    for c in text.chars() {
        match (in_code, c) {
            (false, '\x1b') => in_code = true,
            (false, _) => width += if is_wide(c) { 2 } else { 1 },
            (true, 'm') => in_code = false,
            (true, _) => {}
        }
    }
    width
}

/// Whether a terminal shows `c` two columns wide: the East Asian wide ranges (Hangul Jamo, CJK
/// and its punctuation, Hangul syllables, compatibility ideographs, full-width forms).
fn is_wide(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD)
}

/// Asks whether to play another game after one a person played: `true` for yes. Says "Bye."
/// once when the answer is no (as [`Input::ask`] does when the player leaves or the input ends),
/// so a caller says nothing more.
pub fn another_game(input: &mut Input, what: &str, help: &str) -> bool {
    let answer = input.ask(
        &format!("Another game{what}? (y = yes, n = no): "),
        help,
        |answer| match answer.to_ascii_lowercase().as_str() {
            "y" | "yes" => Answer::Take(true),
            "n" | "no" => Answer::Take(false),
            _ => Answer::Retry("Please answer y or n.".to_string()),
        },
    );
    if answer == Some(false) {
        println!("Bye.");
    }
    answer.unwrap_or(false)
}
