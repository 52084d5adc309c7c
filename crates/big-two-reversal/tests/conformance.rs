//! game-core's conformance checks: random games checked at every step, and the sampled worlds.

use big_two_reversal::{BigTwo, Config};
use game_core::testing::{Options, check_game, check_roster, check_sample_world};

#[test]
fn random_games_keep_every_promise() {
    let report = check_game::<BigTwo>(
        &Config::default(),
        &Options {
            games: 40,
            first_seed: 1,
            illegal_probes: 6,
            deep_check_every: 7,
            ..Options::default()
        },
    )
    .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.refusals > 1000, "{report:?}");
}

#[test]
fn sampled_worlds_match_the_observation() {
    check_sample_world::<BigTwo>(
        &Config::default(),
        &Options {
            games: 30,
            first_seed: 2,
            illegal_probes: 0,
            deep_check_every: 3,
            ..Options::default()
        },
    )
    .unwrap_or_else(|v| panic!("{v}"));
}

/// AI4 searches 150,000 playout steps a decision, slow in a debug build: a few games, odd
/// decisions at every tenth step.
#[test]
fn the_roster_keeps_its_promises() {
    let options = Options {
        games: 3,
        first_seed: 3,
        deep_check_every: 10,
        ..Options::default()
    };
    check_roster::<BigTwo>(&Config::default(), &options).unwrap_or_else(|v| panic!("{v}"));
}
