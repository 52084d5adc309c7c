//! Helpers the integration tests share: cards and actions from text, and games from given hands.

#![allow(dead_code)]

use big_two_reversal::{Action, BigTwo, Config, Move, Play};
use cards_core::CardSet;

pub fn cards(s: &str) -> CardSet {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn play(s: &str) -> Play {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn action(s: &str) -> Action {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Hands that start with the given cards; the remaining cards fill the seats up to 14, 14, 13
/// and 13 in index order.
pub fn deal(specs: [&str; 4]) -> [CardSet; 4] {
    let mut hands = specs.map(cards);
    let mut rest = hands.iter().fold(CardSet::ALL, |a, &h| a - h).iter();
    for (seat, hand) in hands.iter_mut().enumerate() {
        let size = if seat < 2 { 14 } else { 13 };
        while hand.len() < size {
            hand.insert(rest.next().expect("54 cards"));
        }
    }
    hands
}

/// The game dealt by [`deal`] after `moves` (seat, action text).
pub fn game(specs: [&str; 4], moves: &[(usize, &str)]) -> BigTwo {
    BigTwo::from_deal(Config::default(), deal(specs), &history(moves))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Moves from (seat, action text) pairs.
pub fn history(moves: &[(usize, &str)]) -> Vec<Move> {
    moves
        .iter()
        .map(|&(player, a)| Move {
            player,
            action: action(a),
        })
        .collect()
}

/// Hands of a standard four-seat game that start with the given cards; the remaining 52-card
/// deck fills each seat up to 13 in index order.
pub fn deal_standard(specs: [&str; 4]) -> [CardSet; 4] {
    let mut hands = specs.map(cards);
    let mut rest = hands.iter().fold(CardSet::STANDARD, |a, &h| a - h).iter();
    for hand in hands.iter_mut() {
        while hand.len() < 13 {
            hand.insert(rest.next().expect("52 cards"));
        }
    }
    hands
}
