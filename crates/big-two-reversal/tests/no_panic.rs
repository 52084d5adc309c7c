//! Bad input never panics: arbitrary text, mutated stored states and records, arbitrary deals,
//! out-of-range seats, illegal actions (refused with a typed error, state unchanged), agents
//! given odd decisions, and sampled worlds for any seat.

use big_two_reversal::ai::{Ai1, Ai2, Ai3, Ai4, Ai4Config, score_hand};
use big_two_reversal::{
    Action, BigTwo, Declared, Error, Move, Play, RankOrder, Rules, legal_actions_for,
};
use cards_core::{Card, CardSet, Rank};
use game_core::{Agent, Decision, Game, GameRng, Record, SampleWorld, Turn};
use proptest::prelude::*;

const ALL_BITS: u64 = (1 << 54) - 1;

fn set(bits: u64) -> CardSet {
    CardSet::from_bits(bits & ALL_BITS).unwrap_or_default()
}

/// Seats worth trying: the four real ones, just past them, and far past them.
fn seat() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..6, Just(usize::MAX), 7usize..64, any::<usize>()]
}

/// A game after `steps` legal moves picked by the indices.
fn played(seed: u64, steps: &[u16]) -> BigTwo {
    let mut game = BigTwo::new(Rules::default(), seed).unwrap();
    for &i in steps {
        let Turn::Player(p) = game.turn() else { break };
        let legal = game.legal_actions(p);
        let a = legal[usize::from(i) % legal.len()];
        game.apply(&a).unwrap();
    }
    game
}

