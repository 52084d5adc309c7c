use crate::Card;

/// Everything that can go wrong with cards: text that is not a card, and pile operations that
/// would lose or duplicate one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// Text that does not name a card, rank or suit.
    #[error("\"{}\" is not a {expected}: {reason}", shorten(input))]
    Parse {
        /// The text given.
        input: String,
        /// What was expected ("card", "rank", "suit", "set of cards").
        expected: &'static str,
        /// Why it was refused.
        reason: String,
    },
    /// A card appears twice where each card may appear once.
    #[error("{0} appears twice")]
    Duplicate(Card),
    /// A card that should be in the pile is not.
    #[error("{0} is not in the pile")]
    Missing(Card),
    /// A card put into a pile that already holds it.
    #[error("{0} is already in the pile")]
    AlreadyPresent(Card),
    /// A number that is not the index of a card (0 to 53).
    #[error("{0} is not a card index (0 to 53)")]
    Index(u8),
    /// A bit pattern with bits above the 54 cards.
    #[error("{0:#x} has bits set above the 54 cards")]
    Bits(u64),
}

impl CardError {
    pub(crate) fn parse(input: &str, expected: &'static str, reason: impl Into<String>) -> Self {
        Self::Parse {
            input: input.to_string(),
            expected,
            reason: reason.into(),
        }
    }
}

pub(crate) use game_core::shorten;
