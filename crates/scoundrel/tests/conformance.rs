//! game-core's conformance kit: every check Scoundrel's declaration calls for (the game, its
//! stored form, returns, action ids and tensors, information states, the Dungeon's deal as
//! chance events, sampled Dungeons and what they hide, the roster and the pictures), for the
//! default weapon rule and the strict variant.

use game_testkit::{Options, check_conformance};
use scoundrel::{Config, Scoundrel};

fn conforms(config: Config, first_seed: u64) {
    // Random play dies within a few Rooms; many games cover the avoids and deaths.
    let options = Options {
        games: 80,
        first_seed,
        deep_check_every: 2,
        mutations_per_state: 12,
        agent_games: 4,
        ..Options::default()
    };
    let report =
        check_conformance::<Scoundrel>(&config, &options).unwrap_or_else(|v| panic!("{v}"));
    let game = report.get("game").expect("the game's own checks ran");
    assert!(game.refusals > 0, "{config:?}: no illegal move was tried");
    let information = report.get("information state").expect("information states");
    assert!(information.longest >= 12, "{information:?}");
    let deal = report
        .get("explicit chance")
        .expect("the deal as chance events");
    assert_eq!(deal.longest, 44, "one event per card");
    let mutations = &report.mutations;
    assert!(
        mutations.refused > 0 && mutations.accepted > 0,
        "{mutations:?}"
    );
    for check in [
        "sampled worlds",
        "learning (hidden)",
        "information state (hidden)",
    ] {
        assert!(report.get(check).is_some(), "{check} did not run");
    }
}

#[test]
fn default_rule_conforms() {
    conforms(Config::default(), 1);
}

#[test]
fn strict_rule_conforms() {
    conforms(Config::strict(), 2);
}
