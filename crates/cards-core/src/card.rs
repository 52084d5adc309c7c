use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{CardError, Rank, Suit};

/// The two jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Joker {
    /// The black (small) joker, 小王, written `BJ`.
    Black,
    /// The red (big) joker, 大王, written `RJ`.
    Red,
}

/// One of the 54 cards: 52 ranked and suited cards and two jokers.
///
/// A card is its index 0–53: ranked cards are `(rank − 1) × 4 + suit` (so the four cards of a rank
/// are neighbours, as in the `PlayingCard` class of the Python Scoundrel program), the black joker is 52 and the red joker 53.
/// [`crate::CardSet`] uses the index as the bit position.
///
/// ```
/// use cards_core::{Card, Rank, Suit};
///
/// let card: Card = "10h".parse()?;
/// assert_eq!(card, Card::new(Rank::Ten, Suit::Hearts));
/// assert_eq!(card.to_string(), "10♥");
/// assert_eq!(format!("{card:#}"), "Th");
/// assert_eq!("RJ".parse::<Card>()?, Card::RED_JOKER);
/// # Ok::<(), cards_core::CardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// Number of distinct cards.
    pub const COUNT: usize = 54;
    /// The black (small) joker.
    pub const BLACK_JOKER: Card = Card(52);
    /// The red (big) joker.
    pub const RED_JOKER: Card = Card(53);

    /// The card of `rank` and `suit`.
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// let card = Card::new(Rank::Queen, Suit::Spades);
    /// assert_eq!(card.to_string(), "Q♠");
    /// assert_eq!((card.rank(), card.suit()), (Some(Rank::Queen), Some(Suit::Spades)));
    /// ```
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank as u8 - 1) * 4 + suit as u8)
    }

    /// The given joker.
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// assert_eq!(Card::joker(Joker::Red), Card::RED_JOKER);
    /// assert_eq!(Card::joker(Joker::Black).to_string(), "BJ");
    /// ```
    pub const fn joker(joker: Joker) -> Card {
        match joker {
            Joker::Black => Card::BLACK_JOKER,
            Joker::Red => Card::RED_JOKER,
        }
    }

    /// The card with index `index` (0–53).
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// assert_eq!(Card::from_index(0)?.to_string(), "A♣");
    /// assert_eq!(Card::from_index(53)?, Card::RED_JOKER);
    /// assert!(Card::from_index(54).is_err());
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn from_index(index: u8) -> Result<Card, CardError> {
        if index < 54 {
            Ok(Card(index))
        } else {
            Err(CardError::Index(index))
        }
    }

    /// For indices known to be below 54 (the bits of a valid [`crate::CardSet`]).
    pub(crate) const fn from_index_unchecked(index: u8) -> Card {
        Card(if index < 54 { index } else { 53 })
    }

    /// The card's index, 0–53.
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// // (rank − 1) × 4 + suit, ♣ ♦ ♥ ♠ = 0 1 2 3: the four 3s are 8 to 11.
    /// assert_eq!("3h".parse::<Card>()?.index(), 10);
    /// assert_eq!(Card::from_index(10)?, "3h".parse()?);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn index(self) -> u8 {
        self.0
    }

    /// All 54 cards in index order (A♣ A♦ A♥ A♠ 2♣ … K♠ BJ RJ).
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// assert_eq!(Card::all().len(), Card::COUNT);
    /// assert_eq!(Card::all().next(), Some("Ac".parse()?));
    /// assert_eq!(Card::all().filter(|c| c.is_joker()).count(), 2);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn all() -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator + Clone {
        (0..54u8).map(Card)
    }

    /// The rank, or `None` for a joker.
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// assert_eq!("10h".parse::<Card>()?.rank(), Some(Rank::Ten));
    /// assert_eq!(Card::BLACK_JOKER.rank(), None);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn rank(self) -> Option<Rank> {
        if self.0 < 52 {
            Rank::from_value(self.0 / 4 + 1)
        } else {
            None
        }
    }

    /// The suit, or `None` for a joker.
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// assert_eq!("10h".parse::<Card>()?.suit(), Some(Suit::Hearts));
    /// assert_eq!(Card::RED_JOKER.suit(), None);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn suit(self) -> Option<Suit> {
        if self.0 < 52 {
            Suit::from_index(self.0 % 4)
        } else {
            None
        }
    }

    /// Which joker this is, or `None` for a ranked card.
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// assert_eq!(Card::RED_JOKER.as_joker(), Some(Joker::Red));
    /// assert_eq!("Ks".parse::<Card>()?.as_joker(), None);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn as_joker(self) -> Option<Joker> {
        match self.0 {
            52 => Some(Joker::Black),
            53 => Some(Joker::Red),
            _ => None,
        }
    }

    /// Whether the card is a joker.
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// assert!("BJ".parse::<Card>()?.is_joker());
    /// assert!(!"Ks".parse::<Card>()?.is_joker());
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// Whether the card is printed in red (♦, ♥ and the red joker).
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// assert!("5d".parse::<Card>()?.is_red());
    /// assert!(!"5s".parse::<Card>()?.is_red());
    /// assert!(Card::RED_JOKER.is_red() && !Card::BLACK_JOKER.is_red());
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn is_red(self) -> bool {
        match self.suit() {
            Some(suit) => suit.is_red(),
            None => self.0 == 53,
        }
    }

    /// A display of the card that colours red cards with ANSI escapes when `color` is true
    /// (see [`crate::wants_color`]).
    ///
    /// ```
    /// use cards_core::{Card, Joker, Rank, Suit};
    ///
    /// let card: Card = "5h".parse()?;
    /// assert_eq!(card.colored(false).to_string(), "5♥");
    /// let painted = card.colored(true).to_string();
    /// assert!(painted.starts_with('\x1b') && painted.contains("5♥"));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn colored(self, color: bool) -> Colored {
        Colored { card: self, color }
    }
}

