//! The configuration and the rank order.

use std::fmt;
use std::str::FromStr;

use cards_core::Rank;
use serde::{Deserialize, Serialize};

use crate::Error;

/// The game's configuration. The game has one set of rules (four players, 54 cards, wild jokers,
/// reversal on every four of a kind), so there is nothing to choose yet; the type exists so
/// records name their configuration and later variants can be added without breaking them.
///
/// ```
/// use big_two_reversal::Config;
///
/// // Stored as an empty object in records.
/// assert_eq!(serde_json::to_string(&Config::default())?, "{}");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {}

/// Number of seats.
pub const PLAYERS: usize = 4;

/// Which way the ranks run. Every four of a kind flips it; jokers stay on top either way.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum RankOrder {
    /// 3 < 4 < … < K < A < 2 < joker.
    #[default]
    Normal,
    /// 2 < A < K < … < 4 < 3 < joker.
    Reversed,
}

impl RankOrder {
    /// The other order.
    #[must_use]
    pub const fn flipped(self) -> RankOrder {
        match self {
            RankOrder::Normal => RankOrder::Reversed,
            RankOrder::Reversed => RankOrder::Normal,
        }
    }

    /// 0 for normal, 1 for reversed: the index into a play's strength keys.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// A rank's strength in this order, 0 (lowest) to 12 (highest); jokers are 13.
    ///
    /// ```
    /// use big_two_reversal::RankOrder;
    /// use cards_core::Rank;
    ///
    /// let normal = RankOrder::Normal;
    /// assert!(normal.strength(Rank::Two) > normal.strength(Rank::Ace));
    /// assert!(normal.flipped().strength(Rank::Three) > normal.flipped().strength(Rank::Two));
    /// assert_eq!(normal.ranks_ascending()[0], Rank::Three);
    /// ```
    pub const fn strength(self, rank: Rank) -> u8 {
        let normal = normal_strength(rank);
        match self {
            RankOrder::Normal => normal,
            RankOrder::Reversed => 12 - normal,
        }
    }

    /// The ranks from lowest to highest in this order.
    pub fn ranks_ascending(self) -> [Rank; 13] {
        let mut ranks = Rank::ALL;
        ranks.sort_by_key(|&r| self.strength(r));
        ranks
    }
}

impl fmt::Display for RankOrder {
    /// `normal (3 < … < 2)` or `reversed (2 < … < 3)`; `{:#}` just the word.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self, f.alternate()) {
            (RankOrder::Normal, true) => f.write_str("normal"),
            (RankOrder::Reversed, true) => f.write_str("reversed"),
            (RankOrder::Normal, false) => {
                f.write_str("normal: 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < J < Q < K < A < 2 < joker")
            }
            (RankOrder::Reversed, false) => {
                f.write_str("reversed: 2 < A < K < Q < J < 10 < 9 < 8 < 7 < 6 < 5 < 4 < 3 < joker")
            }
        }
    }
}

impl FromStr for RankOrder {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "normal" => Ok(RankOrder::Normal),
            "reversed" | "reverse" => Ok(RankOrder::Reversed),
            _ => Err(Error::Parse {
                input: s.to_string(),
                reason: "a rank order is `normal` or `reversed`".to_string(),
            }),
        }
    }
}

/// Strength in the normal order: 3 → 0 … K → 10, A → 11, 2 → 12.
pub(crate) const fn normal_strength(rank: Rank) -> u8 {
    match rank.value() {
        1 => 11,
        2 => 12,
        v => v - 3,
    }
}

/// Strength of a joker (alone) in either order.
pub(crate) const JOKER_STRENGTH: u8 = 13;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_are_mirror_images() {
        let normal = RankOrder::Normal.ranks_ascending();
        let mut reversed = RankOrder::Reversed.ranks_ascending();
        reversed.reverse();
        assert_eq!(normal, reversed);
        assert_eq!(normal[0], Rank::Three);
        assert_eq!(normal[12], Rank::Two);
        assert_eq!(normal[11], Rank::Ace);
        assert_eq!(RankOrder::Normal.flipped(), RankOrder::Reversed);
        assert_eq!(RankOrder::Reversed.flipped(), RankOrder::Normal);
    }

    #[test]
    fn order_text_round_trips() {
        for order in [RankOrder::Normal, RankOrder::Reversed] {
            assert_eq!(format!("{order:#}").parse::<RankOrder>().ok(), Some(order));
        }
        assert!("sideways".parse::<RankOrder>().is_err());
    }
}
