//! game-core's conformance kit: every check the duel's declaration calls for (the game, its
//! stored form, returns, action ids and tensors, information states, the empty chance
//! sequence, the roster and the pictures), for every preset, in the duel and in free-for-alls
//! of three to eight.

use duel_rules::{Config, Duel, Preset};
use game_testkit::{Options, check_conformance};

fn conforms(preset: Preset, players: usize, games: usize) {
    let config = Config::preset(preset).with_players(players);
    let options = Options {
        games,
        first_seed: 11,
        illegal_probes: 4,
        deep_check_every: 3,
        mutations_per_state: 6,
        agent_games: 4,
    };
    let report = check_conformance::<Duel>(&config, &options)
        .unwrap_or_else(|v| panic!("{preset} × {players}: {v}"));
    let game = report.get("game").expect("the game's own checks ran");
    assert!(game.refusals > 0, "no illegal action was ever probed");
    let chance = report.get("explicit chance").expect("chance was checked");
    assert_eq!(chance.longest, 0, "nothing is random");
    let mutations = &report.mutations;
    assert!(
        mutations.refused > 0 && mutations.accepted > 0,
        "{preset} × {players}: {mutations:?}"
    );
}

#[test]
fn duel_every_preset() {
    for (preset, games) in [
        (Preset::Hk, 40),
        (Preset::Classic, 60),
        (Preset::Extended, 30),
    ] {
        conforms(preset, 2, games);
    }
}

#[test]
fn free_for_all_three_to_eight() {
    for (preset, players, games) in [
        (Preset::Hk, 3, 12),
        (Preset::Classic, 4, 10),
        (Preset::Extended, 5, 6),
        (Preset::Hk, 8, 4),
    ] {
        conforms(preset, players, games);
    }
}
