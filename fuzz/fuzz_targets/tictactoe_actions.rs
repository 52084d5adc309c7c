//! Arbitrary bytes as tic-tac-toe moves (as cell numbers and as text) and as serialised states
//! and records, through game-core's test kit: every cell offered goes through `check_apply`
//! (accepted ⇒ legal; refused ⇒ nothing changed, `check` agreed), every word through
//! `check_notation`, and whatever deserialises round-trips and is played to its end with the
//! same checks.

#![no_main]

use game_testkit::{check_apply, check_notation};
use libfuzzer_sys::fuzz_target;
use tictactoe::prelude::*;

/// Offers `cell` to `state`; panics on a broken promise. Returns whether it was accepted.
fn offer(state: &mut TicTacToe, cell: Cell) -> bool {
    check_apply(state, &cell).unwrap_or_else(|violation| panic!("{violation}"))
}

/// A game from `state` to the end (a middle legal cell played at each step, three cells in
/// turn offered beside it, so that every cell is offered every three steps), with the serde
/// round trip checked every third step and at the end, where the board is printed.
fn play_out(mut state: TicTacToe) {
    for step in 0..=9 {
        let over = state.turn() == Turn::Over;
        if over || step % 3 == 0 {
            let json = serde_json::to_string(&state).expect("a state serialises");
            let back: TicTacToe = serde_json::from_str(&json).expect("a valid state deserialises");
            assert_eq!(back, state);
        }
        let Turn::Player(seat) = state.turn() else {
            let _ = format!("{state}{state:#}");
            assert!(state.legal_actions(0).is_empty() && state.legal_actions(1).is_empty());
            assert_eq!(state.returns(0) + state.returns(1), 0.0);
            return;
        };
        let legal = state.legal_actions(seat);
        assert!(!legal.is_empty(), "no legal move in {state:?}");
        for cell in Cell::ALL.iter().cycle().skip(3 * step).take(3) {
            let mut trial = state;
            offer(&mut trial, *cell);
        }
        assert!(offer(&mut state, legal[legal.len() / 2]));
    }
    panic!("the game went on past 9 moves: {state:?}");
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
                if offer(&mut state, cell) {
                    record.actions.push(cell);
                }
            }
            None => assert!(Cell::try_from(u64::from(byte % 12)).is_err()),
        }
    }
    assert_eq!(record.replay().expect("a played record replays"), state);
    let json = serde_json::to_string(&record).expect("a record serialises");
    let back: Record<TicTacToe> = serde_json::from_str(&json).expect("a record deserialises");
    assert_eq!(back, record);
    play_out(state);

    // Bytes as text: words checked as cells and marks; the cells among them offered.
    let text = String::from_utf8_lossy(data);
    let mut state = TicTacToe::new(config, seed).expect("new never fails");
    for word in text.split([' ', ',', '\n']) {
        if let Some(mark) =
            check_notation::<Mark>(word).unwrap_or_else(|violation| panic!("{violation}"))
        {
            assert!(word.trim().eq_ignore_ascii_case(&mark.to_string()));
        }
        if let Some(cell) =
            check_notation::<Cell>(word).unwrap_or_else(|violation| panic!("{violation}"))
        {
            offer(&mut state, cell);
        }
    }

    // Bytes as a serialised state: if accepted, it keeps every promise to the end of a game.
    if let Ok(state) = serde_json::from_slice::<TicTacToe>(data) {
        play_out(state);
    }

    // Bytes as a record: replay never panics; what it reaches keeps every promise.
    if let Ok(record) = serde_json::from_slice::<Record<TicTacToe>>(data)
        && let Ok(state) = record.replay()
    {
        play_out(state);
    }
});