/// A card shown with or without terminal colour; made by [`Card::colored`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colored {
    card: Card,
    color: bool,
}

impl fmt::Display for Colored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.color && self.card.is_red() {
            write!(f, "\x1b[31m{}\x1b[0m", self.card)
        } else {
            write!(f, "{}", self.card)
        }
    }
}

impl fmt::Display for Card {
    /// `A♠`, `10♥`, `BJ`, `RJ`; with `{:#}` ASCII only: `As`, `Th`, `BJ`, `RJ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) if f.alternate() => {
                write!(f, "{}{}", rank.letter(), suit.letter())
            }
            (Some(rank), Some(suit)) => write!(f, "{}{}", rank.name(), suit.symbol()),
            _ if self.0 == 52 => f.write_str("BJ"),
            _ => f.write_str("RJ"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = CardError;

    /// Accepts what [`Display`](fmt::Display) prints and the common ASCII spellings: rank then
    /// suit (`As`, `10h`, `Th`, `kd`, `♠A` is refused), and the jokers `BJ`/`RJ` (any case),
    /// `小王`/`大王`. The lone 🃏 is refused: it does not say which joker.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        match t.to_ascii_uppercase().as_str() {
            "BJ" | "小王" => return Ok(Card::BLACK_JOKER),
            "RJ" | "大王" => return Ok(Card::RED_JOKER),
            "🃏" => {
                return Err(CardError::parse(
                    s,
                    "card",
                    "🃏 is ambiguous: write BJ or RJ",
                ));
            }
            "" => return Err(CardError::parse(s, "card", "it is empty")),
            _ => {}
        }
        let Some(last) = t.chars().last() else {
            return Err(CardError::parse(s, "card", "it is empty"));
        };
        let Some(suit) = Suit::from_char(last) else {
            return Err(CardError::parse(
                s,
                "card",
                "it must end with a suit (c d h s or ♣ ♦ ♥ ♠)",
            ));
        };
        let rank_text = &t[..t.len() - last.len_utf8()];
        let rank = rank_text.parse::<Rank>().map_err(|_| {
            CardError::parse(s, "card", "it must start with a rank (A 2 … 10 J Q K)")
        })?;
        Ok(Card::new(rank, suit))
    }
}

game_core::serde_as_text!(Card);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_prints_and_parses_back() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(format!("{card:#}").parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn common_spellings() {
        let ace_spades = Card::new(Rank::Ace, Suit::Spades);
        for text in ["As", "as", "A♠", "1s", " As "] {
            assert_eq!(text.parse::<Card>(), Ok(ace_spades), "{text}");
        }
        assert_eq!("Th".parse::<Card>(), "10h".parse::<Card>());
        assert_eq!(
            "kd".parse::<Card>(),
            Ok(Card::new(Rank::King, Suit::Diamonds))
        );
        assert_eq!("bj".parse::<Card>(), Ok(Card::BLACK_JOKER));
        assert_eq!("大王".parse::<Card>(), Ok(Card::RED_JOKER));
    }

    #[test]
    fn refusals_say_why() {
        for text in ["", "🃏", "11h", "Ax", "h", "10", "♠A", "AAs"] {
            assert!(
                matches!(text.parse::<Card>(), Err(CardError::Parse { .. })),
                "{text}"
            );
        }
        assert!(
            "🃏"
                .parse::<Card>()
                .unwrap_err()
                .to_string()
                .contains("BJ or RJ")
        );
    }

    #[test]
    fn layout_groups_ranks() {
        assert_eq!(Card::new(Rank::Ace, Suit::Clubs).index(), 0);
        assert_eq!(Card::new(Rank::King, Suit::Spades).index(), 51);
        assert_eq!(Card::from_index(54), Err(CardError::Index(54)));
        for card in Card::all().take(52) {
            assert_eq!(Card::new(card.rank().unwrap(), card.suit().unwrap()), card);
        }
        assert!(Card::RED_JOKER.is_red() && !Card::BLACK_JOKER.is_red());
        assert_eq!(Card::joker(Joker::Black).as_joker(), Some(Joker::Black));
    }

    #[test]
    fn colour_only_for_red_cards_when_asked() {
        let heart = Card::new(Rank::Two, Suit::Hearts);
        assert_eq!(heart.colored(true).to_string(), "\x1b[31m2♥\x1b[0m");
        assert_eq!(heart.colored(false).to_string(), "2♥");
        assert_eq!(
            Card::new(Rank::Two, Suit::Clubs).colored(true).to_string(),
            "2♣"
        );
    }
}
