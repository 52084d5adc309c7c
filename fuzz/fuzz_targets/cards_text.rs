//! Arbitrary strings into every cards-core parser: nothing panics, and whatever parses prints and
//! parses back equal (game-core's notation checker), in the plain and the ASCII notation, and as
//! JSON.
#![no_main]

use cards_core::{Card, CardSet, Deck, Rank, Suit};
use game_testkit::check_notation;
use libfuzzer_sys::fuzz_target;

fn ok<T>(checked: Result<Option<T>, game_testkit::Violation>) -> Option<T> {
    checked.unwrap_or_else(|violation| panic!("{violation}"))
}

fuzz_target!(|text: &str| {
    if let Some(card) = ok(check_notation::<Card>(text)) {
        assert_eq!(format!("{card:#}").parse::<Card>(), Ok(card));
    }
    ok(check_notation::<Rank>(text));
    ok(check_notation::<Suit>(text));
    if let Some(set) = ok(check_notation::<CardSet>(text)) {
        assert_eq!(format!("{set:#}").parse::<CardSet>(), Ok(set));
    }
    if let Some(deck) = ok(check_notation::<Deck>(text)) {
        assert_eq!(deck.cards().len(), deck.len());
    }
    // The same text as JSON: serde must refuse or round-trip.
    if let Ok(card) = serde_json::from_str::<Card>(text) {
        let json = serde_json::to_string(&card).expect("a card serialises");
        assert_eq!(serde_json::from_str::<Card>(&json).ok(), Some(card));
    }
    if let Ok(deck) = serde_json::from_str::<Deck>(text) {
        let json = serde_json::to_string(&deck).expect("a deck serialises");
        assert_eq!(serde_json::from_str::<Deck>(&json).ok(), Some(deck));
    }
});
