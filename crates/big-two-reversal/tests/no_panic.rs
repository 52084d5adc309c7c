//! Bad input is refused with a typed error and never panics, checked with game-core's test kit:
//! arbitrary text (the notation check), arbitrary actions offered to reachable states (the apply
//! check), corrupted stored states (the mutation check); and, specific to Big Two: arbitrary
//! plays, deals and records, out-of-range seats, sampled worlds for any seat, and the public move
//! generator and hand scorer with any hand.

use big_two_reversal::{
    Action, Ai4, Ai4Config, BigTwo, Config, Error, Move, NotACombination, Play, RankOrder,
    StandsFor, legal_actions_for, score_hand,
};
use cards_core::{Card, CardSet, Rank};
use game_core::{Agent, Decision, Game, GameRng, PlayerResult, Record, SampleWorld, Turn};
use game_testkit::{Violation, check_apply, check_notation};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

const ALL_BITS: u64 = (1 << 54) - 1;

fn set(bits: u64) -> CardSet {
    CardSet::from_bits(bits & ALL_BITS).unwrap_or_default()
}

/// A broken promise found by the test kit, as a proptest failure.
fn kit<T>(result: Result<T, Violation>) -> Result<T, TestCaseError> {
    result.map_err(|v| TestCaseError::fail(v.to_string()))
}

/// Seats worth trying: the four real ones, just past them, and far past them.
fn seat() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..6, Just(usize::MAX), 7usize..64, any::<usize>()]
}

/// A game after `steps` legal moves picked by the indices.
fn played(seed: u64, steps: &[u16]) -> BigTwo {
    let mut game = BigTwo::new(Config::default(), seed).unwrap();
    for &i in steps {
        let Turn::Player(p) = game.turn() else { break };
        let legal = game.legal_actions(p);
        let a = legal[usize::from(i) % legal.len()];
        game.apply(&a).unwrap();
    }
    game
}

/// An action that may well be illegal: arbitrary cards with an arbitrary meaning, jokers with
/// arbitrary declarations, text typed from the hand of the player to move, or a pass.
fn wild_action(a: u64, b: u64, kind: u8, game: &BigTwo) -> Option<Action> {
    let mover_hand = game.hand(game.table().to_move().unwrap_or(0));
    match kind % 5 {
        0 => Some(Action::Pass),
        1 => Play::new(set(a), set(b)).ok().map(Action::Play),
        // Cards from the mover's hand (more likely to get past the first checks), meaning what
        // the bits say.
        2 => Play::new(
            set(a) & mover_hand,
            set(a) & mover_hand | set(b) & CardSet::STANDARD,
        )
        .ok()
        .map(Action::Play),
        3 => declared_play(a, b).ok().map(Action::Play),
        _ => {
            let hand: Vec<Card> = mover_hand.iter().collect();
            if hand.is_empty() {
                return None;
            }
            let n = (b % 5) as usize + 1;
            let text: Vec<String> = (0..n)
                .map(|i| {
                    let c = hand[((a >> (i * 6)) as usize) % hand.len()];
                    if c.is_joker() {
                        format!("{c:#}={}", (a >> (i * 3)) % 13 + 1)
                    } else {
                        format!("{c:#}")
                    }
                })
                .collect();
            text.join(" ").parse().ok()
        }
    }
}

/// [`Play::from_declared`] with real cards from `a` and jokers declared from `b`.
fn declared_play(a: u64, b: u64) -> Result<Play, NotACombination> {
    let decl = |bits: u64| match Card::from_index((bits % 54) as u8) {
        Ok(c) if bits & 1 << 40 != 0 => Some(StandsFor::Card(c)),
        _ => Rank::from_value((bits % 13) as u8 + 1).map(StandsFor::Rank),
    };
    let mut jokers = Vec::new();
    if b & 1 != 0 {
        jokers.push((Card::BLACK_JOKER, decl(b >> 2)));
    }
    if b & 2 != 0 {
        jokers.push((Card::RED_JOKER, decl(b >> 20)));
    }
    Play::from_declared(set(a) & CardSet::STANDARD, &jokers)
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ 0-9a-zA-Z=,♣♦♥♠]{0,30}",
        "((10|[2-9AJQKajqk])[cdhsCDHS♣♦♥♠]|BJ|RJ|BJ=[0-9A-Z]{1,3}[cdhs]?|RJ=[0-9A-Z]{1,3}[cdhs]?| |,|pass)*",
    ]
}

