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
            let message = text.parse::<crate::Card>().unwrap_err().to_string();
            assert!(
                message.chars().count() < 300,
                "crate::Card: {} characters",
                message.len()
            );
            assert!(message.contains("xxxx…"), "crate::Card: {message}");
            let message = text.parse::<crate::CardSet>().unwrap_err().to_string();
            assert!(
                message.chars().count() < 300,
                "crate::CardSet: {} characters",
                message.len()
            );
            assert!(message.contains("xxxx…"), "crate::CardSet: {message}");
            let message = text.parse::<crate::Deck>().unwrap_err().to_string();
            assert!(
                message.chars().count() < 300,
                "crate::Deck: {} characters",
                message.len()
            );
            assert!(message.contains("xxxx…"), "crate::Deck: {message}");
            let message = text.parse::<crate::Rank>().unwrap_err().to_string();
            assert!(
                message.chars().count() < 300,
                "crate::Rank: {} characters",
                message.len()
            );
            assert!(message.contains("xxxx…"), "crate::Rank: {message}");
            let message = text.parse::<crate::Suit>().unwrap_err().to_string();
            assert!(
                message.chars().count() < 300,
                "crate::Suit: {} characters",
                message.len()
            );
            assert!(message.contains("xxxx…"), "crate::Suit: {message}");
        }
    }
}
