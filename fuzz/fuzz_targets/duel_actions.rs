//! Arbitrary joint moves (legal picks, typed text and raw moves) on every preset and table size,
//! offered through game-core's apply checkers; arbitrary text through the notation checker; and
//! arbitrary records and states as JSON: a record that deserialises replays or is refused with a
//! message, and a state that deserialises survives the serde round trip and is walked like the
//! conformance checks do (every seat can move until the end, every legal joint move is accepted,
//! the game ends within its bound, returns sum to zero), with the learning interface's ids and
//! tensors checked at every step of the walk.

#![no_main]

use arbitrary::Arbitrary;
use duel_rules::MoveName;
use duel_rules::prelude::*;
use game_testkit::{check_apply, check_apply_joint, check_notation};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Pick {
    Legal(u8),
    Text(String),
    Raw { name: u8, target: Option<u8> },
}

#[derive(Arbitrary, Debug)]
struct Input {
    preset: u8,
    players: u8,
    rounds: Vec<Vec<Pick>>,
    record_json: String,
    state_json: String,
    walk: Vec<u8>,
}

/// Moves of the presets and one no rule set has.
const NAMES: [&str; 5] = ["charge", "block", "shoot", "hell", "nope"];

/// Longest walk from a deserialised state (a custom rule set may allow a million rounds).
const MAX_WALK: usize = 256;

fn checked<T>(result: Result<T, game_testkit::Violation>) -> T {
    result.unwrap_or_else(|v| panic!("{v}"))
}

/// Every legal action's id reads back to it and lies below the configuration's count; the
/// observation tensor has its declared length and finite entries.
fn check_learning_at(state: &Duel) {
    let config = state.config_of();
    let count = Duel::num_distinct_actions(&config);
    let length: usize = Duel::observation_tensor_shape(&config).iter().product();
    for p in 0..state.num_players() {
        for action in state.legal_actions(p) {
            let id = Duel::action_id(&config, &action).expect("a legal action has an id");
            assert!(id < count, "{action} has id {id} of {count}");
            assert_eq!(Duel::action_from_id(&config, id), Some(action));
        }
        let tensor = state.observation_tensor(p);
        assert_eq!(tensor.len(), length);
        assert!(tensor.iter().all(|x| x.is_finite()));
    }
}

/// Plays `state` on with legal joint moves picked by `bytes`, checking each step.
fn walk(mut state: Duel, bytes: &[u8]) {
    let bound = state.max_game_length();
    for step in 0..MAX_WALK {
        check_learning_at(&state);
        if state.turn() == Turn::Over {
            break;
        }
        let joint: Vec<Action> = (0..state.num_players())
            .map(|p| {
                let legal = state.legal_actions(p);
                assert!(!legal.is_empty(), "player {p} cannot move in {state:?}");
                let pick = bytes.get((step + p) % bytes.len().max(1)).copied();
                legal[usize::from(pick.unwrap_or(0)) % legal.len()]
            })
            .collect();
        assert!(
            checked(check_apply_joint(&mut state, &joint)),
            "{joint:?} refused"
        );
        assert!(
            state.turn() == Turn::Over || (state.round() as usize) < bound,
            "still going after its bound of {bound} rounds"
        );
    }
    if state.turn() == Turn::Over {
        let n = state.num_players();
        let sum: f64 = (0..n).map(|p| state.returns(p)).sum();
        assert!(sum.abs() < 1e-9, "returns sum to {sum}");
        assert!((0..n).all(|p| state.result(p).is_some()));
    }
}

fuzz_target!(|input: Input| {
    let preset = Preset::ALL[usize::from(input.preset) % Preset::ALL.len()];
    let players = 2 + usize::from(input.players) % 7;
    let config = Config::preset(preset).with_players(players);
    let mut state = Duel::new(config.clone(), 0).expect("a preset with 2 to 8 players");
    let mut record = Record::<Duel>::new(config, 0);
    for round in input.rounds.iter().take(64) {
        let joint: Vec<Action> = (0..players)
            .map(|p| {
                let legal = state.legal_actions(p);
                match round.get(p) {
                    Some(Pick::Text(t)) => {
                        checked(check_notation::<MoveName>(t));
                        checked(check_notation::<Preset>(t));
                        let parsed = checked(check_notation::<Action>(t));
                        match state.parse_action(p, t) {
                            Ok(a) => {
                                assert!(legal.contains(&a), "{t:?} read as the illegal {a}");
                                a
                            }
                            Err(e) => {
                                assert!(!e.to_string().is_empty());
                                parsed.unwrap_or(Action::Out)
                            }
                        }
                    }
                    Some(Pick::Raw { name, target }) => Action::Play {
                        name: MoveName::new(NAMES[usize::from(*name) % NAMES.len()])
                            .expect("a valid name"),
                        target: target.map(usize::from),
                    },
                    Some(Pick::Legal(i)) if !legal.is_empty() => {
                        legal[usize::from(*i) % legal.len()]
                    }
                    None if !legal.is_empty() => legal[0],
                    _ => Action::Out,
                }
            })
            .collect();
        let before = state.clone();
        let accepted = checked(check_apply_joint(&mut state, &joint));
        // The per-seat check says what the round did.
        let seats_ok = before.turn() != Turn::Over
            && (0..players).all(|p| before.check_move(p, &joint[p]).is_ok());
        assert_eq!(accepted, seats_ok, "{joint:?}");
        if accepted {
            for (b, a) in before.fighters().iter().zip(state.fighters()) {
                assert!(a.health <= b.health, "health rose");
            }
            record.actions.extend_from_slice(&joint);
        }
        // A single action is never a round.
        assert!(!checked(check_apply(&mut state.clone(), &joint[0])));
        if state.turn() == Turn::Over {
            break;
        }
    }
    assert_eq!(record.replay().expect("a record of accepted rounds"), state);
    // The record's JSON carries the whole rule set: its round trip is checked for one input in
    // four, chosen by the number of rounds.
    if input.rounds.len() % 4 == 0 {
        let json = serde_json::to_string(&record).expect("serialise");
        assert_eq!(
            serde_json::from_str::<Record<Duel>>(&json).expect("round trip"),
            record
        );
    }

    if let Ok(r) = serde_json::from_str::<Record<Duel>>(&input.record_json) {
        match r.replay() {
            Ok(s) => walk(s, &input.walk),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    if let Ok(s) = serde_json::from_str::<Duel>(&input.state_json) {
        let again = serde_json::to_string(&s).expect("serialise");
        assert_eq!(serde_json::from_str::<Duel>(&again).expect("round trip"), s);
        walk(s, &input.walk);
    }
});
