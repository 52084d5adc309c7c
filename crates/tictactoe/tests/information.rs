//! Information states and the lot as a chance event: game-core's checks, golden strings and
//! tensors, the move order kept through serde, and the whole game tree counted by position and
//! by information state.

use std::collections::HashSet;

use game_core::{Deal, GameRng};
use tictactoe::prelude::*;

fn cell(number: u8) -> Cell {
    Cell::new(number).unwrap()
}

fn played(config: Config, seed: u64, numbers: &[u8]) -> TicTacToe {
    let mut game = TicTacToe::new(config, seed).unwrap();
    for &number in numbers {
        game.apply(&cell(number)).unwrap();
    }
    game
}

#[test]
fn golden_information_state() {
    // X 5, O 1, X 9: ids 4, 0, 8.
    let game = played(Config::X_FIRST, 0, &[5, 1, 9]);
    assert_eq!(game.information_state_string(0), "5 1 9");
    assert_eq!(game.information_state_string(1), "5 1 9");
    assert_eq!(
        TicTacToe::information_state_tensor_shape(&Config::X_FIRST),
        [9, 9]
    );
    let mut expected = [0.0f32; 81];
    expected[4] = 1.0;
    expected[9] = 1.0;
    expected[18 + 8] = 1.0;
    assert_eq!(game.information_state_tensor(0), expected);
    assert_eq!(game.information_state_tensor(1), expected);
    let start = TicTacToe::new(Config::X_FIRST, 0).unwrap();
    assert_eq!(start.information_state_string(0), "");
    assert!(start.information_state_tensor(0).iter().all(|&v| v == 0.0));

    // The same board by another order is another information state, but the same position.
    let other = played(Config::X_FIRST, 0, &[9, 1, 5]);
    assert_eq!(other, game);
    assert_eq!(other.information_state_string(0), "9 1 5");
    assert_ne!(
        other.information_state_tensor(0),
        game.information_state_tensor(0)
    );
}

#[test]
fn by_lot_the_information_state_names_the_first_mover() {
    assert_eq!(
        TicTacToe::information_state_tensor_shape(&Config::BY_LOT),
        [10, 9]
    );
    let o_first = (0..)
        .find(|&seed| TicTacToe::new(Config::BY_LOT, seed).unwrap().first_mover() == Mark::O)
        .unwrap();
    let x_first = (0..)
        .find(|&seed| TicTacToe::new(Config::BY_LOT, seed).unwrap().first_mover() == Mark::X)
        .unwrap();
    let o_game = played(Config::BY_LOT, o_first, &[5, 1]);
    assert_eq!(o_game.information_state_string(0), "O first: 5 1");
    let tensor = o_game.information_state_tensor(0);
    assert_eq!(tensor.len(), 90);
    assert!(tensor[81..].iter().all(|&v| v == 1.0));
    assert_eq!((tensor[4], tensor[9]), (1.0, 1.0));
    let x_game = played(Config::BY_LOT, x_first, &[]);
    assert_eq!(x_game.information_state_string(1), "X first");
    assert!(x_game.information_state_tensor(1).iter().all(|&v| v == 0.0));
}

#[test]
fn golden_lot_outcomes() {
    let deal = Deal::<TicTacToe>::new(Config::BY_LOT);
    assert_eq!(deal.outcomes(), [(0, 0.5), (1, 0.5)]);
    assert_eq!(deal.outcome_string(0), "X moves first");
    assert_eq!(deal.outcome_string(1), "O moves first");
    assert_eq!(TicTacToe::max_chance_outcomes(&Config::BY_LOT), 2);
    assert_eq!(TicTacToe::max_chance_outcomes(&Config::X_FIRST), 0);
    assert!(TicTacToe::chance_outcomes(&Config::X_FIRST, &[]).is_empty());
    assert!(TicTacToe::chance_outcomes(&Config::BY_LOT, &[0]).is_empty());
    // The seed's lot is the first `below(2)` of its generator, 0 being X.
    for seed in 0..64 {
        let lot = GameRng::new(seed).below(2) as usize;
        assert_eq!(
            TicTacToe::chance_outcomes_of_seed(&Config::BY_LOT, seed),
            [lot]
        );
        assert!(TicTacToe::chance_outcomes_of_seed(&Config::X_FIRST, seed).is_empty());
        let game = TicTacToe::from_chance_outcomes(Config::BY_LOT, &[lot]).unwrap();
        assert_eq!(game.first_mover().seat(), lot);
    }
    // Pinned: the lots of seeds 0, 1 and 42 (O, O, X).
    let lots: Vec<usize> = [0, 1, 42]
        .iter()
        .flat_map(|&seed| TicTacToe::chance_outcomes_of_seed(&Config::BY_LOT, seed))
        .collect();
    assert_eq!(lots, [1, 1, 0]);
}