/// One input to a game in progress, as a fuzzer would give it.
#[derive(Clone, Debug)]
enum Step {
    /// The legal action with this index (modulo their number).
    Legal(u16),
    /// A [`wild_action`].
    Wild(u64, u64, u8),
    /// Text typed by the player to move.
    Text(String),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => any::<u16>().prop_map(Step::Legal),
        4 => (any::<u64>(), any::<u64>(), any::<u8>()).prop_map(|(a, b, k)| Step::Wild(a, b, k)),
        1 => text().prop_map(Step::Text),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any text parses to an action that prints and parses back (in both spellings, and through
    /// serde), or is refused as text that is not an action.
    #[test]
    fn text_is_an_action_or_a_typed_refusal(s in text()) {
        let parsed = kit(check_notation::<Action>(&s))?;
        match (parsed, s.parse::<Action>()) {
            (Some(a), _) => {
                prop_assert_eq!(format!("{a:#}").parse::<Action>(), Ok(a));
                prop_assert_eq!(
                    serde_json::to_value(a).ok(),
                    Some(serde_json::Value::String(format!("{a:#}")))
                );
            }
            (None, Err(e)) => {
                prop_assert!(!e.reason.is_empty() && e.input == s, "{e:?}");
            }
            (None, Ok(a)) => prop_assert!(false, "{s:?} parses as {a} but the kit saw nothing"),
        }
        let stored = serde_json::Value::String(s.clone());
        prop_assert_eq!(serde_json::from_value::<Action>(stored).ok(), parsed);
        // Every action but `pass` is a play.
        let play = kit(check_notation::<Play>(&s))?;
        prop_assert_eq!(play.map(Action::Play), parsed.filter(|a| *a != Action::Pass));
        match s.parse::<RankOrder>() {
            Ok(order) => prop_assert_eq!(format!("{order:#}").parse::<RankOrder>(), Ok(order)),
            Err(e) => prop_assert!(matches!(e, Error::Parse(_)), "{e:?}"),
        }
    }

    /// `Play::new` and `Play::from_declared` with arbitrary cards and meanings: a combination of
    /// the right size whose notation round-trips, or a refusal saying it is not a combination.
    #[test]
    fn plays_from_arbitrary_sets(a in any::<u64>(), b in any::<u64>()) {
        for made in [Play::new(set(a), set(b)), Play::new(set(a), set(a)), declared_play(a, b)] {
            match made {
                Ok(p) => {
                    prop_assert_eq!(p.cards().len(), p.shape().card_count());
                    prop_assert_eq!(kit(check_notation::<Play>(&p.to_string()))?, Some(p));
                    prop_assert_eq!(kit(check_notation::<Play>(&format!("{p:#}")))?, Some(p));
                }
                Err(e) => prop_assert!(!e.0.is_empty(), "{e:?}"),
            }
        }
    }

    /// Random sequences mixing legal actions, near-legal ones and typed text, each offered
    /// through the apply check: accepted ⇒ listed; refused ⇒ unchanged, with the error `check`
    /// gives. A finished game refuses everything.
    #[test]
    fn arbitrary_actions_are_applied_atomically(
        seed in any::<u64>(),
        steps in prop::collection::vec(step(), 0..250),
    ) {
        let mut game = BigTwo::new(Config::default(), seed).unwrap();
        for step in steps {
            let Turn::Player(p) = game.turn() else { break };
            let action = match step {
                Step::Legal(i) => {
                    let legal = game.legal_actions(p);
                    legal[usize::from(i) % legal.len()]
                }
                Step::Wild(a, b, kind) => match wild_action(a, b, kind, &game) {
                    Some(action) => action,
                    None => continue,
                },
                Step::Text(text) => match kit(check_notation::<Action>(&text))? {
                    Some(action) => action,
                    None => continue,
                },
            };
            kit(check_apply(&mut game, &action))?;
        }
        if game.turn() == Turn::Over {
            prop_assert!(!kit(check_apply(&mut game, &Action::Pass))?);
        }
    }

    /// Accessors with any seat, in any state: a seat that does not exist has nothing.
    #[test]
    fn accessors_take_any_seat(
        seed in any::<u64>(),
        steps in prop::collection::vec(any::<u16>(), 0..220),
        player in seat(),
    ) {
        let game = played(seed, &steps);
        let view = game.observation(player);
        let table = game.table();
        prop_assert_eq!(view.seat(), player);
        prop_assert_eq!(view.hand(), game.hand(player));
        prop_assert_eq!(view.unseen(), CardSet::ALL - game.hand(player) - table.played());
        prop_assert_eq!(table.count(player), game.hand(player).len());
        prop_assert_eq!(game.result(player).is_some(), player < 4 && game.turn() == Turn::Over);
        if player >= 4 {
            prop_assert!(game.hand(player).is_empty());
            prop_assert!(game.legal_actions(player).is_empty());
            prop_assert_eq!(game.returns(player), 0.0);
            prop_assert_eq!(table.place(player), None);
            prop_assert!(!table.has_passed(player));
        } else if game.turn() == Turn::Over {
            let first = game.result(player) == Some(PlayerResult::Win);
            prop_assert_eq!(first, table.place(player) == Some(1));
        }
    }

    /// `from_deal` with arbitrary hands refuses them as an inconsistent state; given the deal
    /// of a seed and arbitrary moves, what it accepts is the game a record of that seed and
    /// those moves replays to.
    #[test]
    fn arbitrary_deals_and_records(
        hands in prop::array::uniform4(any::<u64>()),
        seed in any::<u64>(),
        moves in prop::collection::vec((any::<usize>(), any::<u64>(), any::<u64>(), any::<u8>()), 0..40),
    ) {
        let base = BigTwo::new(Config::default(), seed).unwrap();
        let history: Vec<Move> = moves
            .iter()
            .filter_map(|&(p, a, b, k)| {
                wild_action(a, b, k, &base).map(|action| Move { player: p % 6, action })
            })
            .collect();
        if let Err(e) = BigTwo::from_deal(Config::default(), hands.map(set), &history) {
            prop_assert!(matches!(e, Error::InvalidState(_)), "{e:?}");
        }
        let real = [0, 1, 2, 3].map(|p| base.hand(p));
        let mut record = Record::<BigTwo>::new(Config::default(), seed);
        record.actions = history.iter().map(|m| m.action).collect();
        if let Ok(game) = BigTwo::from_deal(Config::default(), real, &history) {
            prop_assert_eq!(record.replay().ok(), Some(game));
        }
    }

    /// A world sampled for any seat from any seat's view deals every unplayed card once, with
    /// the public counts, looks like the view to the viewing seat, and plays on.
    #[test]
    fn sampled_worlds_for_any_seat(
        seed in any::<u64>(),
        steps in prop::collection::vec(any::<u16>(), 0..220),
        viewer in seat(),
        player in seat(),
        more in prop::collection::vec(any::<u16>(), 0..30),
    ) {
        let game = played(seed, &steps);
        let view = game.observation(viewer);
        let mut rng = GameRng::new(seed);
        let mut world = BigTwo::sample_world(&view, player, &mut rng);
        if viewer < 4 {
            prop_assert_eq!(world.observation(viewer), view);
        }
        let dealt = (0..4).fold(CardSet::EMPTY, |s, q| s | world.hand(q));
        prop_assert_eq!(dealt, CardSet::ALL - game.table().played());
        prop_assert_eq!(
            (0..4).map(|q| world.hand(q).len()).collect::<Vec<_>>(),
            game.table().counts().to_vec()
        );
        for i in more {
            let Turn::Player(p) = world.turn() else { break };
            let legal = world.legal_actions(p);
            prop_assert!(!legal.is_empty());
            let a = legal[usize::from(i) % legal.len()];
            prop_assert!(kit(check_apply(&mut world, &a))?);
        }
    }

    /// The public move generator and the hand scorer with arbitrary hands and tables: only
    /// cards from the hand, each play once, each beating the table, 3♣ in a first lead, `pass`
    /// only when following; scores between 0 and one per card.
    #[test]
    fn generator_and_scorer_take_any_hand(
        hand in any::<u64>(),
        unseen in any::<u64>(),
        t in proptest::option::of((any::<u64>(), any::<u64>())),
        reversed in any::<bool>(),
        first in any::<bool>(),
    ) {
        let order = if reversed { RankOrder::Reversed } else { RankOrder::Normal };
        let table = t.and_then(|(a, b)| Play::new(set(a), set(a) | set(b) & CardSet::STANDARD).ok());
        let hand = set(hand);
        let mut out = Vec::new();
        legal_actions_for(hand, table, order, first, &mut out);
        let distinct: std::collections::HashSet<Action> = out.iter().copied().collect();
        prop_assert_eq!(distinct.len(), out.len());
        prop_assert_eq!(out.contains(&Action::Pass), table.is_some());
        for play in out.iter().filter_map(Action::play) {
            prop_assert!(hand.contains_all(play.cards()), "{play}");
            if let Some(t) = &table {
                prop_assert!(play.beats(t, order), "{play} vs {t}");
            }
            if first && table.is_none() {
                prop_assert!(play.cards().contains("3c".parse::<Card>().unwrap()), "{play}");
            }
        }
        for unseen in [set(unseen), CardSet::ALL - hand] {
            let score = score_hand(hand, unseen, order, &Config::default());
            prop_assert!(score.total.is_finite() && score.total >= 0.0, "{score:?}");
            prop_assert!(score.total <= hand.len() as f64 + 1e-9, "{score:?}");
            prop_assert!(score.weak_cards as usize <= hand.len(), "{score:?}");
        }
    }
}

/// AI4 deciding for the seat to move but shown another seat's view (or a view of no seat) on
/// the game's first play: the worlds it samples must still deal every card (3♣ included), or
/// its playouts would never end.
#[test]
fn ai4_with_another_seats_view_terminates() {
    let tiny = Ai4Config {
        steps: 400,
        deals: 8,
        ..Ai4Config::default()
    };
    for seed in 0..40 {
        let game = BigTwo::new(Config::default(), seed).unwrap();
        let Turn::Player(p) = game.turn() else {
            unreachable!()
        };
        let legal = game.legal_actions(p);
        for viewer in [(p + 1) % 4, (p + 2) % 4, 9] {
            let view = game.observation(viewer);
            let decision = Decision::new(p, &view, &legal).unwrap();
            let a = Ai4::with_config(tiny, seed).choose(&decision);
            assert!(legal.contains(&a));
            let mut rng = GameRng::new(seed);
            let world = BigTwo::sample_world(&view, p, &mut rng);
            let dealt = (0..4).fold(CardSet::EMPTY, |s, q| s | world.hand(q));
            assert_eq!(dealt, CardSet::ALL, "seed {seed}, viewer {viewer}");
        }
    }
}
