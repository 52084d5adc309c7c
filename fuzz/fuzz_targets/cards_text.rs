//! Arbitrary strings into every cards-core parser: nothing panics, and whatever parses prints and
//! parses back equal.
#![no_main]

use cards_core::{Card, CardSet, Deck, Rank, Suit};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(card) = text.parse::<Card>() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        assert_eq!(format!("{card:#}").parse::<Card>(), Ok(card));
    }
    if let Ok(rank) = text.parse::<Rank>() {
        assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
    }
    if let Ok(suit) = text.parse::<Suit>() {
        assert_eq!(suit.to_string().parse::<Suit>(), Ok(suit));
    }
    if let Ok(set) = text.parse::<CardSet>() {
        assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
        assert_eq!(format!("{set:#}").parse::<CardSet>(), Ok(set));
    }
    if let Ok(deck) = text.parse::<Deck>() {
        assert_eq!(deck.to_string().parse::<Deck>(), Ok(deck.clone()));
        assert_eq!(deck.cards().len(), deck.len());
    }
    // The same text as JSON: serde must refuse or round-trip.
    if let Ok(card) = serde_json::from_str::<Card>(text) {
        assert_eq!(serde_json::from_str::<Card>(&serde_json::to_string(&card).unwrap()).ok(), Some(card));
    }
    if let Ok(deck) = serde_json::from_str::<Deck>(text) {
        let json = serde_json::to_string(&deck).unwrap();
        assert_eq!(serde_json::from_str::<Deck>(&json).ok(), Some(deck));
    }
});
