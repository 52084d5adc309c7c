//! The crate's one error type.

use crate::action::Cell;
use crate::state::Mark;

/// Everything that can go wrong: a refused move, text that does not parse, or a serialised
/// state that no game could reach.
///
/// It is `#[non_exhaustive]`: match it with a wildcard arm, as later versions may add reasons.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The move came at the wrong time (for tic-tac-toe: after the game ended).
    #[error(transparent)]
    Turn(#[from] game_core::TurnError),
    /// The cell already holds a mark.
    #[error("cell {0} is already taken")]
    Occupied(Cell),
    /// Text that is not a cell: cells are the digits 1 to 9, laid out like a numeric keypad.
    #[error(
        "\"{}\" is not a cell: type a digit from 1 to 9 (7 8 9 is the top row, 1 2 3 the bottom)",
        shorten(.0)
    )]
    ParseCell(String),
    /// Text that is not a mark.
    #[error("\"{}\" is not a mark: type X or O", shorten(.0))]
    ParseMark(String),
    /// A number that is not a cell (cells are 1 to 9).
    #[error("{0} is not a cell: cells are numbered 1 to 9")]
    CellOutOfRange(u64),
    /// A serialised state lists a cell twice (in one list, or under both marks).
    #[error("cell {0} is marked twice")]
    MarkedTwice(Cell),
    /// A serialised state whose mark counts cannot follow from alternating moves.
    #[error("{x} X marks and {o} O marks cannot happen when {first} moves first")]
    MarkCounts {
        /// Number of X marks.
        x: u32,
        /// Number of O marks.
        o: u32,
        /// Who moved first.
        first: Mark,
    },
    /// A serialised state where O moved first although the configuration says X always does.
    #[error("the configuration has X move first, but the state says O did")]
    FirstPlayerMismatch,
    /// Chance outcomes that are not a start ([`ExplicitChance`](game_core::ExplicitChance)):
    /// by lot, one outcome, 0 (X first) or 1 (O first); with X first, none.
    #[error(
        "{0:?} is not a start of tic-tac-toe: by lot, one outcome, 0 (X first) or 1 (O first); \
         with X first, none"
    )]
    ChanceOutcomes(Vec<usize>),
    /// A serialised state in which play went on after someone had already won (or both won).
    #[error("the game went on after {0} had three in a row")]
    PlayedAfterWin(Mark),
}

/// Text as a message quotes it: at most 40 characters, then "…", control characters escaped,
/// so that a message never repeats a long paste.
pub(crate) fn shorten(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == 40 {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod shorten_tests {
    use super::shorten;

    #[test]
    fn quoted_input_is_cut_at_40_characters_with_an_ellipsis() {
        assert_eq!(shorten("short"), "short");
        assert_eq!(shorten(&"é".repeat(40)), "é".repeat(40));
        assert_eq!(shorten(&"é".repeat(41)), format!("{}…", "é".repeat(40)));
        assert_eq!(shorten("a\u{7}b\n"), "a\\u{7}b\\n");
        for text in ["x".repeat(10_000), format!(" {} ", "x".repeat(3_000))] {
            let message = text.parse::<crate::Action>().unwrap_err().to_string();
            assert!(
                message.chars().count() < 300,
                "crate::Action: {} characters",
                message.len()
            );
            assert!(message.contains("xxxx…"), "crate::Action: {message}");
            let message = text.parse::<crate::Cell>().unwrap_err().to_string();
            assert!(
                message.chars().count() < 300,
                "crate::Cell: {} characters",
                message.len()
            );
            assert!(message.contains("xxxx…"), "crate::Cell: {message}");
            let message = text.parse::<crate::Mark>().unwrap_err().to_string();
            assert!(
                message.chars().count() < 300,
                "crate::Mark: {} characters",
                message.len()
            );
            assert!(message.contains("xxxx…"), "crate::Mark: {message}");
        }
    }
}
