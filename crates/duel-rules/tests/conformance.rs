//! game-core's conformance checks for every preset, for the duel and the free-for-all.

use duel_rules::{Config, Duel, Preset};
use game_core::testing::{Options, check_game, check_roster};

fn run(config: Config, games: usize) {
    let report = check_game::<Duel>(
        &config,
        &Options {
            games,
            first_seed: 11,
            illegal_probes: 4,
            deep_check_every: 3,
            ..Options::default()
        },
    )
    .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.refusals > 0, "no illegal action was ever probed");
}

#[test]
fn duel_every_preset() {
    for preset in Preset::ALL {
        run(Config::preset(preset), 150);
    }
}

#[test]
fn free_for_all_three_to_eight() {
    for (preset, players) in [
        (Preset::Hk, 3),
        (Preset::Classic, 4),
        (Preset::Extended, 5),
        (Preset::Hk, 8),
    ] {
        run(Config::preset(preset).with_players(players), 30);
    }
}

#[test]
fn the_roster_keeps_its_promises() {
    for config in [
        Config::default(),
        Config::preset(Preset::Classic).with_players(3),
    ] {
        let options = Options {
            games: 20,
            first_seed: 5,
            deep_check_every: 2,
            ..Options::default()
        };
        check_roster::<Duel>(&config, &options).unwrap_or_else(|v| panic!("{v}"));
    }
}
