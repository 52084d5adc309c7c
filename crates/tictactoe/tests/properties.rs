//! Property tests: the bitboard state against a plain reference implementation, atomic refusals,
//! serde and text round trips, agents' moves.

use proptest::prelude::*;
use tictactoe::prelude::*;
use tictactoe::{best_moves, heuristic_choice};

/// The reference: a list of nine squares and the original program's `is_winner`, nothing
/// clever.
#[derive(Clone, Debug)]
struct Reference {
    squares: [Option<Mark>; 9],
    turn: Mark,
}

impl Reference {
    fn new(first: Mark) -> Self {
        Self {
            squares: [None; 9],
            turn: first,
        }
    }

    fn is_winner(&self, mark: Mark) -> bool {
        let lines = [
            [7, 8, 9],
            [4, 5, 6],
            [1, 2, 3],
            [7, 4, 1],
            [8, 5, 2],
            [9, 6, 3],
            [7, 5, 3],
            [9, 5, 1],
        ];
        lines
            .iter()
            .any(|line| line.iter().all(|&n| self.squares[n - 1] == Some(mark)))
    }

    fn outcome(&self) -> Option<Outcome> {
        for mark in [Mark::X, Mark::O] {
            if self.is_winner(mark) {
                return Some(Outcome::Winner(mark));
            }
        }
        if self.squares.iter().all(Option::is_some) {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn legal(&self) -> Vec<u8> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        (1..=9u8)
            .filter(|&n| self.squares[usize::from(n) - 1].is_none())
            .collect()
    }

    /// Plays `n`, or returns false (changing nothing) when it is not a legal move.
    fn play(&mut self, n: u8) -> bool {
        if !self.legal().contains(&n) {
            return false;
        }
        self.squares[usize::from(n) - 1] = Some(self.turn);
        self.turn = self.turn.other();
        true
    }
}

fn same(state: &TicTacToe, reference: &Reference) -> Result<(), TestCaseError> {
    prop_assert_eq!(state.outcome(), reference.outcome());
    let legal: Vec<u8> = match state.turn() {
        Turn::Player(seat) => {
            prop_assert_eq!(Some(seat), Some(reference.turn.seat()));
            prop_assert!(state.legal_actions(1 - seat).is_empty());
            state
                .legal_actions(seat)
                .iter()
                .map(|c| c.number())
                .collect()
        }
        _ => {
            prop_assert!(state.legal_actions(0).is_empty() && state.legal_actions(1).is_empty());
            Vec::new()
        }
    };
    prop_assert_eq!(legal, reference.legal());
    for cell in Cell::ALL {
        prop_assert_eq!(
            state.mark_at(cell),
            reference.squares[usize::from(cell.number()) - 1]
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Any sequence of numbers 0 to 12 (cells, taken cells, moves after the end, non-cells):
    /// the bitboards agree with the reference at every step, and a refusal changes nothing.
    #[test]
    fn bitboards_agree_with_the_reference(
        seed in any::<u64>(),
        by_lot in any::<bool>(),
        moves in prop::collection::vec(0u8..=12, 0..24),
    ) {
        let config = if by_lot { Config::BY_LOT } else { Config::X_FIRST };
        let mut state = TicTacToe::new(config, seed).unwrap();
        let mut reference = Reference::new(state.first_mover());
        let mut record = Record::<TicTacToe>::new(config, seed);
        for n in moves {
            let Some(cell) = Cell::new(n) else {
                prop_assert!(n.to_string().parse::<Cell>().is_err());
                continue;
            };
            let before = state;
            let accepted = state.apply(&cell);
            prop_assert_eq!(accepted.is_ok(), reference.play(n));
            match accepted {
                Ok(()) => record.actions.push(cell),
                Err(error) => {
                    prop_assert_eq!(state, before);
                    let expected_kind = before.is_over();
                    prop_assert_eq!(matches!(error, Error::Turn(_)), expected_kind);
                }
            }
            same(&state, &reference)?;
            let json = serde_json::to_string(&state).unwrap();
            prop_assert_eq!(serde_json::from_str::<TicTacToe>(&json).unwrap(), state);
        }
        prop_assert_eq!(record.replay().unwrap(), state);
        let zero_sum = state.returns(0) + state.returns(1);
        prop_assert_eq!(zero_sum, 0.0);
    }

    /// Whatever text parses as a cell prints back to the same cell.
    #[test]
    fn cell_text_round_trips(text in ".{0,4}") {
        if let Ok(cell) = text.parse::<Cell>() {
            prop_assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
            prop_assert_eq!(text.trim(), cell.to_string());
        }
    }

    /// Mangled JSON states never panic, and what is accepted round-trips.
    #[test]
    fn arbitrary_state_json_is_checked(
        x in prop::collection::vec(0u8..=10, 0..7),
        o in prop::collection::vec(0u8..=10, 0..7),
        first_o in any::<bool>(),
        by_lot in any::<bool>(),
    ) {
        let text = |numbers: &[u8]| numbers.iter().map(u8::to_string).collect::<Vec<_>>();
        let json = format!(
            r#"{{"config":{{"first":"{}"}},"first":"{}","x":{:?},"o":{:?}}}"#,
            if by_lot { "by_lot" } else { "x" },
            if first_o { "O" } else { "X" },
            text(&x),
            text(&o),
        );
        if let Ok(state) = serde_json::from_str::<TicTacToe>(&json) {
            // Accepted (tests/facts.rs shows exactly the reachable positions are): it round-trips
            // and holds the cells it listed.
            let back = serde_json::to_string(&state).unwrap();
            prop_assert_eq!(serde_json::from_str::<TicTacToe>(&back).unwrap(), state);
            prop_assert!(state.moves_played() == x.len() + o.len());
            prop_assert!(state.cells_of(Mark::X).len() == x.len());
        }
    }

    /// From random positions, the agents pick legal moves from their rule's set.
    #[test]
    fn agents_pick_legal_moves(
        seed in any::<u64>(),
        moves in prop::collection::vec(1u8..=9, 0..9),
    ) {
        let mut state = TicTacToe::new(Config::BY_LOT, seed).unwrap();
        for n in moves {
            let _ = state.play(Cell::new(n).unwrap());
        }
        let free = state.free_cells();
        match state.to_move() {
            None => {
                prop_assert_eq!(PerfectAgent::new(seed).choose_move(&state), None);
                prop_assert_eq!(HeuristicAgent::new(seed).choose_move(&state), None);
            }
            Some(_) => {
                let p = PerfectAgent::new(seed).choose_move(&state).unwrap();
                prop_assert!(free.contains(p) && best_moves(&state).contains(p));
                let h = HeuristicAgent::new(seed).choose_move(&state).unwrap();
                prop_assert!(free.contains(h) && heuristic_choice(&state).unwrap().cells.contains(h));
            }
        }
    }
}
