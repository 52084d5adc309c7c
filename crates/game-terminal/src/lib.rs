//! # game-terminal
//!
//! Playing a game at the terminal, for any game of the recess libraries: the pieces every
//! terminal program shares, and a whole game from a game's declaration alone.
//!
//! - [`play`]: a person against the roster's AIs at any [`Declared`](game_core::Declared) game,
//!   from its notation, its observation's `Display` and its narration. A game written anywhere
//!   gets terminal play in one call.
//! - [`Input`]: one prompt loop for every game: `help` (or `?`), `quit` (or `q`, `exit`) and the
//!   end of the input (Ctrl-D) understood everywhere; [`Thinking`] keeps keys typed while an AI
//!   thinks off the screen and out of the next answer, and gives the terminal back as it was when
//!   Ctrl-C ends the program meanwhile.
//! - [`Common`]: the flags every program takes (`--seed`, `--delay`, `--no-colour`,
//!   `--save-record`), [`parse_args`] and [`refuse`] (bad input: a clear message and exit code 2),
//!   [`lineup`] (AIs by name, in any case, with the nearest name suggested).
//! - Text: [`fill`] wraps to the terminal's width (80 columns when the output is not a
//!   terminal), [`paint`] colours, [`short`] cuts typed text shown back.
//!
//! ```
//! use game_terminal::{lineup, wrap};
//!
//! let known = ["random".to_string(), "perfect".to_string()];
//! assert_eq!(lineup("--ai", &["Perfect".into()], 2, &known)?, ["perfect", "perfect"]);
//! assert!(lineup("--ai", &["perfekt".into()], 2, &known).unwrap_err().contains("perfect"));
//! assert_eq!(wrap("a few words to wrap", 8), "a few\nwords to\nwrap");
//! # Ok::<(), String>(())
//! ```

mod args;
mod input;
mod play;
mod text;

pub use args::{
    Common, DEFAULT_DELAY_MS, Pace, check_names, check_writable, end_quietly_when_output_closes,
    known_name, lineup, numbered, parse_args, random_seed, refuse, seed_note,
};
pub use input::{Answer, Input, Thinking, another_game};
pub use play::{PlayArgs, play, run};
pub use text::{
    SHOWN, capitalise, count, cut_input, fill, fill_keeping_columns, flush, paint, short, short_to,
    visible_width, wants_colour, width, wrap,
};
