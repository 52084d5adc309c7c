//! Narration: what a person reads about a game.

use crate::simulation::simulate;
use crate::{Options, Report, Violation};
use game_core::{Narrate, Turn};

/// Checks [`Narrate`] under `config`: along random games, the start is told in at least one
/// sentence, every move (every joint action) in at least one, and a finished game's end too;
/// every sentence is non-empty, printable text (no control characters) that starts with a
/// capital or another character that is not a lower-case letter.
pub fn check_narration<G: Narrate>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    simulate::<G>(config, options, u64::MAX - 13, |node, _| {
        let (at, state) = (&node.at, node.state);
        let told = |what: &str, lines: Vec<String>| {
            at.ensure(!lines.is_empty(), || {
                format!("{what} is told in no sentence")
            })?;
            for line in &lines {
                at.ensure(
                    !line.trim().is_empty()
                        && !line.chars().any(char::is_control)
                        && !line.starts_with(char::is_lowercase),
                    || format!("{what} is told as {line:?}"),
                )?;
            }
            Ok(())
        };
        if at.step == 0 {
            told("the start", G::opening(state))?;
        }
        if node.next.is_empty() {
            return if state.turn() == Turn::Over {
                told("the end", G::closing(state))
            } else {
                Ok(())
            };
        }
        let mut after = state.clone();
        if after.apply_joint(node.next).is_ok() {
            told("a move", G::narrate(state, node.next, &after))?;
        }
        Ok(())
    })
}
