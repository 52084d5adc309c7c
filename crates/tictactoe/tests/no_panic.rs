//! No input breaks a promise, on game-core's test kit: arbitrary cells offered to the positions
//! they lead to, arbitrary text to the parsers, corrupted serialised states, odd configurations
//! and seats. (Agents given odd decisions: `check_roster` in conformance.rs.)

use game_testkit::{check_apply, check_notation};
use proptest::prelude::*;
use tictactoe::prelude::*;

fn config(by_lot: bool) -> Config {
    if by_lot {
        Config::BY_LOT
    } else {
        Config::X_FIRST
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any sequence of cells: an accepted one was legal and `check` accepted it; a refused one
    /// changed nothing and `check` gave the same error. The accepted ones form a record that
    /// replays to the position, and seats that do not exist have nothing to do.
    #[test]
    fn arbitrary_cells_keep_the_apply_promises(
        seed in any::<u64>(),
        by_lot in any::<bool>(),
        numbers in prop::collection::vec(1u8..=9, 0..20),
    ) {
        let config = config(by_lot);
        let mut state = TicTacToe::new(config, seed)?;
        let mut record = Record::<TicTacToe>::new(config, seed);
        for number in numbers {
            let cell = Cell::new(number).unwrap();
            if check_apply(&mut state, &cell)? {
                record.actions.push(cell);
            }
        }
        prop_assert_eq!(state.moves_played(), record.actions.len());
        prop_assert_eq!(record.replay()?, state);
        for seat in [2, usize::MAX] {
            prop_assert!(state.legal_actions(seat).is_empty());
            prop_assert_eq!(state.returns(seat), 0.0);
            prop_assert_eq!(state.observation(seat), state);
            prop_assert_eq!(Mark::of_seat(seat), None);
        }
    }

    /// Text offered as a cell or a mark: it parses (and prints back to its trimmed self) or is
    /// refused with the parser's own error; a cell read from JSON text is the same cell.
    #[test]
    fn arbitrary_text_is_a_cell_a_mark_or_refused(text in "\\PC{0,4}|[ 0-9xoXO]{0,3}") {
        match check_notation::<Cell>(&text)? {
            Some(cell) => prop_assert_eq!(cell.to_string(), text.trim()),
            None => prop_assert!(matches!(text.parse::<Cell>(), Err(Error::ParseCell(_)))),
        }
        match check_notation::<Mark>(&text)? {
            Some(mark) => prop_assert!(text.trim().eq_ignore_ascii_case(&mark.to_string())),
            None => prop_assert!(matches!(text.parse::<Mark>(), Err(Error::ParseMark(_)))),
        }
        let json = serde_json::to_string(&text).unwrap();
        prop_assert_eq!(serde_json::from_str::<Cell>(&json).ok(), text.parse::<Cell>().ok());
    }
}

/// Every number a cell could be made from: only 1 to 9 make one, each the same way.
#[test]
fn numbers_make_cells_only_from_1_to_9() {
    for number in 0..=u8::MAX {
        let cell = Cell::new(number);
        assert_eq!(cell.is_some(), (1..=9).contains(&number), "{number}");
        assert_eq!(cell, Cell::try_from(u64::from(number)).ok());
        if let Some(cell) = cell {
            assert_eq!(cell.number(), number);
            let (row, column) = cell.row_column();
            assert_eq!(Cell::at(row, column), Some(cell));
        }
    }
    for big in [256, u64::from(u32::MAX), u64::MAX] {
        assert_eq!(Cell::try_from(big), Err(Error::CellOutOfRange(big)));
    }
    for row in 0..=u8::MAX {
        for column in [0, 1, 2, 3, u8::MAX] {
            assert_eq!(Cell::at(row, column).is_some(), row < 3 && column < 3);
        }
    }
}

/// Every 16-bit mask makes a set of its low nine bits, which iterates and prints consistently.
#[test]
fn every_mask_makes_a_consistent_set() {
    for mask in 0..=u16::MAX {
        let set = CellSet::from_mask(mask);
        assert_eq!(set.mask(), mask & 0x1FF);
        let cells: Vec<Cell> = set.iter().collect();
        assert_eq!(cells.len(), set.len());
        assert_eq!(cells.iter().copied().collect::<CellSet>(), set);
        assert_eq!(set.first(), cells.first().copied());
        assert_eq!(set.nth(set.len()), None);
        assert_eq!(set.to_string().split_whitespace().count(), set.len());
    }
}

/// Serialised states no game could reach are refused, with the crate's error as the reason.
#[test]
fn unreachable_states_are_refused_with_typed_errors() {
    let cell = |n| Cell::new(n).unwrap();
    let cases = [
        // A cell listed twice, in one list or under both marks.
        (
            r#"{"config":{"first":"x"},"first":"X","x":["5","5"],"o":["1"]}"#,
            Error::MarkedTwice(cell(5)),
        ),
        (
            r#"{"config":{"first":"x"},"first":"X","x":["5"],"o":["5"]}"#,
            Error::MarkedTwice(cell(5)),
        ),
        // Mark counts that alternating moves cannot give.
        (
            r#"{"config":{"first":"x"},"first":"X","x":["1","2"],"o":[]}"#,
            Error::MarkCounts {
                x: 2,
                o: 0,
                first: Mark::X,
            },
        ),
        (
            r#"{"config":{"first":"by_lot"},"first":"O","x":["1"],"o":[]}"#,
            Error::MarkCounts {
                x: 1,
                o: 0,
                first: Mark::O,
            },
        ),
        // O first although X always moves first.
        (
            r#"{"config":{"first":"x"},"first":"O","x":[],"o":["1"]}"#,
            Error::FirstPlayerMismatch,
        ),
        // Moves after a win: O played on after X's top row; both rows complete.
        (
            r#"{"config":{"first":"x"},"first":"X","x":["7","8","9"],"o":["1","2","4"]}"#,
            Error::PlayedAfterWin(Mark::X),
        ),
        (
            r#"{"config":{"first":"x"},"first":"X","x":["7","8","9","5"],"o":["1","2","3"]}"#,
            Error::PlayedAfterWin(Mark::O),
        ),
    ];
    for (json, error) in cases {
        let refused = serde_json::from_str::<TicTacToe>(json).unwrap_err();
        assert!(
            refused.to_string().starts_with(&error.to_string()),
            "{json}: {refused}, expected {error}"
        );
    }
    // Malformed documents and configurations are refused by serde itself.
    for json in [
        r#"{"config":{"first":"o"},"first":"X","x":[],"o":[]}"#,
        r#"{"config":{"first":"x","size":4},"first":"X","x":[],"o":[]}"#,
        r#"{"config":{"first":"x"},"first":"Y","x":[],"o":[]}"#,
        r#"{"config":{"first":"x"},"first":"X","x":[5],"o":[]}"#,
        r#"{"config":{"first":"x"},"first":"X","x":["0"],"o":[]}"#,
        r#"{"config":{"first":"x"},"first":"X","x":[]}"#,
        r#"{"config":{"first":"x"},"first":"X","x":[],"o":[],"next":"O"}"#,
    ] {
        assert!(serde_json::from_str::<TicTacToe>(json).is_err(), "{json}");
    }
    for json in [
        r#"{"first":"o"}"#,
        r#"{"first":1}"#,
        r#"{"first":"x","extra":0}"#,
    ] {
        assert!(serde_json::from_str::<Config>(json).is_err(), "{json}");
    }
    // A configuration that leaves out who moves first has X do so.
    assert_eq!(
        serde_json::from_str::<Config>("{}").unwrap(),
        Config::X_FIRST
    );
}
