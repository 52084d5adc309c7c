use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};
use std::str::FromStr;

use crate::{Card, CardError, Rank, Suit};

/// A set of cards as a 64-bit mask: bit `i` is the card with index `i` (see [`Card`]).
/// Membership, union, intersection, difference and count are single machine instructions.
///
/// ```
/// use cards_core::{Card, CardSet, Rank};
///
/// let hand: CardSet = "3c 3d 5h RJ".parse()?;
/// assert_eq!(hand.len(), 4);
/// assert!(hand.contains("3d".parse()?));
/// assert_eq!(hand.of_rank(Rank::Three).len(), 2);
/// let played: CardSet = "3c RJ".parse()?;
/// assert_eq!((hand - played).to_string(), "3♦ 5♥");
/// # Ok::<(), cards_core::CardError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet(u64);

const ALL_BITS: u64 = (1 << 54) - 1;

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// The 52 ranked cards.
    pub const STANDARD: CardSet = CardSet((1 << 52) - 1);
    /// All 54 cards, jokers included.
    pub const ALL: CardSet = CardSet(ALL_BITS);
    /// The two jokers.
    pub const JOKERS: CardSet = CardSet(0b11 << 52);

    /// The set with bit pattern `bits`; refused when a bit above 53 is set.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// assert_eq!(CardSet::from_bits(0b101)?.to_string(), "A♣ A♥");
    /// assert_eq!(CardSet::from_bits(CardSet::ALL.bits())?, CardSet::ALL);
    /// assert!(CardSet::from_bits(1 << 54).is_err());
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn from_bits(bits: u64) -> Result<CardSet, CardError> {
        if bits & !ALL_BITS == 0 {
            Ok(CardSet(bits))
        } else {
            Err(CardError::Bits(bits))
        }
    }

    /// The bit pattern.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let aces: CardSet = "Ac Ad".parse()?;
    /// assert_eq!(aces.bits(), 0b11);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding just `card`.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let queen: Card = "Qs".parse()?;
    /// assert_eq!(CardSet::single(queen).to_string(), "Q♠");
    /// assert_eq!(CardSet::single(queen), CardSet::from(queen));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The four cards of `rank`.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// assert_eq!(CardSet::rank(Rank::Seven).to_string(), "7♣ 7♦ 7♥ 7♠");
    /// ```
    pub const fn rank(rank: Rank) -> CardSet {
        CardSet(0xF << ((rank as u8 - 1) * 4))
    }

    /// The thirteen cards of `suit`.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hearts = CardSet::suit(Suit::Hearts);
    /// assert_eq!(hearts.len(), 13);
    /// assert!(hearts.contains("Kh".parse()?) && !hearts.contains("Kd".parse()?));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(0x0001_1111_1111_1111 << suit as u8)
    }

    /// Number of cards.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// assert_eq!("3c 3d 5h".parse::<CardSet>()?.len(), 3);
    /// assert_eq!(CardSet::ALL.len(), 54);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// assert!(CardSet::EMPTY.is_empty());
    /// assert!("-".parse::<CardSet>()?.is_empty());
    /// assert!(!CardSet::JOKERS.is_empty());
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "3c 3d".parse()?;
    /// assert!(hand.contains("3d".parse()?));
    /// assert!(!hand.contains("3h".parse()?));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.index() & 1 == 1
    }

    /// Whether every card of `other` is in the set.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "3c 3d 5h".parse()?;
    /// assert!(hand.contains_all("3c 5h".parse()?));
    /// assert!(!hand.contains_all("3c 5s".parse()?));
    /// assert!(hand.contains_all(CardSet::EMPTY));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn contains_all(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Whether the sets share a card.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "3c 3d 5h".parse()?;
    /// assert!(hand.intersects(CardSet::rank(Rank::Five)));
    /// assert!(!hand.intersects(CardSet::JOKERS));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Adds `card`; returns whether it was new.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let mut hand: CardSet = "3c".parse()?;
    /// assert!(hand.insert("RJ".parse()?));
    /// assert!(!hand.insert("3c".parse()?)); // already there
    /// assert_eq!(hand.to_string(), "3♣ RJ");
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= 1 << card.index();
        new
    }

    /// Removes `card`; returns whether it was there.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let mut hand: CardSet = "3c 5h".parse()?;
    /// assert!(hand.remove("5h".parse()?));
    /// assert!(!hand.remove("5h".parse()?)); // gone already
    /// assert_eq!(hand.to_string(), "3♣");
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.index());
        present
    }

    /// The set with `card` added.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "3c".parse()?;
    /// assert_eq!(hand.with("4c".parse()?).to_string(), "3♣ 4♣");
    /// assert_eq!(hand.len(), 1); // `hand` itself is unchanged
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    #[must_use]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }

    /// The set with `card` removed.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "3c 4c".parse()?;
    /// assert_eq!(hand.without("3c".parse()?).to_string(), "4♣");
    /// assert_eq!(hand.without("Kd".parse()?), hand);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    #[must_use]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.index()))
    }

    /// Cards in either set.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let a: CardSet = "3c 4c".parse()?;
    /// assert_eq!(a.union("4c 5c".parse()?).to_string(), "3♣ 4♣ 5♣");
    /// assert_eq!(a.union("5c".parse()?), a | "5c".parse()?);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards in both sets.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let a: CardSet = "3c 4c".parse()?;
    /// assert_eq!(a.intersection("4c 5c".parse()?).to_string(), "4♣");
    /// assert_eq!(a.intersection("5c".parse()?), CardSet::EMPTY);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards in `self` but not in `other`.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "3c 4c 5c".parse()?;
    /// assert_eq!(hand.difference("4c".parse()?).to_string(), "3♣ 5♣");
    /// assert_eq!(hand.difference("4c".parse()?), hand - "4c".parse()?);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards of the 54 that are not in the set.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let seen: CardSet = "3c 4c".parse()?;
    /// let unseen = seen.complement();
    /// assert_eq!(unseen.len(), 52);
    /// assert!(!unseen.intersects(seen));
    /// assert_eq!(CardSet::STANDARD.complement(), CardSet::JOKERS);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn complement(self) -> CardSet {
        CardSet(!self.0 & ALL_BITS)
    }

    /// The cards of `rank` in the set.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "3c 3d 5h RJ".parse()?;
    /// assert_eq!(hand.of_rank(Rank::Three).to_string(), "3♣ 3♦");
    /// assert!(hand.of_rank(Rank::King).is_empty());
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn of_rank(self, rank: Rank) -> CardSet {
        self.intersection(CardSet::rank(rank))
    }

    /// The cards of `suit` in the set.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "3c 3d 5d RJ".parse()?;
    /// assert_eq!(hand.of_suit(Suit::Diamonds).to_string(), "3♦ 5♦");
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        self.intersection(CardSet::suit(suit))
    }

    /// The jokers in the set.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "3c RJ BJ".parse()?;
    /// assert_eq!(hand.jokers().to_string(), "BJ RJ");
    /// assert!(CardSet::STANDARD.jokers().is_empty());
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn jokers(self) -> CardSet {
        self.intersection(CardSet::JOKERS)
    }

    /// The card with the lowest index, if any.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// // Index order: ace to king, ♣ ♦ ♥ ♠ within a rank, then the jokers.
    /// let hand: CardSet = "Ks 3d 3c".parse()?;
    /// assert_eq!(hand.first(), Some("3c".parse()?));
    /// assert_eq!(CardSet::EMPTY.first(), None);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The card with the highest index, if any.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "Ks 3d 3c".parse()?;
    /// assert_eq!(hand.last(), Some("Ks".parse()?));
    /// assert_eq!(CardSet::ALL.last(), Some("RJ".parse()?));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::from_index_unchecked(
                63 - self.0.leading_zeros() as u8,
            ))
        }
    }

    /// The cards in index order (A♣ A♦ A♥ A♠ 2♣ … K♠ BJ RJ).
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Rank, Suit};
    ///
    /// let hand: CardSet = "Ks 3d 3c".parse()?;
    /// let cards: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
    /// assert_eq!(cards, ["3♣", "3♦", "K♠"]);
    /// assert_eq!(hand.iter().rev().next(), Some("Ks".parse()?));
    /// let rebuilt: CardSet = hand.iter().collect();
    /// assert_eq!(rebuilt, hand);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub const fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Iterator over a [`CardSet`] in index order.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card::from_index_unchecked(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = 63 - self.0.leading_zeros() as u8;
        self.0 &= !(1 << index);
        Some(Card::from_index_unchecked(index))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for card in iter {
            self.insert(card);
        }
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> Self {
        CardSet::single(card)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        self.union(rhs)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        *self = self.union(rhs);
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        self.intersection(rhs)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        *self = self.intersection(rhs);
    }
}

impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 ^ rhs.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        self.difference(rhs)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, rhs: CardSet) {
        *self = self.difference(rhs);
    }
}

impl Not for CardSet {
    type Output = CardSet;
    fn not(self) -> CardSet {
        self.complement()
    }
}

impl fmt::Display for CardSet {
    /// The cards in index order separated by spaces (`{:#}`: ASCII spellings); `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_cards(f, self.iter())
    }
}

/// Writes cards separated by spaces, `-` for none, passing the formatter's flags (`{:#}`) on.
pub(crate) fn write_cards(
    f: &mut fmt::Formatter<'_>,
    cards: impl Iterator<Item = Card>,
) -> fmt::Result {
    let mut any = false;
    for card in cards {
        if any {
            f.write_str(" ")?;
        }
        fmt::Display::fmt(&card, f)?;
        any = true;
    }
    if any { Ok(()) } else { f.write_str("-") }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

impl FromStr for CardSet {
    type Err = CardError;

    /// Cards separated by spaces or commas (`-` or nothing for the empty set); a card given twice
    /// is refused.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut set = CardSet::EMPTY;
        let trimmed = s.trim();
        if trimmed == "-" {
            return Ok(set);
        }
        for token in trimmed
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let card: Card = token.parse()?;
            if !set.insert(card) {
                return Err(CardError::Duplicate(card));
            }
        }
        Ok(set)
    }
}

