//! Facts from the rules: hand-worked ticks, the default setup, the drop rule and the end rule.

use game_core::{Game, Turn};
use life_go::{Action, Board, Cell, Colour, Config, EndReason, Error, LifeGo, Setup};

/// A board drawn as text, top rank first: `x` black, `o` white, `.` empty.
fn board(picture: &str) -> Board {
    let rows: Vec<&str> = picture.split_whitespace().collect();
    let height = rows.len();
    let width = rows[0].len();
    let mut board = Board::empty(width, height).unwrap();
    for (i, row) in rows.iter().enumerate() {
        for (file, ch) in row.chars().enumerate() {
            let cell = Cell::new(file, height - 1 - i).unwrap();
            match ch {
                'x' => board.set(cell, Some(Colour::Black)),
                'o' => board.set(cell, Some(Colour::White)),
                '.' => {}
                other => panic!("bad picture character {other:?}"),
            }
        }
    }
    board
}

/// The reference tick takes `before` to `after`, and the fast tick agrees.
fn ticks_to(before: &str, after: &str) {
    let start = board(before);
    let expected = board(after);
    assert_eq!(
        start.tick_reference(),
        expected,
        "reference tick of\n{start}"
    );
    assert_eq!(start.ticked(), expected, "bit-parallel tick of\n{start}");
}

#[test]
fn blinker_turns() {
    ticks_to(
        "..... ..... .xxx. ..... .....",
        "..... ..x.. ..x.. ..x.. .....",
    );
    ticks_to(
        "..... ..x.. ..x.. ..x.. .....",
        "..... ..... .xxx. ..... .....",
    );
}

#[test]
fn block_stays() {
    ticks_to(".... .xx. .xx. ....", ".... .xx. .xx. ....");
    ticks_to("xx. xx. ...", "xx. xx. ...");
}

#[test]
fn birth_takes_the_majority_colour() {
    // c3 has three neighbours, two of them white: a white stone is born; the three die alone.
    ticks_to(
        "..... .o.x. ..... ..o.. .....",
        "..... ..... ..o.. ..... .....",
    );
    // Two black, one white: black.
    ticks_to(
        "..... .x.o. ..... ..x.. .....",
        "..... ..... ..x.. ..... .....",
    );
}

#[test]
fn survivors_take_the_majority_colour_of_their_neighbours() {
    // The black stone between two white ones becomes white; births above and below are white.
    ticks_to(
        "..... ..... .oxo. ..... .....",
        "..... ..o.. ..o.. ..o.. .....",
    );
    // A half-black, half-white block: every stone has 3 neighbours, two of the other colour.
    ticks_to(".... .xx. .oo. ....", ".... .oo. .xx. ....");
}

#[test]
fn a_one_one_tie_leaves_the_stone_as_it_is() {
    // The middle stone has one black and one white neighbour: it keeps its own colour.
    ticks_to(
        "..... ..... .xoo. ..... .....",
        "..... ..o.. ..o.. ..o.. .....",
    );
    ticks_to(
        "..... ..... .oxx. ..... .....",
        "..... ..x.. ..x.. ..x.. .....",
    );
}

#[test]
fn off_the_board_is_empty() {
    // A blinker on the bottom edge of a 3×3 board: b2 is born, nothing wraps to rank 3.
    ticks_to("... ... xxx", "... .x. .x.");
    // Down the left edge: b2 is born, nothing wraps to file c.
    ticks_to("x.. x.. x..", "... xx. ...");
}

#[test]
fn rule_book_start() {
    let game = LifeGo::new(Config::default(), 0).unwrap();
    assert_eq!((game.board().width(), game.board().height()), (19, 19));
    assert_eq!(game.turn(), Turn::Player(0));
    assert_eq!(game.to_move(), Colour::Black);
    for (colour, list) in [
        (Colour::Black, life_go::RULE_BOOK_BLACK),
        (Colour::White, life_go::RULE_BOOK_WHITE),
    ] {
        let cells = life_go::parse_cells(list).unwrap();
        assert_eq!(cells.len(), 11);
        for cell in cells {
            assert_eq!(game.board().get(cell), Some(colour), "{cell}");
        }
        assert_eq!(game.stones(colour), 11);
    }
    // a19 is the top-left corner.
    let a19: Cell = "a19".parse().unwrap();
    assert_eq!((a19.file(), a19.rank()), (0, 18));
    // The legal drops are exactly the empty cells next to a stone.
    let expected: Vec<Cell> = game
        .board()
        .cells()
        .filter(|&c| game.board().get(c).is_none() && game.board().neighbours(c) != (0, 0))
        .collect();
    assert_eq!(game.legal_drops(), expected);
    assert_eq!(
        game.legal_actions(0),
        expected.iter().map(|&c| Action::at(c)).collect::<Vec<_>>()
    );
    assert!(game.legal_actions(1).is_empty());
}

