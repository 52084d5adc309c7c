//! The game's classic facts, counted two ways: through the generic `Game` API and on the
//! bitboards.

use std::collections::HashSet;

use tictactoe::prelude::*;
use tictactoe::{GameCounts, count_games, count_games_reference, solve};

/// Counts games by walking the tree with `legal_actions` and `apply` only.
fn count_generic(state: &TicTacToe, counts: &mut GameCounts) {
    match state.turn() {
        Turn::Over => match state.outcome() {
            Some(Outcome::Winner(Mark::X)) => counts.x_wins += 1,
            Some(Outcome::Winner(Mark::O)) => counts.o_wins += 1,
            _ => counts.draws += 1,
        },
        Turn::Player(seat) => {
            for action in state.legal_actions(seat) {
                let mut next = *state;
                next.apply(&action).unwrap();
                count_generic(&next, counts);
            }
        }
        Turn::Simultaneous => panic!("tic-tac-toe has no simultaneous moves"),
    }
}

/// An empty board with O to move first.
fn o_first() -> TicTacToe {
    (0..)
        .map(|seed| TicTacToe::start(Config::BY_LOT, seed))
        .find(|s| s.first_mover() == Mark::O)
        .unwrap()
}

/// Every position reachable from `start`, including it.
fn reachable(start: TicTacToe) -> HashSet<TicTacToe> {
    let mut seen = HashSet::from([start]);
    let mut frontier = vec![start];
    while let Some(state) = frontier.pop() {
        if let Turn::Player(seat) = state.turn() {
            for action in state.legal_actions(seat) {
                let mut next = state;
                next.apply(&action).unwrap();
                if seen.insert(next) {
                    frontier.push(next);
                }
            }
        }
    }
    seen
}

/// The 8 symmetries of the square applied to a cell: (row, column) maps.
fn transform(cell: Cell, symmetry: u8) -> Cell {
    let (r, c) = cell.row_column();
    let (r, c) = match symmetry {
        0 => (r, c),
        1 => (c, 2 - r),
        2 => (2 - r, 2 - c),
        3 => (2 - c, r),
        4 => (r, 2 - c),
        5 => (2 - r, c),
        6 => (c, r),
        _ => (2 - c, 2 - r),
    };
    Cell::at(r, c).unwrap()
}

fn transform_set(set: CellSet, symmetry: u8) -> u16 {
    set.iter()
        .map(|cell| transform(cell, symmetry))
        .collect::<CellSet>()
        .mask()
}

/// The smallest (x, o) masks over the 8 symmetries.
fn canonical(state: &TicTacToe) -> (u16, u16) {
    (0..8)
        .map(|s| {
            (
                transform_set(state.cells_of(Mark::X), s),
                transform_set(state.cells_of(Mark::O), s),
            )
        })
        .min()
        .unwrap()
}

#[test]
fn symmetries_are_eight_distinct_permutations() {
    let mut images = HashSet::new();
    for s in 0..8 {
        let image: Vec<Cell> = Cell::ALL.iter().map(|&c| transform(c, s)).collect();
        let distinct: HashSet<Cell> = image.iter().copied().collect();
        assert_eq!(distinct.len(), 9);
        images.insert(image);
    }
    assert_eq!(images.len(), 8);
}

#[test]
fn game_counts_from_the_empty_board() {
    let empty = TicTacToe::default();
    let expected = GameCounts {
        x_wins: 131_184,
        o_wins: 77_904,
        draws: 46_080,
    };
    let fast = count_games(&empty);
    assert_eq!(fast, expected);
    assert_eq!(fast.total(), 255_168);
    let mut generic = GameCounts::default();
    count_generic(&empty, &mut generic);
    assert_eq!(generic, expected);
}

#[test]
fn with_o_first_the_counts_swap() {
    let counts = count_games(&o_first());
    assert_eq!(
        (counts.x_wins, counts.o_wins, counts.draws),
        (77_904, 131_184, 46_080)
    );
}

