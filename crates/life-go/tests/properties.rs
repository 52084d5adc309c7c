//! Properties: the fast tick equals the reference, a colour without stones never gets one back,
//! the drop rule, the end rule, and atomic refusals.

use game_core::{Game, Turn};
use life_go::{Action, Board, Cell, Colour, Config, EndReason, Error, LifeGo, Setup};
use proptest::prelude::*;

/// A random board: size 3×3 to 64×64, each cell black, white or empty with random density.
fn any_board() -> impl Strategy<Value = Board> {
    (
        3usize..=64,
        3usize..=64,
        0u32..=100,
        0u32..=100,
        any::<u64>(),
    )
        .prop_map(|(width, height, density, black_share, seed)| {
            let mut rng = game_core::GameRng::new(seed);
            let mut board = Board::empty(width, height).unwrap();
            let cells: Vec<Cell> = board.cells().collect();
            for cell in cells {
                if rng.below(100) < u64::from(density) {
                    let colour = if rng.below(100) < u64::from(black_share) {
                        Colour::Black
                    } else {
                        Colour::White
                    };
                    board.set(cell, Some(colour));
                }
            }
            board
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fast_tick_equals_reference(board in any_board()) {
        prop_assert_eq!(board.ticked(), board.tick_reference());
    }

    #[test]
    fn fast_tick_equals_reference_after_random_drops(board in any_board(), picks in prop::collection::vec(any::<u16>(), 1..12)) {
        let mut fast = board.clone();
        let mut slow = board;
        let mut colour = Colour::Black;
        for pick in picks {
            let mut drops = Vec::new();
            fast.legal_drops_into(&mut drops);
            let Some(&cell) = drops.get(usize::from(pick) % drops.len().max(1)) else { break };
            fast.set(cell, Some(colour));
            slow.set(cell, Some(colour));
            fast.tick();
            slow = slow.tick_reference();
            prop_assert_eq!(&fast, &slow);
            colour = colour.opponent();
        }
    }

    #[test]
    fn legal_drops_are_the_empty_cells_touching_a_stone(board in any_board()) {
        let mut fast = Vec::new();
        board.legal_drops_into(&mut fast);
        let slow: Vec<Cell> = board
            .cells()
            .filter(|&c| board.get(c).is_none() && board.neighbours(c) != (0, 0))
            .collect();
        prop_assert_eq!(&fast, &slow);
        prop_assert_eq!(board.legal_drop_count() as usize, slow.len());
        // No legal drop exactly when the board is empty or full (the end rule relies on it).
        let stones = (board.count(Colour::Black) + board.count(Colour::White)) as usize;
        prop_assert_eq!(slow.is_empty(), stones == 0 || stones == board.width() * board.height());
        for cell in board.cells() {
            prop_assert_eq!(board.check_drop(cell).is_ok(), slow.contains(&cell));
        }
    }

    #[test]
    fn a_colour_without_stones_never_gets_one_back(board in any_board(), drops in 0usize..8) {
        for gone in [Colour::Black, Colour::White] {
            let mut b = board.clone();
            for cell in board.cells() {
                if b.get(cell) == Some(gone) {
                    b.set(cell, None);
                }
            }
            for i in 0..drops {
                let mut legal = Vec::new();
                b.legal_drops_into(&mut legal);
                if let Some(&cell) = legal.get(i * 7 % legal.len().max(1)) {
                    b.set(cell, Some(gone.opponent()));
                }
                b.tick();
                prop_assert_eq!(b.count(gone), 0);
            }
        }
    }

    /// Random play on random sizes: every move is accepted exactly when it is an empty cell
    /// touching a stone; a refused move changes nothing; the end rule holds after every move.
    #[test]
    fn drop_rule_and_end_rule_along_random_games(
        side in 3usize..=12,
        seed in any::<u64>(),
        picks in prop::collection::vec((any::<u8>(), any::<u8>()), 1..60),
        limit in 1u32..40,
    ) {
        let config = Config { move_limit: limit, ..Config::square(side) };
        let mut game = LifeGo::new(config, seed).unwrap();
        for (file, rank) in picks {
            let Some(cell) = Cell::new(usize::from(file) % (side + 1), usize::from(rank) % (side + 1)) else { continue };
            let before = game.clone();
            let mover = game.to_move();
            let legal = game.legal_drops().contains(&cell);
            match game.apply(&Action::at(cell)) {
                Ok(()) => {
                    prop_assert!(legal);
                    prop_assert_eq!(game.moves_played(), before.moves_played() + 1);
                    let mut expected = before.board().clone();
                    expected.set(cell, Some(mover));
                    prop_assert_eq!(game.board(), &expected.tick_reference());
                    let (black, white) = (game.stones(Colour::Black), game.stones(Colour::White));
                    let outcome = game.outcome();
                    match (black, white) {
                        (0, 0) => prop_assert_eq!(outcome.map(|o| (o.winner, o.reason)), Some((Some(mover.opponent()), EndReason::BoardCleared))),
                        (0, _) => prop_assert_eq!(outcome.map(|o| (o.winner, o.reason)), Some((Some(Colour::White), EndReason::WipedOut))),
                        (_, 0) => prop_assert_eq!(outcome.map(|o| (o.winner, o.reason)), Some((Some(Colour::Black), EndReason::WipedOut))),
                        _ if game.moves_played() >= limit => {
                            let o = outcome.unwrap();
                            prop_assert_eq!(o.reason, EndReason::MoveLimit);
                            prop_assert_eq!(o.winner.is_none(), black == white);
                        }
                        _ => prop_assert_eq!(outcome.is_some(), game.board().legal_drop_count() == 0),
                    }
                    if let Some(o) = outcome {
                        let sum = game.returns(0) + game.returns(1);
                        prop_assert_eq!(sum, 0.0);
                        prop_assert_eq!(game.turn(), Turn::Over);
                        if let Some(w) = o.winner {
                            prop_assert_eq!(game.returns(w.seat()), 1.0);
                        }
                    }
                }
                Err(err) => {
                    prop_assert!(!legal || before.is_over());
                    prop_assert_eq!(&game, &before);
                    let expected_kind = if before.is_over() {
                        matches!(err, Error::Turn(_))
                    } else if !before.board().contains(cell) {
                        matches!(err, Error::OffBoard { .. })
                    } else if before.board().get(cell).is_some() {
                        matches!(err, Error::Occupied { .. })
                    } else {
                        matches!(err, Error::Isolated { .. })
                    };
                    prop_assert!(expected_kind, "{err:?}");
                }
            }
        }
    }

    #[test]
    fn custom_setups_are_accepted_exactly_when_valid(
        side in 3usize..=10,
        black in prop::collection::vec((0usize..12, 0usize..12), 0..6),
        white in prop::collection::vec((0usize..12, 0usize..12), 0..6),
    ) {
        let to_cells = |v: &[(usize, usize)]| v.iter().filter_map(|&(f, r)| Cell::new(f, r)).collect::<Vec<_>>();
        let (black, white) = (to_cells(&black), to_cells(&white));
        let config = Config { setup: Setup::Custom { black: black.clone(), white: white.clone() }, ..Config::square(side) };
        let all: Vec<Cell> = black.iter().chain(&white).copied().collect();
        let on_board = all.iter().all(|c| c.file() < side && c.rank() < side);
        let distinct = all.iter().collect::<std::collections::HashSet<_>>().len() == all.len();
        let valid = on_board && distinct && !black.is_empty() && !white.is_empty();
        let made = LifeGo::new(config, 0);
        prop_assert_eq!(made.is_ok(), valid, "{:?}", made.err());
        if let Ok(game) = made {
            for &c in &black { prop_assert_eq!(game.board().get(c), Some(Colour::Black)); }
            for &c in &white { prop_assert_eq!(game.board().get(c), Some(Colour::White)); }
            prop_assert_eq!(game.stones(Colour::Black) as usize, black.len());
        }
    }

    #[test]
    fn cells_print_and_parse_back(file in 0usize..64, rank in 0usize..64) {
        let cell = Cell::new(file, rank).unwrap();
        prop_assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
        prop_assert_eq!(cell.to_string().to_uppercase().parse::<Action>().unwrap(), Action::at(cell));
    }
}
