use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::CardError;

/// The thirteen ranks, valued A = 1 up to K = 13. Games decide their own order (Big Two puts 2 on
/// top, Scoundrel makes A worth 14); the toolkit only names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rank {
    /// A (value 1)
    Ace = 1,
    /// 2
    Two = 2,
    /// 3
    Three = 3,
    /// 4
    Four = 4,
    /// 5
    Five = 5,
    /// 6
    Six = 6,
    /// 7
    Seven = 7,
    /// 8
    Eight = 8,
    /// 9
    Nine = 9,
    /// 10
    Ten = 10,
    /// J (value 11)
    Jack = 11,
    /// Q (value 12)
    Queen = 12,
    /// K (value 13)
    King = 13,
}

impl Rank {
    /// All ranks, A 2 3 … 10 J Q K.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// A = 1, 2 … 10, J = 11, Q = 12, K = 13.
    ///
    /// ```
    /// use cards_core::Rank;
    ///
    /// assert_eq!(Rank::Ace.value(), 1);
    /// assert_eq!(Rank::King.value(), 13);
    /// ```
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank with [`Rank::value`] `value`, if any.
    ///
    /// ```
    /// use cards_core::Rank;
    ///
    /// assert_eq!(Rank::from_value(11), Some(Rank::Jack));
    /// assert_eq!(Rank::from_value(0), None);
    /// assert_eq!(Rank::from_value(14), None); // an ace high is the game's business
    /// ```
    pub const fn from_value(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 {
            Some(Rank::ALL[value as usize - 1])
        } else {
            None
        }
    }

    /// The printed name: `A`, `2` … `10`, `J`, `Q`, `K`.
    ///
    /// ```
    /// use cards_core::Rank;
    ///
    /// assert_eq!(Rank::Ten.name(), "10");
    /// assert_eq!(Rank::Queen.name(), "Q");
    /// ```
    pub const fn name(self) -> &'static str {
        const NAMES: [&str; 13] = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        NAMES[self as usize - 1]
    }

    /// The one-character ASCII name (`T` for 10).
    ///
    /// ```
    /// use cards_core::Rank;
    ///
    /// assert_eq!(Rank::Ten.letter(), 'T');
    /// assert_eq!(Rank::Two.letter(), '2');
    /// ```
    pub const fn letter(self) -> char {
        const LETTERS: [char; 13] = [
            'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
        ];
        LETTERS[self as usize - 1]
    }
}

impl fmt::Display for Rank {
    /// `A`, `2` … `10`, `J`, `Q`, `K`; with `{:#}` one character (`T` for 10).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{}", self.letter())
        } else {
            f.write_str(self.name())
        }
    }
}

impl FromStr for Rank {
    type Err = CardError;

    /// Accepts `A`/`1`, `2` … `10`/`T`, `J`, `Q`, `K` in either case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let rank = match s.trim().to_ascii_uppercase().as_str() {
            "A" | "1" => Rank::Ace,
            "2" => Rank::Two,
            "3" => Rank::Three,
            "4" => Rank::Four,
            "5" => Rank::Five,
            "6" => Rank::Six,
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "10" | "T" => Rank::Ten,
            "J" => Rank::Jack,
            "Q" => Rank::Queen,
            "K" => Rank::King,
            _ => return Err(CardError::parse(s, "rank", "use A 2 3 … 10 (or T) J Q K")),
        };
        Ok(rank)
    }
}
