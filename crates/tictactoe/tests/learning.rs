//! Action ids, masks and observation tensors: game-core's checks, and golden values that keep
//! the ids and the tensor layout stable across versions.

use std::collections::HashSet;

use tictactoe::prelude::*;

fn cell(number: u8) -> Cell {
    Cell::new(number).unwrap()
}

#[test]
fn golden_ids() {
    let config = Config::default();
    assert_eq!(TicTacToe::num_distinct_actions(&config), 9);
    for (number, id) in [(1, 0), (3, 2), (5, 4), (7, 6), (9, 8)] {
        assert_eq!(TicTacToe::action_id(&config, &cell(number)), Some(id));
        assert_eq!(TicTacToe::action_from_id(&config, id), Some(cell(number)));
    }
    assert_eq!(TicTacToe::action_from_id(&config, 9), None);
    assert_eq!(TicTacToe::action_from_id(&config, usize::MAX), None);
}

#[test]
fn golden_tensor_and_string() {
    // X 5, O 1, X 9: the centre, the bottom-left and the top-right corners.
    let mut game = TicTacToe::new(Config::X_FIRST, 0).unwrap();
    for number in [5, 1, 9] {
        game.apply(&cell(number)).unwrap();
    }
    assert_eq!(
        TicTacToe::observation_tensor_shape(&Config::X_FIRST),
        [3, 3, 3]
    );
    #[rustfmt::skip]
    let expected: [f32; 27] = [
        // empty: rows 7 8 9, 4 5 6, 1 2 3
        1., 1., 0.,   1., 0., 1.,   0., 1., 1.,
        // X
        0., 0., 1.,   0., 1., 0.,   0., 0., 0.,
        // O
        0., 0., 0.,   0., 0., 0.,   1., 0., 0.,
    ];
    assert_eq!(game.observation_tensor(0), expected);
    assert_eq!(game.observation_tensor(1), expected);
    assert_eq!(game.observation_string(1), "..X\n.X.\nO..");
    assert_eq!(game.legal_action_ids(1), [1, 2, 3, 5, 6, 7]);
    let mask = game.legal_action_mask(1);
    assert_eq!(
        mask,
        [false, true, true, true, false, true, true, true, false]
    );
    assert!(game.legal_action_mask(0).iter().all(|&legal| !legal));
}

#[test]
fn by_lot_adds_a_plane_for_who_moved_first() {
    assert_eq!(
        TicTacToe::observation_tensor_shape(&Config::BY_LOT),
        [4, 3, 3]
    );
    let firsts: Vec<(Mark, Vec<f32>)> = (0..16)
        .map(|seed| TicTacToe::new(Config::BY_LOT, seed).unwrap())
        .map(|game| (game.first_mover(), game.observation_tensor(0)))
        .collect();
    for mark in [Mark::X, Mark::O] {
        let (_, tensor) = firsts.iter().find(|(m, _)| *m == mark).unwrap();
        assert_eq!(tensor.len(), 36);
        assert!(tensor[..9].iter().all(|&v| v == 1.0));
        assert!(tensor[9..27].iter().all(|&v| v == 0.0));
        let flag = if mark == Mark::O { 1.0 } else { 0.0 };
        assert!(tensor[27..].iter().all(|&v| v == flag), "{mark}");
    }
}

/// The tensor of every reachable position, under both rules, against a plain reading of the
/// board cell by cell.
#[test]
fn tensor_matches_the_board_everywhere() {
    fn walk(state: TicTacToe, seen: &mut HashSet<TicTacToe>) {
        if !seen.insert(state) {
            return;
        }
        let tensor = state.observation_tensor(0);
        assert_eq!(tensor, state.observation_tensor(1));
        for row in 0..3u8 {
            for column in 0..3u8 {
                let mark = state.mark_at(Cell::at(row, column).unwrap());
                let at = usize::from(row * 3 + column);
                let expected = [mark.is_none(), mark == Some(Mark::X), mark == Some(Mark::O)];
                for (plane, flag) in expected.into_iter().enumerate() {
                    assert_eq!(
                        tensor[plane * 9 + at],
                        f32::from(u8::from(flag)),
                        "{state:?}"
                    );
                }
                if state.config() == Config::BY_LOT {
                    let o_first = state.first_mover() == Mark::O;
                    assert_eq!(tensor[27 + at], f32::from(u8::from(o_first)));
                }
            }
        }
        if let Turn::Player(seat) = state.turn() {
            for action in state.legal_actions(seat) {
                let mut next = state;
                next.apply(&action).unwrap();
                walk(next, seen);
            }
        }
    }
    let o_first = (0..)
        .map(|seed| TicTacToe::new(Config::BY_LOT, seed).unwrap())
        .find(|state| state.first_mover() == Mark::O)
        .unwrap();
    for start in [TicTacToe::new(Config::X_FIRST, 0).unwrap(), o_first] {
        let mut seen = HashSet::new();
        walk(start, &mut seen);
        assert_eq!(seen.len(), 5_478); // every reachable position
    }
}
