//! game-core's conformance checks, for the default rule and the strict variant.

use game_core::testing::{Options, check_game, check_roster, check_sample_world};
use scoundrel::{Config, Scoundrel};

fn configs() -> [Config; 2] {
    [Config::default(), Config::strict()]
}

#[test]
fn random_games_keep_every_promise() {
    for config in configs() {
        let options = Options {
            games: 120,
            first_seed: 1,
            ..Options::default()
        };
        let report = check_game::<Scoundrel>(&config, &options).unwrap_or_else(|v| panic!("{v}"));
        assert!(report.refusals > 0, "{config:?}: no illegal move was tried");
    }
}

#[test]
fn sampled_worlds_match_the_observation() {
    for config in configs() {
        let options = Options {
            games: 60,
            first_seed: 2,
            ..Options::default()
        };
        check_sample_world::<Scoundrel>(&config, &options).unwrap_or_else(|v| panic!("{v}"));
    }
}

/// A few games, odd decisions at every sixth step: `search` plays out every move many times.
#[test]
fn the_roster_keeps_its_promises() {
    for config in configs() {
        let options = Options {
            games: 6,
            first_seed: 3,
            deep_check_every: 6,
            ..Options::default()
        };
        check_roster::<Scoundrel>(&config, &options).unwrap_or_else(|v| panic!("{config:?}: {v}"));
    }
}
