//! game-core's conformance checks on the default game and on several sizes and setups.

use game_core::Game;
use game_core::testing::{Options, check_game, check_roster};
use life_go::{Config, LifeGo, Setup};

fn run(config: Config, games: usize, deep_check_every: usize) {
    let report = check_game::<LifeGo>(
        &config,
        &Options {
            games,
            first_seed: 3,
            illegal_probes: 4,
            deep_check_every,
            ..Options::default()
        },
    )
    .unwrap_or_else(|violation| panic!("{config:?}: {violation}"));
    assert!(report.steps > 0, "{config:?}: no moves were played");
    assert!(report.refusals > 0, "{config:?}: no illegal move was tried");
}

#[test]
fn default_game() {
    run(Config::default(), 24, 4);
}

#[test]
fn small_square_boards() {
    for side in [3, 4, 5, 9, 13] {
        run(Config::square(side), 30, 1);
    }
}

#[test]
fn rectangular_and_largest_boards() {
    run(Config::sized(7, 3), 30, 1);
    run(Config::sized(64, 5), 10, 3);
    run(Config::square(64), 4, 10);
}

#[test]
fn custom_setup_and_short_limit() {
    let config = Config {
        width: 8,
        height: 6,
        setup: Setup::custom("b2 c2 d2 f5", "e4 f4 g4 a6").unwrap(),
        move_limit: 9,
    };
    run(config.clone(), 30, 1);
    let game = LifeGo::new(config, 0).unwrap();
    assert_eq!(game.max_game_length(), 9);
}

/// On small boards, so that `strong`'s searches stay quick in a debug build.
#[test]
fn the_roster_keeps_its_promises() {
    for (config, games) in [(Config::square(5), 12), (Config::sized(9, 7), 4)] {
        let options = Options {
            games,
            first_seed: 4,
            deep_check_every: 3,
            ..Options::default()
        };
        check_roster::<LifeGo>(&config, &options)
            .unwrap_or_else(|violation| panic!("{config:?}: {violation}"));
    }
}
