//! life-go: arbitrary sizes, setups and drops (typed and as text), and arbitrary serialised
//! records and states, through game-core's test kit: every drop offered goes through
//! `check_apply` (accepted ⇒ legal; refused ⇒ nothing changed, `check` agreed), every word
//! through `check_notation`. Accepted drops keep the fast tick equal to the reference, played
//! records replay to the same state, and whatever deserialises round-trips and is played on
//! with the same checks.
//!
//! Each drop costs a tick of the whole board, so the work per input is bounded: boards are
//! mostly small (one side byte in 32 picks a side near the largest), the moves played are
//! at most [`WORK`] cells' worth, the reference tick runs on every fourth move and the serde
//! round trip on every eighth.

#![no_main]

use arbitrary::Arbitrary;
use game_testkit::{Violation, check_apply, check_notation};
use libfuzzer_sys::fuzz_target;
use life_go::parse_cells;
use life_go::prelude::*;

#[derive(Arbitrary, Debug)]
enum SetupInput {
    RuleBook,
    Mirrored(u8),
    Cells(Vec<(u8, u8)>, Vec<(u8, u8)>),
    Text(String, String),
}

#[derive(Arbitrary, Debug)]
enum MoveInput {
    Cell(u8, u8),
    Text(String),
}

#[derive(Arbitrary, Debug)]
struct Input {
    width: u8,
    height: u8,
    move_limit: u16,
    seed: u64,
    setup: SetupInput,
    moves: Vec<MoveInput>,
    picks: Vec<u8>,
    record_json: String,
    state_json: String,
}

fn cells(list: &[(u8, u8)]) -> Vec<Cell> {
    list.iter()
        .filter_map(|&(f, r)| Cell::new(usize::from(f), usize::from(r)))
        .collect()
}

/// Offers `action` to `state` and panics on a broken promise; an accepted drop must give the
/// board the reference tick gives (checked on every fourth move: the reference is slow).
/// Returns whether it was accepted.
fn offer(state: &mut LifeGo, action: Action) -> bool {
    let before = state.clone();
    let accepted = check_apply(state, &action).unwrap_or_else(broken);
    if accepted && before.moves_played() % 4 == 0 {
        let mut expected = before.board().clone();
        expected.set(action.cell(), Some(before.to_move()));
        assert_eq!(state.board(), &expected.tick_reference());
    }
    accepted
}

/// Board cells the drops of one input may tick through, in all.
const WORK: usize = 1024;

/// A board side from a byte: 0 to 12 mostly (below 3 refused), 60 to 67 for the top eight
/// bytes (above 64 refused).
fn side(byte: u8) -> usize {
    match byte {
        248.. => usize::from(byte - 248) + 60,
        _ => usize::from(byte % 13),
    }
}

/// How many drops a board of this size may take within [`WORK`].
fn drops(config: &Config) -> usize {
    (WORK / (config.width * config.height).max(1)).clamp(2, 200)
}

fn broken<T>(violation: Violation) -> T {
    panic!("{violation}")
}

/// Text checked as a cell and as an action: both parse alike, or neither does.
fn parse(text: &str) -> Option<Action> {
    let cell = check_notation::<Cell>(text).unwrap_or_else(broken);
    let action = check_notation::<Action>(text).unwrap_or_else(broken);
    assert_eq!(action, cell.map(Action::at));
    action
}

/// Plays `state` on for at most [`drops`] moves: the offered `probes` tried on a copy, a legal
/// drop chosen by `picks` played, and a serde round trip every eighth step and at the end. A
/// finished game has no legal drop, zero-sum returns and a move count within its limit.
fn play_on(mut state: LifeGo, probes: &[Action], picks: &[u8]) {
    for step in 0..=drops(state.config()) {
        let over = state.turn() == Turn::Over;
        if over || step % 8 == 0 {
            let json = serde_json::to_string(&state).expect("a state serialises");
            let back: LifeGo = serde_json::from_str(&json).expect("a valid state deserialises");
            assert_eq!(back, state);
        }
        assert!(state.moves_played() <= state.config().move_limit);
        let Turn::Player(seat) = state.turn() else {
            assert!(state.legal_actions(0).is_empty() && state.legal_actions(1).is_empty());
            assert_eq!(state.returns(0) + state.returns(1), 0.0);
            assert!(state.outcome().is_some());
            return;
        };
        let legal = state.legal_actions(seat);
        assert!(!legal.is_empty(), "no legal drop in {state:?}");
        for &probe in probes.iter().take(2) {
            offer(&mut state.clone(), probe);
        }
        let pick = picks.get(step).copied().map_or(step, usize::from);
        assert!(offer(&mut state, legal[pick % legal.len()]));
    }
}

fuzz_target!(|input: Input| {
    // Arbitrary text as a record and as a state: what deserialises is checked.
    if let Ok(record) = serde_json::from_str::<Record<LifeGo>>(&input.record_json)
        && let Ok(state) = record.replay()
    {
        play_on(state, &[], &input.picks);
    }
    if let Ok(state) = serde_json::from_str::<LifeGo>(&input.state_json) {
        play_on(state, &[], &input.picks);
    }

    let setup = match &input.setup {
        SetupInput::RuleBook => Setup::RuleBook,
        SetupInput::Mirrored(groups) => Setup::Mirrored {
            groups: usize::from(*groups % 8),
        },
        SetupInput::Cells(black, white) => Setup::Custom {
            black: cells(black),
            white: cells(white),
        },
        SetupInput::Text(black, white) => {
            for word in black.split_whitespace().chain(white.split_whitespace()) {
                parse(word);
            }
            match Setup::custom(black, white) {
                Ok(setup) => setup,
                Err(error) => {
                    assert!(matches!(error, Error::ParseCell { .. }), "{error:?}");
                    assert!(parse_cells(black).is_err() || parse_cells(white).is_err());
                    return;
                }
            }
        }
    };
    let config = Config {
        width: side(input.width),
        height: side(input.height),
        setup,
        move_limit: u32::from(input.move_limit % 500),
    };
    let Ok(mut game) = LifeGo::new(config.clone(), input.seed) else {
        assert!(Record::<LifeGo>::new(config, input.seed).replay().is_err());
        return;
    };
    let budget = drops(&config);
    let mut record = Record::<LifeGo>::new(config, input.seed);
    let mut offered = Vec::new();
    for mv in input.moves.iter().take(budget) {
        let parsed = match mv {
            MoveInput::Cell(f, r) => Cell::new(usize::from(*f), usize::from(*r)).map(Action::at),
            MoveInput::Text(text) => parse(text),
        };
        let Some(action) = parsed else { continue };
        offered.push(action);
        if offer(&mut game, action) {
            record.actions.push(action);
        }
    }
    assert_eq!(record.replay().expect("a played record replays"), game);
    let json = serde_json::to_string(&record).expect("a record serialises");
    let back: Record<LifeGo> = serde_json::from_str(&json).expect("a record deserialises");
    assert_eq!(back, record);
    play_on(game, &offered, &input.picks);
});
