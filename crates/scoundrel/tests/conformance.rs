//! game-core's conformance checks, for the default rule and the strict variant.

use game_core::testing::{Options, check_game, check_sample_world};
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
        assert_eq!(report.games, 120);
        assert!(report.refusals > 0, "{config:?}: no illegal move was tried");
        assert!(report.longest <= 88);
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
