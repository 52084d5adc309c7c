//! The crate's one error type.

use cards_core::Card;
use game_core::TurnError;

use crate::action::{Play, Shape};
use crate::rules::RankOrder;

/// Everything that can be refused: text that is not an action, plays that break the rules, and
/// stored states that do not add up.
///
/// ```
/// use big_two_reversal::prelude::*;
///
/// let game = BigTwo::new(Config::default(), 7)?;
/// // Nobody may pass on the game's first lead.
/// assert_eq!(game.check(&Action::Pass), Err(Error::PassOnLead));
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The game is over, or the move had the wrong shape.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// Text that is not an action (or a rank order).
    #[error("\"{}\" is not an action: {reason}", shorten(input))]
    Parse {
        /// The text given.
        input: String,
        /// Why it was refused.
        reason: String,
    },
    /// The cards do not form a combination of the game.
    #[error("{0}")]
    NotACombination(String),
    /// A card of the play is not in the hand of the player to move.
    #[error("{0} is not in your hand")]
    NotInHand(Card),
    /// The player leads and tried to pass.
    #[error("you lead this trick: play any combination (passing is only for following)")]
    PassOnLead,
    /// The first play of the game must contain the 3 of clubs.
    #[error("the first play of the game must contain 3♣")]
    MustContainThreeOfClubs,
    /// The play is not of the type (or length) of the table's.
    #[error("{play} cannot follow {table}")]
    WrongShape {
        /// The type of the play.
        play: Shape,
        /// The type on the table.
        table: Shape,
    },
    /// The play does not beat the table under the order in force.
    #[error(
        "{play} {} {table} in the {order:#} order: a play must be strictly higher",
        lower_or_equal(.play, .table, *.order)
    )]
    TooLow {
        /// The play.
        play: Play,
        /// The play on the table.
        table: Play,
        /// The order in force.
        order: RankOrder,
    },
    /// A stored state is inconsistent.
    #[error("inconsistent state: {0}")]
    InvalidState(String),
    /// Chance outcomes that are not a deal of the 54 cards (see
    /// [`ExplicitChance`](game_core::ExplicitChance)): an id that is no card, a card dealt
    /// twice, or fewer than 54 cards.
    #[error("not a deal: {0}")]
    NotADeal(String),
}

/// How a play that does not beat the table compares with it: "is lower than" or "is equal to".
fn lower_or_equal(play: &Play, table: &Play, order: RankOrder) -> &'static str {
    if play.key(order) == table.key(order) {
        "is equal to"
    } else {
        "is lower than"
    }
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
            let message = text.parse::<crate::RankOrder>().unwrap_err().to_string();
            assert!(
                message.chars().count() < 300,
                "crate::RankOrder: {} characters",
                message.len()
            );
            assert!(message.contains("xxxx…"), "crate::RankOrder: {message}");
        }
    }
}