game_core::serde_as_text!(CardSet);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(CardSet::ALL.len(), 54);
        assert_eq!(CardSet::STANDARD.len(), 52);
        for suit in Suit::ALL {
            let set = CardSet::suit(suit);
            assert_eq!(set.len(), 13);
            assert!(set.iter().all(|c| c.suit() == Some(suit)));
        }
        for rank in Rank::ALL {
            let set = CardSet::rank(rank);
            assert_eq!(set.len(), 4);
            assert!(set.iter().all(|c| c.rank() == Some(rank)));
        }
        assert_eq!(
            CardSet::JOKERS.iter().collect::<Vec<_>>(),
            [Card::BLACK_JOKER, Card::RED_JOKER]
        );
        assert_eq!(CardSet::from_bits(1 << 54), Err(CardError::Bits(1 << 54)));
    }

    #[test]
    fn set_operations() {
        let a: CardSet = "As 2h 3d".parse().unwrap();
        let b: CardSet = "2h BJ".parse().unwrap();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).to_string(), "2♥");
        assert_eq!((a - b).len(), 2);
        assert_eq!((!a).len(), 51);
        assert!(a.contains_all(a & b) && !a.contains_all(b));
        assert_eq!(a.first(), "As".parse().ok());
        assert_eq!(a.last(), "3d".parse().ok());
        assert_eq!(a.iter().next_back(), a.last());
    }

    #[test]
    fn text() {
        assert_eq!("".parse::<CardSet>(), Ok(CardSet::EMPTY));
        assert_eq!(
            CardSet::EMPTY.to_string().parse::<CardSet>(),
            Ok(CardSet::EMPTY)
        );
        assert_eq!(
            "As, as".parse::<CardSet>(),
            Err(CardError::Duplicate("As".parse().unwrap()))
        );
        assert_eq!(
            CardSet::ALL.to_string().parse::<CardSet>(),
            Ok(CardSet::ALL)
        );
        assert_eq!(
            format!("{:#}", CardSet::ALL).parse::<CardSet>(),
            Ok(CardSet::ALL)
        );
    }
}
