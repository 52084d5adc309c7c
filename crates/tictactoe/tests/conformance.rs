//! game-core's conformance checks, for both ways of choosing the first player.

use game_core::testing::{Options, check_game, check_roster};
use tictactoe::{Config, TicTacToe};

#[test]
fn x_first_conforms() {
    let options = Options {
        games: 300,
        first_seed: 1,
        illegal_probes: 6,
        deep_check_every: 1,
        ..Options::default()
    };
    let report = check_game::<TicTacToe>(&Config::X_FIRST, &options).unwrap();
    assert!(report.longest >= 5);
    assert!(report.refusals > 0);
}

#[test]
fn first_by_lot_conforms() {
    let options = Options {
        games: 300,
        first_seed: 2,
        illegal_probes: 6,
        deep_check_every: 1,
        ..Options::default()
    };
    let report = check_game::<TicTacToe>(&Config::BY_LOT, &options).unwrap();
    assert!(report.refusals > 0);
}

#[test]
fn the_roster_keeps_its_promises() {
    for (config, first_seed) in [(Config::X_FIRST, 3), (Config::BY_LOT, 4)] {
        let options = Options {
            games: 40,
            first_seed,
            ..Options::default()
        };
        check_roster::<TicTacToe>(&config, &options).unwrap_or_else(|v| panic!("{v}"));
    }
}