#[test]
fn fast_and_generic_counts_agree_on_every_reachable_position() {
    for start in [TicTacToe::default(), o_first()] {
        for state in reachable(start) {
            let fast = count_games(&state);
            assert_eq!(fast, count_games_reference(&state), "{state:?}");
            if state.moves_played() >= 3 {
                // The shallow ones are covered above; keep the test quick.
                let mut generic = GameCounts::default();
                count_generic(&state, &mut generic);
                assert_eq!(fast, generic, "{state:?}");
            }
        }
    }
}

#[test]
fn reachable_and_terminal_positions() {
    let all = reachable(TicTacToe::default());
    assert_eq!(all.len(), 5_478);
    let terminal = all.iter().filter(|s| s.turn() == Turn::Over).count();
    assert_eq!(terminal, 958);
    let classes: HashSet<(u16, u16)> = all.iter().map(canonical).collect();
    assert_eq!(classes.len(), 765);
}

/// Every one of the 3^9 boards, with each first mover, under each configuration: deserialising
/// accepts exactly the reachable positions.
#[test]
fn validation_accepts_exactly_the_reachable_positions() {
    for config in [Config::X_FIRST, Config::BY_LOT] {
        let mut starts = vec![TicTacToe::start(config, 0)];
        if config == Config::BY_LOT {
            let other = (0..)
                .map(|seed| TicTacToe::start(config, seed))
                .find(|s| s.first_mover() != starts[0].first_mover())
                .unwrap();
            starts.push(other);
        }
        let reachable: HashSet<TicTacToe> = starts.into_iter().flat_map(reachable).collect();
        let mut accepted = HashSet::new();
        for code in 0..3u32.pow(9) {
            let (mut x, mut o, mut rest) = (CellSet::EMPTY, CellSet::EMPTY, code);
            for cell in Cell::ALL {
                match rest % 3 {
                    1 => x = x.with(cell),
                    2 => o = o.with(cell),
                    _ => {}
                }
                rest /= 3;
            }
            for first in [Mark::X, Mark::O] {
                match TicTacToe::from_marks(config, first, x, o) {
                    Ok(state) => {
                        let json = serde_json::to_string(&state).unwrap();
                        assert_eq!(serde_json::from_str::<TicTacToe>(&json).unwrap(), state);
                        accepted.insert(state);
                    }
                    Err(error) => {
                        // Deserialisation refuses it with the same reason.
                        let json = format!(
                            r#"{{"config":{},"first":"{first}","x":{:?},"o":{:?}}}"#,
                            serde_json::to_string(&config).unwrap(),
                            x.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                            o.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                        );
                        let refused = serde_json::from_str::<TicTacToe>(&json).unwrap_err();
                        assert!(
                            refused.to_string().starts_with(&error.to_string()),
                            "{json}: {refused}"
                        );
                    }
                }
            }
        }
        assert_eq!(accepted, reachable, "{config:?}");
    }
}

#[test]
fn perfect_play_draws() {
    assert_eq!(solve(&TicTacToe::default()), Outcome::Draw);
    // And the solver agrees with the counts: a position is lost for the mover exactly when
    // every move of theirs loses, checked on every reachable position.
    for state in reachable(TicTacToe::default()) {
        let Some(mover) = state.to_move() else {
            continue;
        };
        let children: Vec<Outcome> = state
            .free_cells()
            .iter()
            .map(|cell| {
                let mut next = state;
                next.play(cell).unwrap();
                solve(&next)
            })
            .collect();
        let expected = if children.contains(&Outcome::Winner(mover)) {
            Outcome::Winner(mover)
        } else if children.contains(&Outcome::Draw) {
            Outcome::Draw
        } else {
            Outcome::Winner(mover.other())
        };
        assert_eq!(solve(&state), expected, "{state:?}");
    }
}
