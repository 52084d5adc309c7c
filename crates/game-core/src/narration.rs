//! Narration: the text a person reads about a game, the start, each move and the end, written
//! once beside the game and read by every tool that tells a game in words (the terminal
//! programs, replay pages).

use crate::game::Game;

/// What is said about a game of `Self`: the start, each move (a joint action at a simultaneous
/// node) and the end, as sentences a person reads.
///
/// ```
/// use game_core::{Game, Narrate};
/// use game_testkit::Nim;
///
/// let before = Nim::new((), 0)?;
/// let mut after = before.clone();
/// after.apply(&1)?;
/// let told = Nim::narrate(&before, &[1], &after);
/// assert_eq!(told, [format!("Player 1 takes 1, leaving {}.", after.stones())]);
/// # Ok::<(), game_testkit::NimError>(())
/// ```
pub trait Narrate: Game {
    /// What is said at the start of `state`'s game.
    fn opening(state: &Self) -> Vec<String> {
        let _ = state;
        vec!["The start.".to_string()]
    }

    /// What `joint` (one action, or one per seat at a simultaneous node) did, from `before` to
    /// `after`.
    fn narrate(before: &Self, joint: &[Self::Action], after: &Self) -> Vec<String>;

    /// What is said once `state`'s game is over.
    fn closing(state: &Self) -> Vec<String>;
}
