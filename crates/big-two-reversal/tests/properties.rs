//! Properties along random games: the 54 cards are always accounted for, every legal play beats
//! the table under the order in force, the order flips exactly once per four of a kind, the
//! legal list is exactly what `apply` accepts and comes in increasing action id, and a refused
//! action changes nothing. Also: the fast play generator and hand scorer agree with plain
//! reference versions.

use std::collections::HashSet;

use big_two_reversal::{
    Action, BigTwo, Config, Play, RankOrder, Shape, legal_actions_for, score_hand,
    score_hand_reference,
};
use cards_core::{Card, CardSet};
use game_core::{Game, GameRng, Learning, Turn};
use proptest::prelude::*;

fn all_plays_of(hand: CardSet) -> Vec<Action> {
    let mut out = Vec::new();
    legal_actions_for(hand, None, RankOrder::Normal, false, &mut out);
    out
}

/// Every play a hand can make, by brute force: every subset, every meaning of its jokers (any
/// card the subset does not hold itself, whether the hand holds it or not).
fn reference_plays(hand: CardSet) -> HashSet<Play> {
    let cards: Vec<Card> = hand.iter().collect();
    let mut out = HashSet::new();
    for mask in 1u32..(1 << cards.len()) {
        let subset: CardSet = (0..cards.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        let real = subset - CardSet::JOKERS;
        let jokers = subset.jokers().len();
        if real.is_empty() {
            out.extend(Play::new(subset, subset).ok().filter(is_reversal_play));
            continue;
        }
        let free: Vec<Card> = (CardSet::STANDARD - real).iter().collect();
        let mut meanings: Vec<CardSet> = Vec::new();
        match jokers {
            0 => meanings.push(real),
            1 => meanings.extend(free.iter().map(|&c| real.with(c))),
            _ => {
                for (i, &a) in free.iter().enumerate() {
                    for &b in &free[i + 1..] {
                        meanings.push(real.with(a).with(b));
                    }
                }
            }
        }
        for meaning in meanings {
            // A joker may stand for any card that fits, held or not.
            out.extend(Play::new(subset, meaning).ok().filter(is_reversal_play));
        }
    }
    out
}

/// Whether a play is one of 逆轉大老2's (sets, jokers alone and runs), not one only the standard
/// rule sets have.
fn is_reversal_play(play: &Play) -> bool {
    matches!(
        play.shape(),
        Shape::Single | Shape::Pair | Shape::Triple | Shape::FourOfAKind | Shape::StraightFlush(_)
    )
}

fn small_hand() -> impl Strategy<Value = CardSet> {
    (
        prop::sample::subsequence((0u8..52).collect::<Vec<_>>(), 3..7),
        0usize..3,
    )
        .prop_map(|(indices, jokers)| {
            let mut set: CardSet = indices
                .into_iter()
                .filter_map(|i| Card::from_index(i).ok())
                .collect();
            if jokers >= 1 {
                set.insert(Card::BLACK_JOKER);
            }
            if jokers >= 2 {
                set.insert(Card::RED_JOKER);
            }
            set
        })
}

/// A hand drawn from a narrow band of ranks, so runs and sets are common.
fn clustered_hand() -> impl Strategy<Value = CardSet> {
    (0u8..10, prop::collection::vec(0u8..16, 4..7), 0usize..3).prop_map(|(base, picks, jokers)| {
        let mut set: CardSet = picks
            .into_iter()
            .filter_map(|p| Card::from_index((base * 4 + p) % 52).ok())
            .collect();
        if jokers >= 1 {
            set.insert(Card::BLACK_JOKER);
        }
        if jokers >= 2 {
            set.insert(Card::RED_JOKER);
        }
        set
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_generator_lists_every_play_once(hand in prop_oneof![small_hand(), clustered_hand()]) {
        let generated = all_plays_of(hand);
        let set: HashSet<Play> = generated.iter().filter_map(|a| a.play().copied()).collect();
        prop_assert_eq!(set.len(), generated.len(), "duplicates in {:?}", generated);
        let reference = reference_plays(hand);
        let missing: Vec<String> = reference.difference(&set).map(|p| p.to_string()).collect();
        let extra: Vec<String> = set.difference(&reference).map(|p| p.to_string()).collect();
        prop_assert!(missing.is_empty() && extra.is_empty(), "hand {hand}: missing {missing:?}, extra {extra:?}");
    }

    #[test]
    fn fast_scoring_equals_the_reference(hand in prop_oneof![small_hand(), clustered_hand()], unseen_bits in any::<u64>(), reversed in any::<bool>()) {
        let order = if reversed { RankOrder::Reversed } else { RankOrder::Normal };
        let unseen = CardSet::from_bits(unseen_bits & CardSet::ALL.bits()).unwrap() - hand;
        let fast = score_hand(hand, unseen, order, &Config::default());
        let slow = score_hand_reference(hand, unseen, order, &Config::default());
        // Both keep the score exactly: equal in every bit, not only nearly.
        prop_assert_eq!(fast, slow, "{}", hand);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn invariants_hold_along_random_games(seed in any::<u64>(), choice_seed in any::<u64>()) {
        let mut game = BigTwo::new(Config::default(), seed).unwrap();
        let mut rng = GameRng::new(choice_seed);
        while let Turn::Player(mover) = game.turn() {
            // 54 cards accounted for: hands and the played cards partition the deck.
            let mut seen = game.table().played();
            for p in 0..4 {
                prop_assert!(!seen.intersects(game.hand(p)));
                seen |= game.hand(p);
                prop_assert_eq!(game.table().count(p), game.hand(p).len());
            }
            prop_assert_eq!(seen, CardSet::ALL);
            let played_in_history = game.history().iter().fold(CardSet::EMPTY, |a, m| a | m.action.cards());
            prop_assert_eq!(played_in_history, game.table().played());

            // The order flipped once per four of a kind.
            let fours = game.history().iter().filter(|m| m.action.play().is_some_and(|p| p.shape() == Shape::FourOfAKind)).count();
            prop_assert_eq!(game.table().reversals() as usize, fours);
            let expected_order = if fours % 2 == 0 { RankOrder::Normal } else { RankOrder::Reversed };
            prop_assert_eq!(game.table().order(), expected_order);

            // Every legal play beats the table under the order in force.
            let legal = game.legal_actions(mover);
            prop_assert!(!legal.is_empty());
            // Listed in increasing action id: each distinct play once, in a documented order.
            let ids: Vec<usize> = legal.iter().filter_map(|a| BigTwo::action_id(&Config::default(), a)).collect();
            prop_assert_eq!(ids.len(), legal.len());
            prop_assert!(ids.windows(2).all(|w| w[0] < w[1]), "{:?}", ids);
            if let Some(trick) = game.table().trick() {
                for play in legal.iter().filter_map(Action::play) {
                    prop_assert_eq!(play.shape(), trick.play.shape());
                    prop_assert!(play.beats(&trick.play, game.table().order()), "{} vs {}", play, trick.play);
                }
            } else {
                prop_assert!(!legal.contains(&Action::Pass));
            }

            // What apply accepts is exactly the legal list; a refusal changes nothing.
            let mut candidates = all_plays_of(game.hand(mover));
            candidates.extend(all_plays_of(game.hand((mover + 1) % 4)).into_iter().take(20));
            candidates.push(Action::Pass);
            for candidate in &candidates {
                let mut trial = game.clone();
                let accepted = trial.apply(candidate).is_ok();
                prop_assert_eq!(accepted, legal.contains(candidate), "{} (legal: {})", candidate, legal.len());
                if !accepted {
                    prop_assert_eq!(&trial, &game);
                }
            }

            let pick = legal[rng.index(legal.len())];
            game.apply(&pick).unwrap();
        }
        prop_assert_eq!(game.table().finish_order().len(), 4);
        let total: f64 = (0..4).map(|p| game.returns(p)).sum();
        prop_assert_eq!(total, 0.0);
    }
}
