use std::collections::VecDeque;
use std::fmt;

use game_core::GameRng;
use serde::{Deserialize, Serialize};

use crate::{Card, CardError, CardSet, Rank, Suit};

/// An ordered pile of distinct cards, top first: the pile operations of the `PlayingCard` class of the Python Scoundrel program (单人扑克游戏:地城恶棍的Python实现), with
/// a [`CardSet`] beside the order so membership is one instruction and no operation can lose or
/// duplicate a card.
///
/// ```
/// use cards_core::{Card, Deck};
///
/// let mut deck = Deck::standard();
/// deck.shuffle(42);
/// let top = deck.draw().expect("52 cards");
/// assert_eq!(deck.len(), 51);
/// assert!(deck.put_bottom(top).is_ok());
/// assert!(deck.put_bottom(top).is_err()); // already in the pile
/// deck.remove(&["RJ".parse()?]).unwrap_err(); // no jokers in a standard deck
/// # Ok::<(), cards_core::CardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Card>", into = "Vec<Card>")]
pub struct Deck {
    order: VecDeque<Card>,
    members: CardSet,
}

impl Deck {
    /// The 52 ranked cards in index order (A♣ A♦ A♥ A♠ 2♣ … K♠), top first.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let deck = Deck::standard();
    /// assert_eq!(deck.len(), 52);
    /// assert_eq!(deck.top(), Some("Ac".parse()?));
    /// assert_eq!(deck.cards(), CardSet::STANDARD);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn standard() -> Deck {
        Deck::from_set(CardSet::STANDARD)
    }

    /// All 54 cards in index order, jokers last.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let deck = Deck::with_jokers();
    /// assert_eq!(deck.len(), 54);
    /// assert_eq!(deck.iter().last(), Some("RJ".parse()?));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn with_jokers() -> Deck {
        Deck::from_set(CardSet::ALL)
    }

    /// The cards of `set` in index order.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let deck = Deck::from_set("Kc 2d Ah".parse()?);
    /// assert_eq!(deck.to_string(), "A♥ 2♦ K♣"); // index order, top first
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn from_set(set: CardSet) -> Deck {
        Deck {
            order: set.iter().collect(),
            members: set,
        }
    }

    /// A pile in the given order, top first; refused if a card appears twice.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let order: Vec<Card> = vec!["Kc".parse()?, "2d".parse()?];
    /// let deck = Deck::from_cards(order.clone())?;
    /// assert_eq!(deck.top(), Some(order[0]));
    /// assert!(Deck::from_cards([order[0], order[0]]).is_err());
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn from_cards<I: IntoIterator<Item = Card>>(cards: I) -> Result<Deck, CardError> {
        let mut deck = Deck::from_set(CardSet::EMPTY);
        for card in cards {
            deck.put_bottom(card)
                .map_err(|_| CardError::Duplicate(card))?;
        }
        Ok(deck)
    }

    /// Number of cards in the pile.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let mut deck = Deck::standard();
    /// deck.draw();
    /// assert_eq!(deck.len(), 51);
    /// ```
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the pile is empty.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let mut deck = Deck::from_set("Ac".parse()?);
    /// assert!(!deck.is_empty());
    /// deck.draw();
    /// assert!(deck.is_empty());
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The cards in the pile, as a set.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let mut deck = Deck::standard();
    /// let top = deck.draw().expect("52 cards");
    /// assert_eq!(deck.cards(), CardSet::STANDARD.without(top));
    /// ```
    pub fn cards(&self) -> CardSet {
        self.members
    }

    /// Whether `card` is in the pile.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let mut deck = Deck::standard();
    /// let top = deck.draw().expect("52 cards");
    /// assert!(!deck.contains(top));
    /// assert!(deck.contains("Ks".parse()?));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn contains(&self, card: Card) -> bool {
        self.members.contains(card)
    }

    /// The top card, without taking it.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let mut deck = Deck::standard();
    /// let top = deck.top();
    /// assert_eq!(deck.draw(), top); // the card `draw` takes
    /// assert_eq!(Deck::from_set(CardSet::EMPTY).top(), None);
    /// ```
    pub fn top(&self) -> Option<Card> {
        self.order.front().copied()
    }

    /// The cards top first.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let deck = Deck::from_cards(["Kc".parse()?, "2d".parse()?])?;
    /// let order: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
    /// assert_eq!(order, ["K♣", "2♦"]);
    /// assert_eq!(deck.iter().next_back(), Some("2d".parse()?)); // the bottom
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator + '_ {
        self.order.iter().copied()
    }

    /// Shuffles the pile with [`GameRng::shuffle`] seeded with `seed`: the same seed and pile
    /// give the same order forever.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let (mut a, mut b) = (Deck::standard(), Deck::standard());
    /// a.shuffle(7);
    /// b.shuffle(7);
    /// assert_eq!(a, b); // a seed is an order
    /// assert_eq!(a.cards(), CardSet::STANDARD);
    /// assert_ne!(a, Deck::standard());
    /// ```
    pub fn shuffle(&mut self, seed: u64) {
        self.shuffle_with(&mut GameRng::new(seed));
    }

    /// Shuffles the pile with an existing generator.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// use game_core::GameRng;
    ///
    /// let mut rng = GameRng::new(7);
    /// let mut deck = Deck::standard();
    /// deck.shuffle_with(&mut rng);
    /// let mut again = Deck::standard();
    /// again.shuffle(7); // the same as a generator seeded with 7
    /// assert_eq!(deck, again);
    /// ```
    pub fn shuffle_with(&mut self, rng: &mut GameRng) {
        rng.shuffle(self.order.make_contiguous());
    }

    /// Takes the top card.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let mut deck = Deck::from_cards(["Kc".parse()?, "2d".parse()?])?;
    /// assert_eq!(deck.draw(), Some("Kc".parse()?));
    /// assert_eq!(deck.draw(), Some("2d".parse()?));
    /// assert_eq!(deck.draw(), None);
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn draw(&mut self) -> Option<Card> {
        let card = self.order.pop_front()?;
        self.members.remove(card);
        Some(card)
    }

    /// Puts `card` at the bottom; refused if it is already in the pile.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let mut deck = Deck::from_cards(["Kc".parse()?])?;
    /// deck.put_bottom("2d".parse()?)?;
    /// assert_eq!(deck.to_string(), "K♣ 2♦");
    /// assert!(deck.put_bottom("Kc".parse()?).is_err()); // already in the pile
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn put_bottom(&mut self, card: Card) -> Result<(), CardError> {
        if !self.members.insert(card) {
            return Err(CardError::AlreadyPresent(card));
        }
        self.order.push_back(card);
        Ok(())
    }

    /// Removes the given cards wherever they lie; refused, removing nothing, if any is missing or
    /// given twice.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let mut deck = Deck::standard();
    /// deck.remove(&["Ac".parse()?, "Ks".parse()?])?;
    /// assert_eq!(deck.len(), 50);
    /// // All or nothing: 2♣ is there but A♣ is gone, so neither is removed.
    /// assert!(deck.remove(&["2c".parse()?, "Ac".parse()?]).is_err());
    /// assert!(deck.contains("2c".parse()?));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn remove(&mut self, cards: &[Card]) -> Result<(), CardError> {
        let mut gone = CardSet::EMPTY;
        for &card in cards {
            if !self.members.contains(card) {
                return Err(CardError::Missing(card));
            }
            if !gone.insert(card) {
                return Err(CardError::Duplicate(card));
            }
        }
        self.order.retain(|&card| !gone.contains(card));
        self.members -= gone;
        Ok(())
    }

    /// Back to a fresh pile: the standard 52, or all 54 when `jokers` is true, in index order.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let mut deck = Deck::standard();
    /// deck.shuffle(3);
    /// deck.draw();
    /// deck.reset(true);
    /// assert_eq!(deck, Deck::with_jokers());
    /// ```
    pub fn reset(&mut self, jokers: bool) {
        *self = if jokers {
            Deck::with_jokers()
        } else {
            Deck::standard()
        };
    }

    /// The pile grouped by rank, like that program's summary: a count line, then one line per rank
    /// with the cards of that rank still in the pile, then the jokers. Red cards are coloured
    /// when `color` is true.
    ///
    /// ```
    /// use cards_core::{Card, CardSet, Deck};
    ///
    /// let deck = Deck::from_set("Ac Ad 3s RJ".parse()?);
    /// let summary = deck.summary(false);
    /// let lines: Vec<&str> = summary.lines().collect();
    /// assert_eq!(lines[0], "Card Summary: 4");
    /// assert_eq!(lines[1], "A♣\tA♦"); // the aces
    /// assert_eq!(lines[3], "3♠");
    /// assert_eq!(lines.last(), Some(&"RJ"));
    /// # Ok::<(), cards_core::CardError>(())
    /// ```
    pub fn summary(&self, color: bool) -> String {
        let mut out = format!("Card Summary: {}\n", self.len());
        for rank in Rank::ALL {
            let line: Vec<String> = Suit::ALL
                .iter()
                .map(|&suit| Card::new(rank, suit))
                .filter(|&card| self.contains(card))
                .map(|card| card.colored(color).to_string())
                .collect();
            out.push_str(&line.join("\t"));
            out.push('\n');
        }
        let jokers: Vec<String> = self
            .members
            .jokers()
            .iter()
            .map(|card| card.colored(color).to_string())
            .collect();
        out.push_str(&jokers.join("\t"));
        out
    }
}