#[test]
fn the_drop_rule() {
    let mut game = LifeGo::new(Config::default(), 0).unwrap();
    let before = game.clone();
    let refuse =
        |game: &mut LifeGo, text: &str| game.apply(&text.parse::<Action>().unwrap()).unwrap_err();
    assert!(matches!(refuse(&mut game, "d3"), Error::Occupied { .. }));
    assert!(matches!(refuse(&mut game, "a1"), Error::Isolated { .. }));
    assert!(matches!(refuse(&mut game, "t1"), Error::OffBoard { .. }));
    assert_eq!(game, before);
    // A stone dropped with one neighbour dies in the tick that follows at once.
    game.apply(&"c2".parse().unwrap()).unwrap();
    assert_eq!(game.board().get("c2".parse().unwrap()), None);
    assert_eq!(game.last_drop(), Some("c2".parse().unwrap()));
    assert_eq!(game.to_move(), Colour::White);
}

fn custom(width: usize, height: usize, black: &str, white: &str, limit: u32) -> LifeGo {
    LifeGo::new(
        Config {
            width,
            height,
            setup: Setup::custom(black, white).unwrap(),
            move_limit: limit,
        },
        0,
    )
    .unwrap()
}

#[test]
fn a_colour_without_stones_loses() {
    // White's lone stone dies in the tick after Black's drop.
    let mut game = custom(5, 5, "a1 b1 c1", "e5", 400);
    game.apply(&"b2".parse().unwrap()).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Colour::Black));
    assert_eq!(outcome.reason, EndReason::WipedOut);
    assert_eq!((game.returns(0), game.returns(1)), (1.0, -1.0));
    assert_eq!(game.turn(), Turn::Over);
    assert!(game.legal_actions(1).is_empty());
    assert!(matches!(
        game.apply(&"c3".parse().unwrap()),
        Err(Error::Turn(game_core::TurnError::GameOver))
    ));

    // Black wipes itself out while White's block lives on: White wins.
    let mut game = custom(5, 5, "a1", "d4 d5 e4 e5", 400);
    game.apply(&"a2".parse().unwrap()).unwrap();
    assert_eq!(game.outcome().unwrap().winner, Some(Colour::White));
    assert_eq!(game.outcome().unwrap().reason, EndReason::WipedOut);
}

#[test]
fn clearing_the_board_loses_for_the_mover() {
    let mut game = custom(5, 5, "a1", "e5", 400);
    game.apply(&"a2".parse().unwrap()).unwrap();
    assert!(game.board().is_empty());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Colour::White));
    assert_eq!(outcome.reason, EndReason::BoardCleared);
    // The same with White moving: Black wins. (Worked by hand: after b3 the board is black b2
    // b4, white c4; after c2 every stone has one neighbour and no empty cell has exactly three.)
    let mut game = custom(5, 5, "c1 a5", "e1 a2 c5 d5", 400);
    game.apply(&"b3".parse().unwrap()).unwrap();
    assert_eq!(game.board(), &board("..... .xo.. ..... .x... ....."));
    assert!(!game.is_over());
    game.apply(&"c2".parse().unwrap()).unwrap();
    assert!(game.board().is_empty());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Colour::Black));
    assert_eq!(outcome.reason, EndReason::BoardCleared);
}

#[test]
fn the_move_limit_counts_stones() {
    let mut game = LifeGo::new(
        Config {
            move_limit: 1,
            ..Config::default()
        },
        0,
    )
    .unwrap();
    game.apply(&"e3".parse().unwrap()).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::MoveLimit);
    let (black, white) = (game.stones(Colour::Black), game.stones(Colour::White));
    let expected = match black.cmp(&white) {
        std::cmp::Ordering::Greater => Some(Colour::Black),
        std::cmp::Ordering::Less => Some(Colour::White),
        std::cmp::Ordering::Equal => None,
    };
    assert_eq!(outcome.winner, expected);
    // Two blocks of equal size at the limit: a draw, returns 0 for both.
    // Black's drop at f1 dies with e1; f2 is born black (e1 f1 g3) and g2 white (f1 g3 h3).
    let mut game = custom(8, 4, "a1 a2 b1 b2 e1", "g3 g4 h3 h4", 1);
    game.apply(&"d4".parse::<Action>().unwrap()).unwrap_err();
    game.apply(&"f1".parse::<Action>().unwrap()).unwrap();
    assert_eq!(
        (game.stones(Colour::Black), game.stones(Colour::White)),
        (5, 5)
    );
    assert_eq!(game.outcome().unwrap().winner, None);
    assert_eq!((game.returns(0), game.returns(1)), (0.0, 0.0));
}

#[test]
fn no_legal_drop_counts_stones() {
    // A full board leaves no legal drop: the game is over before it starts, Black has more.
    let game = custom(3, 3, "a1 c1 b2 a3 c3", "b1 a2 c2 b3", 400);
    assert_eq!(game.turn(), Turn::Over);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::NoDrop);
    assert_eq!(outcome.winner, Some(Colour::Black));
}
