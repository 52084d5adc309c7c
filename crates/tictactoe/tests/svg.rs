//! Pictures: golden drawings of a few positions, and every drawing of random games well-formed
//! and deterministic.
#![cfg(feature = "svg")]

use game_testkit::check_golden;
use tictactoe::prelude::*;

/// The game after `moves` (keypad digits) under `config`.
fn after(config: Config, seed: u64, moves: &str) -> TicTacToe {
    let mut game = TicTacToe::new(config, seed).unwrap();
    for cell in moves.split_whitespace() {
        game.apply(&cell.parse().unwrap()).unwrap();
    }
    game
}

fn golden(name: &str, game: &TicTacToe) {
    let path = format!("{}/tests/golden/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    check_golden(path, &game.to_svg(View::Everything)).unwrap();
}

#[test]
fn golden_positions() {
    golden("start", &after(Config::X_FIRST, 0, ""));
    golden("middle", &after(Config::X_FIRST, 0, "5 1 9"));
    golden("x-wins", &after(Config::X_FIRST, 0, "5 1 3 2 7"));
    golden("draw", &after(Config::X_FIRST, 0, "5 1 9 7 4 6 3 8 2"));
    // Under lots, the first seed that draws O first.
    let seed = (0..)
        .find(|&seed| after(Config::BY_LOT, seed, "").first_mover() == Mark::O)
        .unwrap();
    golden("o-first", &after(Config::BY_LOT, seed, "5 7"));
}

#[test]
fn the_picture_shows_the_marks_and_the_win() {
    // X holds 5 9 3; O holds 1 7 4, the left column.
    let game = after(Config::X_FIRST, 0, "5 1 9 7 3 4");
    let svg = game.to_svg(View::Seat(0));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let class = |c: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(c))
            .count()
    };
    assert_eq!(class("mark x"), 3);
    assert_eq!(class("mark o"), 3);
    assert_eq!(class("last"), 1);
    assert_eq!(class("win"), 1);
    assert!(svg.contains("O wins"));
    assert_eq!(svg, game.to_svg(View::Everything));
}
