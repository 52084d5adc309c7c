//! Reading a person's answers: one prompt loop for every game, with `help`, `quit` and the end
//! of the input understood everywhere, and keys typed while an AI thinks kept off the screen.

use std::io::{self, BufRead, IsTerminal};

use crate::text::{
    SHOWN, cut_input, fill, fill_keeping_columns, flush, short_to, visible_width, width,
};

/// While it lives, keys pressed on the terminal are neither shown nor kept: for the time an AI
/// thinks, so that a move typed meanwhile does not appear above the next prompt, nor answer it
/// unseen. Ctrl-C meanwhile gives the terminal back as it was before the program ends (exit code
/// 130, as a shell reports an interrupted program). Does nothing when the input is not a
/// terminal.
pub struct Thinking {
    #[cfg(unix)]
    saved: Option<rustix::termios::Termios>,
}

/// The terminal's modes while a [`Thinking`] lives, for the Ctrl-C handler to put back.
#[cfg(unix)]
static SAVED: std::sync::Mutex<Option<rustix::termios::Termios>> = std::sync::Mutex::new(None);

/// Puts the terminal's modes saved in [`SAVED`] back, if any.
#[cfg(unix)]
fn restore_saved() {
    use rustix::termios::{OptionalActions, tcsetattr};
    let saved = SAVED.lock().map(|mut s| s.take()).unwrap_or(None);
    if let Some(saved) = saved {
        let _ = tcsetattr(io::stdin(), OptionalActions::Now, &saved);
    }
}

impl Thinking {
    /// Turns the terminal's echo off until the value is dropped.
    pub fn start() -> Self {
        #[cfg(unix)]
        {
            use rustix::termios::{LocalModes, OptionalActions, tcgetattr, tcsetattr};
            static HANDLER: std::sync::Once = std::sync::Once::new();
            let stdin = io::stdin();
            if !stdin.is_terminal() {
                return Self { saved: None };
            }
            let Ok(saved) = tcgetattr(&stdin) else {
                return Self { saved: None };
            };
            HANDLER.call_once(|| {
                // Without a handler the program still ends at Ctrl-C, only with echo off.
                let _ = ctrlc::set_handler(|| {
                    restore_saved();
                    println!();
                    std::process::exit(130);
                });
            });
            if let Ok(mut slot) = SAVED.lock() {
                *slot = Some(saved.clone());
            }
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
            if let Ok(mut slot) = SAVED.lock() {
                *slot = None;
            }
            let stdin = io::stdin();
            // What was typed meanwhile is dropped, then the echo comes back.
            let _ = tcflush(&stdin, QueueSelector::IFlush);
            let _ = tcsetattr(&stdin, OptionalActions::Now, &saved);
        }
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

impl Default for Input {
    fn default() -> Self {
        Self::new()
    }
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
