//! game-core's conformance kit: every check Life-Go's declaration calls for (the game, its
//! stored form, returns, action ids and tensors, information states, the mirrored setup's draw
//! as chance events, the roster and the pictures), on the default game and on several sizes
//! and setups.

use game_core::Game;
use game_testkit::{Conformance, Options, check_conformance};
use life_go::{Config, LifeGo, Setup};

/// `games` random games under `config`, the slow checks every `deep_check_every` steps, the
/// roster's agents (whose `strong` searches) over `agent_games` games.
fn conforms(
    config: &Config,
    games: usize,
    deep_check_every: usize,
    agent_games: usize,
) -> Conformance {
    let options = Options {
        games,
        first_seed: 3,
        deep_check_every,
        mutations_per_state: 6,
        agent_games,
        ..Options::default()
    };
    let report = check_conformance::<LifeGo>(config, &options)
        .unwrap_or_else(|violation| panic!("{config:?}: {violation}"));
    let game = report.get("game").expect("the game's own checks ran");
    assert!(game.steps > 0, "{config:?}: no moves were played");
    assert!(game.refusals > 0, "{config:?}: no illegal move was tried");
    assert!(
        report.mutations.refused > 0,
        "{config:?}: {:?}",
        report.mutations
    );
    report
}

/// The length of the longest chance sequence drawn.
fn chance_events(report: &Conformance) -> usize {
    report
        .get("explicit chance")
        .expect("chance was checked")
        .longest
}

#[test]
fn default_game() {
    let report = conforms(&Config::default(), 6, 12, 1);
    assert_eq!(
        chance_events(&report),
        0,
        "the standard setup draws nothing"
    );
}

#[test]
fn small_square_boards() {
    for side in [3, 4, 5, 9, 13] {
        let report = conforms(&Config::square(side), 20, 2, 3);
        assert!(
            chance_events(&report) >= 1,
            "{side}: a mirrored setup draws"
        );
    }
}

#[test]
fn rectangular_and_largest_boards() {
    conforms(&Config::sized(7, 3), 20, 1, 3);
    conforms(&Config::sized(3, 7), 20, 1, 3);
    conforms(&Config::sized(64, 5), 4, 6, 1);
    conforms(
        &Config {
            move_limit: 60,
            ..Config::square(64)
        },
        2,
        20,
        1,
    );
}

#[test]
fn other_setups_and_limits() {
    let custom = Config {
        width: 8,
        height: 6,
        setup: Setup::custom("b2 c2 d2 f5", "e4 f4 g4 a6").unwrap(),
        move_limit: 9,
    };
    let report = conforms(&custom, 20, 1, 3);
    assert_eq!(chance_events(&report), 0);
    assert_eq!(LifeGo::new(custom, 0).unwrap().max_game_length(), 9);
    conforms(
        &Config {
            setup: Setup::Mirrored { groups: 3 },
            move_limit: 120,
            ..Config::sized(19, 11)
        },
        4,
        10,
        1,
    );
    conforms(
        &Config {
            setup: Setup::Mirrored { groups: 5 },
            ..Config::square(9)
        },
        10,
        3,
        2,
    );
}

/// A custom setup that fills the board: the game is over before any move, with no legal id.
#[test]
fn a_full_board_ends_before_any_move() {
    let full = Config {
        width: 3,
        height: 3,
        setup: Setup::custom("a1 b1 c1 a2 b2", "c2 a3 b3 c3").unwrap(),
        move_limit: 5,
    };
    let options = Options {
        games: 2,
        agent_games: 1,
        ..Options::default()
    };
    let report = check_conformance::<LifeGo>(&full, &options).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.get("learning").map(|r| r.steps), Some(0));
}