#[test]
fn starts_that_are_not_lots_are_refused() {
    for (config, drawn) in [
        (Config::X_FIRST, vec![0]),
        (Config::BY_LOT, vec![]),
        (Config::BY_LOT, vec![2]),
        (Config::BY_LOT, vec![0, 1]),
        (Config::BY_LOT, vec![usize::MAX]),
    ] {
        assert_eq!(
            TicTacToe::from_chance_outcomes(config, &drawn),
            Err(Error::ChanceOutcomes(drawn.clone())),
            "{config:?} {drawn:?}"
        );
    }
    assert_eq!(
        TicTacToe::from_chance_outcomes(Config::X_FIRST, &[]).unwrap(),
        TicTacToe::new(Config::X_FIRST, 9).unwrap()
    );
}

#[test]
fn serde_keeps_the_move_order() {
    let game = played(Config::X_FIRST, 0, &[9, 1, 5, 3]);
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains(r#""x":["9","5"],"o":["1","3"]"#), "{json}");
    let back: TicTacToe = serde_json::from_str(&json).unwrap();
    assert_eq!(back.information_state_string(0), "9 1 5 3");
    assert_eq!(
        back.moves().collect::<Vec<_>>(),
        game.moves().collect::<Vec<_>>()
    );
    // An order in which X's line is complete before O's last move is refused, although the
    // marks are a position some other order reaches.
    let early = r#"{"config":{"first":"x"},"first":"X","x":["1","2","3","5"],"o":["4","6","7"]}"#;
    let refused = serde_json::from_str::<TicTacToe>(early).unwrap_err();
    assert!(
        refused
            .to_string()
            .starts_with(&Error::PlayedAfterWin(Mark::X).to_string()),
        "{refused}"
    );
    let late = r#"{"config":{"first":"x"},"first":"X","x":["5","1","2","3"],"o":["4","6","7"]}"#;
    let won: TicTacToe = serde_json::from_str(late).unwrap();
    assert_eq!(won.winner(), Some(Mark::X));
    assert_eq!(won.information_state_string(0), "5 4 1 6 2 7 3");
}

/// From the empty board with X first: every node of the game tree, keyed by its position (the
/// board and who moves) and by its information state string.
#[test]
fn the_whole_tree_by_position_and_by_information_state() {
    let mut positions = HashSet::new();
    let mut information_states = HashSet::new();
    let mut nodes = 0usize;
    let mut stack = vec![TicTacToe::new(Config::X_FIRST, 0).unwrap()];
    while let Some(state) = stack.pop() {
        nodes += 1;
        positions.insert((
            state.cells_of(Mark::X),
            state.cells_of(Mark::O),
            state.to_move(),
        ));
        information_states.insert(state.information_state_string(0));
        if let Turn::Player(seat) = state.turn() {
            for action in state.legal_actions(seat) {
                let mut next = state;
                next.apply(&action).unwrap();
                stack.push(next);
            }
        }
    }
    // OpenSpiel's tic_tac_toe: 5,478 distinct states.
    assert_eq!(positions.len(), 5_478);
    // Perfect recall tells every history apart: one information state per node.
    assert_eq!(nodes, 549_946);
    assert_eq!(information_states.len(), 549_946);
}