/// An action that may well be illegal: arbitrary cards with an arbitrary meaning, typed text, or
/// a pass.
fn wild_action(a: u64, b: u64, kind: u8, game: &BigTwo) -> Option<Action> {
    match kind % 5 {
        0 => Some(Action::Pass),
        1 => Play::new(set(a), set(b)).ok().map(Action::Play),
        2 => {
            // Cards from the hand of the player to move (more likely to get past the first
            // checks), meaning what the bits say.
            let p = game.table().to_move().unwrap_or(0);
            let hand = game.hand(p);
            Play::new(set(a) & hand, set(a) & hand | set(b) & CardSet::STANDARD)
                .ok()
                .map(Action::Play)
        }
        3 => {
            let real = set(a) & CardSet::STANDARD;
            let decl = |bits: u64| {
                let idx = (bits % 54) as u8;
                match Card::from_index(idx) {
                    Ok(c) if bits & 1 << 40 != 0 => Some(Declared::Card(c)),
                    _ => Rank::from_value((bits % 13) as u8 + 1).map(Declared::Rank),
                }
            };
            let mut jokers = Vec::new();
            if b & 1 != 0 {
                jokers.push((Card::BLACK_JOKER, decl(b >> 2)));
            }
            if b & 2 != 0 {
                jokers.push((Card::RED_JOKER, decl(b >> 20)));
            }
            Play::from_declared(real, &jokers).ok().map(Action::Play)
        }
        _ => {
            let p = game.table().to_move().unwrap_or(0);
            let hand: Vec<Card> = game.hand(p).iter().collect();
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

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ 0-9a-zA-Z=,♣♦♥♠]{0,30}",
        "((10|[2-9AJQKajqk])[cdhsCDHS♣♦♥♠]|BJ|RJ|BJ=[0-9A-Z]{1,3}[cdhs]?|RJ=[0-9A-Z]{1,3}[cdhs]?| |,|pass)*",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any text parses to an action that prints and parses back, or gives a typed error.
    #[test]
    fn text_never_panics(s in text()) {
        match s.parse::<Action>() {
            Ok(a) => {
                prop_assert_eq!(a.to_string().parse::<Action>(), Ok(a));
                prop_assert_eq!(format!("{a:#}").parse::<Action>(), Ok(a));
            }
            Err(e) => {
                prop_assert!(matches!(e, Error::Parse { .. } | Error::NotACombination(_)), "{e:?}");
                let _ = e.to_string();
            }
        }
        let _ = s.parse::<Play>().map(|p| p.to_string());
        let _ = s.parse::<RankOrder>();
        let _ = serde_json::from_str::<Action>(&s);
        let _ = serde_json::from_value::<Action>(serde_json::Value::String(s.clone()));
        let _ = serde_json::from_str::<BigTwo>(&s);
        let _ = serde_json::from_str::<Record<BigTwo>>(&s);
    }

    /// `Play::new` and `Play::from_declared` with arbitrary cards and meanings: a play or a typed
    /// error; an accepted play prints and parses back to itself.
    #[test]
    fn plays_from_arbitrary_sets(a in any::<u64>(), b in any::<u64>(), kind in 1u8..4) {
        let game = BigTwo::new(Rules::default(), a ^ b).unwrap();
        if let Some(action) = wild_action(a, b, kind, &game) {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
        let _ = Play::new(set(a), set(b));
        let _ = Play::new(set(a), set(a));
    }

    /// Random sequences mixing legal and illegal actions: every refusal is typed, leaves the
    /// state equal and is not a listed action; every acceptance was listed.
    #[test]
    fn illegal_actions_change_nothing(
        seed in any::<u64>(),
        steps in prop::collection::vec((any::<u64>(), any::<u64>(), any::<u8>(), any::<u16>()), 0..250),
    ) {
        let mut game = BigTwo::new(Rules::default(), seed).unwrap();
        for (a, b, kind, i) in steps {
            let Turn::Player(p) = game.turn() else { break };
            let legal = game.legal_actions(p);
            let action = if kind % 3 == 0 {
                legal[usize::from(i) % legal.len()]
            } else {
                match wild_action(a, b, kind, &game) {
                    Some(x) => x,
                    None => continue,
                }
            };
            let before = game.clone();
            match game.apply(&action) {
                Ok(()) => prop_assert!(legal.contains(&action), "{action} accepted, not listed"),
                Err(e) => {
                    let _ = e.to_string();
                    prop_assert!(!legal.contains(&action), "{action} listed but refused: {e}");
                    prop_assert_eq!(&game, &before);
                    prop_assert_eq!(game.check(&action), Err(e));
                }
            }
        }
        if game.turn() == Turn::Over {
            let before = game.clone();
            prop_assert!(game.apply(&Action::Pass).is_err());
            prop_assert_eq!(game, before);
        }
    }

    /// Accessors with any seat, in any state.
    #[test]
    fn accessors_take_any_seat(
        seed in any::<u64>(),
        steps in prop::collection::vec(any::<u16>(), 0..220),
        player in seat(),
    ) {
        let game = played(seed, &steps);
        let _ = game.hand(player);
        let _ = game.legal_actions(player);
        let _ = game.returns(player);
        let _ = game.result(player);
        let view = game.observation(player);
        let _ = view.unseen();
        let t = game.table();
        let _ = (t.count(player), t.place(player), t.has_passed(player));
        let _ = Game::observation(&game, player % 4);
        if player >= 4 {
            prop_assert!(game.hand(player).is_empty());
            prop_assert!(game.legal_actions(player).is_empty());
            prop_assert_eq!(game.returns(player), 0.0);
        }
    }

    /// Stored states with a field mutated: refused with a typed error, or loaded into a state
    /// that stores and loads back to itself.
    #[test]
    fn mutated_stored_states_are_refused_or_consistent(
        seed in any::<u64>(),
        steps in prop::collection::vec(any::<u16>(), 0..220),
        which in 0u8..9,
        x in any::<u64>(),
        y in any::<u64>(),
        s in text(),
    ) {
        let game = played(seed, &steps);
        let mut json = serde_json::to_value(&game).unwrap();
        let n = json["history"].as_array().map_or(0, Vec::len);
        let i = if n == 0 { 0 } else { (x as usize) % n };
        let seat_i = (y % 4) as usize;
        match which {
            0 => json["hands"][seat_i] = serde_json::json!(format!("{:#}", set(x))),
            1 if n > 0 => json["history"][i]["player"] = serde_json::json!(y % 8),
            2 if n > 0 => json["history"][i]["player"] = serde_json::json!(y),
            3 if n > 0 => json["history"][i]["action"] = serde_json::json!(s),
            4 if n > 0 => {
                let h = json["history"].as_array_mut().unwrap();
                h.remove(i);
            }
            5 if n > 0 => {
                let h = json["history"].as_array_mut().unwrap();
                let m = h[i].clone();
                h.insert((y as usize) % n, m);
            }
            6 => json["hands"][seat_i] = serde_json::json!(s),
            7 => json["rules"] = serde_json::json!({ "x": y }),
            8 if n > 0 => {
                let h = json["history"].as_array_mut().unwrap();
                h.swap(i, (y as usize) % n);
            }
            _ => json["hands"] = serde_json::json!([]),
        }
        match serde_json::from_value::<BigTwo>(json) {
            Ok(loaded) => {
                let again = serde_json::to_value(&loaded).unwrap();
                prop_assert_eq!(serde_json::from_value::<BigTwo>(again).ok(), Some(loaded));
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }

    /// `from_deal` with arbitrary hands and moves, and records with arbitrary seeds and actions.
    #[test]
    fn arbitrary_deals_and_records(
        hands in prop::array::uniform4(any::<u64>()),
        seed in any::<u64>(),
        moves in prop::collection::vec((any::<usize>(), any::<u64>(), any::<u64>(), any::<u8>()), 0..40),
    ) {
        let base = BigTwo::new(Rules::default(), seed).unwrap();
        let history: Vec<Move> = moves
            .iter()
            .filter_map(|&(p, a, b, k)| {
                wild_action(a, b, k, &base).map(|action| Move { player: p % 6, action })
            })
            .collect();
        let deal = hands.map(set);
        if let Err(e) = BigTwo::from_deal(Rules::default(), deal, &history) {
            prop_assert!(matches!(e, Error::InvalidState(_)), "{e:?}");
        }
        let real = [0, 1, 2, 3].map(|p| base.hand(p));
        let _ = BigTwo::from_deal(Rules::default(), real, &history);
        let mut record = Record::<BigTwo>::new(Rules::default(), seed);
        record.actions = history.iter().map(|m| m.action).collect();
        let _ = record.replay();
    }

    /// Agents never panic on odd decisions: any seat, another seat's view, any list of actions.
    #[test]
    fn agents_take_odd_decisions(
        seed in any::<u64>(),
        steps in prop::collection::vec(any::<u16>(), 0..220),
        player in seat(),
        viewer in seat(),
        extra in prop::collection::vec((any::<u64>(), any::<u64>(), any::<u8>()), 1..6),
        use_legal in any::<bool>(),
    ) {
        let game = played(seed, &steps);
        let view = game.observation(viewer);
        let mut legal = if use_legal {
            game.legal_actions(game.table().to_move().unwrap_or(0))
        } else {
            Vec::new()
        };
        legal.extend(extra.iter().filter_map(|&(a, b, k)| wild_action(a, b, k, &game)));
        let Some(decision) = Decision::<BigTwo>::new(player, &view, &legal) else {
            return Ok(());
        };
        let tiny = Ai4Config { steps: 200, max_worlds: 4, ..Ai4Config::default() };
        let agents: Vec<Box<dyn Agent<BigTwo>>> = vec![
            Box::new(Ai1),
            Box::new(Ai2),
            Box::new(Ai3),
            Box::new(Ai4::with_config(tiny, seed)),
        ];
        for mut agent in agents {
            let a = agent.choose(&decision);
            prop_assert!(legal.contains(&a), "{} chose {a}, not offered", agent.name());
        }
    }

    /// A world sampled for any seat from any seat's view: no panic, and the world is usable.
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
        let _ = world.observation(player);
        // Every card not yet played is in exactly one hand, with the public counts.
        let dealt = (0..4).fold(CardSet::EMPTY, |s, q| s | world.hand(q));
        prop_assert_eq!(dealt, CardSet::ALL - game.table().played());
        prop_assert_eq!(
            (0..4).map(|q| world.hand(q).len()).collect::<Vec<_>>(),
            game.table().counts().to_vec()
        );
        for i in more {
            let Turn::Player(p) = world.turn() else { break };
            let legal = world.legal_actions(p);
            let Some(a) = legal.get(usize::from(i) % legal.len().max(1)) else { break };
            let a = *a;
            let _ = world.apply(&a);
        }
    }

    /// The public move generator and the hand scorer with arbitrary hands and tables.
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
        let mut out = Vec::new();
        legal_actions_for(set(hand), table, order, first, &mut out);
        let _ = score_hand(set(hand), set(unseen), order);
        let _ = score_hand(set(hand), set(!hand), order);
    }
}

/// AI4 deciding for the seat to move but shown another seat's view (or a view of no seat) on
/// the game's first play: the worlds it samples must still deal every card (3♣ included), or
/// its playouts would never end.
#[test]
fn ai4_with_another_seats_view_terminates() {
    let tiny = Ai4Config {
        steps: 400,
        max_worlds: 8,
        ..Ai4Config::default()
    };
    for seed in 0..40 {
        let game = BigTwo::new(Rules::default(), seed).unwrap();
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
