//! Properties: shuffles are permutations, no sequence of deck operations loses or duplicates a
//! card, and text round-trips.

use cards_core::{Card, CardSet, Deck};
use proptest::prelude::*;

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..54).prop_map(|i| Card::from_index(i).expect("index below 54"))
}

fn any_set() -> impl Strategy<Value = CardSet> {
    (0u64..(1 << 54)).prop_map(|bits| CardSet::from_bits(bits).expect("bits below 54"))
}

#[derive(Clone, Debug)]
enum Op {
    Draw,
    PutBottom(Card),
    Remove(Vec<Card>),
    Shuffle(u64),
    Reset(bool),
}

fn any_op() -> impl Strategy<Value = Op> {
    prop_oneof![
        Just(Op::Draw),
        any_card().prop_map(Op::PutBottom),
        prop::collection::vec(any_card(), 0..4).prop_map(Op::Remove),
        any::<u64>().prop_map(Op::Shuffle),
        any::<bool>().prop_map(Op::Reset),
    ]
}

proptest! {
    #[test]
    fn shuffle_is_a_permutation(seed in any::<u64>(), set in any_set()) {
        let mut deck = Deck::from_set(set);
        deck.shuffle(seed);
        prop_assert_eq!(deck.len(), set.len());
        prop_assert_eq!(deck.iter().collect::<CardSet>(), set);
        prop_assert_eq!(deck.cards(), set);
    }

    #[test]
    fn deck_operations_neither_lose_nor_duplicate(ops in prop::collection::vec(any_op(), 0..60)) {
        // Everything is either in the deck or held outside it; nothing appears twice.
        let mut deck = Deck::with_jokers();
        let mut outside = CardSet::EMPTY;
        for op in ops {
            let before = deck.clone();
            match op {
                Op::Draw => {
                    if let Some(card) = deck.draw() {
                        prop_assert!(outside.insert(card));
                    } else {
                        prop_assert!(before.is_empty());
                    }
                }
                Op::PutBottom(card) => match deck.put_bottom(card) {
                    Ok(()) => prop_assert!(outside.remove(card)),
                    Err(_) => prop_assert_eq!(&deck, &before),
                },
                Op::Remove(cards) => match deck.remove(&cards) {
                    Ok(()) => {
                        for card in cards {
                            prop_assert!(outside.insert(card));
                        }
                    }
                    Err(_) => prop_assert_eq!(&deck, &before),
                },
                Op::Shuffle(seed) => deck.shuffle(seed),
                Op::Reset(jokers) => {
                    deck.reset(jokers);
                    outside = if jokers { CardSet::EMPTY } else { CardSet::JOKERS };
                }
            }
            let order: Vec<Card> = deck.iter().collect();
            let members: CardSet = order.iter().copied().collect();
            prop_assert_eq!(members.len(), order.len(), "a card appears twice");
            prop_assert_eq!(members, deck.cards());
            prop_assert!(!members.intersects(outside));
            prop_assert_eq!(members | outside, CardSet::ALL);
        }
    }

    #[test]
    fn card_text_round_trips(card in any_card()) {
        prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        prop_assert_eq!(format!("{card:#}").parse::<Card>(), Ok(card));
        let json = serde_json::to_string(&card).expect("serialise");
        prop_assert_eq!(serde_json::from_str::<Card>(&json).expect("deserialise"), card);
    }

    #[test]
    fn set_text_round_trips(set in any_set()) {
        prop_assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
        prop_assert_eq!(format!("{set:#}").parse::<CardSet>(), Ok(set));
        let json = serde_json::to_string(&set).expect("serialise");
        prop_assert_eq!(serde_json::from_str::<CardSet>(&json).expect("deserialise"), set);
    }

    #[test]
    fn deck_text_round_trips(seed in any::<u64>(), set in any_set()) {
        let mut deck = Deck::from_set(set);
        deck.shuffle(seed);
        prop_assert_eq!(deck.to_string().parse::<Deck>(), Ok(deck.clone()));
        let json = serde_json::to_string(&deck).expect("serialise");
        prop_assert_eq!(serde_json::from_str::<Deck>(&json).expect("deserialise"), deck);
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,12}") {
        if let Ok(card) = text.parse::<Card>() {
            prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        if let Ok(set) = text.parse::<CardSet>() {
            prop_assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
        }
        if let Ok(deck) = text.parse::<Deck>() {
            prop_assert_eq!(deck.to_string().parse::<Deck>(), Ok(deck));
        }
    }

    #[test]
    fn set_algebra_matches_counts(a in any_set(), b in any_set()) {
        prop_assert_eq!((a | b).len() + (a & b).len(), a.len() + b.len());
        prop_assert_eq!((a - b) | (a & b), a);
        prop_assert_eq!(a.complement().complement(), a);
        prop_assert_eq!(a.iter().count(), a.len());
    }
}