impl fmt::Display for Deck {
    /// The pile top first, separated by spaces (`-` when empty); `{:#}` for ASCII spellings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::card_set::write_cards(f, self.iter())
    }
}

impl std::str::FromStr for Deck {
    type Err = CardError;

    /// Cards top first, separated by spaces or commas; `-` or nothing for an empty pile.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let trimmed = s.trim();
        if trimmed == "-" {
            return Ok(Deck::from_set(CardSet::EMPTY));
        }
        let cards = trimmed
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .map(str::parse)
            .collect::<Result<Vec<Card>, _>>()?;
        Deck::from_cards(cards)
    }
}

impl TryFrom<Vec<Card>> for Deck {
    type Error = CardError;

    fn try_from(cards: Vec<Card>) -> Result<Self, Self::Error> {
        Deck::from_cards(cards)
    }
}

impl From<Deck> for Vec<Card> {
    fn from(deck: Deck) -> Self {
        deck.order.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_shuffles() {
        // Pins the deal of seeds 0, 1 and 42 forever: the top five cards of a shuffled 54-card deck.
        let top5 = |seed| {
            let mut deck = Deck::with_jokers();
            deck.shuffle(seed);
            deck.iter()
                .take(5)
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        for (seed, golden) in [(0, GOLDEN[0]), (1, GOLDEN[1]), (42, GOLDEN[2])] {
            assert_eq!(top5(seed), golden);
        }
    }

    const GOLDEN: [&str; 3] = ["4♥ 7♥ 5♠ 3♣ 5♣", "7♥ A♠ 5♥ 3♣ 10♦", "8♥ 10♥ 3♣ RJ 5♥"];

    #[test]
    fn remove_is_all_or_nothing() {
        let mut deck = Deck::standard();
        let before = deck.clone();
        let ace: Card = "As".parse().unwrap();
        assert_eq!(
            deck.remove(&[ace, Card::RED_JOKER]),
            Err(CardError::Missing(Card::RED_JOKER))
        );
        assert_eq!(deck, before);
        assert_eq!(deck.remove(&[ace, ace]), Err(CardError::Duplicate(ace)));
        assert_eq!(deck, before);
        assert!(deck.remove(&[ace]).is_ok());
        assert!(!deck.contains(ace) && deck.len() == 51);
    }

    #[test]
    fn summary_groups_by_rank() {
        let deck: Deck = "Kh As Ad BJ".parse().unwrap();
        let summary = deck.summary(false);
        let lines: Vec<&str> = summary.lines().collect();
        assert_eq!(lines[0], "Card Summary: 4");
        assert_eq!(lines[1], "A♦\tA♠");
        assert_eq!(lines[13], "K♥");
        assert_eq!(lines[14], "BJ");
    }

    #[test]
    fn serde_refuses_duplicates() {
        assert!(serde_json::from_str::<Deck>(r#"["A♠","10♥"]"#).is_ok());
        assert!(serde_json::from_str::<Deck>(r#"["A♠","As"]"#).is_err());
    }
}
