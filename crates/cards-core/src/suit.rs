use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::CardError;

/// The four suits, in the order ♣ ♦ ♥ ♠ (the toolkit never compares suits for play; games that
/// rank suits define their own order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    /// ♣
    Clubs = 0,
    /// ♦
    Diamonds = 1,
    /// ♥
    Hearts = 2,
    /// ♠
    Spades = 3,
}

impl Suit {
    /// All four suits, ♣ ♦ ♥ ♠.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// 0 for ♣ up to 3 for ♠.
    ///
    /// ```
    /// use cards_core::Suit;
    ///
    /// assert_eq!(Suit::Clubs.index(), 0);
    /// assert_eq!(Suit::Spades.index(), 3);
    /// ```
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit with [`Suit::index`] `index`, if any.
    ///
    /// ```
    /// use cards_core::Suit;
    ///
    /// assert_eq!(Suit::from_index(2), Some(Suit::Hearts));
    /// assert_eq!(Suit::from_index(4), None);
    /// ```
    pub const fn from_index(index: u8) -> Option<Suit> {
        match index {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// Whether the suit is printed in red (♦ and ♥).
    ///
    /// ```
    /// use cards_core::Suit;
    ///
    /// assert!(Suit::Diamonds.is_red() && Suit::Hearts.is_red());
    /// assert!(!Suit::Clubs.is_red() && !Suit::Spades.is_red());
    /// ```
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The symbol ♣ ♦ ♥ ♠.
    ///
    /// ```
    /// use cards_core::Suit;
    ///
    /// assert_eq!(Suit::Hearts.symbol(), '♥');
    /// ```
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// The ASCII letter c d h s.
    ///
    /// ```
    /// use cards_core::Suit;
    ///
    /// assert_eq!(Suit::Hearts.letter(), 'h');
    /// assert_eq!("h".parse::<Suit>()?, Suit::Hearts);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    pub(crate) fn from_char(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' | '♣' | '♧' => Some(Suit::Clubs),
            'd' | 'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'h' | 'H' | '♥' | '♡' => Some(Suit::Hearts),
            's' | 'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    /// The symbol; with `{:#}` the ASCII letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{}", self.letter())
        } else {
            write!(f, "{}", self.symbol())
        }
    }
}

impl FromStr for Suit {
    type Err = CardError;

    /// Accepts the symbols (♣ ♦ ♥ ♠, also the outlined ♧ ♢ ♡ ♤), the letters c d h s in either case,
    /// and the English names.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let mut chars = t.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(suit) = Suit::from_char(c)
        {
            return Ok(suit);
        }
        match t.to_ascii_lowercase().as_str() {
            "clubs" | "club" => Ok(Suit::Clubs),
            "diamonds" | "diamond" => Ok(Suit::Diamonds),
            "hearts" | "heart" => Ok(Suit::Hearts),
            "spades" | "spade" => Ok(Suit::Spades),
            _ => Err(CardError::parse(s, "suit", "use c d h s or ♣ ♦ ♥ ♠")),
        }
    }
}
