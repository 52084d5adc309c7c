//! # cards-core
//!
//! The playing-card toolkit of recess: [`Card`], [`Rank`], [`Suit`], [`Joker`], [`CardSet`] (a
//! 64-bit set) and [`Deck`] (an ordered pile with a seeded shuffle). Every game decides its own rank
//! order; this crate only names cards.
//!
//! ```
//! use cards_core::{Card, CardSet, Deck, Rank, Suit};
//!
//! let mut deck = Deck::with_jokers();
//! deck.shuffle(7);
//! let hand: CardSet = (0..5).filter_map(|_| deck.draw()).collect();
//! assert_eq!(hand.len(), 5);
//! assert_eq!(deck.len(), 49);
//! assert!(!deck.cards().intersects(hand));
//!
//! // Text round-trips, and ASCII spellings parse too.
//! let queen = Card::new(Rank::Queen, Suit::Hearts);
//! assert_eq!(queen.to_string(), "Q♥");
//! assert_eq!("qh".parse::<Card>()?, queen);
//! # Ok::<(), cards_core::CardError>(())
//! ```
//!
//! ## Choices
//! - Cards print as `A♠`, `10♥`, and the jokers as `BJ`/`RJ` (not 🃏, which would not say which
//!   joker and so would not parse back); `{:#}` prints ASCII (`As`, `Th`).
//! - A card's index puts the four cards of a rank side by side, as the `PlayingCard` class of the Python Scoundrel program (单人扑克游戏:地城恶棍的Python实现, in Chinese) does;
//!   suits are ordered ♣ ♦ ♥ ♠.
//! - Cards, sets and decks serialise as their text, so stored records stay readable.
//!
//! ## Features
//! - [`CardSet`]: membership, union, difference, count in single instructions; rank and suit masks.
//! - [`Deck`]: draw from the top, put at the bottom (refusing a card already there), remove given
//!   cards (all or nothing), reset, count, a by-rank summary, seeded shuffle via
//!   [`game_core::GameRng`].
//! - Terminal colour for red cards with [`Card::colored`] and [`wants_color`].
//! - With the feature `svg`, the `svg` module: cards drawn in SVG, suits as shapes, backs and
//!   piles, for every card game's pictures.

mod card;
mod card_set;
mod color;
mod deck;
mod error;
mod rank;
mod suit;
#[cfg(feature = "svg")]
pub mod svg;

pub use card::{Card, Colored, Joker};
pub use card_set::{CardSet, Iter};
pub use color::wants_color;
pub use deck::Deck;
pub use error::CardError;
pub use rank::Rank;
pub use suit::Suit;
