//! Arbitrary bytes as tic-tac-toe moves (as cell numbers and as text) and as serialised states
//! and records: never a panic, a refused action changes nothing, and whatever is accepted
//! round-trips.

#![no_main]

use game_core::{Game, Record, Turn};
use libfuzzer_sys::fuzz_target;
use tictactoe::{Cell, Config, TicTacToe};

/// Applies `cell` and checks the promises around it.
fn step(state: &mut TicTacToe, cell: Cell) {
    let before = *state;
    let legal = match before.turn() {
        Turn::Player(seat) => before.legal_actions(seat),
        _ => Vec::new(),
    };
    match state.apply(&cell) {
        Ok(()) => {
            assert!(legal.contains(&cell), "accepted an illegal {cell}");
            assert_eq!(state.moves_played(), before.moves_played() + 1);
        }
        Err(_) => {
            assert!(!legal.contains(&cell), "refused a legal {cell}");
            assert_eq!(*state, before, "a refused {cell} changed the state");
        }
    }
}

fn check_round_trip(state: &TicTacToe) {
    let json = serde_json::to_string(state).expect("a state serialises");
    let back: TicTacToe = serde_json::from_str(&json).expect("a played state deserialises");
    assert_eq!(&back, state);
    let _ = state.to_string();
}

fuzz_target!(|data: &[u8]| {
    let (config, seed) = match data.first() {
        Some(b) if b & 1 == 1 => (Config::BY_LOT, u64::from(*b)),
        _ => (Config::X_FIRST, 0),
    };

    // Bytes as cell numbers (0 and 10..=255 are not cells and cannot be made into one).
    let mut state = TicTacToe::new(config, seed).expect("new never fails");
    let mut record = Record::<TicTacToe>::new(config, seed);
    for &byte in data.iter().skip(1) {
        match Cell::new(byte % 12) {
            Some(cell) => {
                let before = state;
                step(&mut state, cell);
                if state != before {
                    record.actions.push(cell);
                }
            }
            None => assert!(Cell::try_from(u64::from(byte % 12)).is_err()),
        }
    }
    check_round_trip(&state);
    assert_eq!(record.replay().expect("a played record replays"), state);

    // Bytes as text: words parsed as cells.
    let text = String::from_utf8_lossy(data);
    let mut state = TicTacToe::new(config, seed).expect("new never fails");
    for word in text.split([' ', ',', '\n']) {
        if let Ok(cell) = word.parse::<Cell>() {
            assert_eq!(cell.to_string().parse::<Cell>().ok(), Some(cell));
            step(&mut state, cell);
        }
    }
    check_round_trip(&state);

    // Bytes as a serialised state: if accepted, it round-trips and can be played to the end.
    if let Ok(mut state) = serde_json::from_slice::<TicTacToe>(data) {
        check_round_trip(&state);
        while let Turn::Player(seat) = state.turn() {
            let legal = state.legal_actions(seat);
            assert!(!legal.is_empty());
            step(&mut state, legal[legal.len() / 2]);
        }
        assert!(state.moves_played() <= 9);
    }

    // Bytes as a record: replay never panics; what it reaches round-trips.
    if let Ok(record) = serde_json::from_slice::<Record<TicTacToe>>(data) {
        if let Ok(state) = record.replay() {
            check_round_trip(&state);
        }
    }
});
