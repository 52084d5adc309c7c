//! game-core's conformance kit: every check Big Two's declaration calls for (the game, its
//! stored form, returns, action ids and tensors, information states, the deal as chance events,
//! sampled deals and what they hide, the roster and the pictures), in one call.

use big_two_reversal::{BigTwo, Config, Preset};
use game_testkit::{Options, check_conformance};

/// AI4 searches up to 500,000 playout steps a decision, slow in a debug build: the roster plays
/// one game; the slow checks run every fourth step.
#[test]
fn big_two_conforms() {
    let options = Options {
        games: 24,
        first_seed: 11,
        illegal_probes: 6,
        deep_check_every: 4,
        mutations_per_state: 8,
        agent_games: 1,
    };
    let report =
        check_conformance::<BigTwo>(&Config::default(), &options).unwrap_or_else(|v| panic!("{v}"));
    let game = report.get("game").expect("the game's own checks ran");
    assert!(game.refusals > 1000, "{game:?}");
    // The stored form is checked so closely (the deal is rebuilt from the hands and the moves
    // are replayed) that nearly every corruption is refused.
    assert!(report.mutations.mutated >= 300, "{:?}", report.mutations);
    let deal = report
        .get("explicit chance")
        .expect("the deal as chance events");
    assert_eq!(deal.longest, 54, "one event per card");
    for check in [
        "sampled worlds",
        "learning (hidden)",
        "information state (hidden)",
        "roster",
    ] {
        assert!(report.get(check).is_some(), "{check} did not run");
    }
}

/// Options for a standard rule set in a debug build: fewer games than the default's (the
/// five-card hands make the legal lists long, and the kit walks each), the roster one game.
fn standard_options(first_seed: u64) -> Options {
    Options {
        games: 6,
        first_seed,
        illegal_probes: 4,
        deep_check_every: 6,
        mutations_per_state: 4,
        agent_games: 1,
    }
}

/// Every check on a standard rule set, and what the deal as chance events must be: 13 cards a
/// seat from the 52.
fn standard_conforms(config: &Config, first_seed: u64) {
    let report = check_conformance::<BigTwo>(config, &standard_options(first_seed))
        .unwrap_or_else(|v| panic!("{config}: {v}"));
    let deal = report
        .get("explicit chance")
        .expect("the deal as chance events");
    assert_eq!(deal.longest, 13 * usize::from(config.players), "{config}");
    for check in [
        "game",
        "sampled worlds",
        "learning (hidden)",
        "information state (hidden)",
        "roster",
    ] {
        assert!(report.get(check).is_some(), "{config}: {check} did not run");
    }
}

#[test]
fn hong_kong_conforms() {
    standard_conforms(&Config::preset(Preset::HongKong), 21);
}

#[test]
fn taiwan_conforms() {
    standard_conforms(&Config::preset(Preset::Taiwan), 22);
}

#[test]
fn pusoy_dos_conforms() {
    standard_conforms(&Config::preset(Preset::PusoyDos), 23);
}

#[test]
fn pagat_conforms() {
    standard_conforms(&Config::preset(Preset::Pagat), 24);
}

/// Three seats: 39 cards dealt, 13 set aside, the lowest card dealt opening when ♦3 is not.
#[test]
fn three_seat_hong_kong_conforms() {
    let mut config = Config::preset(Preset::HongKong);
    config.players = 3;
    standard_conforms(&config, 25);
}
