//! Fuzz big-two-reversal: arbitrary action text (parse, print, parse again), arbitrary sequences
//! of typed and legal actions applied to a seeded game (a refusal must change nothing), and
//! arbitrary JSON for records and stored states (refused or replayed, never a panic).
#![no_main]

use arbitrary::Arbitrary;
use big_two_reversal::{Action, BigTwo, Rules};
use game_core::{Game, Record, Turn};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Step {
    /// Type this text as the player to move.
    Text(String),
    /// Play the legal action with this index (modulo their number).
    Legal(u16),
}

#[derive(Arbitrary, Debug)]
struct Input {
    seed: u64,
    steps: Vec<Step>,
    record_json: String,
    state_json: String,
}

fuzz_target!(|input: Input| {
    let Ok(mut game) = BigTwo::new(Rules::default(), input.seed) else {
        return;
    };
    let mut record = Record::<BigTwo>::new(Rules::default(), input.seed);
    for step in input.steps.iter().take(400) {
        let Turn::Player(p) = game.turn() else { break };
        let action = match step {
            Step::Text(text) => match text.parse::<Action>() {
                Ok(a) => {
                    // Printing then parsing gives the same action, in both spellings.
                    assert_eq!(a.to_string().parse::<Action>().ok(), Some(a));
                    assert_eq!(format!("{a:#}").parse::<Action>().ok(), Some(a));
                    a
                }
                Err(e) => {
                    let _ = e.to_string();
                    continue;
                }
            },
            Step::Legal(i) => {
                let legal = game.legal_actions(p);
                legal[usize::from(*i) % legal.len()]
            }
        };
        let before = game.clone();
        let legal = game.legal_actions(p);
        match game.apply(&action) {
            Ok(()) => {
                assert!(legal.contains(&action), "{action} was accepted but not listed");
                record.actions.push(action);
            }
            Err(e) => {
                let _ = e.to_string();
                assert!(!legal.contains(&action), "{action} is listed but refused: {e}");
                assert_eq!(game, before);
            }
        }
    }
    // The record of what was accepted replays to the same state.
    assert_eq!(record.replay().ok().as_ref(), Some(&game));
    if let Ok(json) = serde_json::to_string(&game) {
        assert_eq!(serde_json::from_str::<BigTwo>(&json).ok().as_ref(), Some(&game));
    }
    // Arbitrary records and stored states: refused or accepted, never a panic.
    if let Ok(r) = serde_json::from_str::<Record<BigTwo>>(&input.record_json) {
        if let Ok(state) = r.replay() {
            let _ = state.legal_actions(0);
        }
    }
    if let Ok(state) = serde_json::from_str::<BigTwo>(&input.state_json) {
        let json = serde_json::to_string(&state).expect("a loaded state serialises");
        assert_eq!(serde_json::from_str::<BigTwo>(&json).ok(), Some(state));
    }
});
